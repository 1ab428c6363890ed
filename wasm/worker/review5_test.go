//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
)

// TestB20ClientDailyBudgets (review 5, B20 residual): one client's D1
// rows and short links a day are its own, well below the caps for
// everyone: over them it is answered 429 in its language, and another
// client is not.
func TestB20ClientDailyBudgets(t *testing.T) {
	tw := newTestWorker(t, true)
	urls := make([]string, batch.MaxURLs)
	for i := range urls {
		urls[i] = fmt.Sprintf("h%d.example/%d", i%30, i)
	}
	post := func(path, body, from, lang string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = from + ":1"
		if lang != "" {
			r.Header.Set("Accept-Language", lang)
		}
		return tw.do(t, r)
	}
	if w := post("/api/batch", batchBody(urls...), "198.51.100.1", ""); w.Code != 202 {
		t.Fatalf("first batch: %d %s", w.Code, w.Body)
	}
	for lang, words := range map[string]string{"": "6,000 stored rows a day", "zh-CN": "每天存储 6,000 行"} {
		w := post("/api/batch", batchBody(urls...), "198.51.100.1", lang)
		var e errorBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != 429 || e.Error.Kind != "batch-limited" || !strings.Contains(e.Error.Message, words) || w.Header().Get("Retry-After") == "" {
			t.Errorf("second batch %q: %d %s", lang, w.Code, w.Body)
		}
	}
	if w := post("/api/batch", batchBody(urls...), "198.51.100.2", ""); w.Code != 202 {
		t.Errorf("another client's batch: %d %s", w.Code, w.Body)
	}
	for i := range check.ClientKVWrites {
		if w := post("/api/share", shareBody(fmt.Sprintf(`{"n":%d}`, i)), "198.51.100.3", ""); w.Code != 201 {
			t.Fatalf("short link %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	if w := post("/api/share", shareBody(`{"n":"over"}`), "198.51.100.3", ""); w.Code != 429 {
		t.Errorf("short link %d of one client: %d %s", check.ClientKVWrites+1, w.Code, w.Body)
	}
	if w := post("/api/share", shareBody(`{"n":"other"}`), "198.51.100.4", ""); w.Code != 201 {
		t.Errorf("another client's short link: %d %s", w.Code, w.Body)
	}
}
