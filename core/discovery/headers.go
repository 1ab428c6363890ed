package discovery

import (
	"net/textproto"
	"strings"
)

// HeaderProblem is why a caller's header (the CLI's --header, the
// Worker's POST /api/check "headers") is refused; each program says it in
// its own words, naming the header but never repeating its value.
type HeaderProblem uint8

const (
	HeaderOK        HeaderProblem = iota
	HeaderBadName                 // not an HTTP token (RFC 9110 §5.6.2), or longer than MaxHeaderName
	HeaderReserved                // a header the checker or the runtime sets itself
	HeaderBadValue                // not visible ASCII, spaces and tabs (RFC 9110 §5.5 without obs-text)
	HeaderValueLong               // longer than MaxHeaderValue
)

// Bounds of one caller header.
const (
	MaxHeaderName  = 128
	MaxHeaderValue = 8 << 10
)

// reservedHeaders are set by the checker itself (its identity, the
// protocol version it asks for, the body it sends) or describe the
// connection (framing, the host): a caller's header must not replace
// them. Sec-* and Cf-* are the browser's and Cloudflare's.
var reservedHeaders = map[string]bool{
	"Host": true, "Content-Length": true, "Transfer-Encoding": true, "Connection": true, "Keep-Alive": true,
	"Te": true, "Trailer": true, "Upgrade": true, "Proxy-Connection": true, "Proxy-Authorization": true, "Expect": true,
	"User-Agent": true, "Accept": true, "Content-Type": true, "A2a-Version": true,
}

// CheckHeader is the one rule for a caller's header: the name must be an
// HTTP token that is not reserved, the value visible ASCII with spaces
// and tabs. obs-text (bytes 0x80–0xFF) is refused because runtimes do not
// agree on it: workerd printed the whole value of such a header to its
// log while refusing it (issue 16, B3), and a credential must never be
// logged. canon is the name in its canonical form.
func CheckHeader(name, value string) (canon string, problem HeaderProblem) {
	if name == "" || len(name) > MaxHeaderName || !IsToken(name) {
		return "", HeaderBadName
	}
	canon = textproto.CanonicalMIMEHeaderKey(name)
	if reservedHeaders[canon] || strings.HasPrefix(canon, "Sec-") || strings.HasPrefix(canon, "Cf-") {
		return canon, HeaderReserved
	}
	if len(value) > MaxHeaderValue {
		return canon, HeaderValueLong
	}
	if !VisibleValue(value) {
		return canon, HeaderBadValue
	}
	return canon, HeaderOK
}

// VisibleValue reports whether a header value is visible ASCII, spaces
// and tabs only (RFC 9110 §5.5 field-value without obs-text).
func VisibleValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// CheckHeaders applies CheckHeader to every value of h; it returns the
// first refused header's canonical name and why.
func CheckHeaders(h Header) (name string, problem HeaderProblem) {
	for k, vs := range h {
		for _, v := range vs {
			if canon, p := CheckHeader(k, v); p != HeaderOK {
				return canon, p
			}
		}
	}
	return "", HeaderOK
}
