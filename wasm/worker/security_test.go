//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// Regression tests of the security review's breaks (issue 16) for the
// Worker's handler, natively; the end-to-end twins under wrangler dev are
// in e2e_security_test.go.

// reflectorSetup is a victim host counting the JSON-RPC POSTs it gets and
// a card host answering /card.json?v=N (any N) with a card whose eight
// interfaces are all on the victim, named name (127.0.0.1 or localhost:
// two names are two hosts for the per-host cap).
func reflectorSetup(t *testing.T, name string) (victim, cards *liveFixture) {
	victim = serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}`))
		})
	})
	var entries [][3]string
	for i := range 8 {
		entries = append(entries, [3]string{strings.Replace(victim.URL(fmt.Sprintf("/rpc/%d", i)), "127.0.0.1", name, 1), "JSONRPC", "1.0"})
	}
	card := liveCard(nil, entries...)
	cards = serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "public, max-age=60")
			w.Write(card)
		})
	})
	return victim, cards
}

func posts(f *liveFixture) int {
	n := 0
	for _, r := range f.requests() {
		if r.Method == http.MethodPost {
			n++
		}
	}
	return n
}

// TestB4ProbeReflection: 40 cache-busting GET /api/check?probe=1 from one
// client used to make 320 JSON-RPC POSTs at the victim without one 429.
// Now every check that sends requests costs a token of the client's
// budget, and a card's probes cost one token of each host they reach:
// at least one 429 with Retry-After, at most 100 POSTs in all; the same
// from 40 addresses of one IPv6 /64 (B10).
func TestB4ProbeReflection(t *testing.T) {
	for _, c := range []struct {
		name string
		from func(i int) string
	}{
		{"one client", func(int) string { return "198.51.100.7:1234" }},
		{"40 addresses in one /64", func(i int) string { return fmt.Sprintf("[2001:db8:1:2::%x]:1234", i+1) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			victim, cards := reflectorSetup(t, "127.0.0.1")
			p := discovery.DefaultPolicy()
			p.AllowLoopback = true
			h := newHandler(Config{Doer: discovery.NewHTTPDoer(p), AllowLoopback: true, Cache: newMemoryCache(256), Policy: &p,
				Logf: func(string, ...any) {}})
			limited := 0
			for i := range 40 {
				target := url.QueryEscape(cards.URL(fmt.Sprintf("/card.json?v=%d", i)))
				r := httptest.NewRequest(http.MethodGet, "/api/check?probe=1&url="+target, nil)
				r.RemoteAddr = c.from(i)
				w := serve(t, h, r)
				switch w.Code {
				case 200:
				case 429:
					limited++
					if w.Header().Get("Retry-After") == "" {
						t.Errorf("429 without Retry-After")
					}
					if k := errorKind(t, w)["kind"]; k != "rate-limited" && k != "target-limited" {
						t.Errorf("429 of kind %v", k)
					}
				default:
					t.Fatalf("check %d: %d %s", i, w.Code, w.Body)
				}
			}
			n := posts(victim)
			t.Logf("%s: %d of 40 checks limited (429), %d POSTs reached the probed host", c.name, limited, n)
			if limited == 0 || n > 100 {
				t.Errorf("%d limited, %d POSTs (want at least one 429 and at most 100 POSTs)", limited, n)
			}
		})
	}
}

// redirectChain is issue 16's B1 setup: A redirects its card to B
// (another port), whose card declares endpoints on B and C (a real A2A
// agent) and promises an extended card. body is the POST /api/check that
// sends the test's Authorization with probes and the extended card.
func redirectChain(t *testing.T) (a, b, c *liveFixture, body string) {
	c = a2aAgent(t)
	var card []byte
	b = serveLive(t, func(*liveFixture) http.Handler {
		agent := a2afixture.AgentHandler()
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/card.json" {
				w.Header().Set("Content-Type", "application/json")
				w.Write(card)
				return
			}
			agent.ServeHTTP(w, r)
		})
	})
	card = liveCard(map[string]any{"capabilities": map[string]any{"extendedAgentCard": true}},
		[3]string{b.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{c.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{c.URL("/rest"), "HTTP+JSON", "1.0"})
	a = serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, b.URL("/card.json"), http.StatusFound)
		})
	})
	body = `{"url":` + jsonString(a.URL("/.well-known/agent-card.json")) + `,"headers":{"Authorization":"` + secret + `"},"probe":true,"extended":true}`
	return a, b, c, body
}

// checkB1 checks the answer to redirectChain's POST: A got the
// Authorization, B and C were asked but never with it, and the answer
// says the credentials were withheld and why.
func checkB1(t *testing.T, a, b, c *liveFixture, status int, answer []byte) {
	t.Helper()
	if status != 200 {
		t.Fatalf("%d %s", status, answer)
	}
	withoutSecret(t, "POST /api/check", answer)
	if !a.sawSecret() {
		t.Error("the origin named did not get the Authorization")
	}
	for name, f := range map[string]*liveFixture{"B": b, "C": c} {
		n := len(f.requests())
		if n == 0 {
			t.Errorf("%s got no request at all: the test proves nothing", name)
		}
		if f.sawSecret() {
			t.Errorf("%s got the caller's Authorization", name)
		}
		t.Logf("%s: %d requests, none with the Authorization", name, n)
	}
	var m struct {
		Withheld bool                `json:"credentialsWithheld"`
		Reason   *discovery.Withheld `json:"credentialsWithheldReason"`
	}
	if err := json.Unmarshal(answer, &m); err != nil || !m.Withheld || m.Reason == nil || m.Reason.Reason != discovery.WithheldRedirect || m.Reason.Message == "" {
		t.Errorf("the answer does not say why: %v %+v", err, m)
	} else {
		t.Logf("credentialsWithheldReason: %s", m.Reason.Message)
	}
}

// TestB1PostCredentialsScoped: POST /api/check with Authorization, for a
// card at A that redirects to B (another port), whose card declares
// endpoints on B and C: no request to B or C carries the Authorization,
// the probes and the extended card included, and the answer says the
// credentials were withheld and why. Before, the Worker scoped them to
// the origin the card was redirected to.
func TestB1PostCredentialsScoped(t *testing.T) {
	a, b, c, body := redirectChain(t)
	w := postCheck(t, liveWorker(t, true, nil), body)
	checkB1(t, a, b, c, w.Code, w.Body.Bytes())
}

// TestB3HeaderValueRefused: a header value outside visible ASCII (obs-text,
// which made workerd print the whole credential to its log) is refused
// with 400 before anything is sent, and the answer does not repeat it.
func TestB3HeaderValueRefused(t *testing.T) {
	host := cardHost(t, func(string) []byte { return liveCard(nil) }, nil)
	h := liveWorker(t, true, nil)
	for _, v := range []string{"Bearer s\u00e9cret", "Bearer s\u0080cret", "Bearer \u00ffsecret"} {
		w := postCheck(t, h, `{"url":`+jsonString(host.URL("/.well-known/agent-card.json"))+`,"headers":{"Authorization":`+jsonString(v)+`}}`)
		if w.Code != 400 || strings.Contains(w.Body.String(), "cret") {
			t.Errorf("%q: %d %s", v, w.Code, w.Body)
		}
	}
	if n := len(host.requests()); n != 0 {
		t.Errorf("%d requests reached the card's host", n)
	}
}

// TestB18FallbackHeaders: the runtime's own answers (worker.mjs, when the
// Go instance cannot start or dies) carry every header the handler sets
// on its answers, COOP and Permissions-Policy included.
func TestB18FallbackHeaders(t *testing.T) {
	src, err := os.ReadFile("worker.mjs")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)const securityHeaders = \{(.*?)\};`).FindSubmatch(src)
	if block == nil {
		t.Fatal("worker.mjs has no securityHeaders object")
	}
	var js []string
	for _, m := range regexp.MustCompile(`"([A-Za-z-]+)":`).FindAllSubmatch(block[1], -1) {
		js = append(js, string(m[1]))
	}
	goHeaders := http.Header{}
	securityHeaders(goHeaders)
	var want []string
	for k := range goHeaders {
		want = append(want, k)
	}
	sort.Strings(js)
	sort.Strings(want)
	if strings.Join(js, ",") != strings.Join(want, ",") {
		t.Errorf("worker.mjs sets %v, the handler %v", js, want)
	}
	if !strings.Contains(string(block[1]), `frame-ancestors 'none'`) || !strings.Contains(string(src), "...securityHeaders") {
		t.Error("the fallback answers do not use the full set")
	}
}

