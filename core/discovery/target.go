package discovery

import (
	"net/url"
	"strings"
)

// ParseTarget reads a URL that an outbound request is about to go to —
// a card's interface url (core/probe, core/extended), a signature's jku
// (KeySetFetcher) — the one way every such URL is read: an absolute
// http(s) URL of at most MaxURLLength bytes, scheme in lower case, no
// fragment, and the host rewritten to the one spelling that the policy,
// Go's net/http and a browser's fetch all read the same way
// (hosts.Canonical: "localhost..", "0x7f000001" and "127.1" become what
// the fetcher would reach). The caller then applies Policy.Check, which
// looks at that spelling; the card URL itself comes through Normalize and
// redirect hops through ResolveLocation, which canonicalize the same way.
// ok is false for what is not such a URL.
func ParseTarget(raw string) (u *url.URL, ok bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > MaxURLLength {
		return nil, false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" || u.Host == "" || u.Hostname() == "" {
		return nil, false
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, false
	}
	u.Fragment, u.RawFragment = "", ""
	canonicalize(u)
	return u, true
}

// ResolveLocation resolves a redirect's Location against the URL that
// answered, the way the card fetch follows it (see resolveLocation): for
// every program that follows redirects of its own (core/extended).
func ResolveLocation(cur *url.URL, loc string) (*url.URL, bool) {
	if len(loc) > MaxURLLength {
		return nil, false
	}
	return resolveLocation(cur, loc)
}
