package components

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// inLang checks that every element matching each selector has Chinese in
// it when l is Chinese and none when it is English, so a string left in
// a template (or an id missing from a catalogue) shows up by name.
func inLang(t *testing.T, d *goquery.Document, l i18n.Lang, selectors ...string) {
	t.Helper()
	if got := d.Find("html").AttrOr("lang", ""); got != string(l) {
		t.Errorf("html[lang] = %q, want %q", got, l)
	}
	for _, sel := range selectors {
		found := d.Find(sel)
		if found.Length() == 0 {
			t.Errorf("%s: not on the page", sel)
		}
		found.Each(func(_ int, s *goquery.Selection) {
			text := strings.TrimSpace(s.Text())
			if hasHan(text) != (l == i18n.Chinese) {
				t.Errorf("%s in %s: %q", sel, l, text)
			}
			if strings.Contains(text, "ui.") {
				t.Errorf("%s: an id instead of words: %q", sel, text)
			}
		})
	}
}

// The report in each language: the page's own words, the findings, the
// rule titles and links, the clients' sentences and traces are in that
// language; card text (the agent's name, URLs, codes) is untouched.
func TestReportPageLanguages(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	for _, l := range i18n.Langs() {
		t.Run(string(l), func(t *testing.T) {
			d := render(t, ReportPage(reportView(t, rep, l)))
			inLang(t, d, l, `[data-testid=verdict-text]`, `[data-testid=count-errors]`, `[data-testid=era]`,
				`[data-testid=identity-heading]`, `[data-testid=findings-heading]`, `[data-testid=group-title]`,
				`[data-testid=group-counts]`, `[data-testid=diagnostic] .sev`, `[data-testid=diagnostic] .diag-loc:not(:contains("HTTP"))`,
				`[data-testid=diagnostic-message]`, `[data-testid=interfaces-heading]`, `[data-testid=client-summary]`,
				`[data-testid=trace-step]`, `[data-testid=http-heading]`, `[data-testid=check-form] label`, `footer`, `nav a`)
			if d.Find(`[data-testid=agent-name]`).Text() != "Parcel Tracker" {
				t.Errorf("card text changed: %q", d.Find(`[data-testid=agent-name]`).Text())
			}
			d.Find(`[data-testid=diagnostic]`).Each(func(_ int, s *goquery.Selection) {
				code := s.AttrOr("data-code", "")
				a := s.Find("a.diag-code")
				if want := l.Prefix() + "/rules/" + code + "/"; a.AttrOr("href", "") != want {
					t.Errorf("%s links to %q, want %q", code, a.AttrOr("href", ""), want)
				}
				if title := a.AttrOr("title", ""); hasHan(title) != (l == i18n.Chinese) {
					t.Errorf("%s: rule title %q", code, title)
				}
			})
			// The shareable link is the same in every language: whoever
			// opens it reads it in their own.
			if got := d.Find(`[data-testid=report-link]`).AttrOr("value", ""); got != "https://checker.example/check?url=parcels.example.com" {
				t.Errorf("report link = %q", got)
			}
			other := i18n.Chinese
			if l == i18n.Chinese {
				other = i18n.English
			}
			sw := d.Find(`[data-testid=lang-switch]`)
			if sw.Length() != 1 || sw.AttrOr("data-lang", "") != string(other) || sw.AttrOr("href", "") != "/check?url=parcels.example.com&lang="+string(other) {
				t.Errorf("language switch: %d, %q -> %q", sw.Length(), sw.AttrOr("data-lang", ""), sw.AttrOr("href", ""))
			}
			for _, x := range i18n.Langs() {
				if d.Find(`link[rel=alternate][hreflang="`+string(x)+`"]`).AttrOr("href", "") != "https://checker.example/check?url=parcels.example.com&lang="+string(x) {
					t.Errorf("no hreflang %s link", x)
				}
			}
		})
	}
}

// A reader who chose the language with ?lang= keeps it on the page's
// links and in the form; a negotiated language is left to negotiation.
func TestReportKeepsChosenLanguage(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	v := reportView(t, rep, i18n.Chinese)
	d := render(t, ReportPage(v))
	if d.Find(`[data-testid=check-form] input[name=lang]`).Length() != 0 || strings.Contains(d.Find(`[data-testid=refresh]`).AttrOr("href", ""), "lang=") {
		t.Error("a negotiated language is written into the links")
	}
	v.KeepLang()
	d = render(t, ReportPage(v))
	if d.Find(`[data-testid=check-form] input[name=lang]`).AttrOr("value", "") != "zh-CN" {
		t.Error("the form forgets the chosen language")
	}
	if got := d.Find(`[data-testid=refresh]`).AttrOr("href", ""); got != "/check?url=parcels.example.com&lang=zh-CN&refresh=1" {
		t.Errorf("refresh link %q", got)
	}
}

