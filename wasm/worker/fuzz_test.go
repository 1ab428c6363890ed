//go:build !js

package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
)

// FuzzHandler: whatever the path, query and remote body, the handler never
// panics (a recovered panic is logged, and fails the run), answers a
// status it means with the security headers, and never answers 500.
// The fetch is a fake in-memory Doer serving the fuzzed body, so nothing
// leaves the process.
//
//	go test -run '^$' -fuzz FuzzHandler -fuzztime 20s ./wasm/worker/
func FuzzHandler(f *testing.F) {
	f.Add("/check?url=agent.example.com", []byte(`{"name":"x","supportedInterfaces":[]}`), uint16(200))
	f.Add("/api/check?url=agent.example.com&refresh=1", []byte(`{"a":1}`), uint16(200))
	f.Add("/api/card?url=https://agent.example.com/card.json", []byte("{\"name\": 'x',}"), uint16(200))
	f.Add("/api/lint", []byte(`{"skills":[{},{},{}]}`), uint16(200))
	f.Add("/check?url=agent.example.com", []byte("<!doctype html>"), uint16(302))
	f.Add("/api/nope?url=%zz", []byte{0xff, 0xfe}, uint16(404))
	f.Fuzz(func(t *testing.T, target string, body []byte, status uint16) {
		if len(target) == 0 || target[0] != '/' || strings.ContainsAny(target, " \r\n\t#") {
			return
		}
		st := int(status)%500 + 100
		doer := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
			h := http.Header{"Content-Type": {"application/json"}}
			if st >= 300 && st < 400 {
				h.Set("Location", string(body))
			}
			b := body
			if int64(len(b)) > r.MaxBody {
				return &discovery.Response{Status: st, Header: h, Body: b[:r.MaxBody], Truncated: true}, nil
			}
			return &discovery.Response{Status: st, Header: h, Body: b}, nil
		})
		h := newHandler(Config{Doer: doer, Cache: newMemoryCache(4), Logf: func(format string, args ...any) {
			t.Errorf("the handler logged (a recovered panic?): "+format, args...)
		}})
		method := http.MethodGet
		if strings.HasPrefix(target, "/api/lint") {
			method = http.MethodPost
		}
		req, err := http.NewRequest(method, "http://127.0.0.1:8787"+target, bytes.NewReader(body))
		if err != nil {
			return
		}
		req.RequestURI = target
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		res := w.Result()
		if w.Code < 200 || w.Code > 599 || w.Code == 500 {
			t.Fatalf("%s %s = %d\n%s", method, target, w.Code, w.Body)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Fatalf("%s %s: security headers missing: %v", method, target, res.Header)
		}
		if w.Code != http.StatusNoContent && res.Header.Get("Content-Type") == "" {
			t.Fatalf("%s %s = %d without a Content-Type", method, target, w.Code)
		}
	})
}
