// Command worker is the Cloudflare Worker: it fetches Agent Cards, checks
// the card and how it is served, and answers with an HTML report or JSON
// (docs/ARCHITECTURE.md, Worker routes). The handler is plain net/http, tested natively; main.go
// serves it on $PORT, main_js.go inside workerd (one long-lived instance,
// see worker.mjs and bridge_js.go).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/shortlink"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// Config wires the handler to its runtime.
type Config struct {
	Doer discovery.Doer
	// AllowLoopback lets /check fetch 127.0.0.1, ::1 and localhost (the
	// ALLOW_LOOPBACK variable, set by `make dev` only).
	AllowLoopback bool
	// Cache keeps fetched cards for a short time; nil disables caching.
	Cache Cache
	// Static serves everything that is not a dynamic route (natively:
	// dist/site). Nil answers those paths with a 404 page; in the Worker,
	// Workers static assets serve them before the Worker runs.
	Static web.Handler
	// Policy overrides the fetch policy's limits (tests); AllowLoopback
	// above still decides loopback.
	Policy *discovery.Policy
	// Logf receives recovered panics; nil uses log.Printf.
	Logf func(format string, args ...any)
	// SiteOrigin is the checker's own origin ("https://agentcard.example"):
	// links in reports, the only origin CORS lets read the API, and a host
	// the checker never fetches. Empty: the origin of the request's URL
	// (in production, the route Cloudflare matched).
	SiteOrigin string
	// LocalOnly answers only requests whose Host is 127.0.0.1, localhost or
	// [::1] (any port), refusing others with 421: for the checker on a
	// developer's machine (make dev, the native server), where a page on a
	// rebinding name could otherwise talk to it as its own origin.
	LocalOnly bool
	// Limits are the per-client budget and per-target-host caps of every
	// check that would send requests (core/check); nil uses
	// check.DefaultLimits.
	Limits *check.Limiter
	// Verifier verifies signatures and Keys reads the keys a POST
	// supplies; nil: in the handler (check.LocalVerifier), except in the
	// Worker's build (-tags remoteverify, no cryptography), which passes
	// the verifier Worker (check.RemoteVerifier).
	Verifier check.Verifier
	Keys     check.KeyReader
	// Shares keeps short links' texts (Workers KV in the Worker, memory
	// natively); Batches keeps batch checks (D1) and Queue hands their
	// jobs to the consumer (Queues). Nil: those routes answer 503.
	Shares  shortlink.Store
	Batches batch.Store
	Queue   BatchQueue
	// Counter holds the budgets shared by every isolate (check.Counter):
	// batch checks' per-host rate and request budgets, the daily caps
	// for everyone. D1 in the Worker; nil: one in this process's memory.
	Counter check.Counter
	// Pause waits on the runtime's timer (the Worker: jsrt.Pause); with it,
	// checks compute one at a time (cpuGate). Nil natively.
	Pause func(ctx context.Context, d time.Duration) error
}

// Limits of the handler itself.
const (
	maxLintBody = 1 << 20
	// maxOutput caps every answer the handler builds (report page, JSON).
	// The engine caps findings; this is the handler's own backstop, so
	// that no input can make the instance hold or send more than this.
	maxOutput = 2 << 20
)

type handler struct {
	cfg    Config
	policy discovery.Policy
	gate   check.Gate
	pages  *pageMemo
	memory *check.Memory
}

func newHandler(cfg Config) web.Handler {
	p := discovery.DefaultPolicy()
	if cfg.Policy != nil {
		p = *cfg.Policy
	}
	p.AllowLoopback = cfg.AllowLoopback
	p.AllowPrivate, p.AllowHTTP = false, false
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.Limits == nil {
		cfg.Limits = check.NewLimiter(check.DefaultLimits(), nil)
	}
	if cfg.Counter == nil {
		cfg.Counter = check.NewMemoryCounter(1<<16, nil)
	}
	cfg.SiteOrigin = strings.TrimSuffix(cfg.SiteOrigin, "/")
	h := &handler{cfg: cfg, policy: p, pages: newPageMemo(8 << 20), memory: check.NewMemory(8 << 20)}
	if cfg.Pause != nil {
		h.gate = &cpuGate{pause: cfg.Pause}
	}
	if h.cfg.Verifier == nil {
		h.cfg.Verifier = localVerifier(cfg.Pause)
	}
	if h.cfg.Keys == nil {
		h.cfg.Keys = localKeys()
	}
	return h
}

