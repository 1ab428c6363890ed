//go:build !js

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
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
