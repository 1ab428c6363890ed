package main

import (
	"net"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// localHost reports whether a Host header names this machine: 127.0.0.1,
// localhost or [::1], with any port. When the checker runs on a developer's
// machine (make dev, the native server) it answers only those: a web page
// on another site could otherwise point its own name at 127.0.0.1 (DNS
// rebinding), become "same origin" with the checker and read what the
// checker fetches from loopback agents.
func localHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		h = host[1 : len(host)-1] // an IPv6 literal without a port
	} else if strings.ContainsAny(host, "[]:") {
		return false // a port that does not parse, or a broken bracket
	}
	switch strings.ToLower(h) {
	case "127.0.0.1", "localhost", "::1":
		return true
	}
	return false
}

// siteOrigin is the checker's own origin, for links and CORS: the
// configured one (SITE_ORIGIN) when set, else the origin of the URL the
// runtime handed over. In production that URL is the route Cloudflare
// matched, so it is the Worker's real host; locally the Host header has
// already been checked against the loopback allow-list. The Origin header
// is never trusted for this.
func (h *handler) siteOrigin(r *web.Request) string {
	if h.cfg.SiteOrigin != "" {
		return h.cfg.SiteOrigin
	}
	if r.URL.IsAbs() && r.URL.Host != "" {
		return r.URL.Scheme + "://" + r.URL.Host
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// selfEndpoints are the checker's own endpoints for the fetch policy: the
// host this request came to (with its port) and the configured site's host
// (every port).
func (h *handler) selfEndpoints(r *web.Request) []string {
	var out []string
	if r.Host != "" {
		out = append(out, r.Host)
	}
	if r.URL.IsAbs() && r.URL.Host != "" && r.URL.Host != r.Host {
		out = append(out, r.URL.Host)
	}
	if u, err := url.Parse(h.cfg.SiteOrigin); err == nil && u.Host != "" {
		if u.Port() != "" {
			out = append(out, u.Host)
		} else {
			out = append(out, u.Hostname())
		}
	}
	return out
}

// fromOurselves reports whether a request carries the User-Agent the
// checker fetches with: another checker (or this one, through a redirect
// or a name we did not recognise as our own) is asking us to check
// something, which could only repeat the check once more per level.
func fromOurselves(r *web.Request) bool {
	ua := r.Header.Get("User-Agent")
	return ua == discovery.UserAgent || strings.HasPrefix(ua, "agentcard-checker/")
}

// clientKey is who asks, for the limits: the address Cloudflare saw (the
// bridge puts CF-Connecting-IP into RemoteAddr; a client cannot set it
// there), else the peer address natively, keyed as core/check.ClientKey
// keys it (an IPv6 address by its /64).
func clientKey(r *web.Request) string { return check.ClientKey(r.RemoteAddr) }
