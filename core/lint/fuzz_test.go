package lint

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/internal/testcards"
)

// FuzzLint runs parse + lint + select on arbitrary input and checks that
// nothing panics, every finding points inside the document, positions
// agree with the one line table and the UTF-16 conversion, and the parser
// agrees with jsontext (a maintained strict JSON tokenizer) on what is
// valid JSON and what has duplicate names.
//
// make test runs it briefly:
//
//	go test -run '^$' -fuzz FuzzLint -fuzztime 20s ./core/lint/
func FuzzLint(f *testing.F) {
	if dir := testcards.Dir(); dir != "" {
		paths, _ := filepath.Glob(filepath.Join(dir, "cards", "*.json"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, r := range Rules() {
		if r.External {
			continue
		}
		f.Add([]byte(ExampleDocument(r.Bad)))
		f.Add([]byte(ExampleDocument(r.Good)))
	}
	f.Add([]byte(BaseCard))
	f.Add([]byte(BaseLegacyCard))
	f.Add([]byte(`{"名字": "😀", "名字": "\ud83d\ude00", "a\u0000b": [1e400, -0, 0.5e-3]}`))

	profiles := make([]selection.Profile, 0, len(selection.Presets))
	for _, p := range selection.Presets {
		profiles = append(profiles, selection.MustParseProfile(p.Profile))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 64<<10 {
			return
		}
		began := time.Now()
		doc := jsonpos.Parse(src, jsonpos.Options{})
		res := LintDoc(doc)
		checkResult(t, src, doc, res)
		for _, p := range profiles {
			checkSelection(t, src, selection.Select(doc, p))
		}
		checkJSONText(t, src, doc)
		if d := time.Since(began); d > 5*time.Second {
			t.Errorf("%d bytes took %v", len(src), d)
		}
	})
}

func checkResult(t *testing.T, src []byte, doc *jsonpos.Doc, res *Result) {
	table := utf16Table(src)
	var e, w, i int
	var positions []jsonpos.Position
	for _, d := range res.Diagnostics {
		if RuleFor(d.Code) == nil {
			t.Errorf("finding with a code outside the catalogue: %s", d.Code)
		}
		switch d.Severity {
		case Error:
			e++
		case Warning:
			w++
		case Info:
			i++
		default:
			t.Errorf("%s: severity %d", d.Code, d.Severity)
		}
		if d.Message == "" {
			t.Errorf("%s: empty message", d.Code)
		}
		s, en := d.Range.Start, d.Range.End
		if s.Offset < 0 || en.Offset > len(src) || s.Offset > en.Offset {
			t.Fatalf("%s: range [%d, %d) outside the %d-byte document", d.Code, s.Offset, en.Offset, len(src))
		}
		for _, p := range []jsonpos.Position{s, en} {
			if p != doc.Pos(p.Offset) {
				t.Errorf("%s: position %+v disagrees with the line table %+v", d.Code, p, doc.Pos(p.Offset))
			}
			positions = append(positions, p)
		}
		for _, fx := range d.Fixes {
			for _, ed := range fx.Edits {
				if ed.Range.Start.Offset < 0 || ed.Range.End.Offset > len(src) || ed.Range.Start.Offset > ed.Range.End.Offset {
					t.Errorf("%s: fix %q edits outside the document", d.Code, fx.Title)
				}
			}
		}
	}
	checkUTF16(t, src, table, positions)
	if e != res.Errors || w != res.Warnings || i != res.Infos {
		t.Errorf("counts %d/%d/%d, findings say %d/%d/%d", res.Errors, res.Warnings, res.Infos, e, w, i)
	}
}

// utf16Table gives, for every byte offset, the UTF-16 units before it,
// computed independently of jsonpos with the standard library (invalid
// bytes decode to U+FFFD, one unit each). -1 marks offsets inside a
// character. Built once per input, so checking every finding stays linear.
func utf16Table(src []byte) []int {
	t := make([]int, len(src)+1)
	units := 0
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		t[i] = units
		for k := 1; k < size; k++ {
			t[i+k] = -1
		}
		units += utf16.RuneLen(r)
		i += size
	}
	t[len(src)] = units
	return t
}

// columnChecks bounds how many positions also get UTF16Column compared:
// that function scans the position's whole line, so checking every finding
// of a one-line card would make the harness quadratic (and the fuzzer
// slow for reasons of its own, not of the code under test).
const columnChecks = 16

// checkUTF16 compares jsonpos.UTF16Offsets (one pass for all positions,
// the way the editor converts them) with the table, and UTF16Column for
// the first few positions.
func checkUTF16(t *testing.T, src []byte, table []int, positions []jsonpos.Position) {
	offs := make([]int, 0, len(positions))
	for _, p := range positions {
		if table[p.Offset] >= 0 {
			offs = append(offs, p.Offset)
		}
	}
	got := jsonpos.UTF16Offsets(src, offs)
	for _, off := range offs {
		if got[off] != table[off] {
			t.Errorf("UTF16Offsets at %d = %d, want %d", off, got[off], table[off])
		}
	}
	for k, p := range positions {
		if k == columnChecks {
			break
		}
		if table[p.Offset] < 0 {
			continue // inside a character: no unit boundary to compare
		}
		lineStart := p.Offset - (p.Column - 1)
		if table[lineStart] < 0 {
			t.Errorf("line of %v starts inside a character", p)
			continue
		}
		if got, want := jsonpos.UTF16Column(src, p), table[p.Offset]-table[lineStart]+1; got != want {
			t.Errorf("UTF16Column(%v) = %d, want %d", p, got, want)
		}
	}
}

func checkSelection(t *testing.T, src []byte, r selection.Result) {
	switch r.Outcome {
	case selection.Selected:
		if r.Index < 0 || r.Index >= len(r.Trace) || r.Trace[r.Index].Decision != selection.DecisionSelected {
			t.Errorf("selected index %d does not match the trace %+v", r.Index, r.Trace)
		}
		if r.Start < 0 || r.End > len(src) || r.Start > r.End {
			t.Errorf("selected range [%d, %d) outside the document", r.Start, r.End)
		}
	case selection.NoCompatibleInterface, selection.InvalidCard:
		if r.Index != -1 {
			t.Errorf("%s with index %d", r.Outcome, r.Index)
		}
	default:
		t.Errorf("unknown outcome %q", r.Outcome)
	}
	for _, st := range r.Trace {
		if st.Reason == "" {
			t.Errorf("trace step %d without a reason", st.Index)
		}
	}
}

// checkJSONText: when our parser finds no syntax problem, jsontext must
// accept the input, and the other way round; with duplicate names
// disallowed, jsontext and our duplicate check must agree.
func checkJSONText(t *testing.T, src []byte, doc *jsonpos.Doc) {
	var syntax, dup bool
	for _, p := range doc.Problems {
		switch p.Code {
		case jsonpos.CodeTooDeep, jsonpos.CodeTooLarge:
			return // our limits are stricter than jsontext's on purpose
		case jsonpos.CodeDuplicateKey:
			dup = true
		default:
			syntax = true
		}
	}
	lenient := jsontextValid(src, true)
	if !syntax != (lenient == nil) {
		t.Fatalf("syntax disagreement: our problems %v, jsontext: %v\ninput: %q", problemCodes(doc), lenient, src)
	}
	if lenient != nil {
		return
	}
	strict := jsontextValid(src, false)
	if dup != (strict != nil) {
		t.Fatalf("duplicate-name disagreement: we found duplicates=%v, jsontext: %v\ninput: %q", dup, strict, src)
	}
}

func jsontextValid(src []byte, allowDup bool) error {
	dec := jsontext.NewDecoder(bytes.NewReader(src), jsontext.AllowDuplicateNames(allowDup))
	if _, err := dec.ReadValue(); err != nil {
		return err
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		if err == nil {
			return errors.New("more than one value")
		}
		return err
	}
	return nil
}

func problemCodes(doc *jsonpos.Doc) []string {
	var out []string
	for _, p := range doc.Problems {
		out = append(out, p.Code+"@"+doc.Pos(p.Start).String())
	}
	return out
}
