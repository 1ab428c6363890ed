//go:build !js

package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/signature"
)

// liveWorker is the handler over the native Doer (loopback allowed or
// not), with a memory cache and a refresh limit out of the way.
func liveWorker(t *testing.T, allowLoopback bool, wrap func(discovery.Doer) discovery.Doer) http.Handler {
	t.Helper()
	p := discovery.DefaultPolicy()
	p.AllowLoopback = allowLoopback
	var d discovery.Doer = discovery.NewHTTPDoer(p)
	if wrap != nil {
		d = wrap(d)
	}
	return newHandler(Config{Doer: d, AllowLoopback: allowLoopback, Cache: newMemoryCache(32), Policy: &p,
		Logf: func(string, ...any) {}, Limits: generousLimits()})
}

func serve(t *testing.T, h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	checkSecurityHeaders(t, w.Result())
	if w.Code == 500 {
		t.Errorf("%s %s: 500\n%s", r.Method, r.URL, w.Body)
	}
	return w
}

// checkJSONOf decodes a /api/check answer.
func checkJSONOf(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("%d %s: %v", w.Code, w.Body, err)
	}
	return m
}

// probeOutcomes maps each probed entry's index to its outcome.
func probeOutcomes(t *testing.T, m map[string]any) map[int]string {
	t.Helper()
	ps, ok := m["probes"].([]any)
	if !ok {
		t.Fatalf("no probes in %v", m)
	}
	out := map[int]string{}
	for _, p := range ps {
		p := p.(map[string]any)
		for _, k := range []string{"index", "url", "binding", "version", "outcome", "status", "detail", "timeMs"} {
			if _, ok := p[k]; !ok {
				t.Errorf("probe without %s: %v", k, p)
			}
		}
		out[int(p["index"].(float64))] = p["outcome"].(string)
	}
	return out
}

// fiveAgents are the agents of the probe tests, in the card's order.
type fiveAgents struct{ sdk, html, refusing, auth, silent *liveFixture }

func startFive(t *testing.T) fiveAgents {
	return fiveAgents{a2aAgent(t), html404Agent(t), versionRefusingAgent(t), authAgent(t), silentAgent(t)}
}

