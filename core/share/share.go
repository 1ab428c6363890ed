// Package share encodes editor text into the URL fragment of a share link
// and back: "1." followed by base64url (no padding) of the raw-DEFLATE
// compressed UTF-8 bytes. The leading "1." is the format version, so a later
// format can be told apart from this one. Nothing here touches the network:
// the fragment of a URL is never sent to a server.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Version is the prefix of every fragment this package writes.
const Version = "1."

// Param is the fragment parameter name: "#c=<encoded>".
const Param = "c"

// MaxDecoded bounds the size of decoded text at the parser's own limit: a
// link can carry nothing the editor would not lint anyway, and a crafted
// link cannot make the page inflate and then lint more than that.
const MaxDecoded = jsonpos.DefaultMaxBytes

// MaxFragment is the longest fragment value that can encode MaxDecoded
// bytes: DEFLATE's stored blocks (5 bytes per 64 KiB) on incompressible
// text, in base64, with room for the version. Anything longer is refused
// before decoding a single byte.
var MaxFragment = len(Version) + base64.RawURLEncoding.EncodedLen(MaxDecoded+MaxDecoded/1024+64)

// LongFragment is the fragment length past which some chat tools, mail
// clients and browsers are known to cut links.
const LongFragment = 32 * 1024

// Errors returned by Decode. They are wrapped with detail; test with
// errors.Is, or ask Code for a stable name.
var (
	ErrEmpty       = errors.New("the share link carries no text")
	ErrVersion     = errors.New("the share link uses a format this page does not know")
	ErrBase64      = errors.New("the share link is damaged: it is not valid base64url")
	ErrCompression = errors.New("the share link is damaged: its data does not decompress")
	ErrTooLarge    = errors.New("the share link holds more text than the editor accepts")
)

// Code names a Decode error for programs (the page, tests): "empty",
// "version", "damaged", "too-large", or "" for nil.
func Code(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrEmpty):
		return "empty"
	case errors.Is(err, ErrVersion):
		return "version"
	case errors.Is(err, ErrTooLarge):
		return "too-large"
	}
	return "damaged"
}

// Encode returns the fragment value (without "#c=") for text.
func Encode(text []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression) // level is valid: error impossible
	w.Write(text)
	w.Close()
	return Version + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Decode reverses Encode. It accepts the bare value, "c=<value>" or
// "#c=<value>", tolerates base64 padding, and returns the exact bytes that
// were encoded. The work is bounded by MaxFragment and MaxDecoded whatever
// the link holds: decompression stops at the first byte past MaxDecoded,
// so a small link that would expand to gigabytes costs at most 1 MiB.
func Decode(fragment string) ([]byte, error) {
	s := strings.TrimSpace(fragment)
	s = strings.TrimPrefix(s, "#")
	if v, ok := param(s); ok {
		s = v
	}
	if s == "" {
		return nil, ErrEmpty
	}
	if len(s) > MaxFragment {
		return nil, fmt.Errorf("%w (%s at most; this link is %s long)", ErrTooLarge, sizeText(MaxDecoded), sizeText(len(s)))
	}
	ver, payload, ok := strings.Cut(s, ".")
	if !ok || ver+"." != Version {
		return nil, fmt.Errorf("%w (expected it to start with %q)", ErrVersion, Version)
	}
	payload = strings.TrimRight(payload, "=")
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBase64, err)
	}
	return inflate(bytes.NewReader(raw))
}

// inflate decompresses raw DEFLATE from r, reading no further than needed
// to produce MaxDecoded+1 bytes.
func inflate(r io.Reader) ([]byte, error) {
	fr := flate.NewReader(r)
	defer fr.Close()
	var out bytes.Buffer
	n, err := out.ReadFrom(io.LimitReader(fr, MaxDecoded+1))
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrCompression, err)
	}
	if n > MaxDecoded {
		return nil, fmt.Errorf("%w (%s at most)", ErrTooLarge, sizeText(MaxDecoded))
	}
	return out.Bytes(), nil
}

func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 {
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// param finds "c=" among &-separated fragment parameters.
func param(s string) (string, bool) {
	for _, part := range strings.Split(s, "&") {
		if v, ok := strings.CutPrefix(part, Param+"="); ok {
			return v, true
		}
	}
	return "", false
}
