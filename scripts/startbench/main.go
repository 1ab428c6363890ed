// Command startbench measures how long the CLI takes as a process, the way
// a CI step or an editor calls it for one card (pre-commit passes a batch
// of files to one process, which pays this once): the median wall time of
// `agentcard version` and of `agentcard lint --format json` on a small card,
// beside two baselines built the same way and run in the same loop: a Go
// program that does nothing (so what is left is agentcard's own start and
// work) and the engine alone (./scripts/startbench/engineonly: the same
// lint and JSON with nothing else of the CLI linked, so what is left is
// the cost of being the CLI), and which
// package initialisers take longest (GODEBUG=inittrace=1). With -peer it
// compares the CLI with capiscio-core's instead (peer.go). It reports; it
// never fails on timings (docs/PERFORMANCE.md has the budgets).
//
//	go run ./scripts/startbench [-bin build/agentcard] [-n 21] [-card FILE] [-peer CAPISCIO_BINARY]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	bin := flag.String("bin", "build/agentcard", "the agentcard binary (make build-cli)")
	n := flag.Int("n", 21, "runs of each command")
	card := flag.String("card", "core/lint/testdata/small-card.json", "the card linted")
	peer := flag.String("peer", "", "capiscio-core's capiscio binary: compare the CLI with it (make bench-peer)")
	flag.Parse()
	if _, err := os.Stat(*bin); err != nil {
		fail(fmt.Errorf("%s: %w (make build-cli)", *bin, err))
	}
	if *peer != "" {
		if err := peerBench(*bin, *peer, *card, *n); err != nil {
			fail(err)
		}
		return
	}
	base, err := baseline()
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(filepath.Dir(base))
	engine := filepath.Join(filepath.Dir(base), "engineonly")
	if err := build(engine, "./scripts/startbench/engineonly", nil); err != nil {
		fail(err)
	}
	cmds := []struct {
		name string
		argv []string
	}{
		{"baseline (empty Go program)", []string{base}},
		{"the engine alone (lint, JSON)", []string{engine, *card}},
		{"agentcard version", []string{*bin, "version"}},
		{"agentcard lint --format json", []string{*bin, "lint", "--format", "json", *card}},
	}
	times := make([][]float64, len(cmds))
	cpus := make([][]float64, len(cmds))
	for i := 0; i < *n; i++ { // interleaved, so a busy moment hits them all
		for j, c := range cmds {
			d, cpu, err := run(c.argv)
			if err != nil {
				fail(fmt.Errorf("%s: %w", c.name, err))
			}
			times[j] = append(times[j], d)
			cpus[j] = append(cpus[j], cpu)
		}
	}
	// On a machine shared with other work the wall time measures the
	// load as much as the program; the CPU time (user + system) of the
	// process, and the fastest run, move much less with it.
	b, bc, bf := median(times[0]), median(cpus[0]), minimum(times[0])
	fmt.Printf("process time of %d runs (ms): wall median, CPU (user+system) median, fastest wall\n", *n)
	for j, c := range cmds {
		m, mc, mf := median(times[j]), median(cpus[j]), minimum(times[j])
		extra := ""
		if j > 0 {
			extra = fmt.Sprintf("   over the baseline: wall %+.2f (%.2fx), CPU %+.2f, fastest %+.2f", m-b, m/b, mc-bc, mf-bf)
		}
		fmt.Printf("  %-30s %7.2f %7.2f %7.2f%s\n", c.name, m, mc, mf, extra)
	}
	e, l := median(times[1]), median(times[len(cmds)-1])
	fmt.Printf("  agentcard lint over the engine alone: wall %+.2f (%.2fx)\n", l-e, l/e)
	inits, err := initTrace(*bin, *n)
	if err != nil {
		fail(err)
	}
	fmt.Printf("\ninitialisers of `agentcard version` (GODEBUG=inittrace=1, %d runs, ms: fastest, median):\n", *n)
	over := 0
	for i, in := range inits {
		if in.min > 0.5 {
			over++
		}
		if i < 10 {
			fmt.Printf("  %7.3f %7.3f  %s\n", in.min, in.ms, in.pkg)
		}
	}
	fmt.Printf("%d above 0.5 ms in their fastest run\n", over)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "startbench:", err)
	os.Exit(1)
}

// baseline builds an empty Go program with the CLI's flags.
func baseline() (string, error) {
	dir, err := os.MkdirTemp("", "startbench")
	if err != nil {
		return "", err
	}
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		return "", err
	}
	out := filepath.Join(dir, "empty")
	if err := build(out, src, []string{"GO111MODULE=off"}); err != nil {
		return "", err
	}
	return out, nil
}

// build builds pkg into out as make build-cli builds the CLI.
func build(out, pkg string, env []string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Env = append(append(os.Environ(), "CGO_ENABLED=0"), env...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build %s: %v: %s", pkg, err, msg)
	}
	return nil
}

// run runs argv once and returns its wall time and its CPU time (user +
// system) in ms. Exit status 1 (a card with errors) is a result, not a
// failure.
func run(argv []string) (wall, cpu float64, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	err = cmd.Run()
	d := time.Since(start)
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if cmd.ProcessState != nil {
		cpu = float64((cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Microseconds()) / 1000
	}
	return float64(d.Microseconds()) / 1000, cpu, err
}

type initTime struct {
	pkg     string
	ms, min float64 // median and fastest clock time
}

// initTrace runs `bin version` runs times with inittrace and returns each
// package's median and fastest clock time, slowest (fastest run) first.
// The fastest run is the one least disturbed by other work on the machine.
func initTrace(bin string, runs int) ([]initTime, error) {
	per := map[string][]float64{}
	for i := 0; i < runs; i++ {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return nil, err
		}
		// init PKG @T ms, D ms clock, B bytes, A allocs
		sc := bufio.NewScanner(&stderr)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) >= 7 && f[0] == "init" && f[6] == "clock," {
				if ms, err := strconv.ParseFloat(f[4], 64); err == nil {
					per[f[1]] = append(per[f[1]], ms)
				}
			}
		}
	}
	var out []initTime
	for p, v := range per {
		out = append(out, initTime{p, median(v), minimum(v)})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].min > out[j].min || out[i].min == out[j].min && out[i].pkg < out[j].pkg
	})
	return out, nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func minimum(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}
