package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// hoverKey moves the mouse over the first occurrence of key (with its
// quotes) in the editor and returns the field doc's text.
func hoverKey(t *testing.T, ctx context.Context, key string) string {
	t.Helper()
	waitSettled(t, ctx)
	pt := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const v = agentcardPlayground.view;
		const pos = v.state.doc.toString().indexOf(%q) + 3; const c = v.coordsAtPos(pos);
		return [c.left + 1, (c.top + c.bottom) / 2] })()`, `"`+key+`"`))
	do(t, ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 5, 5), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, pt[0], pt[1]))
	return run(t, ctx, chromedp.Poll[string](fmt.Sprintf(`(() => { const e = document.querySelector('[data-testid="hover-doc"][data-field=%q]'); return e && e.textContent })()`, key),
		chromedp.WithPollingTimeout(5*time.Second)))
}

// hoverFacts is the facts line of the open field doc, split at " · ".
func hoverFacts(t *testing.T, ctx context.Context) []string {
	return strings.Split(eval[string](t, ctx, `document.querySelector('[data-testid="hover-doc"] .hover-facts').textContent`), " · ")
}

func loadSample(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	n := lints(t, ctx)
	do(t, ctx, chromedp.Click(`[data-testid="samples"]`), chromedp.Click(fmt.Sprintf(`[data-sample=%q]`, id)))
	waitLint(t, ctx, n)
}

func shareNow(t *testing.T, ctx context.Context) string {
	t.Helper()
	do(t, ctx, chromedp.Click(`[data-testid="share"]`))
	return run(t, ctx, chromedp.Poll[string](`location.hash.startsWith("#c=") && location.href`, chromedp.WithPollingTimeout(5*time.Second)))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// What a first-time user reads and does, each fixed bug read back from the
// page. One browser for all of it.
func TestE2EPlaygroundUX(t *testing.T) {
	cards := map[string]string{
		"broken.example.com": readCard(t, "broken-not-json.json"),
		"mcp.example.com":    readCard(t, "not-a-card-mcp.json"),
		"agent.example.com":  readCard(t, "minimal-1.0.json"),
	}
	base := serveSite(t, site(t), cards)
	ctx := browser(t)
	open(t, ctx, base+"/")

	// Closed-set values read as a list, not ",[object HTMLElement]".
	t.Run("hover-values", func(t *testing.T) {
		typeCard(t, ctx, readCard(t, "minimal-1.0.json"))
		text := hoverKey(t, ctx, "protocolBinding")
		values := eval[[]string](t, ctx, `agentcard.fields().then((fs) => fs.find(f => f.object === "AgentInterface" && f.name === "protocolBinding").values)`)
		if want := "Values: " + strings.Join(values, ", "); !strings.Contains(text, want) {
			t.Errorf("hover says %q, want %q in it", text, want)
		}
		if strings.Contains(text, "[object") || strings.Contains(text, ",,") {
			t.Errorf("hover shows a flattened array: %q", text)
		}
	})

	// transport was removed in 1.0: the hover says in which versions it
	// is required, not a bare "required".
	t.Run("hover-era-requiredness", func(t *testing.T) {
		loadSample(t, ctx, "legacy")
		hoverKey(t, ctx, "transport")
		facts := hoverFacts(t, ctx)
		joined := strings.Join(facts, " · ")
		for _, f := range facts {
			if f == "required" {
				t.Errorf("hover calls transport plainly required: %q", joined)
			}
		}
		if !strings.Contains(joined, "removed in 1.0") || !strings.Contains(joined, "required in 0.2 and 0.3") {
			t.Errorf("hover facts %q lack the eras", joined)
		}
		// A field required in every era it exists in stays "required".
		typeCard(t, ctx, readCard(t, "minimal-1.0.json"))
		hoverKey(t, ctx, "protocolBinding")
		if facts := hoverFacts(t, ctx); !contains(facts, "required") {
			t.Errorf("protocolBinding facts %q", facts)
		}
	})

	// The provider reads "organization · url", not "org · ,https://…".
	t.Run("preview-provider", func(t *testing.T) {
		loadSample(t, ctx, "full")
		dd := run(t, ctx, chromedp.Poll[string](`(() => { const dt = [...document.querySelectorAll('#preview dt')].find(e => e.textContent === "Provider"); return dt && dt.nextElementSibling.textContent })()`,
			chromedp.WithPollingTimeout(5*time.Second)))
		if dd != "Port of Example · https://port.example.org" {
			t.Errorf("preview provider reads %q", dd)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#preview dd a[href="https://port.example.org"]').length`); n != 1 {
			t.Errorf("provider URL is not a link (%d)", n)
		}
	})

	// After Share, anything that replaces the text drops the #c= link, so
	// a reload never brings back the old card.
	t.Run("address-bar-after-share", func(t *testing.T) {
		steps := []struct {
			name string
			act  func()
		}{
			{"sample", func() { loadSample(t, ctx, "minimal") }},
			{"format", func() {
				typeCard(t, ctx, `{"name":"x","skills":[]}`)
				shareNow(t, ctx)
				n := lints(t, ctx)
				do(t, ctx, chromedp.Click(`[data-testid="format"]`))
				waitLint(t, ctx, n)
			}},
			{"open-url", func() {
				n := lints(t, ctx)
				setInput(t, ctx, "open-url-input", "agent.example.com")
				do(t, ctx, chromedp.Click(`[data-testid="open-url"]`))
				waitLint(t, ctx, n)
			}},
		}
		for _, s := range steps {
			if s.name != "format" {
				typeCard(t, ctx, `{"name": "shared `+s.name+`"}`)
				shareNow(t, ctx)
			}
			s.act()
			if href := eval[string](t, ctx, `location.href`); strings.Contains(href, "#c=") {
				t.Errorf("after %s the address bar still holds the old share link %q", s.name, href)
			}
			if vis := eval[bool](t, ctx, `!document.getElementById("share-box").hidden`); vis {
				t.Errorf("after %s the stale link is still shown", s.name)
			}
		}
	})

	// Findings: errors first, grouped by topic with counts, a severity
	// filter, and "1 error" / "2 errors" spelled right.
	t.Run("findings-panel", func(t *testing.T) {
		typeCard(t, ctx, readCard(t, "broken-common-mistakes.json"))
		type group struct {
			Topic string   `json:"topic"`
			Sevs  []string `json:"sevs"`
			Title string   `json:"title"`
		}
		groups := eval[[]group](t, ctx, `[...document.querySelectorAll('[data-testid="diag-group"]')].map(g => ({topic: g.dataset.topic,
			title: g.querySelector('.diag-group-title').textContent,
			sevs: [...g.querySelectorAll('[data-testid="diagnostic"]')].map(d => d.dataset.severity)}))`)
		rank := map[string]int{"error": 0, "warning": 1, "info": 2}
		if len(groups) < 3 {
			t.Fatalf("%d topic groups for the common-mistakes card", len(groups))
		}
		if groups[0].Sevs[0] != "error" {
			t.Errorf("the panel starts with a %s", groups[0].Sevs[0])
		}
		worst := 0
		for i, g := range groups {
			n := map[string]int{}
			for j, s := range g.Sevs {
				n[s]++
				if j > 0 && rank[s] < rank[g.Sevs[j-1]] {
					t.Errorf("group %s lists a %s after a %s", g.Topic, s, g.Sevs[j-1])
				}
			}
			w := rank[g.Sevs[0]]
			if i > 0 && w < worst {
				t.Errorf("group %s (worst %s) comes after a group with only milder findings", g.Topic, g.Sevs[0])
			}
			worst = w
			for _, sev := range []string{"error", "warning", "info"} {
				if n[sev] > 0 && !strings.Contains(g.Title, plural(n[sev], sev, sev+"s")) {
					t.Errorf("group %s title %q lacks %q", g.Topic, g.Title, plural(n[sev], sev, sev+"s"))
				}
			}
		}
		checkCounts := func() {
			counts := eval[map[string]int](t, ctx, `(async () => { const r = await agentcard.lint(agentcardPlayground.getText()); return {error: r.errors, warning: r.warnings, info: r.infos} })()`)
			for sev, n := range counts {
				got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('[data-severity-filter=%q]').textContent`, sev))
				if want := plural(n, sev, sev+"s"); got != want {
					t.Errorf("the %s filter reads %q, want %q", sev, got, want)
				}
			}
		}
		checkCounts()
		if txt := eval[string](t, ctx, `document.getElementById("findings").textContent`); strings.Contains(txt, "notes") || strings.Contains(txt, "1 errors") {
			t.Errorf("panel uses another vocabulary: %q", txt)
		}
		// Filter: warnings and infos off leaves the errors only.
		do(t, ctx, chromedp.Click(`[data-severity-filter="warning"]`), chromedp.Click(`[data-severity-filter="info"]`))
		sevs := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="diagnostic"]')].map(d => d.dataset.severity)`)
		errs := eval[int](t, ctx, `+document.querySelector('[data-testid="diagnostic-summary"]').dataset.errors`)
		if len(sevs) != errs {
			t.Errorf("errors only: %d items listed, %d errors", len(sevs), errs)
		}
		for _, s := range sevs {
			if s != "error" {
				t.Errorf("a %s is listed with the filter on errors", s)
			}
		}
		if p := eval[string](t, ctx, `document.querySelector('[data-severity-filter="warning"]').getAttribute("aria-pressed")`); p != "false" {
			t.Errorf("the warning filter reads aria-pressed=%q", p)
		}
		do(t, ctx, chromedp.Click(`[data-severity-filter="warning"]`), chromedp.Click(`[data-severity-filter="info"]`))
		// Singular: a card with exactly one error and one warning.
		// (on a real host: the sample's example.net is itself a warning)
		one1 := strings.Replace(readCard(t, "minimal-1.0.json"), `"1.0"`, `"1.0.0"`, 1)
		typeCard(t, ctx, strings.ReplaceAll(one1, "receipts.example.net", "receipts.northwind-ledger.com"))
		one := eval[map[string]int](t, ctx, `(async () => { const r = await agentcard.lint(agentcardPlayground.getText()); return {e: r.errors, w: r.warnings} })()`)
		if one["e"] != 1 && one["w"] != 1 {
			t.Fatalf("the singular case is not exercised: %v", one)
		}
		checkCounts()
	})

	// jsonrpc@1.0: the simulator says the profile misspells the binding
	// (in the engine's words), never that the card should copy it, and
	// offers the profile as it was read.
	t.Run("simulator-profile-case", func(t *testing.T) {
		typeCard(t, ctx, readCard(t, "minimal-1.0.json"))
		setInput(t, ctx, "sim-profile", "jsonrpc@1.0")
		run(t, ctx, chromedp.Poll[chromedp.Void](`!document.getElementById("sim-profile-note").hidden`, chromedp.WithPollingTimeout(5*time.Second)))
		shown := eval[string](t, ctx, `document.getElementById("sim-profile-note").textContent`)
		notes := eval[[]string](t, ctx, `agentcard.select(agentcardPlayground.getText(), "jsonrpc@1.0").then((r) => r.profileNotes)`)
		if len(notes) == 0 {
			t.Fatal("the engine gives no profile note for jsonrpc@1.0")
		}
		for _, n := range notes {
			if !strings.Contains(shown, n) {
				t.Errorf("the page shows %q, not the engine's note %q", shown, n)
			}
		}
		if s := eval[string](t, ctx, `document.getElementById("sim-profile-note").dataset.suggest`); s != "JSONRPC@1.0" {
			t.Errorf("suggested profile %q", s)
		}
		if txt := eval[string](t, ctx, `document.getElementById("sim-trace").textContent`); strings.Contains(txt, "null") || strings.Contains(txt, "undefined") {
			t.Errorf("the trace reads %q", txt)
		}
		for _, r := range eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="sim-trace-entry"], #sim-result')].map(e => e.textContent)`) {
			if strings.Contains(r, `should say "jsonrpc"`) {
				t.Errorf("the simulator tells the card to copy the client's misspelling: %q", r)
			}
		}
		do(t, ctx, chromedp.Click(`[data-testid="sim-profile-fix"]`))
		if p := eval[string](t, ctx, `document.getElementById("sim-profile").value`); p != "JSONRPC@1.0" {
			t.Errorf("the fix set the profile to %q", p)
		}
		run(t, ctx, chromedp.Poll[chromedp.Void](`document.getElementById("sim-result").dataset.outcome === "selected" && document.getElementById("sim-profile-note").hidden`, chromedp.WithPollingTimeout(5*time.Second)))
	})

	// Open URL opens a card whose JSON is broken, with its syntax
	// findings; a document that is no card is refused with a message.
	t.Run("open-url-broken-json", func(t *testing.T) {
		n := lints(t, ctx)
		setInput(t, ctx, "open-url-input", "broken.example.com")
		do(t, ctx, chromedp.Click(`[data-testid="open-url"]`))
		waitLint(t, ctx, n)
		if got := eval[string](t, ctx, `agentcardPlayground.getText()`); got != cards["broken.example.com"] {
			t.Fatalf("open-url loaded %q", got)
		}
		codes := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="diagnostic"]')].map(d => d.dataset.code)`)
		if !contains(codes, "json-comment") || !contains(codes, "json-trailing-comma") {
			t.Errorf("findings after opening broken JSON: %v", codes)
		}
		if code := messageCode(t, ctx); code != "" {
			t.Errorf("a message (%s) is shown for a card that opened", code)
		}
		before := eval[string](t, ctx, `agentcardPlayground.getText()`)
		setInput(t, ctx, "open-url-input", "mcp.example.com")
		do(t, ctx, chromedp.Click(`[data-testid="open-url"]`))
		run(t, ctx, chromedp.Poll[chromedp.Void](`!document.getElementById("message").hidden`, chromedp.WithPollingTimeout(5*time.Second)))
		if code := messageCode(t, ctx); code != "open-url" {
			t.Errorf("message code %q for a document that is no card", code)
		}
		if got := eval[string](t, ctx, `agentcardPlayground.getText()`); got != before {
			t.Error("a refused document replaced the text")
		}
	})

	// Format on broken JSON says where it breaks, in our words, and puts
	// the cursor there.
	t.Run("format-broken-json", func(t *testing.T) {
		typeCard(t, ctx, "{\n  \"name\": \"x\",\n  \"skills\": [1,]\n}")
		do(t, ctx, chromedp.Click(`[data-testid="format"]`))
		// The message of the subtest before may still show: wait for Format's.
		run(t, ctx, chromedp.Poll[chromedp.Void](`!document.getElementById("message").hidden && document.getElementById("message").dataset.code.startsWith("format")`, chromedp.WithPollingTimeout(5*time.Second)))
		m := eval[map[string]string](t, ctx, `(() => { const m = document.getElementById("message"); return {code: m.dataset.code, line: m.dataset.line, text: m.textContent} })()`)
		if m["code"] != "format-syntax" || m["line"] != "3" {
			t.Errorf("format message %v", m)
		}
		for _, bad := range []string{"invalid character", "byte ", "looking for"} {
			if strings.Contains(m["text"], bad) {
				t.Errorf("format message uses Go's words (%q): %q", bad, m["text"])
			}
		}
		if line := eval[int](t, ctx, `agentcardPlayground.view.state.doc.lineAt(agentcardPlayground.view.state.selection.main.head).number`); line != 3 {
			t.Errorf("cursor on line %d, want 3", line)
		}
	})

	// The keyboard opens the field docs; the shortcut list names the keys
	// and each listed key does what it says.
	t.Run("keyboard-docs-and-shortcuts", func(t *testing.T) {
		typeCard(t, ctx, readCard(t, "broken-common-mistakes.json"))
		do(t, ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 5, 5))
		eval[bool](t, ctx, `(() => { const v = agentcardPlayground.view; const pos = v.state.doc.toString().indexOf('"protocolBinding"') + 4;
			v.dispatch({selection: {anchor: pos}}); v.focus(); return true })()`)
		do(t, ctx, chromedp.KeyEvent("k", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent("i", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		doc := run(t, ctx, chromedp.Poll[string](`(() => { const e = document.querySelector('[data-testid="hover-doc"]'); return e && e.dataset.field })()`, chromedp.WithPollingTimeout(5*time.Second)))
		if doc != "protocolBinding" {
			t.Errorf("Ctrl-K Ctrl-I opened the docs of %q", doc)
		}
		type key struct {
			Action string `json:"action"`
			Keys   string `json:"keys"`
		}
		list := eval[[]key](t, ctx, `[...document.querySelectorAll('[data-testid="shortcut"]')].map(e => ({action: e.dataset.action, keys: e.querySelector("dt").textContent}))`)
		want := map[string]string{"field-docs": "Ctrl+K then Ctrl+I", "next-finding": "F8", "findings-list": "Ctrl+Shift+M", "format": "Alt+Shift+F", "share": "Ctrl+S"}
		got := map[string]string{}
		for _, k := range list {
			got[k.Action] = k.Keys
		}
		for a, k := range want {
			if got[a] != k {
				t.Errorf("shortcut list: %s reads %q, want %q", a, got[a], k)
			}
		}
		if vis := eval[bool](t, ctx, `(() => { const r = document.querySelector('[data-testid="shortcuts"]').getBoundingClientRect(); return r.height > 0 && r.width > 0 })()`); !vis {
			t.Error("the shortcut list is not displayed")
		}
		// F8 moves to a finding; Ctrl-Shift-M opens the editor's list.
		eval[bool](t, ctx, `(() => { const v = agentcardPlayground.view; v.dispatch({selection: {anchor: 0}}); v.focus(); return true })()`)
		do(t, ctx, chromedp.KeyEvent(kb.F8))
		at := eval[int](t, ctx, `agentcardPlayground.view.state.selection.main.from`)
		starts := eval[[]int](t, ctx, `[...document.querySelectorAll('[data-testid="diagnostic"]')].map(d => +d.dataset.from)`)
		if !containsInt(starts, at) {
			t.Errorf("F8 moved to %d, not to a finding (%v)", at, starts)
		}
		do(t, ctx, chromedp.KeyEvent("M", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
		if n := run(t, ctx, chromedp.Poll[int](`document.querySelectorAll('.cm-panel-lint li').length || null`, chromedp.WithPollingTimeout(5*time.Second))); n == 0 {
			t.Error("Ctrl-Shift-M opened no findings list")
		}
		do(t, ctx, chromedp.KeyEvent(kb.Escape))
	})
}

// What a phone shows on load, and how much the page moves while loading.
// Fresh tabs at each size, so nothing is cached or typed before.
func TestE2EPlaygroundLayout(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{
		{"desktop", 1280, 900, false},
		{"phone", 390, 844, true},
	} {
		t.Run(size.name, func(t *testing.T) {
			tab, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
			defer cancel()
			if err := chromedp.Do(tab); err != nil {
				t.Fatal(err)
			}
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
			if size.mobile {
				opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile}
			}
			do(t, tab, chromedp.EmulateViewport(size.width, size.height, opts...),
				chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					// Long tasks are not buffered for late observers: record
					// them from the first script on.
					_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
						Source: `window.__longtasks = []; new PerformanceObserver(l => { for (const e of l.getEntries()) __longtasks.push(e.duration) }).observe({type: "longtask"});`})
					return err
				}))
			if size.mobile {
				// A phone's CPU, as Lighthouse's mobile run assumes.
				do(t, tab, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4})
					return err
				}))
			}
			scriptDelay = 400 * time.Millisecond
			defer func() { scriptDelay = 0 }()
			do(t, tab, chromedp.Navigate(base+"/"))
			// The first findings, with the text in the editor's box and no
			// editor yet: that comes on the reader's first intent.
			run(t, tab, chromedp.Poll[chromedp.Void](`document.querySelector('#playground[data-checker="ready"]')`, chromedp.WithPollingTimeout(60*time.Second)))
			// Let late work land: nothing is due before the reader acts.
			time.Sleep(1500 * time.Millisecond)
			if eval[bool](t, tab, `!!document.querySelector(".cm-editor")`) {
				t.Errorf("%s: the editor was made on load, before the reader asked for it", size.name)
			}
			lt := eval[[]float64](t, tab, `window.__longtasks || []`)
			blocking, longest := 0.0, 0.0
			for _, d := range lt {
				blocking += max(0, d-50)
				longest = max(longest, d)
			}
			t.Logf("%s: %d long tasks on load, %.0f ms blocking (beyond 50 ms each), longest %.0f ms; ready after %.0f ms", size.name, len(lt), blocking, longest,
				eval[float64](t, tab, `agentcardStats.ready`))
			if size.mobile {
				do(t, tab, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1})
					return err
				}))
			}
			cls := eval[float64](t, tab, `new Promise(r => { let sum = 0; new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) sum += e.value; })
				.observe({type: "layout-shift", buffered: true}); setTimeout(() => r(sum), 100) })`)
			t.Logf("%s: layout shift on load %.3f", size.name, cls)
			if cls > 0.1 {
				t.Errorf("%s: layout shift on load %.3f, want at most 0.1", size.name, cls)
			}
			// The reader taps the text: the editor takes its place.
			do(t, tab, chromedp.Click(`[data-testid="editor-light"]`), chromedp.WaitVisible(`.cm-content`))
			run(t, tab, chromedp.Poll[chromedp.Void](`document.querySelector('#playground[data-ready="true"]')`, chromedp.WithPollingTimeout(60*time.Second)))
			if !size.mobile {
				return
			}
			// On a phone the findings are in view on load, below an editor
			// that leaves room for them, and nothing scrolls sideways.
			loadSample(t, tab, "broken")
			eval[bool](t, tab, `(scrollTo(0, 0), true)`)
			geo := eval[map[string]float64](t, tab, `(() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
				const first = document.querySelector('[data-testid="diagnostic"]');
				return {vh: innerHeight, editor: r('[data-testid="editor"]').height, heading: r('#diag-title').top,
					first: first ? first.getBoundingClientRect().bottom : 1e9, overflow: document.documentElement.scrollWidth - innerWidth} })()`)
			if geo["editor"] > 0.6*geo["vh"] {
				t.Errorf("the editor is %.0f px tall on a %.0f px screen", geo["editor"], geo["vh"])
			}
			if geo["heading"] > geo["vh"] || geo["first"] > geo["vh"] {
				t.Errorf("findings not in view on load: heading at %.0f, first finding ends at %.0f, screen %.0f px", geo["heading"], geo["first"], geo["vh"])
			}
			if geo["overflow"] > 1 {
				t.Errorf("the page scrolls sideways by %.0f px", geo["overflow"])
			}
			screenshot(t, tab, "playground-phone-load.png")
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}
