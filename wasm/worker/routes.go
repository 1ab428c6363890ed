package main

import (
	"io"
	"strings"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// workerRoute is one of the Worker's own routes. Every route here runs
// in the Worker before static assets are looked up, so wrangler.toml's
// run_worker_first must cover each of them and nothing else
// (TestRoutesRunWorkerFirst); any other path is a static asset.
type workerRoute struct {
	// path is the route's path; with prefix, the start of the paths it
	// answers (an id follows).
	path   string
	prefix bool
	// methods are what it answers (405 with Allow otherwise; none: any).
	// A route under /api/ also answers a CORS preflight (OPTIONS).
	methods []string
	serve   func(h *handler, w web.ResponseWriter, r *web.Request)
	// langChecked routes refuse a bad ?lang= (400) before serving; the
	// health check and the report's script have no words to speak.
	langChecked bool
	// body is the most a POST's body is read of (the handler answers
	// 413 past it); 0 leaves any body unread.
	body int
}

// routes are the Worker's routes: exact paths first, then the prefixes,
// the longest before those they start with.
var routes = []workerRoute{
	{path: "/healthz", methods: getHead, serve: (*handler).healthz},
	{path: "/check", methods: getHead, serve: checkPage, langChecked: true},
	{path: "/check/", methods: getHead, serve: checkPage, langChecked: true},
	{path: "/api/check", methods: []string{web.MethodGet, web.MethodHead, web.MethodPost}, serve: checkAPI, langChecked: true, body: maxCheckBody},
	{path: "/api/card", methods: getHead, serve: (*handler).card, langChecked: true},
	{path: "/api/lint", methods: []string{web.MethodPost}, serve: (*handler).lint, langChecked: true, body: maxLintBody},
	{path: "/api/share", methods: []string{web.MethodPost}, serve: (*handler).shareCreate, langChecked: true, body: maxShareBody},
	{path: "/api/batch", methods: []string{web.MethodPost}, serve: (*handler).batchCreate, langChecked: true, body: maxBatchBody},
	{path: "/badge", methods: getHead, serve: (*handler).badge, langChecked: true},
	{path: components.ReportScript, serve: (*handler).reportScript},
	{path: sharePrefix, prefix: true, methods: getHead, serve: (*handler).shareGet, langChecked: true},
	{path: openPrefix, prefix: true, methods: getHead, serve: (*handler).shareOpen, langChecked: true},
	{path: batchAPIPrefix, prefix: true, methods: getHead, serve: (*handler).batchGet, langChecked: true},
	{path: batchPagePrefix, prefix: true, methods: getHead, serve: (*handler).batchPage, langChecked: true},
	// any other /api/ path is a JSON 404, never a static asset
	{path: "/api/", prefix: true, serve: (*handler).noSuchRoute, langChecked: true},
}

var getHead = []string{web.MethodGet, web.MethodHead}

func checkPage(h *handler, w web.ResponseWriter, r *web.Request) { h.check(w, r, false) }
func checkAPI(h *handler, w web.ResponseWriter, r *web.Request)  { h.check(w, r, true) }

// routeOf is the route that answers path (nil: a static asset).
func routeOf(path string) *workerRoute {
	for i := range routes {
		rt := &routes[i]
		if path == rt.path || rt.prefix && strings.HasPrefix(path, rt.path) {
			return rt
		}
	}
	return nil
}

// bodyLimit is the most of a POST body to path that is read (0: none).
func bodyLimit(path string) int {
	if rt := routeOf(path); rt != nil && !rt.prefix {
		return rt.body
	}
	return 0
}

// answer serves a request on its route, after its method is checked
// (and, under /api/, a CORS preflight answered).
func (rt *workerRoute) answer(h *handler, w web.ResponseWriter, r *web.Request) {
	serve := func(w web.ResponseWriter, r *web.Request) { rt.serve(h, w, r) }
	switch {
	case len(rt.methods) == 0:
		serve(w, r)
	case strings.HasPrefix(rt.path, "/api/"):
		h.api(w, r, serve, rt.methods...)
	case h.allow(w, r, rt.methods...):
		serve(w, r)
	}
}

func (h *handler) healthz(w web.ResponseWriter, r *web.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok")
}

func (h *handler) reportScript(w web.ResponseWriter, r *web.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	io.WriteString(w, reportJS)
}

func (h *handler) noSuchRoute(w web.ResponseWriter, r *web.Request) {
	h.fail(w, r, web.StatusNotFound, "no-such-route", "no-such-route", truncate(r.URL.Path, 200))
}
