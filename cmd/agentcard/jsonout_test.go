package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/testcards"
)

// TestLintJSONByHand: --format json without live checks is written from
// the results' hand-written JSON; it must be the bytes the encoder writes
// (newJSONEncoder: indented, HTML left alone, C1 controls escaped), for
// no input, one and many, in both languages.
func TestLintJSONByHand(t *testing.T) {
	var runs []lintRun
	for _, p := range testcards.Cards(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Lint(src, lint.Options{})
		res.Input = p
		runs = append(runs, lintRun{res: res})
	}
	// a card whose findings quote HTML, C1 controls and DEL
	odd := lint.Lint([]byte("{\"name\": \"<b>\u009b&\x7f\", \"x\": 1, \"x\": 2}"), lint.Options{})
	odd.Input = "odd <&>\u009b\x7f.json"
	runs = append(runs, lintRun{res: odd})

	reference := func(runs []lintRun) []byte {
		out := struct {
			Results []any `json:"results"`
		}{Results: make([]any, 0, len(runs))}
		for _, r := range runs {
			out.Results = append(out.Results, r.res)
		}
		var b bytes.Buffer
		if err := newJSONEncoder(&b).Encode(out); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	check := func(name string, runs []lintRun) {
		t.Helper()
		var got bytes.Buffer
		if err := writeLintJSON(&got, runs, nil); err != nil {
			t.Fatal(err)
		}
		if want := reference(runs); !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: wrote\n%s\nthe encoder writes\n%s", name, got.Bytes(), want)
		}
	}
	check("no input", nil)
	check("one", runs[len(runs)-1:])
	check("all", runs)
	for _, r := range runs {
		lint.LocalizeDiagnostics(r.res.Diagnostics, catalog.Of(i18n.Chinese))
	}
	check("all, zh-CN", runs)
}
