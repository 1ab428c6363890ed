package main

import (
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/hosts"
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
func (h *handler) siteOrigin(r *http.Request) string {
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
func (h *handler) selfEndpoints(r *http.Request) []string {
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
func fromOurselves(r *http.Request) bool {
	ua := r.Header.Get("User-Agent")
	return ua == discovery.UserAgent || strings.HasPrefix(ua, "agentcard-checker/")
}

// clientKey is who asks, for the refresh limit: the address Cloudflare
// saw (the bridge puts CF-Connecting-IP into RemoteAddr; a client cannot
// set it there), else the peer address natively.
func clientKey(r *http.Request) string {
	a := r.RemoteAddr
	if h, _, err := net.SplitHostPort(a); err == nil {
		a = h
	}
	if a == "" {
		return "unknown"
	}
	if c, ok := hosts.Canonical(a); ok {
		return c
	}
	return a
}

// refreshLimiter allows each client a burst of refresh=1 checks, then one
// per interval (a token bucket per client). The table is bounded: when it
// is full, the entry that was idle longest goes, which at worst gives that
// client a fresh burst. It lives in the isolate's memory, so the limit is
// per isolate, not global: it stops one client from turning the checker
// into a loop of fresh fetches against one site, not a distributed flood
// (Cloudflare's own rate limiting rules are for that).
type refreshLimiter struct {
	mu       sync.Mutex
	burst    float64
	interval time.Duration
	max      int
	clients  map[string]*bucket
	now      func() time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// Refresh limit defaults: 20 fresh checks at once, then one every 3 s
// (20 per minute), for at most 4096 clients per isolate.
const (
	refreshBurst    = 20
	refreshInterval = 3 * time.Second
	refreshClients  = 4096
)

func newRefreshLimiter(burst int, interval time.Duration, max int) *refreshLimiter {
	return &refreshLimiter{burst: float64(burst), interval: interval, max: max, clients: map[string]*bucket{}, now: time.Now}
}

// allow takes one token for key; when none is left it says how long until
// the next one.
func (l *refreshLimiter) allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.clients[key]
	if b == nil {
		if len(l.clients) >= l.max {
			l.evict(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.clients[key] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.interval))
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) * float64(l.interval))
	return false, wait
}

// evict drops full buckets (clients that have waited long enough to be
// back at their burst), or else the longest idle one.
func (l *refreshLimiter) evict(now time.Time) {
	var oldest string
	var when time.Time
	for k, b := range l.clients {
		if b.tokens+float64(now.Sub(b.last))/float64(l.interval) >= l.burst {
			delete(l.clients, k)
			continue
		}
		if oldest == "" || b.last.Before(when) {
			oldest, when = k, b.last
		}
	}
	if len(l.clients) >= l.max && oldest != "" {
		delete(l.clients, oldest)
	}
}

func retryAfter(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	return strconv.Itoa(max(s, 1))
}
