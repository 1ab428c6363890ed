package format

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

func TestFormat(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"compact", `{"a":1,"b":[1,2]}`, "{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ]\n}\n"},
		{"empty-containers", `{"a":{},"b":[]}`, "{\n  \"a\": {},\n  \"b\": []\n}\n"},
		{"keeps-duplicates-and-order", `{"z":1,"a":2,"z":3}`, "{\n  \"z\": 1,\n  \"a\": 2,\n  \"z\": 3\n}\n"},
		{"keeps-escapes", `{"s":"\u00e9\n\/","n":1.50e+3}`, "{\n  \"s\": \"\\u00e9\\n\\/\",\n  \"n\": 1.50e+3\n}\n"},
		{"cjk", "{\"名前\" :\t\"重复 🤖\"}", "{\n  \"名前\": \"重复 🤖\"\n}\n"},
		{"reindents", "{\n\t\t\"a\": [ 1 ,\n 2 ]   }\n\n\n", "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n"},
		{"bom", "\ufeff{\"a\":1}", "\ufeff{\n  \"a\": 1\n}\n"},
		{"idempotent", "{\n  \"a\": 1\n}\n", "{\n  \"a\": 1\n}\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Format([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

// Broken JSON is refused with where it breaks and the parser's own finding
// there (the one the findings panel shows), never encoding/json's wording.
func TestFormatRefusesBrokenJSON(t *testing.T) {
	cases := []struct {
		name, in  string
		code      string
		line, col int
	}{
		{"trailing-comma", `{"a":1,}`, "json-trailing-comma", 1, 7}, // the comma itself
		{"comment", "{\n  // c\n}", "json-comment", 2, 3},
		{"truncated", `{"a":`, "", 1, 0},
		{"empty", ``, "", 1, 1},
		{"single-quotes", `{'a':1}`, "", 1, 2},
		{"bad-literal-second-line", "{\"a\": 1,\n \"b\": tru}", "", 2, 7},
		{"bom-then-garbage", "\ufeff{x}", "json-unquoted-key", 1, 0},
		{"duplicate-key-kept", `{"a":1,"a":2,}`, "json-trailing-comma", 1, 13},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Format([]byte(c.in))
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Format(%q) error = %v, want ErrSyntax", c.in, err)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Format(%q) error %T is not a *SyntaxError", c.in, err)
			}
			if c.code != "" && se.Code != c.code {
				t.Errorf("code %q, want %q", se.Code, c.code)
			}
			if se.Line != c.line || (c.col != 0 && se.Column != c.col) {
				t.Errorf("at %d:%d, want %d:%d", se.Line, se.Column, c.line, c.col)
			}
			if se.Code == "" || se.Detail == "" {
				t.Errorf("no finding from the parser: %+v", se)
			}
			// the refusal is data too: the parser's message id, shown in
			// the reader's language by Localized
			if se.Text.ID == "" || !i18n.EnglishCatalogue().Has(se.Text.ID) {
				t.Errorf("refusal carries no catalogue message: %+v", se.Text)
			}
			if strings.Contains(err.Error(), "invalid character") || strings.Contains(err.Error(), "looking for") {
				t.Errorf("message uses encoding/json's words: %q", err)
			}
		})
	}
}

// formatCorpus is every testdata card and rule example, and texts at the
// edges of what JSON allows.
func formatCorpus(t testing.TB) []string {
	docs := []string{"", "1", `"x"`, "[]", "{}", "[ ]", "{ \n}", "null", `[1,[2,[3,{}]],{"a":{"b":[]}}]`,
		"\ufeff\ufeff{}", "{}\u00a0", " \t{\"a\" : \"\\\"}\" }\r\n", "{\"a\":\"\xff\"}", `{"s":"\ud800","t":["\udc00x"]}`, "[1,]", "{\"a\" 1}",
		strings.Repeat("[", 100) + strings.Repeat("]", 100)}
	cards, _ := filepath.Glob("../../testdata/cards/*.json")
	if len(cards) == 0 {
		t.Fatal("no testdata cards")
	}
	for _, p := range cards {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(b))
	}
	for _, r := range lint.Rules() {
		docs = append(docs, lint.ExampleDocument(r.Bad), lint.ExampleDocument(r.Good))
	}
	return docs
}

// checkLikeIndent: Format accepts exactly what encoding/json accepts and
// writes what json.Indent writes.
func checkLikeIndent(t *testing.T, src []byte) {
	body := bytes.TrimSpace(bytes.TrimPrefix(src, []byte("\ufeff")))
	var want bytes.Buffer
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		want.WriteString("\ufeff")
	}
	werr := json.Indent(&want, body, "", Indent)
	want.WriteByte('\n')
	got, err := Format(src)
	switch {
	case (err == nil) != (werr == nil):
		t.Fatalf("Format(%q): error %v, encoding/json: %v", src, err, werr)
	case err == nil && !bytes.Equal(got, want.Bytes()):
		t.Fatalf("Format(%q) =\n%q\njson.Indent:\n%q", src, got, want.Bytes())
	}
}

func TestFormatMatchesJSONIndent(t *testing.T) {
	for _, d := range formatCorpus(t) {
		checkLikeIndent(t, []byte(d))
	}
}

func FuzzFormat(f *testing.F) {
	for _, d := range formatCorpus(f) {
		f.Add([]byte(d))
	}
	f.Fuzz(checkLikeIndent)
}