// TestClientKeys: the handler keys its limits as core/check does, an IPv6
// client by its /64 (B10).
func TestClientKeys(t *testing.T) {
	for addr, want := range map[string]string{"198.51.100.7:1234": "198.51.100.7", "[2001:db8:1:2::1]:80": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::9]:80": "2001:db8:1:2::/64", "": "unknown"} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = addr
		if got := clientKey(r); got != want || check.ClientKey(addr) != want {
			t.Errorf("%q: %q, want %q", addr, got, want)
		}
	}
}

// TestB10IPv6Budget: 40 cache-busting checks from 40 addresses of one
// IPv6 /64 share one client's budget: past its burst they get 429.
func TestB10IPv6Budget(t *testing.T) {
	host := cardHost(t, func(string) []byte { return liveCard(nil) }, nil)
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	h := newHandler(Config{Doer: discovery.NewHTTPDoer(p), AllowLoopback: true, Cache: newMemoryCache(256), Policy: &p, Logf: func(string, ...any) {}})
	ok, limited := 0, 0
	for i := range 40 {
		r := httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(host.URL(fmt.Sprintf("/.well-known/agent-card.json?v=%d", i))), nil)
		r.RemoteAddr = fmt.Sprintf("[2001:db8:7:7:%x::1]:443", i)
		switch w := serve(t, h, r); w.Code {
		case 200:
			ok++
		case 429:
			limited++
		default:
			t.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	if ok != check.DefaultLimits().Burst || limited != 40-ok {
		t.Errorf("%d answered, %d limited; want %d answered", ok, limited, check.DefaultLimits().Burst)
	}
}

// TestB2GateOneAtATime: with a Pause (the Worker's timer), checks compute
// one at a time, each waiting its turn by pausing rather than blocking the
// instance; every check still gets its answer.
func TestB2GateOneAtATime(t *testing.T) {
	var inside, most, pauses atomic.Int32
	g := &cpuGate{pause: func(ctx context.Context, d time.Duration) error {
		pauses.Add(1)
		time.Sleep(d)
		return ctx.Err()
	}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := g.Enter(context.Background()); err != nil {
				t.Error(err)
				return
			}
			n := inside.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(5 * time.Millisecond)
			inside.Add(-1)
			g.Leave()
		}()
	}
	wg.Wait()
	if most.Load() != 1 || pauses.Load() == 0 {
		t.Errorf("%d inside at once, %d pauses", most.Load(), pauses.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	g.Enter(context.Background())
	cancel()
	if err := g.Enter(ctx); err == nil {
		t.Error("a waiting check did not give up when its context ended")
	}
	g.Leave()

	// The handler with a Pause answers as before.
	host := cardHost(t, func(string) []byte { return liveCard(nil) }, nil)
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	h := newHandler(Config{Doer: discovery.NewHTTPDoer(p), AllowLoopback: true, Policy: &p, Limits: generousLimits(), Logf: func(string, ...any) {},
		Pause: func(ctx context.Context, d time.Duration) error { time.Sleep(d); return nil }})
	var answers sync.WaitGroup
	for range 4 {
		answers.Add(1)
		go func() {
			defer answers.Done()
			if w := serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?url="+url.QueryEscape(host.URL("/.well-known/agent-card.json")), nil)); w.Code != 200 {
				t.Errorf("%d", w.Code)
			}
		}()
	}
	answers.Wait()
}

// TestB5PostKeyTrust: POST /api/check with the caller's key Y, for a card
// signed by key X whose jku (on the card's own origin) serves X: only Y
// counts, so nothing verifies, the jku is not read, and the card is
// signature-untrusted. The Worker used to fall back to the signer's jku
// and answer verified.
func TestB5PostKeyTrust(t *testing.T) {
	x, jwksX := signingKey(t)
	_, jwksY := signingKey(t) // another key, the same kid
	var ours map[string]any
	json.Unmarshal(jwksY, &ours)
	ours["keys"].([]any)[0].(map[string]any)["kid"] = "ours"
	keyY, _ := json.Marshal(ours)
	host := cardHost(t, func(self string) []byte { return signCard(t, liveCard(nil), x, self+"/jwks.json") }, jwksX)
	w := postCheck(t, liveWorker(t, true, nil), `{"url":`+jsonString(host.URL("/.well-known/agent-card.json"))+`,"key":`+string(keyY)+`}`)
	m := checkJSONOf(t, w)
	codes := map[string]bool{}
	for _, d := range m["diagnostics"].([]any) {
		codes[d.(map[string]any)["code"].(string)] = true
	}
	if codes["signature-verified"] || codes["signature-self-published"] || !codes["signature-untrusted"] || m["errors"].(float64) < 1 {
		t.Errorf("findings %v", codes)
	}
	for _, r := range host.requests() {
		if r.Path == "/jwks.json" {
			t.Error("the signer's jku was read although the caller supplied a key")
		}
	}
}
