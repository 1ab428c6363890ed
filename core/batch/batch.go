// Package batch is the batch check for registries: up to MaxURLs card
// URLs submitted at once, each checked through the engine's one live-check
// pipeline (core/check) under the same fetch policy and budgets as a
// single check, results kept with the batch until Keep has passed.
//
// In the Worker a submission (POST /api/batch) stores the batch (D1,
// wasm/worker/d1_js.go) and sends one Job per URL to a Queue; the
// Queue's consumer runs each message batch through Run and records every
// result. The CLI's `lint --from FILE --concurrency N` runs its inputs
// through the same Run. Run caps the checks in flight, in all and per
// target host, so that a registry of a thousand cards on one host does
// not turn the checker into a flood against it.
package batch

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/lint"
)

// Bounds of a batch.
const (
	// MaxURLs is the most URLs one batch holds.
	MaxURLs = 500
	// MaxURL is the longest URL accepted in a batch.
	MaxURL = 2048
	// Keep is how long a batch and its results are kept.
	Keep = 7 * 24 * time.Hour
	// PerHost is the most checks in flight against one target host.
	PerHost = 2
	// InFlight is the most checks in flight at once in one Run.
	InFlight = 6
	// MaxPerHost is the most URLs of one batch checked at one target
	// host; the rest are not checked (NotChecked, KindHostCap).
	MaxPerHost = 20
	// RequestsPerURL is a batch's budget of outbound requests per URL it
	// checks, shared by them all (a card behind redirects takes more than
	// one served at its URL). A batch of N URLs sends at most
	// RequestsPerURL×N requests, whatever its targets answer.
	RequestsPerURL = 2
)

// Status is where one URL of a batch stands.
type Status string

const (
	Pending     Status = "pending"     // not checked yet
	Checked     Status = "checked"     // fetched and linted: the counts are its findings
	Unreachable Status = "unreachable" // the card could not be fetched (the counts are the HTTP findings)
	Refused     Status = "refused"     // the policy does not fetch it (private address, bad URL)
	// NotChecked: a budget left it out; Kind says which (KindBudget,
	// KindHostCap, KindHostBusy).
	NotChecked Status = "not-checked"
)

// Kinds of NotChecked.
const (
	// KindBudget: the batch's request budget, or the submitter's budget
	// of checks, was spent.
	KindBudget = "budget"
	// KindHostCap: more than MaxPerHost URLs of the batch at its host.
	KindHostCap = "host-cap"
	// KindHostBusy: its host's shared rate had no turn for it in time.
	KindHostBusy = "host-busy"
)

