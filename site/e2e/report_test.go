package e2e

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/html"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/internal/hostile"
)

// phoneCard is a realistic card with what makes a report wide: long URLs
// without break opportunities, a long tenant, a long unbroken token,
// mistakes on long lines (so excerpts are long), and a tab.
const phoneCard = `{
  "name": "Northwind Freight Scheduling and Customs Clearance Assistant",
  "description": "Books freight slots, prepares customs declarations and answers questions about shipments moving between the warehouses of Northwind Traders.",
  "version": "3.2.0",
  "provider": {"organization": "Northwind Traders International Logistics", "url": "https://northwind-traders-international-logistics.example.com/about/our-company/agents-and-automation"},
  "documentationUrl": "https://docs.northwind-traders-international-logistics.example.com/agents/freight-scheduling/reference/v3/getting-started-with-the-agent",
  "supportedInterfaces": [
    {"url": "https://agents.northwind-traders-international-logistics.example.com/a2a/freight-scheduling/v3/jsonrpc/endpoint/for/every/tenant", "protocolBinding": "jsonrpc", "protocolVersion": "1.0.0", "tenant": "northwind-traders-international-logistics-emea-production-eu-west"},
	{"url": "{BASE_URL}/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
  ],
  "capabilities": {"streaming": true, "pushNotifications": false},
  "defaultInputModes": ["text/plain", "application/json"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "book-slot", "name": "Book a freight slot", "description": "Finds and books the next free loading slot at a warehouse dock.", "tags": ["freight", "scheduling"]},
    {"id": "customs", "name": "Prepare a customs declaration", "description": "Fills in the customs declaration for a shipment from its commercial invoice.", "tags": ["customs"], "examples": ["Prepare the declaration for shipment NW-2026-000000000000000000000000000000000000000000000000000417"]}
  ],
  "metadata": {"apiToken": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub3J0aHdpbmQtZnJlaWdodC1zY2hlZHVsaW5nIn0.c2lnbmF0dXJlLXRoYXQtaXMtcXVpdGUtbG9uZy1hbmQtaGFzLW5vLWJyZWFrcw"}
}`

