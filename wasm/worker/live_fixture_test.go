//go:build !js

package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"io"
	"iter"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/core/signature"
)

// Fixture agents for the live checks (probes, custom headers, signatures,
// extended card), natively and under wrangler dev. The conforming ones
// are real servers built with a2a-go's server package (a2asrv), as in
// core/probe's and core/extended's tests; the others are the ways a
// declared endpoint goes wrong. Every fixture listens on 127.0.0.1 only
// (httptest) and counts the connections it accepted and the requests it
// got, with the custom headers they carried, so that a test can show
// that a refused probe sent nothing and that secrets went only where
// they were meant to.

// secret is the credential tests send as a custom header; it must never
// appear in an answer, and only the card's origin and declared endpoints
// may receive it.
const secret = "Bearer s3cret-do-not-echo"

// hit is one request a fixture received.
type hit struct {
	Method, Path, Authorization, APIKey string
}

// liveFixture is a loopback server with what it received.
type liveFixture struct {
	srv   *httptest.Server
	conns atomic.Int64
	mu    sync.Mutex
	hits  []hit
}

func (f *liveFixture) URL(path string) string { return f.srv.URL + path }

func (f *liveFixture) requests() []hit {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]hit(nil), f.hits...)
}

// sawSecret reports whether any request carried the test's credential.
func (f *liveFixture) sawSecret() bool {
	for _, h := range f.requests() {
		if h.Authorization == secret || h.APIKey == "k-secret" {
			return true
		}
	}
	return false
}

type countingConns struct {
	net.Listener
	n *atomic.Int64
}

func (l countingConns) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.n.Add(1)
	}
	return c, err
}

// serveLive starts the handler that h builds (it may name the fixture's
// own URL) on 127.0.0.1 and stops it when the test ends.
func serveLive(t testing.TB, h func(f *liveFixture) http.Handler) *liveFixture {
	t.Helper()
	f := &liveFixture{}
	var inner http.Handler
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.hits = append(f.hits, hit{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("X-Api-Key")})
		f.mu.Unlock()
		inner.ServeHTTP(w, r)
	}))
	f.srv.Listener = countingConns{Listener: f.srv.Listener, n: &f.conns}
	f.srv.Start()
	inner = h(f)
	t.Cleanup(f.srv.Close)
	return f
}

// idleAgent is never asked to work: probes only read tasks, which the
// SDK's handler answers from its task store.
type idleAgent struct{}

func (idleAgent) Execute(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		yield(a2a.NewMessage(a2a.MessageRoleAgent, a2a.NewTextPart("idle")), nil)
	}
}

func (idleAgent) Cancel(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(func(a2a.Event, error) bool) {}
}

// versionRefuser refuses one A2A-Version as a server without it does
// (a2a.ErrVersionNotSupported, encoded by the SDK in its binding's shape).
type versionRefuser struct {
	a2asrv.PassthroughCallInterceptor
	version string
}

func (v versionRefuser) Before(ctx context.Context, cc *a2asrv.CallContext, _ *a2asrv.Request) (context.Context, any, error) {
	if got, ok := cc.ServiceParams().Get(a2a.SvcParamVersion); ok && len(got) > 0 && got[0] == v.version {
		return ctx, nil, a2a.ErrVersionNotSupported
	}
	return ctx, nil, nil
}

// a2aAgent is a real A2A server (a2a-go's a2asrv): JSON-RPC at /jsonrpc,
// HTTP+JSON under /rest. Its extended card is served to callers that send
// the test's secret.
func a2aAgent(t testing.TB, opts ...a2asrv.RequestHandlerOption) *liveFixture {
	ext := &a2a.AgentCard{Name: "Probe fixture", Description: "d", Version: "1.0.0",
		DefaultInputModes: []string{"text/plain"}, DefaultOutputModes: []string{"text/plain"},
		Skills: []a2a.AgentSkill{{ID: "s", Name: "s", Description: "d", Tags: []string{"t"}}, {ID: "x", Name: "x", Description: "d", Tags: []string{"t"}}}}
	opts = append(opts, a2asrv.WithExtendedAgentCardProducer(a2asrv.ExtendedAgentCardProducerFn(
		func(ctx context.Context, _ *a2a.GetExtendedAgentCardRequest) (*a2a.AgentCard, error) {
			if cc, ok := a2asrv.CallContextFrom(ctx); ok {
				if v, _ := cc.ServiceParams().Get("Authorization"); len(v) == 1 && v[0] == secret {
					return ext, nil
				}
			}
			return nil, a2a.ErrUnauthenticated
		})))
	return serveLive(t, func(*liveFixture) http.Handler {
		h := a2asrv.NewHandler(idleAgent{}, opts...)
		mux := http.NewServeMux()
		mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))
		mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(h)))
		return mux
	})
}

