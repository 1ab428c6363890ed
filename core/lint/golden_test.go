package lint

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden files: for every rule of the catalogue, the JSON findings of its
// bad example, in testdata/golden/<code>.json. They show in review how a
// change to any rule moves the findings of every example. After an
// intended change, rewrite them (no Makefile needed):
//
//	go test ./core/lint/ -run TestGolden -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const goldenDir = "testdata/golden"

func TestGoldenRuleExamples(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if r.External {
			continue
		}
		seen[r.Code+".json"] = true
		t.Run(r.Code, func(t *testing.T) {
			doc := ExampleDocument(r.Bad)
			// Examples: the goldens show what each rule finds, not that
			// the examples use example.com (which only its own rule reports)
			res := Lint([]byte(doc), Options{Examples: r.Code != codeExamplePlaceholder})
			res.Input = r.Code + " (bad example)"
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(res); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join(goldenDir, r.Code+".json"), buf.Bytes())
		})
	}
	// golden files of rules that no longer exist
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.json"))
	for _, f := range files {
		if !seen[filepath.Base(f)] {
			if *update {
				os.Remove(f)
				continue
			}
			t.Errorf("%s belongs to no rule of the catalogue (run with -update to delete it)", f)
		}
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no golden file (create it with: go test ./core/lint/ -run TestGolden -update): %v", err)
	}
	if !bytes.Equal(got, want) {
		g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(g) || i < len(w); i++ {
			var gl, wl string
			if i < len(g) {
				gl = g[i]
			}
			if i < len(w) {
				wl = w[i]
			}
			if gl != wl {
				t.Errorf("%s differs at line %d (run with -update if intended):\n  got:  %s\n  want: %s", path, i+1, gl, wl)
				return
			}
		}
	}
}
