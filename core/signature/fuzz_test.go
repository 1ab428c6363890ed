package signature

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// FuzzCanonical: any input either gives a clear *Error or payloads that
// are valid JSON, and canonicalizing a canonical payload changes nothing
// (presence pruning and JCS are both idempotent).
func FuzzCanonical(f *testing.F) {
	for _, name := range []string{"testdata/card.json", "testdata/presence.card.json", "testdata/python/card.json", "testdata/jcs/values.in.json", "testdata/jcs/sorting.in.json"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"a":[1e21,1e-7,-0,"\u2028\ud83d\ude00"],"b":{}}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		spec, err := Canonical(src)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if !json.Valid(spec) {
			t.Fatalf("invalid JSON: %s", spec)
		}
		again, err := Canonical(spec)
		if err != nil || !bytes.Equal(again, spec) {
			t.Fatalf("not idempotent:\n%s\n%s (%v)", spec, again, err)
		}
		for _, v := range Variants() {
			p, err := Payload(src, v)
			if err != nil || !json.Valid(p) {
				t.Fatalf("%s: %v %s", v, err, p)
			}
		}
	})
}
