package jsonpos

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// problems lists a document's problems as "code@line:col".
func problems(d *Doc) []string {
	out := []string{}
	for _, p := range d.Problems {
		out = append(out, p.Code+"@"+d.Pos(p.Start).String())
	}
	return out
}

// syntaxCases are broken (and some valid) documents with every problem
// each must give; TestProblemsAreCatalogueMessages also checks their
// messages.
var syntaxCases = []struct {
	name string
	in   string
	opt  Options
	want []string // every problem, in order, as code@line:col
	// first: only the first problem is checked; the rest is recovery
	// noise that a better recovery may remove
	first bool
}{
	// comments
	{name: "line comment", in: "{\n  // the name\n  \"a\": 1\n}", want: []string{"json-comment@2:3"}},
	{name: "line comment CRLF", in: "{\r\n  // x\r\n  \"a\": 1\r\n}", want: []string{"json-comment@2:3"}},
	{name: "block comment", in: `{/* note */"a": 1}`, want: []string{"json-comment@1:2"}},
	{name: "block comment multi-line", in: "{\n/* a\n b */ \"a\": 1}", want: []string{"json-comment@2:1"}},
	{name: "unclosed block comment", in: `{"a": 1 /* never closed`, want: []string{"json-comment@1:9", "json-truncated@1:24"}},
	{name: "hash comment line", in: "# generated\n{}", want: []string{"json-comment@1:1"}},
	{name: "comment after value", in: "{\"a\": 1 // one\n}", want: []string{"json-comment@1:9"}},
	// trailing commas
	{name: "trailing comma in array", in: `{"a": [1, 2,]}`, want: []string{"json-trailing-comma@1:12"}},
	{name: "trailing comma in object", in: `{"a": 1,}`, want: []string{"json-trailing-comma@1:8"}},
	{name: "trailing comma before newline", in: "{\n  \"a\": 1,\n}", want: []string{"json-trailing-comma@2:9"}},
	// quotes and names
	{name: "single-quoted key and value", in: `{'a': 'b'}`, want: []string{"json-single-quote@1:2", "json-single-quote@1:7"}},
	{name: "single quote with double quote inside", in: `{"a": 'say "hi"'}`, want: []string{"json-single-quote@1:7"}},
	{name: "unquoted key", in: `{name: "x"}`, want: []string{"json-unquoted-key@1:2"}},
	{name: "unquoted key with dash", in: `{default-mode: "x"}`, want: []string{"json-unquoted-key@1:2"}},
	// what comes before and after
	{name: "BOM", in: "\xEF\xBB\xBF{}", want: []string{"json-bom@1:1"}},
	{name: "front matter", in: "---\ntitle: card\n---\n{}", want: []string{"json-leading-text@1:1"}},
	{name: "markdown fence", in: "```json\n{}\n```", want: []string{"json-leading-text@1:1", "json-trailing-text@3:1"}},
	{name: "log line", in: "card: {}", want: []string{"json-leading-text@1:1"}},
	{name: "HTML", in: "<!doctype html><html></html>", want: []string{"json-syntax@1:1"}},
	{name: "no object at all", in: "hello", want: []string{"json-syntax@1:1"}},
	{name: "two objects", in: "{}\n{}", want: []string{"json-trailing-text@2:1"}},
	// missing commas, adjacent strings
	{name: "adjacent strings in array", in: `{"a": ["x" "y"]}`, want: []string{"json-missing-comma@1:11"}},
	{name: "adjacent strings as a value", in: `{"a": "x" "y"}`, want: []string{"json-missing-comma@1:10"}, first: true},
	{name: "missing comma between members", in: "{\"a\": 1\n \"b\": 2}", want: []string{"json-missing-comma@1:8"}},
	{name: "missing comma between elements", in: `[1 2]`, want: []string{"json-missing-comma@1:3"}},
	// non-finite numbers
	{name: "NaN", in: `{"a": NaN}`, want: []string{"json-non-finite-number@1:7"}},
	{name: "Infinity", in: `{"a": Infinity}`, want: []string{"json-non-finite-number@1:7"}},
	{name: "minus Infinity", in: `{"a": -Infinity}`, want: []string{"json-non-finite-number@1:7"}},
	{name: "top-level minus Infinity", in: `-Infinity`, want: []string{"json-non-finite-number@1:1"}},
	// truncated input
	{name: "empty document", in: "", want: []string{"json-truncated@1:1"}},
	{name: "only whitespace", in: " \n ", want: []string{"json-truncated@2:2"}},
	{name: "cut after comma", in: `{"a": [1,`, want: []string{"json-truncated@1:10", "json-truncated@1:10"}}, // array and object
	{name: "cut after colon", in: `{"a":`, want: []string{"json-truncated@1:6"}},
	{name: "cut inside string", in: `{"a": "abc`, want: []string{"json-truncated@1:7", "json-truncated@1:11"}}, // string and object
	{name: "cut after key", in: `{"a"`, want: []string{"json-truncated@1:5"}},
	{name: "open object", in: `{`, want: []string{"json-truncated@1:2"}},
	// duplicates
	{name: "duplicate key", in: `{"a": 1, "a": 2}`, want: []string{"json-duplicate-key@1:10"}},
	{name: "duplicate key via escape", in: `{"a": 1, "\u0061": 2}`, want: []string{"json-duplicate-key@1:10"}},
	{name: "duplicate key in nested object", in: `{"x": {"b": 1, "b": 2}, "b": 3}`, want: []string{"json-duplicate-key@1:16"}},
	{name: "duplicate key among many", in: manyKeys(40, "k7"), want: []string{"json-duplicate-key@1:" + fmt.Sprint(len(manyKeys(40, "")))}},
	{name: "same key in sibling objects is fine", in: `[{"a": 1}, {"a": 2}]`, want: []string{}},
	// encoding
	{name: "invalid UTF-8 in a string", in: "{\"a\": \"caf\xe9\"}", want: []string{"json-invalid-utf8@1:11"}},
	{name: "invalid UTF-8 run", in: "{\"a\": \"\xff\xfe\"}", want: []string{"json-invalid-utf8@1:8"}},
	{name: "UTF-8 CJK and emoji are fine", in: `{"名字": "😀"}`, want: []string{}},
	// strings
	{name: "raw line break in string", in: "{\"a\": \"x\ny\"}", want: []string{"json-invalid-string@1:9"}},
	{name: "unclosed string at line end", in: "{\"a\": \"x\n, \"b\": 1}", want: []string{"json-invalid-string@1:7"}},
	{name: "adjacent strings in a member value", in: `{"a": "x" "y", "b": 1}`, want: []string{"json-missing-comma@1:10"}},
	{name: "tab in string", in: "{\"a\": \"x\ty\"}", want: []string{"json-invalid-string@1:9"}},
	{name: "bad escape", in: `{"a": "\q"}`, want: []string{"json-invalid-string@1:8"}},
	{name: "escaped apostrophe", in: `{"a": "it\'s"}`, want: []string{"json-invalid-string@1:10"}},
	{name: "short unicode escape", in: `{"a": "\u12"}`, want: []string{"json-invalid-string@1:8"}},
	{name: "lone high surrogate", in: `{"a": "\ud83d"}`, want: []string{"json-invalid-string@1:8"}},
	{name: "lone low surrogate", in: `{"a": "\ude00"}`, want: []string{"json-invalid-string@1:8"}},
	{name: "surrogate pair is fine", in: `{"a": "\ud83d\ude00"}`, want: []string{}},
	{name: "all escapes are fine", in: `{"a": "\" \\ \/ \b \f \n \r \t \u00e9"}`, want: []string{}},
	// literals
	{name: "Python True", in: `{"a": True}`, want: []string{"json-invalid-literal@1:7"}},
	{name: "None", in: `{"a": None}`, want: []string{"json-invalid-literal@1:7"}},
	{name: "undefined", in: `{"a": undefined}`, want: []string{"json-invalid-literal@1:7"}},
	{name: "bare word", in: `{"a": hello}`, want: []string{"json-invalid-literal@1:7"}},
	// numbers
	{name: "valid numbers", in: `[0, -0, 1, -12, 1.5, 0.25, 1e10, 1E+2, 2e-3, -0.5e+3, 123456789012345678901234567890]`, want: []string{}},
	{name: "leading zero", in: `[01]`, want: []string{"json-invalid-number@1:2"}},
	{name: "leading plus", in: `[+1]`, want: []string{"json-invalid-number@1:2"}},
	{name: "leading dot", in: `[.5]`, want: []string{"json-invalid-number@1:2"}},
	{name: "trailing dot", in: `[1.]`, want: []string{"json-invalid-number@1:2"}},
	{name: "hex", in: `[0x1F]`, want: []string{"json-invalid-number@1:2"}},
	{name: "empty exponent", in: `[1e]`, want: []string{"json-invalid-number@1:2"}},
	{name: "lone minus", in: `[-]`, want: []string{"json-invalid-number@1:2"}},
	// structure
	{name: "mismatched closer", in: `{"a": [1}`, want: []string{"json-syntax@1:9", "json-truncated@1:10"}},
	{name: "empty array slot", in: `[1,,2]`, want: []string{"json-syntax@1:4"}},
	{name: "equals instead of colon", in: `{"a" = 1}`, want: []string{"json-syntax@1:6"}},
	{name: "missing colon", in: `{"a" 1}`, want: []string{"json-syntax@1:5"}},
	{name: "scalar document is syntactically fine", in: `"just a string"`, want: []string{}},
	// limits
	{name: "size limit", in: `{"name": "a card that is too long"}`, opt: Options{MaxBytes: 16}, want: []string{"json-too-large@1:1"}},
	{name: "size limit exactly met", in: `{"a": 1}`, opt: Options{MaxBytes: 8}, want: []string{}},
	{name: "depth limit", in: `[[[[1]]]]`, opt: Options{MaxDepth: 3}, want: []string{"json-too-deep@1:4"}},
	{name: "depth limit exactly met", in: `[[[1]]]`, opt: Options{MaxDepth: 3}, want: []string{}},
	{name: "depth limit in objects", in: `{"a": {"b": {"c": {"d": 1}}}}`, opt: Options{MaxDepth: 3}, want: []string{"json-too-deep@1:19"}},
	{name: "depth limit reported once", in: `[[[[1]]], [[[2]]]]`, opt: Options{MaxDepth: 3}, want: []string{"json-too-deep@1:4"}},
}