// versionRefusingAgent is an a2asrv agent that refuses A2A-Version 1.0.
func versionRefusingAgent(t testing.TB) *liveFixture {
	return a2aAgent(t, a2asrv.WithCallInterceptors(versionRefuser{version: "1.0"}))
}

// html404Agent is a web server that knows no agent.
func html404Agent(t testing.TB) *liveFixture {
	return serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, "<!doctype html><title>404</title><h1>Page not found</h1>")
		})
	})
}

// authAgent wants a Bearer token before it looks at anything.
func authAgent(t testing.TB) *liveFixture {
	return serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="agent"`)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"code":401,"status":"UNAUTHENTICATED","message":"unauthenticated"}}`)
		})
	})
}

// silentAgent accepts connections and never answers; it lets go when the
// test ends.
func silentAgent(t testing.TB) *liveFixture {
	done := make(chan struct{})
	var once sync.Once
	f := serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			select {
			case <-done:
			case <-r.Context().Done():
			}
		})
	})
	t.Cleanup(func() { once.Do(func() { close(done) }) })
	return f
}

// liveCard is a 1.0 card whose supportedInterfaces are (url, binding,
// version) triples; extra members go in as they are.
func liveCard(extra map[string]any, entries ...[3]string) []byte {
	c := map[string]any{"name": "Live fixture", "description": "Checks the live agent.", "version": "1.0.0",
		"capabilities": map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"skills": []any{map[string]any{"id": "s", "name": "s", "description": "d", "tags": []string{"t"}}}}
	var in []any
	for _, e := range entries {
		in = append(in, map[string]string{"url": e[0], "protocolBinding": e[1], "protocolVersion": e[2]})
	}
	c["supportedInterfaces"] = in
	for k, v := range extra {
		c[k] = v
	}
	b, _ := json.MarshalIndent(c, "", "  ")
	return b
}

// cardHost serves a card at /.well-known/agent-card.json (the card is
// built once the host's URL is known) and a key set at /jwks.json.
func cardHost(t testing.TB, card func(self string) []byte, jwks []byte) *liveFixture {
	return serveLive(t, func(f *liveFixture) http.Handler {
		body := card(f.srv.URL)
		mux := http.NewServeMux()
		mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "public, max-age=60")
			w.Write(body)
		})
		mux.HandleFunc("/jwks.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/jwk-set+json")
			w.Write(jwks)
		})
		return mux
	})
}

// signingKey is an Ed25519 key for signed fixture cards, and its public
// JWKS.
func signingKey(t testing.TB) (ed25519.PrivateKey, []byte) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := signature.PublicJWK(&signature.Key{ID: "card-key-1", Alg: "EdDSA", Public: priv.Public(), Private: priv})
	if err != nil {
		t.Fatal(err)
	}
	return priv, []byte(`{"keys":[` + string(pub) + `]}`)
}

// signCard signs card with key, naming jku.
func signCard(t testing.TB, card []byte, key ed25519.PrivateKey, jku string) []byte {
	t.Helper()
	out, err := signature.Sign(card, key, signature.SignOptions{Kid: "card-key-1", JKU: jku})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// withoutSecret fails when an answer holds the test's credential.
func withoutSecret(t testing.TB, what string, body []byte) {
	t.Helper()
	if strings.Contains(string(body), "s3cret") || strings.Contains(string(body), "k-secret") {
		t.Errorf("%s echoes the secret:\n%s", what, body)
	}
}
