package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// siteWithoutEngine is the built site with the editor's wasm missing (a
// tree of links to it): a checker that never answers, to see the page as
// it is before the first findings.
func siteWithoutEngine(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "assets" {
			if err := os.Symlink(filepath.Join(dir, e.Name()), filepath.Join(out, e.Name())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		assets, err := os.ReadDir(filepath.Join(dir, "assets"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(filepath.Join(out, "assets"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, a := range assets {
			if strings.HasPrefix(a.Name(), "editor.") && strings.HasSuffix(a.Name(), ".wasm") {
				continue
			}
			if err := os.Symlink(filepath.Join(dir, "assets", a.Name()), filepath.Join(out, "assets", a.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

var severityCount = regexp.MustCompile(`\d+ (errors?|warnings?|infos?)`)

// TestE2EPlaygroundFirstPaint: until the checker answers, the findings
// panel shows no counts ("0 errors" beside "Loading the checker…" reads
// as a verdict), and it shows them once it has; the share box says once
// that the card travels inside the link; on a 390×844 phone the
// first-visit banner covers no finding.
func TestE2EPlaygroundFirstPaint(t *testing.T) {
	dir := site(t)
	ctx := browser(t)

	// No engine: the page waits or fails, and counts nothing.
	dark := serveSite(t, siteWithoutEngine(t, dir), nil)
	do(t, ctx, chromedp.Navigate(dark+"/"), chromedp.WaitVisible(`[data-testid="findings-title"]`))
	poll(t, ctx, `document.getElementById("status").textContent !== "" || document.getElementById("message").textContent !== ""`)
	if s := eval[string](t, ctx, `document.getElementById("findings").innerText`); severityCount.MatchString(s) {
		t.Errorf("before the checker answered, the findings panel reads %q", s)
	}

	// The checker answers: the counts are there.
	base := serveSite(t, dir, nil)
	open(t, ctx, base+"/")
	if s := eval[string](t, ctx, `document.getElementById("findings").innerText`); !severityCount.MatchString(s) {
		t.Errorf("after the first findings, the panel shows no counts: %q", s)
	}

	// The share box: the link's privacy said once.
	do(t, ctx, chromedp.Click(`[data-testid="share"]`))
	waitFor(t, ctx, `document.querySelector('[data-testid="share-url"]').value.includes("#c=")`)
	if s := eval[string](t, ctx, `document.getElementById("share-box").innerText`); strings.Count(s, "inside the link") != 1 {
		t.Errorf("the share box says it %d times: %q", strings.Count(s, "inside the link"), s)
	}

	// A first visit on a phone: the banner is shown and covers no finding.
	phone := browser(t)
	do(t, phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	open(t, phone, base+"/")
	typeCard(t, phone, readCard(t, "broken-common-mistakes.json"))
	// Wherever the reader scrolls from the top to the end of the findings.
	got := eval[map[string]any](t, phone, `(() => {
		const b = document.getElementById("intro");
		const end = document.getElementById("findings").getBoundingClientRect().bottom + scrollY;
		const covered = new Set();
		for (let y = 0; y <= end; y += 100) {
			window.scrollTo(0, y);
			const r = b.getBoundingClientRect();
			// what of a finding shows: the list scrolls, so clip to it
			const l = document.getElementById("diagnostics").getBoundingClientRect();
			for (const e of document.querySelectorAll('#findings [data-testid="diagnostic"], #findings h2')) {
				const d = e.getBoundingClientRect();
				const top = e.tagName === "H2" ? d.top : Math.max(d.top, l.top), bottom = e.tagName === "H2" ? d.bottom : Math.min(d.bottom, l.bottom);
				if (bottom > top && bottom > r.top && top < r.bottom && d.right > r.left && d.left < r.right) covered.add(e.dataset.code || e.tagName);
			}
		}
		return { shown: !b.hidden && b.getBoundingClientRect().height > 0, covered: [...covered] };
	})()`)
	if got["shown"] != true {
		t.Fatalf("the first-visit banner is not shown: %v", got)
	}
	if c, _ := got["covered"].([]any); len(c) > 0 {
		t.Errorf("on a 390 px phone the banner covers %v", c)
	}
}