func TestSyntaxProblems(t *testing.T) {
	for _, tc := range syntaxCases {
		t.Run(tc.name, func(t *testing.T) {
			d := Parse([]byte(tc.in), tc.opt)
			got := problems(d)
			if tc.first && len(got) > 0 {
				got = got[:1]
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Parse(%q)\n got  %v\n want %v", tc.in, got, tc.want)
				for _, p := range d.Problems {
					t.Logf("  %s: %s %v", p.Code, p.Text.ID, p.Text.Args)
				}
			}
			for _, p := range d.Problems {
				if p.Text.ID == "" {
					t.Errorf("%s without a message", p.Code)
				}
				if p.Start < 0 || p.End > len(d.Src) || p.Start > p.End {
					t.Errorf("%s: span [%d, %d) outside the document", p.Code, p.Start, p.End)
				}
			}
		})
	}
}

// manyKeys builds an object with n distinct keys k0..k(n-1) and, when dup
// is set, one more member named dup at the end.
func manyKeys(n int, dup string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `"k%d": %d, `, i, i)
	}
	if dup != "" {
		fmt.Fprintf(&b, `%q: 0}`, dup)
	} else {
		b.WriteString(`"`) // where the duplicate's key starts
	}
	return b.String()
}

// Fixes carry exactly the edit that repairs the problem.
var fixCases = []struct{ in, want string }{
	{"{\n  // c\n  \"a\": 1\n}", "{\n  \"a\": 1\n}"},
	{`{"a": [1, 2,]}`, `{"a": [1, 2]}`},
	{`{'a': 1}`, `{"a": 1}`},
	{`{a: 1}`, `{"a": 1}`},
	{"\xEF\xBB\xBF{}", "{}"},
	{"---\nx: y\n---\n{}", "{}"},
	{`{"a": True}`, `{"a": true}`},
	{`["x" "y"]`, `["x", "y"]`},
	// a comment goes with its line, or with the spaces before it: no
	// blank line, no trailing spaces, line ends kept
	{"{\n  \"a\": 1 // c\n}", "{\n  \"a\": 1\n}"},
	{"{\r\n  // c\r\n  \"a\": 1\r\n}", "{\r\n  \"a\": 1\r\n}"},
	{"{\r\n  \"a\": 1 /* c */\r\n}", "{\r\n  \"a\": 1\r\n}"},
	{"{\"a\": /* c */ 1}", "{\"a\":  1}"},
	{"{\"a\": 1}\n# c", "{\"a\": 1}"},
	{"{\"a\": 1}\n\t/* c */  \n", "{\"a\": 1}\n"},
}