func (a fiveAgents) card(self string) []byte {
	return liveCard(nil,
		[3]string{a.sdk.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{a.html.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{a.refusing.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{a.auth.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{a.silent.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{a.sdk.URL("/rest"), "HTTP+JSON", "1.0"},
		[3]string{"127.0.0.1:1", "GRPC", "1.0"})
}

func (a fiveAgents) conns() int64 {
	return a.sdk.Conns() + a.html.Conns() + a.refusing.Conns() + a.auth.Conns() + a.silent.Conns()
}

var wantOutcomes = map[int]string{0: "speaks-declared", 1: "wrong-binding", 2: "version-refused", 3: "auth-required",
	4: "unreachable", 5: "speaks-declared", 6: "not-probed"}

// TestProbes: /api/check?probe=1 classifies each declared endpoint (real
// a2asrv agents and the ways an endpoint goes wrong), the HTML report
// shows the same rows, the findings join the card's, and the results are
// cached like the card (a second look probes nothing).
func TestProbes(t *testing.T) {
	a := startFive(t)
	host := cardHost(t, a.card, nil)
	h := liveWorker(t, true, nil)
	target := url.QueryEscape(host.URL("/.well-known/agent-card.json"))

	w := serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?probe=1&url="+target, nil))
	if w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	m := checkJSONOf(t, w)
	got := probeOutcomes(t, m)
	for i, want := range wantOutcomes {
		if got[i] != want {
			t.Errorf("entry %d: %q, want %q", i, got[i], want)
		}
	}
	codes := map[string]bool{}
	for _, d := range m["diagnostics"].([]any) {
		codes[d.(map[string]any)["code"].(string)] = true
	}
	for _, c := range []string{"probe-wrong-binding", "probe-version-refused", "probe-unreachable"} {
		if !codes[c] {
			t.Errorf("no %s finding among %v", c, codes)
		}
	}

	before := a.conns()
	w = serve(t, h, httptest.NewRequest(http.MethodGet, "/check?probe=1&url="+target, nil))
	d := doc(t, w)
	if a.conns() != before {
		t.Errorf("the report right after the JSON probed again (%d → %d connections); results should come from the cache", before, a.conns())
	}
	rows := d.Find(`[data-testid=probes] [data-testid=probe]`)
	if rows.Length() != len(wantOutcomes) {
		t.Fatalf("%d probe rows, want %d", rows.Length(), len(wantOutcomes))
	}
	for i, want := range wantOutcomes {
		if o := rows.Eq(i).AttrOr("data-outcome", ""); o != want {
			t.Errorf("row %d: %q, want %q", i, o, want)
		}
	}
	if d.Find(`[data-testid=probe-button]`).Length() != 0 {
		t.Error("a probed report still shows the button")
	}
}

// TestProbesOnlyWhenAsked: a plain report load sends nothing to the
// endpoints; it shows the button (a form for the same report with
// probe=1), and the JSON has no probes.
func TestProbesOnlyWhenAsked(t *testing.T) {
	a := startFive(t)
	host := cardHost(t, a.card, nil)
	h := liveWorker(t, true, nil)
	target := host.URL("/.well-known/agent-card.json")

	d := doc(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/check?url="+url.QueryEscape(target), nil)))
	m := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(target), nil)))
	if n := a.conns(); n != 0 {
		t.Errorf("plain loads reached the endpoints %d times", n)
	}
	if _, ok := m["probes"]; ok {
		t.Error("/api/check without probe=1 has probes")
	}
	form := d.Find(`form[data-testid=probe-form]`)
	if form.Length() != 1 || form.AttrOr("action", "") != "/check" || !strings.EqualFold(form.AttrOr("method", "get"), "get") {
		t.Fatalf("no probe form: %v", form.Length())
	}
	if form.Find(`input[name=probe]`).AttrOr("value", "") != "1" || form.Find(`input[name=url]`).AttrOr("value", "") != target {
		t.Error("the form does not ask for the same report with probe=1")
	}
	if d.Find(`[data-testid=probes]`).AttrOr("data-ran", "") != "false" {
		t.Error("probes section says it ran")
	}
}

// TestProbesRefusedWithoutLoopback: in production (no ALLOW_LOOPBACK),
// endpoints on loopback are refused-by-policy and the fixtures accept no
// connection. The card itself comes from a public name answered in
// memory, since the policy would refuse a loopback card first.
func TestProbesRefusedWithoutLoopback(t *testing.T) {
	a := startFive(t)
	body := a.card("")
	h := liveWorker(t, false, func(native discovery.Doer) discovery.Doer {
		return discovery.DoerFunc(func(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
			if strings.HasPrefix(r.URL, "https://agent.example.com/") {
				return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: body}, nil
			}
			return native.Do(ctx, r)
		})
	})
	m := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?probe=1&url=agent.example.com", nil)))
	got := probeOutcomes(t, m)
	if len(got) != len(wantOutcomes) {
		t.Errorf("%d probes, want %d", len(got), len(wantOutcomes))
	}
	for i, o := range got {
		// gRPC too: the policy refuses the target before the binding is looked at.
		if o != "refused-by-policy" {
			t.Errorf("entry %d: %q, want refused-by-policy", i, o)
		}
	}
	if n := a.conns(); n != 0 {
		t.Errorf("fixtures accepted %d connections; a refused probe must send nothing", n)
	}
}

func postCheck(t *testing.T, h http.Handler, body string, lang ...string) *httptest.ResponseRecorder {
	t.Helper()
	path := "/api/check"
	if len(lang) > 0 {
		path += "?lang=" + lang[0]
	}
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return serve(t, h, r)
}

// TestPostHeaders: POST /api/check sends the caller's headers to the card's
// origin and to its declared endpoints, and nowhere else (not to the key
// set its signature names, even on the card's origin); the answer never carries
// them, is never cached, and the next GET fetches the card again.
func TestPostHeaders(t *testing.T) {
	agent := a2aAgent(t)
	key, jwks := signingKey(t)
	// The signature's key set is on the card's own origin (self-published):
	// fetched, but never with the caller's headers, since a key set is public.
	host := cardHost(t, func(self string) []byte {
		c := liveCard(map[string]any{"capabilities": map[string]any{"extendedAgentCard": true}},
			[3]string{agent.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{agent.URL("/rest"), "HTTP+JSON", "1.0"})
		return signCard(t, c, key, self+"/jwks.json")
	}, jwks)
	h := liveWorker(t, true, nil)
	body := `{"url":` + jsonString(host.URL("/.well-known/agent-card.json")) + `,"headers":{"Authorization":"` + secret + `","x-api-key":"k-secret"},"probe":true,"extended":true}`
	w := postCheck(t, h, body)
	if w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	withoutSecret(t, "POST /api/check", w.Body.Bytes())
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", cc)
	}
	if !host.sawSecret() {
		t.Error("the card's origin did not get the headers")
	}
	if !agent.sawSecret() {
		t.Error("the declared endpoints did not get the headers")
	}
	fetchedKeys := false
	for _, r := range host.requests() {
		if r.Path == "/jwks.json" {
			fetchedKeys = true
			if r.Header.Get("Authorization") != "" || r.Header.Get("X-Api-Key") != "" {
				t.Error("the key set request carried the caller's headers")
			}
		}
	}
	if !fetchedKeys {
		t.Error("the jku was not fetched")
	}
	m := checkJSONOf(t, w)
	if o := probeOutcomes(t, m); o[0] != "speaks-declared" || o[1] != "speaks-declared" {
		t.Errorf("probes with headers: %v", o)
	}
	ext, _ := m["extended"].(map[string]any)
	if ext == nil || ext["fetched"] != true {
		t.Errorf("extended card not fetched with the headers: %v", m["extended"])
	}
	sig, _ := m["signatures"].(map[string]any)
	if rs, _ := sig["results"].([]any); len(rs) != 1 || rs[0].(map[string]any)["outcome"] != "self-published" {
		t.Errorf("signatures: %v", m["signatures"])
	}

	before := len(host.requests())
	serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(host.URL("/.well-known/agent-card.json")), nil))
	if len(host.requests()) == before {
		t.Error("a GET after the POST was answered from a cache the POST filled")
	}
}

