package lint

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/testcards"
)

// reflectJSON is encoding/json on the struct, "diagnostics" an empty
// array when nil: what MarshalJSON writes.
func reflectJSON(t testing.TB, r *Result) []byte {
	type plain Result
	c := *r
	if c.Diagnostics == nil {
		c.Diagnostics = []Diagnostic{}
	}
	b, err := json.Marshal((*plain)(&c))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func checkResultJSON(t testing.TB, name string, r *Result) {
	t.Helper()
	got := r.AppendJSON([]byte("x"))
	if want := append([]byte("x"), reflectJSON(t, r)...); !bytes.Equal(got, want) {
		t.Errorf("%s: AppendJSON wrote\n%s\nencoding/json writes\n%s", name, got, want)
	}
}

// TestResultJSON: the hand-written AppendJSON writes what encoding/json
// (MarshalJSON) writes for the same result, byte for byte: on every
// sample card and testdata card, every rule's examples in English and in
// Chinese, and on results built to have every member (fixes, related
// places, omitted counts, each kind of argument, the characters JSON
// escapes).
func TestResultJSON(t *testing.T) {
	zh := catalog.Of(i18n.Chinese)
	lintBoth := func(name string, src []byte) {
		r := Lint(src, Options{})
		r.Input = name
		checkResultJSON(t, name, r)
		LocalizeDiagnostics(r.Diagnostics, zh)
		checkResultJSON(t, name+" (zh-CN)", r)
	}
	if testcards.Dir() != "" {
		for _, p := range testcards.Cards(t) {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			lintBoth(p, b)
		}
	}
	b, err := os.ReadFile("testdata/small-card.json")
	if err != nil {
		t.Fatal(err)
	}
	lintBoth("small-card.json", b)
	for _, r := range Rules() {
		if r.External {
			continue
		}
		lintBoth(r.Code+" bad", []byte(ExampleDocument(r.Bad)))
		lintBoth(r.Code+" good", []byte(ExampleDocument(r.Good)))
	}

	at := jsonpos.Range{Start: jsonpos.Position{Line: 1, Column: 2, Offset: 1}, End: jsonpos.Position{Line: 3, Column: 4, Offset: 20}}
	full := &Result{Input: "a <b> & \"c\"\u2028\x01", Era: "0.3", Errors: 1, Warnings: 2, Infos: 3, Diagnostics: []Diagnostic{
		{Code: "X1", Severity: Error, Message: "<script>&amp;\n\t\xff", MessageID: "x.one",
			Args:    []any{"s<", i18n.Phrase("p&"), 7, int64(-9), i18n.Text{ID: "in", Args: []any{"x", i18n.Text{ID: "deep"}}}, 1.5, true, nil, []string{"l"}},
			Pointer: "/a~1b", Range: at,
			Fixes: []Fix{
				{Title: "quote <it>", Safe: true, Edits: []jsonpos.Edit{{Range: at, NewText: "\"k\""}}},
				{Title: "none", Edits: nil},
				{Title: "empty", Edits: []jsonpos.Edit{}},
			},
			Related: []Related{{Message: "first & here", Range: at}},
			URL:     "https://agentcard.dev/rules/X1/?a=1&b=2", Omitted: 4, OmittedCode: "X2"},
		{Code: "X2", Severity: Warning, Args: []any{}, Fixes: []Fix{}, Related: []Related{}},
		{Code: "X3", Severity: Info},
		{Code: "X4", Severity: Severity(9)},
	}}
	checkResultJSON(t, "every member", full)
	checkResultJSON(t, "empty", &Result{})
}
