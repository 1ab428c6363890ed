//go:build !js

package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/shortlink"
)

func (tw *testWorker) postJSON(t *testing.T, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = "203.0.113.9:1234"
	return tw.do(t, r)
}

func shareBody(text string) string {
	b, _ := json.Marshal(map[string]string{"text": text})
	return string(b)
}

// A short link: the same text gives the same id (201 both times), the
// id reads back the text as JSON, /s/ID sends the reader to the
// playground with it, and the text is never answered as a page.
func TestShortLink(t *testing.T) {
	tw := newTestWorker(t, true)
	text := "{\n  \"name\": \"<script>alert(1)</script>\"\n}\n"
	var first, second struct{ ID, URL string }
	for i, into := range []*struct{ ID, URL string }{&first, &second} {
		w := tw.postJSON(t, "/api/share", shareBody(text))
		if w.Code != 201 || json.Unmarshal(w.Body.Bytes(), into) != nil {
			t.Fatalf("POST %d: %d %s", i+1, w.Code, w.Body)
		}
		if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("POST answer Cache-Control %q", cc)
		}
	}
	if first.ID != second.ID || first.ID != shortlink.ID([]byte(text)) || !strings.HasSuffix(first.URL, "/s/"+first.ID) {
		t.Fatalf("ids %q %q, url %q", first.ID, second.ID, first.URL)
	}
	w := tw.get(t, "/api/share/"+first.ID)
	var got struct{ Text string }
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &got) != nil || got.Text != text {
		t.Fatalf("GET /api/share/ID: %d %s", w.Code, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("GET /api/share/ID is %q", ct)
	}
	w = tw.get(t, "/s/"+first.ID)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/#s="+first.ID || strings.Contains(w.Body.String(), "script") {
		t.Errorf("GET /s/ID: %d Location %q %q", w.Code, w.Header().Get("Location"), w.Body)
	}
	if ct := w.Header().Get("Content-Type"); strings.Contains(ct, "html") {
		t.Errorf("GET /s/ID is %q", ct)
	}
}

func TestShortLinkRefusals(t *testing.T) {
	tw := newTestWorker(t, true)
	for _, c := range []struct {
		name, body, ctype string
		status            int
		kind              string
	}{
		{"300 KiB", shareBody(strings.Repeat("x", 300<<10)), "application/json", 413, "too-large"},
		{"at the limit", shareBody(strings.Repeat("x", shortlink.MaxText)), "application/json", 201, ""},
		{"empty", shareBody("  "), "application/json", 400, "bad-input"},
		{"not JSON", "text=card", "application/json", 400, "bad-input"},
		{"no text", `{"card": "x"}`, "application/json", 400, "bad-input"},
		{"text not a string", `{"text": 5}`, "application/json", 400, "bad-input"},
		{"two objects", `{"text": "a"} {"text": "b"}`, "application/json", 400, "bad-input"},
		{"a form", shareBody("x"), "application/x-www-form-urlencoded", 400, "bad-input"},
	} {
		r := httptest.NewRequest(http.MethodPost, "/api/share", strings.NewReader(c.body))
		r.Header.Set("Content-Type", c.ctype)
		w := tw.do(t, r)
		var e errorBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != c.status || (c.kind != "" && e.Error.Kind != c.kind) {
			t.Errorf("%s: %d %s, want %d %s", c.name, w.Code, w.Body, c.status, c.kind)
		}
	}
	for _, c := range []struct {
		path   string
		status int
		html   bool
	}{
		{"/api/share/" + shortlink.ID([]byte("never stored")), 404, false},
		{"/api/share/not-an-id", 404, false},
		{"/api/share/../../etc", 404, false},
		{"/s/" + shortlink.ID([]byte("never stored")), 404, true},
		{"/s/<script>", 404, true},
	} {
		w := tw.get(t, c.path)
		if w.Code != c.status || strings.Contains(w.Header().Get("Content-Type"), "html") != c.html {
			t.Errorf("%s: %d %q", c.path, w.Code, w.Header().Get("Content-Type"))
		}
	}
	if w := tw.do(t, httptest.NewRequest(http.MethodGet, "/api/share", nil)); w.Code != 405 {
		t.Errorf("GET /api/share: %d", w.Code)
	}
}

// Writes draw from the client's writes budget of the checks' limiter; a
// text already stored costs nothing.
func TestShortLinkLimit(t *testing.T) {
	tw := newTestWorker(t, true)
	tw.h.(*handler).cfg.Limits = check.NewLimiter(check.Limits{Burst: 100, Interval: time.Millisecond, MaxClients: 16, MaxHosts: 16, Day: 24 * time.Hour,
		Writes: check.Rate{Burst: 2, Interval: time.Hour, Daily: 10}}, nil)
	for i, text := range []string{"a1", "a2", "a1", "a2"} {
		if w := tw.postJSON(t, "/api/share", shareBody(text)); w.Code != 201 {
			t.Fatalf("share %d: %d %s", i, w.Code, w.Body)
		}
	}
	w := tw.postJSON(t, "/api/share", shareBody("a3"))
	var e errorBody
	if json.Unmarshal(w.Body.Bytes(), &e); w.Code != 429 || e.Error.Kind != "write-limited" || w.Header().Get("Retry-After") == "" {
		t.Errorf("third new text: %d %s", w.Code, w.Body)
	}
}
