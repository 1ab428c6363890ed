package share

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzDecode feeds arbitrary fragments to the share decoder: it must never
// panic, never return more than the editor accepts, fail only with one of
// its documented errors, and whatever it returns must survive another
// round trip unchanged. make test runs it briefly.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		Encode([]byte(`{"name": "Recipe Agent", "version": "1.0"}`)),
		Encode([]byte("名字 😀")),
		Encode(nil),
		"#c=" + Encode([]byte(`{}`)),
		"c=1.AAAA",
		"2.abc",
		"1.",
		"1.!!!",
		"1.7P0AAAAAAAAAAAAAAA",
	} {
		f.Add(s)
	}
	known := []error{ErrEmpty, ErrVersion, ErrBase64, ErrCompression, ErrTooLarge}
	f.Fuzz(func(t *testing.T, fragment string) {
		out, err := Decode(fragment)
		if err != nil {
			for _, k := range known {
				if errors.Is(err, k) {
					return
				}
			}
			t.Fatalf("Decode(%q): undocumented error %v", fragment, err)
		}
		if len(out) > MaxDecoded {
			t.Fatalf("Decode(%q) returned %d bytes, above the %d-byte limit", fragment, len(out), MaxDecoded)
		}
		again, err := Decode(Encode(out))
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("round trip of %d decoded bytes failed: %v", len(out), err)
		}
	})
}
