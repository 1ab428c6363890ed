//go:build !js

package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/internal/a2afixture"
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

// liveFixture is a loopback server of internal/a2afixture, with what it
// received.
type liveFixture struct{ *a2afixture.Server }

func (f *liveFixture) requests() []a2afixture.Request { return f.Requests() }

// sawSecret reports whether any request carried the test's credential.
func (f *liveFixture) sawSecret() bool {
	for _, r := range f.Requests() {
		if r.Header.Get("Authorization") == secret || r.Header.Get("X-Api-Key") == "k-secret" {
			return true
		}
	}
	return false
}

// serveLive starts the handler that h builds (it may name the fixture's
// own URL) on 127.0.0.1 and stops it when the test ends.
func serveLive(t testing.TB, h func(f *liveFixture) http.Handler) *liveFixture {
	t.Helper()
	return &liveFixture{a2afixture.Start(t, func(s *a2afixture.Server) http.Handler { return h(&liveFixture{s}) })}
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
	return &liveFixture{a2afixture.Agent(t, opts...)}
}

// versionRefusingAgent is an a2asrv agent that refuses A2A-Version 1.0.
func versionRefusingAgent(t testing.TB) *liveFixture {
	return a2aAgent(t, a2asrv.WithCallInterceptors(a2afixture.RefuseVersion{Version: "1.0"}))
}

func html404Agent(t testing.TB) *liveFixture { return &liveFixture{a2afixture.HTML404(t)} }
func authAgent(t testing.TB) *liveFixture    { return &liveFixture{a2afixture.BearerOnly(t)} }
func silentAgent(t testing.TB) *liveFixture  { return &liveFixture{a2afixture.Silent(t)} }

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
		body := card(f.URL(""))
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
