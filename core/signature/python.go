package signature

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
)

// appendPython serializes v as Python's
// json.dumps(v, sort_keys=True, separators=(",", ":")) does with its
// defaults (ensure_ascii=True) when every number is a float: the Python
// SDK's canonical form. It differs from JCS in three ways: characters
// outside printable ASCII are escaped as \uXXXX (UTF-16, lowercase hex),
// keys are sorted by code point instead of UTF-16 unit, and numbers use
// Python's float repr ("1.0", "1e+16", "1e-05").
func appendPython(buf []byte, v *value) []byte {
	switch v.kind {
	case kNull:
		return append(buf, "null"...)
	case kBool:
		if v.b {
			return append(buf, "true"...)
		}
		return append(buf, "false"...)
	case kNumber:
		return append(buf, pyFloat(v.f)...)
	case kString:
		return appendPythonString(buf, v.s)
	case kArray:
		buf = append(buf, '[')
		for i, e := range v.arr {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendPython(buf, e)
		}
		return append(buf, ']')
	}
	ms := append([]member(nil), v.obj...)
	// Go compares strings by bytes, which for UTF-8 is code point order:
	// Python's str order.
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].key < ms[j].key })
	buf = append(buf, '{')
	for i, m := range ms {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendPythonString(buf, m.key)
		buf = append(buf, ':')
		buf = appendPython(buf, m.val)
	}
	return append(buf, '}')
}

func appendPythonString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			buf = append(buf, '\\', byte(r))
		case r < 0x20:
			buf = appendControl(buf, byte(r))
		case r < 0x7f:
			buf = append(buf, byte(r))
		case r > 0xffff:
			a, b := utf16.EncodeRune(r)
			buf = appendU(appendU(buf, a), b)
		default: // DEL and everything above ASCII
			buf = appendU(buf, r)
		}
	}
	return append(buf, '"')
}

func appendU(buf []byte, r rune) []byte {
	return append(buf, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

// pyFloat formats f as Python's repr(float): the shortest round-trip
// digits, in positional form when the decimal exponent is in [-4, 16)
// (always with a fractional part, "2.0") and scientific otherwise, with a
// signed exponent of at least two digits ("1e+16", "2.5e-07").
func pyFloat(f float64) string {
	if f == 0 {
		if 1/f < 0 {
			return "-0.0"
		}
		return "0.0"
	}
	digits, n := shortest(f)
	k := len(digits)
	var b strings.Builder
	if f < 0 {
		b.WriteByte('-')
	}
	switch {
	case n <= -4 || n > 16:
		b.WriteByte(digits[0])
		if k > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		e := n - 1
		b.WriteByte('e')
		if e < 0 {
			b.WriteByte('-')
			e = -e
		} else {
			b.WriteByte('+')
		}
		if e < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(e))
	case n <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(digits)
	case k <= n:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", n-k))
		b.WriteString(".0")
	default:
		b.WriteString(digits[:n])
		b.WriteByte('.')
		b.WriteString(digits[n:])
	}
	return b.String()
}
