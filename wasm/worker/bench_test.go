//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/hostile"
)

// benchHandler answers every fetch from memory with a realistic card, so
// that the benchmark measures the handler's own CPU (fetch bookkeeping,
// lint, selection, rendering, minifying), not the network.
func benchHandler(b *testing.B, card []byte) http.Handler {
	doer := discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		return &discovery.Response{Status: 200, StatusText: "OK", Body: card, Header: http.Header{
			"Content-Type": {"application/a2a+json"}, "Cache-Control": {"max-age=300"}, "Etag": {`"v1"`}}}, nil
	})
	return newHandler(Config{Doer: doer})
}

func benchRoute(b *testing.B, path string) {
	card := sharedCard(b, "full-1.0.json")
	h := benchHandler(b, card)
	b.SetBytes(int64(len(card)))
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != 200 {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

// BenchmarkHandlerCheckHTML is a whole /check request: the report page.
func BenchmarkHandlerCheckHTML(b *testing.B) { benchRoute(b, "/check?url=agent.example.com") }

// BenchmarkHandlerCheckJSON is a whole /api/check request.
func BenchmarkHandlerCheckJSON(b *testing.B) { benchRoute(b, "/api/check?url=agent.example.com") }

// BenchmarkBaselineLint is the baseline: core lint alone on the same card.
// The handler lints once here (both requests get the same bytes), then
// adds the HTTP checks, three selections and rendering.
func BenchmarkBaselineLint(b *testing.B) {
	card := sharedCard(b, "full-1.0.json")
	b.SetBytes(int64(len(card)))
	b.ReportAllocs()
	for b.Loop() {
		lint.Lint(card, lint.Options{})
	}
}

// worstHostile are the hostile inputs that cost the Worker most (measured
// under wrangler dev by the end-to-end test's log).
var worstHostile = []string{"empty-skills-200k", "empty-interfaces-100k", "unknown-top-level-keys-card-20k", "security-schemes-5k", "syntax-errors-mixed"}

func hostileCase(b *testing.B, name string) []byte {
	for _, c := range hostile.Cases() {
		if c.Name == name {
			return c.Data
		}
	}
	b.Fatalf("no hostile case %q", name)
	return nil
}

// BenchmarkHostileLintAPI is POST /api/lint on the worst hostile inputs;
// compare with BenchmarkBaselineUnmarshal on the same bytes (and with
// BenchmarkHandlerCheckJSON, a normal card) in the same run.
func BenchmarkHostileLintAPI(b *testing.B) {
	for _, name := range worstHostile {
		b.Run(name, func(b *testing.B) {
			data := hostileCase(b, name)
			h := newHandler(Config{})
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/api/lint", bytes.NewReader(data)))
				if w.Code != 200 && w.Code != 422 {
					b.Fatalf("%d", w.Code)
				}
			}
		})
	}
}

// BenchmarkHostileCheckHTML is GET /check with the fetch answering the
// worst hostile inputs from memory (the 512 KiB cut of a real fetch is
// not applied, so this is worse than what the Worker can be sent).
func BenchmarkHostileCheckHTML(b *testing.B) {
	for _, name := range worstHostile {
		b.Run(name, func(b *testing.B) {
			data := hostileCase(b, name)
			h := benchHandler(b, data)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/check?url=agent.example.com", nil))
				if w.Code != 200 && w.Code != 422 {
					b.Fatalf("%d", w.Code)
				}
			}
		})
	}
}

// BenchmarkBaselineUnmarshal is encoding/json decoding the same hostile
// bytes into any: the least any JSON reader does with them.
func BenchmarkBaselineUnmarshal(b *testing.B) {
	for _, name := range worstHostile {
		b.Run(name, func(b *testing.B) {
			data := hostileCase(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				json.Unmarshal(data, &v)
			}
		})
	}
}

// signedCardHandler serves the review's worst signature card (issue 16,
// B2) and its key set of four RSA-8192 keys from memory, at a public name,
// through a handler with a memory cache.
func signedCardHandler(b *testing.B, cache Cache) (http.Handler, []byte) {
	const origin = "https://agent.example.com"
	card, jwks := hostile.SignedCard(origin + "/jwks.json")
	doer := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		body := card
		if r.URL == origin+"/jwks.json" {
			body = jwks
		}
		return &discovery.Response{Status: 200, StatusText: "OK", Body: body, Header: http.Header{
			"Content-Type": {"application/json"}, "Cache-Control": {"max-age=300"}, "Etag": {`"v1"`}}}, nil
	})
	return newHandler(Config{Doer: doer, Cache: cache, Limits: generousLimits(), Logf: func(string, ...any) {}}), card
}

// BenchmarkB2SignatureCardView is one view of the report of the worst
// signature card (16 signatures, no kid, 4 RSA-8192 keys, about 450 KB):
// "first" on an empty cache (the work budget bounds its signature work),
// "cached" a later view within the cache's minute, rendered again (no
// signature work: the result is cached with the card; each view's URL
// differs, so no rendered page is reused), "same-page" a later view of
// the same URL (the page rendered a moment ago), against the baseline of
// decoding the same bytes with encoding/json. The budget is at
// most 50 ms CPU per view after the first; before the budget and the
// cache every view cost the first's whole verification.
func BenchmarkB2SignatureCardView(b *testing.B) {
	const path = "/check?url=agent.example.com"
	b.Run("baseline-unmarshal", func(b *testing.B) {
		_, card := signedCardHandler(b, nil)
		b.SetBytes(int64(len(card)))
		for b.Loop() {
			var v any
			if err := json.Unmarshal(card, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	view := func(b *testing.B, h http.Handler, path string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != 200 || !bytes.Contains(w.Body.Bytes(), []byte(`data-testid="signatures"`)) {
			b.Fatalf("%d", w.Code)
		}
	}
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			h, _ := signedCardHandler(b, newMemoryCache(16))
			b.StartTimer()
			view(b, h, path)
		}
	})
	b.Run("cached", func(b *testing.B) {
		h, _ := signedCardHandler(b, newMemoryCache(16))
		view(b, h, path)
		n := 0
		for b.Loop() {
			n++
			view(b, h, fmt.Sprintf("%s&view=%d", path, n))
		}
	})
	b.Run("same-page", func(b *testing.B) {
		h, _ := signedCardHandler(b, newMemoryCache(16))
		view(b, h, path)
		view(b, h, path)
		for b.Loop() {
			view(b, h, path)
		}
	})
}
