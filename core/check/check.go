// Package check is the one live-check pipeline of the engine: given a card
// to check (a URL the user named, or bytes read from a file), options
// (probe, extended card, signatures, the operator's keys, the caller's
// headers, the fetch policy) and capabilities injected by the program that
// runs it (the Doer that sends requests, a gRPC prober, a cache, a
// signature verifier, the per-client limits), Run fetches the card, lints
// it with the HTTP findings, probes its declared interfaces, verifies its
// signatures, asks for its extended card, and merges every finding into
// one result. The CLI and the Worker only parse their flags or routes and
// render that result; a batch consumer (a Queue) calls Run the same way.
//
// Every security rule of a live check is applied here, once
// (docs/ARCHITECTURE.md, security model):
//
//   - one credential scope per check (discovery.Credentials): the
//     caller's headers go to the origin the user named and to the
//     endpoints of a card served from it without a cross-origin hop; a
//     card without origin needs the origins named for them;
//   - trust for signatures is the operator's (core/signature's Options);
//   - one outbound budget per check (MaxRequests, split by stage), and
//     the per-client and per-target-host limits (Limits) for every stage
//     that would send a request the cache does not answer;
//   - signature work is capped and its result cached with the card;
//   - a check that carries the caller's secrets (headers, keys) is never
//     read from or written to the cache.
package check

import (
	"context"
	"net/url"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
)

// Target is the card to check: a URL or domain the user named (fetched
// under the policy), or, when Body is not nil, a card already read (a
// file, standard input) with no origin.
type Target struct {
	URL string
	// Name and Body are a card read by the caller; Name is shown as the
	// result's input.
	Name string
	Body []byte
	// Listed marks a URL that came from a list (the CLI's --from), not
	// from the user: the caller's headers then go only to the origins
	// named for them (discovery.NewListedCredentials).
	Listed bool
}

// Options say what to check.
type Options struct {
	// Lint is passed to the linter.
	Lint lint.Options
	// Probe sends each declared interface one harmless request
	// (core/probe).
	Probe bool
	// Claims also checks the card's claims on the entries that answered
	// the probe (probe.Claims: calls that create nothing, without the
	// caller's credentials); it implies Probe.
	Claims bool
	// Extended asks for the extended card the card promises
	// (core/extended).
	Extended bool
	// Verify checks the card's signatures, when it has any.
	Verify bool
	// Keys are the keys the operator trusts for signatures: with any,
	// only they can verify, and no jku is read.
	Keys signature.KeySet
	// Headers are the caller's credentials; HeaderOrigins the origins
	// they may go to when the card has no origin (a file).
	Headers       discovery.Header
	HeaderOrigins []string
	// Policy decides what may be fetched (every URL of every stage); the
	// zero value is discovery.DefaultPolicy.
	Policy discovery.Policy
	// Refresh fetches the card and its key sets again rather than reading
	// the cache (the results are still stored).
	Refresh bool
	// Private keeps the check out of the cache, reading and writing. A
	// check with Headers or Keys is always private.
	Private bool
	// Client is who asks (ClientKey of the request's address), for the
	// limits; "" draws from no client's budget.
	Client string
	// MaxSignatureWork bounds the signature work (signature.Options
	// MaxWork); 0 is signature.DefaultMaxWork.
	MaxSignatureWork int
	// Clients are the client profiles whose selection the result
	// carries (Result.Selections), in this order.
	Clients []selection.Profile
	// Compare adds the official SDKs' choices and the compatibility
	// matrix (Result.Compared, sdk.Compare with SDK); CompareMax leaves
	// them out for a card that declares more interfaces than that (0
	// bounds nothing: the CLI, run by its user on cards they chose).
	Compare    bool
	CompareMax int
	SDK        sdk.Options
	// Apply is the caller's configuration (the CLI's rule levels and
	// ignored findings), applied to the findings after every stage; Hide
	// then hides the findings the caller already knows of (the CLI's
	// baseline) and says how many (Result.Hidden). Both are functions so
	// that the pipeline links no configuration reader (the Worker has
	// none); nil changes nothing.
	Apply func(*lint.Result)
	Hide  func(*lint.Result) int
	// Converse has one conversation with the agent on the interface
	// Profile selects (Result.Talk); its findings are about the answers
	// and are left to the caller. Only the CLI asks for one: the Worker
	// never sends a message.
	Converse *Converse
}

