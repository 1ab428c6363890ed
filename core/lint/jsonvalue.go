package lint

// Decoded JSON values for the few rules that look inside a value the card
// carries encoded (a signature's protected header, a JWT's header): the
// values json.Unmarshal into an any gives (string, float64, bool, nil,
// []any, map[string]any; the last of duplicate keys wins; an invalid UTF-8
// byte becomes U+FFFD) and the text json.Marshal writes for one of them,
// read with the project's parser so that the editor wasm links no
// encoding/json. jsonvalue_test.go compares both with encoding/json.

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// decodeJSON reads b as json.Unmarshal into an any does; ok is false
// where Unmarshal fails (not JSON, a number out of float64's range).
func decodeJSON(b []byte) (v any, ok bool) {
	doc := jsonpos.Parse(b, jsonpos.Options{MaxBytes: len(b) + 1, MaxDepth: 10000})
	for i := range doc.Problems {
		if !doc.Problems[i].ReadAnyway() {
			return nil, false
		}
	}
	if doc.Root == nil {
		return nil, false
	}
	return valueOf(doc.Src, doc.Root)
}

// decodeJSONObject is decodeJSON into a map[string]any: nil for JSON
// null, ok false for any other value that is not an object.
func decodeJSONObject(b []byte) (map[string]any, bool) {
	v, ok := decodeJSON(b)
	if !ok {
		return nil, false
	}
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case nil:
		return nil, true
	}
	return nil, false
}

func valueOf(src []byte, n *jsonpos.Node) (any, bool) {
	switch n.Kind {
	case jsonpos.Null:
		return nil, true
	case jsonpos.Bool:
		return string(src[n.Start:n.End]) == "true", true
	case jsonpos.Number:
		f, err := strconv.ParseFloat(string(src[n.Start:n.End]), 64)
		return f, err == nil
	case jsonpos.String:
		return validUTF8(n.Str), true
	case jsonpos.Array:
		out := make([]any, 0, len(n.Children))
		for _, c := range n.Children {
			v, ok := valueOf(src, c)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case jsonpos.Object:
		out := make(map[string]any, len(n.Children))
		for _, c := range n.Children {
			v, ok := valueOf(src, c)
			if !ok {
				return nil, false
			}
			out[validUTF8(c.Key)] = v
		}
		return out, true
	}
	return nil, false
}

// validUTF8 replaces each byte that is not UTF-8 with U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// appendJSONValue writes a decoded value as json.Marshal does: keys
// sorted, floats in the shortest form (exponent only below 1e-6 and from
// 1e21 on), <, > and & escaped.
func appendJSONValue(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case float64:
		format := byte('f')
		if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
			format = 'e'
		}
		b = strconv.AppendFloat(b, v, format, -1, 64)
		if format == 'e' { // e-07 as e-7
			if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
				b[n-2] = b[n-1]
				b = b[:n-1]
			}
		}
		return b
	case string:
		return jsonpos.AppendQuoteHTML(b, v)
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONValue(b, e)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonpos.AppendQuoteHTML(b, k)
			b = append(b, ':')
			b = appendJSONValue(b, v[k])
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}
