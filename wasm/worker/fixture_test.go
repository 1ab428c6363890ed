//go:build !js

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/internal/testcards"
)

// sharedCard reads a sample card of testdata/cards.
func sharedCard(t testing.TB, name string) []byte { return testcards.Card(t, name) }

// xssCard has markup in every string and javascript: URLs.
const xssCard = `{
  "name": "<script>alert(1)</script>",
  "description": "<img src=x onerror=alert(1)><script>alert(2)</script>",
  "version": "<script>alert(3)</script>",
  "provider": {"organization": "<b onmouseover=alert(4)>x</b>", "url": "javascript:alert(5)"},
  "documentationUrl": "javascript:alert(6)",
  "iconUrl": "data:text/html,<script>alert(7)</script>",
  "supportedInterfaces": [
    {"url": "javascript:alert(8)", "protocolBinding": "<script>alert(9)</script>", "protocolVersion": "1.0", "tenant": "</code><script>alert(10)</script>"}
  ],
  "capabilities": {},
  "defaultInputModes": ["<script>alert(11)</script>"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "<script>", "name": "<script>alert(12)</script>", "description": "\"><script>alert(13)</script>", "tags": ["<script>"]}]
}`

// fixtureServer serves every case the Worker must handle, on 127.0.0.1.
func fixtureServer(t testing.TB, valid, invalid []byte) *httptest.Server {
	mux := http.NewServeMux()
	serve := func(body []byte, headers ...string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/a2a+json")
			w.Header().Set("Cache-Control", "public, max-age=300")
			w.Header().Set("ETag", `"v1"`)
			w.Header().Set("Last-Modified", "Tue, 05 May 2026 10:00:00 GMT")
			w.Header().Set("Access-Control-Allow-Origin", "*")
			for i := 0; i+1 < len(headers); i += 2 {
				w.Header().Set(headers[i], headers[i+1])
			}
			w.Write(body)
		}
	}
	mux.HandleFunc("/valid/.well-known/agent-card.json", serve(valid))
	mux.HandleFunc("/invalid/.well-known/agent-card.json", serve(invalid))
	mux.HandleFunc("/xss.json", serve([]byte(xssCard)))
	mux.HandleFunc("/secret-url.json", serve([]byte(b27Card)))
	mux.HandleFunc("/nostore.json", serve(valid, "Cache-Control", "no-store"))
	mux.HandleFunc("/.well-known/agent.json", serve(valid)) // legacy path only
	mux.HandleFunc("/hop/", func(w http.ResponseWriter, r *http.Request) {
		if strings.Count(r.URL.Path, "x") < 2 {
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
			return
		}
		serve(valid)(w, r)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/huge.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"name":"`))
		chunk := []byte(strings.Repeat("a", 64<<10))
		for i := 0; i < 80; i++ { // 5 MiB
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
		w.Write([]byte(`"}`))
	})
	mux.HandleFunc("/hang.json", func(w http.ResponseWriter, r *http.Request) {
		select { // never answers, until the client gives up
		case <-r.Context().Done():
		case <-time.After(30 * time.Second):
		}
	})
	mux.HandleFunc("/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><title>Welcome</title><script>alert(1)</script><p>Please sign in"))
	})
	mux.HandleFunc("/broken.json", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "upstream exploded", 503) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}
