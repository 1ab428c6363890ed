package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/PuerkitoBio/goquery"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/html"
	nethtml "golang.org/x/net/html"

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
	b, open := buildLearn(t)
	if err := b.sitemap(); err != nil {
		t.Fatal(err)
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

// buildLearn builds the learn pages into a temporary directory, minified
// as the site is, and returns a function that parses one of them.
func buildLearn(t *testing.T) (*builder, func(rel string) *goquery.Document) {
	t.Helper()
	b := testBuilder(t)
	b.min = minify.New()
	b.min.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	if err := b.learnPages(context.Background(), assets{CSS: components.DefaultCSS}); err != nil {
		t.Fatal(err)
	}
	return b, func(rel string) *goquery.Document {
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
}

// sectionOutsideLinks lists the text around each § that is not inside a
// link: every section reference on the reference pages must be one.
func sectionOutsideLinks(d *goquery.Document) []string {
	var out []string
	var walk func(n *nethtml.Node, inLink bool)
	walk = func(n *nethtml.Node, inLink bool) {
		if n.Type == nethtml.ElementNode && n.Data == "a" && n.Parent != nil {
			for _, a := range n.Attr {
				if a.Key == "href" && a.Val != "" {
					inLink = true
				}
			}
		}
		if n.Type == nethtml.TextNode && strings.Contains(n.Data, "§") && !inLink {
			out = append(out, n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inLink)
		}
	}
	for _, n := range d.Nodes {
		walk(n, false)
	}
	return out
}

// The fields pages say types as JSON (no Go spelling anywhere on the
// page, "[]" or "map["), every section reference is a link, every object
// has an example that is JSON, and presence is said per version.
func TestFieldsPagesForPeople(t *testing.T) {
	b, open := buildLearn(t)
	for _, l := range i18n.Langs() {
		rel := strings.TrimPrefix(l.Prefix()+"/", "/") + "fields/index.html"
		raw, err := os.ReadFile(filepath.Join(b.stage, rel))
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"[]", "map["} {
			if i := strings.Index(string(raw), bad); i >= 0 {
				t.Errorf("%s: %q on the page: …%s…", rel, bad, raw[max(0, i-60):min(len(raw), i+40)])
			}
		}
		d := open(rel)
		if out := sectionOutsideLinks(d); len(out) > 0 {
			t.Errorf("%s: § outside links: %q", rel, out)
		}
		if d.Find(`a[href*="#"]:contains("§")`).Length() == 0 {
			t.Errorf("%s: no section links at all", rel)
		}
		objects := d.Find(`[data-testid=field-object]`)
		if objects.Length() != len(card.Objects) {
			t.Errorf("%s: %d objects of %d", rel, objects.Length(), len(card.Objects))
		}
		objects.Each(func(_ int, o *goquery.Selection) {
			ex := o.Find(`[data-testid=object-example] code`).Text()
			if !json.Valid([]byte(ex)) {
				t.Errorf("%s %s: example is not JSON: %s", l, o.AttrOr("data-object", ""), ex)
			}
		})
		d.Find(`[data-testid=field-type] a`).Each(func(_ int, a *goquery.Selection) {
			if id := strings.TrimPrefix(a.AttrOr("href", ""), "#"); d.Find(`[id="`+id+`"]`).Length() != 1 {
				t.Errorf("%s: type link to missing section %q", l, id)
			}
		})
		uri := d.Find(`[id="AgentExtension.uri"] [data-testid=field-presence]`).Text()
		cat := catalog.Of(l)
		opt, req := cat.Sprintf("ui.ref.presence.optionalIn", "1.0"), cat.Sprintf("ui.fields.presence.requiredIn", eraList(l, card.Legacy))
		if want := opt + "; " + req; !strings.HasPrefix(uri, opt) || !strings.HasSuffix(uri, req) || len(uri) > len(want)+2 {
			t.Errorf("%s: AgentExtension.uri presence %q, want %q and %q", l, uri, opt, req)
		}
	}
}

// The AgentCard example on the fields page is a card the linter accepts,
// and every object's example holds the fields its version requires.
func TestObjectExamples(t *testing.T) {
	res := lint.Lint([]byte(objectExample("AgentCard")), lint.Options{})
	if res.Errors > 0 || res.Era != "1.0" {
		t.Errorf("AgentCard example: era %s, %d errors: %+v", res.Era, res.Errors, res.Diagnostics)
	}
	for _, o := range card.Objects {
		var v map[string]any
		if err := json.Unmarshal([]byte(objectExample(o)), &v); err != nil {
			t.Errorf("%s: %v", o, err)
			continue
		}
		era := card.V10
		if objectEras(o)&card.V10 == 0 {
			era = card.V03
		}
		for _, f := range card.ObjectFields(o) {
			if f.Required&era != 0 && f.In&era != 0 && v[f.Name] == nil {
				t.Errorf("%s example lacks required %s", o, f.Name)
			}
		}
		if len(v) == 0 {
			t.Errorf("%s example is empty", o)
		}
	}
}

// The rules index groups the rules by topic, in the catalogue's order,
// one heading per topic; every rule page shows the fixed example with
// the change marked, and its text is the good example; every section
// reference on a rule page is a link.
func TestRulesGroupedAndFixed(t *testing.T) {
	_, open := buildLearn(t)
	for _, l := range i18n.Langs() {
		dir := strings.TrimPrefix(l.Prefix()+"/", "/")
		idx := open(dir + "rules/index.html")
		var got []string
		idx.Find(`[data-testid=rule-topic]`).Each(func(_ int, s *goquery.Selection) {
			topic := s.AttrOr("data-topic", "")
			got = append(got, topic)
			if h := s.Find(`[data-testid=rule-topic-title]`).Text(); h != components.TopicTitle(l, topic) {
				t.Errorf("%s %s: heading %q", l, topic, h)
			}
			s.Find(`[data-testid=rule]`).Each(func(_ int, r *goquery.Selection) {
				if rule := lint.RuleFor(r.AttrOr("data-code", "")); rule == nil || rule.Topic != topic {
					t.Errorf("%s: %s listed under %s", l, r.AttrOr("data-code", ""), topic)
				}
			})
		})
		var want []string
		for _, topic := range lint.Topics {
			for _, r := range lint.Rules() {
				if r.Topic == topic {
					want = append(want, topic)
					break
				}
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: topics %v, want %v", l, got, want)
		}
		if idx.Find(`script[src^="/assets/rules."]`).Length() != 1 {
			t.Errorf("%s: the filter script is not on the index", l)
		}
		for _, r := range lint.Rules() {
			d := open(dir + "rules/" + r.Code + "/index.html")
			if out := sectionOutsideLinks(d); len(out) > 0 {
				t.Errorf("%s %s: § outside links: %q", l, r.Code, out)
			}
			fixed := d.Find(`[data-testid=example-fixed]`)
			if r.Good == "" && !(lint.IsFragment(r.Bad) && r.Bad != "" && !r.External) {
				continue
			}
			if fixed.Length() != 1 {
				t.Errorf("%s %s: no fixed example", l, r.Code)
				continue
			}
			if fixed.Find("ins, del").Length() == 0 {
				t.Errorf("%s %s: the fixed example marks no change", l, r.Code)
			}
			// A removed member's separator stays at the end of its line:
			// no line of the fixed example is a lone "," or ":".
			for _, line := range strings.Split(fixed.Text(), "\n") {
				if s := strings.TrimSpace(line); s == "," || s == ":" {
					t.Errorf("%s %s: the fixed example has a line of its own for %q:\n%s", l, r.Code, s, fixed.Text())
				}
			}
			// As plain text (copied, read aloud, searched) the fixed
			// example is the good card alone: what the fix removed is
			// drawn, not written, so no word is glued to a removed one.
			if r.Good != "" {
				if want := pretty(r.Good); fixed.Text() != want && !r.External {
					t.Errorf("%s %s: fixed example reads\n%s\nwant\n%s", l, r.Code, fixed.Text(), want)
				}
			}
		}
	}
}

// Glossary links go to entries that exist, in the page's language.
func TestGlossaryLinksExist(t *testing.T) {
	b, open := buildLearn(t)
	data, err := os.ReadFile(filepath.Join(b.root, "site", "learn", "glossary-ids.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, id := range strings.Fields(string(data)) {
		ids[id] = true
	}
	for _, l := range i18n.Langs() {
		dir := strings.TrimPrefix(l.Prefix()+"/", "/")
		n := 0
		for _, rel := range []string{"fields/index.html", "rules/index.html", "rules/interface-version-patch/index.html", "rules/legacy-mixed-card/index.html"} {
			if _, err := os.Stat(filepath.Join(b.stage, dir+rel)); err != nil {
				continue
			}
			d := open(dir + rel)
			seen := map[string]bool{}
			d.Find(`main a[href*="/learn/glossary/#"]`).Each(func(_ int, a *goquery.Selection) {
				href := a.AttrOr("href", "")
				page, id, _ := strings.Cut(href, "#")
				if page != l.Prefix()+"/learn/glossary/" || !ids[id] {
					t.Errorf("%s%s: glossary link %q", dir, rel, href)
				}
				if seen[id] && rel == "fields/index.html" {
					t.Errorf("%s%s: %s linked twice", dir, rel, id)
				}
				seen[id] = true
				n++
			})
		}
		if n < 10 {
			t.Errorf("%s: only %d glossary links", l, n)
		}
	}
}

// The diff marks words and punctuation, never layout: a fix that only
// removes a comma shows the comma removed, however the two are indented;
// a changed word is removed from the bad example and added in the good.
func TestExampleDiff(t *testing.T) {
	marked := func(pieces []components.DiffPiece) (text, ins, del string) {
		for _, p := range pieces {
			switch p.Op {
			case "ins":
				ins += p.Text
			case "del":
				del += p.Text
				continue
			}
			text += p.Text
		}
		return text, ins, del
	}
	bad, good := exampleDiff("{\"tags\": [\"a\", \"b\",]}", "{\n  \"tags\": [\n    \"a\",\n    \"b\"\n  ]\n}")
	if _, ins, del := marked(good); ins != "" || del != "," {
		t.Errorf("trailing comma: good marks +%q -%q", ins, del)
	}
	if _, _, del := marked(bad); del != "," {
		t.Errorf("trailing comma: bad marks -%q", del)
	}
	bad, good = exampleDiff(`"protocolBinding": "jsonrpc"`, `"protocolBinding": "JSONRPC"`)
	if text, ins, del := marked(good); text != `"protocolBinding": "JSONRPC"` || ins != "JSONRPC" || del != "" {
		t.Errorf("changed word: good %q +%q -%q", text, ins, del)
	}
	if _, _, del := marked(bad); del != "jsonrpc" {
		t.Errorf("changed word: bad marks -%q", del)
	}
}