// TestCheckPreflight: a page of the checker's own origin may POST JSON to
// /api/check (the preflight allows it); other origins get no CORS grant.
func TestCheckPreflight(t *testing.T) {
	h := newHandler(Config{SiteOrigin: "https://checker.example", Logf: func(string, ...any) {}})
	for origin, allowed := range map[string]bool{"https://checker.example": true, "https://evil.example": false} {
		r := httptest.NewRequest(http.MethodOptions, "https://checker.example/api/check", nil)
		r.Header.Set("Origin", origin)
		r.Header.Set("Access-Control-Request-Method", "POST")
		w := serve(t, h, r)
		got := w.Header().Get("Access-Control-Allow-Origin") == origin
		if w.Code != http.StatusNoContent || got != allowed || !strings.Contains(w.Header().Get("Access-Control-Allow-Methods"), "POST") {
			t.Errorf("%s: %d, allowed %v: %v", origin, w.Code, got, w.Header())
		}
	}
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestPostBadBodies: each malformed body gets its own 400 (413 when too
// large) with a message that names the problem and never the secret.
func TestPostBadBodies(t *testing.T) {
	h := liveWorker(t, true, func(discovery.Doer) discovery.Doer {
		return discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
			t.Error("a refused body led to a request")
			return nil, discovery.ErrConnRefused
		})
	})
	cases := []struct {
		name, contentType, body string
		status                  int
	}{
		{"form", "application/x-www-form-urlencoded", "url=x", 400},
		{"not json", "application/json", "{url: " + secret, 400},
		{"array", "application/json", `["x"]`, 400},
		{"two values", "application/json", `{"url":"a.example"} {}`, 400},
		{"no url", "application/json", `{"headers":{"Authorization":"` + secret + `"}}`, 400},
		{"url not string", "application/json", `{"url":1}`, 400},
		{"probe not bool", "application/json", `{"url":"a.example","probe":"yes"}`, 400},
		{"unknown member", "application/json", `{"url":"a.example","header":{}}`, 400},
		{"headers not object", "application/json", `{"url":"a.example","headers":["` + secret + `"]}`, 400},
		{"bad name", "application/json", `{"url":"a.example","headers":{"Bad Name":"` + secret + `"}}`, 400},
		{"reserved", "application/json", `{"url":"a.example","headers":{"Host":"` + secret + `"}}`, 400},
		{"user agent", "application/json", `{"url":"a.example","headers":{"user-agent":"` + secret + `"}}`, 400},
		{"line break", "application/json", `{"url":"a.example","headers":{"Authorization":"` + secret + `\r\nX: y"}}`, 400},
		{"value not string", "application/json", `{"url":"a.example","headers":{"Authorization":{"v":"` + secret + `"}}}`, 400},
		{"too long value", "application/json", `{"url":"a.example","headers":{"Authorization":"` + secret + strings.Repeat("a", 9<<10) + `"}}`, 400},
		{"bad key", "application/json", `{"url":"a.example","key":{"kty":"oct","k":"` + "czNjcmV0" + `"}}`, 400},
		{"key not jwk", "application/json", `{"url":"a.example","key":[1]}`, 400},
		{"too large", "application/json", `{"url":"a.example","headers":{"Authorization":"` + secret + strings.Repeat("a", 70<<10) + `"}}`, 413},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/api/check", strings.NewReader(c.body))
			r.Header.Set("Content-Type", c.contentType)
			w := serve(t, h, r)
			if w.Code != c.status {
				t.Fatalf("%d, want %d: %s", w.Code, c.status, w.Body)
			}
			withoutSecret(t, c.name, w.Body.Bytes())
			e := checkJSONOf(t, w)["error"].(map[string]any)
			if e["kind"] != "bad-input" || e["message"] == "" {
				t.Errorf("error %v", e)
			}
			if w.Header().Get("Cache-Control") != "no-store" {
				t.Error("an error is cacheable")
			}
		})
	}
	// Each cause has its own words, in both languages.
	seen := map[string]bool{}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodPost, "/api/check?lang=zh-CN", strings.NewReader(c.body))
		r.Header.Set("Content-Type", c.contentType)
		msg := checkJSONOf(t, serve(t, h, r))["error"].(map[string]any)["message"].(string)
		if !hasHan(msg) {
			t.Errorf("%s: not Chinese: %s", c.name, msg)
		}
		seen[msg] = true
	}
	if len(seen) < 12 {
		t.Errorf("only %d different messages for %d bad bodies", len(seen), len(cases))
	}
}

