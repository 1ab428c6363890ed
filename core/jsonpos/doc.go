package jsonpos

import (
	"bytes"
	"sync"
	"sync/atomic"
)

// Doc is a parsed document: the source, the tree (nil when nothing could be
// read), and every syntax problem found on the way.
type Doc struct {
	Src      []byte
	Root     *Node
	Problems []Problem
	// lines is made on the first position asked for (lineTab): a card
	// without findings never needs one.
	lines     lineTable
	linesOnce sync.Once
	slab      []Node
	// scanned counts the bytes that positions computed without the table
	// have scanned: a run with a few findings (an editor's keystroke on a
	// 100 KB card) never builds the table, and once the scans add up to
	// the document's size the table is built, so a run with many findings
	// costs no more than before.
	scanned atomic.Int64
}

// lineTab is the line table, made once.
func (d *Doc) lineTab() lineTable {
	d.linesOnce.Do(func() {
		if d.lines == nil {
			d.lines = newLineTable(d.Src)
		}
	})
	return d.lines
}

// Pos converts a byte offset to a Position.
func (d *Doc) Pos(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(d.Src) {
		off = len(d.Src)
	}
	if d.scanned.Add(int64(off)+64) <= int64(len(d.Src)) {
		before := d.Src[:off]
		start := bytes.LastIndexByte(before, '\n') + 1
		return Position{Line: bytes.Count(before, newline) + 1, Column: off - start + 1, Offset: off}
	}
	return d.lineTab().pos(off)
}

var newline = []byte{'\n'}

// Span converts a byte span to a Range.
func (d *Doc) Span(start, end int) Range { return Range{Start: d.Pos(start), End: d.Pos(end)} }

// Range is the span of a node's value.
func (d *Doc) Range(n *Node) Range { return d.Span(n.Start, n.End) }

// KeyRange is the span of a member's key, or of the value for array
// elements and the root.
func (d *Doc) KeyRange(n *Node) Range {
	if n.IsMember() {
		return d.Span(n.KeyStart, n.KeyEnd)
	}
	return d.Range(n)
}

// LineCount is the number of lines in the source.
func (d *Doc) LineCount() int { return len(d.lineTab()) }

// Line returns the text of 1-based line n without its line terminator.
func (d *Doc) Line(n int) string {
	lines := d.lineTab()
	if n < 1 || n > len(lines) {
		return ""
	}
	start := lines[n-1]
	end := len(d.Src)
	if n < len(lines) {
		end = lines[n] - 1
	}
	if end > start && d.Src[end-1] == '\r' {
		end--
	}
	return string(d.Src[start:end])
}

// LineBounds returns the byte span [start, end) of 1-based line n without
// its line terminator, without copying the text (a minified card is one
// line of up to 1 MiB; callers slice the window they show).
func (d *Doc) LineBounds(n int) (start, end int) {
	lines := d.lineTab()
	if n < 1 || n > len(lines) {
		return 0, 0
	}
	start = lines[n-1]
	end = len(d.Src)
	if n < len(lines) {
		end = lines[n] - 1
	}
	if end > start && d.Src[end-1] == '\r' {
		end--
	}
	return start, end
}

// Edit builds an edit replacing [start, end) with text.
func (d *Doc) Edit(start, end int, text string) Edit {
	return Edit{Range: d.Span(start, end), NewText: text}
}
