package lint

import (
	"strings"
	"unicode/utf8"
)

// Unfilled templates of the common template languages and docs, found by
// plain scanning: findPlaceholder tries these forms in this order and
// returns the leftmost occurrence of the first form present, as the
// regular expressions they were first written as did (placeholder_test.go
// keeps those and checks that both agree):
//
//	${HOST}             \$\{[^}]*\}
//	{{ base_url }}      \{\{[^}]*\}\}
//	{BASE_URL}          \{[^}]*\}
//	<your-url>          <[^>]*>
//	$HOST               \$[A-Z_][A-Z0-9_]*
//	%HOST%              %[A-Za-z_][A-Za-z0-9_]*%
//	__HOST__            __[A-Z][A-Z0-9_]*__
//	your-domain.com     (?i)\byour[-_.]?(?:domain|host|hostname|url|server|agent|endpoint|app|service|api)\b[A-Za-z0-9._\-]*
//	CHANGE_ME           (?i)\b(?:change[-_]?me|replace[-_]?me|placeholder)\b
var placeholderForms = []func(string) string{
	func(s string) string { return delimited(s, "${", '}', "}") },
	func(s string) string { return delimited(s, "{{", '}', "}}") },
	func(s string) string { return delimited(s, "{", '}', "}") },
	func(s string) string { return delimited(s, "<", '>', ">") },
	dollarName,
	percentName,
	dunderName,
	yourWord,
	changeMeWord,
}

// delimited finds open, then anything but stop, then close (which starts
// with stop).
func delimited(s, open string, stop byte, close string) string {
	for i := 0; ; {
		j := strings.Index(s[i:], open)
		if j < 0 {
			return ""
		}
		i += j
		body := i + len(open)
		k := strings.IndexByte(s[body:], stop)
		if k < 0 {
			return "" // no later start has a stop either
		}
		k += body
		if strings.HasPrefix(s[k:], close) {
			return s[i : k+len(close)]
		}
		i++
	}
}

func isUpperName(c byte) bool { return 'A' <= c && c <= 'Z' || c == '_' }
func isUpperNamePart(c byte) bool {
	return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}
func isNameStart(c byte) bool { return 'a' <= c && c <= 'z' || isUpperName(c) }
func isNamePart(c byte) bool  { return 'a' <= c && c <= 'z' || isUpperNamePart(c) }

// dollarName: $ and an upper-case name.
func dollarName(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '$' || !isUpperName(s[i+1]) {
			continue
		}
		j := i + 2
		for j < len(s) && isUpperNamePart(s[j]) {
			j++
		}
		return s[i:j]
	}
	return ""
}

// percentName: a name between percent signs.
func percentName(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '%' || !isNameStart(s[i+1]) {
			continue
		}
		j := i + 2
		for j < len(s) && isNamePart(s[j]) {
			j++
		}
		if j < len(s) && s[j] == '%' {
			return s[i : j+1]
		}
	}
	return ""
}

// dunderName: __, a capital, upper-case name characters, and __ (the
// longest such run: the name may hold underscores itself).
func dunderName(s string) string {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '_' || s[i+1] != '_' || s[i+2] < 'A' || s[i+2] > 'Z' {
			continue
		}
		e := i + 3
		for e < len(s) && isUpperNamePart(s[e]) {
			e++
		}
		for k := e - 2; k >= i+3; k-- {
			if s[k] == '_' && s[k+1] == '_' {
				return s[i : k+2]
			}
		}
	}
	return ""
}

// isWordByte is a byte of \w (ASCII letters, digits, '_'); any byte of a
// multi-byte character is not.
func isWordByte(c byte) bool { return isNamePart(c) || 'A' <= c && c <= 'Z' }

// boundaryAt reports \b between s[i-1] and s[i] for s[i] a word byte.
func wordStartsAt(s string, i int) bool { return i == 0 || !isWordByte(s[i-1]) }

// wordEndsAt reports \b at i after a word byte.
func wordEndsAt(s string, i int) bool { return i == len(s) || !isWordByte(s[i]) }

// foldPrefix reports whether s starts with word (lower-case ASCII) in any
// case, as (?i) matches it: Unicode simple folding, under which 's' is
// also ſ (U+017F) and 'k' also the Kelvin sign (U+212A). It returns the
// length matched in s.
func foldPrefix(s, word string) (int, bool) {
	n := 0
	for k := 0; k < len(word); k++ {
		w := word[k]
		if n < len(s) && (s[n] == w || s[n] == w-('a'-'A')) {
			n++
			continue
		}
		if r, size := utf8.DecodeRuneInString(s[n:]); (w == 's' && r == 'ſ') || (w == 'k' && r == '\u212a') {
			n += size
			continue
		}
		return 0, false
	}
	return n, true
}

// placeholderNouns follow "your" in a placeholder; "host" before
// "hostname", as the alternation tried them.
var placeholderNouns = []string{"domain", "host", "hostname", "url", "server", "agent", "endpoint", "app", "service", "api"}

// yourWord: "your", an optional separator, a noun of placeholderNouns
// ending a word, and the rest of a host-like token.
func yourWord(s string) string {
	for i := 0; i+4 <= len(s); i++ {
		if s[i]|0x20 != 'y' || !wordStartsAt(s, i) {
			continue
		}
		n, ok := foldPrefix(s[i:], "your")
		if !ok {
			continue
		}
		at := i + n
		var seps []int // with the separator first, then without
		if at < len(s) && (s[at] == '-' || s[at] == '_' || s[at] == '.') {
			seps = append(seps, at+1)
		}
		seps = append(seps, at)
		for _, p := range seps {
			for _, noun := range placeholderNouns {
				m, ok := foldPrefix(s[p:], noun)
				if !ok || !wordEndsAt(s, p+m) {
					continue
				}
				e := p + m
				for e < len(s) {
					c := s[e]
					if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-' {
						e++
						continue
					}
					if r, size := utf8.DecodeRuneInString(s[e:]); r == 'ſ' || r == '\u212a' {
						e += size
						continue
					}
					break
				}
				return s[i:e]
			}
		}
	}
	return ""
}

// changeMeWord: change me, replace me (with an optional '-' or '_') or
// placeholder, as a whole word.
func changeMeWord(s string) string {
	for i := 0; i < len(s); i++ {
		if !wordStartsAt(s, i) {
			continue
		}
		switch s[i] | 0x20 {
		case 'c', 'r':
			verb := "change"
			if s[i]|0x20 == 'r' {
				verb = "replace"
			}
			n, ok := foldPrefix(s[i:], verb)
			if !ok {
				continue
			}
			at := i + n
			ends := []int{at}
			if at < len(s) && (s[at] == '-' || s[at] == '_') {
				ends = []int{at + 1, at}
			}
			for _, p := range ends {
				if m, ok := foldPrefix(s[p:], "me"); ok && wordEndsAt(s, p+m) {
					return s[i : p+m]
				}
			}
		case 'p':
			if n, ok := foldPrefix(s[i:], "placeholder"); ok && wordEndsAt(s, i+n) {
				return s[i : i+n]
			}
		}
	}
	return ""
}
