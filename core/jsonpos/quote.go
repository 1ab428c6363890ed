package jsonpos

import "unicode/utf8"

// MaxQuoted bounds a name or value quoted in a message, in bytes: a
// finding never carries an unbounded piece of a hostile card, whichever
// package (lint, discovery) writes it.
const MaxQuoted = 120

// Clip shortens s to at most max bytes (cut at a character boundary),
// ending it with "…" when it was cut. Messages quote names and values
// from the card; clipping keeps one finding's text bounded whatever the
// card holds, and never leaves half a character behind.
func Clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - len("…")
	if cut < 0 {
		cut = 0
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// QuoteClipped is the quoter for messages and fix titles: s clipped to
// MaxQuoted bytes, written as a JSON string literal so that what a
// message shows is what the user would type into the card.
func QuoteClipped(s string) string { return Quote(Clip(s, MaxQuoted)) }

// Quote writes s as a JSON string literal, never clipped: edits use it.
// The output is byte for byte what encoding/json writes with HTML
// escaping off (so fixes read the same as before), without pulling
// reflection into the wasm builds. Unlike strconv.Quote it writes no
// Go-only escapes (\x7f, \U0001f600); invalid UTF-8 becomes U+FFFD, and
// U+2028/U+2029 are escaped because JavaScript string literals once
// could not hold them.
func Quote(s string) string { return string(AppendQuote(make([]byte, 0, len(s)+2), s)) }

// AppendQuote appends Quote(s) to b: the editor's result encoder writes
// every string of its answers with it, straight into one buffer.
func AppendQuote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// AppendQuoteHTML appends s quoted as json.Marshal quotes it: AppendQuote
// with <, > and & escaped as well (\u003c, \u003e, \u0026).
func AppendQuoteHTML(b []byte, s string) []byte {
	start := len(b)
	return escapeHTML(AppendQuote(b, s), start)
}

// escapeHTML rewrites <, > and & in b[start:], a quoted string, as
// \u003c, \u003e and \u0026. Those bytes are never part of an escape, so
// replacing them in the quoted text is what escaping them first would do.
func escapeHTML(b []byte, start int) []byte {
	n := 0
	for _, c := range b[start:] {
		if c == '<' || c == '>' || c == '&' {
			n++
		}
	}
	if n == 0 {
		return b
	}
	const hex = "0123456789abcdef"
	old := len(b)
	b = append(b, make([]byte, 5*n)...)
	// from the end backwards, so nothing is overwritten before it is read
	j := len(b)
	for i := old - 1; i >= start; i-- {
		c := b[i]
		if c == '<' || c == '>' || c == '&' {
			j -= 6
			b[j], b[j+1], b[j+2], b[j+3], b[j+4], b[j+5] = '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF]
			continue
		}
		j--
		b[j] = c
	}
	return b
}
