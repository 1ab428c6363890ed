//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/shortlink"
)

type testWorker struct {
	h      http.Handler
	fx     *httptest.Server
	fetchs atomic.Int32
	queue  *heldQueue
}

func newTestWorker(t *testing.T, allowLoopback bool) *testWorker {
	t.Helper()
	tw := &testWorker{}
	tw.fx = fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), sharedCard(t, "broken-common-mistakes.json"))
	p := discovery.DefaultPolicy()
	p.AllowLoopback = allowLoopback
	p.Timeout = 1500 * time.Millisecond
	native := discovery.NewHTTPDoer(p)
	doer := discovery.DoerFunc(func(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
		tw.fetchs.Add(1)
		return native.Do(ctx, r)
	})
	// Many refresh=1 checks in a row from one test client: a limit that
	// does not get in the way (TestRefreshLimit tests the default one).
	tw.queue = &heldQueue{}
	tw.h = newHandler(Config{Doer: doer, AllowLoopback: allowLoopback, Cache: newMemoryCache(16), Policy: &p,
		Logf: func(string, ...any) {}, Limits: generousLimits(),
		Shares: shortlink.NewMemoryStore(4 << 20), Batches: batch.NewMemoryStore(16), Queue: tw.queue})
	return tw
}

func (tw *testWorker) get(t *testing.T, path string) *httptest.ResponseRecorder {
	t.Helper()
	return tw.do(t, httptest.NewRequest(http.MethodGet, path, nil))
}

func (tw *testWorker) do(t *testing.T, r *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	tw.h.ServeHTTP(w, r)
	checkSecurityHeaders(t, w.Result())
	if w.Code == 500 {
		t.Errorf("%s %s: 500\n%s", r.Method, r.URL, w.Body)
	}
	if w.Body.Len() == 0 && r.Method != http.MethodHead && w.Code != http.StatusNoContent {
		t.Errorf("%s %s: empty %d answer", r.Method, r.URL, w.Code)
	}
	return w
}

func checkSecurityHeaders(t *testing.T, res *http.Response) {
	t.Helper()
	h := res.Header
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP = %q", csp)
	}
	if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
		t.Errorf("missing nosniff or Referrer-Policy: %v", h)
	}
	if h.Get("Cache-Control") == "" && res.StatusCode != http.StatusNoContent {
		t.Errorf("no Cache-Control on %d", res.StatusCode)
	}
}

func (tw *testWorker) target(path string) string { return url.QueryEscape(tw.fx.URL + path) }