// securityHeaders go on every response, errors included.
func securityHeaders(h web.Header) {
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
}

// recorder notes whether the handler has started answering, so that a
// recovered panic can still send a proper error when it has not.
type recorder struct {
	web.ResponseWriter
	wrote bool
}

func (r *recorder) WriteHeader(code int) { r.wrote = true; r.ResponseWriter.WriteHeader(code) }
func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(b)
}

func (h *handler) ServeHTTP(w web.ResponseWriter, r *web.Request) {
	securityHeaders(w.Header())
	r = withLang(r, decideLang(r))
	rec := &recorder{ResponseWriter: w}
	defer func() {
		if v := recover(); v != nil {
			h.cfg.Logf("worker: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			if !rec.wrote {
				h.fail(rec, r, web.StatusInternalServerError, "internal", "internal")
			}
		}
	}()
	h.route(rec, r)
}

func (h *handler) route(w web.ResponseWriter, r *web.Request) {
	path := r.URL.Path
	if _, ok := checkPathLang(path); ok {
		path = "/check" // its language is decided (readLang)
	}
	if h.cfg.LocalOnly && !localHost(r.Host) {
		h.fail(w, r, web.StatusMisdirectedRequest, "host-not-allowed", "host-not-allowed", strconv.Quote(truncate(r.Host, 100)))
		return
	}
	if path != "/healthz" && fromOurselves(r) {
		h.fail(w, r, web.StatusForbidden, "loop-refused", "loop-refused")
		return
	}
	rt := routeOf(path)
	if bad := langOf(r).bad; bad != "" && rt != nil && rt.langChecked {
		h.fail(w, r, web.StatusBadRequest, "bad-lang", "bad-lang", strconv.Quote(bad))
		return
	}
	switch {
	case rt != nil:
		rt.answer(h, w, r)
	case h.cfg.Static != nil:
		h.cfg.Static.ServeHTTP(w, r)
	default:
		h.fail(w, r, web.StatusNotFound, "no-such-page", "no-such-page", truncate(path, 200))
	}
}

// api answers a JSON route: a CORS preflight, else serve when the method
// is one of methods (405 with Allow otherwise).
func (h *handler) api(w web.ResponseWriter, r *web.Request, serve func(web.ResponseWriter, *web.Request), methods ...string) {
	if r.Method == web.MethodOptions {
		h.preflight(w, r)
		return
	}
	if h.allow(w, r, methods...) {
		serve(w, r)
	}
}

func (h *handler) allow(w web.ResponseWriter, r *web.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	h.fail(w, r, web.StatusMethodNotAllowed, "method-not-allowed", "method-not-allowed",
		truncate(r.Method, 40), truncate(r.URL.Path, 200), strings.Join(methods, " "+cat(r).S("ui.error.or")+" "))
	return false
}

// wantsJSON decides the format of error answers.
func wantsJSON(r *web.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/healthz"
}

// errorBody is the JSON form of every error.
type errorBody struct {
	Error struct {
		Kind    string `json:"kind"`
		Status  int    `json:"status"`
		Message string `json:"message"`
		Hint    string `json:"hint,omitempty"`
		URL     string `json:"url,omitempty"`
		// RemoteStatus is what the target answered (a 404 stays a 404
		// here while the checker's own status is 502); Reason refines an
		// unreachable target (connection-refused, no-such-host, tls,
		// connection-lost).
		RemoteStatus int    `json:"remoteStatus,omitempty"`
		Reason       string `json:"reason,omitempty"`
	} `json:"error"`
	HTTP        *discovery.Facts  `json:"http,omitempty"`
	Diagnostics []lint.Diagnostic `json:"diagnostics,omitempty"`
}

