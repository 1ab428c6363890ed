// Package probe checks the live agent behind a card: it sends each declared
// interface one harmless, read-only request that every conforming server
// answers without doing any work (get a task that cannot exist) and tells
// from the answer whether the endpoint speaks the binding and version the
// card declares next to it.
//
// Probes go through the same discovery.Doer and discovery.Policy as the
// card's own fetch: every probed URL is checked by the policy before a
// packet is sent (loopback, private and link-local targets are refused
// unless the policy allows them), natively the Doer checks every address it
// dials, and the number of requests is capped by a discovery.Budget. The
// package builds for js/wasm, so the Worker can run it; gRPC needs a
// client that the Worker cannot link, so GRPC entries are probed only when
// Options.GRPC is set (core/probe/grpcprobe, used by the CLI).
package probe

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Outcome is what a probe concluded about one entry
// (docs/ARCHITECTURE.md, Contracts: `lint --probe`).
type Outcome string

const (
	// SpeaksDeclared: the endpoint answered as the declared binding does.
	SpeaksDeclared Outcome = "speaks-declared"
	// WrongBinding: something answered, but not as the declared binding
	// (an HTML page, a 404 of a web server, JSON of another shape, a
	// JSON-RPC server that does not know the A2A method).
	WrongBinding Outcome = "wrong-binding"
	// VersionRefused: the endpoint refused the declared protocolVersion.
	VersionRefused Outcome = "version-refused"
	// AuthRequired: the endpoint wants credentials first (401/403); that
	// is fine, and Result.Scheme says which scheme it asked for.
	AuthRequired Outcome = "auth-required"
	// Unreachable: no answer (connection refused, unknown host, TLS
	// failure, time-out, a gateway whose agent is down).
	Unreachable Outcome = "unreachable"
	// RefusedByPolicy: the fetch policy forbids the target; nothing was sent.
	RefusedByPolicy Outcome = "refused-by-policy"
	// NotProbed: there was no way to ask (Result.Detail says why).
	NotProbed Outcome = "not-probed"
)

// Bounds of one run (the budget: at most 8 entries, about 3 s each,
// at most 64 KiB read per answer).
const (
	MaxEntries     = 8
	DefaultTimeout = 3 * time.Second
	MaxAnswer      = 64 << 10
)

// Bindings the probes know how to ask.
const (
	JSONRPC  = "JSONRPC"
	HTTPJSON = "HTTP+JSON"
	GRPC     = "GRPC"
)

// Result is the probe of one entry. Its JSON form is the `probes` item of
// `lint --probe --format json` and `/api/check?probe=1`: index, url,
// binding, version, outcome, status, detail, timeMs (plus source, scheme,
// detailId and detailArgs).
type Result struct {
	// Index is the entry's index in its list (card.Interface.Index) and
	// Source names that list ("supportedInterfaces[2]").
	Index   int     `json:"index"`
	Source  string  `json:"source"`
	URL     string  `json:"url"`
	Binding string  `json:"binding"`
	Version string  `json:"version"`
	Outcome Outcome `json:"outcome"`
	// Status is the HTTP status of the answer, or for GRPC the gRPC
	// status code (5 is NotFound); 0 when nothing answered.
	Status int `json:"status"`
	// Scheme is the authentication scheme an auth-required endpoint named
	// in WWW-Authenticate ("Bearer"), when it named one.
	Scheme string `json:"scheme,omitempty"`
	// Detail says what was seen, as catalogue data; Message is its
	// rendering (English until Localize).
	Detail  i18n.Text `json:"-"`
	Message string    `json:"detail"`
	TimeMS  int64     `json:"timeMs"`
}

// MarshalJSON adds the detail as data (detailId, detailArgs), as
// diagnostics carry messageId and args.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	return json.Marshal(struct {
		plain
		DetailID   string `json:"detailId,omitempty"`
		DetailArgs []any  `json:"detailArgs,omitempty"`
	}{plain(r), r.Detail.ID, r.Detail.Args})
}

// Localize renders every result's detail in cat's language. A program
// calls it once, at its edge.
func Localize(rs []Result, cat *i18n.Catalogue) {
	if cat == nil {
		return
	}
	for i := range rs {
		if !rs[i].Detail.IsZero() {
			rs[i].Message = cat.Render(rs[i].Detail)
		}
	}
}

// Verdict is what a probe of one entry concluded; Run adds the entry's
// index, URL, binding, version and the time taken.
type Verdict struct {
	Outcome Outcome
	Status  int
	Scheme  string
	Detail  i18n.Text
}

