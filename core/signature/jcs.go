package signature

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/i18n"
)

// maxDepth bounds nesting while decoding. The engine's parser stops at 64;
// a card deeper than this cannot be a card we lint, so canonicalizing it
// is refused rather than recursed into.
const maxDepth = 128

type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

// value is a decoded JSON value that keeps member order (for messages)
// and the parsed number, which both serializations need.
type value struct {
	kind kind
	b    bool
	f    float64 // kNumber
	s    string  // kString; the literal for kNumber
	arr  []*value
	obj  []member
}

type member struct {
	key string
	val *value
}

func (v *value) get(key string) *value {
	for _, m := range v.obj {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// decode reads one JSON document strictly (RFC 8259 plus I-JSON's rules
// that JCS relies on: valid UTF-8, unique member names, numbers that fit
// a double). Problems are returned as *Error with a catalogue text.
func decode(src []byte) (*value, error) {
	if !utf8.Valid(src) {
		return nil, errText("msg.signature-card.utf8")
	}
	if at := loneSurrogate(src); at >= 0 {
		return nil, errText("msg.signature-card.surrogate", at)
	}
	d := &decoder{dec: json.NewDecoder(bytes.NewReader(src))}
	d.dec.UseNumber()
	v, err := d.value(0, "")
	if err != nil {
		return nil, err
	}
	if _, err := d.dec.Token(); err != io.EOF {
		return nil, errText("msg.signature-card.trailing", int(d.dec.InputOffset()))
	}
	return v, nil
}

// loneSurrogate returns the byte offset of the first \u escape in a
// string of src that is half of a UTF-16 surrogate pair without its other
// half, or -1. RFC 8785 §3.2.2.2 leaves such a string without a canonical
// form (it is not Unicode text); encoding/json would read it as U+FFFD,
// so that a card holding "\ud800" verified with a signature made over
// "\ufffd" (issue 16, B11). Strings are found by their quotes; the
// decoder checks the rest of the syntax.
func loneSurrogate(src []byte) int {
	in := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if !in {
			if c == '"' {
				in = true
			}
			continue
		}
		switch c {
		case '"':
			in = false
		case '\\':
			if i+1 >= len(src) {
				return -1
			}
			if src[i+1] != 'u' {
				i++
				continue
			}
			r, ok := hex4(src, i+2)
			switch {
			case !ok:
				return -1 // not an escape the decoder accepts: its syntax error says so
			case r >= 0xdc00 && r <= 0xdfff:
				return i
			case r >= 0xd800 && r <= 0xdbff:
				lo, ok := -1, i+6+1 < len(src) && src[i+6] == '\\' && src[i+7] == 'u'
				if ok {
					var r2 rune
					r2, ok = hex4(src, i+8)
					lo = int(r2)
				}
				if !ok || lo < 0xdc00 || lo > 0xdfff {
					return i
				}
				i += 11
			default:
				i += 5
			}
		}
	}
	return -1
}

// hex4 reads the four hex digits at src[at:].
func hex4(src []byte, at int) (rune, bool) {
	if at+4 > len(src) {
		return 0, false
	}
	var r rune
	for _, c := range src[at : at+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

type decoder struct {
	dec *json.Decoder
}

func (d *decoder) syntax(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return errText("msg.signature-card.syntax", int(se.Offset))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errText("msg.signature-card.truncated")
	}
	return errText("msg.signature-card.syntax", int(d.dec.InputOffset()))
}

func (d *decoder) value(depth int, ptr string) (*value, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return nil, d.syntax(err)
	}
	return d.fromToken(tok, depth, ptr)
}

func (d *decoder) fromToken(tok json.Token, depth int, ptr string) (*value, error) {
	switch t := tok.(type) {
	case nil:
		return &value{kind: kNull}, nil
	case bool:
		return &value{kind: kBool, b: t}, nil
	case string:
		return &value{kind: kString, s: t}, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, errText("msg.signature-card.number", string(t), pointerText(ptr))
		}
		return &value{kind: kNumber, f: f, s: string(t)}, nil
	case json.Delim:
		if depth >= maxDepth {
			return nil, errText("msg.signature-card.depth", maxDepth)
		}
		if t == '[' {
			v := &value{kind: kArray}
			for i := 0; ; i++ {
				tok, err := d.dec.Token()
				if err != nil {
					return nil, d.syntax(err)
				}
				if tok == json.Delim(']') {
					return v, nil
				}
				e, err := d.fromToken(tok, depth+1, ptr+"/"+strconv.Itoa(i))
				if err != nil {
					return nil, err
				}
				v.arr = append(v.arr, e)
			}
		}
		v := &value{kind: kObject}
		seen := map[string]bool{}
		for {
			tok, err := d.dec.Token()
			if err != nil {
				return nil, d.syntax(err)
			}
			if tok == json.Delim('}') {
				return v, nil
			}
			key, _ := tok.(string)
			if seen[key] {
				return nil, errText("msg.signature-card.duplicate", quoteArg(key), pointerText(ptr))
			}
			seen[key] = true
			e, err := d.value(depth+1, ptr+"/"+escapePointer(key))
			if err != nil {
				return nil, err
			}
			v.obj = append(v.obj, member{key, e})
		}
	}
	return nil, errText("msg.signature-card.syntax", int(d.dec.InputOffset()))
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return pointerEscaper.Replace(s)
}

