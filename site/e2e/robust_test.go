package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/core/share"
	"github.com/agentcard/agentcard/internal/hostile"
)

// responsiveWithin is how long a frame round trip may take while the page
// takes in a hostile document (CodeMirror parses and lays out up to 1 MiB
// of text on the main thread; the checking itself is in the worker):
// generous, for a shared 2-core machine, yet far below the minutes a frozen
// tab took before.
const responsiveWithin = 5 * time.Second

// frameRoundTrip asks the page for its next animation frame and a task
// after it, and returns how long the answer took: a frozen main thread
// cannot answer.
func frameRoundTrip(t *testing.T, ctx context.Context) time.Duration {
	t.Helper()
	start := time.Now()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => setTimeout(() => r(true), 0)))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("the page did not answer within 60 s: %v", err)
	}
	return time.Since(start)
}

// messageCode is what the page's message box says it is about ("" when
// hidden).
func messageCode(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `(() => { const m = document.querySelector('[data-testid="message"]'); return m.hidden ? "" : (m.dataset.code || "?") })()`)
}

// panelBounds reads how much the findings panel and the gutter show.
type panelBounds struct {
	Items   int    `json:"items"`   // findings listed in the panel
	More    int    `json:"more"`    // the "N more" line's count (0: none)
	Markers int    `json:"markers"` // lint markers in the gutter
	Squigs  int    `json:"squigs"`  // underlined ranges drawn
	Summary string `json:"summary"` // the panel's summary line
	Total   int    `json:"total"`   // errors+warnings+infos the page reports
}

const panelBoundsJS = `(() => { const s = document.querySelector('[data-testid="diagnostic-summary"]').dataset;
	const more = document.querySelector('[data-testid="diag-more"]');
	return { items: document.querySelectorAll('[data-testid="diagnostic"]').length, more: more ? +more.dataset.count : 0,
		markers: document.querySelectorAll('.cm-lint-marker').length, squigs: document.querySelectorAll('.cm-lintRange').length,
		summary: document.querySelector('[data-testid="diagnostic-summary"]').textContent,
		total: (+s.errors || 0) + (+s.warnings || 0) + (+s.infos || 0) } })()`

