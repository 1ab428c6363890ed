package jsonpos

import (
	"reflect"
	"strings"
	"testing"
)

// messageCases are broken documents with the message data of one of their
// problems (the first one with the code): id and arguments, and the fix's
// title id and arguments. Values from the document are quoted arguments;
// words are Phrase or Text arguments.
var messageCases = []struct {
	name    string
	in      string
	opt     Options
	code    string
	id      string
	args    []any
	fix     Text // zero: no fix
	related bool // the problem points at the first occurrence
}{
	{name: "duplicate key", in: `{"a": 1, "a": 2}`, code: CodeDuplicateKey, id: "msg.json-duplicate-key",
		args: []any{`"a"`, Position{Line: 1, Column: 2, Offset: 1}}, related: true},
	{name: "duplicate key spelled with an escape", in: "{\n \"名\": 1,\n \"\\u540d\": 2}", code: CodeDuplicateKey, id: "msg.json-duplicate-key",
		args: []any{`"名"`, Position{Line: 2, Column: 2, Offset: 3}}, related: true},
	{name: "trailing comma in an array", in: `{"a": [1, 2,]}`, code: CodeTrailingComma, id: "msg.json-trailing-comma.array",
		args: []any{Position{Line: 1, Column: 12, Offset: 11}}, fix: text("fix.remove-trailing-comma")},
	{name: "trailing comma in an object", in: "{\"a\": 1,\n}", code: CodeTrailingComma, id: "msg.json-trailing-comma.object",
		args: []any{Position{Line: 1, Column: 8, Offset: 7}}, fix: text("fix.remove-trailing-comma")},
	{name: "unquoted key", in: `{name: "x"}`, code: CodeUnquotedKey, id: "msg.json-unquoted-key",
		args: []any{"name", `"name"`}, fix: text("fix.quote-key")},
	{name: "Python literal", in: `{"a": None}`, code: CodeInvalidLiteral, id: "msg.json-invalid-literal",
		args: []any{"None", "null"}, fix: text("fix.replace-with", "null")},
	{name: "bare word", in: `{"a": hello}`, code: CodeInvalidLiteral, id: "msg.json-invalid-literal.bare-word",
		args: []any{`"hello"`}, fix: text("fix.quote-text")},
	{name: "leading zero", in: `[01]`, code: CodeInvalidNumber, id: "msg.json-invalid-number.leading-zero", args: []any{`"01"`}},
	{name: "text after a number", in: `[1.2.3]`, code: CodeInvalidNumber, id: "msg.json-invalid-number.unexpected",
		args: []any{`"1.2.3"`, `".3"`}},
	{name: "unclosed object", in: "{\n  \"a\": [1]", code: CodeTruncated, id: "msg.json-truncated.object", args: []any{Position{Line: 1, Column: 1, Offset: 0}}},
	{name: "unclosed array", in: `{"a": [1`, code: CodeTruncated, id: "msg.json-truncated.array", args: []any{Position{Line: 1, Column: 7, Offset: 6}}},
	{name: "mismatched closer", in: `{"a": [1}`, code: CodeSyntax, id: "msg.json-syntax.mismatched-array", args: []any{Position{Line: 1, Column: 7, Offset: 6}}},
	{name: "missing colon", in: `{"a" 1}`, code: CodeSyntax, id: "msg.json-syntax.expected-colon", args: []any{`"a"`, `"1}"`}},
	{name: "not an object", in: "hello world\nmore", code: CodeSyntax, id: "msg.json-syntax.not-object", args: []any{`"hell…"`}},
	// what is no JSON at all may be a .env named by mistake: four
	// characters of it, never its first line (issue 36, B22)
	{name: "not an object, a secret", in: "API_TOKEN=ghp_SUPERSECRET1234567890abcdef\n", code: CodeSyntax, id: "msg.json-syntax.not-object", args: []any{`"API_…"`}},
	{name: "leading text, a secret", in: "TOKEN=ghp_SUPERSECRET1234567890abcdef {}", code: CodeLeadingText, id: "msg.json-leading-text", args: []any{`"TOKE…"`}, fix: text("fix.delete-leading-text")},
	{name: "a byte that is not UTF-8 where a value starts", in: "[\xff]", code: CodeSyntax, id: "msg.json-syntax.expected-value",
		args: []any{text("phrase.json.byte", 0xFF)}},
	{name: "invalid UTF-8 run", in: "[\"\xff\xfe\"]", code: CodeInvalidUTF8, id: "msg.json-invalid-utf8", args: []any{2, 0xFF}},
	{name: "lone surrogate", in: `["\ud83d"]`, code: CodeInvalidString, id: "msg.json-invalid-string.high-surrogate", args: []any{0xD83D}},
	{name: "line comment", in: "{\n// the name\n}", code: CodeComment, id: "msg.json-comment.line",
		args: []any{`"// the name"`}, fix: text("fix.delete-comment")},
	{name: "single quotes", in: `{"a": 'it is'}`, code: CodeSingleQuote, id: "msg.json-single-quote",
		args: []any{`"it is"`}, fix: text("fix.use-double-quotes")},
	{name: "adjacent strings in a value", in: `{"a": "x" "y"}`, code: CodeMissingComma, id: "msg.json-missing-comma.merge-strings",
		args: []any{`"a"`}, fix: text("fix.merge-strings")},
	{name: "missing comma between members", in: "{\"a\": 1\n \"b\": 2}", code: CodeMissingComma, id: "msg.json-missing-comma.member",
		args: []any{`"a"`}, fix: text("fix.insert-comma")},
	{name: "too large", in: `{"name": "a card that is too long"}`, opt: Options{MaxBytes: 16}, code: CodeTooLarge, id: "msg.json-too-large",
		args: []any{text("phrase.json.size-bytes", 35), text("phrase.json.size-bytes", 16)}},
	{name: "too large in MiB", in: strings.Repeat(" ", 3<<19) + "{}", opt: Options{MaxBytes: 1 << 20}, code: CodeTooLarge, id: "msg.json-too-large",
		args: []any{"1.5 MiB", "1 MiB"}},
	{name: "too deep", in: `[[[[1]]]]`, opt: Options{MaxDepth: 3}, code: CodeTooDeep, id: "msg.json-too-deep", args: []any{3}},
	{name: "capped", in: "[" + strings.Repeat("NaN,", MaxPerCode+3) + "1]", code: CodeCapped, id: "msg.json-capped",
		args: []any{3, CodeNonFinite}},
}

