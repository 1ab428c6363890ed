// Package extended checks the extended Agent Card: the fuller card an agent
// promises to authenticated callers when its public card sets
// capabilities.extendedAgentCard (0.3: supportsAuthenticatedExtendedCard).
//
// Check asks for it the way the card's bindings define the operation
// (JSON-RPC GetExtendedAgentCard, 0.3 agent/getAuthenticatedExtendedCard;
// HTTP+JSON GET <url>/extendedAgentCard, 0.3 GET <url>/v1/card): once
// without credentials, which the agent must refuse, and, when the caller
// supplied headers (an Authorization header, an API key), once more with
// them. The card it gets is linted and compared with the public card. The
// findings are placed on the public card's member that made the promise.
//
// Requests go through the caller's discovery.Doer under its
// discovery.Policy (every URL and redirect hop is checked before a packet
// is sent) and a discovery.Budget. The caller's headers are secrets
// handed over for one agent: the check's credential scope
// (discovery.Credentials, Options.Credentials) decides for each request
// whether they go with it, and they are never recorded (Result.Requests
// says whether they were sent, not what they were).
package extended

import (
	"context"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Bounds of one check.
const (
	// MaxCard is the most bytes read of one answer; the parser reads no
	// more either.
	MaxCard = 1 << 20
	// DefaultTimeout bounds each call (with its redirects).
	DefaultTimeout = 5 * time.Second
)

// Options equip a check. The zero value is usable: the strictest policy
// (https to public hosts), no credentials, 5 s per call.
type Options struct {
	// Credentials is the check's credential scope: the caller's headers
	// (Authorization, an API key header, a Cookie) and where they may go.
	// Nil or without headers: only the anonymous call is made.
	Credentials *discovery.Credentials
	// Policy decides which URLs may be asked (the same as the card fetch's).
	Policy discovery.Policy
	// Timeout bounds each call, redirects included (DefaultTimeout when zero).
	Timeout time.Duration
	// MaxBody bounds the bytes read of each answer (MaxCard when zero or larger).
	MaxBody int64
	// Lint is passed to Linter for the extended card.
	Lint findings.Options
	// Linter lints the extended card the agent serves (lint.Lint), which
	// is then compared with the public card.
	Linter findings.Linter
}

// Outcome is what one request concluded.
type Outcome string

const (
	// GotCard: the answer held a card.
	GotCard Outcome = "card"
	// AuthRefused: 401/403, or the binding's authentication error.
	AuthRefused Outcome = "auth-refused"
	// Unsupported: the endpoint does not know the operation, or says it
	// has no extended card configured.
	Unsupported Outcome = "unsupported"
	// BadAnswer: an answer that is neither a card nor one of the above.
	BadAnswer Outcome = "bad-answer"
	// Unreachable: no answer (connection, DNS, TLS, time-out).
	Unreachable Outcome = "unreachable"
	// RefusedByPolicy: the fetch policy forbids the URL; nothing was sent.
	RefusedByPolicy Outcome = "refused-by-policy"
)

// Request is one request sent (each redirect hop is one). It never holds
// the caller's header values.
type Request struct {
	Binding string `json:"binding"`
	Version string `json:"version"`
	// Source names the interface entry asked ("supportedInterfaces[0]").
	Source string `json:"source"`
	Method string `json:"method"`
	URL    string `json:"url"`
	// Credentials is set when the caller's headers were sent with it;
	// Withheld when the call carried them but this URL is outside the
	// card's origin and declared endpoints, so they were left out.
	Credentials bool    `json:"credentials"`
	Withheld    bool    `json:"withheld,omitempty"`
	Status      int     `json:"status"`
	Outcome     Outcome `json:"outcome"`
	// Detail says what was seen, as data; Message is its rendering.
	Detail  i18n.Text `json:"-"`
	Message string    `json:"detail"`
}

// Result is the outcome of Check.
type Result struct {
	// Declared: the public card promises an extended card. When it does
	// not, nothing was asked and the rest is empty.
	Declared bool `json:"declared"`
	// Fetched: the call with the caller's headers returned a card.
	Fetched bool `json:"fetched"`
	// Card is the extended card's bytes as served (the JSON-RPC result
	// member, or the HTTP+JSON body).
	Card []byte `json:"-"`
	// Lint is the extended card's own lint result (nil unless Fetched, or
	// unless an anonymous call got a card).
	Lint *findings.Result `json:"lint,omitempty"`
	// Diagnostics are findings about the public card, placed on its
	// promise; add them to its result with discovery.Merge.
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
	Requests    []Request         `json:"requests"`
	// Note says why nothing could be asked, when that is the case.
	Note        i18n.Text `json:"-"`
	NoteMessage string    `json:"note,omitempty"`
}

// Localize renders every message of r in cat's language (the findings,
// the extended card's own findings, the request details and the note).
func (r *Result) Localize(cat *i18n.Catalogue) {
	if r == nil || cat == nil {
		return
	}
	findings.LocalizeDiagnostics(r.Diagnostics, cat)
	r.Lint.Localize(cat)
	for i := range r.Requests {
		if !r.Requests[i].Detail.IsZero() {
			r.Requests[i].Message = cat.Render(r.Requests[i].Detail)
		}
	}
	if !r.Note.IsZero() {
		r.NoteMessage = cat.Render(r.Note)
	}
}

// Promise returns the public card's member that promises an extended card
// (capabilities.extendedAgentCard, else a legacy card's
// supportsAuthenticatedExtendedCard) when it is true, and its name.
func Promise(root *jsonpos.Node) (*jsonpos.Node, string) {
	if root == nil || root.Kind != jsonpos.Object {
		return nil, ""
	}
	if c := root.Get("capabilities"); c != nil && c.Kind == jsonpos.Object {
		if n := c.Get("extendedAgentCard"); n != nil && n.Kind == jsonpos.Bool && n.Bool {
			return n, "capabilities.extendedAgentCard"
		}
	}
	if n := root.Get("supportsAuthenticatedExtendedCard"); n != nil && n.Kind == jsonpos.Bool && n.Bool {
		return n, "supportsAuthenticatedExtendedCard"
	}
	return nil, ""
}

// Check asks for the extended card the public card promises and reports
// what it found (see the package comment). d counts its requests when it
// is a *discovery.Budget (the Worker passes the inbound request's);
// otherwise Check caps them itself.
func Check(ctx context.Context, public *jsonpos.Doc, d discovery.Doer, opts Options) Result {
	res := Result{Diagnostics: []diag.Diagnostic{}, Requests: []Request{}}
	if public == nil || d == nil {
		return res
	}
	promise, label := Promise(public.Root)
	if promise == nil {
		return res
	}
	res.Declared = true
	opts = opts.withDefaults()
	targets := Targets(public.Root)
	if len(targets) == 0 {
		res.Note = i18n.T("msg.extended.note.no-interface")
		res.NoteMessage = i18n.EnglishCatalogue().Render(res.Note)
		return res
	}
	if _, ok := d.(*discovery.Budget); !ok {
		d = discovery.NewBudget(d, (len(targets)+1)*(opts.Policy.MaxRedirects+1))
	}
	c := &checker{d: d, opts: opts}
	f := found{doc: public, promise: promise, label: label}

	// With credentials: the first interface that gives an answer about the
	// operation (a card, or a refusal of the credentials) decides.
	asked := targets[0]
	var withCreds *answer
	if opts.Credentials.Any() {
		for _, t := range targets {
			a := c.call(ctx, t, true, &res)
			asked, withCreds = t, &a
			if a.outcome == GotCard || a.outcome == AuthRefused {
				break
			}
		}
	}
	// Without credentials, the same interface must refuse.
	anon := c.call(ctx, asked, false, &res)

	switch {
	case anon.outcome == GotCard:
		f.add(diag.CodeExtendedPublic, i18n.T("msg.extended-card-public", label, asked.Binding, jsonpos.QuoteClipped(asked.URL)))
	case withCreds == nil && anon.outcome == Unsupported:
		f.add(diag.CodeExtendedUnavailable, i18n.T("msg.extended-card-unavailable", label, asked.Binding, jsonpos.QuoteClipped(asked.URL), anon.detail))
	}
	served, from := withCreds, asked
	if withCreds == nil && anon.outcome == GotCard {
		served = &anon // an anonymous card is linted and compared too
	}
	if withCreds != nil && withCreds.outcome != GotCard && withCreds.outcome != RefusedByPolicy {
		f.add(diag.CodeExtendedUnavailable, i18n.T("msg.extended-card-unavailable", label, from.Binding, jsonpos.QuoteClipped(from.URL), withCreds.detail))
	}
	if served != nil && served.outcome == GotCard {
		res.Fetched = served == withCreds
		res.Card = served.card
		res.Lint = opts.Linter(served.card, opts.Lint)
		res.Lint.Input = from.URL
		f.compare(public.Root, res.Lint)
	}
	res.Diagnostics = f.out
	return res
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBody <= 0 || o.MaxBody > MaxCard {
		o.MaxBody = MaxCard
	}
	if o.Policy.UserAgent == "" {
		o.Policy.UserAgent = discovery.UserAgent
	}
	if o.Policy.MaxRedirects < 0 {
		o.Policy.MaxRedirects = 0
	}
	if o.Policy.MaxRedirects > discovery.DefaultMaxRedirects {
		o.Policy.MaxRedirects = discovery.DefaultMaxRedirects
	}
	return o
}

// Bindings that define the operation over HTTP.
const (
	JSONRPC  = "JSONRPC"
	HTTPJSON = "HTTP+JSON"
)

// Targets are the interfaces Check may ask, in the card's order: the first
// JSONRPC entry and the first HTTP+JSON entry of the list clients select
// from (card.Interfaces). GRPC is not asked: the Worker's fetch cannot
// speak it, and one request per binding is enough to learn the answer.
func Targets(root *jsonpos.Node) []card.Interface {
	var out []card.Interface
	seen := map[string]bool{}
	for _, e := range card.Interfaces(root) {
		if (e.Binding != JSONRPC && e.Binding != HTTPJSON) || seen[e.Binding] || strings.TrimSpace(e.URL) == "" {
			continue
		}
		seen[e.Binding] = true
		out = append(out, e)
	}
	return out
}

// isLegacy reports whether an entry's version is a 0.x one, asked with
// the 0.3 method name and path; anything else is asked the 1.0 way.
func isLegacy(version string) bool {
	mm, ok := card.ParseMajorMinor(version)
	return ok && strings.HasPrefix(mm, "0.")
}
