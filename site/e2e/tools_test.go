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
	// Pressed again on the 1.0 card (a second click before the check
	// hides it): nothing to migrate, the text stays, no "from 1.0 to 1.0".
	migrated := eval[string](t, ctx, `agentcardPlayground.getText()`)
	eval[bool](t, ctx, `(document.querySelector('[data-testid="migrate"]').click(), true)`)
	poll(t, ctx, `document.querySelector('[data-testid="tool-summary"]').textContent.includes("Nothing to migrate")`)
	if s := eval[string](t, ctx, `document.querySelector('[data-testid="tool-report"]').innerText`); strings.Contains(s, "from 1.0 to 1.0") || eval[string](t, ctx, `agentcardPlayground.getText()`) != migrated {
		t.Errorf("Migrate on a 1.0 card: %q", s)
	}

	// Migrate to mixed, as the CLI's --to mixed: both halves.
	typeCard(t, ctx, legacy)
	n = lints(t, ctx)
	do(t, ctx, chromedp.WaitVisible(`[data-testid="migrate-mixed"]`), chromedp.Click(`[data-testid="migrate-mixed"]`))
	waitFor(t, ctx, fmt.Sprintf(`agentcardPlayground.getText() !== %s`, legacyJS))
	waitLint(t, ctx, n)
	if era := eval[string](t, ctx, `document.getElementById("diag-summary").dataset.era`); era != "mixed" {
		t.Errorf("after Migrate to mixed the card's era is %q", era)
	}
	if s := eval[string](t, ctx, `document.querySelector('[data-testid="tool-summary"]').textContent`); !strings.Contains(s, "to a mixed card") {
		t.Errorf("Migrate to mixed says %q", s)
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-testid="migrate-mixed"]').hidden`) {
		t.Error("Migrate to mixed is still offered for the mixed card")
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

// TestE2ESimulatorClients: the "0.3 client" preset reads a card as a 0.3
// client does (url + preferredTransport, then additionalInterfaces,
// named so in the trace; a 1.0-only card has nothing for it), the pressed
// preset shows pressed, nothing in the simulator changes the reader's
// card, and each SDK row says which client the specification's rule was
// applied for.
func TestE2ESimulatorClients(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")
	pressed := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll('[data-testid="sim-preset"][aria-pressed="true"]')].map(b => b.dataset.preset).join(" ")`)
	}
	if p := pressed(); p != "jsonrpc-1.0" {
		t.Errorf("pressed at first: %q, want jsonrpc-1.0 (the profile shown)", p)
	}
	preset := func(id string) {
		t.Helper()
		do(t, ctx, chromedp.Click(`[data-testid="sim-preset"][data-preset="`+id+`"]`))
		poll(t, ctx, `document.getElementById("sim-result").dataset.profile === document.getElementById("sim-profile").value && agentcardPlayground.current()`)
		if p := pressed(); p != id {
			t.Errorf("after pressing %s the pressed preset is %q", id, p)
		}
	}
	result := func() string { return eval[string](t, ctx, `document.getElementById("sim-result").innerText`) }
	sources := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll('[data-testid="sim-trace-entry"] [data-testid="sim-trace-source"]')].map(e => e.textContent).join(" | ")`)
	}

	// A mixed card: the 0.3 client takes the legacy url, which only the
	// legacy half names; a client speaking 0.3 among others reads
	// supportedInterfaces.
	mixed := readCard(t, "mixed-inconsistent.json")
	typeCard(t, ctx, mixed)
	preset("legacy-0.3")
	if r := result(); !strings.Contains(r, "https://old-parcels.example.com/jsonrpc") {
		t.Errorf("the 0.3 client on a mixed card: %q, want the legacy url", r)
	}
	if s := sources(); s != "url + preferredTransport" {
		t.Errorf("the 0.3 client's trace names %q", s)
	}
	preset("sdk-1.0")
	if r := result(); strings.Contains(r, "old-parcels") {
		t.Errorf("the SDK default client on a mixed card: %q, want supportedInterfaces", r)
	}

	// A 0.3 card: the trace names its entries as the CLI does.
	legacy := readCard(t, "legacy-0.3.json")
	typeCard(t, ctx, legacy)
	preset("legacy-0.3")
	if s := sources(); !strings.HasPrefix(s, "url + preferredTransport") {
		t.Errorf("trace sources on the 0.3 card: %q", s)
	}
	preset("http-json-1.0")
	if s := sources(); !strings.Contains(s, "additionalInterfaces[0]") {
		t.Errorf("trace sources for a client skipping every entry: %q", s)
	}
	// Each SDK row is measured against the rule for what it speaks.
	poll(t, ctx, `document.querySelectorAll('[data-testid="sdk-row"]').length === 4 && document.querySelector('[data-testid="sdk-row"]').innerText.includes("parcels.example.com")`)
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="sdk-row"]')].map(e => e.innerText)`)
	if !strings.Contains(rows[0], "for a client speaking JSONRPC@1.0|0.3,HTTP+JSON@1.0|0.3") {
		t.Errorf("the specification's row: %q", rows[0])
	}
	for _, r := range rows[1:] {
		if !strings.Contains(r, "the specification's rule for what it speaks (") {
			t.Errorf("an SDK row without what it is compared with: %q", r)
		}
	}

	// A 1.0-only card has nothing a 0.3 client reads.
	typeCard(t, ctx, readCard(t, "minimal-1.0.json"))
	preset("legacy-0.3")
	if r := result(); !strings.Contains(r, "no url") {
		t.Errorf("the 0.3 client on a 1.0 card: %q", r)
	}

	// Every button of the simulator leaves the reader's card alone.
	own := readCard(t, "seed-three-interfaces.json")
	typeCard(t, ctx, own)
	for _, id := range []string{"jsonrpc-1.0", "http-json-1.0", "grpc-1.0", "sdk-1.0", "legacy-0.3"} {
		preset(id)
		n := eval[int](t, ctx, `document.querySelectorAll('[data-testid="simulator"] button').length`)
		for i := 0; i < n; i++ {
			// the lists are redrawn as buttons are pressed: take what is there
			eval[bool](t, ctx, fmt.Sprintf(`((b) => (b && b.click(), true))(document.querySelectorAll('[data-testid="simulator"] button')[%d])`, i))
		}
		poll(t, ctx, `agentcardPlayground.current()`)
		if got := eval[string](t, ctx, `agentcardPlayground.getText()`); got != own {
			t.Fatalf("after the simulator's buttons (preset %s) the card is\n%.300s", id, got)
		}
	}
}