// fail answers with an error page or JSON error in the request's
// language; never a bare status. words names the wording
// (ui.error.<words>.title|message|hint, args for the message); it is the
// kind except where one kind has several causes.
func (h *handler) fail(w web.ResponseWriter, r *web.Request, status int, kind, words string, args ...any) {
	rl := langOf(r)
	title := components.ErrorTitle(rl.lang, words)
	msg := components.ErrorText(rl.lang, words, "message", args...)
	hint := components.ErrorText(rl.lang, words, "hint")
	if wantsJSON(r) {
		var b errorBody
		b.Error.Kind, b.Error.Status, b.Error.Message, b.Error.Hint = kind, status, msg, hint
		h.writeJSON(w, r, status, b, "no-store")
		return
	}
	v := components.ErrorView{Lang: rl.lang, Status: status, Kind: kind, Title: title, Message: msg, Hint: hint,
		Alternates: selfAlternates(r), Origin: h.siteOrigin(r)}
	if rl.explicit {
		v.KeepLang()
	}
	h.writeHTML(w, r, status, errorPage(v), "no-store")
}

// failDiscovery answers a discovery failure in the request's language.
func (h *handler) failDiscovery(w web.ResponseWriter, r *web.Request, input string, e *discovery.Error) {
	rl := langOf(r)
	if wantsJSON(r) {
		said := *e
		said.Localize(cat(r))
		var b errorBody
		b.Error.Kind, b.Error.Status, b.Error.Message, b.Error.Hint, b.Error.URL = string(e.Kind), e.HTTPStatus(), said.Message, said.Hint, e.URL
		b.Error.RemoteStatus, b.Error.Reason = e.RemoteStatus, e.Reason
		b.HTTP = e.Facts
		b.Diagnostics = e.Diagnostics()
		lint.LocalizeDiagnostics(b.Diagnostics, cat(r))
		h.writeJSON(w, r, e.HTTPStatus(), b, "no-store")
		return
	}
	v := components.NewErrorView(rl.lang, input, e)
	v.Origin = h.siteOrigin(r)
	if rl.explicit {
		v.KeepLang()
	}
	h.writeHTML(w, r, e.HTTPStatus(), errorPage(v), "no-store")
}

// errorPage is components.ErrorPage behind one call site: the compiler
// inlined the page's whole rendering closure into both callers (22 KB of
// wasm each), and the bundle's size is budgeted.
//
//go:noinline
func errorPage(v components.ErrorView) templ.Component { return components.ErrorPage(v) }

func (h *handler) writeHTML(w web.ResponseWriter, r *web.Request, status int, c templ.Component, cacheControl string) {
	buf := &cappedBuffer{max: maxOutput}
	if err := c.Render(r.Context(), buf); err != nil {
		if errors.Is(err, errTooMuchOutput) {
			h.tooMuchOutput(w, r)
			return
		}
		panic(fmt.Sprintf("render: %v", err))
	}
	// Not minified: templ writes compact HTML already (minifying a report
	// saved 1%: 42,813 → 42,368 bytes, 7,547 → 7,502 gzip), and the
	// minifier was 127 KB of the bundle's gzip size, which the live
	// checks (probes, signature verification) needed to stay within 3 MiB.
	out := buf.Bytes()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", cacheControl)
	varyLanguage(w, r)
	w.WriteHeader(status)
	if r.Method != web.MethodHead {
		w.Write(out)
	}
}

