package format

import (
	"errors"
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

func TestFormatRefusesBrokenJSON(t *testing.T) {
	for _, in := range []string{`{"a":1,}`, "{// c\n}", `{"a":`, ``, `{'a':1}`} {
		if _, err := Format([]byte(in)); !errors.Is(err, ErrSyntax) {
			t.Errorf("Format(%q) error = %v, want ErrSyntax", in, err)
		}
	}
}
