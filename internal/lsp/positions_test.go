package lsp

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// TestPositionsRoundTrip converts every character boundary of a text with
// ASCII, CJK, an emoji (two UTF-16 units), CRLF and an invalid byte to an
// LSP position and back, and compares the character with unicode/utf16's
// count of the line so far. (Between \r and \n is no place a cursor can
// be: LSP counts CRLF as one line break.)
func TestPositionsRoundTrip(t *testing.T) {
	src := []byte("{\"a\": 1,\r\n \"名前\": \"🔍x\",\n \"b\": \"\xff!\"}\n")
	doc := jsonpos.Parse(src, jsonpos.Options{})
	var offs []int
	for i := 0; i <= len(src); i++ {
		if i == len(src) || utf8.RuneStart(src[i]) && !(src[i] == '\n' && src[i-1] == '\r') {
			offs = append(offs, i)
		}
	}
	pos := newPositions(doc, append([]int(nil), offs...))
	for _, off := range offs {
		p := pos.at(off)
		lineStart := off
		for lineStart > 0 && src[lineStart-1] != '\n' {
			lineStart--
		}
		units := 0
		for _, r := range string(src[lineStart:off]) { // an invalid byte is U+FFFD: one unit
			units += len(utf16.Encode([]rune{r}))
		}
		if int(p.Character) != units {
			t.Errorf("offset %d: character %d, want %d", off, p.Character, units)
		}
		if back := offsetOf(doc, p); back != off {
			t.Errorf("offset %d -> %+v -> %d", off, p, back)
		}
	}
	// inside the emoji's surrogate pair: the emoji's start; past the end
	// of a line: its end; past the last line: the end of the text
	emoji := len("{\"a\": 1,\r\n \"名前\": \"")
	line1 := protocol.UInteger(1)
	if got := offsetOf(doc, protocol.Position{Line: line1, Character: protocol.UInteger(len(utf16.Encode([]rune(` "名前": "`))) + 1)}); got != emoji {
		t.Errorf("middle of a surrogate pair: %d, want %d", got, emoji)
	}
	if got := offsetOf(doc, protocol.Position{Line: 0, Character: 999}); got != len("{\"a\": 1,") {
		t.Errorf("past the end of line 0: %d", got)
	}
	if got := offsetOf(doc, protocol.Position{Line: 99}); got != len(src) {
		t.Errorf("past the last line: %d", got)
	}
}