// Converse is one conversation a check has with the agent: the
// interface the spec's client with Profile would pick, the call to make.
type Converse struct {
	Profile      selection.Profile
	Conversation probe.Conversation
	// Streaming adds the streaming variant (SendStreamingMessage, same
	// text) when the card claims capabilities.streaming (conform --send).
	Streaming bool
}

// Capabilities are what the program running a check provides.
type Capabilities struct {
	// Doer sends every request: natively discovery.NewHTTPDoer (which
	// checks every dialled address against the policy), in the Worker the
	// runtime's fetch. Required for a URL target and for live checks.
	Doer discovery.Doer
	// GRPC probes GRPC entries; nil leaves them not-probed (the Worker).
	GRPC probe.Prober
	// Cache keeps fetched cards, probe results, key sets and signature
	// reports for TTL; nil caches nothing.
	Cache Cache
	// Verifier verifies signatures; nil verifies here (LocalVerifier).
	Verifier Verifier
	// Limits are the per-client and per-target-host limits; nil limits
	// nothing (the CLI, run by its user).
	Limits *Limiter
	// Memory keeps this process's recent signature reports and key sets
	// beside the Cache (NewMemory); nil keeps nothing.
	Memory *Memory
	// Gate is passed by the stages that compute for long (linting the
	// card, verifying its signatures), one check at a time when the Gate
	// says so; nil lets every check compute at once. The Worker's instance
	// runs one thread: sixteen checks computing at once kept its /healthz
	// waiting for seconds (issue 16, B2), while one at a time lets every
	// other request in between.
	Gate Gate
}

// Gate admits the computing stages of checks. Enter waits until the
// caller may go on (or ctx ends); Leave lets the next one in.
type Gate interface {
	Enter(ctx context.Context) error
	Leave()
}

// gated runs f once through g.
func gated(ctx context.Context, g Gate, f func()) error {
	leave, err := enter(ctx, g)
	if err != nil {
		return err
	}
	defer leave()
	f()
	return nil
}

// enter passes g (nil: at once); leave is what to call when done.
func enter(ctx context.Context, g Gate) (leave func(), err error) {
	if g == nil {
		return func() {}, nil
	}
	if err := g.Enter(ctx); err != nil {
		return nil, err
	}
	return g.Leave, nil
}

// Outbound requests one check may send, by stage, and in all: the card's
// redirect chains with the header-less comparison and the legacy path
// (discovery.DefaultMaxRequests), one probe per interface entry probed,
// the key sets of self-published jkus (with a redirect each), and the
// extended card's calls (two bindings, with and without credentials, with
// redirects). Whatever the remote side answers, a check sends no more.
const (
	CardRequests     = discovery.DefaultMaxRequests
	ProbeRequests    = probe.MaxEntries
	KeySetRequests   = 2 * signature.MaxFetches
	ExtendedRequests = 12
	ClaimRequests    = probe.MaxClaimRequests
	MaxRequests      = CardRequests + ProbeRequests + KeySetRequests + ExtendedRequests + ClaimRequests
)

// Result is what a check found.
type Result struct {
	// Report is the card with every finding: for a URL target the fetch's
	// facts, the header-less variant and the HTTP findings too; for a card
	// without origin only Input, Body and Result are set.
	Report *discovery.Report
	// Cached: the card came from the cache.
	Cached bool
	// Probes are the probe results (nil unless Options.Probe).
	Probes []probe.Result
	// Claims are the claims checked (nil unless Options.Claims).
	Claims []probe.Claim
	// Entries is the number of interface entries the card declares.
	Entries int
	// Signatures is the signature check (nil when not verified);
	// SignatureErr says why the card has no canonical form to verify.
	Signatures   *signature.Report
	SignatureErr error
	// Extended is the extended-card check (nil unless asked for).
	Extended *extended.Result
	// Withheld says why the caller's headers were kept from the rest of
	// the check (a cross-origin redirect), nil otherwise.
	Withheld *discovery.Withheld
	// Hidden is the number of findings Options.Hide hid.
	Hidden int
	// Selections are the selection of each of Options.Clients.
	Selections []selection.Result
	// Compared is the SDK comparison (nil unless Options.Compare, and
	// when the card declares more than Options.CompareMax interfaces).
	Compared *sdk.Comparison
	// Chosen is the selection of Options.Converse's profile, and Talk the
	// conversation on the entry it chose (nil when none was chosen, or
	// no conversation was asked for).
	Chosen *selection.Result
	Talks  []probe.Talk
	// Exchange lists every request of the conversations (`exchange`).
	Exchange []probe.Exchange
}

