package check

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
)

// syncClock is a clock that tests move (Pause moves it), safe for the
// Meter's concurrent checks.
type syncClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *syncClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *syncClock) pause(_ context.Context, d time.Duration) error {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
	return nil
}

// TestMemoryCounter: a count stays within its limit in its window, a new
// window starts from zero, keys are apart, and the table stays bounded.
func TestMemoryCounter(t *testing.T) {
	ctx := context.Background()
	c := &syncClock{t: time.Unix(1_800_000_000, 200_000_000)}
	m := NewMemoryCounter(8, c.now)
	for i := range 5 {
		if ok, _, _ := m.Take(ctx, "host:a", 1, 5, time.Second); !ok {
			t.Fatalf("take %d of 5 refused", i+1)
		}
	}
	ok, wait, _ := m.Take(ctx, "host:a", 1, 5, time.Second)
	if ok || wait != 800*time.Millisecond {
		t.Errorf("sixth in a window of 5: ok %v, wait %v (want 800ms)", ok, wait)
	}
	if ok, _, _ := m.Take(ctx, "host:b", 1, 5, time.Second); !ok {
		t.Error("another key refused")
	}
	if ok, _, _ := m.Take(ctx, "host:a", 6, 5, time.Second); ok {
		t.Error("more than the limit at once")
	}
	c.pause(ctx, wait)
	if ok, _, _ := m.Take(ctx, "host:a", 5, 5, time.Second); !ok {
		t.Error("the next window did not start from zero")
	}
	if ok, _, _ := m.Take(ctx, "batch:x", 3, 4, Forever); !ok {
		t.Fatal("a budget refused")
	}
	c.pause(ctx, 30*24*time.Hour)
	if ok, _, _ := m.Take(ctx, "batch:x", 2, 4, Forever); ok {
		t.Error("a budget without end came back with time")
	}
	for i := range 100 {
		m.Take(ctx, fmt.Sprint(i), 1, 1, time.Second)
	}
	if len(m.counts) > 8 {
		t.Errorf("%d keys kept; max 8", len(m.counts))
	}
}

// TestMeter (issue 36, B19): a batch check's requests take their host's
// shared rate (at most BatchHostRate in a window, waiting for the next)
// and the batch's budget; past the budget nothing more is sent and the
// Meter says why; a host that has no turn in BatchHostWait is refused.
func TestMeter(t *testing.T) {
	ctx := context.Background()
	c := &syncClock{t: time.Unix(1_800_000_000, 0)}
	counter := NewMemoryCounter(64, c.now)
	perSecond := map[int64]int{}
	sent := 0
	var mu sync.Mutex
	doer := discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		mu.Lock()
		perSecond[c.now().Unix()]++
		sent++
		mu.Unlock()
		return &discovery.Response{Status: 404, Header: http.Header{}}, nil
	})
	// Two checks of one batch (two Meters, as two consumer invocations
	// would have), 30 requests each, against a budget of 40.
	var wg sync.WaitGroup
	meters := []*Meter{}
	for range 2 {
		m := &Meter{Doer: doer, Counter: counter, Batch: "b1", Budget: 40, Pause: c.pause}
		meters = append(meters, m)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 30 {
				m.Do(ctx, &discovery.Request{URL: "https://Victim.example.com/x"})
			}
		}()
	}
	wg.Wait()
	if sent != 40 || meters[0].Sent()+meters[1].Sent() != 40 {
		t.Errorf("%d requests sent (meters %d + %d), budget 40", sent, meters[0].Sent(), meters[1].Sent())
	}
	// Two checks share the clock: one's pause may move it between the
	// other's turn and its request, so a second may see two windows'
	// turns (the README's "at most 10 in one second"); one check alone
	// sees at most one window's.
	for s, n := range perSecond {
		if n > 2*BatchHostRate {
			t.Errorf("%d requests in second %d; at most %d", n, s, 2*BatchHostRate)
		}
	}
	clear(perSecond)
	alone := &Meter{Doer: doer, Counter: counter, Batch: "b3", Budget: 23, Pause: c.pause}
	for range 30 {
		alone.Do(ctx, &discovery.Request{URL: "https://victim.example.com/z"})
	}
	for s, n := range perSecond {
		if n > BatchHostRate {
			t.Errorf("one check: %d requests in second %d; at most %d", n, s, BatchHostRate)
		}
	}
	if alone.Sent() != 23 {
		t.Errorf("one check sent %d, budget 23", alone.Sent())
	}
	refused := 0
	for _, m := range meters {
		if e := m.Refused(); e != nil {
			refused++
			if e.Budget != BatchRequestsBudget || e.Host != "" {
				t.Errorf("refusal %+v", e)
			}
		}
	}
	if refused == 0 {
		t.Error("no Meter says the budget stopped it")
	}
	// Another batch at the same host shares its rate: fill the window,
	// then a host that stays full longer than BatchHostWait is refused.
	fill := func() { // someone else takes every turn of the window
		for {
			if ok, _, _ := counter.Take(ctx, "host:victim.example.com", 1, BatchHostRate, time.Second); !ok {
				return
			}
		}
	}
	busy := &Meter{Doer: doer, Counter: counter, Batch: "b2", Budget: 100,
		Pause: func(_ context.Context, d time.Duration) error {
			c.pause(ctx, d)
			fill()
			return nil
		}}
	fill()
	before := sent
	_, err := busy.Do(ctx, &discovery.Request{URL: "https://victim.example.com/y"})
	var le *LimitError
	if !errors.As(err, &le) || le.Host != "victim.example.com" || busy.Refused() == nil || sent != before {
		t.Errorf("a host without a turn: %v, sent %d", err, sent-before)
	}
}

