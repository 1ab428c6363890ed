package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	cases := map[string]string{
		"empty":        "",
		"ascii":        `{"name":"x"}`,
		"cjk":          `{"name": "重复", "name": "Duplicate", "description": "两个 name 键。"}`,
		"emoji":        "{\"name\": \"🤖 agent 👩‍💻\"}\n",
		"whitespace":   "\t{\r\n  \"a\" :  1 ,\n\n\n   \"b\":[ ]  }\n\n  \t",
		"crlf-bom":     "\ufeff{\r\n}\r\n",
		"invalid-utf8": "{\"a\": \"\xff\xfe\"}",
		"large":        strings.Repeat(`{"id": "skill-重复", "tags": ["a"]},`+"\n", 3000),
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			enc := Encode([]byte(text))
			if !strings.HasPrefix(enc, Version) {
				t.Fatalf("no version prefix: %q", enc[:10])
			}
			if strings.ContainsAny(enc, "+/=#& ") {
				t.Fatalf("not URL-fragment safe: %q", enc)
			}
			for _, form := range []string{enc, "c=" + enc, "#c=" + enc, "#x=1&c=" + enc} {
				got, err := Decode(form)
				if err != nil {
					t.Fatalf("Decode(%.20q): %v", form, err)
				}
				if !bytes.Equal(got, []byte(text)) {
					t.Fatalf("round trip changed the text:\n got %q\nwant %q", got, text)
				}
			}
		})
	}
}

func TestDecodeMalformed(t *testing.T) {
	notDeflate := Version + base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff})
	var bomb bytes.Buffer
	w, _ := flate.NewWriter(&bomb, flate.BestCompression)
	w.Write(bytes.Repeat([]byte{' '}, MaxDecoded+10))
	w.Close()
	tooLarge := Version + base64.RawURLEncoding.EncodeToString(bomb.Bytes())
	truncated := Encode([]byte(strings.Repeat("abcdefgh", 200)))
	truncated = truncated[:len(Version)+(len(truncated)-len(Version))/2/4*4] // still valid base64

	cases := []struct {
		name, in string
		want     error
	}{
		{"empty", "", ErrEmpty},
		{"only-hash", "#c=", ErrEmpty},
		{"no-version", "abcdef", ErrVersion},
		{"future-version", "2.abcdef", ErrVersion},
		{"bad-base64", "1.@@@!!", ErrBase64},
		{"not-deflate", notDeflate, ErrCompression},
		{"truncated", truncated, ErrCompression},
		{"too-large", tooLarge, ErrTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode(c.in)
			if !errors.Is(err, c.want) {
				t.Fatalf("Decode(%.30q) error = %v, want %v", c.in, err, c.want)
			}
		})
	}
}

func TestEncodeIsCompact(t *testing.T) {
	text := strings.Repeat(`{"protocolBinding": "JSONRPC", "protocolVersion": "1.0"},`, 100)
	if enc := Encode([]byte(text)); len(enc) > len(text)/5 {
		t.Fatalf("encoded %d bytes into %d; expected compression", len(text), len(enc))
	}
}

// FuzzDecode: any fragment decodes or fails cleanly, and whatever Encode
// writes decodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "1.", "#c=1.AwA", "1.@@", "2.abc", Encode([]byte(`{"name": "重复"}`)), "c=" + Encode([]byte("\t\n"))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if out, err := Decode(s); err == nil && len(out) > MaxDecoded {
			t.Fatalf("decoded %d bytes", len(out))
		}
		got, err := Decode(Encode([]byte(s)))
		if err != nil || string(got) != s {
			t.Fatalf("round trip of %q: %q, %v", s, got, err)
		}
	})
}
