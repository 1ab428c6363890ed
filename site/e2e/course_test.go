package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// readerScrolls scrolls the page a little, as a reader starting to read
// does: the lesson's checker starts on that first sign of reading.
func readerScrolls(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(window.scrollBy(0, 40), true)`)
}

func lessonLints(t *testing.T, ctx context.Context) int {
	return eval[int](t, ctx, `Number(document.getElementById("exercise").dataset.lints || 0)`)
}

// TestE2ECourse walks the course as a reader: a lesson's checker starts
// on the reader's first scroll (no Start, the exercise still far), lists the
// exercise's findings before any editor exists, the editor holds the card
// with its findings marked once the reader scrolls to it, and a fix typed and followed by a reload 200 ms
// later has been recorded (the lesson and the index say done); the six
// checks tick and untick, a reader's own card gets its own result and
// leaves lesson 12 not done, which only its exercise card completes; the
// anatomy page explains a field; no console errors, no layout shift.
// Figures and axe-core run in TestE2ECourseFigures and TestE2ECourseAxe.
func TestE2ECourse(t *testing.T) {
	dir := site(t)
	base := serveSite(t, dir, nil)
	ctx := browser(t)
	console := watchConsole(t, ctx)
	lessons := len(courseLessons(t, dir, i18n.English))

	// ---- a long lesson: findings first, the editor when the reader gets there ----
	do(t, ctx, chromedp.Navigate(base+"/learn/signing/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`!!window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	// No scroll, key or click: the checker starts by itself once the page
	// is loaded and idle (TestE2ELessonStartsByItself).
	waitLessonLint(t, ctx, 0)
	if top := eval[float64](t, ctx, `document.getElementById("exercise").getBoundingClientRect().top / innerHeight`); top < 2.2 {
		t.Fatalf("the signing lesson's exercise is %.1f screens down: too near the top to see the editor wait", top)
	}
	if eval[bool](t, ctx, `!!document.querySelector("#exercise .cm-content") || !document.querySelector('#exercise [data-testid="diagnostic"]')`) {
		t.Error("the signing lesson: want the findings listed and no editor before the reader comes near the exercise")
	}
	eval[bool](t, ctx, `(window.scrollTo(0, document.getElementById("exercise").getBoundingClientRect().top + scrollY - 0.8 * innerHeight), true)`)
	run(t, ctx, chromedp.Poll[chromedp.Void](`document.getElementById("exercise").dataset.editor === "ready"`, chromedp.WithPollingTimeout(20*time.Second)))
	noConsoleErrors(t, console, "signing lesson")

	// ---- a lesson ----
	do(t, ctx, chromedp.Navigate(base+"/learn/interfaces/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`!!window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	// Ready once the reader starts reading: a first scroll, no Start.
	readerScrolls(t, ctx)
	waitLessonLint(t, ctx, 0)
	if y := eval[float64](t, ctx, `scrollY`); y > 40 {
		t.Errorf("the page scrolled to %.0f by itself", y)
	}
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
	// The findings the exercise is about are marked as its targets, and
	// only those (the reader sees them set apart in the list).
	marked := strings.Fields(eval[string](t, ctx, `[...document.querySelectorAll('#exercise [data-testid="diagnostic"].target[data-target="true"]')].map((e) => e.dataset.code).join(" ")`))
	if len(marked) == 0 {
		t.Error("no finding of the exercise is marked as its target")
	}
	for _, c := range marked {
		if !slices.Contains(targets, c) {
			t.Errorf("finding %s is marked as a target; the targets are %v", c, targets)
		}
	}
	if eval[bool](t, ctx, `document.querySelector('[data-testid="lesson-status"]').dataset.done === "true"`) {
		t.Error("the lesson is done before the fix")
	}
	// The reader scrolls to the exercise: the editor is there, holding the
	// exercise's card with its findings marked.
	eval[bool](t, ctx, `(document.getElementById("exercise").scrollIntoView(), true)`)
	run(t, ctx, chromedp.Poll[chromedp.Void](`document.getElementById("exercise").dataset.editor === "ready"`, chromedp.WithPollingTimeout(20*time.Second)))
	exercise := learnFile(t, "exercises/05-interfaces.json")
	if got := eval[string](t, ctx, `agentcardLesson.view.state.doc.toString()`); got != strings.ReplaceAll(exercise, "\r\n", "\n") {
		t.Errorf("the editor holds %q, want the exercise's card", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#exercise .cm-lintRange").length`); n == 0 {
		t.Error("the editor marks none of the exercise's findings")
	}
	// Type the fix (the solution, through the browser's input pipeline)
	// and leave 200 ms later: the progress must be written by then.
	do(t, ctx,
		chromedp.Focus(`#exercise .cm-content`),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: learnFile(t, "exercises/05-interfaces.solution.json")})
			return err
		}),
	)
	time.Sleep(200 * time.Millisecond)
	if cls := eval[float64](t, ctx, `window.__cls`); cls > 0.02 {
		t.Errorf("the lesson's layout shifted by %.3f", cls)
	}
	noConsoleErrors(t, console, "lesson")
	do(t, ctx, chromedp.Reload())
	run(t, ctx, chromedp.Poll[chromedp.Void](`!!window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	if !eval[bool](t, ctx, `document.querySelector('[data-testid="lesson-status"]').dataset.done === "true"`) {
		t.Error("reloaded 200 ms after the fix, the lesson is not done")
	}

	do(t, ctx, chromedp.Navigate(base+"/learn/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-testid="course-progress"]').dataset.done !== undefined`, chromedp.WithPollingTimeout(10*time.Second)))
	if !eval[bool](t, ctx, `document.querySelector('[data-slug="interfaces"]').dataset.done === "true" && document.querySelector('[data-slug="modes"]').dataset.done === "false"`) {
		t.Error("the index does not show the lesson done (and only it)")
	}
	if got := eval[string](t, ctx, `document.querySelector('[data-testid="course-progress"]').textContent`); got != fmt.Sprintf(catalog.Of(i18n.English).S("ui.course.progress"), 1, lessons) {
		t.Errorf("progress reads %q", got)
	}
	noConsoleErrors(t, console, "index")

	// ---- the six checks ----
	do(t, ctx, chromedp.Navigate(base+"/learn/six-checks/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`!!window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	readerScrolls(t, ctx)
	waitLessonLint(t, ctx, 0)
	states := func() map[string]string {
		var m map[string]string
		raw := eval[string](t, ctx, `JSON.stringify(Object.fromEntries([...document.querySelectorAll('[data-testid="check"]')].map(e => [e.dataset.check, e.dataset.state])))`)
		json.Unmarshal([]byte(raw), &m)
		return m
	}
	allAre := func(where, want string) {
		t.Helper()
		got := states()
		if len(got) != 6 {
			t.Errorf("%s: %d checks, want 6", where, len(got))
		}
		for id, s := range got {
			if s != want {
				t.Errorf("%s: check %s is %s, want %s", where, id, s, want)
			}
		}
	}
	sixDone := func() bool {
		return eval[bool](t, ctx, `document.querySelector('[data-testid="lesson-status"]').dataset.done === "true"`)
	}
	own := func() (shown bool, text string) {
		return eval[bool](t, ctx, `!document.querySelector('[data-testid="own-result"]').hidden`),
			eval[string](t, ctx, `document.querySelector('[data-testid="own-result"]').textContent`)
	}
	cat := catalog.Of(i18n.English)
	allAre("exercise card", "fail")
	// The playground's card, carried over: a card that passes all six
	// gets its own result and leaves the lesson not done.
	good := learnFile(t, "exercises/12-six-checks.solution.json")
	goodJS, _ := json.Marshal(good)
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("agentcard.editor.text", %s), true)`, goodJS))
	n := lessonLints(t, ctx)
	do(t, ctx, chromedp.Click(`[data-testid="use-playground"]`))
	waitLessonLint(t, ctx, n)
	allAre("playground card", "pass")
	if shown, text := own(); !shown || text != cat.Sprintf("ui.course.own.all", 6, 6) {
		t.Errorf("the playground card's own result: shown %v, %q", shown, text)
	}
	if sixDone() {
		t.Error("lesson 12 is done after checking the playground's card")
	}
	// A card of one's own pasted in (another name), also passing: the same.
	var other map[string]any
	json.Unmarshal([]byte(good), &other)
	other["name"] = "Somebody Else's Agent"
	otherText, _ := json.MarshalIndent(other, "", "  ")
	otherJS, _ := json.Marshal(string(otherText))
	do(t, ctx, chromedp.Click(`[data-testid="reset"]`))
	n = lessonLints(t, ctx)
	eval[bool](t, ctx, fmt.Sprintf(`agentcardLesson.setText(%s).then(() => true)`, otherJS))
	waitLessonLint(t, ctx, n)
	allAre("own pasted card", "pass")
	if shown, _ := own(); !shown || sixDone() {
		t.Errorf("a pasted card of one's own: own result shown %v, lesson done %v", shown, sixDone())
	}
	do(t, ctx, chromedp.Navigate(base+"/learn/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-testid="course-progress"]').dataset.done !== undefined`, chromedp.WithPollingTimeout(10*time.Second)))
	if eval[bool](t, ctx, `document.querySelector('[data-slug="six-checks"]').dataset.done === "true"`) {
		t.Error("the index shows lesson 12 done after checking other cards")
	}
	// Its own exercise card, fixed: now it is done, and says no own result.
	do(t, ctx, chromedp.Navigate(base+"/learn/six-checks/"))
	run(t, ctx, chromedp.Poll[chromedp.Void](`!!window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
	readerScrolls(t, ctx)
	waitLessonLint(t, ctx, 0)
	for _, step := range []struct {
		card, want string
	}{{"exercises/12-six-checks.solution.json", "pass"}, {"exercises/12-six-checks.json", "fail"}} {
		n := lessonLints(t, ctx)
		text, _ := json.Marshal(learnFile(t, step.card))
		eval[bool](t, ctx, fmt.Sprintf(`agentcardLesson.setText(%s).then(() => true)`, text))
		waitLessonLint(t, ctx, n)
		allAre(step.card, step.want)
		if shown, _ := own(); shown {
			t.Errorf("%s: the exercise card is shown as one's own", step.card)
		}
		if step.want == "pass" && !sixDone() {
			t.Error("lesson 12 is not done once its exercise card passes")
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
}

// courseLessons are the numbered lessons' slugs, in order, from the
// course's sources (site/learn/<lang>/NN-*.md).
func courseLessons(t *testing.T, dir string, l i18n.Lang) []string {
	t.Helper()
	sub := "en"
	if l != i18n.English {
		sub = "zh"
	}
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "site", "learn", sub, "[0-9][0-9]-*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons in site/learn/%s: %v", sub, err)
	}
	var slugs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(string(b), "\nslug: ")
		slug, _, _ := strings.Cut(rest, "\n")
		slugs = append(slugs, strings.TrimSpace(slug))
	}
	return slugs
}

// A reader who only reads sees every exercise answered: with no scroll,
// key or click, each lesson's checker starts once the page is idle after
// load, lists the exercise's findings, says nothing is starting any more,
// and hides Start (nothing left to start).
func TestE2ELessonStartsByItself(t *testing.T) {
	dir := site(t)
	base := serveSite(t, dir, nil)
	ctx := browser(t)
	for _, slug := range courseLessons(t, dir, i18n.English) {
		do(t, ctx, chromedp.Navigate(base+"/learn/"+slug+"/"))
		c, cancel := context.WithTimeout(ctx, 60*time.Second)
		_, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](`document.querySelectorAll('#exercise [data-testid="diagnostic"]').length > 0`, chromedp.WithPollingTimeout(60*time.Second)))
		cancel()
		got := eval[map[string]any](t, ctx, `({
			status: document.querySelector('#exercise [data-testid="checker-status"]').textContent,
			start: !!document.querySelector('#exercise [data-testid="start"]').offsetParent,
			findings: document.querySelectorAll('#exercise [data-testid="diagnostic"]').length,
			y: scrollY,
		})`)
		if err != nil {
			t.Errorf("%s: no findings without a scroll, key or click (%v): %v", slug, err, got)
			continue
		}
		if got["status"] != "" || got["start"] != false || got["y"] != 0.0 {
			t.Errorf("%s: checker status %q, Start shown %v, scrolled to %v: want no status, Start hidden, not scrolled", slug, got["status"], got["start"], got["y"])
		}
	}
}

// coursePages are the built course's pages in language l: the index,
// every lesson, and the pages beside them (anatomy, glossary), as paths.
func coursePages(t *testing.T, dir string, l i18n.Lang) []string {
	t.Helper()
	root := filepath.Join(dir, strings.TrimPrefix(l.Prefix(), "/"), "learn")
	pages := []string{l.Prefix() + "/learn/"}
	subs, err := filepath.Glob(filepath.Join(root, "*", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		pages = append(pages, l.Prefix()+"/learn/"+filepath.Base(filepath.Dir(s))+"/")
	}
	if want := len(courseLessons(t, dir, l)) + 3; len(pages) < want {
		t.Fatalf("%s: %d course pages built, want at least %d: %v", l, len(pages), want, pages)
	}
	return pages
}

// TestE2ECourseFigures: the figures of the selection, discovery, signing
// and serving lessons, in both languages, on a 390 px phone: each is an
// SVG image with a name, a description and a caption; it fits the screen
// (nothing scrolls sideways), no text of it falls outside the drawing,
// and its smallest text is still readable (at least 9 CSS px high).
func TestE2ECourseFigures(t *testing.T) {
	dir := site(t)
	base := serveSite(t, dir, nil)
	ctx := browser(t)
	console := watchConsole(t, ctx)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	type figure struct {
		ID, Title, Desc, Caption string
		Left, Right, Width       float64
		Outside                  []string
		MinText                  float64
		Texts                    int
	}
	for _, l := range i18n.Langs() {
		for _, slug := range []string{"choosing-an-interface", "discovery-and-serving", "signing", "serving"} {
			p := l.Prefix() + "/learn/" + slug + "/"
			do(t, ctx, chromedp.Navigate(base+p), chromedp.WaitVisible(`[data-testid="figure"] svg`))
			raw := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll('figure[data-testid="figure"]')].map(f => {
				const svg = f.querySelector("svg"), box = svg.getBoundingClientRect();
				const ids = (svg.getAttribute("aria-labelledby") || "").split(" ");
				const texts = [...svg.querySelectorAll("text")];
				return {
					ID: f.dataset.figure,
					Title: svg.getAttribute("role") === "img" && document.getElementById(ids[0]) ? document.getElementById(ids[0]).textContent : "",
					Desc: document.getElementById(ids[1]) ? document.getElementById(ids[1]).textContent : "",
					Caption: (f.querySelector("figcaption") || {}).textContent || "",
					Left: box.left, Right: box.right, Width: box.width,
					Outside: texts.filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1); }).map(e => e.textContent).slice(0, 5),
					MinText: Math.min(...texts.map(e => parseFloat(getComputedStyle(e).fontSize) * box.width / svg.viewBox.baseVal.width)),
					Texts: texts.length,
				};
			}))`)
			var figs []figure
			if err := json.Unmarshal([]byte(raw), &figs); err != nil {
				t.Fatal(err)
			}
			if len(figs) == 0 {
				t.Errorf("%s: no figure", p)
			}
			for _, f := range figs {
				where := p + " " + f.ID
				t.Logf("%s: %.0f px wide, %d texts, smallest %.1f px", where, f.Width, f.Texts, f.MinText)
				if f.Title == "" || f.Desc == "" || strings.TrimSpace(f.Caption) == "" {
					t.Errorf("%s: title %q, desc %q, caption %q", where, f.Title, f.Desc, f.Caption)
				}
				if f.Left < 0 || f.Right > 390 || f.Width < 300 {
					t.Errorf("%s: the drawing spans %.0f..%.0f px on a 390 px screen", where, f.Left, f.Right)
				}
				if len(f.Outside) > 0 {
					t.Errorf("%s: text outside the drawing: %q", where, f.Outside)
				}
				if f.Texts == 0 || f.MinText < 9 {
					t.Errorf("%s: %d texts, the smallest %.1f px high", where, f.Texts, f.MinText)
				}
			}
			if l != i18n.English && !eval[bool](t, ctx, `[...document.querySelectorAll('[data-testid="figure"] text')].some(e => /[\u4e00-\u9fff]/.test(e.textContent))`) {
				t.Errorf("%s: the figures' text is not in Chinese", p)
			}
			if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
				wide := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391).slice(0, 6).map(e => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))`)
				t.Errorf("%s is %d px wide on a 390 px screen: %q", p, w, wide)
			}
			png := run(t, ctx, chromedp.FullScreenshot(90))
			if err := os.WriteFile(filepath.Join(artifacts(t), "figure-phone-"+strings.Trim(strings.ReplaceAll(p, "/", "-"), "-")+".jpg"), png, 0o644); err != nil {
				t.Fatal(err)
			}
			noConsoleErrors(t, console, p)
		}
	}
}

// TestE2ECourseAxe: axe-core finds no violation on any course page, in
// either language, with the lesson's checker started, its findings listed
// (the Chinese findings in Chinese) and its editor made.
func TestE2ECourseAxe(t *testing.T) {
	dir := site(t)
	base := serveSite(t, dir, nil)
	ctx := browser(t)
	console := watchConsole(t, ctx)
	axe, err := os.ReadFile(filepath.Join(repoRoot(t), "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is not installed (npm ci): %v", err)
	}
	checked := 0
	for _, l := range i18n.Langs() {
		for _, p := range coursePages(t, dir, l) {
			do(t, ctx, chromedp.Navigate(base+p), chromedp.WaitReady(`main`))
			if eval[bool](t, ctx, `!!document.getElementById("exercise")`) {
				run(t, ctx, chromedp.Poll[chromedp.Void](`!!window.agentcardLesson`, chromedp.WithPollingTimeout(10*time.Second)))
				readerScrolls(t, ctx)
				waitLessonLint(t, ctx, 0)
				// As the reader at the exercise sees it: with the editor.
				eval[bool](t, ctx, `agentcardLesson.editor().then(() => true)`)
				if l != i18n.English && eval[bool](t, ctx, `!!document.querySelector('#exercise [data-testid="diagnostic"] .diag-msg')`) &&
					!eval[bool](t, ctx, `/[\u4e00-\u9fff]/.test(document.querySelector('#exercise [data-testid="diagnostic"] .diag-msg').textContent)`) {
					t.Errorf("%s: the findings are not in Chinese", p)
				}
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
			checked++
		}
	}
	t.Logf("axe-core: %d course pages, both languages", checked)
}
