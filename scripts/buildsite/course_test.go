package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"
	"github.com/agentcard/agentcard/core/signature"
)

var testAssets = components.CourseAssets{CSS: []string{"/assets/site.css"}, Script: "/assets/course.js", Lesson: "/assets/lesson.js",
	Worker: "/assets/engine-worker.js", WasmExec: "/assets/wasm_exec.js", Wasm: "/assets/editor.wasm", WasmSize: 1}

// renderCourse builds the course in dir and parses every page.
func renderCourse(t *testing.T, dir string) map[string]*goquery.Document {
	t.Helper()
	pages, err := buildCourse(dir, testAssets, map[i18n.Lang]string{i18n.Chinese: "/assets/catalog.zh-CN.json"})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*goquery.Document{}
	for _, p := range pages {
		var buf bytes.Buffer
		if err := p.page.Render(context.Background(), &buf); err != nil {
			t.Fatalf("%s: %v", p.file, err)
		}
		doc, err := goquery.NewDocumentFromReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if _, dup := out[p.file]; dup {
			t.Errorf("%s is built twice", p.file)
		}
		out[p.file] = doc
	}
	return out
}

// TestCourseFixturePages builds the fixture course: every page in both
// languages with its lang, linked to its twin, every course link
// resolved in the page's language, the English prose standing in (and
// marked) where a translation is missing.
func TestCourseFixturePages(t *testing.T) {
	docs := renderCourse(t, filepath.Join("testdata", "course"))
	var want []string
	for _, l := range i18n.Langs() {
		pre := strings.TrimPrefix(l.Prefix()+"/", "/") + "learn/"
		for _, p := range []string{"", "first/", "second/", "anatomy/", "glossary/"} {
			want = append(want, pre+p+"index.html")
		}
	}
	if len(docs) != len(want) {
		t.Errorf("%d pages, want %d", len(docs), len(want))
	}
	for _, f := range want {
		doc := docs[f]
		if doc == nil {
			t.Errorf("no %s", f)
			continue
		}
		zh := strings.HasPrefix(f, "zh/")
		lang, other := "en", "/zh/"+f
		if zh {
			lang, other = "zh-CN", "/"+strings.TrimPrefix(f, "zh/")
		}
		other = strings.TrimSuffix(other, "index.html")
		if got := doc.Find("html").AttrOr("lang", ""); got != lang {
			t.Errorf("%s: html lang %q, want %q", f, got, lang)
		}
		if got := doc.Find(`[data-testid="lang-switch"]`).AttrOr("href", ""); got != other {
			t.Errorf("%s: language switch to %q, want %q", f, got, other)
		}
		if n := doc.Find(`link[rel="alternate"][hreflang]`).Length(); n != 3 { // en, zh-CN, x-default
			t.Errorf("%s: %d hreflang links, want 3", f, n)
		}
		doc.Find("a[href]").Not(`.brand, [data-testid="lang-switch"]`).Each(func(_ int, a *goquery.Selection) {
			href := a.AttrOr("href", "")
			for _, s := range []string{"rule:", "field:", "glossary:", "spec:"} {
				if strings.HasPrefix(href, s) {
					t.Errorf("%s: unresolved link %q", f, href)
				}
			}
			if zh && strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "/zh/") && !strings.HasPrefix(href, "/?lang=zh-CN") && href != "/check?lang=zh-CN" {
				t.Errorf("%s: link %q leaves the Chinese pages", f, href)
			}
		})
	}

	first := docs["learn/first/index.html"]
	for sel, want := range map[string]string{
		`.prose a[href="/learn/glossary/#interface-entry"]`:              "entry",
		`.prose a[href="/fields/#AgentInterface.protocolVersion"]`:       "version",
		`.prose a[href="/rules/interface-version-patch/"]`:               "no patch",
		`[data-testid="next"][href="/learn/second/"]`:                    "Second lesson",
		`[data-testid="target"][href="/rules/interface-version-patch/"]`: "interface-version-patch",
	} {
		if got := first.Find(sel).Text(); !strings.Contains(got, want) {
			t.Errorf("first lesson: %s reads %q, want %q", sel, got, want)
		}
	}
	if href := first.Find(`.prose a:contains("the specification")`).AttrOr("href", ""); href != card.SpecRef("1.0", "4.4.6").URL {
		t.Errorf("spec link %q, want %q", href, card.SpecRef("1.0", "4.4.6").URL)
	}
	if got := first.Find(`[data-testid="lesson-spec"] a`).AttrOr("href", ""); got != card.SpecRef("1.0", "4.4.6").URL {
		t.Errorf("front matter spec link %q", got)
	}
	ex := first.Find(`[data-testid="exercise"]`)
	if ex.AttrOr("data-targets", "") != "interface-version-patch" || ex.AttrOr("data-catalog", "x") != "" {
		t.Errorf("exercise data: targets %q catalog %q", ex.AttrOr("data-targets", ""), ex.AttrOr("data-catalog", ""))
	}
	src, _ := os.ReadFile(filepath.Join("testdata", "course", "exercises", "01-first.json"))
	if got := first.Find(`[data-testid="lesson-source"]`).Text(); got != string(src) {
		t.Errorf("the editor starts with %q, want the exercise card", got)
	}
	// The example opens in the playground with its own text.
	href := first.Find(`[data-testid="example"] [data-testid="open-playground"]`).AttrOr("href", "")
	frag, ok := strings.CutPrefix(href, "/#c=")
	if !ok {
		t.Fatalf("example link %q", href)
	}
	if text, err := share.Decode(frag); err != nil || strings.TrimSpace(string(text)) != `{"name": "Example"}` {
		t.Errorf("example link decodes to %q, %v", text, err)
	}
	if first.Find("script[src]").AttrOr("src", "") != testAssets.Lesson {
		t.Error("a lesson page loads the lesson script")
	}

	zhFirst := docs["zh/learn/first/index.html"]
	if zhFirst.Find(`[data-testid="untranslated"]`).Length() != 0 || zhFirst.Find(".prose").AttrOr("lang", "") != "zh-CN" {
		t.Error("a translated lesson is marked untranslated")
	}
	if zhFirst.Find(`[data-testid="exercise"]`).AttrOr("data-catalog", "") == "" {
		t.Error("a Chinese lesson gives its script no catalogue")
	}
	for sel, want := range map[string]string{
		`.prose a[href="/zh/learn/glossary/#interface-entry"]`:              "接口条目",
		`.prose a[href="/zh/fields/#AgentInterface.protocolVersion"]`:       "协议版本",
		`[data-testid="target"][href="/zh/rules/interface-version-patch/"]`: "interface-version-patch",
	} {
		if got := zhFirst.Find(sel).Text(); !strings.Contains(got, want) {
			t.Errorf("Chinese lesson: %s reads %q, want %q", sel, got, want)
		}
	}
	zhSecond := docs["zh/learn/second/index.html"]
	if zhSecond.Find(`[data-testid="untranslated"]`).Length() != 1 || zhSecond.Find(".prose").AttrOr("lang", "") != "en" {
		t.Error("an untranslated lesson is not marked as English")
	}
	if got := zhSecond.Find(`[data-testid="check"]`).AttrOr("data-topics", ""); got != "interfaces" {
		t.Errorf("check topics %q", got)
	}

	idx := docs["learn/index.html"]
	if n := idx.Find(`[data-testid="lesson-link"]`).Length(); n != 2 {
		t.Errorf("index lists %d lessons", n)
	}
	if idx.Find("script[src]").AttrOr("src", "") != testAssets.Script {
		t.Error("the index loads the small course script, not the editor")
	}
	if docs["zh/learn/glossary/index.html"].Find("#interface-entry").Text() == "" {
		t.Error("the glossary's terms have no anchors")
	}
}

