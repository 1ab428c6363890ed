package main

import (
	"testing"
	"unicode/utf16"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// A related location's from/to are UTF-16 offsets: in a JavaScript view of
// the text they cover exactly the first occurrence of the duplicate key,
// with CJK text before and between the two keys.
func TestLintRelatedUTF16(t *testing.T) {
	cases := map[string][]byte{
		"cjk card":         sharedCard(t, "broken-duplicate-key-cjk.json"),
		"cjk before first": []byte("{\"说明\": \"纪要\", \"name\": \"会议\",\n \"name\": \"x\"}"),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			res := Lint(src)
			js := utf16.Encode([]rune(string(src)))
			var found bool
			for _, d := range res.Diagnostics {
				if d.URL != lint.RulePath(d.Code) {
					t.Errorf("%s: url = %q, want %q", d.Code, d.URL, lint.RulePath(d.Code))
				}
				if d.Code != jsonpos.CodeDuplicateKey {
					continue
				}
				found = true
				if len(d.Related) != 1 {
					t.Fatalf("related = %+v", d.Related)
				}
				r := d.Related[0]
				if got := string(utf16.Decode(js[r.From:r.To])); got != `"name"` {
					t.Errorf("related covers %q, want \"name\"", got)
				}
				if r.From >= d.From {
					t.Errorf("related from %d is not before the finding's %d", r.From, d.From)
				}
				if r.Message != i18n.EnglishCatalogue().S(jsonpos.RelatedFirstKey) {
					t.Errorf("related message = %q", r.Message)
				}
			}
			if !found {
				t.Fatal("no duplicate-key finding")
			}
		})
	}
}
