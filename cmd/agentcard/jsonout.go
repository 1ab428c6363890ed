package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// newJSONEncoder is how every JSON output is written (lint, SARIF, select,
// rules, fields): indented, HTML left alone, and control characters
// escaped (escapeControls).
func newJSONEncoder(w io.Writer) *json.Encoder {
	return indentedEncoder(escapeControls{w: w}, "")
}

// indentedEncoder is newJSONEncoder's encoding without the escaping, each
// line after the first starting with prefix.
func indentedEncoder(w io.Writer, prefix string) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	return enc
}

// jsonStream writes a document as newJSONEncoder would, with the
// elements of one array (its last) given one at a time: lint's JSON and
// SARIF reports grow by one INPUT's results at a time and are never held
// whole (issue 38). The bytes are the encoder's for the whole document
// (TestJSONStreamed, TestSARIFStreamed).
type jsonStream struct {
	w io.Writer
	// head is the document up to the array's "[", tail from its "]";
	// indent is the array member's own line indent.
	head, tail, indent string
	n                  int
	started            bool
	buf                bytes.Buffer
	enc                *json.Encoder
}

// newJSONStream starts a stream of doc, whose member array holds no
// element yet and is the last array in doc.
func newJSONStream(w io.Writer, doc any, array string) *jsonStream {
	var b bytes.Buffer
	if err := indentedEncoder(&b, "").Encode(doc); err != nil {
		panic(err) // doc's types are ours, and encode
	}
	empty := b.String()
	key := fmt.Sprintf("%q: [", array)
	i := strings.LastIndex(empty, key+"]")
	if i < 0 {
		panic("jsonStream: no empty " + array + " in the document")
	}
	indent := empty[strings.LastIndexByte(empty[:i], '\n')+1 : i]
	s := &jsonStream{w: escapeControls{w: w}, head: empty[:i+len(key)], tail: empty[i+len(key):], indent: indent}
	s.enc = indentedEncoder(&s.buf, indent+"  ")
	return s
}

// add writes one element.
func (s *jsonStream) add(v any) error {
	s.buf.Reset()
	if !s.started {
		s.buf.WriteString(s.head)
		s.started = true
	}
	if s.n > 0 {
		s.buf.WriteByte(',')
	}
	s.buf.WriteString("\n" + s.indent + "  ")
	s.n++
	if err := s.enc.Encode(v); err != nil {
		return err
	}
	s.buf.Truncate(s.buf.Len() - 1) // the encoder's newline
	_, err := s.w.Write(s.buf.Bytes())
	return err
}

// close writes the document's end.
func (s *jsonStream) close() error {
	s.buf.Reset()
	if !s.started {
		s.buf.WriteString(s.head)
	}
	if s.n > 0 {
		s.buf.WriteString("\n" + s.indent)
	}
	s.buf.WriteString(s.tail)
	_, err := s.w.Write(s.buf.Bytes())
	return err
}

// escapeControls writes JSON with DEL and the C1 control characters
// (U+0080–U+009F) escaped as \u007f and \u0080…\u009f, as the text
// formats escape them (visible): encoding/json escapes only C0, so a
// card's "\u009b" (the one-character CSI) reached a terminal that
// printed the JSON or SARIF raw (issue 16, B16). In JSON these runes can
// only stand inside strings, so rewriting the bytes keeps the document
// what it was. encoding/json writes each document with one Write, and
// jsonStream each element with its glue, so a rune is never split across
// calls.
type escapeControls struct{ w io.Writer }

func (e escapeControls) Write(p []byte) (int, error) {
	clean := true
	for i := 0; i < len(p); i++ {
		if p[i] == 0x7f || p[i] == 0xc2 && i+1 < len(p) && p[i+1] >= 0x80 && p[i+1] <= 0x9f {
			clean = false
			break
		}
	}
	if clean {
		return e.w.Write(p)
	}
	const hex = "0123456789abcdef"
	out := make([]byte, 0, len(p)+32)
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == 0x7f:
			out = append(out, `\u007f`...)
		case c == 0xc2 && i+1 < len(p) && p[i+1] >= 0x80 && p[i+1] <= 0x9f:
			out = append(out, '\\', 'u', '0', '0', hex[p[i+1]>>4], hex[p[i+1]&0xf])
			i++
		default:
			out = append(out, c)
		}
	}
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