// TestCourseAnatomy: every member name the catalogue knows is a button
// with an explanation in the page's language, top-level members carry
// their layer.
func TestCourseAnatomy(t *testing.T) {
	docs := renderCourse(t, filepath.Join("testdata", "course"))
	for _, f := range []string{"learn/anatomy/index.html", "zh/learn/anatomy/index.html"} {
		doc := docs[f]
		members := doc.Find(`[data-testid="anatomy-card"] button.member`)
		if members.Length() < 10 {
			t.Errorf("%s: %d members", f, members.Length())
		}
		members.Each(func(_ int, m *goquery.Selection) {
			id := m.AttrOr("data-field", "")
			if doc.Find(`[data-explains="`+id+`"]`).Length() != 1 {
				t.Errorf("%s: member %s has no explanation", f, id)
			}
		})
		if got := doc.Find(`[data-layer="interaction"] [data-field="AgentCard.supportedInterfaces"]`).Length(); got != 1 {
			t.Errorf("%s: supportedInterfaces is not in the interaction layer", f)
		}
		if got := doc.Find(`[data-explains="AgentInterface.protocolVersion"]`).Text(); strings.Contains(got, "[]") || strings.Contains(got, "map[") {
			t.Errorf("%s: Go type spelling in %q", f, got)
		}
	}
	zh := docs["zh/learn/anatomy/index.html"].Find(`[data-explains="AgentCard.name"] [data-testid="explainer-doc"]`).Text()
	if !hanIn(zh) {
		t.Errorf("the Chinese anatomy explains name in %q", zh)
	}
}