// Fixes that keep what the document means are marked safe; the parser's
// guesses (deleting text around the value, merging strings, quoting a bare
// word) are not.
func TestFixSafety(t *testing.T) {
	for in, safe := range map[string]bool{
		"{\"a\": 1, // c\n}": true,
		`{"a": [1, 2,]}`:     true,
		`{'a': 1}`:           true,
		`{a: 1}`:             true,
		"\xEF\xBB\xBF{}":     true,
		`{"a": True}`:        true,
		`{"a" = 1}`:          true,
		"---\nx: y\n---\n{}": false,
		"{} trailing":        false,
		`["x" "y"]`:          true, // a comma between two values
		`{"a": "x" "y"}`:     false,
		`{"a": hello}`:       false,
	} {
		d := Parse([]byte(in), Options{})
		for _, p := range d.Problems {
			for _, f := range p.Fixes {
				if f.Safe != safe {
					t.Errorf("%q: %s fix %s: safe = %v, want %v", in, p.Code, f.Text.ID, f.Safe, safe)
				}
			}
		}
	}
}

func TestFixes(t *testing.T) {
	for _, tc := range fixCases {
		d := Parse([]byte(tc.in), Options{})
		if len(d.Problems) != 1 || len(d.Problems[0].Fixes) != 1 {
			t.Errorf("%q: want one problem with one fix, got %v", tc.in, problems(d))
			continue
		}
		got := apply(tc.in, d.Problems[0].Fixes[0].Edits)
		if got != tc.want {
			t.Errorf("fix of %q gives %q, want %q", tc.in, got, tc.want)
		}
		if p := Parse([]byte(got), Options{}); len(p.Problems) != 0 {
			t.Errorf("fixed %q still has %v", got, problems(p))
		}
	}
}

