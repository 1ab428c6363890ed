package components

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/i18n"
)

func renderDoc(t *testing.T, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

var courseAssets = CourseAssets{CSS: []string{"/a.css", "/b.css"}, Script: "/course.js", Lesson: "/lesson.js", Worker: "/w.js", WasmExec: "/we.js", Wasm: "/e.wasm", WasmSize: 9, Catalog: "/zh.json"}

// TestLessonPage: the exercise carries what the script needs (targets,
// engine assets, the catalogue only for Chinese), the page loads only
// the lesson script and no inline one, the prev/next links stay in the
// page's language, and card text is escaped.
func TestLessonPage(t *testing.T) {
	prev := &LessonLink{Slug: "modes", Title: "Modes"}
	for _, l := range i18n.Langs() {
		v := Lesson{Lang: l, Slug: "interfaces", Order: 5, Count: 12, Title: "T", Summary: "S", Body: "<p>prose</p>", Translated: true,
			Task: "Fix it", Targets: []string{"a-code", "b-code"}, Exercise: `{"name": "<b>x</b>"}`, Prev: prev, Assets: courseAssets,
			Checks: []CourseCheck{{ID: "valid", Title: "Valid", Topics: []string{"syntax", "structure"}}}}
		doc := renderDoc(t, LessonPage(v))
		ex := doc.Find(`[data-testid="exercise"]`)
		if got := ex.AttrOr("data-targets", ""); got != "a-code b-code" {
			t.Errorf("%s: targets %q", l, got)
		}
		wantCat := ""
		if l != i18n.English {
			wantCat = "/zh.json"
		}
		if got := ex.AttrOr("data-catalog", ""); got != wantCat || ex.AttrOr("data-wasm", "") != "/e.wasm" || ex.AttrOr("data-worker", "") != "/w.js" {
			t.Errorf("%s: exercise assets %q %q %q", l, got, ex.AttrOr("data-wasm", ""), ex.AttrOr("data-worker", ""))
		}
		if doc.Find(`[data-testid="lesson-source"]`).Text() != v.Exercise || doc.Find(`[data-testid="lesson-source"] b`).Length() != 0 {
			t.Errorf("%s: the exercise text is not shown as text", l)
		}
		var scripts []string
		doc.Find("script").Each(func(_ int, s *goquery.Selection) { scripts = append(scripts, s.AttrOr("src", "inline")) })
		if strings.Join(scripts, " ") != "/lesson.js" {
			t.Errorf("%s: scripts %v", l, scripts)
		}
		if got := doc.Find(`[data-testid="prev"]`).AttrOr("href", ""); got != l.Prefix()+"/learn/modes/" {
			t.Errorf("%s: prev %q", l, got)
		}
		if got := doc.Find(`[data-testid="next"]`).AttrOr("href", ""); got != l.Prefix()+"/learn/anatomy/" {
			t.Errorf("%s: last lesson's next %q", l, got)
		}
		if got := doc.Find(`[data-testid="check"]`).AttrOr("data-topics", ""); got != "syntax structure" {
			t.Errorf("%s: check topics %q", l, got)
		}
		if got := doc.Find(`nav a[aria-current="page"]`).AttrOr("href", ""); got != l.Prefix()+"/learn/" {
			t.Errorf("%s: the nav marks %q", l, got)
		}
		if doc.Find(`[data-testid="simulator"]`).Length() != 0 {
			t.Errorf("%s: a simulator without simulator: true", l)
		}
	}
}

// TestCourseIndexPage: one entry per lesson, each with its done mark
// rendered (hidden by the style sheet until the script sets data-done),
// so marking it moves nothing.
func TestCourseIndexPage(t *testing.T) {
	doc := renderDoc(t, CourseIndexPage(CourseIndex{Lang: i18n.Chinese, Assets: courseAssets,
		Lessons: []LessonLink{{Slug: "a", Title: "A"}, {Slug: "b", Title: "B"}}}))
	if n := doc.Find(`[data-testid="lesson-link"][data-done="false"] [data-testid="done-badge"]`).Length(); n != 2 {
		t.Errorf("%d lessons with a done mark", n)
	}
	if got := doc.Find(`[data-testid="lesson-link"] a`).First().AttrOr("href", ""); got != "/zh/learn/a/" {
		t.Errorf("lesson link %q", got)
	}
	p := doc.Find(`[data-testid="course-progress"]`)
	if p.AttrOr("data-format", "") != Catalogue(i18n.Chinese).S("ui.course.progress") || p.AttrOr("data-total", "") != "2" {
		t.Errorf("progress data %q %q", p.AttrOr("data-format", ""), p.AttrOr("data-total", ""))
	}
}

// TestAnatomyPage: explanations are in the page, hidden until a member
// asks; the card's HTML is put in as built.
func TestAnatomyPage(t *testing.T) {
	doc := renderDoc(t, AnatomyPage(Anatomy{Lang: i18n.English, Title: "Anatomy", Assets: courseAssets,
		CardHTML:   `{<button type="button" class="member" data-field="AgentCard.name">"name"</button>: "x"}`,
		Explainers: []FieldExplainer{{ID: "AgentCard.name", Name: "name", Doc: "What it is called."}},
		Layers:     []AnatomyLayer{{ID: "identity", Title: "Identity"}}}))
	if doc.Find(`.explainers[hidden] [data-explains="AgentCard.name"]`).Length() != 1 {
		t.Error("the explanation is not in the page, hidden")
	}
	if doc.Find(`[data-testid="anatomy-card"] button.member`).Length() != 1 {
		t.Error("the card's members are not buttons")
	}
	if doc.Find(`[data-testid="layer"][data-layer="identity"] a[href="#identity"]`).Length() != 1 {
		t.Error("no layer legend")
	}
}
