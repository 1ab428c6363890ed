package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// consoleErrors collects what a reader would see in the console:
// uncaught exceptions, console.error calls, and the browser's own error
// entries (failed loads, CSP reports).
type consoleErrors struct {
	mu   sync.Mutex
	list []string
}

func (c *consoleErrors) add(s string) {
	c.mu.Lock()
	c.list = append(c.list, s)
	c.mu.Unlock()
}

func (c *consoleErrors) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.list
	c.list = nil
	return out
}

func watchConsole(t *testing.T, ctx context.Context) *consoleErrors {
	c := &consoleErrors{}
	go chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			c.add("exception: " + e.ExceptionDetails.Text + " " + fmt.Sprint(e.ExceptionDetails.Exception))
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledType("error") {
				c.add("console.error")
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevel("error") {
				c.add("log: " + e.Entry.Text + " " + e.Entry.URL)
			}
		}
	})
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdplog.Enable, cdp.Empty{})
		if err != nil {
			return err
		}
		// Layout shifts of the whole visit, from the first paint on.
		_, err = cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__cls = 0; new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value }).observe({type: "layout-shift", buffered: true});`})
		return err
	}))
	return c
}

func noConsoleErrors(t *testing.T, c *consoleErrors, where string) {
	t.Helper()
	if errs := c.take(); len(errs) > 0 {
		t.Errorf("%s: console errors: %q", where, errs)
	}
}

func learnFile(t *testing.T, name string) string {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "site", "learn", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lessonCodes are the codes of the findings the exercise lists.
func lessonCodes(t *testing.T, ctx context.Context) map[string]bool {
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('#exercise [data-testid="diagnostic"]')].map(e => e.dataset.code)`)
	m := map[string]bool{}
	for _, c := range got {
		m[c] = true
	}
	return m
}

func waitLessonLint(t *testing.T, ctx context.Context, after int) {
	t.Helper()
	run(t, ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`Number(document.getElementById("exercise").dataset.lints || 0) > %d && agentcardLesson.current()`, after),
		chromedp.WithPollingTimeout(60*time.Second)))
}

func lessonLints(t *testing.T, ctx context.Context) int {
	return eval[int](t, ctx, `Number(document.getElementById("exercise").dataset.lints || 0)`)
}

