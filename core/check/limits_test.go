package check

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// TestB10ClientKey: an IPv6 client is its /64, an IPv4 client its
// address; ports and zones do not make new clients.
func TestB10ClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"198.51.100.7": "198.51.100.7", "198.51.100.7:443": "198.51.100.7", "::ffff:198.51.100.7": "198.51.100.7",
		"2001:db8:1:2::1": "2001:db8:1:2::/64", "[2001:db8:1:2:abcd::ffff]:443": "2001:db8:1:2::/64", "fe80::1%eth0": "fe80::/64",
		"": "unknown", "not an address": "not an address",
	} {
		if got := ClientKey(in); got != want {
			t.Errorf("ClientKey(%q) = %q, want %q", in, got, want)
		}
	}
	l := NewLimiter(Limits{Burst: 3, Interval: time.Hour, MaxClients: 100}, nil)
	for i := range 3 {
		if err := l.Spend(ClientKey(fmt.Sprintf("2001:db8:1:2::%x", i+1))); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Spend(ClientKey("2001:db8:1:2:ffff::1")); err == nil {
		t.Error("a fourth address of the same /64 got a fresh budget")
	}
	if err := l.Spend(ClientKey("2001:db8:1:3::1")); err != nil {
		t.Errorf("another /64: %v", err)
	}
}

// TestLimiter: a burst, then one token per interval; the daily ceiling
// holds even when the rate allows more; host caps are their own; the
// tables stay bounded.
func TestLimiter(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	l := NewLimiter(Limits{Burst: 2, Interval: time.Second, Daily: 4, Day: 24 * time.Hour, HostBurst: 1, HostInterval: time.Minute,
		MaxClients: 8, MaxHosts: 8}, c.now)
	l.Spend("a")
	l.Spend("a")
	var le *LimitError
	if err := l.Spend("a"); !errors.As(err, &le) || le.Wait <= 0 || le.Host != "" || le.RetryAfter() != "1" {
		t.Fatalf("third in a burst of 2: %v", err)
	}
	c.t = c.t.Add(time.Second)
	if err := l.Spend("a"); err != nil {
		t.Errorf("a token did not come back: %v", err)
	}
	c.t = c.t.Add(time.Minute)
	if err := l.Spend("a"); err != nil {
		t.Errorf("fourth of the day: %v", err)
	}
	c.t = c.t.Add(time.Minute)
	if err := l.Spend("a"); !errors.As(err, &le) || le.Wait < time.Hour {
		t.Errorf("fifth of the day, ceiling 4: %v", err)
	}
	if err := l.SpendHost("victim.example.com"); err != nil {
		t.Fatal(err)
	}
	if err := l.SpendHost("victim.example.com"); !errors.As(err, &le) || le.Host != "victim.example.com" {
		t.Errorf("second probe run of one host: %v", err)
	}
	for i := range 100 {
		l.Spend(fmt.Sprint(i))
		l.SpendHost(fmt.Sprint(i))
	}
	if len(l.clients) > 8 || len(l.hosts) > 8 {
		t.Errorf("%d clients, %d hosts kept; max 8", len(l.clients), len(l.hosts))
	}
	var none *Limiter
	if none.Spend("a") != nil || none.SpendHost("h") != nil || l.Spend("") != nil {
		t.Error("a nil Limiter or an empty client limited")
	}
}

