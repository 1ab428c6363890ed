package jsonpos_test

// Tests that word the parser's problems: core/i18n imports this package
// (for Text), so they live outside it.

import (
	"encoding/json"
	"io/fs"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog/en"
	zhcn "github.com/agentcard/agentcard/core/i18n/catalog/zh-CN"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// The duplicate-key message quotes the first occurrence as a Position
// argument; Resolve words it with the column in the reader's unit, the
// unit the finding's own column is printed in.
func TestResolvePositionArgument(t *testing.T) {
	d := jsonpos.Parse([]byte(jsonpos.CJKDuplicate), jsonpos.Options{})
	var dup *jsonpos.Problem
	for i := range d.Problems {
		if d.Problems[i].Code == jsonpos.CodeDuplicateKey {
			dup = &d.Problems[i]
		}
	}
	if dup == nil {
		t.Fatal("no duplicate-key problem")
	}
	cat := i18n.EnglishCatalogue()
	for unit, want := range map[jsonpos.Unit]string{
		jsonpos.Bytes: `member "name" appears again (first at line 1, column 51)`,
		jsonpos.Chars: `member "name" appears again (first at line 1, column 31)`,
		jsonpos.UTF16: `member "name" appears again (first at line 1, column 31)`,
	} {
		cols := jsonpos.NewColumns(d, unit)
		cols.AddText(dup.Text)
		got := cat.Render(cols.Resolve(dup.Text))
		if len(got) < len(want) || got[:len(want)] != want {
			t.Errorf("%s: %q, want it to start with %q", unit, got, want)
		}
	}
	// unresolved, a position renders with its own (byte) column, and the
	// problem's Text is not changed by Resolve
	if got := cat.Render(dup.Text); got[:len(`member "name" appears again (first at line 1, column 51)`)] != `member "name" appears again (first at line 1, column 51)` {
		t.Errorf("unresolved: %q", got)
	}
	// a position inside a Text argument is resolved too
	nested := i18n.T("fixall.refused.syntax", jsonpos.Position{Line: 1, Column: 51, Offset: 50}, "x", "y")
	outer := i18n.T("cli.fix.applied-safe", "code", nested)
	if got := cat.Render(jsonpos.NewColumns(d, jsonpos.Chars).Resolve(outer)); !strings.Contains(got, "line 1, column 31") {
		t.Errorf("nested: %q", got)
	}
}

// TestProblemsAreCatalogueMessages checks every problem the package's
// test inputs produce: its message, fix titles and related labels are
// catalogue ids (an unknown id is a programming error the parser cannot
// report), Message and Title are their English rendering, both languages
// render without a formatting error (an argument of the wrong type) and
// the Chinese is Chinese. It also checks the other way round: every id of
// the parser's catalogue file is produced by some input, so none is dead
// and none is untested.
func TestProblemsAreCatalogueMessages(t *testing.T) {
	english := i18n.EnglishCatalogue()
	chinese, err := i18n.Load(i18n.Chinese, zhcn.FS)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	// The parser words nothing; core/lint words its problems in English
	// for the findings.
	ins, opts := jsonpos.ProblemDocuments()
	for i, in := range ins {
		for _, d := range lint.LintDoc(jsonpos.Parse([]byte(in), opts[i])).Diagnostics {
			if !strings.HasPrefix(d.Code, "json-") {
				continue
			}
			if d.Message != jsonpos.Clip(english.Render(i18n.T(d.MessageID, d.Args...)), jsonpos.MaxMessage) {
				t.Errorf("%s: Message %q is not the English of %s %v", d.Code, d.Message, d.MessageID, d.Args)
			}
			for _, f := range d.Fixes {
				if f.Title != english.Render(f.Text) {
					t.Errorf("%s: fix title %q is not the English of %+v", d.Code, f.Title, f.Text)
				}
			}
		}
	}
	for _, p := range jsonpos.AllProblems(t) {
		jsonpos.WalkTexts(p, func(id string, x i18n.Text) {
			seen[id] = true
			if !english.Has(id) {
				t.Errorf("%s: %q is not in the English catalogue", p.Code, id)
				return
			}
			if _, ok := chinese.Lookup(id); !ok {
				t.Errorf("%s: %q has no Chinese", p.Code, id)
			}
			for _, c := range []*i18n.Catalogue{english, chinese} {
				if s := c.Render(x); jsonpos.BadFormat(s, x) {
					t.Errorf("%s: %s renders with a formatting error: %s", c.Lang(), id, s)
				}
			}
			if s := chinese.Render(x); !strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("%s: Chinese of %s has no Chinese: %s", p.Code, id, s)
			}
		})
	}
	data, err := fs.ReadFile(en.FS, "parser.json")
	if err != nil {
		t.Fatal(err)
	}
	var own map[string]string
	if err := json.Unmarshal(data, &own); err != nil {
		t.Fatal(err)
	}
	var unused []string
	for id := range own {
		if !seen[strings.TrimSuffix(id, ".one")] {
			unused = append(unused, id)
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("ids in en/parser.json no test input produces:\n  %s", strings.Join(unused, "\n  "))
	}
}

// TestProblemMessageBounded: a problem quoting a huge member name is
// worded within the parser's bound (jsonpos.MaxMessage) where it is
// worded, in core/lint.
func TestProblemMessageBounded(t *testing.T) {
	long := strings.Repeat("k", 100000)
	src := []byte(`{"` + long + `" = 1, "` + long + `": 2}`)
	d := jsonpos.Parse(src, jsonpos.Options{})
	if len(d.Problems) == 0 {
		t.Fatal("no problems")
	}
	for _, p := range lint.LintDoc(d).Diagnostics {
		if strings.HasPrefix(p.Code, "json-") && len(p.Message) > jsonpos.MaxMessage {
			t.Errorf("%s message is %d bytes, limit %d", p.Code, len(p.Message), jsonpos.MaxMessage)
		}
	}
}

// FuzzProblemMessages: whatever the input, every problem is a known
// catalogue message whose arguments fit its format, and its span is inside
// the document. Seeds are the inputs of the package's tests.
//
//	go test -run '^$' -fuzz FuzzProblemMessages -fuzztime 20s ./core/jsonpos/
func FuzzProblemMessages(f *testing.F) {
	for _, seed := range jsonpos.ProblemSeeds() {
		f.Add(seed)
	}
	english := i18n.EnglishCatalogue()
	f.Fuzz(func(t *testing.T, src []byte) {
		d := jsonpos.Parse(src, jsonpos.Options{MaxBytes: 1 << 16, MaxDepth: 16})
		for _, p := range d.Problems {
			if p.Start < 0 || p.End > len(d.Src) || p.Start > p.End {
				t.Errorf("%s: span [%d, %d) outside the document", p.Code, p.Start, p.End)
			}
			jsonpos.WalkTexts(p, func(id string, x i18n.Text) {
				if !english.Has(id) {
					t.Errorf("%s: unknown id %q", p.Code, id)
				} else if s := english.Render(x); jsonpos.BadFormat(s, x) {
					t.Errorf("%s: %s", p.Code, s)
				}
			})
		}
	})
}
