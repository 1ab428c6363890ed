package components

import (
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// The report links the glossary terms it prints to their entries in the
// page's language: the era badge to #era, the interface table's binding,
// version and tenant headings to theirs.
func TestReportGlossaryLinks(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	for _, l := range i18n.Langs() {
		d := render(t, ReportPage(reportView(t, rep, l)))
		if href := d.Find(`[data-testid=era] a`).AttrOr("href", ""); href != l.Prefix()+"/learn/glossary/#era" {
			t.Errorf("%s: era badge links to %q", l, href)
		}
		for _, term := range []string{"binding", "protocol-version", "tenant"} {
			if href := d.Find(`[data-testid=interfaces] th [data-term="`+term+`"]`).AttrOr("href", ""); href != GlossaryHref(l, term) {
				t.Errorf("%s: %s heading links to %q", l, term, href)
			}
		}
	}
}

// The playground's introduction is in the page, hidden until the script
// finds the reader has not dismissed it, with links to the course and the
// anatomy page of the page's language and a dismiss button.
func TestPlaygroundIntro(t *testing.T) {
	for _, l := range i18n.Langs() {
		d := render(t, EditorPage(EditorView{Lang: l}))
		intro := d.Find(`[data-testid=playground-intro]`)
		if intro.Length() != 1 {
			t.Fatalf("%s: no introduction", l)
		}
		if _, hidden := intro.Attr("hidden"); !hidden {
			t.Errorf("%s: the introduction is shown before the script knows it was dismissed", l)
		}
		var hrefs []string
		intro.Find("a").Each(func(_ int, a *goquery.Selection) { hrefs = append(hrefs, a.AttrOr("href", "")) })
		if len(hrefs) != 2 || hrefs[0] != l.Prefix()+"/learn/" || hrefs[1] != l.Prefix()+"/learn/anatomy/" {
			t.Errorf("%s: introduction links %v", l, hrefs)
		}
		if b := intro.Find(`button[data-testid=intro-dismiss]`); b.Text() != tr(l, "ui.intro.dismiss") {
			t.Errorf("%s: dismiss button %q", l, b.Text())
		}
	}
}
