package discovery

import (
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// WellKnownPath is where a v1.0 client looks for an agent's card
// (A2A §8.2); LegacyPath is where older tools looked.
const (
	WellKnownPath = "/.well-known/agent-card.json"
	LegacyPath    = "/.well-known/agent.json"
)

// Normalize turns what a person typed into the URL of a card:
//
//	agent.example.com                    → https://agent.example.com/.well-known/agent-card.json
//	https://agent.example.com/           → https://agent.example.com/.well-known/agent-card.json
//	https://agent.example.com/card.json  → kept as is
//
// The fragment is dropped. Input that is not a URL or domain gives a
// KindBadInput error; a URL with another scheme or with credentials gives
// KindRefused. Normalize does not apply the host policy (see Policy.Check).
func Normalize(input string) (*url.URL, error) {
	s := strings.TrimSpace(input)
	if s == "" {
		return nil, fail(KindBadInput, "", i18n.T("msg.fetch.no-url"), hint("hint.fetch.no-url"))
	}
	if len(s) > MaxURLLength {
		return nil, tooLong(len(s))
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == '\\' {
			return nil, fail(KindBadInput, "", i18n.T("msg.fetch.bad-char", jsonpos.Quote(string(r))), hint("hint.fetch.bad-char"))
		}
	}
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(s, "://") && isScheme(scheme) && !looksLikeHostPort(s) {
		if l := strings.ToLower(scheme); l == "http" || l == "https" {
			return nil, fail(KindBadInput, "", i18n.T("msg.fetch.no-slashes", jsonpos.QuoteClipped(input), l), hint("hint.fetch.no-slashes"))
		}
		return nil, refusedScheme(strings.ToLower(scheme))
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		// Go's own words for what is wrong (an invalid port, a bad
		// escape) are passed on as a detail: they quote the bad part.
		return nil, fail(KindBadInput, "", i18n.T("msg.fetch.invalid-url", jsonpos.QuoteClipped(input), unwrapURLError(err).Error()), hint("hint.fetch.invalid-url"))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "https" && u.Scheme != "http" {
		return nil, refusedScheme(u.Scheme)
	}
	if u.Opaque != "" || u.Host == "" {
		return nil, fail(KindBadInput, "", i18n.T("msg.fetch.no-host", jsonpos.QuoteClipped(input)), hint("hint.fetch.no-host"))
	}
	if u.User != nil {
		return nil, fail(KindRefused, "", i18n.T("msg.fetch.credentials"), hint("hint.fetch.credentials"))
	}
	if strings.Trim(u.Hostname(), ".") == "" {
		return nil, fail(KindBadInput, "", i18n.T("msg.fetch.no-host", jsonpos.QuoteClipped(input)), hint("hint.fetch.no-host-short"))
	}
	canonicalize(u)
	u.Fragment, u.RawFragment = "", ""
	if u.Path == "" || u.Path == "/" {
		u.Path, u.RawPath = WellKnownPath, ""
	}
	// The limit holds for the URL we fetch, not only for what was typed:
	// adding the scheme and the well-known path can take a domain over it
	// (found by FuzzNormalize), and a URL we accept must normalize to itself.
	if n := len(u.String()); n > MaxURLLength {
		return nil, tooLong(n)
	}
	return u, nil
}

// MaxURLLength bounds the URLs the checker fetches.
const MaxURLLength = 2048

func tooLong(n int) *Error {
	return fail(KindBadInput, "", i18n.T("msg.fetch.too-long", n, MaxURLLength), hint("hint.fetch.too-long"))
}

func refusedScheme(scheme string) *Error {
	return fail(KindRefused, "", i18n.T("msg.fetch.scheme", jsonpos.QuoteClipped(scheme+":")), hint("hint.fetch.scheme"))
}

func isScheme(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.'):
		default:
			return false
		}
	}
	return true
}

// looksLikeHostPort tells "example.com:8443/x" (a host and port without a
// scheme) from "javascript:alert(1)" and "file:/etc/passwd".
func looksLikeHostPort(s string) bool {
	_, rest, _ := strings.Cut(s, ":")
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	port := rest[:end]
	if port == "" {
		return false
	}
	for _, r := range port {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// IsWellKnown reports whether u points at the v1.0 well-known path, the
// case in which the legacy path is worth a second try.
func IsWellKnown(u *url.URL) bool { return u.Path == WellKnownPath }

// fileExtensions end names that are files, not domains, even where a TLD
// of that name exists (.json, .md).
var fileExtensions = []string{".json", ".json5", ".jsonc", ".yaml", ".yml", ".txt", ".md", ".toml", ".js", ".html"}

// LooksRemote reports whether a command-line argument names a card on the
// network rather than a file: an http(s) URL, or a bare domain such as
// agent.example.com (with an optional port and path). Callers that also
// accept files should check for an existing file first.
func LooksRemote(arg string) bool {
	s := strings.ToLower(strings.TrimSpace(arg))
	if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
		return true
	}
	if s == "" || strings.ContainsAny(s, " \\") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "/") {
		return false
	}
	if !strings.Contains(s, "/") {
		for _, ext := range fileExtensions {
			if strings.HasSuffix(s, ext) {
				return false
			}
		}
	}
	host := s
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if h, port, ok := strings.Cut(host, ":"); ok {
		if !looksLikeHostPort("x:" + port) {
			return false
		}
		host = h
	}
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	if len(labels) < 2 && host != "localhost" {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 {
			return false
		}
		for _, r := range l {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r > 0x7f) {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	return host == "localhost" || !(tld[0] >= '0' && tld[0] <= '9') || len(labels) == 4
}
