// Command registrycards writes a registry-sized tree of Agent Cards for
// measuring `agentcard lint DIR` at scale: N cards, each in its own
// folder as agent-card.json, made from the sample cards in
// testdata/cards by small deterministic mutations (a renamed agent, a
// changed version, a duplicated key, a dropped line, a cut tail), so the
// run sees clean, warned, broken and unparsable cards in realistic
// proportions rather than one card N times.
//
//	go run ./scripts/registrycards -n 10000 -out /tmp/registry
//	scripts/lintmem.sh /tmp/registry   # peak RSS per output format
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	n := flag.Int("n", 10000, "cards to write")
	out := flag.String("out", "", "directory to write them into (created)")
	from := flag.String("from", "testdata/cards", "sample cards to mutate")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: registrycards [-n N] [-from DIR] -out DIR")
		os.Exit(2)
	}
	samples, err := filepath.Glob(filepath.Join(*from, "*.json"))
	if err != nil || len(samples) == 0 {
		fmt.Fprintf(os.Stderr, "registrycards: no sample cards in %s\n", *from)
		os.Exit(1)
	}
	sort.Strings(samples)
	var cards [][]byte
	for _, p := range samples {
		b, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "registrycards:", err)
			os.Exit(1)
		}
		cards = append(cards, b)
	}
	// a fixed seed: the same tree on every machine, so runs compare
	rng := rand.New(rand.NewPCG(38, 4))
	for i := range *n {
		card := mutate(rng, i, cards[i%len(cards)])
		dir := filepath.Join(*out, fmt.Sprintf("%03d", i/100), fmt.Sprintf("agent-%05d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "registrycards:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(filepath.Join(dir, "agent-card.json"), card, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "registrycards:", err)
			os.Exit(1)
		}
	}
}

// mutate is one registry entry made from a sample: most entries keep
// their sample's shape with their own name and version; some gain a
// duplicate key, lose a line or are cut short, as real uploads do.
func mutate(rng *rand.Rand, i int, src []byte) []byte {
	b := bytes.Replace(src, []byte(`"name": "`), fmt.Appendf(nil, `"name": "Agent %05d `, i), 1)
	b = bytes.Replace(b, []byte(`"version": "`), fmt.Appendf(nil, `"version": "%d.`, i%7), 1)
	switch r := rng.IntN(20); {
	case r == 0: // a duplicate key after the opening brace
		if j := bytes.IndexByte(b, '{'); j >= 0 {
			b = append(b[:j+1:j+1], append([]byte(fmt.Sprintf(`"name": "dup %d", `, i)), b[j+1:]...)...)
		}
	case r == 1: // a line dropped from the middle
		lines := bytes.Split(b, []byte("\n"))
		if len(lines) > 4 {
			k := 1 + rng.IntN(len(lines)-2)
			lines = append(lines[:k], lines[k+1:]...)
		}
		b = bytes.Join(lines, []byte("\n"))
	case r == 2: // cut short, as an interrupted upload
		b = b[:len(b)*(50+rng.IntN(40))/100]
	case r < 6: // a skill more, so sizes vary
		b = bytes.Replace(b, []byte(`"skills": [`), fmt.Appendf(nil,
			`"skills": [{"id": "extra-%d", "name": "Extra %d", "description": "An extra skill added to entry %d of the registry.", "tags": ["extra"]}, `, i, i, i), 1)
	}
	return b
}
