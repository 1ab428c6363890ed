//go:build !js

package main

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
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

// countingShares counts the reads that reach the store (KV in the
// Worker) and can fail them.
type countingShares struct {
	shortlink.Store
	reads atomic.Int32
	fail  atomic.Bool
}

func (s *countingShares) Get(ctx context.Context, id string) ([]byte, time.Time, bool, error) {
	s.reads.Add(1)
	if s.fail.Load() {
		return nil, time.Time{}, false, errors.New("KV get: unavailable")
	}
	return s.Store.Get(ctx, id)
}

func randomShareID(t *testing.T) string {
	t.Helper()
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// TestB20ShortLinkReads (issue 36): reads that reach the store, found or
// not, draw from the client's reads budget under the default limits, so
// 300 random ids from one client meet 429s with Retry-After and a
// message of their own; another client is not refused.
func TestB20ShortLinkReads(t *testing.T) {
	tw := newTestWorker(t, true)
	h := tw.h.(*handler)
	h.cfg.Limits = check.NewLimiter(check.DefaultLimits(), nil)
	shares := &countingShares{Store: h.cfg.Shares}
	h.cfg.Shares = shares
	refused, notFound := 0, 0
	for i := range 300 {
		path := "/api/share/"
		if i%2 == 1 {
			path = "/s/"
		}
		w := tw.get(t, path+randomShareID(t))
		var e errorBody
		json.Unmarshal(w.Body.Bytes(), &e)
		switch {
		case w.Code == 404:
			notFound++
		case w.Code == 429 && i%2 == 0 && e.Error.Kind == "read-limited" && w.Header().Get("Retry-After") != "":
			refused++
		case w.Code == 429 && i%2 == 1 && strings.Contains(w.Header().Get("Content-Type"), "text/html") && w.Header().Get("Retry-After") != "":
			refused++
		default:
			t.Fatalf("read %d (%s): %d %q %s", i+1, path, w.Code, w.Header().Get("Retry-After"), w.Body)
		}
	}
	if refused == 0 || notFound < check.DefaultLimits().Reads.Burst || int(shares.reads.Load()) != notFound {
		t.Errorf("300 random ids: %d refused, %d not found, %d store reads", refused, notFound, shares.reads.Load())
	}
	t.Logf("300 random ids from one client: %d not found, %d refused (429), %d store reads", notFound, refused, shares.reads.Load())
	r := httptest.NewRequest(http.MethodGet, "/api/share/"+randomShareID(t), nil)
	r.RemoteAddr = "198.51.100.20:1234"
	if w := tw.do(t, r); w.Code != 404 {
		t.Errorf("another client: %d %s", w.Code, w.Body)
	}
}

// A found text is read from the store once, then from the cache: opening
// /s/ID and the playground's fetch of /api/share/ID that follows cost one
// read (N18: two), and so do a hundred reads more; a miss is kept too,
// briefly; a store failure is not kept.
func TestShortLinkReadsCached(t *testing.T) {
	tw := newTestWorker(t, true)
	h := tw.h.(*handler)
	h.cfg.Limits = check.NewLimiter(check.DefaultLimits(), nil)
	shares := &countingShares{Store: h.cfg.Shares}
	h.cfg.Shares = shares
	text := `{"name": "Weather"}`
	var created struct{ ID string }
	if w := tw.postJSON(t, "/api/share", shareBody(text)); w.Code != 201 || json.Unmarshal(w.Body.Bytes(), &created) != nil {
		t.Fatalf("POST: %d %s", w.Code, w.Body)
	}
	before := shares.reads.Load()
	if w := tw.get(t, "/s/"+created.ID); w.Code != http.StatusSeeOther {
		t.Fatalf("GET /s/ID: %d %s", w.Code, w.Body)
	}
	for i := range 100 {
		w := tw.get(t, "/api/share/"+created.ID)
		var got struct{ Text string }
		if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &got) != nil || got.Text != text {
			t.Fatalf("read %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	if n := shares.reads.Load() - before; n != 1 {
		t.Errorf("/s/ID and 100 reads of one link: %d store reads, want 1", n)
	}
	missing := randomShareID(t)
	before = shares.reads.Load()
	for range 10 {
		if w := tw.get(t, "/api/share/"+missing); w.Code != 404 {
			t.Fatalf("unknown id: %d", w.Code)
		}
	}
	if n := shares.reads.Load() - before; n != 1 {
		t.Errorf("10 reads of one unknown id: %d store reads, want 1", n)
	}
	shares.fail.Store(true)
	failing := randomShareID(t)
	for range 2 {
		if w := tw.get(t, "/api/share/"+failing); w.Code != 503 {
			t.Errorf("store failing: %d %s", w.Code, w.Body)
		}
	}
	shares.fail.Store(false)
	if w := tw.get(t, "/api/share/"+failing); w.Code != 404 {
		t.Errorf("a store failure was kept: %d %s", w.Code, w.Body)
	}
}
