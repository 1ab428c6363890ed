package lint

import (
	"os"
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// TestDuplicateKeyRelatedRange checks that the finding links the first
// occurrence by range (line, byte column, offset), with CJK text before
// and between the two keys.
func TestDuplicateKeyRelatedRange(t *testing.T) {
	cjkCard, err := os.ReadFile("../../testdata/cards/broken-duplicate-key-cjk.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		src       string
		wantFirst string // source text of the related range
		startLine int
		startCol  int
	}{
		{name: "cjk card", src: string(cjkCard), wantFirst: `"name"`, startLine: 1, startCol: 2},
		{name: "second line after CJK", src: "{\"description\": \"整理纪要\",\n  \"name\": \"会议\", \"name\": \"x\"}", wantFirst: `"name"`, startLine: 2, startCol: 3},
		{name: "nested after CJK", src: "{\"说明\": \"纪要\", \"capabilities\": {\"streaming\": true,\n\"streaming\": false}}", wantFirst: `"streaming"`, startLine: 1, startCol: len(`{"说明": "纪要", "capabilities": {`) + 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := Lint([]byte(tc.src), Options{})
			var d *Diagnostic
			for i := range res.Diagnostics {
				if res.Diagnostics[i].Code == jsonpos.CodeDuplicateKey {
					d = &res.Diagnostics[i]
				}
			}
			if d == nil {
				t.Fatalf("no %s finding", jsonpos.CodeDuplicateKey)
			}
			if len(d.Related) != 1 {
				t.Fatalf("related = %+v, want one entry", d.Related)
			}
			r := d.Related[0]
			if r.Text.ID != jsonpos.RelatedFirstKey {
				t.Errorf("related message = %q, want %q", r.Text.ID, jsonpos.RelatedFirstKey)
			}
			if got := tc.src[r.Range.Start.Offset:r.Range.End.Offset]; got != tc.wantFirst {
				t.Errorf("related text = %q, want %q", got, tc.wantFirst)
			}
			if r.Range.Start.Line != tc.startLine || r.Range.Start.Column != tc.startCol {
				t.Errorf("related start = %d:%d, want %d:%d", r.Range.Start.Line, r.Range.Start.Column, tc.startLine, tc.startCol)
			}
			if r.Range.Start.Offset >= d.Range.Start.Offset {
				t.Errorf("related start %d is not before the finding at %d", r.Range.Start.Offset, d.Range.Start.Offset)
			}
		})
	}
}

// TestDiagnosticURL checks that every finding links its rule page, built
// by RuleURL.
func TestDiagnosticURL(t *testing.T) {
	res := Lint([]byte(`{"name": 1, "name": 2, "url": "ftp://x"}`), Options{})
	if len(res.Diagnostics) == 0 {
		t.Fatal("no findings")
	}
	for _, d := range res.Diagnostics {
		if want := SiteURL + "/rules/" + d.Code + "/"; d.URL != want || RuleURL(d.Code) != want {
			t.Errorf("%s: url = %q, want %q", d.Code, d.URL, want)
		}
	}
}