func doc(t *testing.T, w *httptest.ResponseRecorder) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestRoutes(t *testing.T) {
	tw := newTestWorker(t, true)
	if w := tw.get(t, "/healthz"); w.Code != 200 || w.Body.String() != "ok" {
		t.Errorf("/healthz = %d %q", w.Code, w.Body)
	}
	if w := tw.get(t, "/check"); w.Code != 200 || doc(t, w).Find(`[data-testid=check-form]`).Length() != 1 {
		t.Errorf("/check without url = %d", w.Code)
	}
	if w := tw.get(t, "/nope"); w.Code != 404 || doc(t, w).Find(`[data-testid=error]`).AttrOr("data-kind", "") != "no-such-page" {
		t.Errorf("/nope = %d", w.Code)
	}
	if w := tw.get(t, "/api/nope"); w.Code != 404 || !strings.Contains(w.Header().Get("Content-Type"), "json") {
		t.Errorf("/api/nope = %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	if w := tw.do(t, httptest.NewRequest(http.MethodPost, "/check?url=x", nil)); w.Code != 405 || w.Header().Get("Allow") == "" {
		t.Errorf("POST /check = %d", w.Code)
	}
	if w := tw.get(t, "/api/lint"); w.Code != 405 {
		t.Errorf("GET /api/lint = %d", w.Code)
	}
	if w := tw.get(t, "/_worker/report.js"); w.Code != 200 || !strings.Contains(w.Header().Get("Content-Type"), "javascript") {
		t.Errorf("report.js = %d", w.Code)
	}
}

// TestCheck covers every case of the issue, as HTML and as JSON.
func TestCheck(t *testing.T) {
	tw := newTestWorker(t, true)
	tests := []struct {
		name, path string
		status     int
		kind       string // error kind, for failures
		check      func(t *testing.T, j map[string]any)
	}{
		{name: "valid card", path: "/valid/.well-known/agent-card.json", status: 200, check: func(t *testing.T, j map[string]any) {
			if j["errors"].(float64) != 0 || j["era"] != "1.0" {
				t.Errorf("errors=%v era=%v", j["errors"], j["era"])
			}
			sel := j["selection"].([]any)
			if len(sel) != 3 || sel[0].(map[string]any)["result"].(map[string]any)["outcome"] != "selected" {
				t.Errorf("selection = %v", sel)
			}
		}},
		{name: "invalid card", path: "/invalid/.well-known/agent-card.json", status: 200, check: func(t *testing.T, j map[string]any) {
			if j["errors"].(float64) < 5 {
				t.Errorf("errors=%v", j["errors"])
			}
		}},
		{name: "redirect chain", path: "/hop/", status: 200, check: func(t *testing.T, j map[string]any) {
			if n := len(j["http"].(map[string]any)["redirects"].([]any)); n != 2 {
				t.Errorf("redirects = %d", n)
			}
		}},
		{name: "404 then legacy path", path: "", status: 200, check: func(t *testing.T, j map[string]any) {
			if j["http"].(map[string]any)["legacyPath"] != true {
				t.Errorf("http = %v", j["http"])
			}
		}},
		{name: "not found", path: "/none/card.json", status: 502, kind: "not-found"},
		{name: "server error", path: "/broken.json", status: 502, kind: "remote-status"},
		{name: "5 MB body", path: "/huge.json", status: 502, kind: "too-large"},
		{name: "never answers", path: "/hang.json", status: 504, kind: "timeout"},
		{name: "HTML page", path: "/page.html", status: 502, kind: "not-json"},
		{name: "redirect loop", path: "/loop", status: 502, kind: "redirect-loop"},
		{name: "redirect to metadata address", path: "/to-metadata", status: 422, kind: "refused-target"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tw.get(t, "/api/check?refresh=1&url="+tw.target(tt.path))
			if w.Code != tt.status {
				t.Fatalf("/api/check = %d, want %d\n%s", w.Code, tt.status, w.Body)
			}
			var j map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &j); err != nil {
				t.Fatal(err)
			}
			if tt.kind != "" {
				e := j["error"].(map[string]any)
				if e["kind"] != tt.kind || e["message"] == "" || e["hint"] == "" {
					t.Errorf("error = %v", e)
				}
			} else if tt.check != nil {
				tt.check(t, j)
			}
			w = tw.get(t, "/check?refresh=1&url="+tw.target(tt.path))
			if w.Code != tt.status || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
				t.Fatalf("/check = %d %s", w.Code, w.Header().Get("Content-Type"))
			}
			d := doc(t, w)
			if tt.kind != "" {
				if got := d.Find(`[data-testid=error]`).AttrOr("data-kind", ""); got != tt.kind {
					t.Errorf("error page kind = %q", got)
				}
				if strings.TrimSpace(d.Find(`[data-testid=error-hint]`).Text()) == "" {
					t.Error("error page without a hint")
				}
			} else if d.Find(`[data-testid=verdict]`).Length() != 1 {
				t.Error("report without a verdict")
			}
		})
	}
	if w := tw.get(t, "/healthz"); w.Code != 200 {
		t.Errorf("still answering: %d", w.Code)
	}
}

