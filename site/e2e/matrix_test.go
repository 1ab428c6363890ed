package e2e

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/core/signature"
)

// scopesCard has securityRequirements in the specification's shape, which
// a2a-go's card reader refuses (a2a-go issue #430).
const scopesCard = `{"name": "Scoped agent", "description": "Needs a bearer token with a scope.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
 "capabilities": {"streaming": true}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
 "securityRequirements": [{"schemes": {"bearer": {"list": ["read"]}}}],
 "skills": [{"id": "echo", "name": "Echo", "description": "Repeats what it is told.", "tags": ["test"]}]}`

type matrixRow struct {
	SDK, Basis, Loads, Selects, Verifies, Words string
}

const matrixJS = `[...document.querySelectorAll('[data-testid="sdk-matrix-row"]')].map(e => ({sdk: e.dataset.sdk, basis: e.dataset.basis,
	loads: e.dataset.loads, selects: e.dataset.selects, verifies: e.dataset.verifies, words: e.textContent}))`

// TestE2EMatrix: the playground's compatibility matrix, in a browser:
// a row per official SDK (models in the browser), a2a-go refusing the
// specification's securityRequirements shape with its upstream issue
// linked, a2a-python's row not verified against the running SDK; with a
// pasted key the verifies column answers; in Chinese, every word is
// Chinese.
func TestE2EMatrix(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")
	typeCard(t, ctx, scopesCard)
	waitSettled(t, ctx) // the matrix follows the typed card, not the sample
	poll(t, ctx, `document.querySelectorAll('[data-testid="sdk-matrix-row"]').length === 3`)
	rows := eval[[]matrixRow](t, ctx, matrixJS)
	if r := rows[0]; r.SDK != "a2a-go" || r.Basis != "model" || r.Loads != "no" || r.Selects != "not-reached" || !strings.Contains(r.Words, "a2a-go v2.4.0") {
		t.Errorf("a2a-go: %+v", r)
	}
	for _, r := range rows[1:] {
		if r.Loads != "yes" || r.Selects != "yes" || r.Verifies != "n/a" || !strings.Contains(r.Words, "entry 0") {
			t.Errorf("%s: %+v", r.SDK, r)
		}
	}
	if rows[1].SDK != "a2a-python" || rows[1].Basis != "model-unverified" || rows[2].SDK != "a2a-js" {
		t.Errorf("rows %+v", rows)
	}
	if href := eval[string](t, ctx, `document.querySelector('[data-testid="sdk-matrix-note"][data-sdk="a2a-go"] [data-testid="sdk-matrix-issue"]').href`); href != "https://github.com/a2aproject/a2a-go/issues/430" {
		t.Errorf("upstream issue link %q", href)
	}
	if s := eval[string](t, ctx, `document.querySelector('[data-testid="sdk-matrix-unverified"]').textContent`); !strings.Contains(s, "not verified against the running SDK") {
		t.Errorf("a2a-python's note %q", s)
	}
	screenshot(t, ctx, "playground-matrix.png")

	// signed: without a key the verifiers need it; with it they answer
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signed, err := signature.Sign([]byte(readCard(t, "minimal-1.0.json")), priv, signature.SignOptions{Kid: "e2e-key"})
	if err != nil {
		t.Fatal(err)
	}
	jwk, err := signature.PublicJWK(&signature.Key{ID: "e2e-key", Public: pub})
	if err != nil {
		t.Fatal(err)
	}
	typeCard(t, ctx, string(signed))
	poll(t, ctx, `document.querySelector('[data-testid="sdk-matrix-row"][data-sdk="a2a-js"]')?.dataset.verifies === "unchecked"`)
	key, _ := json.Marshal(string(jwk))
	do(t, ctx, chromedp.WaitVisible(`[data-testid="signatures"]`))
	eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("sig-key").value = %s; return true })()`, key))
	do(t, ctx, chromedp.Click(`[data-testid="sig-verify"]`))
	poll(t, ctx, `["yes", "no"].includes(document.querySelector('[data-testid="sdk-matrix-row"][data-sdk="a2a-js"]').dataset.verifies)`)
	for _, r := range eval[[]matrixRow](t, ctx, matrixJS) {
		if want := map[string][]string{"a2a-go": {"n/a"}, "a2a-python": {"yes", "no"}, "a2a-js": {"yes", "no"}}[r.SDK]; !contains(want, r.Verifies) {
			t.Errorf("%s with the key: verifies %q", r.SDK, r.Verifies)
		}
	}

	// in Chinese
	zh := browserIn(t, "zh-CN")
	open(t, zh, base+"/")
	typeCard(t, zh, scopesCard)
	waitSettled(t, zh)
	poll(t, zh, `document.querySelectorAll('[data-testid="sdk-matrix-row"]').length === 3`)
	words := eval[[]string](t, zh, `[document.querySelector('[data-testid="sdk-matrix"] h3').textContent, document.querySelector('[data-testid="sdk-matrix"] thead').textContent,
		document.querySelector('[data-testid="sdk-matrix-row"][data-sdk="a2a-go"] [data-col="loads"]').textContent,
		document.querySelector('[data-testid="sdk-matrix-note"]').textContent, document.querySelector('[data-testid="sdk-matrix-unverified"]').textContent]`)
	for i, w := range words {
		if !hasHan(w) {
			t.Errorf("Chinese matrix, part %d: %q", i, w)
		}
	}
	if words[0] != "兼容性矩阵" || words[2] != "否" {
		t.Errorf("Chinese matrix: %q", words)
	}
}
