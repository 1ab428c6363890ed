package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/testcards"
)

// TestJSONStreamed: --format json is written one result at a time
// (jsonStream); it must be the bytes the encoder writes for the whole
// document (newJSONEncoder: indented, HTML left alone, C1 controls
// escaped), for no input, one and many, in both languages.
func TestJSONStreamed(t *testing.T) {
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
		w := openJSON(&env{lang: i18n.English}, &got, lintFlags{})
		for _, r := range runs {
			if err := w.write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.close(); err != nil {
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

// TestSARIFStreamed: --format sarif is written one INPUT's results at a
// time; it must be the bytes the encoder writes for the whole log.
func TestSARIFStreamed(t *testing.T) {
	e := &env{lang: i18n.English}
	var runs []lintRun
	for _, p := range testcards.Cards(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Lint(src, lint.Options{})
		res.Input = p
		runs = append(runs, e.localized(lintRun{src: &source{name: p, kind: srcFile, path: p}, in: &input{name: p}, res: res}, jsonpos.UTF16))
	}
	for _, n := range []int{0, 1, len(runs)} {
		var got bytes.Buffer
		w := openSARIF(e, &got, lintFlags{})
		for _, r := range runs[:n] {
			if err := w.write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.close(); err != nil {
			t.Fatal(err)
		}
		rules, index := sarifRules(e.lang, e.catalogue())
		version, semantic := driverVersion()
		run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "agentcard", Version: version, SemanticVersion: semantic,
			InformationURI: siteURL + e.lang.Prefix() + "/", Rules: rules}}, ColumnKind: "utf16CodeUnits", Results: []sarifResult{}}
		for _, r := range runs[:n] {
			run.Results = append(run.Results, sarifResults(r, index)...)
		}
		var want bytes.Buffer
		if err := newJSONEncoder(&want).Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%d inputs: streamed SARIF differs from the encoder's (%d and %d bytes)", n, got.Len(), want.Len())
		}
	}
}

// TestJUnitStreamed: --format junit is written one suite at a time; it
// must be the bytes xml.MarshalIndent writes for all the suites at once.
func TestJUnitStreamed(t *testing.T) {
	e := &env{lang: i18n.English}
	var runs []lintRun
	for _, p := range testcards.Cards(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Lint(src, lint.Options{})
		res.Input = p
		runs = append(runs, e.localized(lintRun{src: &source{name: p, kind: srcFile, path: p}, in: &input{name: p}, res: res}, jsonpos.Chars))
	}
	for _, n := range []int{0, 1, len(runs)} {
		var got bytes.Buffer
		w := openJUnit(e, &got, lintFlags{})
		for _, r := range runs[:n] {
			if err := w.write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.close(); err != nil {
			t.Fatal(err)
		}
		ref := openJUnit(e, io.Discard, lintFlags{}).(*junitWriter)
		var all junitSuites
		for _, r := range runs[:n] {
			all.Suites = append(all.Suites, ref.suite(r))
			ref.suites++
		}
		b, err := xml.MarshalIndent(all, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if want := xml.Header + string(b) + "\n"; got.String() != want {
			t.Errorf("%d inputs: streamed JUnit differs from MarshalIndent's:\n%s\nwant\n%s", n, got.String(), want)
		}
	}
}