// TestRefusedTargets sends nothing: every target is refused by the policy
// on the parsed URL, before the Doer is called.
func TestRefusedTargets(t *testing.T) {
	called := false
	h := newHandler(Config{Doer: discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		called = true
		return nil, errors.New("no request may be sent")
	})})
	for _, target := range []string{"http://10.0.0.1/", "http://169.254.169.254/", "http://[::ffff:10.0.0.1]/", "http://0x7f000001/",
		"file:///etc/passwd", "https://localhost/", "http://127.0.0.1:9/", "https://[::1]/", "http://192.168.0.1:8080/card.json",
		"https://metadata.google.internal/", "https://user:pw@agent.example.com/", "http://agent.example.com/"} {
		for _, route := range []string{"/check", "/api/check", "/api/card"} {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, route+"?url="+url.QueryEscape(target), nil))
			checkSecurityHeaders(t, w.Result())
			if w.Code != 422 {
				t.Errorf("%s %s = %d, want 422", route, target, w.Code)
			}
			if !strings.Contains(w.Body.String(), "We do not fetch") && !strings.Contains(w.Body.String(), "We only fetch") && !strings.Contains(w.Body.String(), "credentials") {
				t.Errorf("%s %s: no explanation:\n%s", route, target, w.Body)
			}
		}
	}
	for _, target := range []string{"", "agent example.com", "https://", "https://agent.example.com/%zz"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(target), nil))
		if w.Code != 400 {
			t.Errorf("bad input %q = %d, want 400", target, w.Code)
		}
	}
	if called {
		t.Fatal("a request was sent")
	}
}

func TestCardAPI(t *testing.T) {
	tw := newTestWorker(t, true)
	w := tw.get(t, "/api/card?url="+tw.target("/valid/.well-known/agent-card.json"))
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") || !json.Valid(w.Body.Bytes()) {
		t.Fatalf("/api/card = %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	w = tw.get(t, "/api/card?url="+tw.target("/page.html"))
	if w.Code != 502 || strings.Contains(w.Body.String(), "<script>") || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		t.Errorf("/api/card on HTML = %d %s", w.Code, w.Body)
	}
	r := httptest.NewRequest(http.MethodGet, "/api/card?url="+tw.target("/valid/.well-known/agent-card.json"), nil)
	r.Header.Set("Origin", "http://example.com") // the request's own origin
	if w := tw.do(t, r); w.Header().Get("Access-Control-Allow-Origin") != "http://example.com" {
		t.Errorf("own origin not allowed: %v", w.Header())
	}
	r = httptest.NewRequest(http.MethodGet, "/api/card?url="+tw.target("/valid/.well-known/agent-card.json"), nil)
	r.Header.Set("Origin", "https://elsewhere.example")
	if w := tw.do(t, r); w.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("foreign origin allowed")
	}
}