func TestErrorPageLanguages(t *testing.T) {
	kinds := []discovery.Kind{discovery.KindBadInput, discovery.KindRefused, discovery.KindNotFound, discovery.KindRemoteStatus,
		discovery.KindTimeout, discovery.KindUnreachable, discovery.KindNotJSON, discovery.KindTooLarge, discovery.KindRedirectLoop,
		discovery.KindTooManyRedirects, discovery.KindBadRedirect, discovery.KindRequestCap, discovery.KindNotACard}
	for _, k := range kinds {
		// As discovery reports it: the message as data, no hint (the
		// page brings the kind's own).
		e := &discovery.Error{Kind: k, Text: i18n.T("msg.fetch.invalid-host", `"x.example"`), Message: "We do not fetch \"x.example\"."}
		d := render(t, ErrorPage(NewErrorView(i18n.Chinese, "x.example", e)))
		inLang(t, d, i18n.Chinese, `[data-testid=error-title]`, `[data-testid=error-what]`, `[data-testid=error-hint]`)
		if strings.Contains(d.Find(`[data-testid=error-message]`).Text(), "We do not fetch") {
			t.Errorf("%s: discovery's message stays English: %q", k, d.Find(`[data-testid=error-message]`).Text())
		}
		if e.Message != "We do not fetch \"x.example\"." {
			t.Errorf("%s: the caller's error was rewritten: %q", k, e.Message)
		}
	}
	d := render(t, ErrorPage(NewErrorView(i18n.Chinese, "agent.example.com", &discovery.Error{Kind: discovery.KindUnreachable, Message: "internal error; reference = 1"})))
	inLang(t, d, i18n.Chinese, `[data-testid=error-message]`)
}

func TestRulePageLanguages(t *testing.T) {
	for _, l := range i18n.Langs() {
		t.Run(string(l), func(t *testing.T) {
			cat := Catalogue(l)
			r := lint.RuleFor("interface-binding-variant").Localized(cat)
			doc := RuleDoc{Code: r.Code, Severity: r.Severity.String(), Topic: TopicTitle(l, r.Topic), Title: r.Title,
				Explanation: r.Explanation, HowToFix: r.HowToFix, BasisKind: string(r.Basis.Kind), BasisLabel: r.Basis.Label,
				BasisNote: r.Basis.Note, Bad: `"protocolBinding": "jsonrpc"`, Good: `"protocolBinding": "JSONRPC"`, Fragment: true, BadLink: "/#c=1.a"}
			d := render(t, RulePage(l, doc, nil))
			inLang(t, d, l, `[data-testid=rule-breadcrumb]`, `[data-testid=rule-severity]`, `[data-testid=rule-title]`,
				`[data-testid=rule-why]`, `[data-testid=rule-explanation]`, `[data-testid=rule-how]`, `[data-testid=rule-basis]`,
				`[data-testid=rule-fragment-note]`, `[data-testid=example-bad] h3`, `[data-testid=try-bad]`, `nav a`)
			if got := d.Find(`[data-testid=rule-breadcrumb] a`).AttrOr("href", ""); got != l.Prefix()+"/rules/" {
				t.Errorf("breadcrumb links to %q", got)
			}
			if got := d.Find(`nav a[aria-current=page]`).AttrOr("href", ""); got != l.Prefix()+"/rules/" {
				t.Errorf("current nav entry %q", got)
			}
			for _, x := range i18n.Langs() {
				if got := d.Find(`link[rel=alternate][hreflang="`+string(x)+`"]`).AttrOr("href", ""); got != lint.SiteURL+x.Prefix()+"/rules/interface-binding-variant/" {
					t.Errorf("hreflang %s: %q", x, got)
				}
			}
			idx := render(t, RulesIndex(l, []RuleTopic{{ID: r.Topic, Title: TopicTitle(l, r.Topic), Rules: []RuleDoc{doc}}}, nil, ""))
			inLang(t, idx, l, `[data-testid=rules-title]`, `[data-testid=rules-intro]`, `[data-testid=rule-title]`, `section h2`)
			if got := idx.Find(`[data-testid=rule] a`).AttrOr("href", ""); got != l.Prefix()+"/rules/interface-binding-variant/" {
				t.Errorf("index links to %q", got)
			}
			fields := render(t, FieldsPage(l, []FieldObject{{Name: "AgentCard", Fields: []FieldDoc{
				{Object: "AgentCard", Name: "url", Type: "string", Required: cat.S("ui.fields.presence.optional"), Eras: "0.2, 0.3", Removed: "1.0", Replacement: "supportedInterfaces[0].url", Doc: cat.S("ui.fields.intro")}}}}, nil))
			inLang(t, fields, l, `[data-testid=fields-title]`, `[data-testid=fields-intro]`, `[data-testid=fields-versions]`, `[data-testid=field-presence]`)
			if fields.Find(`[data-testid=field] code:contains("supportedInterfaces[0].url")`).Length() != 1 {
				t.Error("the replacement is not shown as code")
			}
		})
	}
}

// Code arguments become <code>, everything else is escaped; no argument
// can forge a marker or markup.
func TestTrCode(t *testing.T) {
	var buf bytes.Buffer
	c := trCode(i18n.English, "ui.report.client.selectedTenant", Code("<b>P</b>"), 2, Code("https://a.example/?a=1&b=2"), Code("t\x000\x00"))
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	want := "A client supporting <code>&lt;b&gt;P&lt;/b&gt;</code>: uses entry 2, <code>https://a.example/?a=1&amp;b=2</code>, sending tenant <code>t\uFFFD0\uFFFD</code>"
	if buf.String() != want {
		t.Errorf("got  %s\nwant %s", buf.String(), want)
	}
}

// Every ui.* id the templates and view models name is in the English
// catalogue (and so, by TestTranslationsComplete, in every other): a
// typo would otherwise show the id itself on the page.
func TestUIIDsExist(t *testing.T) {
	files, _ := filepath.Glob("*.templ")
	gos, _ := filepath.Glob("*.go")
	files = append(files, gos...)
	re := regexp.MustCompile(`"(ui\.[A-Za-z0-9.-]+[A-Za-z0-9])"`)
	en := i18n.EnglishCatalogue()
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_templ.go") || strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "editor") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			n++
			if !en.Has(m[1]) {
				t.Errorf("%s: %s is not in the catalogue", f, m[1])
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d ids found; is the pattern right?", n)
	}
}
