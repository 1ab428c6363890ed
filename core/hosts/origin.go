package hosts

import (
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
	// An IPv6 address is written in brackets (RFC 3986 §3.2.2), as
	// net.JoinHostPort writes it; the engine does not link package net
	// for this one line (its initialisers run at every start in wasm).
	if strings.IndexByte(host, ':') >= 0 {
		host = "[" + host + "]"
	}
	return scheme + "://" + host + ":" + port
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

// SplitHostPort splits "host:port", "[v6]:port" into host and port, and
// reports false where net.SplitHostPort returns an error (no port, a
// colon too many, a stray bracket); the differential test holds the two
// together. The engine does not link package net for it (its
// initialisers run at every start of the playground's wasm).
func SplitHostPort(s string) (host, port string, ok bool) {
	last := strings.LastIndexByte(s, ':')
	if last < 0 {
		return "", "", false
	}
	rest := s // what must hold no bracket besides the host's own
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 || end+1 != last {
			return "", "", false
		}
		host, rest = s[1:end], s[end+1:]
		if strings.IndexByte(s[1:], '[') >= 0 {
			return "", "", false
		}
	} else {
		host = s[:last]
		if strings.IndexByte(host, ':') >= 0 || strings.IndexByte(s, '[') >= 0 {
			return "", "", false
		}
	}
	if strings.IndexByte(rest, ']') >= 0 {
		return "", "", false
	}
	return host, s[last+1:], true
}
