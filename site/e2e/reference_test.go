package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

// shownRules are the codes of the rules the index shows, with the count
// line and whether the "no rule matches" note is up.
type shownRules struct {
	Codes []string `json:"codes"`
	Count string   `json:"count"`
	None  bool     `json:"none"`
	// Topics are the topic sections still shown.
	Topics []string `json:"topics"`
}

const shownRulesJS = `({
	codes: [...document.querySelectorAll('[data-testid="rule"]')].filter((e) => e.offsetParent !== null).map((e) => e.dataset.code),
	count: document.querySelector('[data-testid="rule-count"]').textContent,
	none: !document.querySelector('[data-testid="no-rules"]').hidden,
	topics: [...document.querySelectorAll('[data-testid="rule-topic"]')].filter((e) => !e.hidden).map((e) => e.dataset.topic),
})`

// waitShown waits until the filter has applied (the form's data-shown is
// the count it applied) and returns what the page shows.
func waitShown(t *testing.T, ctx context.Context, n int) shownRules {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelector('[data-testid="rule-filters"]').dataset.shown === "%d"`, n), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		got := eval[shownRules](t, ctx, shownRulesJS)
		t.Fatalf("the rules index did not settle on %d rules: it shows %d (%s)", n, len(got.Codes), got.Count)
	}
	return eval[shownRules](t, ctx, shownRulesJS)
}

// setSearch replaces the search box's text, as typing would.
func setSearch(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const s = document.getElementById("rule-search"); s.value = ""; s.dispatchEvent(new Event("input")); return true; })()`)
	if text != "" {
		do(t, ctx, chromedp.SendKeys(`#rule-search`, text))
	}
}

// The search box filters the rules by code and title as one types, the
// severity boxes hide whole severities, topics left empty disappear, and
// the count line says how many remain, in the page's language.
func TestE2ERulesSearchAndSeverity(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	rules := lint.Rules()
	do(t, ctx, chromedp.Navigate(base+"/rules/"))
	all := waitShown(t, ctx, len(rules))
	if len(all.Codes) != len(rules) || all.None {
		t.Fatalf("before filtering the index shows %d rules of %d", len(all.Codes), len(rules))
	}

	// Search: "tenant" matches codes and titles that hold it, nothing else.
	var want []string
	for _, r := range rules {
		if strings.Contains(strings.ToLower(r.Code+" "+r.Title), "tenant") {
			want = append(want, r.Code)
		}
	}
	if len(want) == 0 || len(want) == len(rules) {
		t.Fatalf("the search word matches %d rules: pick another", len(want))
	}
	setSearch(t, ctx, "tenant")
	got := waitShown(t, ctx, len(want))
	if strings.Join(got.Codes, " ") != strings.Join(want, " ") {
		t.Errorf("search tenant shows %v, want %v", got.Codes, want)
	}
	if wantCount := catalog.Of(i18n.English).Sprintf("ui.ref.rules.shown", len(want), len(rules)); got.Count != wantCount {
		t.Errorf("count %q, want %q", got.Count, wantCount)
	}
	if len(got.Topics) >= len(all.Topics) {
		t.Errorf("topics without a match stay shown: %v", got.Topics)
	}
	setSearch(t, ctx, "no-rule-is-called-this")
	if got := waitShown(t, ctx, 0); !got.None {
		t.Error("no note when nothing matches")
	}
	setSearch(t, ctx, "")
	waitShown(t, ctx, len(rules))

	// Severity: without errors, every error rule is gone and nothing else.
	notError := 0
	for _, r := range rules {
		if r.Severity.String() != "error" {
			notError++
		}
	}
	do(t, ctx, chromedp.Click(`[data-testid="rule-severity-filter"][data-severity="error"]`))
	got = waitShown(t, ctx, notError)
	for _, code := range got.Codes {
		if lint.RuleFor(code).Severity.String() == "error" {
			t.Errorf("%s shown with errors filtered out", code)
		}
	}
	// Both filters together: warnings only, whose code has "interface".
	do(t, ctx, chromedp.Click(`[data-testid="rule-severity-filter"][data-severity="info"]`))
	setSearch(t, ctx, "interface")
	var both []string
	for _, r := range rules {
		if r.Severity.String() == "warning" && strings.Contains(strings.ToLower(r.Code+" "+r.Title), "interface") {
			both = append(both, r.Code)
		}
	}
	got = waitShown(t, ctx, len(both))
	if strings.Join(got.Codes, " ") != strings.Join(both, " ") {
		t.Errorf("warnings matching interface: %v, want %v", got.Codes, both)
	}
}