// TestE2ECourse walks the course as a reader: a lesson loads without the
// engine, starts it when the exercise comes into view, lists the
// exercise's findings, and is done once the fix is typed (the index says
// so); the six checks tick and untick; the anatomy page explains a field;
// no console errors, no layout shift, and no axe-core violations on an
// English and a Chinese lesson.
func TestE2ECourse(t *testing.T) {
	dir := site(t)
	base := serveSite(t, dir, nil)
	ctx := browser(t)
	console := watchConsole(t, ctx)

	// ---- a lesson ----
	do(t, ctx, chromedp.Navigate(base+"/learn/interfaces/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	time.Sleep(300 * time.Millisecond)
	if eval[bool](t, ctx, `performance.getEntriesByType("resource").some(e => e.name.endsWith(".wasm")) || !!agentcardLesson.view`) {
		t.Error("the lesson loaded the engine before the exercise was in view")
	}
	eval[bool](t, ctx, `(document.getElementById("exercise").scrollIntoView(), true)`)
	waitLessonLint(t, ctx, 0)
	codes := lessonCodes(t, ctx)
	targets := strings.Fields(eval[string](t, ctx, `document.getElementById("exercise").dataset.targets`))
	if len(targets) == 0 {
		t.Fatal("the exercise names no targets")
	}
	for _, c := range targets {
		if !codes[c] {
			t.Errorf("the exercise's findings %v lack the target %s", codes, c)
		}
	}
	if eval[bool](t, ctx, `document.querySelector('[data-testid="lesson-status"]').dataset.done === "true"`) {
		t.Error("the lesson is done before the fix")
	}
	// Type the fix: the solution, through the browser's input pipeline.
	n := lessonLints(t, ctx)
	do(t, ctx,
		chromedp.Focus(`#exercise .cm-content`),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: learnFile(t, "exercises/05-interfaces.solution.json")})
			return err
		}),
	)
	waitLessonLint(t, ctx, n)
	for _, c := range targets {
		if lessonCodes(t, ctx)[c] {
			t.Errorf("target %s is still listed after the fix", c)
		}
	}
	run(t, ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-testid="lesson-status"]').dataset.done === "true"`, chromedp.WithPollingTimeout(5*time.Second)))
	if cls := eval[float64](t, ctx, `window.__cls`); cls > 0.02 {
		t.Errorf("the lesson's layout shifted by %.3f", cls)
	}
	noConsoleErrors(t, console, "lesson")

	do(t, ctx, chromedp.Navigate(base+"/learn/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-testid="course-progress"]').dataset.done !== undefined`, chromedp.WithPollingTimeout(10*time.Second)))
	if !eval[bool](t, ctx, `document.querySelector('[data-slug="interfaces"]').dataset.done === "true" && document.querySelector('[data-slug="modes"]').dataset.done === "false"`) {
		t.Error("the index does not show the lesson done (and only it)")
	}
	if got := eval[string](t, ctx, `document.querySelector('[data-testid="course-progress"]').textContent`); got != fmt.Sprintf(catalog.Of(i18n.English).S("ui.course.progress"), 1, 12) {
		t.Errorf("progress reads %q", got)
	}
	noConsoleErrors(t, console, "index")

	// ---- the six checks ----
	do(t, ctx, chromedp.Navigate(base+"/learn/six-checks/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	states := func() map[string]string {
		var m map[string]string
		raw := eval[string](t, ctx, `JSON.stringify(Object.fromEntries([...document.querySelectorAll('[data-testid="check"]')].map(e => [e.dataset.check, e.dataset.state])))`)
		json.Unmarshal([]byte(raw), &m)
		return m
	}
	for _, step := range []struct {
		card, want string
	}{{"exercises/12-six-checks.solution.json", "pass"}, {"exercises/12-six-checks.json", "fail"}} {
		n := lessonLints(t, ctx)
		text, _ := json.Marshal(learnFile(t, step.card))
		eval[bool](t, ctx, fmt.Sprintf(`agentcardLesson.setText(%s).then(() => true)`, text))
		waitLessonLint(t, ctx, n)
		got := states()
		if len(got) != 6 {
			t.Errorf("%d checks, want 6", len(got))
		}
		for id, s := range got {
			if s != step.want {
				t.Errorf("%s: check %s is %s, want %s", step.card, id, s, step.want)
			}
		}
	}
	// The playground's card, carried over.
	good, _ := json.Marshal(learnFile(t, "exercises/12-six-checks.solution.json"))
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("agentcard.editor.text", %s), true)`, good))
	n = lessonLints(t, ctx)
	do(t, ctx, chromedp.Click(`[data-testid="use-playground"]`))
	waitLessonLint(t, ctx, n)
	for id, s := range states() {
		if s != "pass" {
			t.Errorf("playground card: check %s is %s", id, s)
		}
	}
	noConsoleErrors(t, console, "six checks")

	// ---- anatomy ----
	for _, l := range i18n.Langs() {
		do(t, ctx, chromedp.Navigate(base+l.Prefix()+"/learn/anatomy/"))
		f := card.LookupAny("AgentInterface", "protocolBinding").Localized(catalog.Of(l))
		do(t, ctx, chromedp.Click(`button.member[data-field="AgentInterface.protocolBinding"]`))
		got := eval[string](t, ctx, `document.querySelector('[data-testid="explainer"]').textContent`)
		if !strings.Contains(got, f.Doc) || !strings.Contains(got, "protocolBinding") {
			t.Errorf("%s anatomy: the explainer reads %q, want the catalogue's %q", l, got, f.Doc)
		}
		// Keyboard focus explains too.
		do(t, ctx, chromedp.Focus(`button.member[data-field="AgentCard.name"]`))
		if got := eval[string](t, ctx, `document.querySelector('[data-testid="explainer"]').dataset.field`); got != "AgentCard.name" {
			t.Errorf("%s anatomy: focus explains %q", l, got)
		}
		noConsoleErrors(t, console, "anatomy "+string(l))
	}

	// ---- accessibility ----
	axe, err := os.ReadFile(filepath.Join(repoRoot(t), "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is not installed (npm ci): %v", err)
	}
	for _, p := range []string{"/learn/interfaces/", "/zh/learn/choosing-an-interface/"} {
		do(t, ctx, chromedp.Navigate(base+p))
		run(t, ctx, chromedp.Poll[chromedp.Void](`window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
		eval[bool](t, ctx, `agentcardLesson.start().then(() => true)`)
		waitLessonLint(t, ctx, 0)
		if p != "/learn/interfaces/" && !eval[bool](t, ctx, `/[\u4e00-\u9fff]/.test(document.querySelector('#exercise [data-testid="diagnostic"] .diag-msg').textContent)`) {
			t.Error("the Chinese lesson's findings are not in Chinese")
		}
		eval[bool](t, ctx, string(axe)+";true")
		raw := eval[string](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}))))`)
		if raw != "[]" {
			t.Errorf("%s: axe-core violations: %s", p, raw)
		}
		if cls := eval[float64](t, ctx, `window.__cls`); cls > 0.02 {
			t.Errorf("%s: layout shifted by %.3f", p, cls)
		}
		noConsoleErrors(t, console, p)
	}
}
