package check

import (
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits are the per-client budgets and the per-target-host caps of what
// an edge does for strangers (the Worker). Every check that would
// send requests draws from them: a card fetch that the cache does not
// answer, a probe run, a key-set fetch and an extended-card check each
// cost one token of the client's budget; a probe run also costs one token
// of every host it probes, however many of the card's entries are on that
// host. Over a limit the check is refused before anything is sent
// (*LimitError, which the Worker answers with 429 and Retry-After).
//
// The same limiter keeps three more budgets per client, for what is
// stored rather than fetched: Writes (a short link written to the store),
// Reads (a short link read from the store, found or not) and Batches (a
// batch check submitted, whose URLs the queue then checks).
//
// A check done for a card's sake rather than a reader's (a README badge,
// whose readers all come through one image proxy) is charged to the card's
// host instead: CardKey.
type Limits struct {
	// Burst tokens per client at once, then one more every Interval.
	Burst    int
	Interval time.Duration
	// Daily is the ceiling per client over Day (refilled evenly), so that
	// a client that stays just under the rate cannot go on for ever.
	Daily int
	Day   time.Duration
	// HostBurst probe runs per target host at once, then one more every
	// HostInterval, whoever asks.
	HostBurst    int
	HostInterval time.Duration
	// Writes, Reads and Batches are the budgets of short links stored
	// and read, and of batch submissions, per client (a zero Rate limits
	// nothing).
	Writes, Reads, Batches Rate
	// MaxClients and MaxHosts bound the tables (per isolate in the
	// Worker); when one is full, the entry idle longest goes, which at
	// worst gives it a fresh burst. Every budget of every client shares
	// MaxClients.
	MaxClients, MaxHosts int
}

// Rate is one per-client budget: Burst at once, then one more every
// Interval, at most Daily a day (refilled evenly).
type Rate struct {
	Burst    int
	Interval time.Duration
	Daily    int
}

// Budget names a per-client budget of the Limiter.
type Budget string

const (
	ChecksBudget  Budget = "checks"  // Spend: what sends requests
	WritesBudget  Budget = "writes"  // SpendWrite: a short link stored
	ReadsBudget   Budget = "reads"   // SpendRead: a short link read
	BatchesBudget Budget = "batches" // SpendBatch: a batch check submitted
	// BatchRowsBudget is a client's D1 rows a day for its batches
	// (TakeClientDaily, ClientD1Rows), shared by every isolate.
	BatchRowsBudget Budget = "batch-rows"
	// BatchRequestsBudget is a batch's own budget of outbound requests
	// (a Meter's), not a client's.
	BatchRequestsBudget Budget = "batch-requests"
)

// DefaultLimits: 20 checks that send requests at once, then one every
// 3 s (20 a minute), at most 1,000 a day per client; 6 probe runs per
// target host at once, then one every 20 s; 10 short links at once, then
// one every 30 s, 50 a day (Workers KV takes 1,000 writes a day on the
// free plan, DailyKVWrites 800 of them for everyone; ClientKVWrites holds
// the 50 across isolates); 30 short-link reads at once, then one every 2 s, 1,000 a
// day (the free plan's 100,000 reads a day would take a hundred clients;
// a found text is then served from the cache and costs none); 3 batch
// checks at once, then one every 10 minutes, 20 a day (each is up to 500
// checks; their D1 rows are held to ClientD1Rows a day as well).
func DefaultLimits() Limits {
	return Limits{Burst: 20, Interval: 3 * time.Second, Daily: 1000, Day: 24 * time.Hour,
		HostBurst: 6, HostInterval: 20 * time.Second, MaxClients: 4096, MaxHosts: 4096,
		Writes:  Rate{Burst: 10, Interval: 30 * time.Second, Daily: ClientKVWrites},
		Reads:   Rate{Burst: 30, Interval: 2 * time.Second, Daily: 1000},
		Batches: Rate{Burst: 3, Interval: 10 * time.Minute, Daily: 20}}
}

// LimitError is a check (or a write, a batch) refused by the limits.
type LimitError struct {
	// Host is set when a target host's cap refused it; empty for the
	// client's own budget.
	Host string
	// Budget is the client's budget that refused it ("" for a host's).
	Budget Budget
	// Global is set when a daily cap for everyone refused it (the cap's
	// Counter key, KVWritesKey or D1RowsKey).
	Global string
	// Wait is how long until a token is back.
	Wait time.Duration
}

func (e *LimitError) Error() string {
	if e.Global != "" {
		return "the daily cap " + e.Global + " is reached; retry after " + e.RetryAfter() + " s"
	}
	if e.Host != "" {
		return "probes of " + e.Host + " are limited; retry after " + e.RetryAfter() + " s"
	}
	if e.Budget != "" && e.Budget != ChecksBudget {
		return "too many " + string(e.Budget) + "; retry after " + e.RetryAfter() + " s"
	}
	return "too many checks; retry after " + e.RetryAfter() + " s"
}

// RetryAfter is Wait in whole seconds, at least 1, for a Retry-After
// header.
func (e *LimitError) RetryAfter() string {
	s := int((e.Wait + time.Second - 1) / time.Second)
	return strconv.Itoa(max(s, 1))
}

// Limiter applies Limits. Its tables live in memory: in the Worker one
// per isolate, so the limit stops one client (or one /64) from turning
// the checker into a reflector against a site, not a distributed flood
// (Cloudflare's rate limiting rules are for that).
type Limiter struct {
	mu      sync.Mutex
	l       Limits
	now     func() time.Time
	clients map[string]*client
	hosts   map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

type client struct {
	rate       Rate
	short, day bucket
}

// NewLimiter makes a Limiter; now is the clock (nil: time.Now).
func NewLimiter(l Limits, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{l: l, now: now, clients: map[string]*client{}, hosts: map[string]*bucket{}}
}

// ClientKey is who asks, from the address a request came from: an IPv4
// address as it is, an IPv6 address by its /64 (one subscriber usually
// holds a whole /64, so keying by the full address gave one client 2^64
// budgets: issue 16, B10), anything else as given.
func ClientKey(addr string) string {
	a := strings.TrimSpace(addr)
	if h, _, err := net.SplitHostPort(a); err == nil {
		a = h
	}
	a = strings.Trim(a, "[]")
	ip, err := netip.ParseAddr(a)
	if err != nil {
		if a == "" {
			return "unknown"
		}
		return a
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

// cardPrefix starts every CardKey. ClientKey makes it of an address,
// which never starts so in the Worker (Cloudflare sets the address).
const cardPrefix = "card|"

// CardKey is the budget key of a check done for the card at host (its
// URL's host and port) rather than for whoever asks: a README badge is
// fetched by image proxies (GitHub's camo) that are one address for
// every reader, so charging the viewer let twenty cache-busting badges
// in one issue switch every other badge behind the proxy to "try later"
// (issue 36). Charged to the card's host, such badges use up only that
// host's budget, which is also the host the checks would be sent to.
// The budget is the checks budget (Spend), under this key.
func CardKey(host string) string { return cardPrefix + strings.ToLower(host) }

// refill adds the tokens b earned since it was last seen (capacity size,
// one token per every).
func refill(b *bucket, size int, every time.Duration, now time.Time) {
	if size > 0 && every > 0 {
		b.tokens = min(float64(size), b.tokens+float64(now.Sub(b.last))/float64(every))
	}
	b.last = now
}

// ready reports whether b has a token, and else how long until it has.
func ready(b *bucket, size int, every time.Duration) (bool, time.Duration) {
	if size <= 0 || every <= 0 || b.tokens >= 1 {
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(every))
}

// Spend takes one token of key's budget of checks (a ClientKey); a nil
// Limiter or an empty key spends nothing.
func (l *Limiter) Spend(key string) error { return l.spend(ChecksBudget, key) }

// Charge takes n tokens of key's budget of checks at once, even when
// that leaves it below zero: the checks of a batch the client submitted,
// run later by the queue's consumer, so that the client's own checks
// wait until the batch is paid for. It never refuses (the consumer's
// shared counters decide what the batch may still do); the debt is at
// most a day's ceiling.
func (l *Limiter) Charge(key string, n int) {
	if l == nil || key == "" || n <= 0 {
		return
	}
	r := l.l.rate(ChecksBudget)
	if r.Burst <= 0 && r.Daily <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.client(ChecksBudget, key, r)
	floor := -float64(max(r.Daily, r.Burst))
	c.short.tokens = max(floor, c.short.tokens-float64(n))
	c.day.tokens = max(floor, c.day.tokens-float64(n))
}

// client is key's entry for budget b, refilled to now (l.mu held).
func (l *Limiter) client(b Budget, key string, r Rate) *client {
	now := l.now()
	id := string(b) + "|" + key
	c := l.clients[id]
	if c == nil {
		if len(l.clients) >= l.l.MaxClients {
			evictClients(l.clients, now, l.l)
		}
		c = &client{rate: r, short: bucket{tokens: float64(r.Burst), last: now}, day: bucket{tokens: float64(r.Daily), last: now}}
		l.clients[id] = c
	}
	refill(&c.short, r.Burst, r.Interval, now)
	refill(&c.day, r.Daily, l.l.dayEvery(r), now)
	return c
}

// SpendWrite takes one token of key's budget of writes (a short link).
func (l *Limiter) SpendWrite(key string) error { return l.spend(WritesBudget, key) }

// SpendRead takes one token of key's budget of reads (a short link
// looked up in the store, whether it is there or not).
func (l *Limiter) SpendRead(key string) error { return l.spend(ReadsBudget, key) }

// SpendBatch takes one token of key's budget of batch submissions.
func (l *Limiter) SpendBatch(key string) error { return l.spend(BatchesBudget, key) }

// Refund gives back one token of key's budget b taken by a spend whose
// work then failed (a batch that could not be stored or queued: review
// N8), up to the budget's full allowance.
func (l *Limiter) Refund(b Budget, key string) {
	if l == nil || key == "" {
		return
	}
	r := l.l.rate(b)
	if r.Burst <= 0 && r.Daily <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.client(b, key, r)
	c.short.tokens = min(c.short.tokens+1, float64(max(r.Burst, 1)))
	c.day.tokens = min(c.day.tokens+1, float64(max(r.Daily, 1)))
}

// Ready says whether key's budget b has a token, without taking it: a
// batch is stored first and its token spent after, so that a store that
// fails costs the client nothing.
func (l *Limiter) Ready(b Budget, key string) error {
	if l == nil || key == "" {
		return nil
	}
	r := l.l.rate(b)
	if r.Burst <= 0 && r.Daily <= 0 {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.client(b, key, r)
	ok1, wait1 := ready(&c.short, r.Burst, r.Interval)
	ok2, wait2 := ready(&c.day, r.Daily, l.l.dayEvery(r))
	if !ok1 || !ok2 {
		return &LimitError{Budget: b, Wait: max(wait1, wait2)}
	}
	return nil
}

// Limits are the limits l applies (the zero Limits for nil).
func (l *Limiter) Limits() Limits {
	if l == nil {
		return Limits{}
	}
	return l.l
}

func (l Limits) rate(b Budget) Rate {
	switch b {
	case WritesBudget:
		return l.Writes
	case ReadsBudget:
		return l.Reads
	case BatchesBudget:
		return l.Batches
	}
	return Rate{Burst: l.Burst, Interval: l.Interval, Daily: l.Daily}
}

func (l *Limiter) spend(b Budget, key string) error {
	if l == nil || key == "" {
		return nil
	}
	r := l.l.rate(b)
	if r.Burst <= 0 && r.Daily <= 0 {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.client(b, key, r)
	dayEvery := l.l.dayEvery(r)
	ok1, wait1 := ready(&c.short, r.Burst, r.Interval)
	ok2, wait2 := ready(&c.day, r.Daily, dayEvery)
	if !ok1 || !ok2 {
		return &LimitError{Budget: b, Wait: max(wait1, wait2)}
	}
	c.short.tokens--
	c.day.tokens--
	return nil
}

func (l Limits) dayEvery(r Rate) time.Duration {
	if r.Daily <= 0 {
		return 0
	}
	return l.Day / time.Duration(r.Daily)
}

// HostReady says whether a target host's probe cap has a token, without
// taking it: a check that will probe asks before it fetches the card, so
// that a host over its cap is answered before anything is sent.
func (l *Limiter) HostReady(host string) error {
	if l == nil || host == "" {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.hosts[host]
	if b == nil {
		return nil
	}
	full := *b
	refill(&full, l.l.HostBurst, l.l.HostInterval, l.now())
	if ok, wait := ready(&full, l.l.HostBurst, l.l.HostInterval); !ok {
		return &LimitError{Host: host, Wait: wait}
	}
	return nil
}

// SpendHost takes one token of a target host's probe cap.
func (l *Limiter) SpendHost(host string) error {
	if l == nil || host == "" {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.hosts[host]
	if b == nil {
		if len(l.hosts) >= l.l.MaxHosts {
			evictHosts(l.hosts, now, l.l)
		}
		b = &bucket{tokens: float64(l.l.HostBurst), last: now}
		l.hosts[host] = b
	}
	refill(b, l.l.HostBurst, l.l.HostInterval, now)
	if ok, wait := ready(b, l.l.HostBurst, l.l.HostInterval); !ok {
		return &LimitError{Host: host, Wait: wait}
	}
	b.tokens--
	return nil
}

// evictClients drops clients back at their full burst, or else the one
// idle longest.
func evictClients(m map[string]*client, now time.Time, l Limits) {
	evict(m, l.MaxClients, func(c *client) (bool, time.Time) {
		short, day := c.short, c.day
		refill(&short, c.rate.Burst, c.rate.Interval, now)
		refill(&day, c.rate.Daily, l.dayEvery(c.rate), now)
		return short.tokens >= float64(c.rate.Burst) && day.tokens >= float64(c.rate.Daily), c.short.last
	})
}

func evictHosts(m map[string]*bucket, now time.Time, l Limits) {
	evict(m, l.MaxHosts, func(b *bucket) (bool, time.Time) {
		full := *b
		refill(&full, l.HostBurst, l.HostInterval, now)
		return full.tokens >= float64(l.HostBurst), b.last
	})
}

// evict makes room in a full table: every entry back at its full
// allowance goes (forgetting it changes nothing), and if that is not
// enough, the one idle longest.
func evict[V any](m map[string]V, max int, full func(V) (bool, time.Time)) {
	var oldest string
	var when time.Time
	for k, v := range m {
		done, last := full(v)
		if done {
			delete(m, k)
			continue
		}
		if oldest == "" || last.Before(when) {
			oldest, when = k, last
		}
	}
	if len(m) >= max && oldest != "" {
		delete(m, oldest)
	}
}
