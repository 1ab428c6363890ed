package jsonpos

import (
	"math/rand/v2"
	"testing"
)

// estimateValuesByByte is estimateValues as first written, one byte at a
// time; the fast one skips strings with IndexByte and must count the same.
func estimateValuesByByte(src []byte) int {
	n, inStr := 1, false
	var arrays uint64
	depth := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case ':':
			n++
		case '[':
			n++
			depth++
			if depth < 64 {
				arrays |= 1 << depth
			}
		case '{':
			depth++
			if depth < 64 {
				arrays &^= 1 << depth
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth >= 64 || arrays&(1<<depth) != 0 {
				n++
			}
		}
	}
	return n
}

func TestEstimateValuesMatchesByteScan(t *testing.T) {
	cases := []string{``, `"`, `"\`, `"\"`, `"\\"`, `"a\"b:c"`, `{"a": "x\\", "b": [1, 2, "\"", {"c": ":"}]}`,
		`["\\\"", ",", "\\\\\\"]`, `{"a":"b`, `[` + "\"\\\n\",3]"}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(`"\:,[]{}a `)
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		if got, want := estimateValues([]byte(c)), estimateValuesByByte([]byte(c)); got != want {
			t.Fatalf("%q: %d, byte scan says %d", c, got, want)
		}
	}
}
