// Command worker is the Cloudflare Worker: it fetches Agent Cards, checks
// the card and how it is served, and answers with an HTML report or JSON
// (DESIGN.md §4). The handler is plain net/http, tested natively; main.go
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
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/html"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
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
	Static http.Handler
	// Policy overrides the fetch policy's limits (tests); AllowLoopback
	// above still decides loopback.
	Policy *discovery.Policy
	// Logf receives recovered panics; nil uses log.Printf.
	Logf func(format string, args ...any)
}

// Limits of the handler itself.
const (
	maxLintBody = 1 << 20
	reportTTL   = 60 * time.Second
)

type handler struct {
	cfg    Config
	policy discovery.Policy
	min    *minify.M
}

func newHandler(cfg Config) http.Handler {
	p := discovery.DefaultPolicy()
	if cfg.Policy != nil {
		p = *cfg.Policy
	}
	p.AllowLoopback = cfg.AllowLoopback
	p.AllowPrivate, p.AllowHTTP = false, false
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	m := minify.New()
	m.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	return &handler{cfg: cfg, policy: p, min: m}
}

// securityHeaders go on every response, errors included.
func securityHeaders(h http.Header) {
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
	http.ResponseWriter
	wrote bool
}

func (r *recorder) WriteHeader(code int) { r.wrote = true; r.ResponseWriter.WriteHeader(code) }
func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(b)
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	securityHeaders(w.Header())
	rec := &recorder{ResponseWriter: w}
	defer func() {
		if v := recover(); v != nil {
			h.cfg.Logf("worker: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			if !rec.wrote {
				h.fail(rec, r, http.StatusInternalServerError, "internal", "Something went wrong on our side",
					"The checker hit an unexpected problem while handling this request.", "Try again; if it keeps happening, report the URL you checked.")
			}
		}
	}()
	h.route(rec, r)
}

func (h *handler) route(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	switch path {
	case "/healthz":
		if !h.allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, "ok")
	case "/check", "/check/":
		if h.allow(w, r, http.MethodGet, http.MethodHead) {
			h.check(w, r, false)
		}
	case "/api/check":
		if h.allow(w, r, http.MethodGet, http.MethodHead) {
			h.check(w, r, true)
		}
	case "/api/card":
		if r.Method == http.MethodOptions {
			h.preflight(w, r)
			return
		}
		if h.allow(w, r, http.MethodGet, http.MethodHead) {
			h.card(w, r)
		}
	case "/api/lint":
		if r.Method == http.MethodOptions {
			h.preflight(w, r)
			return
		}
		if h.allow(w, r, http.MethodPost) {
			h.lint(w, r)
		}
	case components.ReportScript:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		io.WriteString(w, reportJS)
	default:
		if strings.HasPrefix(path, "/api/") {
			h.fail(w, r, http.StatusNotFound, "no-such-route", "No such API route",
				"There is no API at "+path+".", "The API routes are /api/check?url=…, /api/card?url=… and POST /api/lint.")
			return
		}
		if h.cfg.Static != nil {
			h.cfg.Static.ServeHTTP(w, r)
			return
		}
		h.fail(w, r, http.StatusNotFound, "no-such-page", "Page not found", "There is no page at "+path+".", "")
	}
}

func (h *handler) allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	h.fail(w, r, http.StatusMethodNotAllowed, "method-not-allowed", "Method not allowed",
		r.Method+" is not supported on "+r.URL.Path+"; use "+strings.Join(methods, " or ")+".", "")
	return false
}

// wantsJSON decides the format of error answers.
func wantsJSON(r *http.Request) bool {
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
	} `json:"error"`
	HTTP        *discovery.Facts  `json:"http,omitempty"`
	Diagnostics []lint.Diagnostic `json:"diagnostics,omitempty"`
}

// fail answers with an error page or JSON error; never a bare status.
func (h *handler) fail(w http.ResponseWriter, r *http.Request, status int, kind, title, msg, hint string) {
	if wantsJSON(r) {
		var b errorBody
		b.Error.Kind, b.Error.Status, b.Error.Message, b.Error.Hint = kind, status, msg, hint
		h.writeJSON(w, r, status, b, "no-store")
		return
	}
	h.writeHTML(w, r, status, components.ErrorPage(components.ErrorView{Status: status, Kind: kind, Title: title, Message: msg, Hint: hint}), "no-store")
}

// failDiscovery answers a discovery failure.
func (h *handler) failDiscovery(w http.ResponseWriter, r *http.Request, input string, e *discovery.Error) {
	if wantsJSON(r) {
		var b errorBody
		b.Error.Kind, b.Error.Status, b.Error.Message, b.Error.Hint, b.Error.URL = string(e.Kind), e.HTTPStatus(), e.Message, e.Hint, e.URL
		b.HTTP = e.Facts
		b.Diagnostics = e.Diagnostics()
		h.writeJSON(w, r, e.HTTPStatus(), b, "no-store")
		return
	}
	h.writeHTML(w, r, e.HTTPStatus(), components.ErrorPage(components.NewErrorView(input, e)), "no-store")
}

func (h *handler) writeHTML(w http.ResponseWriter, r *http.Request, status int, c templ.Component, cacheControl string) {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		panic(fmt.Sprintf("render: %v", err))
	}
	out := buf.Bytes()
	var min bytes.Buffer
	if err := h.min.Minify("text/html", &min, &buf); err == nil {
		out = min.Bytes()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", cacheControl)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(out)
	}
}