// reportSite serves the built site plus report pages rendered as the
// Worker renders them (templ, then the same HTML minifier), under the
// site's own _headers: the report's CSS, icon and CSP are the real ones.
func reportSite(t *testing.T, pages map[string][]byte) string {
	s := site(t)
	dir := t.TempDir()
	entries, err := os.ReadDir(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(s, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return serveSite(t, dir, nil)
}

// renderReport builds the report page for a card served at a long URL
// behind a redirect, with the three usual clients, minified like the
// Worker's answer, in English.
func renderReport(t *testing.T, card []byte) []byte { return renderReportIn(t, card, i18n.English) }

// renderReportIn is renderReport in language l.
func renderReportIn(t *testing.T, card []byte, l i18n.Lang) []byte {
	t.Helper()
	final := "https://agents.northwind-traders-international-logistics.example.com/.well-known/agent-card.json?tenant=northwind-traders-international-logistics-emea-production"
	u, _ := url.Parse(final)
	f := &discovery.Fetched{Input: "northwind-traders-international-logistics.example.com", URL: u, Body: card, Facts: discovery.Facts{
		RequestURL: "https://northwind-traders-international-logistics.example.com/.well-known/agent-card.json", FinalURL: final,
		Status: 200, StatusText: "OK", ContentType: "text/plain; charset=utf-8", CacheControl: "public, max-age=0, must-revalidate, proxy-revalidate, no-transform",
		ETag: `W/"5f3c1a7e9b2d4c6a8e0f1b3d5c7a9e1f3b5d7c9a1e3f5b7d9c1a3e5f7b9d1c3a"`, Size: len(card), DurationMS: 231,
		Redirects: []discovery.Hop{{URL: "https://northwind-traders-international-logistics.example.com/.well-known/agent-card.json", Status: 301, Location: final}}}}
	rep := discovery.Analyze(f, lint.Lint, lint.Options{})
	v := components.NewReportView(rep, "http://127.0.0.1", l)
	for _, p := range []string{"JSONRPC@1.0", "HTTP+JSON@1.0", "GRPC@1.0"} {
		v.Clients = append(v.Clients, components.NewClientView(l, p, selection.Select(rep.Result.Doc, selection.MustParseProfile(p))))
	}
	var buf bytes.Buffer
	if err := components.ReportPage(v).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	m := minify.New()
	m.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	out, err := m.Bytes("text/html", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// cspWatch records Content-Security-Policy violations from the first
// moment of every page the tab opens.
func cspWatch(t *testing.T, ctx context.Context) {
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = []; document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`})
		return err
	}))
}

// The report for a card full of long URLs fits a 390 px phone: nothing
// scrolls sideways (it was 798 px wide); long text wraps and excerpts
// scroll inside their own box. The same holds for a one-line card with
// 5,000 interfaces. What the user reads is checked too: the excerpt's text
// is the card's text, card findings come before HTTP ones, and the page
// runs under the site's CSP without a violation, with its icon.
func TestE2EReportOnPhone(t *testing.T) {
	card := []byte(phoneCard)
	var oneLine []byte
	for _, c := range hostile.Cases() {
		if c.Name == "one-line-5k-interfaces" {
			oneLine = c.Data
		}
	}
	base := reportSite(t, map[string][]byte{
		"report.html":          renderReport(t, card),
		"report-one-line.html": renderReport(t, oneLine),
		"report-zh.html":       renderReportIn(t, card, i18n.Chinese),
	})
	ctx := browser(t)
	cspWatch(t, ctx)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))

	for _, c := range []struct {
		page string
		card []byte
	}{{"report.html", card}, {"report-one-line.html", oneLine}, {"report-zh.html", card}} {
		t.Run(c.page, func(t *testing.T) {
			do(t, ctx, chromedp.Navigate(base+"/"+c.page), chromedp.WaitVisible(`[data-testid=report]`))
			// The style sheet applied (else nothing would be measured).
			if got := eval[string](t, ctx, `getComputedStyle(document.querySelector(".site-main")).maxWidth`); got == "none" {
				t.Fatal("the site's style sheet did not load")
			}
			width := eval[int](t, ctx, `document.documentElement.scrollWidth`)
			t.Logf("%s: %d px wide at 390 px", c.page, width)
			if width > 390 {
				wide := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391).sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right).slice(0, 6).map(e => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))`)
				t.Errorf("the report is %d px wide on a 390 px screen; too wide: %q", width, wide)
			}
			png := run(t, ctx, chromedp.CaptureScreenshot())
			if err := os.WriteFile(filepath.Join(artifacts(t), "report-phone-"+strings.TrimSuffix(c.page, ".html")+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}

			// Every excerpt reads exactly as the card is written.
			texts := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid=excerpt] code')].map(e => e.textContent)`)
			if len(texts) == 0 {
				t.Fatal("no excerpts")
			}
			// (a secret's hidden part reads as '*': issue 36, B23)
			src := strings.ReplaceAll(string(c.card), "\r\n", "\n")
			for _, x := range texts {
				masked := strings.ReplaceAll(regexp.QuoteMeta(x), `\*`, `(?:\*|[^\n])`)
				if !regexp.MustCompile(masked).MatchString(src) {
					t.Errorf("an excerpt is not the card's text:\n%q", x)
				}
			}
			// Card findings first, how it is served last; groups say
			// their counts in the site's words.
			topics := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid=diagnostics] > [data-testid=finding-group]')].map(e => e.dataset.topic)`)
			if len(topics) < 2 || topics[0] == "http" || topics[len(topics)-1] != "http" {
				t.Errorf("group order %q", topics)
			}
			for _, s := range eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid=group-counts], .counts .badge')].map(e => e.textContent)`) {
				if strings.Contains(s, "note") || strings.HasPrefix(s, "1 ") && strings.HasSuffix(strings.Fields(s)[1], "s") {
					t.Errorf("count %q", s)
				}
			}
		})
	}

	// The learn pages fit too (wide tables scroll inside their box).
	// (a plain selector is a DevTools search, which also matches text such
	// as "domain" inside closed <details>; name the element exactly)
	for _, p := range []string{"/rules/", "/fields/", "/rules/json-comment/", "/zh/rules/", "/zh/fields/", "/zh/rules/json-comment/"} {
		do(t, ctx, chromedp.Navigate(base+p), chromedp.WaitVisible(`main.site-main`))
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			wide := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391).sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right).slice(0, 6).map(e => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))`)
			t.Errorf("%s is %d px wide on a 390 px screen; too wide: %q", p, w, wide)
		}
	}

	// The icon the pages link, and /favicon.ico, are served.
	for _, p := range []string{components.Favicon, "/favicon.ico"} {
		got := eval[string](t, ctx, `fetch(`+quote(p)+`).then(r => r.status + " " + r.headers.get("content-type"))`)
		if !strings.HasPrefix(got, "200 image/") {
			t.Errorf("%s: %s", p, got)
		}
	}
	if v := eval[[]string](t, ctx, `window.__csp`); len(v) > 0 {
		t.Errorf("CSP violations: %q", v)
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
