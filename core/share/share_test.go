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
		{"one-byte-over", Encode(bytes.Repeat([]byte{'x'}, MaxDecoded+1)), ErrTooLarge},
		{"fragment-too-long", Version + strings.Repeat("A", MaxFragment), ErrTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode(c.in)
			if !errors.Is(err, c.want) {
				t.Fatalf("Decode(%.30q) error = %v, want %v", c.in, err, c.want)
			}
			if Code(err) != Code(c.want) || Code(err) == "" {
				t.Fatalf("Code(%v) = %q, want %q", err, Code(err), Code(c.want))
			}
		})
	}
}

// The limit is the parser's: a link holding exactly that much opens, even
// when the text does not compress at all (the link is then as long as it
// can be).
func TestDecodeAtLimit(t *testing.T) {
	if MaxDecoded != 1<<20 {
		t.Fatalf("MaxDecoded = %d, want the parser's 1 MiB", MaxDecoded)
	}
	noise := make([]byte, MaxDecoded)
	seed := uint32(1)
	for i := range noise {
		seed = seed*1664525 + 1013904223
		noise[i] = byte(seed >> 24)
	}
	enc := Encode(noise)
	if len(enc) > MaxFragment {
		t.Fatalf("an incompressible 1 MiB text encodes to %d characters, above MaxFragment %d", len(enc), MaxFragment)
	}
	got, err := Decode(enc)
	if err != nil || !bytes.Equal(got, noise) {
		t.Fatalf("Decode at the limit: %d bytes, %v", len(got), err)
	}
}

// countingReader counts the compressed bytes the decoder asked for.
type countingReader struct {
	r *bytes.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// A bomb is refused while it streams: decompression stops just past the
// limit instead of inflating everything and checking afterwards. 64 MiB of
// one byte compress to ~64 KiB; producing 1 MiB needs about 1 KiB of it.
func TestDecodeStopsAtLimitWhileStreaming(t *testing.T) {
	var bomb bytes.Buffer
	w, _ := flate.NewWriter(&bomb, flate.BestCompression)
	chunk := bytes.Repeat([]byte{'['}, 1<<20)
	for i := 0; i < 64; i++ {
		w.Write(chunk)
	}
	w.Close()
	cr := &countingReader{r: bytes.NewReader(bomb.Bytes())}
	out, err := inflate(cr)
	if !errors.Is(err, ErrTooLarge) || out != nil {
		t.Fatalf("inflate(64 MiB bomb) = %d bytes, %v; want ErrTooLarge", len(out), err)
	}
	if cr.n > bomb.Len()/8 {
		t.Fatalf("read %d of %d compressed bytes: decompression did not stop at the limit", cr.n, bomb.Len())
	}
	// The same through the public entry point, as a link.
	if _, err := Decode("#c=" + Version + base64.RawURLEncoding.EncodeToString(bomb.Bytes())); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Decode(64 MiB bomb) error = %v", err)
	}
}

func TestEncodeIsCompact(t *testing.T) {
	text := strings.Repeat(`{"protocolBinding": "JSONRPC", "protocolVersion": "1.0"},`, 100)
	if enc := Encode([]byte(text)); len(enc) > len(text)/5 {
		t.Fatalf("encoded %d bytes into %d; expected compression", len(text), len(enc))
	}
}
