package lsp

import (
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// positions converts byte offsets of one document to LSP positions (0-based
// line, UTF-16 character on that line). All offsets an answer needs are
// collected first and converted in one pass of jsonpos.UTF16Offsets, with
// the start of each one's line; the character is the difference. A
// thousand findings on a one-line minified card cost one scan of it.
type positions struct {
	doc *jsonpos.Doc
	u16 map[int]int
}

func newPositions(doc *jsonpos.Doc, offs []int) *positions {
	all := make([]int, 0, 2*len(offs))
	for _, off := range offs {
		all = append(all, off, doc.Pos(off).LineStart())
	}
	return &positions{doc: doc, u16: jsonpos.UTF16Offsets(doc.Src, all)}
}

// at is the LSP position of a byte offset given to newPositions.
func (p *positions) at(off int) protocol.Position {
	pos := p.doc.Pos(off)
	u, ok := p.u16[pos.Offset]
	if !ok { // not collected: convert it alone (still the engine's count)
		u = jsonpos.UTF16Offset(p.doc.Src, pos.Offset)
	}
	ls, ok := p.u16[pos.LineStart()]
	if !ok {
		ls = jsonpos.UTF16Offset(p.doc.Src, pos.LineStart())
	}
	return protocol.Position{Line: protocol.UInteger(pos.Line - 1), Character: protocol.UInteger(u - ls)}
}

// rangeOf converts an engine range.
func (p *positions) rangeOf(r jsonpos.Range) protocol.Range {
	return protocol.Range{Start: p.at(r.Start.Offset), End: p.at(r.End.Offset)}
}

// offsetOf converts an LSP position to a byte offset of doc: the first
// character boundary whose UTF-16 count on its line reaches the position's
// character (found by binary search with jsonpos.UTF16Offset, so both
// directions count alike); a character between the halves of a surrogate
// pair is the pair's start. A line past the end is the end of the text; a
// character past the end of its line is the line's end.
func offsetOf(doc *jsonpos.Doc, pos protocol.Position) int {
	line := int(pos.Line) + 1
	if line > doc.LineCount() {
		return len(doc.Src)
	}
	start, end := doc.LineBounds(line)
	text := doc.Src[start:end]
	want := int(pos.Character)
	lo, hi := 0, len(text)
	for lo < hi {
		mid := (lo + hi) / 2
		if jsonpos.UTF16Offset(text, mid) >= want {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo < len(text) && !utf8.RuneStart(text[lo]) {
		// UTF16Offset counts a character it stops inside of, so lo may
		// be inside the character that reaches want: its end when that
		// is exactly want, else (want is between the two halves of a
		// surrogate pair) its start.
		first, next := lo, lo
		for first > 0 && !utf8.RuneStart(text[first]) {
			first--
		}
		for next < len(text) && !utf8.RuneStart(text[next]) {
			next++
		}
		if jsonpos.UTF16Offset(text, next) == want {
			lo = next
		} else {
			lo = first
		}
	}
	return start + lo
}
