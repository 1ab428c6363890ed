package jsonpos

import "testing"

// TestDuplicateKeyRelated checks that a duplicate key's problem carries the
// first occurrence's key span as data, whatever the script of the text
// before it (byte offsets, not characters).
func TestDuplicateKeyRelated(t *testing.T) {
	cases := []struct {
		name       string
		in         string
		first, dup string // the exact source text of each key span
		firstAt    int    // byte offset of the first key
	}{
		{name: "ascii", in: `{"a": 1, "a": 2}`, first: `"a"`, dup: `"a"`, firstAt: 1},
		{name: "after CJK value", in: `{"名": "会议", "x": 1, "名": 2}`, first: `"名"`, dup: `"名"`, firstAt: 1},
		{name: "CJK before first", in: `{"说明": "纪要", "name": "会议纪要助手", "name": "M"}`, first: `"name"`, dup: `"name"`, firstAt: len(`{"说明": "纪要", `)},
		{name: "escaped spelling", in: `{"a": 1, "\u0061": 2}`, first: `"a"`, dup: `"\u0061"`, firstAt: 1},
		{name: "nested", in: `{"x": {"b": 1, "b": 2}, "b": 3}`, first: `"b"`, dup: `"b"`, firstAt: 7},
		{name: "many keys (map path)", in: manyKeys(40, "k7"), first: `"k7"`, dup: `"k7"`, firstAt: len(manyKeys(7, "")) - 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := Parse([]byte(tc.in), Options{})
			var found bool
			for _, p := range d.Problems {
				if p.Code != CodeDuplicateKey {
					continue
				}
				found = true
				if got := tc.in[p.Start:p.End]; got != tc.dup {
					t.Errorf("problem span = %q, want %q", got, tc.dup)
				}
				if len(p.Related) != 1 {
					t.Fatalf("related = %+v, want one entry", p.Related)
				}
				r := p.Related[0]
				if r.Text.ID != RelatedFirstKey {
					t.Errorf("label = %q, want %q", r.Text.ID, RelatedFirstKey)
				}
				if r.Start != tc.firstAt || tc.in[r.Start:r.End] != tc.first {
					t.Errorf("related span = [%d,%d) %q, want start %d %q", r.Start, r.End, tc.in[r.Start:r.End], tc.firstAt, tc.first)
				}
			}
			if !found {
				t.Fatalf("no %s problem in %+v", CodeDuplicateKey, d.Problems)
			}
		})
	}
}
