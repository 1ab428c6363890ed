package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// peerBench compares one card's lint by whole processes: agentcard's
// `lint --format json CARD` against capiscio-core's `validate --schema-only
// --skip-signature --json CARD` (the peer binary, built from
// github.com/capiscio/capiscio-core's ./cmd/capiscio), and against an empty
// Go program built by the same toolchain. Each round runs the three once,
// in an order that rotates from round to round, so a busy moment of the
// machine falls on all of them; the figures are the medians of the
// per-round ratios, which move much less with the machine's load than the
// times themselves (docs/PERFORMANCE.md has the budgets).
func peerBench(bin, peer, card string, n int) error {
	if _, err := os.Stat(peer); err != nil {
		return fmt.Errorf("the peer binary: %w", err)
	}
	base, err := baseline()
	if err != nil {
		return err
	}
	defer os.RemoveAll(filepath.Dir(base))
	cmds := [][]string{
		{bin, "lint", "--format", "json", card},
		{peer, "validate", "--schema-only", "--skip-signature", "--json", card},
		{base},
	}
	for _, argv := range cmds { // once each first: the files into the page cache
		if _, _, err := run(argv); err != nil {
			return fmt.Errorf("%s: %w", argv[0], err)
		}
	}
	var wall, cpu [3][]float64
	var vsPeer, vsEmpty, cpuVsPeer, cpuVsEmpty []float64
	for i := 0; i < n; i++ {
		var w, c [3]float64
		for k := range cmds {
			j := (i + k) % len(cmds)
			d, u, err := run(cmds[j])
			if err != nil {
				return fmt.Errorf("%s: %w", cmds[j][0], err)
			}
			w[j], c[j] = d, u
			wall[j] = append(wall[j], d)
			cpu[j] = append(cpu[j], u)
		}
		vsPeer = append(vsPeer, w[0]/w[1])
		vsEmpty = append(vsEmpty, w[0]/w[2])
		if c[1] > 0 && c[2] > 0 {
			cpuVsPeer = append(cpuVsPeer, c[0]/c[1])
			cpuVsEmpty = append(cpuVsEmpty, c[0]/c[2])
		}
	}
	fmt.Printf("%d rounds of whole processes on %s, interleaved (ms: wall median, CPU median)\n", n, card)
	names := []string{"agentcard lint --format json", "capiscio validate --schema-only --skip-signature --json", "empty Go program"}
	for j, name := range names {
		fmt.Printf("  %-58s %7.2f %7.2f\n", name, median(wall[j]), median(cpu[j]))
	}
	fmt.Printf("median of per-round ratios, wall (CPU):\n")
	fmt.Printf("  agentcard / capiscio    %.2fx (%.2fx)   budget <= 0.7x\n", median(vsPeer), median(cpuVsPeer))
	fmt.Printf("  agentcard / empty Go    %.2fx (%.2fx)   budget <= 2x\n", median(vsEmpty), median(cpuVsEmpty))
	return nil
}