// The Chinese index filters the same way and counts in Chinese.
func TestE2ERulesSearchChinese(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	rules := lint.Rules()
	do(t, ctx, chromedp.Navigate(base+"/zh/rules/"))
	waitShown(t, ctx, len(rules))
	var want []string
	for _, r := range rules {
		if strings.HasPrefix(r.Code, "interface-url") {
			want = append(want, r.Code)
		}
	}
	setSearch(t, ctx, "interface-url")
	got := waitShown(t, ctx, len(want))
	if strings.Join(got.Codes, " ") != strings.Join(want, " ") {
		t.Errorf("search shows %v, want %v", got.Codes, want)
	}
	if wantCount := catalog.Of(i18n.Chinese).Sprintf("ui.ref.rules.shown", len(want), len(rules)); got.Count != wantCount || !hasHan(got.Count) {
		t.Errorf("count %q, want %q", got.Count, wantCount)
	}
}

// intro is what the reader sees of the playground's introduction.
type intro struct {
	Shown    bool     `json:"shown"`
	Position string   `json:"position"`
	Links    []string `json:"links"`
	Stored   string   `json:"stored"`
}

const introJS = `(() => {
	const e = document.querySelector('[data-testid="playground-intro"]');
	return {
		// (offsetParent is always null for a fixed element)
		shown: !e.hidden && e.getBoundingClientRect().height > 0 && getComputedStyle(e).display !== "none",
		position: getComputedStyle(e).position,
		links: [...e.querySelectorAll("a")].map((a) => a.getAttribute("href")),
		stored: localStorage.getItem("agentcard.intro.dismissed") || "",
	};
})()`

// A first-time visitor sees the one-line introduction, fixed over the
// page (so it moves nothing), linking the course and the anatomy page;
// dismissing it hides it, and it stays dismissed after a reload.
func TestE2EPlaygroundIntro(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")
	got := eval[intro](t, ctx, introJS)
	if !got.Shown || got.Position != "fixed" {
		t.Fatalf("first visit: introduction %+v", got)
	}
	if strings.Join(got.Links, " ") != "/learn/ /learn/anatomy/" {
		t.Errorf("introduction links %v", got.Links)
	}
	do(t, ctx, chromedp.Click(`[data-testid="intro-dismiss"]`))
	if got := eval[intro](t, ctx, introJS); got.Shown || got.Stored != "1" {
		t.Errorf("after dismissing: %+v", got)
	}
	open(t, ctx, base+"/")
	if got := eval[intro](t, ctx, introJS); got.Shown {
		t.Errorf("after a reload the dismissed introduction is back: %+v", got)
	}
}

// A Chinese reader's introduction is in Chinese and links the Chinese
// course pages.
func TestE2EPlaygroundIntroChinese(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browserIn(t, "zh-CN")
	open(t, ctx, base+"/")
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](`document.querySelector('#intro-text a').getAttribute("href") === "/zh/learn/"`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the introduction does not link the Chinese course: %+v", eval[intro](t, ctx, introJS))
	}
	text := eval[string](t, ctx, `document.getElementById("intro-text").textContent`)
	if !hasHan(text) || !strings.Contains(text, catalog.Of(i18n.Chinese).S("ui.intro.course")) {
		t.Errorf("introduction reads %q", text)
	}
	if got := eval[intro](t, ctx, introJS); !got.Shown || strings.Join(got.Links, " ") != "/zh/learn/ /zh/learn/anatomy/" {
		t.Errorf("Chinese introduction %+v", got)
	}
}

// A rule page's fixed example reads as the fixed card when copied, read
// aloud or searched: what the fix removed is drawn struck through from a
// data attribute, not written into the text next to the words that
// replace it.
func TestE2ERuleFixedPlainText(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	for _, p := range []string{"/rules/json-trailing-comma/", "/zh/rules/json-trailing-comma/", "/rules/extension-duplicate/"} {
		do(t, ctx, chromedp.Navigate(base+p), chromedp.WaitVisible(`[data-testid="example-fixed"]`))
		got := eval[map[string]any](t, ctx, `(() => {
			const f = document.querySelector('[data-testid="example-fixed"]');
			const dels = [...f.querySelectorAll("del")];
			return {
				text: f.innerText,
				removed: dels.map((d) => d.dataset.text || "").join(""),
				drawn: dels.every((d) => d.textContent === "" && !["none", "normal", ""].includes(getComputedStyle(d, "::before").content)),
				dels: dels.length,
			};
		})()`)
		if got["dels"] == 0.0 || got["drawn"] != true || got["removed"] == "" {
			t.Errorf("%s: the removed text is not drawn from data-text: %v", p, got)
		}
		if text, _ := got["text"].(string); regexp.MustCompile(`,\s*[\]}]`).MatchString(text) {
			t.Errorf("%s: the fixed example's text holds what the fix removed: %q", p, text)
		}
	}
}