func apply(src string, edits []Edit) string {
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		src = src[:e.Range.Start.Offset] + e.NewText + src[e.Range.End.Offset:]
	}
	return src
}

// Deep nesting must not crash or recurse deeply: the parser stops at the
// limit and skips the rest iteratively.
func TestDeepNesting(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"100000 open brackets", strings.Repeat("[", 100000)},
		{"100000 balanced brackets", strings.Repeat("[", 100000) + strings.Repeat("]", 100000)},
		{"100000 nested objects", strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)},
		{"brackets inside strings while skipping", strings.Repeat("[", 100) + `"]]]]\"]]"` + strings.Repeat("]", 100)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Parse([]byte(tc.in), Options{})
			n := 0
			for _, p := range d.Problems {
				if p.Code == CodeTooDeep {
					n++
				}
			}
			if n != 1 {
				t.Errorf("want one json-too-deep, got %v", problems(d)[:min(5, len(d.Problems))])
			}
			depth := 0
			var walk func(*Node, int)
			walk = func(n *Node, l int) {
				depth = max(depth, l)
				for _, c := range n.Children {
					walk(c, l+1)
				}
			}
			walk(d.Root, 1)
			if depth > DefaultMaxDepth+1 {
				t.Errorf("tree is %d deep, limit %d", depth, DefaultMaxDepth)
			}
		})
	}
}