// hanIn says whether s holds Chinese characters.
func hanIn(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}

// TestCourseBadLinks: a link to something that does not exist fails the
// build, naming the file; raw HTML in the Markdown is not passed through.
func TestCourseBadLinks(t *testing.T) {
	m := newMarkdown(i18n.English, "", map[string]bool{"era": true})
	for _, src := range []string{"[x](rule:no-such-rule)", "[x](field:AgentCard.nope)", "[x](glossary:nope)", "[x](spec:9.9#1)", "```json example\n{oops\n```\n"} {
		if _, err := m.render("f.md", []byte(src)); err == nil || !strings.Contains(err.Error(), "f.md") {
			t.Errorf("%q: error %v", src, err)
		}
	}
	if out, err := m.render("f.md", []byte("<script>alert(1)</script>\n\n[e](glossary:era)")); err != nil || strings.Contains(out, "<script>") {
		t.Errorf("raw HTML in Markdown: %q, %v", out, err)
	}
}

// ---- the real content ----

func realCourse(t *testing.T) (string, *course) {
	t.Helper()
	dir := filepath.Join("..", "..", courseDir)
	en, err := loadCourse(dir, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(en.Lessons) < 12 {
		t.Errorf("%d English lessons, want 12", len(en.Lessons))
	}
	return dir, en
}

// done is the lesson script's test (site/learn/js/lesson.js isDone): no
// target left on a text that is still a card and parses.
func done(res *lint.Result, targets []string) bool {
	switch res.Detection.Era {
	case card.Era10, card.Era03, card.Era02, card.EraMixed:
	default:
		return false
	}
	for _, d := range res.Diagnostics {
		if slicesContains(targets, d.Code) || (d.Severity == lint.Error && strings.HasPrefix(d.Code, "json-")) {
			return false
		}
	}
	return true
}

// TestCourseExercises guards the content writers' work: every target of
// a lesson is reported by the engine on its exercise card as written,
// and its solution is done (no target left, still a card).
func TestCourseExercises(t *testing.T) {
	dir, en := realCourse(t)
	for _, d := range en.Lessons {
		f := d.Front
		if err := checkLesson(dir, d); err != nil {
			t.Error(err)
			continue
		}
		ex, _ := os.ReadFile(filepath.Join(dir, f.Exercise.Card))
		sol, _ := os.ReadFile(filepath.Join(dir, f.Exercise.Solution))
		got := map[string]bool{}
		for _, x := range lint.Lint(ex, lint.Options{}).Diagnostics {
			got[x.Code] = true
		}
		for _, c := range f.Exercise.Targets {
			if !got[c] {
				t.Errorf("%s: target %s is not reported on %s", d.File, c, f.Exercise.Card)
			}
		}
		if done(lint.Lint(ex, lint.Options{}), f.Exercise.Targets) {
			t.Errorf("%s: the exercise is done before any change", d.File)
		}
		if res := lint.Lint(sol, lint.Options{}); !done(res, f.Exercise.Targets) {
			var left []string
			for _, x := range res.Diagnostics {
				left = append(left, x.Code)
			}
			t.Errorf("%s: the solution does not finish the lesson (era %s, findings %v)", d.File, res.Detection.Era, left)
		}
	}
}

// TestCourseExerciseKeys: a lesson that publishes an exercise key has a
// solution whose every signature verifies with it (what lint --key
// reports), and the exercise as written has at least one that does not.
func TestCourseExerciseKeys(t *testing.T) {
	dir, en := realCourse(t)
	n := 0
	for _, d := range en.Lessons {
		f := d.Front
		if f.Exercise.Key == "" {
			continue
		}
		n++
		raw, err := os.ReadFile(filepath.Join(dir, f.Exercise.Key))
		if err != nil {
			t.Fatalf("%s: %v", d.File, err)
		}
		keys, err := signature.ParseKeys(raw)
		if err != nil {
			t.Fatalf("%s: key %s: %v", d.File, f.Exercise.Key, err)
		}
		verified := func(file string) (all bool, n int) {
			b, _ := os.ReadFile(filepath.Join(dir, file))
			rep, err := signature.Verify(context.Background(), b, signature.Options{Keys: keys})
			if err != nil {
				t.Fatalf("%s: %s: %v", d.File, file, err)
			}
			all = len(rep.Results) > 0
			for _, r := range rep.Results {
				if r.Outcome != signature.Verified {
					all = false
				}
			}
			return all, len(rep.Results)
		}
		if ok, k := verified(f.Exercise.Solution); !ok {
			t.Errorf("%s: the solution's %d signature(s) do not all verify with %s", d.File, k, f.Exercise.Key)
		}
		if ok, _ := verified(f.Exercise.Card); ok {
			t.Errorf("%s: the exercise's signatures already verify", d.File)
		}
		if strings.Contains(string(raw), `"d"`) {
			t.Errorf("%s: %s holds a private key", d.File, f.Exercise.Key)
		}
	}
	if n == 0 {
		t.Error("no lesson publishes an exercise key")
	}
}

// checkPasses is the checklist's tick (lesson.js tick): no error or
// warning of the check's topics or codes.
func checkPasses(res *lint.Result, c checkFront) bool {
	for _, d := range res.Diagnostics {
		if d.Severity != lint.Error && d.Severity != lint.Warning {
			continue
		}
		r := lint.RuleFor(d.Code)
		if slicesContains(c.Codes, d.Code) || (r != nil && slicesContains(c.Topics, r.Topic)) {
			return false
		}
	}
	return true
}

// TestCourseChecklist: the six-checks exercise fails every check and its
// solution passes every one, so the page can be tried on both.
func TestCourseChecklist(t *testing.T) {
	dir, en := realCourse(t)
	n := 0
	for _, d := range en.Lessons {
		if !d.Front.Checklist {
			continue
		}
		n++
		ex, _ := os.ReadFile(filepath.Join(dir, d.Front.Exercise.Card))
		sol, _ := os.ReadFile(filepath.Join(dir, d.Front.Exercise.Solution))
		// the lesson page lints its cards as examples (site/learn/js/lesson.js)
		bad, good := lint.Lint(ex, lint.Options{Examples: true}), lint.Lint(sol, lint.Options{Examples: true})
		for _, c := range d.Front.Checks {
			if checkPasses(bad, c) {
				t.Errorf("%s: check %s passes on the exercise", d.File, c.ID)
			}
			if !checkPasses(good, c) {
				t.Errorf("%s: check %s fails on the solution", d.File, c.ID)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d checklist lessons, want 1", n)
	}
}

// TestCourseTranslations: every English page has its Chinese twin, with
// the same slug, order, exercise and targets.
func TestCourseTranslations(t *testing.T) {
	dir, en := realCourse(t)
	zh, err := loadCourse(dir, i18n.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	if zh.Anatomy == nil || zh.Glossary == nil {
		t.Error("zh: anatomy.md or glossary.md is missing")
	}
	if zh.Glossary != nil {
		want, got := glossaryIDs(en.GlosBody), glossaryIDs(zh.GlosBody)
		for id := range want {
			if !got[id] {
				t.Errorf("zh/glossary.md has no term %s", id)
			}
		}
	}
	for _, d := range en.Lessons {
		z, ok := translation(d, zh)
		if !ok {
			t.Errorf("%s has no Chinese translation", d.File)
			continue
		}
		if z.Front.Order != d.Front.Order || z.Front.Exercise.Card != d.Front.Exercise.Card ||
			strings.Join(z.Front.Exercise.Targets, " ") != strings.Join(d.Front.Exercise.Targets, " ") {
			t.Errorf("%s: order, exercise or targets differ from %s", z.File, d.File)
		}
		if !hanIn(z.Front.Title + z.Front.Exercise.Task) {
			t.Errorf("%s: title or task is not Chinese", z.File)
		}
	}
}

// TestCourseSpecRefs: every spec reference of the lessons names a section
// of the cited-sections table (checked against the real headings), so
// its link lands on the section.
func TestCourseSpecRefs(t *testing.T) {
	_, en := realCourse(t)
	for _, d := range en.Lessons {
		for _, s := range d.Front.Spec {
			if _, err := specRef(s); err != nil {
				t.Errorf("%s: %v", d.File, err)
			}
		}
	}
}

// TestCourseBuilds renders the real course in every language.
func TestCourseBuilds(t *testing.T) {
	dir, en := realCourse(t)
	docs := renderCourse(t, dir)
	for _, l := range i18n.Langs() {
		pre := strings.TrimPrefix(l.Prefix()+"/", "/") + "learn/"
		for _, d := range en.Lessons {
			doc := docs[pre+d.Front.Slug+"/index.html"]
			if doc == nil {
				t.Errorf("no %s%s/", pre, d.Front.Slug)
				continue
			}
			if doc.Find(`[data-testid="diagnostics"]`).Length() != 1 || doc.Find(`[data-testid="lesson-source"]`).Text() == "" {
				t.Errorf("%s%s/: no exercise", pre, d.Front.Slug)
			}
			if d.Front.Simulator != (doc.Find(`[data-testid="simulator"]`).Length() == 1) {
				t.Errorf("%s%s/: simulator %v", pre, d.Front.Slug, d.Front.Simulator)
			}
			if n := doc.Find(`[data-testid="check"]`).Length(); n != len(d.Front.Checks) {
				t.Errorf("%s%s/: %d checks", pre, d.Front.Slug, n)
			}
		}
		for _, p := range []string{"index.html", "anatomy/index.html", "glossary/index.html"} {
			if docs[pre+p] == nil {
				t.Errorf("no %s%s", pre, p)
			}
		}
	}
}

// TestCourseChineseLineBreaks: in every Chinese page of the course, a
// source line break inside a Chinese sentence leaves no white space
// between two Chinese characters or punctuation marks, which a browser
// would draw as a stray space ("它？ 怎么"); code is left as written.
func TestCourseChineseLineBreaks(t *testing.T) {
	dir, _ := realCourse(t)
	wide := `[\p{Han}\x{3000}-\x{303f}\x{ff00}-\x{ffef}\x{201c}\x{201d}]`
	gap := regexp.MustCompile(wide + `\s+` + wide)
	pages := 0
	for file, doc := range renderCourse(t, dir) {
		if !strings.HasPrefix(file, "zh/") {
			continue
		}
		pages++
		// each text node on its own: the space between two elements (two
		// buttons, a summary and its text) is the page's layout
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			// Not from the lessons' prose: code, figures (svg, drawn by
			// figures.go) and the anatomy's type facts (from the field
			// catalogue's words).
			if n.Type == html.ElementNode && (n.Data == "pre" || n.Data == "code" || n.Data == "script" || n.Data == "svg" || attr(n, "class") == "hover-facts") {
				return
			}
			if n.Type == html.TextNode {
				if m := gap.FindString(n.Data); m != "" {
					t.Errorf("%s: %q in %q (in %s.%s)", file, m, strings.TrimSpace(n.Data), n.Parent.Data, attr(n.Parent, "class"))
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		for _, n := range doc.Find("main").Nodes {
			walk(n)
		}
	}
	if pages < 10 {
		t.Fatalf("only %d Chinese pages", pages)
	}
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// The signing lesson teaches which key to trust, in both languages: a
// section that sends the reader to what a self-published key proves and
// to the finding for a card no trusted key signed; the rule pages agree
// (no key from the card's own jku is called trusted, and the advice for
// a missing key does not end at publishing it beside the card).
func TestSigningLessonTrust(t *testing.T) {
	dir, _ := realCourse(t)
	docs := renderCourse(t, dir)
	for _, l := range i18n.Langs() {
		pre := strings.TrimPrefix(l.Prefix()+"/", "/")
		doc := docs[pre+"learn/signing/index.html"]
		if doc == nil {
			t.Fatalf("no %slearn/signing/", pre)
		}
		var section *goquery.Selection
		doc.Find("h2").Each(func(_ int, h *goquery.Selection) {
			if id := h.AttrOr("id", ""); id == "which-key-to-trust" || strings.Contains(h.Text(), "信任哪个密钥") {
				section = h.NextUntil("h2")
			}
		})
		if section == nil {
			t.Errorf("%s: the signing lesson has no section on which key to trust", l)
			continue
		}
		for _, code := range []string{"signature-self-published", "signature-untrusted"} {
			if section.Find(`a[href="`+l.Prefix()+`/rules/`+code+`/"]`).Length() == 0 {
				t.Errorf("%s: the trust section does not link %s", l, code)
			}
		}
		cat := catalog.Of(l)
		if s := cat.S("rule.signature-verified.explanation"); l != i18n.English && strings.Contains(s, "jku") {
			t.Errorf("%s: signature-verified calls a key from the card's jku trusted: %q", l, s)
		}
		how := lint.RuleFor("signature-key-unavailable").HowToFix
		if l != i18n.English {
			how = cat.S("rule.signature-key-unavailable.howToFix")
		}
		if !strings.Contains(how, "signature-self-published") {
			t.Errorf("%s: signature-key-unavailable's advice ignores what a self-published key proves: %q", l, how)
		}
	}
}
