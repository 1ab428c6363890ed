package i18n

import (
	"bytes"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// parseFlat reads a catalogue file: one JSON object whose values are all
// strings. It says what json.Unmarshal into a map[string]string says (the
// last of duplicate names wins; invalid UTF-8 inside a string reads as
// U+FFFD, byte by byte; null is no messages; anything else is an error),
// without encoding/json: loading a catalogue is on every program's first
// message (a CLI run, the playground's first findings in wasm, where the
// Chinese catalogue arrives as text), encoding/json took 8 ms for the
// English one natively and 65 ms in wasm, and linking it cost the editor's
// wasm about 60 KB brotli. TestParseFlat holds it to json.Unmarshal.
func parseFlat(data []byte) (map[string]string, error) {
	if string(bytes.Trim(data, " \t\r\n")) == "null" {
		return map[string]string{}, nil
	}
	if !utf8.Valid(data) {
		data = replaceInvalidUTF8(data)
	}
	m := make(map[string]string, flatCount(data))
	if ok, at := scanFlat(data, string(data), func(k, v string) { m[k] = v }); !ok {
		if at >= len(data) {
			return nil, fmt.Errorf("not a JSON object of strings: the text ends at byte %d before the object does", at)
		}
		return nil, fmt.Errorf("not a JSON object of strings: unexpected %q at byte %d", data[at], at)
	}
	return m, nil
}

// replaceInvalidUTF8 is data with each byte that does not begin a valid
// UTF-8 sequence replaced by U+FFFD, the way encoding/json decodes such a
// byte inside a string (outside one it is a syntax error either way).
func replaceInvalidUTF8(data []byte) []byte {
	out := make([]byte, 0, len(data)+8)
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, data[i:i+n]...)
		}
		i += n
	}
	return out
}

func parseFlatFast(data []byte) (map[string]string, bool) {
	m := make(map[string]string, flatCount(data))
	// Names and values without escapes are slices of one copy of the file.
	if ok, _ := scanFlat(data, string(data), func(k, v string) { m[k] = v }); !ok {
		return nil, false
	}
	return m, true
}

// flatCount is about how many members a catalogue file has (for sizing
// maps once).
func flatCount(data []byte) int {
	return bytes.Count(data, []byte("\":")) + bytes.Count(data, []byte("\" :"))
}

// scanFlat calls put with each member of the flat object in data, in
// order; whole is data as a string, of which names and values without
// escapes are slices. It reports false, and the byte offset where it
// stopped, for anything it does not expect (invalid UTF-8 included).
func scanFlat(data []byte, whole string, put func(k, v string)) (ok bool, at int) {
	if !utf8.Valid(data) {
		return false, 0
	}
	i := 0
	space := func() {
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
	}
	str := func() (string, bool) {
		if i >= len(data) || data[i] != '"' {
			return "", false
		}
		i++
		start := i
		for i < len(data) && data[i] != '"' && data[i] != '\\' {
			if data[i] < 0x20 {
				return "", false
			}
			i++
		}
		if i < len(data) && data[i] == '"' {
			s := whole[start:i]
			i++
			return s, true
		}
		// Escapes: decode from the start of the string.
		buf := append([]byte(nil), data[start:i]...)
		for i < len(data) {
			c := data[i]
			switch {
			case c == '"':
				i++
				return string(buf), true
			case c < 0x20:
				return "", false
			case c != '\\':
				buf = append(buf, c)
				i++
				continue
			}
			if i+1 >= len(data) {
				return "", false
			}
			e := data[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := hex4(data, i)
				if !ok {
					return "", false
				}
				i += 4
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+1 < len(data) && data[i] == '\\' && data[i+1] == 'u' {
						if v, ok := hex4(data, i+2); ok {
							r2 = v
						}
					}
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						r = d
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", false
			}
		}
		return "", false
	}
	space()
	if i >= len(data) || data[i] != '{' {
		return false, i
	}
	i++
	space()
	if i < len(data) && data[i] == '}' {
		i++
	} else {
		for {
			space()
			k, ok := str()
			if !ok {
				return false, i
			}
			space()
			if i >= len(data) || data[i] != ':' {
				return false, i
			}
			i++
			space()
			v, ok := str()
			if !ok {
				return false, i
			}
			put(k, v)
			space()
			if i < len(data) && data[i] == ',' {
				i++
				continue
			}
			if i < len(data) && data[i] == '}' {
				i++
				break
			}
			return false, i
		}
	}
	space()
	return i == len(data), i
}

// hex4 reads the four hex digits of a \u escape at data[i:].
func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