// Target is one entry as a Prober receives it: already parsed, with its
// host canonical and checked against the policy.
type Target struct {
	Entry card.Interface
	// URL is the entry's url. A gRPC target written as "host:port"
	// (as a2a-go's gRPC transport takes it) is read as https://host:port
	// for the policy, with Bare set.
	URL  *url.URL
	Bare bool
	// Policy is the run's policy: a Prober must check every address it
	// connects to against it (Policy.CheckAddr), as discovery's native
	// Doer does, so that a name resolving to a private address is refused.
	Policy discovery.Policy
	// TaskID is the random id to ask for; no task has it.
	TaskID    string
	UserAgent string
	MaxAnswer int64
	// Timeout is the run's time limit per entry (ctx carries it as a
	// deadline), for the words of a time-out.
	Timeout time.Duration
	// Header holds the caller's credentials for this target, when the
	// check's credential scope lets them go there (core/check fills it
	// from discovery.Credentials; a gRPC prober sends them as metadata).
	Header discovery.Header
}

// Prober probes one entry of a binding the Doer cannot speak (GRPC). It
// must honour ctx's deadline.
type Prober func(ctx context.Context, t Target) Verdict

// Options bound and equip a run. The zero value is usable: the strictest
// policy (discovery.Policy{}: https to public hosts only), 3 s per entry,
// 8 entries, 64 KiB per answer, no gRPC.
type Options struct {
	// Policy decides which URLs may be probed. The Worker passes the
	// policy of its card fetch (DefaultPolicy, plus AllowLoopback under
	// ALLOW_LOOPBACK=1); the CLI passes LocalPolicy.
	Policy discovery.Policy
	// Timeout bounds each entry's probe (DefaultTimeout when zero).
	Timeout time.Duration
	// MaxEntries probes only the first entries (MaxEntries when zero or
	// larger); Run returns no result for the rest.
	MaxEntries int
	// MaxAnswer bounds the bytes read of each answer (MaxAnswer when zero
	// or larger).
	MaxAnswer int64
	// GRPC probes GRPC entries; nil makes them not-probed (the Worker,
	// whose fetch cannot speak gRPC).
	GRPC Prober
	// TaskID returns the task id to ask for; nil uses 16 random bytes.
	// Tests set it to make answers predictable.
	TaskID func() string
	// Credentials is the check's credential scope: a GRPC Target gets the
	// caller's headers it allows for the entry (HTTP requests get them
	// from the Doer the scope wraps). Nil: none.
	Credentials *discovery.Credentials
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxEntries <= 0 || o.MaxEntries > MaxEntries {
		o.MaxEntries = MaxEntries
	}
	if o.MaxAnswer <= 0 || o.MaxAnswer > MaxAnswer {
		o.MaxAnswer = MaxAnswer
	}
	if o.Policy.UserAgent == "" {
		o.Policy.UserAgent = discovery.UserAgent
	}
	if o.TaskID == nil {
		o.TaskID = randomTaskID
	}
	return o
}

// randomTaskID is an id no server has handed out: a client that could
// guess ids would be a security problem of its own.
func randomTaskID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return "agentcard-probe-" + hex.EncodeToString(b[:])
}

// Run probes the first opts.MaxEntries entries concurrently and returns one
// result per probed entry, in the order of entries. Requests go through d,
// which counts them when it is a *discovery.Budget (the Worker passes the
// budget of the inbound request); otherwise Run caps them itself at one
// per entry.
func Run(ctx context.Context, entries []card.Interface, d discovery.Doer, opts Options) []Result {
	opts = opts.withDefaults()
	n := min(len(entries), opts.MaxEntries)
	if n == 0 {
		return []Result{}
	}
	if _, ok := d.(*discovery.Budget); !ok {
		d = discovery.NewBudget(d, n)
	}
	out := make([]Result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			e := entries[i]
			r := Result{Index: e.Index, Source: e.Source, URL: e.URL, Binding: e.Binding, Version: e.Version}
			defer func() {
				// A panic on this goroutine would take the whole process
				// (the Worker's instance) down.
				if v := recover(); v != nil {
					r.Outcome, r.Status, r.Scheme = NotProbed, 0, ""
					r.Detail = i18n.T("msg.probe.internal", fmt.Sprint(v))
				}
				r.Message = i18n.EnglishCatalogue().Render(r.Detail)
				r.TimeMS = time.Since(start).Milliseconds()
				out[i] = r
			}()
			v := probe(ctx, e, d, opts)
			r.Outcome, r.Status, r.Scheme, r.Detail = v.Outcome, v.Status, v.Scheme, v.Detail
		}()
	}
	wg.Wait()
	return out
}

