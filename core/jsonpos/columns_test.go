package jsonpos

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
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

// The duplicate-key message quotes the first occurrence as a Position
// argument; Resolve words it with the column in the reader's unit, the
// unit the finding's own column is printed in.
func TestResolvePositionArgument(t *testing.T) {
	d := Parse([]byte(cjkDuplicate), Options{})
	var dup *Problem
	for i := range d.Problems {
		if d.Problems[i].Code == CodeDuplicateKey {
			dup = &d.Problems[i]
		}
	}
	if dup == nil {
		t.Fatal("no duplicate-key problem")
	}
	cat := i18n.EnglishCatalogue()
	for unit, want := range map[Unit]string{
		Bytes: `member "name" appears again (first at line 1, column 51)`,
		Chars: `member "name" appears again (first at line 1, column 31)`,
		UTF16: `member "name" appears again (first at line 1, column 31)`,
	} {
		cols := NewColumns(d, unit)
		cols.AddText(dup.Text)
		got := cat.Render(cols.Resolve(dup.Text))
		if len(got) < len(want) || got[:len(want)] != want {
			t.Errorf("%s: %q, want it to start with %q", unit, got, want)
		}
	}
	// unresolved, a position renders with its own (byte) column, and the
	// problem's Text is not changed by Resolve
	if got := cat.Render(dup.Text); got[:len(`member "name" appears again (first at line 1, column 51)`)] != `member "name" appears again (first at line 1, column 51)` {
		t.Errorf("unresolved: %q", got)
	}
	// a position inside a Text argument is resolved too
	nested := i18n.T("fixall.refused.syntax", Position{Line: 1, Column: 51, Offset: 50}, "x", "y")
	outer := i18n.T("cli.fix.applied-safe", "code", nested)
	if got := cat.Render(NewColumns(d, Chars).Resolve(outer)); !strings.Contains(got, "line 1, column 31") {
		t.Errorf("nested: %q", got)
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