// The writes and batches budgets are the same limiter's, per client, and
// apart from the checks budget and from each other.
func TestLimiterBudgets(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	l := NewLimiter(Limits{Burst: 1, Interval: time.Hour, Daily: 10, Day: 24 * time.Hour, MaxClients: 64, MaxHosts: 8,
		Writes: Rate{Burst: 2, Interval: time.Minute, Daily: 3}, Batches: Rate{Burst: 1, Interval: time.Hour, Daily: 1}}, c.now)
	if l.Spend("a") != nil || l.SpendWrite("a") != nil || l.SpendWrite("a") != nil || l.SpendBatch("a") != nil {
		t.Fatal("first of each budget refused")
	}
	var le *LimitError
	if err := l.SpendWrite("a"); !errors.As(err, &le) || le.Budget != WritesBudget {
		t.Errorf("third write in a burst of 2: %v", err)
	}
	if err := l.SpendBatch("a"); !errors.As(err, &le) || le.Budget != BatchesBudget {
		t.Errorf("second batch: %v", err)
	}
	if err := l.Spend("a"); !errors.As(err, &le) || le.Budget != ChecksBudget {
		t.Errorf("second check: %v", err)
	}
	if l.SpendWrite("b") != nil {
		t.Error("another client's write refused")
	}
	c.t = c.t.Add(time.Minute)
	if l.SpendWrite("a") != nil {
		t.Error("a write token did not come back")
	}
	c.t = c.t.Add(time.Minute)
	if err := l.SpendWrite("a"); !errors.As(err, &le) || le.Wait < time.Hour {
		t.Errorf("fourth write of the day, ceiling 3: %v", err)
	}
	none := NewLimiter(Limits{Burst: 1, Interval: time.Hour, MaxClients: 8}, c.now)
	for range 5 {
		if none.SpendWrite("a") != nil {
			t.Fatal("a zero Rate limited")
		}
	}
}

// Reads of short links are a budget of their own (issue 36, B20: one
// client read 1,000 random ids at 327 a second, none refused): apart
// from the checks and the writes, refused with its name, and on by
// default.
func TestLimiterReads(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	l := NewLimiter(Limits{Burst: 1, Interval: time.Hour, Daily: 10, Day: 24 * time.Hour, MaxClients: 64, MaxHosts: 8,
		Writes: Rate{Burst: 1, Interval: time.Hour}, Reads: Rate{Burst: 3, Interval: time.Second, Daily: 4}}, c.now)
	for i := range 3 {
		if err := l.SpendRead("a"); err != nil {
			t.Fatalf("read %d of a burst of 3: %v", i+1, err)
		}
	}
	var le *LimitError
	if err := l.SpendRead("a"); !errors.As(err, &le) || le.Budget != ReadsBudget || le.RetryAfter() != "1" {
		t.Fatalf("fourth read in a burst of 3: %v", err)
	}
	if l.Spend("a") != nil || l.SpendWrite("a") != nil || l.SpendRead("b") != nil {
		t.Error("reads drew from the checks, the writes or another client")
	}
	c.t = c.t.Add(time.Second)
	if err := l.SpendRead("a"); err != nil {
		t.Errorf("a read token did not come back: %v", err)
	}
	c.t = c.t.Add(time.Minute)
	if err := l.SpendRead("a"); !errors.As(err, &le) || le.Wait < time.Hour {
		t.Errorf("fifth read of the day, ceiling 4: %v", err)
	}
	d := DefaultLimits()
	if d.Reads.Burst <= 0 || d.Reads.Daily <= 0 || d.Reads.Burst > 300/2 {
		t.Errorf("default reads %+v: 300 random ids from one client must meet a refusal", d.Reads)
	}
}

// A card's budget is its host's, whoever asks, and apart from every
// client's: a proxy that spent its own budget still gets the card's.
func TestCardKey(t *testing.T) {
	l := NewLimiter(Limits{Burst: 2, Interval: time.Hour, MaxClients: 64}, nil)
	for range 2 {
		if l.Spend("198.51.100.7") != nil {
			t.Fatal("the client's burst")
		}
	}
	if l.Spend("198.51.100.7") == nil {
		t.Fatal("the client's third check was not refused")
	}
	if CardKey("Cards.Example:8443") != CardKey("cards.example:8443") || CardKey("a.example") == CardKey("b.example") ||
		CardKey("a.example") == ClientKey("a.example") {
		t.Errorf("CardKey: %q %q %q", CardKey("Cards.Example:8443"), CardKey("a.example"), ClientKey("a.example"))
	}
	if l.Spend(CardKey("a.example")) != nil || l.Spend(CardKey("a.example")) != nil {
		t.Fatal("a card host's budget was the client's")
	}
	var le *LimitError
	if err := l.Spend(CardKey("a.example")); !errors.As(err, &le) {
		t.Errorf("third check for a.example: %v", err)
	}
	if l.Spend(CardKey("b.example")) != nil {
		t.Error("another host's card refused")
	}
}
