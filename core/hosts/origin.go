package hosts

import (
	"net"
	"net/url"
	"strings"
)

// Origin is the origin of an absolute http(s) URL (RFC 6454):
// scheme://host:port with the scheme in lower case, the host in its one
// canonical spelling (Canonical) and the port always written, so that
// every spelling of one origin compares equal: https://A.example.,
// https://a.example:443/x and https://a.example are one origin. It is ""
// for anything else (another scheme, no host, a host nobody can reach).
//
// Every decision that compares origins reads them here: where a caller's
// credentials may go (core/discovery's Credentials) and whether a key set
// is the card's own (core/signature).
func Origin(u *url.URL) string {
	if u == nil {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	if (scheme != "http" && scheme != "https") || u.Opaque != "" {
		return ""
	}
	host, ok := Canonical(u.Hostname())
	if !ok || host == "" {
		return ""
	}
	port := strings.TrimLeft(u.Port(), "0")
	switch {
	case u.Port() != "" && port == "":
		port = "0"
	case port == "" && scheme == "https":
		port = "443"
	case port == "":
		port = "80"
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

// OriginOf is Origin of a URL given as text; "" when it does not parse.
func OriginOf(raw string) string {
	if raw == "" {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return Origin(u)
}
