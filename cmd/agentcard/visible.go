package main

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// visible makes text from a card (or a file name, or a URL) safe to print
// on a terminal: C0 control characters, DEL and C1 control characters
// (U+0080–U+009F, such as the single-character CSI U+009B) become visible
// escapes such as \x1b or \u009b, and bytes that are not UTF-8 become \xff.
// A card could otherwise clear the screen, retitle the window or plant an
// OSC 8 link in the user's terminal. Tabs are kept; line breaks are kept
// only when keepNewlines is set (multi-line catalogue text), since one
// finding is one line.
func visible(s string, keepNewlines bool) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && (c != '\n' || !keepNewlines) || c == 0x7f || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case r == '\t' || (r == '\n' && keepNewlines):
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			b.WriteString(hex2(byte(r)))
		case r >= 0x80 && r <= 0x9f:
			b.WriteString(`\u00`)
			b.WriteString(hex2(byte(r)))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func hex2(c byte) string {
	h := strconv.FormatUint(uint64(c), 16)
	if len(h) == 1 {
		return "0" + h
	}
	return h
}

// line is visible for one-line text.
func line(s string) string { return visible(s, false) }
