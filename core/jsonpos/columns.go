package jsonpos

import (
	"sort"
	"unicode/utf8"
)

// Unit is how a column is counted on its line. The engine's positions
// count bytes; each edge shows columns in the unit its readers count in
// (a terminal and GitHub count characters, Vim's quickfix and the Go
// tools count bytes, LSP, CodeMirror and SARIF count UTF-16 code units),
// and converts here, in one place.
type Unit string

const (
	// Bytes counts UTF-8 bytes (the engine's own Column).
	Bytes Unit = "byte"
	// Chars counts Unicode code points: "名字" is two columns.
	Chars Unit = "char"
	// UTF16 counts UTF-16 code units: a character outside the Basic
	// Multilingual Plane (most emoji) is two.
	UTF16 Unit = "utf16"
)

// Units lists the units in the order a usage text names them.
func Units() []Unit { return []Unit{Chars, Bytes, UTF16} }

// ParseUnit reads a unit's name as --columns gives it.
func ParseUnit(s string) (Unit, bool) {
	for _, u := range Units() {
		if string(u) == s {
			return u, true
		}
	}
	return "", false
}

// unitsIn is how many units of u the bytes b hold. A byte that is not
// UTF-8 counts as one unit in every unit, as a decoder's replacement
// character does.
func unitsIn(b []byte, u Unit) int {
	switch u {
	case Chars:
		return utf8.RuneCount(b)
	case UTF16:
		return UTF16Offset(b, len(b))
	}
	return len(b)
}

// Columns converts positions of one document to 1-based columns in one
// unit. The offsets an answer needs are given up front (with Add) and
// converted in one pass over the text, so a thousand findings on a
// one-line minified card cost one scan of that line, not a thousand; an
// offset that was not added is converted alone, with the same answer.
type Columns struct {
	doc  *Doc
	unit Unit
	offs []int
	// at maps a byte offset to the units before it, counted from the
	// start of the document.
	at map[int]int
}

// NewColumns prepares conversions of doc's positions to unit. A nil doc
// (a result without a document) leaves every column as given.
func NewColumns(doc *Doc, unit Unit) *Columns {
	return &Columns{doc: doc, unit: unit}
}

// Unit is the unit the columns are counted in.
func (c *Columns) Unit() Unit { return c.unit }

// Add registers byte offsets that Column will be asked about.
func (c *Columns) Add(offs ...int) {
	if c.doc == nil || c.unit == Bytes {
		return
	}
	c.at = nil
	for _, off := range offs {
		c.offs = append(c.offs, off, c.doc.Pos(off).LineStart())
	}
}

// AddRange registers both ends of a range.
func (c *Columns) AddRange(r Range) { c.Add(r.Start.Offset, r.End.Offset) }

func (c *Columns) prepare() {
	if c.at != nil || len(c.offs) == 0 {
		return
	}
	src := c.doc.Src
	offs := c.offs
	sort.Ints(offs)
	c.at = make(map[int]int, len(offs))
	if c.unit == UTF16 {
		c.at = UTF16Offsets(src, offs)
		return
	}
	prev, acc := 0, 0
	for _, off := range offs {
		if _, done := c.at[off]; done {
			continue
		}
		o := min(max(off, 0), len(src))
		acc += unitsIn(src[prev:o], c.unit)
		prev = o
		c.at[off] = acc
	}
}

// Column is p's 1-based column in the unit. A position inside a
// character counts the character it stops inside of, as UTF16Offset
// does.
func (c *Columns) Column(p Position) int {
	if c == nil || c.doc == nil || c.unit == Bytes || p.Line < 1 || p.Column < 1 {
		return p.Column
	}
	ls := p.LineStart()
	if ls < 0 || p.Offset > len(c.doc.Src) || ls > p.Offset {
		return p.Column
	}
	c.prepare()
	a, okA := c.at[p.Offset]
	b, okB := c.at[ls]
	if !okA || !okB {
		return unitsIn(c.doc.Src[ls:p.Offset], c.unit) + 1
	}
	return a - b + 1
}

// Column is p's 1-based column on its line counted in unit (one
// conversion; Columns converts many at once).
func (d *Doc) Column(p Position, unit Unit) int {
	return NewColumns(d, unit).Column(p)
}

// AsText makes a position an argument of a catalogue message: a
// position quoted inside a message ("first at line 1, column 31") is
// data, rendered by whoever shows the message in the unit that reader
// counts in (Columns.Resolve). Rendered as it is, the column counts bytes.
func (p Position) AsText() Text {
	return text("phrase.position", p.Line, p.Column)
}

// Resolve returns t with every Position among its arguments (also inside
// Text arguments) turned into the words for that position with its column
// in c's unit, so that the column a message quotes is counted like the
// column of the finding it belongs to. t is not modified.
func (c *Columns) Resolve(t Text) Text {
	r, _ := c.resolve(t)
	return r
}

func (c *Columns) resolve(t Text) (Text, bool) {
	var args []any
	for i, a := range t.Args {
		var r any
		switch v := a.(type) {
		case Position:
			r = text("phrase.position", v.Line, c.Column(v))
		case Text:
			if rt, changed := c.resolve(v); changed {
				r = rt
			}
		}
		if r == nil {
			continue
		}
		if args == nil {
			args = append([]any(nil), t.Args...)
		}
		args[i] = r
	}
	if args == nil {
		return t, false
	}
	return Text{ID: t.ID, Args: args}, true
}

// AddText registers the positions among t's arguments.
func (c *Columns) AddText(t Text) {
	for _, a := range t.Args {
		switch v := a.(type) {
		case Position:
			c.Add(v.Offset)
		case Text:
			c.AddText(v)
		}
	}
}