// The playground under hostile input: share links that are bombs or too
// large, each of the project's hostile documents, and a check that does
// not answer in time. One browser for all of it.
func TestE2EPlaygroundRobustness(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)

	t.Run("share-link-too-large", func(t *testing.T) {
		// A few KB of link that would expand past the parser's 1 MiB: the
		// tab used to run out of memory on such a link.
		big := share.Encode([]byte(`{"skills": [` + strings.Repeat(`{},`, (share.MaxDecoded/3)+1000) + `{}]}`))
		if len(big) > 4000 {
			t.Fatalf("the bomb link is %d characters; expected a short one", len(big))
		}
		open(t, ctx, base+"/#c="+big)
		if d := frameRoundTrip(t, ctx); d > responsiveWithin {
			t.Errorf("the page took %v to answer after a too-large share link", d)
		}
		if code := messageCode(t, ctx); code != "share-too-large" {
			t.Errorf("message code %q, want share-too-large", code)
		}
		if txt := eval[string](t, ctx, `agentcardPlayground.getText()`); txt != "" {
			t.Errorf("the editor holds %d characters from a refused link", len(txt))
		}
		typeCard(t, ctx, `{"name": 1}`) // the editor still works
	})

	t.Run("share-link-damaged", func(t *testing.T) {
		good := share.Encode([]byte(strings.Repeat(`{"id": "abcdefgh"},`, 200)))
		open(t, ctx, base+"/#c="+good[:len(good)/2])
		// Only the fragment changed: the link is decoded (in the worker) on
		// hashchange, and the message of the subtest before shows until then.
		run(t, ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-testid="message"]').dataset.code.startsWith("share-") && document.querySelector('[data-testid="message"]').dataset.code !== "share-too-large"`, chromedp.WithPollingTimeout(20*time.Second)))
		if code := messageCode(t, ctx); code != "share-damaged" {
			t.Errorf("message code %q, want share-damaged", code)
		}
	})

	// A short link to a hostile document within the limit (the tab used to
	// hang for minutes on a 501-character one): it opens, the page stays
	// responsive, the findings are bounded.
	t.Run("share-link-hostile", func(t *testing.T) {
		var c hostile.Case
		for _, h := range hostile.Cases() {
			if h.Name == "empty-skills-200k" {
				c = h
			}
		}
		link := share.Encode(c.Data)
		t.Logf("%s: %d bytes in a %d-character link", c.Name, len(c.Data), len(link))
		open(t, ctx, base+"/#c="+link)
		if d := frameRoundTrip(t, ctx); d > responsiveWithin {
			t.Errorf("the page took %v to answer", d)
		}
		// Only the fragment changed: the page decodes the new link (in
		// the worker) on hashchange.
		run(t, ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`agentcardPlayground.getText().length === %d && agentcardPlayground.current()`, len(c.Data)), chromedp.WithPollingTimeout(30*time.Second)))
		if n := eval[int](t, ctx, `agentcardPlayground.getText().length`); n != len(c.Data) {
			t.Fatalf("the editor holds %d characters, want %d", n, len(c.Data))
		}
		checkBounded(t, ctx, c.Name)
	})

	t.Run("hostile-documents", func(t *testing.T) {
		open(t, ctx, base+"/")
		for _, c := range hostile.Cases() {
			n := lints(t, ctx)
			restarts := eval[int](t, ctx, `agentcardStats.restarts`)
			failures := eval[int](t, ctx, `agentcardStats.failures`)
			js, _ := json.Marshal(string(c.Data))
			start := time.Now()
			eval[bool](t, ctx, fmt.Sprintf(`(() => { agentcardPlayground.setText(%s); return true })()`, js))
			set := time.Since(start)
			d := frameRoundTrip(t, ctx)
			if d > responsiveWithin {
				t.Errorf("%s: the page took %v to answer a frame while checking", c.Name, d)
			}
			// Findings arrive, or the time limit stops the check and says so.
			wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			_, err := chromedp.Run(wctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`agentcardStats.lints > %d || agentcardStats.restarts > %d || agentcardStats.failures > %d`, n, restarts, failures)))
			cancel()
			if err != nil {
				t.Fatalf("%s: no findings, no time-out, no failure after 30 s (%v); the checker: %v", c.Name, err, eval[any](t, ctx, `agentcardPlayground.engineState()`))
			}
			took := time.Since(start)
			if eval[int](t, ctx, `agentcardStats.failures`) > failures {
				t.Errorf("%s: the checker failed: %s", c.Name, eval[string](t, ctx, `document.getElementById("message").textContent`))
				continue
			}
			if eval[int](t, ctx, `agentcardStats.restarts`) > restarts {
				if code := messageCode(t, ctx); code != "lint-timeout" && code != "engine-stopped" {
					t.Errorf("%s: the check was stopped but the message says %q", c.Name, code)
				}
				t.Logf("%-34s %8d bytes: stopped (%s) after %v (setText %v, frame %v)", c.Name, len(c.Data), messageCode(t, ctx), took.Round(time.Millisecond), set.Round(time.Millisecond), d.Round(time.Millisecond))
				continue
			}
			// The simulator and the preview follow the findings: the page
			// must still answer once they are drawn.
			time.Sleep(300 * time.Millisecond)
			if d := frameRoundTrip(t, ctx); d > responsiveWithin {
				t.Errorf("%s: the page took %v to answer a frame after the findings", c.Name, d)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid="sim-trace-entry"]').length`); n > 101 {
				t.Errorf("%s: the simulator lists %d trace entries", c.Name, n)
			}
			if took > 8*time.Second {
				t.Logf("%s: slow; the checker: %v", c.Name, eval[any](t, ctx, `agentcardPlayground.engineState()`))
			}
			b := checkBounded(t, ctx, c.Name)
			t.Logf("%-34s %8d bytes: %5d findings, %3d listed, %v to findings (setText %v, frame %v)", c.Name, len(c.Data), b.Total, b.Items, took.Round(time.Millisecond), set.Round(time.Millisecond), d.Round(time.Millisecond))
		}
		typeCard(t, ctx, `{"name": "still works"}`)
	})

	// A check that does not answer in time is stopped: the worker is
	// replaced, the page says so and keeps working. ?timeout=0 makes every
	// check overrun.
	t.Run("time-limit", func(t *testing.T) {
		open(t, ctx, base+"/?timeout=0")
		if code := messageCode(t, ctx); code != "lint-timeout" {
			t.Fatalf("message code %q, want lint-timeout", code)
		}
		r := eval[int](t, ctx, `agentcardStats.restarts`)
		if r < 1 {
			t.Fatalf("%d worker restarts", r)
		}
		// Typing checks again (and overruns again) on the new worker.
		do(t, ctx, chromedp.Focus(`.cm-content`), chromedp.KeyEvent("x"))
		run(t, ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`agentcardStats.restarts > %d`, r), chromedp.WithPollingTimeout(20*time.Second)))
		if d := frameRoundTrip(t, ctx); d > responsiveWithin {
			t.Errorf("the page took %v to answer", d)
		}
		// agentcard's calls go to the worker and overrun too; the
		// synchronous API, a Go instance on the page made when asked for,
		// has no time limit and answers.
		if v := eval[int](t, ctx, `agentcard.lint('{"name": 1}').then(() => -1, (e) => e.name === "Error" && /took longer/.test(e.message) ? 0 : -2)`); v != 0 {
			t.Errorf("agentcard.lint with ?timeout=0: %d, want a time-limit rejection", v)
		}
		if v := eval[int](t, ctx, `agentcard.sync().then((s) => s.lint('{"name": 1}').diagnostics.length)`); v == 0 {
			t.Error("agentcard.sync().lint found nothing")
		}
	})
}

// checkBounded insists that the panel and the gutter show at most 200
// findings, with a "N more" line accounting for the rest.
func checkBounded(t *testing.T, ctx context.Context, name string) panelBounds {
	t.Helper()
	b := eval[panelBounds](t, ctx, panelBoundsJS)
	if b.Items > 200 || b.Markers > 200 || b.Squigs > 200*3 {
		t.Errorf("%s: %d findings listed, %d gutter markers, %d underlines (at most 200 each)", name, b.Items, b.Markers, b.Squigs)
	}
	if b.Total > b.Items && b.More != b.Total-b.Items {
		t.Errorf("%s: %d findings, %d listed, but the 'more' line says %d", name, b.Total, b.Items, b.More)
	}
	if b.Total <= b.Items && b.More != 0 {
		t.Errorf("%s: a 'more' line (%d) though every finding is listed", name, b.More)
	}
	return b
}
