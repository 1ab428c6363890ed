package jsonpos

import "strconv"

// Writer writes a JSON text by hand, for the encoders that must not pay
// for reflection: the editor's answers (wasm/editor: encoding/json there
// was 230 KB of code and 57 ms building its encoders on the first lint)
// and a lint result (lint.Result.MarshalJSON: building encoding/json's
// encoders was a tenth of a CLI lint's own time, docs/PERFORMANCE.md).
// An appender written with it writes the bytes encoding/json writes
// for the same value: members in struct order, omitempty, null for a nil
// slice; each appender's tests compare the two.
//
// A member is added with the writer's methods; the comma before it is
// decided from the last byte written (none after '{', '[' or ':'), so an
// appender reads like the struct it writes.
type Writer struct {
	B []byte
	// EscapeHTML writes <, > and & as \u003c, \u003e and \u0026, as
	// json.Marshal does; without it strings are what an Encoder with
	// SetEscapeHTML(false) writes. JSON readers read both the same.
	EscapeHTML bool
}

// Sep writes the comma before a member or element, unless it is the first.
func (w *Writer) Sep() {
	if n := len(w.B); n > 0 && w.B[n-1] != '{' && w.B[n-1] != '[' && w.B[n-1] != ':' {
		w.B = append(w.B, ',')
	}
}

// Key starts a member (name is a Go constant: it is not escaped).
func (w *Writer) Key(name string) {
	w.Sep()
	w.B = append(w.B, '"')
	w.B = append(w.B, name...)
	w.B = append(w.B, '"', ':')
}

// Open and Close write an object's braces; OpenList and CloseList an
// array's brackets.
func (w *Writer) Open()      { w.Sep(); w.B = append(w.B, '{') }
func (w *Writer) Close()     { w.B = append(w.B, '}') }
func (w *Writer) OpenList()  { w.Sep(); w.B = append(w.B, '[') }
func (w *Writer) CloseList() { w.B = append(w.B, ']') }

// Null writes null (a nil slice, as encoding/json writes it).
func (w *Writer) Null() { w.Sep(); w.B = append(w.B, "null"...) }

// Raw writes a value already encoded (b must be one JSON value).
func (w *Writer) Raw(b []byte) { w.Sep(); w.B = append(w.B, b...) }

// Str writes a string value (AppendQuote, and HTML escaping if asked).
func (w *Writer) Str(v string) {
	w.Sep()
	if w.EscapeHTML {
		w.B = AppendQuoteHTML(w.B, v)
		return
	}
	w.B = AppendQuote(w.B, v)
}

// Int writes an integer value.
func (w *Writer) Int(v int) { w.Sep(); w.B = strconv.AppendInt(w.B, int64(v), 10) }

// Bool writes true or false.
func (w *Writer) Bool(v bool) { w.Sep(); w.B = strconv.AppendBool(w.B, v) }

// S, I and T write a string, integer and boolean member; SO, IO and TO
// leave it out when it is the zero value (omitempty).
func (w *Writer) S(name, v string)     { w.Key(name); w.Str(v) }
func (w *Writer) I(name string, v int) { w.Key(name); w.Int(v) }
func (w *Writer) T(name string, v bool) {
	w.Key(name)
	w.Bool(v)
}
func (w *Writer) SO(name, v string) {
	if v != "" {
		w.S(name, v)
	}
}
func (w *Writer) IO(name string, v int) {
	if v != 0 {
		w.I(name, v)
	}
}
func (w *Writer) TO(name string, v bool) {
	if v {
		w.T(name, v)
	}
}

// Strs writes a []string member (null when nil); StrsO leaves an empty
// one out.
func (w *Writer) Strs(name string, v []string) {
	w.Key(name)
	if v == nil {
		w.Null()
		return
	}
	w.OpenList()
	for _, s := range v {
		w.Str(s)
	}
	w.CloseList()
}
func (w *Writer) StrsO(name string, v []string) {
	if len(v) > 0 {
		w.Strs(name, v)
	}
}

// Pos writes a Position member and Range a Range member.
func (w *Writer) Pos(name string, p Position) {
	w.Key(name)
	w.Open()
	w.I("line", p.Line)
	w.I("column", p.Column)
	w.I("offset", p.Offset)
	w.Close()
}

func (w *Writer) Range(name string, r Range) {
	w.Key(name)
	w.Open()
	w.Pos("start", r.Start)
	w.Pos("end", r.End)
	w.Close()
}