// TestSignaturesInReport: a signed card's report shows each signature's
// verification (without a key of the caller's, only a key the card's own
// origin publishes at its jku: self-published), the outcome sentence and
// the canonical payload; an edited card is invalid;
// a card signed over the Python SDK's form says so; a key in a POST body
// is used, and a GET never takes one.
func TestSignaturesInReport(t *testing.T) {
	key, jwks := signingKey(t)
	cards := map[string][]byte{"/jwks.json": jwks}
	var base, signed []byte
	// The cards name a key set on their own origin (self-published).
	host := serveLive(t, func(f *liveFixture) http.Handler {
		base = liveCard(map[string]any{"description": "Réserve des trains."}, [3]string{"https://agent.example.com/a2a", "JSONRPC", "1.0"})
		signed = signCard(t, base, key, f.URL("/jwks.json"))
		cards["/signed"] = signed
		cards["/edited"] = bytes.Replace(signed, []byte("trains"), []byte("trams"), 1)
		cards["/python"] = pythonSigned(t, base, key, f.URL("/jwks.json"))
		cards["/nojku"] = signCard(t, base, key, "")
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(cards[r.URL.Path])
		})
	})
	h := liveWorker(t, true, nil)
	sigOf := func(path string) map[string]any {
		m := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(host.URL(path)), nil)))
		s, _ := m["signatures"].(map[string]any)
		rs, _ := s["results"].([]any)
		if len(rs) != 1 {
			t.Fatalf("%s: signatures %v", path, m["signatures"])
		}
		return rs[0].(map[string]any)
	}
	if r := sigOf("/signed"); r["outcome"] != "self-published" || r["keySource"] != "jku" {
		t.Errorf("signed: %v", r)
	}
	if r := sigOf("/edited"); r["outcome"] != "invalid" {
		t.Errorf("edited: %v", r)
	}
	// The verification is a finding too, placed on the signature, as the CLI reports it.
	m := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(host.URL("/edited")), nil)))
	found := false
	for _, d := range m["diagnostics"].([]any) {
		d := d.(map[string]any)
		found = found || (d["code"] == "signature-invalid" && d["pointer"] == "/signatures/0" && d["severity"] == "error")
	}
	if !found || m["errors"].(float64) < 1 {
		t.Errorf("no signature-invalid finding on /signatures/0: %v", m["diagnostics"])
	}
	if r := sigOf("/python"); r["outcome"] != "invalid" || r["variant"] != "python" || r["messageId"] != "msg.signature-invalid.python" {
		t.Errorf("python: %v", r)
	}
	if r := sigOf("/nojku"); r["outcome"] != "key-unavailable" {
		t.Errorf("no jku, GET: %v", r)
	}
	// A key in the URL is not read; a key in a POST body is.
	if r := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?key="+url.QueryEscape(string(jwks))+"&url="+url.QueryEscape(host.URL("/nojku")), nil))); r["signatures"].(map[string]any)["results"].([]any)[0].(map[string]any)["outcome"] != "key-unavailable" {
		t.Error("a GET took a key from its query")
	}
	w := postCheck(t, h, `{"url":`+jsonString(host.URL("/nojku"))+`,"key":`+string(jwks)+`}`)
	if rs := checkJSONOf(t, w)["signatures"].(map[string]any)["results"].([]any); rs[0].(map[string]any)["outcome"] != "verified" || rs[0].(map[string]any)["keySource"] != "supplied" {
		t.Errorf("POST key: %v", rs)
	}

	d := doc(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/check?lang=zh-CN&url="+url.QueryEscape(host.URL("/python")), nil)))
	s := d.Find(`[data-testid=signatures] [data-testid=signature]`)
	if s.Length() != 1 || s.AttrOr("data-outcome", "") != "invalid" || s.AttrOr("data-variant", "") != "python" {
		t.Fatalf("report signature row: %d %v", s.Length(), s.AttrOr("data-outcome", ""))
	}
	if msg := s.Find(`[data-testid=signature-message]`).Text(); !hasHan(msg) || !strings.Contains(msg, "Python") {
		t.Errorf("the sentence is not the Chinese SDK-variant explanation: %s", msg)
	}
	payload := d.Find(`details[data-testid=canonical-payload]`)
	want, _ := signature.Canonical(base)
	if payload.Length() != 1 || payload.AttrOr("open", "none") != "none" || !strings.Contains(payload.Find("pre").Text(), string(want)) {
		t.Errorf("canonical payload not shown collapsed: %q", payload.Find("pre").Text())
	}
	// Every GET above named the same jku: the key set was fetched once,
	// then read from the cache like a card.
	n := 0
	for _, r := range host.requests() {
		if r.Path == "/jwks.json" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the key set was fetched %d times", n)
	}
	// An unsigned card has no signatures section.
	d = doc(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/check?url="+url.QueryEscape(host.URL("/jwks.json")), nil)))
	if d.Find(`[data-testid=signatures]`).Length() != 0 {
		t.Error("signatures section on a document without signatures")
	}
}

// TestSDKChoices: the client section shows the specification's choice and
// each SDK's, with the reason where one differs; /api/check has the same
// rows under sdks.
func TestSDKChoices(t *testing.T) {
	// a2a-js lets a later "1.0" entry of a binding replace an earlier one.
	card := liveCard(nil, [3]string{"https://agent.example.com/first", "JSONRPC", "1.0"}, [3]string{"https://agent.example.com/second", "JSONRPC", "1.0"})
	host := serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(card)
		})
	})
	h := liveWorker(t, true, nil)
	target := url.QueryEscape(host.URL("/card.json"))
	m := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?url="+target, nil)))
	rows, _ := m["sdks"].([]any)
	if len(rows) != 4 || rows[0].(map[string]any)["sdk"] != "spec" {
		t.Fatalf("sdks: %v", m["sdks"])
	}
	js := map[string]any{}
	for _, r := range rows {
		if r.(map[string]any)["sdk"] == "a2a-js" {
			js = r.(map[string]any)
		}
	}
	if js["differs"] != true || js["reason"] == "" || js["result"].(map[string]any)["index"] != 1.0 {
		t.Errorf("a2a-js row: %v", js)
	}
	d := doc(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/check?url="+target, nil)))
	items := d.Find(`[data-testid=interfaces] [data-testid=sdk]`)
	if items.Length() != 4 {
		t.Fatalf("%d SDK rows in the client section", items.Length())
	}
	item := d.Find(`[data-testid=sdk][data-sdk=a2a-js]`)
	if item.AttrOr("data-differs", "") != "true" || item.AttrOr("data-index", "") != "1" || item.Find(`[data-testid=sdk-reason]`).Length() != 1 {
		t.Errorf("a2a-js item: %v", item.AttrOr("data-index", ""))
	}
	if d.Find(`[data-testid=sdk][data-sdk=spec] [data-testid=sdk-reason]`).Length() != 0 {
		t.Error("the specification's row explains a difference from itself")
	}
}