func (h *handler) writeJSON(w web.ResponseWriter, r *web.Request, status int, v any, cacheControl string) {
	buf := &cappedBuffer{max: maxOutput}
	err := json.NewEncoder(buf).Encode(v)
	if errors.Is(err, errTooMuchOutput) {
		h.tooMuchOutput(w, r)
		return
	}
	if err != nil {
		panic(fmt.Sprintf("encode: %v", err))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", cacheControl)
	varyLanguage(w, r)
	w.WriteHeader(status)
	if r.Method != web.MethodHead {
		w.Write(buf.Bytes())
	}
}

// tooMuchOutput answers when an answer would be larger than maxOutput.
// Its own body is small, so it cannot fail the same way.
func (h *handler) tooMuchOutput(w web.ResponseWriter, r *web.Request) {
	h.fail(w, r, web.StatusUnprocessableEntity, "output-too-large", "output-too-large", maxOutput>>20)
}

// diagnosticsSize is a lower bound of the JSON size of ds, so that an
// answer that cannot fit is refused before it is encoded at all.
func diagnosticsSize(ds []lint.Diagnostic) int {
	n := 0
	for _, d := range ds {
		n += 100 + len(d.Code) + len(d.Message) + len(d.Pointer)
		for _, f := range d.Fixes {
			n += len(f.Title)
			for _, e := range f.Edits {
				n += len(e.NewText)
			}
		}
		if n > maxOutput {
			break
		}
	}
	return n
}

// errTooMuchOutput stops rendering or encoding once maxOutput is passed.
var errTooMuchOutput = errors.New("output over the cap")

// cappedBuffer is a bytes.Buffer that refuses to grow past max, so that a
// renderer writing into it stops at the first write over the cap instead
// of building the whole answer first.
type cappedBuffer struct {
	bytes.Buffer
	max int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		return 0, errTooMuchOutput
	}
	return b.Buffer.Write(p)
}

func (b *cappedBuffer) WriteString(s string) (int, error) {
	if b.Len()+len(s) > b.max {
		return 0, errTooMuchOutput
	}
	return b.Buffer.WriteString(s)
}

// truncate shortens s to at most n bytes (on a rune boundary) for quoting
// in messages.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// cors lets pages of our own origin read the API; nothing else. The
// origin is the configured one (or the request URL's), never one derived
// from the Origin header itself.
func (h *handler) cors(w web.ResponseWriter, r *web.Request) {
	w.Header().Add("Vary", "Origin")
	if o := r.Header.Get("Origin"); o != "" && o == h.siteOrigin(r) {
		w.Header().Set("Access-Control-Allow-Origin", o)
	}
}

func (h *handler) preflight(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	w.Header().Set("Access-Control-Allow-Methods", "GET, POST")
	w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
	w.Header().Set("Access-Control-Max-Age", "600")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(web.StatusNoContent)
}

// run is the check of one request: the engine's pipeline (core/check)
// with this handler's policy (the checker's own endpoints refused), its
// Doer, cache, verifier and limits; the client is the address the request
// came from, unless req names another. A POST's check is private: never
// read from or written to the cache (it may carry the caller's headers or
// keys, and what an authorised caller is shown is not for the next
// reader). A check shown as a report also carries the simulated clients'
// selections and the SDK comparison.
func (h *handler) run(r *web.Request, req checkRequest, verify, report bool) (*check.Result, error) {
	p := h.policy
	p.Self = h.selfEndpoints(r)
	client := req.Client
	if client == "" {
		client = clientKey(r)
	}
	o := check.Options{Probe: req.Probe, Claims: req.Probe, Extended: req.Extended && req.Posted, Verify: verify, Keys: req.Keys,
		Headers: req.Headers, Policy: p, Refresh: req.Refresh || req.Posted, Private: req.Posted, Client: client}
	if report {
		o.Clients, o.Compare, o.CompareMax = profiles, true, maxCompareEntries
	}
	return check.Run(r.Context(), check.Target{URL: req.Input}, o,
		check.Capabilities{Doer: h.cfg.Doer, Cache: h.cfg.Cache, Verifier: h.cfg.Verifier, Limits: h.cfg.Limits, Gate: h.gate, Memory: h.memory})
}