// Entries lists what Check probes in a parsed card: card.Interfaces (the
// supportedInterfaces, or a 0.2/0.3 card's url, preferredTransport and
// additionalInterfaces), and for a mixed card also its legacy endpoints,
// since 0.3 clients call those: each URL, binding and version once (a
// mixed card often repeats its url in additionalInterfaces).
func Entries(root *jsonpos.Node) []card.Interface {
	if root == nil {
		return nil
	}
	out := card.Interfaces(root)
	if root.Get("supportedInterfaces") == nil || len(out) >= MaxEntries {
		// Run probes only the first MaxEntries: a legacy endpoint appended
		// after them would never be reached, so a card with thousands of
		// entries costs no de-duplication map.
		return out
	}
	seen := map[[3]string]bool{}
	for _, e := range out {
		seen[[3]string{e.URL, e.Binding, e.Version}] = true
	}
	for _, e := range card.LegacyInterfaces(root) {
		k := [3]string{e.URL, e.Binding, e.Version}
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

func notProbed(id string, args ...any) Verdict {
	return Verdict{Outcome: NotProbed, Detail: i18n.T(id, args...)}
}

// probe runs the probe of one entry.
func probe(ctx context.Context, e card.Interface, d discovery.Doer, opts Options) Verdict {
	switch e.Binding {
	case JSONRPC, HTTPJSON, GRPC:
	default:
		return notProbed("msg.probe.not-probed.binding", jsonpos.QuoteClipped(e.Binding))
	}
	u, bare, ok := endpoint(e.URL, e.Binding == GRPC)
	if !ok {
		return notProbed("msg.probe.not-probed.url", jsonpos.QuoteClipped(e.URL))
	}
	if err := opts.Policy.Check(u); err != nil {
		return refused(err)
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	id := opts.TaskID()
	if e.Binding == GRPC {
		if opts.GRPC == nil {
			return notProbed("msg.probe.not-probed.grpc")
		}
		return opts.GRPC(ctx, Target{Entry: e, URL: u, Bare: bare, Policy: opts.Policy, TaskID: id,
			UserAgent: opts.Policy.UserAgent, MaxAnswer: opts.MaxAnswer, Timeout: opts.Timeout, Header: opts.Credentials.For(u)})
	}
	legacy := isLegacy(e.Version)
	var req *discovery.Request
	if e.Binding == JSONRPC {
		req = jsonrpcRequest(u, e, id, legacy)
	} else {
		req = restRequest(u, e, id, legacy)
	}
	req.Header.Set("User-Agent", opts.Policy.UserAgent)
	if v := strings.TrimSpace(e.Version); v != "" {
		req.Header.Set("A2A-Version", v)
	}
	req.MaxBody = opts.MaxAnswer
	res, err := d.Do(ctx, req)
	if err != nil {
		return failed(ctx, u, err, opts.Timeout)
	}
	if e.Binding == JSONRPC {
		return judgeJSONRPC(res, e, legacy)
	}
	return judgeREST(res, e, legacy, restPath(legacy))
}

// endpoint reads an entry's url the way a client would call it, as every
// outbound URL is read (discovery.ParseTarget: an absolute http(s) URL,
// its host in the one spelling the policy and the runtime's fetch read
// the same way). gRPC entries may also be "host:port", which a2a-go
// passes to grpc.NewClient as is.
func endpoint(raw string, grpc bool) (u *url.URL, bare, ok bool) {
	if raw == "" || len(raw) > discovery.MaxURLLength {
		return nil, false, false
	}
	if grpc && !strings.Contains(raw, "://") {
		if strings.ContainsAny(raw, "/?#@") {
			return nil, false, false
		}
		u, ok = discovery.ParseTarget("https://" + raw)
		return u, true, ok
	}
	u, ok = discovery.ParseTarget(raw)
	return u, false, ok
}

// isLegacy reports whether the entry's version is a 0.x one, which uses
// the 0.3 method names and paths; anything else (1.0, a later 1.x, a
// missing or unreadable version) is asked the 1.0 way.
func isLegacy(version string) bool {
	mm, ok := card.ParseMajorMinor(version)
	return ok && strings.HasPrefix(mm, "0.")
}

// refused is the verdict for a target the policy forbids: the policy's own
// words say why.
func refused(err error) Verdict {
	var e *discovery.Error
	if errors.As(err, &e) && !e.Text.IsZero() {
		return Verdict{Outcome: RefusedByPolicy, Detail: i18n.T("msg.probe.refused", e.Text)}
	}
	return Verdict{Outcome: RefusedByPolicy, Detail: i18n.T("msg.probe.refused.other", jsonpos.Clip(err.Error(), 200))}
}

// failed is the verdict for a request that got no answer.
func failed(ctx context.Context, u *url.URL, err error, timeout time.Duration) Verdict {
	var e *discovery.Error
	if errors.As(err, &e) {
		switch e.Kind {
		case discovery.KindRefused:
			return refused(e) // the native Doer's check of the dialled address
		case discovery.KindRequestCap:
			return Verdict{Outcome: NotProbed, Detail: i18n.T("msg.probe.not-probed.cap", e.Text)}
		}
	}
	return Verdict{Outcome: Unreachable, Detail: discovery.NoAnswer(ctx, u, err, timeout)}
}