func TestProblemMessages(t *testing.T) {
	for _, tc := range messageCases {
		t.Run(tc.name, func(t *testing.T) {
			d := Parse([]byte(tc.in), tc.opt)
			var p *Problem
			for i := range d.Problems {
				if d.Problems[i].Code == tc.code {
					p = &d.Problems[i]
					break
				}
			}
			if p == nil {
				t.Fatalf("no %s problem in %v", tc.code, problems(d))
			}
			if p.Text.ID != tc.id || !reflect.DeepEqual(p.Text.Args, tc.args) {
				t.Errorf("message %s %#v\nwant    %s %#v", p.Text.ID, p.Text.Args, tc.id, tc.args)
			}
			switch {
			case tc.fix.IsZero() && len(p.Fixes) > 0:
				t.Errorf("unexpected fix %+v", p.Fixes[0].Text)
			case !tc.fix.IsZero() && (len(p.Fixes) != 1 || !reflect.DeepEqual(p.Fixes[0].Text, tc.fix)):
				t.Errorf("fixes %+v, want one titled %+v", p.Fixes, tc.fix)
			}
			if got := len(p.Related) == 1 && p.Related[0].Text.ID == RelatedFirstKey; got != tc.related {
				t.Errorf("related %+v, want first occurrence: %v", p.Related, tc.related)
			}
		})
	}
}