// checkFailed answers a check that could not run: a limit (429 with
// Retry-After), refused headers (400), or the card's fetch (discovery's
// error).
func (h *handler) checkFailed(w web.ResponseWriter, r *web.Request, req checkRequest, err error) {
	var limited *check.LimitError
	if errors.As(err, &limited) {
		w.Header().Set("Retry-After", limited.RetryAfter())
		switch {
		case limited.Host != "":
			h.fail(w, r, web.StatusTooManyRequests, "target-limited", "target-limited", strconv.Quote(truncate(limited.Host, 100)), limited.RetryAfter())
		case req.Refresh:
			h.fail(w, r, web.StatusTooManyRequests, "refresh-limited", "refresh-limited", check.DefaultLimits().Burst, limited.RetryAfter())
		default:
			h.fail(w, r, web.StatusTooManyRequests, "rate-limited", "rate-limited", limited.RetryAfter())
		}
		return
	}
	var he *discovery.HeaderError
	if errors.As(err, &he) {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "check-body-header-value", jsonpos.QuoteClipped(truncate(he.Name, 60)))
		return
	}
	h.failDiscovery(w, r, req.Input, asDiscoveryError(err))
}

func asDiscoveryError(err error) *discovery.Error {
	var e *discovery.Error
	if errors.As(err, &e) {
		return e
	}
	return newError(discovery.KindUnreachable, "", i18n.T("ui.error.fetch-failed.message", err.Error()), i18n.T("ui.error.fetch-failed.hint"))
}

func (h *handler) check(w web.ResponseWriter, r *web.Request, asJSON bool) {
	rl := langOf(r)
	var req checkRequest
	if r.Method == web.MethodPost {
		h.cors(w, r)
		var err error
		if req, err = postedCheck(r, h.cfg.Keys); err != nil {
			var be *bodyError
			errors.As(err, &be)
			h.fail(w, r, be.status, "bad-input", be.words, be.args...)
			return
		}
	} else {
		if _, ok := r.URL.Query()["url"]; !ok && !asJSON {
			h.writeHTML(w, r, web.StatusOK, components.CheckFormPage(rl.lang, rl.explicit, h.siteOrigin(r)), "public, max-age=300")
			return
		}
		req = queryCheck(r)
	}
	memo := !req.Posted && !req.Refresh
	key := pageKey(r, asJSON)
	if pg, ok := h.pages.Get(key); memo && ok {
		if asJSON {
			h.cors(w, r)
		}
		pg.serve(w, r)
		return
	}
	res, err := h.run(r, req, true, true)
	if err != nil {
		h.checkFailed(w, r, req, err)
		return
	}
	// Rendering computes too (the report of a large card, the selections,
	// the SDK comparison): through the same gate as the check's stages,
	// and a reader who waited for it may find the page another rendered.
	if h.gate != nil {
		if err := h.gate.Enter(r.Context()); err != nil {
			return
		}
		defer h.gate.Leave()
	}
	if pg, ok := h.pages.Get(key); memo && ok {
		if asJSON {
			h.cors(w, r)
		}
		pg.serve(w, r)
		return
	}
	c := &capture{ResponseWriter: w}
	h.answerCheck(c, r, req, res, asJSON)
	if memo && res.Cached && !res.Report.Facts.NoStore && c.status == web.StatusOK && r.Method == web.MethodGet {
		h.pages.Put(key, memoPage{status: c.status, header: w.Header().Clone(), body: c.body.Bytes()}, c.body.Len()+len(key))
	}
}

// answerCheck renders a check's result: JSON or the report page.
func (h *handler) answerCheck(w web.ResponseWriter, r *web.Request, req checkRequest, res *check.Result, asJSON bool) {
	rl := langOf(r)
	rep := res.Report
	var compared sdk.Comparison // none past maxCompareEntries
	if res.Compared != nil {
		compared = *res.Compared
	}
	sdks, matrix := compared.Choices, compared.Matrix
	cacheControl := "public, max-age=60"
	if req.Refresh || req.Posted || rep.Facts.NoStore {
		cacheControl = "no-store"
	}
	if asJSON {
		if !req.Posted { // a POST's answer got its CORS headers above
			h.cors(w, r)
		}
		if diagnosticsSize(rep.Result.Diagnostics) > maxOutput {
			h.tooMuchOutput(w, r)
			return
		}
		h.writeJSON(w, r, web.StatusOK, newCheckJSON(res, sdks, matrix, cat(r)), cacheControl)
		return
	}
	v := components.NewReportView(rep, h.siteOrigin(r), rl.lang)
	if rl.explicit {
		v.KeepLang()
	}
	if !rep.HeaderlessNoteText.IsZero() {
		v.HeaderlessNote = cat(r).Render(rep.HeaderlessNoteText)
	}
	v.Cached = res.Cached
	v.Clients = clientViews(res.Selections, rl.lang)
	v.SDKs = components.NewSDKViews(rl.lang, sdks)
	v.SDKMatrix = components.NewSDKMatrix(rl.lang, matrix)
	v.Probes = components.NewProbeView(rl.lang, req.Probe, res.Probes, res.Entries).WithClaims(rl.lang, res.Claims)
	if res.Signatures != nil || res.SignatureErr != nil {
		v.Signatures = components.NewSignaturesView(rl.lang, res.Signatures, res.SignatureErr)
	}
	h.writeHTML(w, r, web.StatusOK, components.ReportPage(v), cacheControl)
}

