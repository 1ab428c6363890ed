package discovery

import (
	"net"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/hosts"
)

// canonicalize rewrites u's host to the one spelling that the policy, Go's
// net/http and a browser's fetch all read the same way (hosts.Canonical):
// "http://0x7f000001/" becomes "http://127.0.0.1/", which net/http would
// otherwise have looked up in DNS while the policy read it as loopback. A
// host that looks like an IPv4 address but is not a valid one is left as
// it is; the policy refuses it.
func canonicalize(u *url.URL) {
	host, ok := hosts.Canonical(u.Hostname())
	if !ok {
		return
	}
	port := u.Port()
	switch {
	case strings.Contains(host, ":") && port != "":
		u.Host = "[" + host + "]:" + port
	case strings.Contains(host, ":"):
		u.Host = "[" + host + "]"
	case port != "":
		u.Host = host + ":" + port
	default:
		u.Host = host
	}
}

// resolveLocation resolves a redirect's Location against the URL that
// answered it the way a browser does for http(s) URLs (the WHATWG URL
// Standard), where Go's url package differs, so that the hop the policy
// checks is the hop a browser-based client would follow:
//
//   - tabs and newlines anywhere are dropped, and spaces and control
//     characters around the value are trimmed;
//   - before the query, a backslash is a slash: "\\127.0.0.1/" and
//     "/\127.0.0.1/" name the host 127.0.0.1, not a path on this host;
//   - any run of two or more slashes (or backslashes) at the start names a
//     host: "///evil.example/x" is evil.example.
//
// A Location with a scheme must be followed by "//" ("https:evil.example"
// is read differently by different parsers) and is refused otherwise.
func resolveLocation(cur *url.URL, loc string) (*url.URL, bool) {
	s := strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, loc)
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if s == "" {
		return nil, false
	}
	head, tail := s, ""
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		head, tail = s[:i], s[i:]
	}
	head = strings.ReplaceAll(head, "\\", "/")
	scheme := ""
	if i := strings.IndexByte(head, ':'); i > 0 && isScheme(head[:i]) && !strings.Contains(head[:i], "/") {
		scheme, head = strings.ToLower(head[:i]), head[i+1:]
		if !strings.HasPrefix(head, "//") {
			return nil, false
		}
	}
	if strings.HasPrefix(head, "//") {
		head = "//" + strings.TrimLeft(head, "/")
	}
	if scheme != "" {
		head = scheme + ":" + head
	}
	ref, err := url.Parse(head + tail)
	if err != nil || ref.User != nil {
		return nil, false
	}
	next := cur.ResolveReference(ref)
	if next.Opaque != "" || next.Host == "" {
		return nil, false
	}
	next.Scheme = strings.ToLower(next.Scheme)
	next.Fragment, next.RawFragment = "", ""
	canonicalize(next)
	return next, true
}

// hostPort is u's host and port with the scheme's default port filled
// in, for comparing origins.
func hostPort(u *url.URL) (host, port string) {
	host, _ = hosts.Canonical(u.Hostname())
	port = u.Port()
	if port == "" {
		switch strings.ToLower(u.Scheme) {
		case "https":
			port = "443"
		default:
			port = "80"
		}
	}
	return host, strings.TrimLeft(port, "0")
}

// sameEndpoint reports whether the target u reaches the server named by
// self: "host:port" is that host and port (the port of u defaults by its
// scheme), a bare "host" is that host on any port. Every loopback
// spelling (127.0.0.1, localhost, [::1]) counts as one host, so the
// checker on 127.0.0.1:8787 is also localhost:8787.
func sameEndpoint(u *url.URL, self string) bool {
	sh, sp := self, ""
	if h, p, err := net.SplitHostPort(self); err == nil {
		sh, sp = h, p
	}
	sh, ok := hosts.Canonical(sh)
	if !ok || sh == "" {
		return false
	}
	h, p := hostPort(u)
	if sp != "" && strings.TrimLeft(sp, "0") != p {
		return false
	}
	if h == sh {
		return true
	}
	l1 := hosts.Classify(h)
	l2 := hosts.Classify(sh)
	return l1 == hosts.Loopback && l2 == hosts.Loopback
}
