package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/PuerkitoBio/goquery"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/html"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

// Every rule page states its basis and links each reference to the
// published text: A2A references to a section anchor of the version they
// name, SDK references to a file of a tagged release.
func TestRulePagesShowBasis(t *testing.T) {
	for _, r := range lint.Rules() {
		d := ruleDoc(i18n.English, catalog.Of(i18n.English), r)
		if d.BasisKind == "" || d.BasisLabel == "" {
			t.Errorf("%s: no basis on its page", r.Code)
		}
		if len(d.Refs) != len(r.Refs) {
			t.Errorf("%s: %d references on the page, %d in the catalogue", r.Code, len(d.Refs), len(r.Refs))
		}
		for i, ref := range d.Refs {
			src := r.Refs[i]
			switch {
			case !strings.HasPrefix(ref.URL, "https://"):
				t.Errorf("%s: %s links to %q", r.Code, ref.Text, ref.URL)
			case src.Doc == "A2A" && !strings.Contains(ref.URL, "/v"+strings.TrimSuffix(src.Version, ".0")) && !strings.Contains(ref.URL, "/latest/"):
				t.Errorf("%s: %s links to %q, not to version %s", r.Code, ref.Text, ref.URL, src.Version)
			case src.Doc == "A2A" && !strings.Contains(ref.URL, "#"):
				t.Errorf("%s: %s has no section anchor", r.Code, ref.Text)
			}
		}
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// The learn pages exist in every language: English where they always
// were, Chinese under /zh/, each rule's and field's words from its
// language's catalogue, the bad example's findings rendered in it, and
// the sitemap lists every page with its twin.
func TestLearnPagesInEveryLanguage(t *testing.T) {
	b := testBuilder(t)
	b.min = minify.New()
	b.min.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	if err := b.learnPages(context.Background(), assets{CSS: components.DefaultCSS}); err != nil {
		t.Fatal(err)
	}
	if err := b.sitemap(); err != nil {
		t.Fatal(err)
	}
	open := func(rel string) *goquery.Document {
		t.Helper()
		f, err := os.Open(filepath.Join(b.stage, rel))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		d, err := goquery.NewDocumentFromReader(f)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, l := range i18n.Langs() {
		dir := strings.TrimPrefix(l.Prefix()+"/", "/")
		zh := l == i18n.Chinese
		for _, r := range lint.Rules() {
			d := open(dir + "rules/" + r.Code + "/index.html")
			if got := d.Find("html").AttrOr("lang", ""); got != string(l) {
				t.Fatalf("%s%s: html[lang] = %q", dir, r.Code, got)
			}
			// English is the catalogue's literal (which may quote a
			// Chinese example word); Chinese is Chinese.
			english := map[string]string{"rule-title": r.Title, "rule-explanation": r.Explanation, "rule-why": "Why it matters"}
			for id, en := range english {
				text := d.Find(`[data-testid=` + id + `]`).Text()
				if zh && !hasHan(text) || !zh && text != en {
					t.Errorf("%s %s %s: %q", l, r.Code, id, text)
				}
			}
			d.Find(`[data-testid=bad-finding]`).Each(func(_ int, s *goquery.Selection) {
				if zh && !hasHan(s.Text()) {
					t.Errorf("%s %s: example finding %q", l, r.Code, s.Text())
				}
			})
		}
		idx := open(dir + "rules/index.html")
		if n := idx.Find(`[data-testid=rule]`).Length(); n != len(lint.Rules()) {
			t.Errorf("%s rules index lists %d rules of %d", l, n, len(lint.Rules()))
		}
		idx.Find(`[data-testid=rule] a`).Each(func(_ int, s *goquery.Selection) {
			if href := s.AttrOr("href", ""); !strings.HasPrefix(href, l.Prefix()+"/rules/") {
				t.Errorf("%s index links to %q", l, href)
			}
		})
		fields := open(dir + "fields/index.html")
		if n := fields.Find(`[data-testid=field]`).Length(); n != len(card.Fields()) {
			t.Errorf("%s fields page lists %d fields of %d", l, n, len(card.Fields()))
		}
		fields.Find(`[data-testid=field-presence]`).Each(func(_ int, s *goquery.Selection) {
			if hasHan(s.Text()) != zh {
				t.Errorf("%s presence %q", l, s.Text())
			}
		})
		fields.Find(`[data-testid=field-doc]`).Each(func(_ int, s *goquery.Selection) {
			if zh && s.Text() != "" && !hasHan(s.Text()) {
				t.Errorf("%s field doc %q", l, s.Text())
			}
		})
	}
	sm, err := os.ReadFile(filepath.Join(b.stage, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<loc>" + lint.SiteURL + "/zh/rules/json-comment/</loc>",
		"<loc>" + lint.SiteURL + "/fields/</loc>",
		`hreflang="zh-CN" href="` + lint.SiteURL + `/zh/fields/"`,
	} {
		if !strings.Contains(string(sm), want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
}