// maxCompareEntries bounds the SDK comparison: it selects seven times over
// the card's interface list, which for a hostile card of 100,000 entries
// took 0.45 s; a real card declares a handful, and past this many the
// report leaves the comparison out (the clients' selection still runs).
const maxCompareEntries = 1000

// card answers the remote card's own bytes, for the editor's "Open URL",
// but only when the engine recognises them as an Agent Card (era 1.0, 0.3,
// 0.2 or mixed): the route is not a way to fetch arbitrary JSON through
// the checker. A card with JSON syntax problems is still a card (the
// recovering parser reads its fields), so it is answered too and the
// editor shows its syntax findings; it goes out as application/json with
// nosniff like every answer, and HTML never gets here (FetchRaw refuses
// it as not-json).
func (h *handler) card(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	q := r.URL.Query()
	req := checkRequest{Input: q.Get("url"), Refresh: q.Get("refresh") == "1"}
	res, err := h.run(r, req, false, false)
	if err != nil {
		h.checkFailed(w, r, req, err)
		return
	}
	input, f := req.Input, res.Report
	if era := f.Result.Detection.Era; !isCardEra(era) {
		msg := i18n.T("ui.error.not-a-card.json", f.Facts.FinalURL)
		if era == card.EraUnknown && !json.Valid(f.Body) {
			msg = i18n.T("ui.error.not-a-card.unreadable", f.Facts.FinalURL)
		}
		e := newError(discovery.KindNotACard, f.Facts.FinalURL, msg, i18n.T("ui.error.not-a-card.open"))
		e.Facts = &f.Facts
		h.failDiscovery(w, r, input, e)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Card-Url", f.Facts.FinalURL)
	if r.Method != web.MethodHead {
		w.Write(f.Body)
	}
}

// isCardEra: documents the engine recognises as Agent Cards.
func isCardEra(e card.Era) bool {
	switch e {
	case card.Era10, card.Era03, card.Era02, card.EraMixed:
		return true
	}
	return false
}

func (h *handler) lint(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	body, err := io.ReadAll(io.LimitReader(r.Body, maxLintBody+1))
	if err != nil {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "lint-unreadable", err.Error())
		return
	}
	if len(body) > maxLintBody {
		h.fail(w, r, web.StatusRequestEntityTooLarge, "too-large", "lint-too-large")
		return
	}
	res := lint.Lint(body, lint.Options{})
	res.Input = "body"
	if diagnosticsSize(res.Diagnostics) > maxOutput {
		h.tooMuchOutput(w, r)
		return
	}
	if l := langOf(r).lang; l != i18n.English {
		res.Localize(cat(r))
	}
	h.writeJSON(w, r, web.StatusOK, res, "no-store")
}

// newError is a failure found by the handler itself, as data like
// discovery's own (its English kept in Message and Hint).
func newError(kind discovery.Kind, url string, msg, hint i18n.Text) *discovery.Error {
	en := i18n.EnglishCatalogue()
	return &discovery.Error{Kind: kind, URL: url, Text: msg, HintText: hint, Message: en.Render(msg), Hint: en.Render(hint)}
}
