//go:build !js

package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
)

func errorKind(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var j struct {
		Error map[string]any `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &j); err != nil || j.Error == nil {
		t.Fatalf("not a JSON error (%d): %s", w.Code, w.Body)
	}
	return j.Error
}

// nested builds /api/card?url=<self>/api/card?url=…<target>, depth deep.
func nested(self, target string, depth int) string {
	u := target
	for i := 0; i < depth; i++ {
		u = self + "/api/card?refresh=1&url=" + url.QueryEscape(u)
	}
	return u
}

// TestNoAmplification runs the handler as a real server on 127.0.0.1 and
// counts what reaches a fixture: the checker never fetches itself (under
// any loopback spelling), refuses requests carrying its own User-Agent,
// and one inbound request costs at most the request cap.
func TestNoAmplification(t *testing.T) {
	var hits atomic.Int32
	fx := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if strings.HasPrefix(r.URL.Path, "/r/") { // an endless redirect chain
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(sharedCard(t, "minimal-1.0.json"))
	}))
	defer fx.Close()
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	h := newHandler(Config{Doer: discovery.NewHTTPDoer(p), AllowLoopback: true, Policy: &p, LocalOnly: true, Logf: func(string, ...any) {}})
	srv := httptest.NewServer(h)
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	get := func(u string) (int, map[string]any) {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var j struct {
			Error map[string]any `json:"error"`
		}
		json.NewDecoder(res.Body).Decode(&j)
		return res.StatusCode, j.Error
	}
	for _, self := range []string{srv.URL, "http://localhost:" + port, "http://[::1]:" + port, "http://0x7f000001:" + port} {
		hits.Store(0)
		status, e := get(nested(srv.URL, nested(self, fx.URL+"/card.json", 8), 1))
		if status != 422 || e["kind"] != "refused-target" || hits.Load() != 0 {
			t.Errorf("nested chain through %s: %d %v, %d requests reached the target", self, status, e, hits.Load())
		}
	}

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/check?url="+url.QueryEscape(fx.URL+"/card.json"), nil)
	req.Header.Set("User-Agent", discovery.UserAgent)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 403 {
		t.Errorf("a request with the checker's own User-Agent: %v %v", res.StatusCode, err)
	}

	hits.Store(0)
	status, e := get(srv.URL + "/api/check?refresh=1&url=" + url.QueryEscape(fx.URL+"/r/"))
	if n := hits.Load(); n > discovery.DefaultMaxRequests || status != 502 {
		t.Errorf("endless redirects: %d %v after %d requests (cap %d)", status, e, n, discovery.DefaultMaxRequests)
	}
}

func TestRefreshLimit(t *testing.T) {
	var sent atomic.Int32
	doer := discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		sent.Add(1)
		return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: sharedCard(t, "minimal-1.0.json")}, nil
	})
	h := newHandler(Config{Doer: doer, Cache: newMemoryCache(16)})
	ask := func(client string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/api/check?refresh=1&url=agent.example.com", nil)
		r.RemoteAddr = client + ":1234"
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		checkSecurityHeaders(t, w.Result())
		return w
	}
	for i := 0; i < check.DefaultLimits().Burst; i++ {
		if w := ask("198.51.100.7"); w.Code != 200 {
			t.Fatalf("refresh %d = %d", i+1, w.Code)
		}
	}
	before := sent.Load()
	w := ask("198.51.100.7")
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || errorKind(t, w)["kind"] != "refresh-limited" || sent.Load() != before {
		t.Errorf("refresh over the burst = %d %v, sent %d", w.Code, w.Header(), sent.Load()-before)
	}
	if w := ask("198.51.100.8"); w.Code != 200 {
		t.Errorf("another client = %d", w.Code)
	}

}

// TestCardAPIOnlyCards: /api/card relays recognised cards only, broken
// JSON included, and never anything else.
func TestCardAPIOnlyCards(t *testing.T) {
	serve := func(body []byte) http.Handler {
		doer := discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
			return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: body}, nil
		})
		return newHandler(Config{Doer: doer})
	}
	for _, tc := range []struct {
		name   string
		body   []byte
		status int
	}{
		{"valid card", sharedCard(t, "full-1.0.json"), 200},
		{"0.3 card", sharedCard(t, "legacy-0.3.json"), 200},
		{"card with JSON syntax problems", sharedCard(t, "broken-not-json.json"), 200},
		{"arbitrary JSON", []byte(`{"a":1}`), 422},
		{"MCP server.json", sharedCard(t, "not-a-card-mcp.json"), 422},
		{"array", []byte(`[1,2,3]`), 422},
		{"string", []byte(`"name"`), 422},
		{"broken JSON that is no card", []byte(`{"a": 1,, "b": }`), 422},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			serve(tc.body).ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/card?url=agent.example.com", nil))
			checkSecurityHeaders(t, w.Result())
			if w.Code != tc.status || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("= %d %s\n%s", w.Code, w.Header().Get("Content-Type"), w.Body)
			}
			if tc.status == 200 && w.Body.String() != string(tc.body) {
				t.Errorf("the card's bytes were not relayed as they are")
			}
			if tc.status == 422 && errorKind(t, w)["kind"] != "not-a-card" {
				t.Errorf("error = %s", w.Body)
			}
		})
	}
}

// TestLocalOnly: the dev and native servers answer only loopback Host
// names, and CORS trusts only the configured origin.
func TestLocalOnly(t *testing.T) {
	h := newHandler(Config{LocalOnly: true, SiteOrigin: "http://127.0.0.1:8787"})
	for host, want := range map[string]int{
		"127.0.0.1:8787": 200, "localhost": 200, "LOCALHOST:1": 200, "[::1]:8787": 200, "[::1]": 200, "127.0.0.1": 200,
		"rebind.example": 421, "rebind.example:8787": 421, "127.0.0.1.nip.io:8787": 421, "0x7f000001:8787": 421, "": 421, "[::1": 421, "::1": 421, "[::2]": 421,
	} {
		r := httptest.NewRequest(http.MethodGet, "/healthz", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		checkSecurityHeaders(t, w.Result())
		if w.Code != want {
			t.Errorf("Host %q = %d, want %d", host, w.Code, want)
		}
		if want == 421 && errorKind(t, w)["kind"] != "host-not-allowed" {
			t.Errorf("Host %q: %s", host, w.Body)
		}
	}
	for origin, allowed := range map[string]bool{"http://127.0.0.1:8787": true, "http://localhost:8787": false, "http://rebind.example": false} {
		r := httptest.NewRequest(http.MethodOptions, "/api/lint", nil)
		r.Host = "localhost:8787"
		r.Header.Set("Origin", origin)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := w.Header().Get("Access-Control-Allow-Origin") == origin; got != allowed {
			t.Errorf("Origin %s allowed = %v", origin, got)
		}
	}
	// Production: no allow-list, any host the routes send.
	prod := newHandler(Config{})
	r := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	r.Host = "agentcard.example"
	w := httptest.NewRecorder()
	prod.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("production on its own host = %d", w.Code)
	}
}

func TestNativeServer(t *testing.T) {
	s := newServer("127.0.0.1:0", http.NotFoundHandler())
	if s.ReadTimeout == 0 || s.ReadHeaderTimeout == 0 || s.WriteTimeout == 0 || s.IdleTimeout == 0 {
		t.Errorf("timeouts missing: %+v", s)
	}
	site := fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html><p>home")},
		"assets/app.css":   {Data: []byte("p{}")},
		"rules/index.html": {Data: []byte("<!doctype html><p>rules")},
	}
	h := newHandler(Config{Static: staticFiles(site)})
	for path, want := range map[string]int{"/": 200, "/assets/app.css": 200, "/assets/": 404, "/assets": 404, "/rules/": 200} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != want && !(want == 404 && w.Code == 301) {
			t.Errorf("%s = %d, want %d", path, w.Code, want)
		}
		if strings.Contains(w.Body.String(), `href="app.css"`) {
			t.Errorf("%s lists the directory", path)
		}
	}
}

func TestOutputCap(t *testing.T) {
	h := newHandler(Config{}).(*handler)
	w := httptest.NewRecorder()
	h.writeJSON(w, httptest.NewRequest(http.MethodGet, "/api/check", nil), 200, strings.Repeat("x", maxOutput), "no-store")
	if w.Code != 422 || errorKind(t, w)["kind"] != "output-too-large" || w.Body.Len() > 4096 {
		t.Errorf("oversized answer = %d (%d bytes)", w.Code, w.Body.Len())
	}
}

// TestFetchErrorsKeepTheTargetsStatus: a 404 stays a 404 in the JSON
// error, beside the checker's own 502.
func TestFetchErrorsKeepTheTargetsStatus(t *testing.T) {
	tw := newTestWorker(t, true)
	w := tw.get(t, "/api/check?url="+tw.target("/none/card.json"))
	if e := errorKind(t, w); w.Code != 502 || e["remoteStatus"] != float64(404) {
		t.Errorf("not found = %d %v", w.Code, e)
	}
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := l.Addr().String()
	l.Close()
	w = tw.get(t, "/api/check?url="+url.QueryEscape("http://"+closed+"/card.json"))
	if e := errorKind(t, w); w.Code != 502 || e["reason"] != discovery.ReasonConnRefused || strings.Contains(e["hint"].(string), "internet") {
		t.Errorf("refused = %d %v", w.Code, e)
	}
}
