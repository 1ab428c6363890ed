package signature

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestESNumberRFC8785 checks number serialization against the table of
// RFC 8785 Appendix B (testdata/jcs/numbers.txt).
func TestESNumberRFC8785(t *testing.T) {
	f, err := os.Open("testdata/jcs/numbers.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		hex, want, _ := strings.Cut(line, " ")
		bits, err := strconv.ParseUint(hex, 16, 64)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		v := math.Float64frombits(bits)
		n++
		if want == "error" {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				t.Errorf("%s: expected a value JSON cannot carry", hex)
			}
			// Such numbers cannot be written in JSON text; the nearest is
			// an overflowing literal, which decode refuses.
			continue
		}
		if got := esNumber(v); got != want {
			t.Errorf("%s: esNumber = %s, want %s", hex, got, want)
		}
	}
	if n < 20 {
		t.Fatalf("only %d vectors read", n)
	}
}

func canonicalOf(t *testing.T, src []byte) string {
	t.Helper()
	v, err := decode(src)
	if err != nil {
		t.Fatal(err)
	}
	return string(appendJCS(nil, v))
}

// TestJCSExamples runs the RFC's own examples: the mixed values of §3.2.2
// and the member order of §3.2.3.
func TestJCSExamples(t *testing.T) {
	in, _ := os.ReadFile("testdata/jcs/values.in.json")
	want, _ := os.ReadFile("testdata/jcs/values.out.json")
	if got := canonicalOf(t, in); got != string(want) {
		t.Errorf("values:\n got %s\nwant %s", got, want)
	}

	in, _ = os.ReadFile("testdata/jcs/sorting.in.json")
	var order []string
	b, _ := os.ReadFile("testdata/jcs/sorting.order.json")
	if err := json.Unmarshal(b, &order); err != nil || len(order) != 7 {
		t.Fatalf("sorting.order.json: %v", err)
	}
	got := canonicalOf(t, in)
	last := -1
	for _, v := range order {
		i := strings.Index(got, `"`+v+`"`)
		if i < last {
			t.Errorf("%q is out of order in %s", v, got)
		}
		last = i
	}
}

func TestJCSStrings(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a":"\u0000\u001f\b\t\n\f\r"}`, `{"a":"\u0000\u001f\b\t\n\f\r"}`},
		{`{"a":"\u2028\u007f\u00e9"}`, "{\"a\":\"\u2028\u007f\u00e9\"}"},
		{`{"a":"\/\"\\"}`, `{"a":"/\"\\"}`},
		{`{"b":1,"a":[1.0,-0,1e2,0.1]}`, `{"a":[1,0,100,0.1],"b":1}`},
		{`{"\ud800\udc00":1,"\uffff":2}`, "{\"\U00010000\":1,\"\uffff\":2}"},
	} {
		if got := canonicalOf(t, []byte(c.in)); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// TestDecodeRefuses: input JCS cannot canonicalize is refused with a
// specific text, never guessed at.
func TestDecodeRefuses(t *testing.T) {
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	for _, c := range []struct{ in, id string }{
		{`{"a":1,}`, "msg.signature-card.syntax"},
		{`{"a":1`, "msg.signature-card.truncated"},
		{`{"a":1} x`, "msg.signature-card.trailing"},
		{`{"a":1,"a":2}`, "msg.signature-card.duplicate"},
		{`{"a":1e400}`, "msg.signature-card.number"},
		{"{\"a\":\"\xff\"}", "msg.signature-card.utf8"},
		{`{"a":` + deep + `}`, "msg.signature-card.depth"},
		{`[1]`, "msg.signature-card.not-object"},
	} {
		_, err := Canonical([]byte(c.in))
		e, ok := err.(*Error)
		if !ok || e.Text.ID != c.id {
			t.Errorf("%.40s: error %v, want %s", c.in, err, c.id)
		}
	}
}