// runner is one check in progress.
type runner struct {
	o     Options
	c     Capabilities
	cache Cache // nil for a private check
	total *discovery.Budget
	creds *discovery.Credentials
}

// Run checks one card (see the package comment). The error is a
// *discovery.Error when the target is refused or its card could not be
// fetched, a *LimitError when a limit refused the check, a
// *discovery.HeaderError, *discovery.HeaderOriginError,
// discovery.ErrHeaderOriginNeeded or discovery.ErrHeaderOriginListed when
// the caller's headers are refused;
// nothing was sent for a refused input.
func Run(ctx context.Context, t Target, o Options, c Capabilities) (*Result, error) {
	if o.Policy.Timeout == 0 && o.Policy.MaxBody == 0 && o.Policy.MaxRequests == 0 {
		self := o.Policy.Self
		o.Policy = discovery.DefaultPolicy()
		o.Policy.Self = self
	}
	if o.Converse != nil && !conversations {
		return nil, errNoConversations
	}
	r := &runner{o: o, c: c}
	if !o.Private && len(o.Headers) == 0 && len(o.Keys) == 0 && o.Converse == nil {
		r.cache = c.Cache
	}
	var named *url.URL
	if t.Body == nil {
		u, err := discovery.Normalize(t.URL)
		if err != nil {
			return nil, err
		}
		if err := o.Policy.Check(u); err != nil {
			return nil, err
		}
		named = u
	}
	newCreds := discovery.NewCredentials
	if t.Listed && named != nil {
		newCreds = discovery.NewListedCredentials
	}
	creds, err := newCreds(o.Headers, named, o.HeaderOrigins)
	if err != nil {
		return nil, err
	}
	r.creds = creds
	if c.Doer != nil {
		r.total = discovery.NewBudget(c.Doer, MaxRequests)
	}
	res := &Result{}
	if named != nil && o.Probe {
		// A probe run costs its target hosts a token each; a host over its
		// cap is answered now, before the card is fetched (the card's own
		// host is the one its entries name almost always).
		if h, ok := hosts.Canonical(named.Hostname()); ok {
			if err := c.Limits.HostReady(h); err != nil {
				return nil, err
			}
		}
	}
	if named != nil {
		f, cached, err := r.fetch(ctx, t.URL, named)
		if err != nil {
			return nil, err
		}
		res.Cached = cached
		if err := gated(ctx, c.Gate, func() { res.Report = discovery.Analyze(f, lint.Lint, o.Lint) }); err != nil {
			return nil, err
		}
	} else {
		var lr *lint.Result
		if err := gated(ctx, c.Gate, func() { lr = lint.Lint(t.Body, o.Lint) }); err != nil {
			return nil, err
		}
		lr.Input = t.Name
		res.Report = &discovery.Report{Input: t.Name, Body: t.Body, Result: lr}
	}
	doc := res.Report.Result.Doc
	isCard := doc != nil && doc.Root != nil && doc.Root.Kind == jsonpos.Object
	var entries []card.Interface
	if isCard {
		entries = probe.Entries(doc.Root)
		urls := make([]string, 0, len(entries))
		for _, e := range entries {
			urls = append(urls, e.URL)
		}
		creds.AllowDeclared(urls)
	}
	res.Entries = len(entries)
	var extra []lint.Diagnostic
	if o.Probe || o.Claims {
		res.Probes = []probe.Result{}
		if isCard && r.total != nil {
			rs, err := r.probes(ctx, res.Report, entries)
			if err != nil {
				return nil, err
			}
			res.Probes = rs
			extra = append(extra, probe.Diagnostics(doc, entries, rs)...)
		}
	}
	if o.Claims {
		res.Claims = []probe.Claim{}
		if isCard && r.total != nil && len(res.Probes) > 0 {
			cs, diags, err := r.claims(ctx, res.Report, entries, res.Probes)
			if err != nil {
				return nil, err
			}
			res.Claims = cs
			extra = append(extra, diags...)
		}
	}
	if o.Converse != nil && isCard && r.total != nil {
		res.Chosen, res.Talks = r.converse(ctx, res.Report.Result)
		res.Exchange = []probe.Exchange{}
		for _, t := range res.Talks {
			res.Exchange = append(res.Exchange, t.Exchange...)
			if o.Claims {
				// conform --send: the conversation is a claim, its
				// findings are the card's result's (placeless: they point
				// into the answers)
				res.Claims = append(res.Claims, probe.MessageClaim(t))
				extra = append(extra, t.Diagnostics...)
			}
		}
	}
	if o.Verify && isCard && doc.Root.Get("signatures") != nil {
		rep, verr, err := r.signatures(ctx, res.Report)
		if err != nil {
			return nil, err
		}
		res.Signatures, res.SignatureErr = rep, verr
		if verr == nil {
			extra = append(extra, signature.Diagnostics(doc, rep)...)
		}
	}
	if o.Extended && isCard && r.total != nil {
		if p, _ := extended.Promise(doc.Root); p != nil {
			if err := c.Limits.Spend(o.Client); err != nil {
				return nil, err
			}
		}
		ext := extended.Check(ctx, doc, discovery.NewBudget(r.total, ExtendedRequests),
			extended.Options{Credentials: creds, Policy: o.Policy, Lint: o.Lint, Linter: lint.Lint})
		res.Extended = &ext
		extra = append(extra, ext.Diagnostics...)
	}
	Merge(res.Report.Result, extra)
	res.Withheld = creds.Withheld()
	if err := gated(ctx, c.Gate, func() { res.present(o) }); err != nil {
		return nil, err
	}
	return res, nil
}

