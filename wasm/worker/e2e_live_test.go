//go:build !js

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestE2ELive runs the live checks in the real runtime (wrangler dev with
// ALLOW_LOOPBACK=1, as make dev): the probes go through workerd's fetch
// (the JSON-RPC probe is a POST with a body, which jsDoer must send as
// such) and classify real a2asrv agents and the ways an endpoint goes
// wrong; a POST's headers reach the card's origin and the declared
// endpoints and nothing else. Without ALLOW_LOOPBACK the card itself
// would be refused, so the refusal of loopback probes is tested natively
// (TestProbesRefusedWithoutLoopback), where the card can come from a
// public name answered in memory.
//
//	AGENTCARD_E2E=1 go test -count=1 -run E2ELive ./wasm/worker/
func TestE2ELive(t *testing.T) {
	skipUnlessE2E(t)
	a := startFive(t)
	host := cardHost(t, a.card, nil)
	agent := a2aAgent(t)
	key, jwks := signingKey(t)
	// The key set is on the card's own origin: without a key of the
	// caller's, the only one that counts (self-published).
	signed := cardHost(t, func(self string) []byte {
		c := liveCard(map[string]any{"capabilities": map[string]any{"extendedAgentCard": true}},
			[3]string{agent.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{agent.URL("/rest"), "HTTP+JSON", "1.0"})
		return signCard(t, c, key, self+"/jwks.json")
	}, jwks)
	base := startWrangler(t)
	target := url.QueryEscape(host.URL("/.well-known/agent-card.json"))

	t.Run("plain load probes nothing", func(t *testing.T) {
		res := fetchURL(t, http.MethodGet, base+"/check?url="+target, nil)
		d, _ := goquery.NewDocumentFromReader(strings.NewReader(string(res.body)))
		if res.status != 200 || d.Find(`[data-testid=probe-form]`).Length() != 1 {
			t.Fatalf("%d, probe form %d", res.status, d.Find(`[data-testid=probe-form]`).Length())
		}
		if n := a.conns(); n != 0 {
			t.Errorf("a plain report load reached the endpoints (%d connections)", n)
		}
	})

	t.Run("probe=1 classifies", func(t *testing.T) {
		res := fetchURL(t, http.MethodGet, base+"/api/check?probe=1&url="+target, nil)
		if res.status != 200 {
			t.Fatalf("%d %s", res.status, res.body)
		}
		var m map[string]any
		if err := json.Unmarshal(res.body, &m); err != nil {
			t.Fatal(err)
		}
		got := probeOutcomes(t, m)
		for i, want := range wantOutcomes {
			if got[i] != want {
				t.Errorf("entry %d: %q, want %q (%v)", i, got[i], want, m["probes"])
			}
		}
		// The page from the same minute: the cached results, no new probe.
		before := a.conns()
		page := fetchURL(t, http.MethodGet, base+"/check?probe=1&url="+target, nil)
		d, _ := goquery.NewDocumentFromReader(strings.NewReader(string(page.body)))
		if n := d.Find(`[data-testid=probe]`).Length(); n != len(wantOutcomes) {
			t.Errorf("%d probe rows on the page", n)
		}
		if a.conns() != before {
			t.Errorf("the page probed again (%d → %d connections)", before, a.conns())
		}
	})

	t.Run("POST headers only to the card's origin and endpoints", func(t *testing.T) {
		body := `{"url":` + jsonString(signed.URL("/.well-known/agent-card.json")) + `,"headers":{"Authorization":"` + secret + `"},"probe":true,"extended":true}`
		res := fetchURL(t, http.MethodPost, base+"/api/check", strings.NewReader(body))
		if res.status == 200 && res.header.Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control %q", res.header.Get("Cache-Control"))
		}
		// fetchURL sends no Content-Type: the checker refuses that body.
		if res.status != http.StatusBadRequest {
			t.Errorf("POST without Content-Type: %d", res.status)
		}
		req, _ := http.NewRequest(http.MethodPost, base+"/api/check", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("CF-Connecting-IP", "198.18.99.1")
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var m map[string]any
		raw := new(strings.Builder)
		if err := json.NewDecoder(teeTo(r.Body, raw)).Decode(&m); err != nil || r.StatusCode != 200 {
			t.Fatalf("%d %v %s", r.StatusCode, err, raw)
		}
		withoutSecret(t, "POST /api/check", []byte(raw.String()))
		if !signed.sawSecret() || !agent.sawSecret() {
			t.Errorf("headers missing: card origin %v, endpoints %v", signed.sawSecret(), agent.sawSecret())
		}
		keySets := 0
		for _, r := range signed.requests() {
			if r.Path == "/jwks.json" {
				keySets++
				if r.Header.Get("Authorization") != "" {
					t.Error("the key set request carried the caller's headers")
				}
			}
		}
		if keySets == 0 {
			t.Error("the key set was not fetched")
		}
		if o := probeOutcomes(t, m); o[0] != "speaks-declared" || o[1] != "speaks-declared" {
			t.Errorf("probes: %v", o)
		}
		if ext, _ := m["extended"].(map[string]any); ext == nil || ext["fetched"] != true {
			t.Errorf("extended: %v", m["extended"])
		}
		if s, _ := m["signatures"].(map[string]any); s == nil || len(s["results"].([]any)) != 1 || s["results"].([]any)[0].(map[string]any)["outcome"] != "self-published" {
			t.Errorf("signatures: %v", m["signatures"])
		}
	})
}

// teeTo copies what r reads into w (to show a body that failed to decode).
func teeTo(r io.Reader, w io.Writer) io.Reader { return io.TeeReader(r, w) }