// TestTakeDaily: a daily cap for everyone refuses with Global set, until
// the next UTC day; an unreadable counter counts as the cap reached.
func TestTakeDaily(t *testing.T) {
	ctx := context.Background()
	c := &syncClock{t: time.Date(2026, 12, 7, 23, 0, 0, 0, time.UTC)}
	m := NewMemoryCounter(8, c.now)
	if err := TakeDaily(ctx, m, KVWritesKey, 2, 3); err != nil {
		t.Fatal(err)
	}
	var le *LimitError
	if err := TakeDaily(ctx, m, KVWritesKey, 2, 3); !errors.As(err, &le) || le.Global != KVWritesKey || le.Wait != time.Hour || le.RetryAfter() != "3600" {
		t.Errorf("over the cap: %v", err)
	}
	c.pause(ctx, time.Hour)
	if err := TakeDaily(ctx, m, KVWritesKey, 3, 3); err != nil {
		t.Errorf("the next day: %v", err)
	}
	if err := TakeDaily(ctx, brokenCounter{}, D1RowsKey, 1, 3); !errors.As(err, &le) || le.Global != D1RowsKey {
		t.Errorf("an unreadable counter: %v", err)
	}
	if TakeDaily(ctx, nil, D1RowsKey, 1, 3) != nil {
		t.Error("no counter limited")
	}
}

type brokenCounter struct{}

func (brokenCounter) Take(context.Context, string, int, int, time.Duration) (bool, time.Duration, error) {
	return false, 0, errors.New("down")
}

// TestCharge: a batch's checks charged to its submitter leave its budget
// of checks in debt, so that its own next check waits; Ready looks
// without taking.
func TestCharge(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	l := NewLimiter(Limits{Burst: 20, Interval: 3 * time.Second, Daily: 1000, Day: 24 * time.Hour, MaxClients: 8,
		Batches: Rate{Burst: 1, Interval: time.Hour}}, c.now)
	l.Charge("a", 30)
	var le *LimitError
	if err := l.Spend("a"); !errors.As(err, &le) || le.Wait != 33*time.Second {
		t.Errorf("after a batch of 30: %v (want a wait of 33 s)", err)
	}
	if l.Spend("b") != nil {
		t.Error("another client paid")
	}
	for range 3 {
		if l.Ready(BatchesBudget, "a") != nil {
			t.Fatal("Ready took a token")
		}
	}
	l.SpendBatch("a")
	if err := l.Ready(BatchesBudget, "a"); !errors.As(err, &le) || le.Budget != BatchesBudget {
		t.Errorf("Ready after the token went: %v", err)
	}
	l.Charge("c", 1<<20)
	c.t = c.t.Add(24*time.Hour + 3*time.Second)
	if err := l.Spend("c"); err == nil {
		t.Error("a day paid back a debt of a million checks")
	}
	c.t = c.t.Add(48 * time.Hour)
	if err := l.Spend("c"); err != nil {
		t.Errorf("the debt is at most a day's ceiling: %v", err)
	}
}

// TestN14HostLimitBeforeFetch: a probing check of a card whose host is
// over its probe cap is refused before the card is fetched.
func TestN14HostLimitBeforeFetch(t *testing.T) {
	s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{
		"https://agent.example.com/.well-known/agent-card.json": jsonAnswer(cardWith([3]string{"https://agent.example.com/a2a", "JSONRPC", "1.0"})),
		"https://agent.example.com/a2a":                         rpcAgent,
	}}
	l := NewLimiter(Limits{Burst: 100, Interval: time.Millisecond, HostBurst: 1, HostInterval: time.Hour, MaxClients: 8, MaxHosts: 8}, nil)
	if _, err := Run(context.Background(), Target{URL: "https://agent.example.com"}, Options{Probe: true, Client: "a"}, Capabilities{Doer: s, Limits: l}); err != nil {
		t.Fatal(err)
	}
	before := len(s.requests())
	_, err := Run(context.Background(), Target{URL: "https://agent.example.com"}, Options{Probe: true, Client: "b", Refresh: true}, Capabilities{Doer: s, Limits: l})
	var le *LimitError
	if !errors.As(err, &le) || le.Host != "agent.example.com" {
		t.Fatalf("second probing check: %v", err)
	}
	if n := len(s.requests()) - before; n != 0 {
		t.Errorf("%d requests sent before the host's 429", n)
	}
	if _, err := Run(context.Background(), Target{URL: "https://agent.example.com"}, Options{Client: "c", Refresh: true}, Capabilities{Doer: s, Limits: l}); err != nil {
		t.Errorf("a check without probes: %v", err)
	}
}
