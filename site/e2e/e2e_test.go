// Package e2e drives the built playground (dist/site) in headless Chromium
// with chromedp, served by a Go static file server with the site's own
// _headers (so the real CSP applies). The tests need a built site and a
// browser, so they run only with AGENTCARD_E2E=1 (make test-e2e-editor
// builds the site first); then a missing site or browser is a failure.
// Screenshots and benchmark numbers go to build/artifacts/.
package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/internal/testcards"
	"github.com/agentcard/agentcard/internal/toolchain"
)

func required() bool { return os.Getenv("AGENTCARD_E2E") == "1" }

// skipOrFail ends a test whose tool or build is missing: a failure under
// AGENTCARD_E2E=1 or AGENTCARD_REQUIRE_ALL=1 (internal/toolchain).
func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	toolchain.Missing(t, fmt.Sprintf(format, args...), "AGENTCARD_E2E")
}

func gate(t *testing.T) {
	if !required() {
		t.Skip("end-to-end browser test: set AGENTCARD_E2E=1 (make test-e2e-editor)")
	}
}

// repoRoot is the directory holding go.mod.
func repoRoot(t *testing.T) string {
	root := testcards.Root()
	if root == "" {
		t.Fatal("no go.mod above the test")
	}
	return root
}

// readCard reads a sample card of testdata/cards.
func readCard(t *testing.T, name string) string { return string(testcards.Card(t, name)) }

func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts one headless Chromium for a test and returns a context
// for its first tab.
func browser(t *testing.T) context.Context { return browserWith(t) }

// browserWith is browser with more command-line options (a language).
func browserWith(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	path := chromiumPath()
	if path == "" {
		skipOrFail(t, "no chromium found (apt-get install chromium, or set CHROMIUM)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1280, 900),
		// Chromium 156 builds the omnibox popup's WebUI (chrome://omnibox-
		// popup.top-chrome, two renderers of about 1.4 s of CPU each) for
		// every new browser context, though a headless browser has no
		// omnibox: on two cores that took most of the machine during each
		// cold start the benchmark measures, and from every test's page.
		// A visitor's browser builds it once, when it starts. chromedp's
		// own defaults are kept in the list (one flag holds them all).
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
	)
	opts = append(opts, extra...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	// Before the browser closes: the page must have seen no uncaught error
	// and no Content-Security-Policy violation.
	t.Cleanup(func() {
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		errs, err := chromedp.Run(c, chromedp.Evaluate[[]string](`window.agentcardStats ? agentcardStats.errors : []`))
		if err == nil && len(errs) > 0 {
			t.Errorf("the page reported errors: %q", errs)
		}
	})
	// The first call starts the browser; it must not carry a timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// do runs steps in the tab with a time limit.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatal(err)
	}
}

// run runs one action that returns a value, with a time limit.
func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// eval evaluates a JavaScript expression; promises are awaited.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	return run(t, ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

func site(t *testing.T) string {
	gate(t)
	// AGENTCARD_SITE points at another build of the site (so that several
	// builds can be tested side by side); the default is make build-site's.
	s := os.Getenv("AGENTCARD_SITE")
	if s == "" {
		s = filepath.Join(repoRoot(t), "dist", "site")
	}
	if _, err := os.Stat(filepath.Join(s, "index.html")); err != nil {
		skipOrFail(t, "dist/site is not built (make build-site)")
	}
	return s
}

func artifacts(t *testing.T) string {
	d := filepath.Join(repoRoot(t), "build", "artifacts")
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	return d
}