// pointerEscaper is built once: building it on every call was a third of
// decoding a large card.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// pointerText shows a JSON Pointer; the root is shown as "/" so that the
// argument is never empty.
func pointerText(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// JCS serializes v as RFC 8785 requires: members sorted by the UTF-16
// code units of their names, no whitespace, ECMAScript number forms and
// the minimal string escapes.
func appendJCS(buf []byte, v *value) []byte {
	switch v.kind {
	case kNull:
		return append(buf, "null"...)
	case kBool:
		return strconv.AppendBool(buf, v.b)
	case kNumber:
		return append(buf, esNumber(v.f)...)
	case kString:
		return appendJCSString(buf, v.s)
	case kArray:
		buf = append(buf, '[')
		for i, e := range v.arr {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendJCS(buf, e)
		}
		return append(buf, ']')
	}
	ms := append([]member(nil), v.obj...)
	sort.SliceStable(ms, func(i, j int) bool { return lessUTF16(ms[i].key, ms[j].key) })
	buf = append(buf, '{')
	for i, m := range ms {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendJCSString(buf, m.key)
		buf = append(buf, ':')
		buf = appendJCS(buf, m.val)
	}
	return append(buf, '}')
}

// lessUTF16 orders strings by their UTF-16 code units (RFC 8785 §3.2.3),
// which differs from byte (code point) order only when a character above
// U+FFFF meets one in U+E000–U+FFFF.
func lessUTF16(a, b string) bool {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}

const hexDigits = "0123456789abcdef"

// appendJCSString escapes only what JSON requires (RFC 8785 §3.2.2.2):
// the quote, the backslash and control characters, with the two-letter
// forms where JSON has one; everything else is written as UTF-8.
func appendJCSString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			buf = append(buf, '\\', c)
		case c < 0x20:
			buf = appendControl(buf, c)
		default:
			buf = append(buf, c)
		}
	}
	return append(buf, '"')
}

func appendControl(buf []byte, c byte) []byte {
	switch c {
	case '\b':
		return append(buf, `\b`...)
	case '\t':
		return append(buf, `\t`...)
	case '\n':
		return append(buf, `\n`...)
	case '\f':
		return append(buf, `\f`...)
	case '\r':
		return append(buf, `\r`...)
	}
	return append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// shortest returns the shortest decimal digits that read back as f (no
// sign, no leading zeros) and the position of the decimal point relative
// to them: f = 0.DIGITS × 10^point.
func shortest(f float64) (digits string, point int) {
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, 64) // d.ddde±x
	e := strings.IndexByte(s, 'e')
	exp, _ := strconv.Atoi(s[e+1:])
	return strings.Replace(s[:e], ".", "", 1), exp + 1
}

// esNumber formats f as ECMAScript's Number.prototype.toString does
// (ECMA-262 Number::toString, which RFC 8785 §3.2.2.3 adopts).
func esNumber(f float64) string {
	if f == 0 {
		return "0" // also -0
	}
	digits, n := shortest(f)
	k := len(digits)
	var b strings.Builder
	if f < 0 {
		b.WriteByte('-')
	}
	switch {
	case k <= n && n <= 21:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", n-k))
	case 0 < n && n <= 21:
		b.WriteString(digits[:n])
		b.WriteByte('.')
		b.WriteString(digits[n:])
	case -6 < n && n <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(digits)
	default:
		b.WriteByte(digits[0])
		if k > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		b.WriteByte('e')
		if n-1 >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(n - 1))
	}
	return b.String()
}

// errText is a canonicalization or key problem as a catalogue text.
func errText(id string, args ...any) error { return &Error{Text: i18n.T(id, args...)} }

// Error is a problem with the card or a key, as a catalogue text so that
// every front end shows it in its reader's language. Error() is English.
type Error struct {
	Text i18n.Text
}

func (e *Error) Error() string { return i18n.EnglishCatalogue().Render(e.Text) }
