package sdk_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/sdk/verifiers"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/internal/toolchain"
)

type testKey struct {
	priv *ecdsa.PrivateKey
	pub  map[string]string // the public JWK
}

func newKey(t *testing.T) testKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	b64 := base64.RawURLEncoding.EncodeToString
	x, y := make([]byte, 32), make([]byte, 32)
	k.PublicKey.X.FillBytes(x)
	k.PublicKey.Y.FillBytes(y)
	return testKey{priv: k, pub: map[string]string{"kty": "EC", "crv": "P-256", "x": b64(x), "y": b64(y), "kid": "sweep-key", "alg": "ES256"}}
}

// sign adds one signature over payload with the given protected header.
func (k testKey) sign(t *testing.T, card []byte, header map[string]any, payload []byte) []byte {
	t.Helper()
	h, _ := json.Marshal(header)
	protected := base64.RawURLEncoding.EncodeToString(h)
	input := protected + "." + base64.RawURLEncoding.EncodeToString(payload)
	sum := sha256.Sum256([]byte(input))
	r, s, err := ecdsa.Sign(rand.Reader, k.priv, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	var c map[string]any
	if err := json.Unmarshal(card, &c); err != nil {
		t.Fatal(err)
	}
	c["signatures"] = []any{map[string]any{"protected": protected, "signature": base64.RawURLEncoding.EncodeToString(sig)}}
	out, _ := json.Marshal(c)
	return out
}

type signedCase struct {
	Name string            `json:"name"`
	Card json.RawMessage   `json:"card"`
	Key  map[string]string `json:"key"`
}

const baseCard = `{"name": "Invoice Extractor", "description": "Reads supplier invoices and returns their lines as JSON.", "version": "4.0.1",
  "supportedInterfaces": [{"url": "https://agents.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {}, "defaultInputModes": ["application/pdf"], "defaultOutputModes": ["application/json"],
  "skills": [{"id": "extract", "name": "Extract", "description": "Turns one invoice into lines.", "tags": ["invoices"]}]}`

// cards are the payload situations where the SDKs' canonical forms and
// the specification's part: none, an empty value, a member outside the
// proto, an optional false, non-ASCII text, a legacy half.
func cards(t *testing.T) map[string][]byte {
	edit := func(f func(map[string]any)) []byte {
		var c map[string]any
		if err := json.Unmarshal([]byte(baseCard), &c); err != nil {
			t.Fatal(err)
		}
		f(c)
		b, _ := json.Marshal(c)
		return b
	}
	return map[string][]byte{
		"plain":           []byte(baseCard),
		"empty examples":  edit(func(c map[string]any) { c["skills"].([]any)[0].(map[string]any)["examples"] = []any{} }),
		"empty tenant":    edit(func(c map[string]any) { c["supportedInterfaces"].([]any)[0].(map[string]any)["tenant"] = "" }),
		"unknown member":  edit(func(c map[string]any) { c["type"] = "https://eips.ethereum.org/EIPS/eip-8004#registration-v1" }),
		"streaming false": edit(func(c map[string]any) { c["capabilities"] = map[string]any{"streaming": false} }),
		"non-ASCII":       edit(func(c map[string]any) { c["name"] = "发票提取器 Invoice" }),
		"legacy half":     edit(func(c map[string]any) { c["url"], c["protocolVersion"] = "https://agents.example.com/a2a", "0.3.0" }),
		"extension params": edit(func(c map[string]any) {
			c["capabilities"] = map[string]any{"extensions": []any{map[string]any{"uri": "https://example.com/x/v1", "params": map[string]any{"a": ""}}}}
		}),
	}
}

// TestJSVerifierAgreesWithModel signs each card over the specification's
// payload and over the SDKs' stripped payload, with protected headers
// with and without typ and kid, runs a2a-js's verifyAgentCardSignature on
// every one, and holds the matrix's a2a-js verdict to it.
func TestJSVerifierAgreesWithModel(t *testing.T) {
	cases, res, keys := signedSweep(t)
	accepted := 0
	for _, c := range cases {
		got, ok := res[c.Name]
		if !ok {
			t.Fatalf("the driver said nothing about %s", c.Name)
		}
		rows := sdk.Check(jsonpos.Parse(c.Card, jsonpos.Options{}), sdk.Options{Model: true, Signatures: verifiers.Facts(context.Background(), c.Card, signature.Options{Keys: keys})})
		var js sdk.Row
		for _, r := range rows {
			if r.SDK == selection.SDKJS {
				js = r
			}
		}
		if got.Verified != (js.Verifies.Answer == sdk.Yes) {
			t.Errorf("%s: a2a-js verified=%v (%s), the matrix says %s: %s", c.Name, got.Verified, got.Detail, js.Verifies.Answer, js.Verifies.Message)
		}
		if got.Verified {
			accepted++
		}
	}
	if accepted == 0 || accepted == len(cases) {
		t.Errorf("a2a-js accepted %d of %d signatures: the sweep does not tell anything apart", accepted, len(cases))
	}
}

var (
	signedOnce  sync.Once
	signedCases []signedCase
	signedRes   map[string]verified
	signedKeys  signature.KeySet
)

// signedSweep signs every card of cards over the specification's and
// over the stripped payload, under four protected headers, and runs
// a2a-js's verifier on each, once per test binary.
func signedSweep(t *testing.T) ([]signedCase, map[string]verified, signature.KeySet) {
	signedOnce.Do(func() { signedCases, signedRes, signedKeys = buildSignedSweep(t) })
	if signedRes == nil {
		t.Fatal("the signed sweep did not run")
	}
	return signedCases, signedRes, signedKeys
}

func buildSignedSweep(t *testing.T) ([]signedCase, map[string]verified, signature.KeySet) {
	key := newKey(t)
	pubJWK, _ := json.Marshal(key.pub)
	keys, err := signature.ParseKeys(pubJWK)
	if err != nil {
		t.Fatal(err)
	}
	headers := map[string]map[string]any{
		"full":   {"alg": "ES256", "kid": "sweep-key", "typ": "JOSE"},
		"no typ": {"alg": "ES256", "kid": "sweep-key"},
		"no kid": {"alg": "ES256", "typ": "JOSE"},
		"JWT":    {"alg": "ES256", "kid": "sweep-key", "typ": "JWT"},
	}
	var cases []signedCase
	for cname, c := range cards(t) {
		spec, err := signature.Canonical(c)
		if err != nil {
			t.Fatal(err)
		}
		stripped, _ := signature.Payload(c, signature.Stripped)
		for hname, h := range headers {
			cases = append(cases, signedCase{Name: cname + ", " + hname + ", spec payload", Card: key.sign(t, c, h, spec), Key: key.pub})
			cases = append(cases, signedCase{Name: cname + ", " + hname + ", stripped payload", Card: key.sign(t, c, h, stripped), Key: key.pub})
		}
	}
	return cases, runJS(t, cases), keys
}

// The claims about a2a-js's verifier, checked on the signed sweep.
func init() {
	verdict := func(w *sdk.World, name string, want bool) error {
		_, res, _ := signedSweep(w.T)
		if got, ok := res[name]; !ok || got.Verified != want {
			return fmt.Errorf("%s: a2a-js verified=%v (%s), the claim %v", name, got.Verified, got.Detail, want)
		}
		return nil
	}
	sdk.ClaimChecks["js.verifier-requires-typ"] = func(w *sdk.World) error {
		return errors.Join(verdict(w, "plain, no typ, stripped payload", false), verdict(w, "plain, no kid, stripped payload", false), verdict(w, "plain, full, stripped payload", true))
	}
	sdk.ClaimChecks["js.verifier-any-typ"] = func(w *sdk.World) error { return verdict(w, "plain, JWT, stripped payload", true) }
	sdk.ClaimChecks["js.verifier-strips-empty"] = func(w *sdk.World) error {
		return errors.Join(verdict(w, "plain, full, spec payload", false), verdict(w, "plain, full, stripped payload", true), verdict(w, "streaming false, full, spec payload", true))
	}
}

type verified struct {
	Verified bool   `json:"verified"`
	Detail   string `json:"detail"`
}

func runJS(t *testing.T, cases []signedCase) map[string]verified {
	t.Helper()
	root, _ := filepath.Abs("../..")
	toolchain.NodeModule(t, root, "@a2a-js/sdk")
	toolchain.Command(t, "node", "Node.js, to run @a2a-js/sdk")
	b, _ := json.Marshal(cases)
	file := filepath.Join(t.TempDir(), "signed.json")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join("testdata", "conformance.mjs"), file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node conformance.mjs: %v\n%s", err, stderr.String())
	}
	var res map[string]verified
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("the driver printed %.200q: %v", out, err)
	}
	return res
}