func (h *handler) writeJSON(w http.ResponseWriter, r *http.Request, status int, v any, cacheControl string) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("encode: %v", err))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", cacheControl)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(b)
		w.Write([]byte("\n"))
	}
}

// origin is this site's own origin, for links and CORS.
func origin(r *http.Request) string {
	if r.URL.IsAbs() && r.URL.Host != "" {
		return r.URL.Scheme + "://" + r.URL.Host
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// cors lets pages of our own origin read the API; nothing else.
func cors(w http.ResponseWriter, r *http.Request) {
	if o := r.Header.Get("Origin"); o != "" && o == origin(r) {
		w.Header().Set("Access-Control-Allow-Origin", o)
		w.Header().Add("Vary", "Origin")
	}
}

func (h *handler) preflight(w http.ResponseWriter, r *http.Request) {
	cors(w, r)
	w.Header().Set("Access-Control-Allow-Methods", "GET, POST")
	w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
	w.Header().Set("Access-Control-Max-Age", "600")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// fetch gets the card for input, from the cache when allowed.
func (h *handler) fetch(ctx context.Context, input string, refresh bool) (*discovery.Fetched, bool, error) {
	u, err := discovery.Normalize(input)
	if err != nil {
		return nil, false, err
	}
	if err := h.policy.Check(u); err != nil {
		return nil, false, err
	}
	key := cacheKey(u.String())
	if h.cfg.Cache != nil && !refresh {
		if b, ok := h.cfg.Cache.Get(ctx, key); ok {
			if f, err := decodeEntry(b, input); err == nil {
				return f, true, nil
			}
		}
	}
	if h.cfg.Doer == nil {
		return nil, false, errors.New("no fetcher configured")
	}
	f, err := discovery.FetchRaw(ctx, h.cfg.Doer, input, h.policy)
	if err != nil {
		return nil, false, err
	}
	if h.cfg.Cache != nil && !f.Facts.NoStore {
		h.cfg.Cache.Put(ctx, key, encodeEntry(f), reportTTL)
	}
	return f, false, nil
}

func asDiscoveryError(err error) *discovery.Error {
	var e *discovery.Error
	if errors.As(err, &e) {
		return e
	}
	return &discovery.Error{Kind: discovery.KindUnreachable, Message: "The card could not be fetched: " + err.Error(), Hint: "Try again in a moment."}
}

func (h *handler) check(w http.ResponseWriter, r *http.Request, asJSON bool) {
	q := r.URL.Query()
	input := q.Get("url")
	if _, ok := q["url"]; !ok && !asJSON {
		h.writeHTML(w, r, http.StatusOK, components.CheckFormPage(), "public, max-age=300")
		return
	}
	refresh := q.Get("refresh") == "1"
	f, cached, err := h.fetch(r.Context(), input, refresh)
	if err != nil {
		h.failDiscovery(w, r, input, asDiscoveryError(err))
		return
	}
	rep := discovery.Analyze(f, lint.Options{})
	cacheControl := "public, max-age=60"
	if refresh || f.Facts.NoStore {
		cacheControl = "no-store"
	}
	if asJSON {
		cors(w, r)
		h.writeJSON(w, r, http.StatusOK, newCheckJSON(rep), cacheControl)
		return
	}
	v := components.NewReportView(rep, origin(r))
	v.Cached = cached
	v.Clients = clientViews(rep)
	h.writeHTML(w, r, http.StatusOK, components.ReportPage(v), cacheControl)
}

func (h *handler) card(w http.ResponseWriter, r *http.Request) {
	cors(w, r)
	q := r.URL.Query()
	input := q.Get("url")
	f, _, err := h.fetch(r.Context(), input, q.Get("refresh") == "1")
	if err != nil {
		h.failDiscovery(w, r, input, asDiscoveryError(err))
		return
	}
	if !json.Valid(f.Body) {
		h.failDiscovery(w, r, input, &discovery.Error{Kind: discovery.KindNotJSON, URL: f.Facts.FinalURL, Facts: &f.Facts,
			Message: "The answer from " + f.Facts.FinalURL + " is not valid JSON, so it cannot be opened here.",
			Hint:    "Open /check?url=… to see exactly where the JSON breaks."})
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Card-Url", f.Facts.FinalURL)
	if r.Method != http.MethodHead {
		w.Write(f.Body)
	}
}

func (h *handler) lint(w http.ResponseWriter, r *http.Request) {
	cors(w, r)
	body, err := io.ReadAll(io.LimitReader(r.Body, maxLintBody+1))
	if err != nil {
		h.fail(w, r, http.StatusBadRequest, "bad-input", "Could not read the request", "The request body could not be read: "+err.Error(), "Send the card text as the body of a POST.")
		return
	}
	if len(body) > maxLintBody {
		h.fail(w, r, http.StatusRequestEntityTooLarge, "too-large", "The card is too large",
			"The body is larger than 1 MiB; we lint cards up to 1 MiB.", "A card is a small JSON document; check that you sent the right file.")
		return
	}
	res := lint.Lint(body, lint.Options{})
	res.Input = "body"
	h.writeJSON(w, r, http.StatusOK, res, "no-store")
}
