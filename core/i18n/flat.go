package i18n

import (
	"bytes"
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// parseFlat reads a catalogue file: one JSON object whose values are all
// strings. It is what json.Unmarshal into a map[string]string does (the
// last of duplicate names wins), without reflection: loading the English
// catalogue is on every program's first message (a CLI run, the
// playground's first findings in wasm), and encoding/json took 8 ms for
// it natively, 65 ms in wasm. Anything it does not expect (a non-string
// value, invalid UTF-8, a syntax error) is left to json.Unmarshal, which
// then says what is wrong or decodes what this does not.
func parseFlat(data []byte) (map[string]string, error) {
	m, ok := parseFlatFast(data)
	if ok {
		return m, nil
	}
	m = nil
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if m == nil { // null: no messages, as json.Unmarshal says
		m = map[string]string{}
	}
	return m, nil
}

func parseFlatFast(data []byte) (map[string]string, bool) {
	m := make(map[string]string, flatCount(data))
	// Names and values without escapes are slices of one copy of the file.
	if !scanFlat(data, string(data), func(k, v string) { m[k] = v }) {
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
// escapes are slices. It reports false for anything it does not expect.
func scanFlat(data []byte, whole string, put func(k, v string)) bool {
	if !utf8.Valid(data) {
		return false
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
		return false
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
				return false
			}
			space()
			if i >= len(data) || data[i] != ':' {
				return false
			}
			i++
			space()
			v, ok := str()
			if !ok {
				return false
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
			return false
		}
	}
	space()
	return i == len(data)
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