// TestProblemCap: thousands of problems of one code give MaxPerCode
// problems and one summary carrying the exact number left out, as data.
func TestProblemCap(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     string
		code    string
		omitted int
	}{
		{"non-finite", "[" + strings.Repeat("NaN,", 5000) + "1]", CodeNonFinite, 5000 - MaxPerCode},
		{"comments", "{\n" + strings.Repeat("// c\n", 3000) + "}", CodeComment, 3000 - MaxPerCode},
		{"duplicate keys", "{" + strings.Repeat(`"a": 1, `, 1000) + `"b": 2}`, CodeDuplicateKey, 999 - MaxPerCode},
		{"trailing commas", "[" + strings.Repeat("[1,],", 100) + "1]", CodeTrailingComma, 100 - MaxPerCode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Parse([]byte(tc.src), Options{})
			got, summaries := 0, 0
			for _, p := range d.Problems {
				switch p.Code {
				case tc.code:
					got++
				case CodeCapped:
					summaries++
					if p.OmittedCode != tc.code || p.Omitted != tc.omitted {
						t.Errorf("summary for %s omitting %d, want %s omitting %d", p.OmittedCode, p.Omitted, tc.code, tc.omitted)
					}
				}
			}
			if got != MaxPerCode || summaries != 1 {
				t.Errorf("%d %s problems and %d summaries, want %d and 1", got, tc.code, summaries, MaxPerCode)
			}
		})
	}
}

func TestBoundedPointer(t *testing.T) {
	long := strings.Repeat("a/~", 200)
	src := `{"x": {"` + long + `": {"y": [1, 2]}}, "short": {"a/b": [0]}}`
	d := Parse([]byte(src), Options{})
	deep := d.Root.Get("x").Get(long).Get("y").Children[1]
	if got := deep.BoundedPointer(); len(got) > MaxPointer || !strings.HasSuffix(got, PointerEllipsis) || !strings.HasPrefix(got, "/x/a~1~0a~1") {
		t.Errorf("BoundedPointer = %q (%d bytes)", got, len(got))
	}
	if got := deep.ChildBoundedPointer("z"); len(got) > MaxPointer || !strings.HasSuffix(got, PointerEllipsis) {
		t.Errorf("ChildBoundedPointer = %q", got)
	}
	short := d.Root.Get("short").Get("a/b").Children[0]
	if got, want := short.BoundedPointer(), short.Pointer(); got != want || want != "/short/a~1b/0" {
		t.Errorf("BoundedPointer = %q, Pointer = %q", got, want)
	}
	if got := d.Root.Get("short").ChildBoundedPointer("m~"); got != "/short/m~0" {
		t.Errorf("ChildBoundedPointer = %q", got)
	}
}