// Item is the result of one URL.
type Item struct {
	URL      string `json:"url"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Infos    int    `json:"infos"`
	Status   Status `json:"status"`
	// Kind is discovery's kind of failure (not-found, timeout, …) for
	// an unreachable or refused URL.
	Kind string `json:"kind,omitempty"`
	// HTTPStatus is the status the host answered when a status was the
	// failure (404 or 410 for not-found, 5xx for remote-status), so that
	// pages can say what the host said.
	HTTPStatus int `json:"httpStatus,omitempty"`
}

// Batch is a batch and its results, in the order submitted.
type Batch struct {
	ID      string    `json:"id"`
	Total   int       `json:"total"`
	Done    int       `json:"done"`
	Created time.Time `json:"created"`
	Results []Item    `json:"results"`
}

// Job is one URL of a batch to check, as a queue message carries it.
type Job struct {
	Batch string `json:"batch"`
	Index int    `json:"index"`
	URL   string `json:"url"`
	// Self are the checker's own endpoints as the submission saw them
	// (discovery.Policy's Self): the consumer has no request to read
	// them from, and must not check the checker.
	Self []string `json:"self,omitempty"`
	// Client is the submitter (check.ClientKey), whose budget of checks
	// the check draws from; Budget is the batch's request budget (what
	// Budget says for the batch), shared by its jobs.
	Client string `json:"client,omitempty"`
	Budget int    `json:"budget,omitempty"`
}

// Store keeps batches.
type Store interface {
	// Create stores a new batch of items (Plan's), in order.
	Create(ctx context.Context, id string, items []Item, now time.Time) error
	// Record sets the result of the URL at index (a result recorded
	// twice, a message delivered twice, counts once).
	Record(ctx context.Context, id string, index int, it Item) error
	// Get is the batch with every result; ok is false for none (never
	// made, or older than Keep).
	Get(ctx context.Context, id string) (b *Batch, ok bool, err error)
}

var idEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewID is a fresh batch id: 80 random bits, 16 lower-case base32
// characters (what ValidID accepts).
func NewID() string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return strings.ToLower(idEncoding.EncodeToString(b[:]))
}

// ValidID reports whether id has a batch id's shape.
func ValidID(id string) bool {
	if len(id) != 16 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// URLError is a submitted list refused: which entry (-1 for the list)
// and why.
type URLError struct {
	Index  int
	Reason string // "empty-list", "too-many", "empty", "too-long"
}

func (e *URLError) Error() string { return "batch: url " + e.Reason }

// CheckURLs says whether urls may be a batch: 1 to MaxURLs entries,
// none empty or longer than MaxURL. Whether each can be fetched is the
// check's to say (a refused one is recorded as Refused).
func CheckURLs(urls []string) error {
	switch {
	case len(urls) == 0:
		return &URLError{Index: -1, Reason: "empty-list"}
	case len(urls) > MaxURLs:
		return &URLError{Index: -1, Reason: "too-many"}
	}
	for i, u := range urls {
		switch {
		case strings.TrimSpace(u) == "":
			return &URLError{Index: i, Reason: "empty"}
		case len(u) > MaxURL:
			return &URLError{Index: i, Reason: "too-long"}
		}
	}
	return nil
}

// Plan is what a submitted list becomes: its items as stored and shown
// (userinfo redacted, the URLs past MaxPerHost at one host not checked)
// and the positions of those to check. The URLs to check are the
// redacted ones: a URL with userinfo is refused by the check anyway, and
// its password is kept nowhere.
func Plan(urls []string) (items []Item, check []int) {
	items = make([]Item, len(urls))
	perHost := map[string]int{}
	for i, raw := range urls {
		u := Redact(raw)
		items[i] = Item{URL: u, Status: Pending}
		h := HostOf(u)
		if perHost[h]++; perHost[h] > MaxPerHost {
			items[i].Status, items[i].Kind = NotChecked, KindHostCap
			continue
		}
		check = append(check, i)
	}
	return items, check
}

// Budget is the request budget of a batch that checks n URLs.
func Budget(n int) int { return RequestsPerURL * n }

// Rows is the most D1 rows a batch of n URLs, checking queued of them,
// writes in all: the batch and its URLs, the statuses set at once, the
// results, and the shared counters its checks take from (one per check
// for the submitter, two per request for the host and the budget, one
// for the daily cap itself).
func Rows(n, queued int) int {
	return 1 + n + (n - queued) + queued + queued + 2*Budget(queued) + 1
}

// Redact takes the userinfo (user:password@) out of a URL as submitted,
// parsed or not: what is between the scheme and the last @ before the
// path becomes "***".
func Redact(raw string) string {
	rest, scheme := raw, ""
	if i := strings.Index(raw, "://"); i >= 0 && !strings.ContainsAny(raw[:i], "/?#@") {
		scheme, rest = raw[:i+3], raw[i+3:]
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	at := strings.LastIndexByte(rest[:end], '@')
	if at < 0 {
		return raw
	}
	return scheme + "***" + rest[at:]
}

// ItemOf is the result of one check (check.Run's answer for url).
func ItemOf(url string, res *check.Result, err error) Item {
	it := Item{URL: url, Status: Checked}
	if err == nil && res != nil && res.Report != nil && res.Report.Result != nil {
		r := res.Report.Result
		it.Errors, it.Warnings, it.Infos = r.Errors, r.Warnings, r.Infos
		return it
	}
	it.Status = Unreachable
	var de *discovery.Error
	if errors.As(err, &de) {
		it.Kind = string(de.Kind)
		it.HTTPStatus = de.RemoteStatus
		if de.Kind == discovery.KindRefused || de.Kind == discovery.KindBadInput {
			it.Status = Refused
		}
		for _, d := range de.Diagnostics() {
			switch d.Severity {
			case lint.Error:
				it.Errors++
			case lint.Warning:
				it.Warnings++
			default:
				it.Infos++
			}
		}
	}
	if it.Errors == 0 {
		it.Errors = 1 // a card that cannot be fetched fails, whatever else is said
	}
	return it
}

// HostOf is the target host a URL counts against for PerHost (its
// canonical host name; the URL itself when it has none).
func HostOf(raw string) string {
	u, err := discovery.Normalize(raw)
	if err != nil || u.Hostname() == "" {
		return raw
	}
	if h, ok := hosts.Canonical(u.Hostname()); ok {
		return h
	}
	return u.Hostname()
}

// Run checks every job with check (the caller's pipeline, its policy and
// capabilities), at most inFlight at once and at most perHost per target
// host, and calls record with each result as it comes (from the
// goroutine that checked it). Jobs start in order, except that one whose
// host is busy waits while later jobs for other hosts go ahead. It
// returns when every started check is done; once ctx ends, no more start.
func Run(ctx context.Context, jobs []Job, inFlight, perHost int, check func(ctx context.Context, url string) Item, record func(Job, Item)) {
	if inFlight <= 0 {
		inFlight = InFlight
	}
	if perHost <= 0 {
		perHost = PerHost
	}
	type pending struct {
		job  Job
		host string
	}
	queue := make([]pending, len(jobs))
	for i, j := range jobs {
		queue[i] = pending{j, HostOf(j.URL)}
	}
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	busy := map[string]int{}
	running := 0
	var wg sync.WaitGroup
	mu.Lock()
	for len(queue) > 0 && ctx.Err() == nil {
		next := -1
		if running < inFlight {
			for i, p := range queue {
				if busy[p.host] < perHost {
					next = i
					break
				}
			}
		}
		if next < 0 {
			cond.Wait() // running > 0 here: a check that ends wakes this
			continue
		}
		p := queue[next]
		queue = append(queue[:next], queue[next+1:]...)
		busy[p.host]++
		running++
		wg.Add(1)
		go func() {
			defer wg.Done()
			record(p.job, check(ctx, p.job.URL))
			mu.Lock()
			busy[p.host]--
			running--
			cond.Signal()
			mu.Unlock()
		}()
	}
	mu.Unlock()
	wg.Wait()
}