// TestDescribe: what a "but found …" message names, as data: the quoted
// first line (shortened, never across a line break), or a phrase where
// there is no text to quote.
func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want any
	}{
		{"", Phrase("phrase.json.end-of-document")},
		{"\nabc", Phrase("phrase.json.line-break")},
		{"\xfeabc", text("phrase.json.byte", 0xFE)},
		{"abc\r\ndef", `"abc"`},
		{`say "hi"` + "\tnow", `"say \"hi\"\tnow"`},
		{strings.Repeat("名", 30), `"` + strings.Repeat("名", 24) + `…"`},
	} {
		if got := describe([]byte(tc.in)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("describe(%q) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}

// allProblems parses every input of this package's tests and returns
// their problems, plus the ones no document reaches today but the parser
// can still report (a defensive branch), built by calling the parser
// directly.
func allProblems(t *testing.T) []Problem {
	t.Helper()
	var out []Problem
	for _, d := range problemDocuments() {
		out = append(out, Parse([]byte(d.in), d.opt).Problems...)
	}
	// The root value is only read when the document has one: the
	// message for a document ending where the root should be is kept for
	// safety. Likewise describe's phrases for the end of the document and
	// a line break: its callers check for both first today.
	p := &parser{d: &Doc{lines: lineTable{0}}}
	p.truncated(nil)
	out = append(out, p.d.Problems...)
	for _, in := range []string{"", "\n"} {
		out = append(out, newProblem(CodeSyntax, 0, 0, "msg.json-syntax.expected-value", describe([]byte(in))))
	}
	return out
}

// problemDocuments are the inputs of this package's tests, each with
// the options it is parsed with.
func problemDocuments() []problemDocument {
	var out []problemDocument
	add := func(in string, opt Options) { out = append(out, problemDocument{in, opt}) }
	for _, tc := range syntaxCases {
		add(tc.in, tc.opt)
	}
	for _, tc := range fixCases {
		add(tc.in, Options{})
	}
	for _, tc := range messageCases {
		add(tc.in, tc.opt)
	}
	for _, in := range []string{
		"{\"a\": @}", "{]", "{,}", "[,1]", "[1 @]", "{\"a\" = 1}", "{\"a\":\"x\" \"b\":1}", "{\"a\": \"x\" 1}",
		"/* x */{}", "[\"\\u12\"]", "[\"\\udc00\"]", "[\"\\'\"]", "[\"\\q\"]", "[\"a\n", "[\"\x01\"]", "[+1, .5, 0x1, -, 1., 1e, True]",
		"{\"a\": @}\x00", "[\"\xff\"]", "{} \xff", "{\"a\": 1} trailing", "{\"a\": [1,]} {", `{"é":1,"é":2,"é":3}`,
		strings.Repeat(" ", 1500) + "{}",
	} {
		add(in, Options{MaxBytes: 1024})
		add(in, Options{})
	}
	return out
}

type problemDocument struct {
	in  string
	opt Options
}

// walkTexts calls f for the Text of a problem, its fixes and related
// places, and every Phrase or Text among their arguments.
func walkTexts(p Problem, f func(id string, t Text)) {
	var walk func(t Text)
	walk = func(t Text) {
		f(t.ID, t)
		for _, a := range t.Args {
			switch v := a.(type) {
			case Phrase:
				f(string(v), text(string(v)))
			case Text:
				walk(v)
			}
		}
	}
	walk(p.Text)
	for _, x := range p.Fixes {
		walk(x.Text)
	}
	for _, r := range p.Related {
		walk(r.Text)
	}
}

// badFormat reports whether rendering x gave fmt's error marks ("%!d(string=…)",
// "%!(EXTRA …)", "%!s(MISSING)"): more "%!" than its arguments bring
// from the document.
func badFormat(rendered string, x Text) bool {
	var inArgs func(Text) int
	inArgs = func(t Text) int {
		n := 0
		for _, a := range t.Args {
			switch v := a.(type) {
			case string:
				n += strings.Count(v, "%!")
			case Text:
				n += inArgs(v)
			}
		}
		return n
	}
	return strings.Count(rendered, "%!") > inArgs(x)
}
