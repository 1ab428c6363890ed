package main

import (
	"encoding/json"
	"io"
)

// newJSONEncoder is how every JSON output is written (lint, SARIF, select,
// rules, fields): indented, HTML left alone, and control characters
// escaped (escapeControls).
func newJSONEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(escapeControls{w: w})
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc
}

// escapeControls writes JSON with DEL and the C1 control characters
// (U+0080–U+009F) escaped as \u007f and \u0080…\u009f, as the text
// formats escape them (visible): encoding/json escapes only C0, so a
// card's "\u009b" (the one-character CSI) reached a terminal that
// printed the JSON or SARIF raw (issue 16, B16). In JSON these runes can
// only stand inside strings, so rewriting the bytes keeps the document
// what it was. encoding/json writes each document with one Write, so a
// rune is never split across calls.
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