// TestGetIndexed: objects above the index threshold find members the same
// way as small ones, the last duplicate winning.
func TestGetIndexed(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"dup": 1`)
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, `, "k%d": %d`, i, i)
	}
	b.WriteString(`, "dup": 2}`)
	d := Parse([]byte(b.String()), Options{})
	if d.Root.index == nil {
		t.Fatal("no index on a 102-member object")
	}
	if got := d.Root.Get("dup").Str; got != "2" {
		t.Errorf("Get(dup) = %s, want the last one", got)
	}
	if d.Root.Get("k57").Str != "57" || d.Root.Get("nope") != nil {
		t.Error("indexed lookup wrong")
	}
}

func TestLineBounds(t *testing.T) {
	d := Parse([]byte("{\r\n\"a\": 1\n}"), Options{})
	for n, want := range []string{"", "{", `"a": 1`, "}"} {
		if n == 0 {
			continue
		}
		s, e := d.LineBounds(n)
		if got := string(d.Src[s:e]); got != want || got != d.Line(n) {
			t.Errorf("line %d = %q, want %q", n, got, want)
		}
	}
}

func TestPositions(t *testing.T) {
	src := "{\n  \"name\": \"x\",\r\n  \"skills\": [\n    {\"id\": \"a\", \"tags\": [\"t\"]}\n  ]\n}"
	d := Parse([]byte(src), Options{})
	if len(d.Problems) != 0 {
		t.Fatalf("problems: %v", problems(d))
	}
	for _, tc := range []struct {
		ptr        string
		start, end string // line:col of the value
		key        string // line:col of the key ("" for elements)
		text       string
	}{
		{"", "1:1", "6:2", "", src},
		{"/name", "2:11", "2:14", "2:3", `"x"`},
		{"/skills", "3:13", "5:4", "3:3", "[\n    {\"id\": \"a\", \"tags\": [\"t\"]}\n  ]"},
		{"/skills/0", "4:5", "4:31", "", `{"id": "a", "tags": ["t"]}`},
		{"/skills/0/id", "4:12", "4:15", "4:6", `"a"`},
		{"/skills/0/tags/0", "4:26", "4:29", "", `"t"`},
	} {
		n := d.Lookup(tc.ptr)
		if n == nil {
			t.Errorf("Lookup(%q) = nil", tc.ptr)
			continue
		}
		if n.Pointer() != tc.ptr {
			t.Errorf("Pointer() = %q, want %q", n.Pointer(), tc.ptr)
		}
		r := d.Range(n)
		if r.Start.String() != tc.start || r.End.String() != tc.end {
			t.Errorf("%s: range %s-%s, want %s-%s", tc.ptr, r.Start, r.End, tc.start, tc.end)
		}
		if got := src[r.Start.Offset:r.End.Offset]; got != tc.text {
			t.Errorf("%s: text %q, want %q", tc.ptr, got, tc.text)
		}
		if tc.key != "" {
			if k := d.KeyRange(n); k.Start.String() != tc.key {
				t.Errorf("%s: key at %s, want %s", tc.ptr, k.Start, tc.key)
			}
		}
	}
	if got := d.Line(2); got != `  "name": "x",` {
		t.Errorf("Line(2) = %q (CR must be dropped)", got)
	}
	if d.LineCount() != 6 || d.Line(0) != "" || d.Line(7) != "" {
		t.Errorf("LineCount %d, Line(0) %q, Line(7) %q", d.LineCount(), d.Line(0), d.Line(7))
	}
	if p := d.Pos(-5); p.Offset != 0 || p.Line != 1 || p.Column != 1 {
		t.Errorf("Pos(-5) = %+v", p)
	}
	if p := d.Pos(len(src) + 10); p.Offset != len(src) {
		t.Errorf("Pos past the end = %+v", p)
	}
	if n := d.Lookup("/skills/0").Get("id"); n.Text() != "a" || n.Kind != String || n.Kind.String() != "string" {
		t.Errorf("Get/Text/Kind: %+v", n)
	}
	var count int
	d.Root.Walk(func(*Node) bool { count++; return true })
	if count != 7 {
		t.Errorf("Walk visited %d nodes, want 7", count)
	}
}

func TestPointers(t *testing.T) {
	src := `{"a/b": {"m~n": [10, {"": 1, "~1": 2}]}, " ": 3}`
	d := Parse([]byte(src), Options{})
	for _, tc := range []struct {
		ptr  string
		want string // raw text of the node
	}{
		{"/a~1b", `{"m~n": [10, {"": 1, "~1": 2}]}`},
		{"/a~1b/m~0n", `[10, {"": 1, "~1": 2}]`},
		{"/a~1b/m~0n/0", `10`},
		{"/a~1b/m~0n/1/", `1`},
		{"/a~1b/m~0n/1/~01", `2`},
		{"/ ", `3`},
	} {
		n := d.Lookup(tc.ptr)
		if n == nil {
			t.Errorf("Lookup(%q) = nil", tc.ptr)
			continue
		}
		if got := src[n.Start:n.End]; got != tc.want {
			t.Errorf("Lookup(%q) = %q, want %q", tc.ptr, got, tc.want)
		}
		if n.Pointer() != tc.ptr {
			t.Errorf("Pointer() = %q, want %q (round trip)", n.Pointer(), tc.ptr)
		}
	}
	for _, bad := range []string{"a", "/missing", "/a~1b/m~0n/2", "/a~1b/m~0n/-1", "/a~1b/m~0n/x", "/ /deeper"} {
		if n := d.Lookup(bad); n != nil {
			t.Errorf("Lookup(%q) found %q", bad, src[n.Start:n.End])
		}
	}
	if got := d.Root.ChildPointer("x/y~z"); got != "/x~1y~0z" {
		t.Errorf("ChildPointer = %q", got)
	}
}

// Byte and UTF-16 columns differ on CJK and emoji text; UTF16Offset is the
// one conversion the browser edge uses.
func TestUTF16(t *testing.T) {
	src := []byte("{\"名字😀\": \"x\",\n \"é\": \"😀😀\"}")
	d := Parse(src, Options{})
	if len(d.Problems) != 0 {
		t.Fatalf("problems: %v", problems(d))
	}
	n := d.Lookup("/名字😀")
	if n == nil {
		t.Fatal("no member 名字😀")
	}
	// value "x": after {"名字😀": — bytes 1+1+3+3+4+1+1+1 = 15, UTF-16 units 1+1+1+1+2+1+1+1 = 9
	r := d.Range(n)
	if r.Start.Column != 16 || r.Start.Offset != 15 {
		t.Errorf("byte position %+v, want column 16 offset 15", r.Start)
	}
	if got := UTF16Column(src, r.Start); got != 10 {
		t.Errorf("UTF-16 column %d, want 10", got)
	}
	if got := UTF16Offset(src, r.Start.Offset); got != 9 {
		t.Errorf("UTF-16 offset %d, want 9", got)
	}
	// second line: " "é": "😀😀"}" — the value ends after two emoji
	m := d.Lookup("/é")
	mr := d.Range(m)
	if mr.End.Line != 2 || mr.End.Column != 18 {
		t.Errorf("end %+v, want 2:18 in bytes", mr.End)
	}
	if got := UTF16Column(src, mr.End); got != 13 {
		t.Errorf("UTF-16 end column %d, want 13", got)
	}
	// every rune boundary agrees with the standard library's encoding
	for off := 0; off <= len(src); off++ {
		if off < len(src) && src[off]&0xC0 == 0x80 {
			continue
		}
		want := len(utf16.Encode([]rune(string(src[:off]))))
		if got := UTF16Offset(src, off); got != want {
			t.Errorf("UTF16Offset(%d) = %d, want %d", off, got, want)
		}
	}
	for _, tc := range []struct {
		name string
		src  string
		off  int
		want int
	}{
		{"ASCII", "abc", 2, 2},
		{"Chinese", "名字", 6, 2},
		{"emoji is a surrogate pair", "😀x", 4, 2},
		{"past the end clamps", "ab", 10, 2},
		{"invalid bytes count one each", "\xff\xfea", 3, 3},
		{"empty", "", 0, 0},
	} {
		if got := UTF16Offset([]byte(tc.src), tc.off); got != tc.want {
			t.Errorf("%s: UTF16Offset = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestKinds(t *testing.T) {
	d := Parse([]byte(`{"s": "x", "n": -1.5e3, "t": true, "f": false, "z": null, "o": {}, "a": []}`), Options{})
	for key, want := range map[string]Kind{"s": String, "n": Number, "t": Bool, "f": Bool, "z": Null, "o": Object, "a": Array} {
		n := d.Root.Get(key)
		if n == nil || n.Kind != want {
			t.Errorf("%s: %+v, want kind %s", key, n, want)
		}
	}
	if d.Root.Get("n").Str != "-1.5e3" || !d.Root.Get("t").Bool || d.Root.Get("f").Bool {
		t.Error("number text or booleans wrong")
	}
	if Kind(42).String() != "kind(42)" || Invalid.String() != "invalid" {
		t.Error("Kind.String")
	}
	var nilNode *Node
	if nilNode.Get("x") != nil || nilNode.Has("x") || nilNode.Text() != "" || nilNode.Pointer() != "" || nilNode.IsMember() {
		t.Error("nil node helpers must be nil-safe")
	}
}

func TestUTF16OffsetsMatchesUTF16Offset(t *testing.T) {
	src := []byte("{\"名字\": \"😀 x\",\n \"b\": \"\xff中\"}")
	var offs []int
	for i := 0; i <= len(src); i++ {
		offs = append(offs, i, len(src)-i)
	}
	m := UTF16Offsets(src, offs)
	for i := 0; i <= len(src); i++ {
		if got, want := m[i], UTF16Offset(src, i); got != want {
			t.Errorf("offset %d: UTF16Offsets %d, UTF16Offset %d", i, got, want)
		}
	}
}
