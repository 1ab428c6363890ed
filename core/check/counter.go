package check

import (
	"context"
	"net/url"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/hosts"
)

// Counter is a count of events in fixed windows of time, shared by every
// process that holds the same store: the Limiter's tables live in one
// isolate, while a queue's consumer invocations, and the isolates of a
// deployed Worker, run apart. In the Worker it is a D1 table
// (wasm/worker/counter.go); natively and in the CLI, MemoryCounter.
type Counter interface {
	// Take adds n to key's count for the window of length per that holds
	// now (windows start at multiples of per since the Unix epoch), if
	// the count stays at most limit. ok says whether it was added; when
	// it was not, wait is how long until the next window.
	Take(ctx context.Context, key string, n, limit int, per time.Duration) (ok bool, wait time.Duration, err error)
}

// window is the start of per's window holding now, and how long until
// the next one.
func window(now time.Time, per time.Duration) (start int64, left time.Duration) {
	if per <= 0 {
		per = time.Second
	}
	ns := now.UnixNano()
	s := ns - ns%int64(per)
	return s / int64(time.Second), time.Duration(s + int64(per) - ns)
}

// Forever is the window of a count that never starts again (a batch's
// budget).
const Forever = time.Duration(1<<63 - 1)

// Window is Counter's window for an implementation: the start (Unix
// seconds) of per's window holding now, how long until the next, and
// when a count of it can be forgotten (at the window's end, and for a
// longer window 8 days after it was last taken from: a batch is kept 7).
func Window(now time.Time, per time.Duration) (start int64, wait time.Duration, expires time.Time) {
	start, wait = window(now, per)
	return start, wait, now.Add(min(wait, 8*24*time.Hour))
}

// MemoryCounter is a Counter in memory (one process), keeping at most
// max keys' current windows.
type MemoryCounter struct {
	mu     sync.Mutex
	now    func() time.Time
	max    int
	counts map[string]memoryCount
}

type memoryCount struct {
	start int64
	per   time.Duration
	n     int
}

// NewMemoryCounter makes a MemoryCounter; now is the clock (nil:
// time.Now).
func NewMemoryCounter(max int, now func() time.Time) *MemoryCounter {
	if now == nil {
		now = time.Now
	}
	return &MemoryCounter{now: now, max: max, counts: map[string]memoryCount{}}
}

func (m *MemoryCounter) Take(_ context.Context, key string, n, limit int, per time.Duration) (bool, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	start, wait := window(m.now(), per)
	c, ok := m.counts[key]
	if !ok || c.start != start || c.per != per {
		c = memoryCount{start: start, per: per}
	}
	if c.n+n > limit {
		return false, wait, nil
	}
	c.n += n
	if _, had := m.counts[key]; !had && len(m.counts) >= m.max {
		for k, old := range m.counts { // windows gone by first, else any
			if s, _ := window(m.now(), old.per); s != old.start || len(m.counts) >= m.max {
				delete(m.counts, k)
				if len(m.counts) < m.max {
					break
				}
			}
		}
	}
	m.counts[key] = c
	return true, 0, nil
}

// Shared budgets that hold across isolates (a Counter): batch checks'
// outbound requests per target host, and the daily caps for everyone
// beside each per-client one, sized against Cloudflare's free plan (KV:
// 1,000 writes a day; D1: 100,000 rows written a day).
const (
	// BatchHostRate is the most requests batch checks send to one target
	// host in one second, all batches and consumer invocations together.
	// Windows are fixed, so any second holds at most twice as many.
	BatchHostRate = 5
	// BatchHostWait is how long one request of a batch check waits, in
	// all, for its host's turn before the URL is left not checked.
	BatchHostWait = 30 * time.Second
	// DailyKVWrites is the most short links stored a day by everyone.
	DailyKVWrites = 800
	// DailyD1Rows is the most D1 rows batch checks write a day (their
	// URLs, results and counters), by everyone.
	DailyD1Rows = 60_000
	// ClientD1Rows is the most D1 rows one client's batch checks may
	// write a day, a tenth of DailyD1Rows: a client's 20 batches a day
	// of up to 3,502 rows each came to 70,040, more than the cap for
	// everyone (review 5, B20 residual).
	ClientD1Rows = DailyD1Rows / 10
	// ClientKVWrites is the most short links one client may store a day,
	// against DailyKVWrites for everyone.
	ClientKVWrites = 50
)

