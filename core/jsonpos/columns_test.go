package jsonpos

import (
	"testing"
)

// The example: a duplicate key after Chinese text. The first
// "name" starts at byte 50 of the line but is the 31st character.
const cjkDuplicate = `{"description": "把会议录音整理成纪要", "name": "a", "name": "b"}`

func TestColumnsUnits(t *testing.T) {
	src := []byte(cjkDuplicate + "\n{\"e\": \"😀\", \"x\": 1}")
	d := Parse(src, Options{})
	first := d.Pos(len(`{"description": "把会议录音整理成纪要", `))
	second := d.Pos(len(`{"description": "把会议录音整理成纪要", "name": "a", `))
	x := d.Pos(len(cjkDuplicate + "\n{\"e\": \"😀\", "))
	for _, tc := range []struct {
		unit           Unit
		first, second  int
		afterEmojiLine int
	}{
		{Bytes, 51, 64, 15},
		{Chars, 31, 44, 12},
		{UTF16, 31, 44, 13},
	} {
		cols := NewColumns(d, tc.unit)
		cols.Add(first.Offset, second.Offset, x.Offset)
		if got := cols.Column(first); got != tc.first {
			t.Errorf("%s: first key at column %d, want %d", tc.unit, got, tc.first)
		}
		if got := cols.Column(second); got != tc.second {
			t.Errorf("%s: second key at column %d, want %d", tc.unit, got, tc.second)
		}
		if got := cols.Column(x); got != tc.afterEmojiLine {
			t.Errorf("%s: key after an emoji at column %d, want %d", tc.unit, got, tc.afterEmojiLine)
		}
		// an offset never added gives the same answer
		if got := NewColumns(d, tc.unit).Column(second); got != tc.second {
			t.Errorf("%s: second key alone at column %d, want %d", tc.unit, got, tc.second)
		}
		if got := d.Column(x, tc.unit); got != tc.afterEmojiLine {
			t.Errorf("%s: Doc.Column = %d, want %d", tc.unit, got, tc.afterEmojiLine)
		}
	}
}

func TestParseUnit(t *testing.T) {
	for _, s := range []string{"char", "byte", "utf16"} {
		if u, ok := ParseUnit(s); !ok || string(u) != s {
			t.Errorf("ParseUnit(%q) = %q, %v", s, u, ok)
		}
	}
	if _, ok := ParseUnit("chars"); ok {
		t.Error("chars accepted")
	}
}
