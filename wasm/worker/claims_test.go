//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// methodCounter is a real a2asrv agent (a2afixture.AgentHandler) that
// counts the A2A calls it gets: "JSONRPC <method>" or "REST <METHOD>
// <path below /rest, the task id replaced by {id}>".
type methodCounter struct {
	mu   sync.Mutex
	seen map[string]int
}

func (m *methodCounter) handler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := "REST " + r.Method + " " + r.URL.Path
		if r.URL.Path == "/jsonrpc" {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<10))
			r.Body = io.NopCloser(bytes.NewReader(body))
			var req struct{ Method string }
			_ = json.Unmarshal(body, &req)
			key = "JSONRPC " + req.Method
		} else if i := strings.Index(key, "agentcard-probe-"); i >= 0 {
			end := i + len("agentcard-probe-") + 32
			key = key[:i] + "{id}" + key[min(end, len(key)):]
		}
		m.mu.Lock()
		m.seen[key]++
		m.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (m *methodCounter) counts() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]int{}
	for k, v := range m.seen {
		out[k] = v
	}
	return out
}

// TestCheckClaims: /api/check?probe=1 carries `claims` beside `probes`,
// from the same core function as `agentcard conform`: on an a2asrv agent
// offering streaming but not push, behind a card claiming both, streaming
// holds and push is contradicted on both bindings. The agent gets exactly
// one call of each harmless method per entry (two GetTask: the probe and
// the version check) and never a message; the report page shows the
// same claims table, and it and the second language that follow ask
// nothing again (the claims are cached with the probes).
func TestCheckClaims(t *testing.T) {
	m := &methodCounter{seen: map[string]int{}}
	agent := a2afixture.Serve(t, m.handler(a2afixture.AgentHandler(a2afixture.Capabilities(a2a.AgentCapabilities{Streaming: true})...)))
	host := cardHost(t, func(string) []byte {
		return liveCard(map[string]any{"capabilities": map[string]any{"streaming": true, "pushNotifications": true}},
			[3]string{agent.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{agent.URL("/rest"), "HTTP+JSON", "1.0"})
	}, nil)
	h := liveWorker(t, true, nil)
	target := url.QueryEscape(host.URL("/.well-known/agent-card.json"))

	res := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?probe=1&url="+target, nil)))
	if _, ok := res["probes"]; !ok {
		t.Fatal("no probes beside the claims")
	}
	var claims []probe.Claim
	b, _ := json.Marshal(res["claims"])
	if err := json.Unmarshal(b, &claims); err != nil || len(claims) != 12 {
		t.Fatalf("claims %s (%v), want 6 per entry", b, err)
	}
	for _, c := range claims {
		want := probe.Holds
		if c.Claim == probe.ClaimPush {
			want = probe.Contradicted
		}
		if c.Verdict != want {
			t.Errorf("%s %s: %s, want %s (%s)", c.Binding, c.Claim, c.Verdict, want, c.Message)
		}
	}
	codes := map[string]int{}
	for _, d := range res["diagnostics"].([]any) {
		codes[d.(map[string]any)["code"].(string)]++
	}
	if codes["claim-contradicted"] != 2 {
		t.Errorf("findings %v, want claim-contradicted for push on both entries", codes)
	}

	want := map[string]int{
		"JSONRPC GetTask": 2, "JSONRPC SubscribeToTask": 1, "JSONRPC ListTaskPushNotificationConfigs": 1, "JSONRPC GetExtendedAgentCard": 1,
		"REST GET /rest/tasks/{id}": 2, "REST POST /rest/tasks/{id}:subscribe": 1, "REST GET /rest/tasks/{id}/pushNotificationConfigs": 1,
		"REST GET /rest/extendedAgentCard": 1,
	}
	got := m.counts()
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d calls, want %d (all: %v)", k, got[k], n, got)
		}
	}
	total := 0
	for k, n := range got {
		total += n
		if strings.Contains(k, "SendMessage") || strings.Contains(k, "SendStreamingMessage") || strings.Contains(k, "message:") {
			t.Errorf("the Worker sent a message: %s", k)
		}
	}
	if total != 2*(1+probe.ClaimRequests) {
		t.Errorf("%d calls, want %d (one probe and %d claim calls per entry): %v", total, 2*(1+probe.ClaimRequests), probe.ClaimRequests, got)
	}

	page := doc(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/check?probe=1&url="+target, nil)))
	rows := page.Find(`[data-testid=probes] [data-testid=claims] [data-testid=claim]`)
	if rows.Length() != 12 {
		t.Errorf("the report shows %d claim rows, want 12", rows.Length())
	}
	if n := page.Find(`[data-testid=claim][data-claim=pushNotifications][data-verdict=contradicted]`).Length(); n != 2 {
		t.Errorf("the report shows %d contradicted push rows, want 2", n)
	}
	zh := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?probe=1&lang=zh-CN&url="+target, nil)))
	if after := m.counts(); len(after) != len(got) || after["JSONRPC GetTask"] != got["JSONRPC GetTask"] || after["JSONRPC SubscribeToTask"] != 1 {
		t.Errorf("the report and the second language asked the agent again: %v", after)
	}
	zc := zh["claims"].([]any)
	if len(zc) != 12 || !hasHan(zc[2].(map[string]any)["detail"].(string)) {
		t.Errorf("cached claims not in Chinese: %v", zc)
	}
	zcodes := map[string]int{}
	for _, d := range zh["diagnostics"].([]any) {
		zcodes[d.(map[string]any)["code"].(string)]++
	}
	if zcodes["claim-contradicted"] != 2 || zcodes["server-ignores-version"] != 2 {
		t.Errorf("findings from cached claims %v, want the same as the first answer's %v", zcodes, codes)
	}
}
