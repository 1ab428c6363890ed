package format

import (
	"errors"
	"github.com/agentcard/agentcard/core/i18n"
	"strings"
	"testing"
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