// Keys of the daily caps in a Counter.
const (
	KVWritesKey = "global:kv-writes"
	D1RowsKey   = "global:d1-rows"
)

// TakeDaily takes n of key's cap of limit a day (UTC days) from c: nil
// when there is room or no Counter, a *LimitError with Global set when
// the cap is reached (or the counter cannot be read: a cap that cannot
// be checked is taken as reached).
func TakeDaily(ctx context.Context, c Counter, key string, n, limit int) error {
	if c == nil {
		return nil
	}
	ok, wait, err := c.Take(ctx, key, n, limit, 24*time.Hour)
	if err != nil {
		return &LimitError{Global: key, Wait: time.Minute}
	}
	if !ok {
		return &LimitError{Global: key, Wait: wait}
	}
	return nil
}

// ClientDailyKey is the Counter key of client's daily budget b (a
// ClientKey), shared by every isolate.
func ClientDailyKey(b Budget, client string) string {
	return "daily:" + string(b) + ":" + client
}

// TakeClientDaily takes n of client's daily budget b of limit a day (UTC
// days) from c, shared by every isolate: nil when there is room, no
// Counter or no client, a *LimitError with Budget b when the budget is
// used up (or the counter cannot be read).
func TakeClientDaily(ctx context.Context, c Counter, b Budget, client string, n, limit int) error {
	if c == nil || client == "" {
		return nil
	}
	ok, wait, err := c.Take(ctx, ClientDailyKey(b, client), n, limit, 24*time.Hour)
	if err != nil {
		return &LimitError{Budget: b, Wait: time.Minute}
	}
	if !ok {
		return &LimitError{Budget: b, Wait: wait}
	}
	return nil
}

// Meter is the Doer of one batch check: every request it lets through
// takes a turn of its target host's shared rate (BatchHostRate a second,
// waiting up to BatchHostWait for one) and a token of the batch's shared
// request budget. Over either it sends nothing and says why (Refused).
type Meter struct {
	Doer    discovery.Doer
	Counter Counter
	// Batch is the batch's key in Counter, Budget its requests in all.
	Batch  string
	Budget int
	// Pause waits (the Worker's timer); nil sleeps.
	Pause func(ctx context.Context, d time.Duration) error

	mu      sync.Mutex
	refused *LimitError
	sent    int
}

// Refused is the first refusal of the Meter's requests, nil when none.
func (m *Meter) Refused() *LimitError {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.refused
}

// Sent is how many requests went through.
func (m *Meter) Sent() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sent
}

func (m *Meter) refuse(e *LimitError) error {
	m.mu.Lock()
	if m.refused == nil {
		m.refused = e
	}
	m.mu.Unlock()
	return e
}

// Do sends r when the host's rate and the batch's budget allow it. The
// host's turn comes first, so that waiting never spends the budget.
func (m *Meter) Do(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
	if e := m.Refused(); e != nil {
		return nil, e // once refused, the check stops sending
	}
	host := r.URL
	if u, err := url.Parse(r.URL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
		if h, ok := hosts.Canonical(host); ok {
			host = h
		}
	}
	var waited time.Duration
	for {
		ok, wait, err := m.Counter.Take(ctx, "host:"+host, 1, BatchHostRate, time.Second)
		if err != nil {
			return nil, m.refuse(&LimitError{Host: host, Wait: time.Second})
		}
		if ok {
			break
		}
		if waited+wait > BatchHostWait {
			return nil, m.refuse(&LimitError{Host: host, Wait: wait})
		}
		if err := m.pause(ctx, wait); err != nil {
			return nil, err
		}
		waited += wait
	}
	ok, wait, err := m.Counter.Take(ctx, "batch:"+m.Batch, 1, m.Budget, Forever)
	if err != nil || !ok {
		return nil, m.refuse(&LimitError{Budget: BatchRequestsBudget, Wait: wait})
	}
	m.mu.Lock()
	m.sent++
	m.mu.Unlock()
	return m.Doer.Do(ctx, r)
}

func (m *Meter) pause(ctx context.Context, d time.Duration) error {
	if m.Pause != nil {
		return m.Pause(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
