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
)

// Version is the prefix of every fragment this package writes.
const Version = "1."

// Param is the fragment parameter name: "#c=<encoded>".
const Param = "c"

// MaxDecoded bounds the size of decoded text, so a crafted link cannot make
// the page inflate gigabytes. It is larger than any real card.
const MaxDecoded = 4 << 20

// LongFragment is the fragment length past which some chat tools, mail
// clients and browsers are known to cut links.
const LongFragment = 32 * 1024

// Errors returned by Decode. They are wrapped with detail; test with
// errors.Is.
var (
	ErrEmpty       = errors.New("the share link carries no text")
	ErrVersion     = errors.New("the share link uses a format this page does not know")
	ErrBase64      = errors.New("the share link is damaged: it is not valid base64url")
	ErrCompression = errors.New("the share link is damaged: its data does not decompress")
	ErrTooLarge    = errors.New("the share link expands to more text than the editor accepts")
)

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
// were encoded.
func Decode(fragment string) ([]byte, error) {
	s := strings.TrimSpace(fragment)
	s = strings.TrimPrefix(s, "#")
	if v, ok := param(s); ok {
		s = v
	}
	if s == "" {
		return nil, ErrEmpty
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
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	out, err := io.ReadAll(io.LimitReader(r, MaxDecoded+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCompression, err)
	}
	if len(out) > MaxDecoded {
		return nil, fmt.Errorf("%w (%d bytes at most)", ErrTooLarge, MaxDecoded)
	}
	return out, nil
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
