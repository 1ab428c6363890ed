package jsonpos

import (
	"strings"
	"testing"
)

// TestPosWithoutTableMatchesTable: the positions computed by scanning (a
// run's first few) are the line table's.
func TestPosWithoutTableMatchesTable(t *testing.T) {
	long := "{\n" + strings.Repeat("  \"key\": \"value é\",\r\n\n", 40) + "  \"last\": 1\n}\n"
	for _, src := range []string{"", "{}", "{\n  \"a\": 1\n}\n", "\n\n\r\n{\"x\":\r\n\"é\"}\n\n", "[1,\n2,\n\n3]", long} {
		lt := newLineTable([]byte(src))
		for off := -1; off <= len(src)+1; off++ {
			d := Parse([]byte(src), Options{})
			got := d.Pos(off)
			want := d.lineTab().pos(min(max(off, 0), len(src)))
			if got != want {
				t.Errorf("%q at %d: %+v, table says %+v", src, off, got, want)
			}
			if want != lt.pos(min(max(off, 0), len(src))) {
				t.Errorf("%q at %d: table differs", src, off)
			}
		}
	}
	// past the scanning budget, positions come from the table
	d := Parse([]byte("{\n\"a\": [1, 2, 3]\n}"), Options{})
	for i := 0; i < 100; i++ {
		if p := d.Pos(9); p.Line != 2 || p.Column != 8 {
			t.Fatalf("call %d: %+v", i, p)
		}
	}
}
