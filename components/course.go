package components

// View models of the course (/learn/): lessons, the course index, the
// anatomy page and the glossary, filled by scripts/buildsite from the
// Markdown content in site/learn/. Prose arrives as HTML that buildsite
// rendered from that Markdown with goldmark (raw HTML in the Markdown is
// escaped there), so the templates put it in as it is; every other string
// is escaped by templ.

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
)

// CLIInstallURL is the README's install section, where every page that
// mentions the agentcard CLI sends its readers (README.md must keep the
// heading "Install the CLI"; scripts/buildsite tests it).
const CLIInstallURL = "https://github.com/agentcard/agentcard#install-the-cli"

// CourseAssets are the files the course pages load, content-hashed.
type CourseAssets struct {
	CSS []string // the site's style sheet and the course's
	// Script runs the index's progress and the anatomy page's explainer:
	// small, no editor and no engine.
	Script string
	// Lesson is the lesson pages' ES module. It loads the editor
	// (CodeMirror, in the chunk the playground shares) and starts the
	// engine (Worker, Wasm) only when the exercise is scrolled into view
	// or started; LessonChunks are the small modules it imports at once.
	Lesson       string
	LessonChunks []string
	Worker       string // the playground's engine Web Worker
	WasmExec     string // Go's wasm_exec.js, loaded by the worker
	Wasm         string
	WasmSize     int
	// Catalog is the catalogue asset of the page's language (empty for
	// English, which the bundle carries).
	Catalog string
}

// LessonLink is a lesson as the index and the prev/next links show it.
type LessonLink struct {
	Slug, Title, Summary string
	Order                int
}

// DocLink is a link to one of the site's own pages (a rule, a field).
type DocLink struct{ Text, Href string }

// CourseCheck is one check of the six-checks page: ticked when none of
// the findings of its topics or codes is an error or a warning.
type CourseCheck struct {
	ID, Title     string
	Topics, Codes []string
}

// Lesson is one lesson page.
type Lesson struct {
	Lang    i18n.Lang
	Slug    string
	Order   int
	Count   int // lessons in the course
	Title   string
	Summary string
	Body    string // HTML from the lesson's Markdown
	// Translated is false while a lesson exists only in English: its prose
	// is then shown in English (marked lang="en") under the page's chrome.
	Translated bool
	Task       string
	Targets    []string // rule codes that must be gone for the lesson to be done
	Exercise   string   // the exercise card's text, what the editor starts with
	Rules      []DocLink
	Fields     []DocLink
	Spec       []RefDoc
	Prev, Next *LessonLink
	Simulator  bool
	Checks     []CourseCheck // the six-checks page's checklist; empty elsewhere
	Assets     CourseAssets
}

// CourseIndex is /learn/.
type CourseIndex struct {
	Lang    i18n.Lang
	Lessons []LessonLink
	Assets  CourseAssets
}

// AnatomyMember is one member name in the anatomy card: Field is its
// catalogue entry ("AgentCard.name"), empty when the catalogue has none.
type AnatomyMember struct {
	Field string
	Layer string // the layer of a top-level member
}

// AnatomyLayer is one of the card's layers with its top-level members.
type AnatomyLayer struct {
	ID, Title string
	Members   []string
}

// FieldExplainer is what the anatomy page shows for one field.
type FieldExplainer struct {
	ID       string // "AgentCard.name"
	Name     string
	Type     string // in words
	Presence string // "required", "optional", …
	Eras     string
	Doc      string
	Href     string // its entry on the fields page
}

// Anatomy is /learn/anatomy/.
type Anatomy struct {
	Lang       i18n.Lang
	Title      string
	Summary    string
	Body       string // HTML prose
	Translated bool
	Layers     []AnatomyLayer
	// CardHTML is the card's JSON as HTML: every member name a button
	// (class "member", data-field) that shows its explainer.
	CardHTML      string
	Explainers    []FieldExplainer
	PlaygroundURL string
	Assets        CourseAssets
}

// Glossary is /learn/glossary/.
type Glossary struct {
	Lang       i18n.Lang
	Title      string
	Summary    string
	Body       string
	Translated bool
	Assets     CourseAssets
}

// CoursePath is the path of a course page in l: "" is the index,
// "anatomy", "glossary" or a lesson's slug.
func CoursePath(l i18n.Lang, page string) string {
	p := langOf(l).Prefix() + "/learn/"
	if page != "" {
		p += page + "/"
	}
	return p
}

// coursePage is a course page's Page: path without the language prefix.
func coursePage(l i18n.Lang, title, desc, page string, a CourseAssets, scripts ...string) Page {
	path := "/learn/"
	if page != "" {
		path += page + "/"
	}
	var s []string
	for _, src := range scripts {
		if src != "" {
			s = append(s, src)
		}
	}
	return Page{Lang: l, Title: title, Description: desc, Path: path, CSS: a.CSS, Scripts: s, Alternates: SiteAlternates(path)}
}

// contentLang is the language the prose of a page is in: l, or English
// while the page has no translation.
func contentLang(l i18n.Lang, translated bool) string {
	if translated {
		return string(langOf(l))
	}
	return string(i18n.English)
}

// lessonLayout is a lesson's page: the course's, with the lesson module.
func lessonLayout(v Lesson) Page {
	p := coursePage(v.Lang, v.Title, v.Summary, v.Slug, v.Assets)
	if v.Assets.Lesson != "" {
		p.Modules = []string{v.Assets.Lesson}
		p.ModulePreloads = v.Assets.LessonChunks
	}
	return p
}

func (v Lesson) href() string { return CoursePath(v.Lang, v.Slug) }

func (v Lesson) targetsAttr() string { return strings.Join(v.Targets, " ") }

func (c CourseCheck) topicsAttr() string { return strings.Join(c.Topics, " ") }
func (c CourseCheck) codesAttr() string  { return strings.Join(c.Codes, " ") }

func itoa(n int) string { return strconv.Itoa(n) }

// catalogAttr is the catalogue asset the lesson script fetches for the
// engine and its words; none for English.
func (a CourseAssets) catalogAttr(l i18n.Lang) string {
	if langOf(l) == i18n.English {
		return ""
	}
	return a.Catalog
}

// playgroundHref opens text-less playground in the page's language.
func playgroundHref(l i18n.Lang) string { return PlaygroundPath(l) }