// present adds what front ends show beside the findings: the clients'
// selections and the SDK comparison of the card as served, then the
// caller's configuration and baseline over the findings.
func (res *Result) present(o Options) {
	lr := res.Report.Result
	for _, p := range o.Clients {
		// the era was detected once by lint; selection reuses it
		s := selection.SelectDetected(lr.Doc, lr.Detection, p)
		if s.Trace == nil {
			s.Trace = []selection.Step{}
		}
		res.Selections = append(res.Selections, s)
	}
	if o.Compare && (o.CompareMax <= 0 || res.Entries <= o.CompareMax) {
		c := sdk.Compare(lr.Doc, o.SDK)
		res.Compared = &c
	}
	res.Hidden = Settle(lr, o)
}

// Settle applies the caller's configuration and baseline (Options.Apply,
// Options.Hide) to a result and says how many findings the baseline
// hid: Run's last step, and the one for results that did not come from
// Run (a card whose fetch failed with findings, a card lint --fix
// rewrote).
func Settle(lr *lint.Result, o Options) (hidden int) {
	if o.Apply != nil {
		o.Apply(lr)
	}
	if o.Hide != nil {
		hidden = o.Hide(lr)
	}
	return hidden
}

// fetch gets the card at u, from the cache when allowed; a fetch the
// cache does not answer costs a token of the client's budget. The
// caller's headers go only where the credential scope lets them.
func (r *runner) fetch(ctx context.Context, input string, u *url.URL) (*discovery.Fetched, bool, error) {
	key := cardKey(u.String())
	if r.cache != nil && !r.o.Refresh {
		if b, ok := r.cache.Get(ctx, key); ok {
			if f, err := decodeEntry(b, input); err == nil {
				return f, true, nil
			}
		}
	}
	if err := r.c.Limits.Spend(r.o.Client); err != nil {
		return nil, false, err
	}
	if r.total == nil {
		return nil, false, errNoDoer
	}
	r.creds.StartFetch()
	f, err := discovery.FetchRaw(ctx, discovery.NewBudget(r.creds.Doer(r.total), CardRequests), input, r.o.Policy)
	if err != nil {
		var de *discovery.Error
		if ok := asDiscovery(err, &de); ok && de.Facts != nil {
			r.creds.Fetched(de.Facts)
		} else {
			r.creds.Fetched(nil)
		}
		return nil, false, err
	}
	r.creds.Fetched(&f.Facts)
	if r.cache != nil && !f.Facts.NoStore {
		r.cache.Put(ctx, key, encodeEntry(f), TTL)
	}
	return f, false, nil
}