func TestLintAPI(t *testing.T) {
	tw := newTestWorker(t, false)
	w := tw.do(t, httptest.NewRequest(http.MethodPost, "/api/lint", strings.NewReader(string(sharedCard(t, "broken-not-json.json")))))
	var res struct {
		Era         string `json:"era"`
		Errors      int    `json:"errors"`
		Diagnostics []struct {
			Code  string `json:"code"`
			Range struct {
				Start struct{ Line int } `json:"start"`
			} `json:"range"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil || w.Code != 200 || res.Errors == 0 {
		t.Fatalf("/api/lint = %d %v %s", w.Code, err, w.Body)
	}
	w = tw.do(t, httptest.NewRequest(http.MethodPost, "/api/lint", strings.NewReader(strings.Repeat(" ", maxLintBody+1))))
	if w.Code != 413 {
		t.Errorf("oversized body = %d", w.Code)
	}
}

func TestXSSCardIsInert(t *testing.T) {
	tw := newTestWorker(t, true)
	w := tw.get(t, "/check?url="+tw.target("/xss.json"))
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	body := w.Body.String()
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") || strings.Contains(body, "<b ") {
		t.Errorf("card markup reached the page")
	}
	d, _ := goquery.NewDocumentFromReader(strings.NewReader(body))
	d.Find("script").Each(func(_ int, s *goquery.Selection) {
		if src, _ := s.Attr("src"); src != "/_worker/report.js" || strings.TrimSpace(s.Text()) != "" {
			t.Errorf("unexpected script: %s %q", src, s.Text())
		}
	})
	d.Find("[href]").Each(func(_ int, s *goquery.Selection) {
		href := strings.ToLower(s.AttrOr("href", ""))
		if strings.HasPrefix(href, "javascript:") || strings.HasPrefix(href, "data:") {
			t.Errorf("dangerous link %q", href)
		}
	})
	d.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			if strings.HasPrefix(a.Key, "on") {
				t.Errorf("event handler attribute %s", a.Key)
			}
		}
	})
	if !strings.Contains(d.Find(`[data-testid=agent-name]`).Text(), "<script>alert(1)</script>") {
		t.Errorf("the name is not shown as text: %q", d.Find(`[data-testid=agent-name]`).Text())
	}
}

func TestCaching(t *testing.T) {
	tw := newTestWorker(t, true)
	path := "/api/check?url=" + tw.target("/valid/.well-known/agent-card.json")
	tw.get(t, path)
	n := tw.fetchs.Load()
	tw.get(t, path)
	if tw.fetchs.Load() != n {
		t.Errorf("second request fetched again")
	}
	if w := tw.get(t, path+"&refresh=1"); tw.fetchs.Load() == n || w.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("refresh=1 did not refetch")
	}
	ns := "/api/check?url=" + tw.target("/nostore.json")
	tw.get(t, ns)
	n = tw.fetchs.Load()
	tw.get(t, ns)
	if tw.fetchs.Load() == n {
		t.Errorf("a no-store card was cached")
	}
}

func TestPanicIsRecovered(t *testing.T) {
	h := newHandler(Config{AllowLoopback: true, Logf: func(string, ...any) {}, Doer: discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		panic("boom")
	})})
	for _, path := range []string{"/check?url=http://127.0.0.1:9/", "/api/check?url=http://127.0.0.1:9/"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		checkSecurityHeaders(t, w.Result())
		body, _ := io.ReadAll(w.Body)
		if w.Code != 500 || !strings.Contains(string(body), "unexpected problem") {
			t.Errorf("%s = %d %s", path, w.Code, body)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if w.Code != 200 {
		t.Errorf("after a panic /healthz = %d", w.Code)
	}
}

// generousLimits lets a test send as many checks as it likes: the limits
// have tests of their own (TestB4ProbeReflection, TestRefreshLimit).
// heldQueue keeps what a batch sends until the test delivers it (drain),
// as Queues would, to the handler's consumer.
type heldQueue struct {
	mu   sync.Mutex
	jobs []batch.Job
}

func (q *heldQueue) Send(_ context.Context, jobs []batch.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, jobs...)
	return nil
}

// drain delivers the held jobs five at a time (wrangler.toml's
// max_batch_size) and answers how many deliveries it took.
func (tw *testWorker) drain(t *testing.T) int {
	t.Helper()
	tw.queue.mu.Lock()
	jobs := tw.queue.jobs
	tw.queue.jobs = nil
	tw.queue.mu.Unlock()
	n := 0
	for start := 0; start < len(jobs); start += 5 {
		if retry := tw.h.(*handler).consume(context.Background(), jobs[start:min(start+5, len(jobs))]); len(retry) > 0 {
			t.Errorf("delivery %d: %d jobs to retry", n, len(retry))
		}
		n++
	}
	return n
}

func generousLimits() *check.Limiter {
	return check.NewLimiter(check.Limits{Burst: 1000, Interval: time.Millisecond, HostBurst: 1000, HostInterval: time.Millisecond,
		MaxClients: 16, MaxHosts: 16, Writes: check.Rate{Burst: 1000, Interval: time.Millisecond}, Batches: check.Rate{Burst: 1000, Interval: time.Millisecond}}, nil)
}
