package e2e

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/core/signature"
)

// poll waits for a JavaScript condition.
func poll(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	run(t, ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(20*time.Second)))
}

// localDevCard has a loopback endpoint over plain http: a warning and an
// error for a card about to be published, the setup on a laptop.
const localDevCard = `{"name": "Dev agent", "description": "Runs on my laptop for testing.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "http://127.0.0.1:9001/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "echo", "name": "Echo", "description": "Repeats what it is told.", "tags": ["test"]}]}`

// TestE2ETools drives the playground's tools as a person would, in one
// browser: Fix all and its single undo, Migrate on the legacy sample, the
// publish/local switch, the SDK rows and signature verification with a
// pasted key.
func TestE2ETools(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")

	// Fix all applies the safe fixes only, as lint --fix does: every
	// finding left with a fix offers only unsafe ones, each button saying
	// "unsafe", and the report says why they were left. One Ctrl+Z gives
	// back the original text exactly.
	broken := readCard(t, "broken-common-mistakes.json")
	typeCard(t, ctx, broken)
	before := panel(t, ctx)
	fixable := 0
	for _, d := range before {
		fixable += d.Fixes
	}
	if fixable == 0 {
		t.Fatal("the broken sample shows no quick fix")
	}
	n := lints(t, ctx)
	do(t, ctx, chromedp.Click(`[data-testid="fix-all"]`), chromedp.WaitVisible(`[data-testid="tool-report"]`))
	waitLint(t, ctx, n)
	if got := eval[string](t, ctx, `agentcardPlayground.getText()`); got == broken {
		t.Fatal("Fix all left the text as it was")
	}
	left := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="quick-fix"]')].map(e => e.textContent)`)
	if len(left) == 0 {
		t.Error("after Fix all no unsafe fix is offered: the sample's unsafe fixes were applied")
	}
	for _, f := range left {
		if !strings.HasPrefix(f, "unsafe ") {
			t.Errorf("after Fix all, the fix %q is offered without the word unsafe", f)
		}
	}
	if s := eval[string](t, ctx, `document.querySelector('[data-testid="tool-report"]').innerText`); !strings.Contains(s, "applied") ||
		!strings.Contains(s, "only the safe fixes") || !strings.Contains(s, "unsafe fixes, which need a person's decision") {
		t.Errorf("the report says %q", s)
	}
	do(t, ctx, chromedp.Focus(`.cm-content`), chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if got := eval[string](t, ctx, `agentcardPlayground.getText()`); got != broken {
		t.Errorf("one undo after Fix all gives another text:\n%s", got)
	}

	// Migrate: offered for the legacy card, and the result is a 1.0 card
	// with no error (for which Migrate is no longer offered).
	legacy := readCard(t, "legacy-0.3.json")
	typeCard(t, ctx, legacy)
	n = lints(t, ctx)
	do(t, ctx, chromedp.WaitVisible(`[data-testid="migrate"]`), chromedp.Click(`[data-testid="migrate"]`))
	// The worker migrates, then the page checks the new text: wait for
	// the text to change before waiting for its findings.
	legacyJS, _ := json.Marshal(legacy)
	waitFor(t, ctx, fmt.Sprintf(`agentcardPlayground.getText() !== %s`, legacyJS))
	waitLint(t, ctx, n)
	summary := eval[map[string]string](t, ctx, `({...document.getElementById("diag-summary").dataset})`)
	if summary["era"] != "1.0" || summary["errors"] != "0" {
		t.Errorf("after Migrate: %v; findings %v", summary, panel(t, ctx))
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-testid="migrate"]').hidden`) {
		t.Error("Migrate is still offered for the migrated 1.0 card")
	}

	// The profile switch: the loopback finding is a warning for
	// publishing and an info, as the panel says, for local development.
	typeCard(t, ctx, localDevCard)
	internal := func() diag {
		for _, d := range panel(t, ctx) {
			if d.Code == "interface-url-internal" {
				return d
			}
		}
		t.Fatal("no interface-url-internal finding in the panel")
		return diag{}
	}
	if d := internal(); d.Severity != "warning" || !strings.HasPrefix(d.Text, "warning") {
		t.Errorf("publishing: %+v", d)
	}
	n = lints(t, ctx)
	do(t, ctx, chromedp.Click(`[data-testid="lint-profile-choice"][data-lint-profile="local"]`))
	waitLint(t, ctx, n)
	if d := internal(); d.Severity != "info" || !strings.HasPrefix(d.Text, "info") {
		t.Errorf("local development: %+v", d)
	}
	if s := eval[string](t, ctx, `document.getElementById("diag-summary").textContent`); !strings.Contains(s, "local development") {
		t.Errorf("the summary does not say the profile: %q", s)
	}
	if p := eval[string](t, ctx, `localStorage.getItem("agentcard.lint.profile")`); p != "local" {
		t.Errorf("the profile is not remembered: %q", p)
	}

	// The SDK rows: the specification, then the three libraries.
	poll(t, ctx, `document.querySelectorAll('[data-testid="sdk-row"]').length === 4`)
	if sdks := eval[string](t, ctx, `[...document.querySelectorAll('[data-testid="sdk-row"]')].map(e => e.dataset.sdk).join(" ")`); sdks != "spec a2a-go a2a-python a2a-js" {
		t.Errorf("sdk rows %q", sdks)
	}

	// Signatures: a card signed here verifies with its public key.
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signed, err := signature.Sign([]byte(readCard(t, "minimal-1.0.json")), priv, signature.SignOptions{Kid: "e2e-key"})
	if err != nil {
		t.Fatal(err)
	}
	jwk, err := signature.PublicJWK(&signature.Key{ID: "e2e-key", Public: &priv.PublicKey})
	if err != nil {
		t.Fatal(err)
	}
	typeCard(t, ctx, string(signed))
	key, _ := json.Marshal(string(jwk))
	do(t, ctx, chromedp.WaitVisible(`[data-testid="signatures"]`))
	eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("sig-key").value = %s; return true })()`, key))
	do(t, ctx, chromedp.Click(`[data-testid="sig-verify"]`))
	poll(t, ctx, `!!document.querySelector('[data-testid="sig-result"]')`)
	res := eval[map[string]string](t, ctx, `(() => { const e = document.querySelector('[data-testid="sig-result"]'); return {outcome: e.dataset.outcome, text: e.textContent} })()`)
	if res["outcome"] != "verified" || !strings.Contains(res["text"], "verified") {
		t.Errorf("signature: %v", res)
	}
	if p := eval[string](t, ctx, `document.getElementById("sig-payload-text").textContent`); !strings.HasPrefix(p, `{"`) {
		t.Errorf("canonical payload %q", p)
	}
}