// probes runs the probes of the card's entries, from the cache when
// allowed (keyed by the card's URL and bytes, so a shared probe link does
// not probe again within TTL). A run the cache does not answer costs a
// token of the client's budget and one of every host it probes.
func (r *runner) probes(ctx context.Context, rep *discovery.Report, entries []card.Interface) ([]probe.Result, error) {
	if len(entries) == 0 {
		return []probe.Result{}, nil
	}
	var key string
	cacheable := r.cache != nil && rep.URL != nil && !rep.Facts.NoStore
	if cacheable {
		key = probeKey(rep.URL.String(), rep.Body)
		if !r.o.Refresh {
			if b, ok := r.cache.Get(ctx, key); ok {
				if rs, err := decodeProbes(b); err == nil {
					return rs, nil
				}
			}
		}
	}
	if err := r.c.Limits.Spend(r.o.Client); err != nil {
		return nil, err
	}
	for _, h := range probedHosts(entries) {
		if err := r.c.Limits.SpendHost(h); err != nil {
			return nil, err
		}
	}
	results := probe.Run(ctx, entries, discovery.NewBudget(r.creds.Doer(r.total), ProbeRequests),
		probe.Options{Policy: r.o.Policy, GRPC: r.c.GRPC, Credentials: r.creds})
	if cacheable {
		r.cache.Put(ctx, key, encodeProbes(results), TTL)
	}
	return results, nil
}

// claims checks the claims of the probed entries, from the cache when
// allowed (keyed like the probes: a report right after the JSON asks
// nothing again). A run the cache does not answer costs a token of the
// client's budget and one of every host it asks. Its calls go without
// the caller's credentials: r.total is the check's budget before the
// credential scope.
func (r *runner) claims(ctx context.Context, rep *discovery.Report, entries []card.Interface, results []probe.Result) ([]probe.Claim, []lint.Diagnostic, error) {
	doc := rep.Result.Doc
	var key string
	cacheable := r.cache != nil && rep.URL != nil && !rep.Facts.NoStore
	if cacheable {
		key = claimKey(rep.URL.String(), rep.Body)
		if !r.o.Refresh {
			if b, ok := r.cache.Get(ctx, key); ok {
				if cs, err := decodeClaims(b); err == nil {
					return cs, probe.ClaimDiagnostics(doc, entries, cs), nil
				}
			}
		}
	}
	if err := r.c.Limits.Spend(r.o.Client); err != nil {
		return nil, nil, err
	}
	for _, h := range probedHosts(entries[:min(len(entries), probe.MaxClaimEntries)]) {
		if err := r.c.Limits.SpendHost(h); err != nil {
			return nil, nil, err
		}
	}
	cs, diags := probe.Claims(ctx, doc, entries, results, discovery.NewBudget(r.total, ClaimRequests),
		probe.Options{Policy: r.o.Policy})
	if cacheable {
		r.cache.Put(ctx, key, encodeClaims(cs), TTL)
	}
	return cs, diags, nil
}

// probedHosts are the distinct hosts (canonical names) of the entries a
// probe run would ask: a card's eight probes to one host cost that host
// one token.
func probedHosts(entries []card.Interface) []string {
	seen := map[string]bool{}
	var out []string
	for i, e := range entries {
		if i >= probe.MaxEntries {
			break
		}
		raw := e.URL
		if raw != "" && !containsScheme(raw) {
			raw = "https://" + raw
		}
		u, ok := discovery.ParseTarget(raw)
		if !ok {
			continue
		}
		if h, ok := hosts.Canonical(u.Hostname()); ok && !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}