// TestProbeCacheEntry: probe results survive the cache with their
// details as data, so a Chinese reader of a cached probe gets Chinese.
func TestProbeCacheEntry(t *testing.T) {
	a := startFive(t)
	host := cardHost(t, a.card, nil)
	h := liveWorker(t, true, nil)
	target := url.QueryEscape(host.URL("/.well-known/agent-card.json"))
	en := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?probe=1&url="+target, nil)))
	before := a.conns()
	zh := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?probe=1&lang=zh-CN&url="+target, nil)))
	if a.conns() != before {
		t.Error("the second language probed again")
	}
	ep, zp := en["probes"].([]any), zh["probes"].([]any)
	for i := range ep {
		e, z := ep[i].(map[string]any), zp[i].(map[string]any)
		if e["detailId"] != z["detailId"] || e["outcome"] != z["outcome"] {
			t.Errorf("entry %d differs across languages: %v / %v", i, e, z)
		}
		if !hasHan(z["detail"].(string)) {
			t.Errorf("entry %d: detail not Chinese: %v", i, z["detail"])
		}
	}
}

// pythonSigned signs card the way the Python SDK prepares it (its
// canonical form: empty values stripped, json.dumps with sorted keys,
// non-ASCII escaped) instead of the specification's, as a detached JWS.
func pythonSigned(t *testing.T, card []byte, key ed25519.PrivateKey, jku string) []byte {
	t.Helper()
	payload, err := signature.Payload(card, signature.Python)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := signature.Canonical(card)
	if bytes.Equal(payload, spec) {
		t.Fatal("the fixture card has the same Python and specification forms; it cannot tell them apart")
	}
	b64 := base64.RawURLEncoding.EncodeToString
	hdr, _ := json.Marshal(map[string]string{"alg": "EdDSA", "kid": "card-key-1", "typ": "JOSE", "jku": jku})
	protected := b64(hdr)
	sig := ed25519.Sign(key, []byte(protected+"."+b64(payload)))
	var m map[string]any
	if err := json.Unmarshal(card, &m); err != nil {
		t.Fatal(err)
	}
	m["signatures"] = []any{map[string]string{"protected": protected, "signature": b64(sig)}}
	out, _ := json.MarshalIndent(m, "", "  ")
	return out
}
