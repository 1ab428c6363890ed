package main

// The course (/learn/): lessons, the anatomy page and the glossary, from
// the Markdown content in site/learn/ (format: its files' front matter,
// documented in docs and checked here). Markdown is rendered with
// goldmark; the course's own link schemes (rule:, field:, glossary:,
// spec:) become real links in the page's language, and an unknown target
// fails the build, so a typo in the content never ships as a dead link.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.yaml.in/yaml/v3"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"
)

// courseDir is where the content lives, relative to the module root.
const courseDir = "site/learn"

// contentDir is a language's folder under site/learn.
func contentDir(l i18n.Lang) string {
	if l == i18n.Chinese {
		return "zh"
	}
	return "en"
}

type lessonFront struct {
	Slug     string `yaml:"slug"`
	Order    int    `yaml:"order"`
	Title    string `yaml:"title"`
	Summary  string `yaml:"summary"`
	Exercise struct {
		Card     string   `yaml:"card"`
		Task     string   `yaml:"task"`
		Targets  []string `yaml:"targets"`
		Solution string   `yaml:"solution"`
		// Key is the public key (a JWK file) the solution's signatures
		// verify with (the signing lesson publishes its exercise key).
		Key string `yaml:"key"`
	} `yaml:"exercise"`
	Rules     []string     `yaml:"rules"`
	Fields    []string     `yaml:"fields"`
	Spec      []string     `yaml:"spec"`
	Simulator bool         `yaml:"simulator"`
	Checklist bool         `yaml:"checklist"`
	Checks    []checkFront `yaml:"checks"`
	Claims    []claimFront `yaml:"claims"`
}

// claimFront ties a sentence of the page to a claim of core/sdk's
// registry: its id and a fragment of the sentence (core/sdk's tests find
// the fragment in the page and run the claim's check).
type claimFront struct {
	ID   string `yaml:"id"`
	Text string `yaml:"text"`
}

type checkFront struct {
	ID     string   `yaml:"id"`
	Title  string   `yaml:"title"`
	Topics []string `yaml:"topics"`
	Codes  []string `yaml:"codes"`
}

type anatomyFront struct {
	Title       string            `yaml:"title"`
	Summary     string            `yaml:"summary"`
	Card        string            `yaml:"card"`
	Layers      yaml.Node         `yaml:"layers"` // a mapping; its order is the page's
	LayerTitles map[string]string `yaml:"layerTitles"`
	Claims      []claimFront      `yaml:"claims"`
}

type glossaryFront struct {
	Title   string       `yaml:"title"`
	Summary string       `yaml:"summary"`
	Claims  []claimFront `yaml:"claims"`
}

// lessonDoc is one lesson file: its front matter and Markdown body.
type lessonDoc struct {
	File  string
	Front lessonFront
	Body  []byte
}

// course is the content of one language. Lessons are in order; a
// language without a translation of a page has nil there.
type course struct {
	Lang     i18n.Lang
	Lessons  []*lessonDoc
	Anatomy  *anatomyFront
	AnatBody []byte
	Glossary *glossaryFront
	GlosBody []byte
}

var lessonFile = regexp.MustCompile(`^(\d\d)-([a-z0-9-]+)\.md$`)

// splitFront cuts "---\nyaml\n---\nbody" into its front matter and body.
func splitFront(data []byte) ([]byte, []byte, error) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(data, []byte("---\n")) {
		return nil, nil, errors.New("no front matter (the file must start with a --- line)")
	}
	rest := data[4:]
	end := bytes.Index(rest, []byte("\n---\n"))
	if end < 0 {
		return nil, nil, errors.New("the front matter has no closing --- line")
	}
	return rest[:end+1], rest[end+5:], nil
}

func decodeFront(data []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	return dec.Decode(v)
}

// loadCourse reads the content of language l from dir (site/learn). A
// missing folder is an empty course, not an error: the other language's
// pages stand in until it is written.
func loadCourse(dir string, l i18n.Lang) (*course, error) {
	c := &course{Lang: l}
	ld := filepath.Join(dir, contentDir(l))
	entries, err := os.ReadDir(ld)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		data, err := os.ReadFile(filepath.Join(ld, name))
		if err != nil {
			return nil, err
		}
		rel := path.Join(contentDir(l), name)
		switch {
		case name == "anatomy.md":
			front, body, err := splitFront(data)
			if err == nil {
				c.Anatomy = &anatomyFront{}
				err = decodeFront(front, c.Anatomy)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", rel, err)
			}
			c.AnatBody = body
		case name == "glossary.md":
			front, body, err := splitFront(data)
			if err == nil {
				c.Glossary = &glossaryFront{}
				err = decodeFront(front, c.Glossary)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", rel, err)
			}
			c.GlosBody = body
		case lessonFile.MatchString(name):
			m := lessonFile.FindStringSubmatch(name)
			front, body, err := splitFront(data)
			doc := &lessonDoc{File: rel, Body: body}
			if err == nil {
				err = decodeFront(front, &doc.Front)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", rel, err)
			}
			if n, _ := strconv.Atoi(m[1]); doc.Front.Order != n {
				return nil, fmt.Errorf("%s: order %d, but the file name says %d", rel, doc.Front.Order, n)
			}
			if doc.Front.Slug == "" || !strings.HasSuffix(m[2], doc.Front.Slug) {
				return nil, fmt.Errorf("%s: slug %q does not match the file name", rel, doc.Front.Slug)
			}
			c.Lessons = append(c.Lessons, doc)
		}
	}
	sort.Slice(c.Lessons, func(i, j int) bool { return c.Lessons[i].Front.Order < c.Lessons[j].Front.Order })
	return c, nil
}

// checkLesson reports what is wrong with a lesson's front matter: missing
// keys, unknown rules, fields, topics or spec sections, exercise files
// that are not there.
func checkLesson(dir string, d *lessonDoc) error {
	f := d.Front
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if f.Title == "" || f.Summary == "" || f.Exercise.Task == "" {
		bad("title, summary and exercise.task are required")
	}
	for _, p := range []string{f.Exercise.Card, f.Exercise.Solution} {
		if p == "" {
			bad("exercise.card and exercise.solution are required")
		} else if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			bad("%s: %v", p, err)
		}
	}
	if len(f.Exercise.Targets) == 0 {
		bad("exercise.targets is empty")
	}
	for _, c := range append(append([]string{}, f.Exercise.Targets...), f.Rules...) {
		if lint.RuleFor(c) == nil {
			bad("no rule %q", c)
		}
	}
	for _, fl := range f.Fields {
		if _, ok := fieldOf(fl); !ok {
			bad("no field %q in the field catalogue", fl)
		}
	}
	for _, s := range f.Spec {
		if v, _, ok := strings.Cut(s, "#"); !ok || card.SpecRef(v, "").URL == "" {
			bad("spec %q: want version#section of a published version", s)
		}
	}
	if f.Checklist != (len(f.Checks) > 0) {
		bad("checklist: true and checks go together")
	}
	for _, c := range f.Checks {
		if c.ID == "" || c.Title == "" || len(c.Topics)+len(c.Codes) == 0 {
			bad("check %q needs an id, a title and topics or codes", c.ID)
		}
		for _, t := range c.Topics {
			if !slicesContains(lint.Topics, t) {
				bad("check %s: no topic %q", c.ID, t)
			}
		}
		for _, code := range c.Codes {
			if lint.RuleFor(code) == nil {
				bad("check %s: no rule %q", c.ID, code)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s: %s", d.File, strings.Join(errs, "; "))
	}
	return nil
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fieldOf reads "Object.name" and finds it in the field catalogue.
func fieldOf(s string) (*card.Field, bool) {
	obj, name, ok := strings.Cut(s, ".")
	if !ok {
		return nil, false
	}
	f := card.LookupAny(obj, name)
	return f, f != nil
}

// specRef reads "1.0#8.3.2" (version#section) as a reference to the
// published specification. A section missing from the cited-sections
// table (core/card/specref.go, checked against the real headings) links
// to the top of that version's text and is an error (TestCourseSpecRefs
// reports it): the build goes on, since the link still works.
func specRef(s string) (card.Ref, error) {
	v, sec, ok := strings.Cut(s, "#")
	if !ok {
		return card.Ref{}, fmt.Errorf("spec %q: want version#section", s)
	}
	r := card.SpecRef(v, sec)
	if r.URL == "" {
		return r, fmt.Errorf("spec %q: no published version %q", s, v)
	}
	if _, _, known := card.SpecSectionKnown(v, sec); !known {
		r.Title = ""
		return r, fmt.Errorf("spec %q: no such section in the cited-sections table (core/card/specref.go)", s)
	}
	return r, nil
}

// glossaryIDs are the term ids of a glossary ("## Term {#id}").
var glossaryHeading = regexp.MustCompile(`(?m)^##\s.*\{#([A-Za-z0-9_-]+)\}\s*$`)

func glossaryIDs(body []byte) map[string]bool {
	out := map[string]bool{}
	for _, m := range glossaryHeading.FindAllSubmatch(body, -1) {
		out[string(m[1])] = true
	}
	return out
}

// ---- Markdown ----

// markdown renders the course's Markdown in one language.
type markdown struct {
	lang     i18n.Lang
	dir      string // site/learn: where ```lang file= blocks and figure cards are read
	glossary map[string]bool
	errs     []string
	md       goldmark.Markdown
	// examples are the ```json example cards of the page being rendered,
	// in order (a ```figure block may draw one of them).
	examples [][]byte
}

func newMarkdown(l i18n.Lang, dir string, glossary map[string]bool) *markdown {
	m := &markdown{lang: l, dir: dir, glossary: glossary}
	m.md = goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(
			parser.WithAttribute(), // "## Term {#id}"
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(m, 100)),
		),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(m, 100))),
	)
	return m
}

// render converts src; file names the errors.
func (m *markdown) render(file string, src []byte) (string, error) {
	m.errs, m.examples = nil, nil
	var buf bytes.Buffer
	if err := m.md.Convert(src, &buf); err != nil {
		return "", fmt.Errorf("%s: %w", file, err)
	}
	if len(m.errs) > 0 {
		return "", fmt.Errorf("%s: %s", file, strings.Join(m.errs, "; "))
	}
	return buf.String(), nil
}

// cliMention finds the agentcard CLI in a block's text: a command line
// such as `agentcard lint --probe`.
var cliMention = regexp.MustCompile(`\bagentcard (lint|select|migrate|sign|rules|fields|schema|lsp|init|version)\b`)

// kindCLINote is the "Get the CLI" note the page shows after the first
// block that mentions the CLI.
var kindCLINote = ast.NewNodeKind("CLINote")

type cliNote struct{ ast.BaseBlock }

func (n *cliNote) Kind() ast.NodeKind            { return kindCLINote }
func (n *cliNote) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// blockText is the Markdown text of a block and of the blocks inside it.
func blockText(n ast.Node, src []byte) []byte {
	var out []byte
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && c.Type() == ast.TypeBlock && c.Lines() != nil {
			out = append(append(out, c.Lines().Value(src)...), '\n')
		}
		return ast.WalkContinue, nil
	})
	return out
}

// Transform resolves the course's link schemes in place, collects the
// page's ```json example cards (a figure may draw any of them), and puts
// the "Get the CLI" note after the first block that mentions the CLI.
// wideBreak reports whether the source line break after t falls between
// two wide characters (Chinese, its full-width punctuation): Chinese puts
// no space between words, so the break must not become one, which a
// browser would draw ("它？ 怎么"). Between Chinese and Latin text or
// code, the space stays. goldmark's CJK extension misses the full-width
// punctuation (，？（）) that most of these breaks follow.
func wideBreak(t *ast.Text, src []byte) bool {
	v := t.Value(src)
	last, _ := utf8.DecodeLastRune(v)
	if len(v) == 0 || !wideRune(last) && !quoteRune(last) {
		return false
	}
	var next ast.Node
	for x := ast.Node(t); x != nil && next == nil; x = x.Parent() {
		if x.Type() == ast.TypeBlock {
			return false
		}
		next = x.NextSibling()
	}
	for next != nil {
		switch n := next.(type) {
		case *ast.Text:
			first, _ := utf8.DecodeRune(n.Value(src))
			return wideRune(first) && (wideRune(last) || quoteRune(last)) || quoteRune(first) && wideRune(last)
		case *ast.CodeSpan:
			return false
		}
		next = next.FirstChild()
	}
	return false
}

// wideRune: East Asian Width F or W, not Hangul (Korean spaces its
// words).
func wideRune(r rune) bool {
	w := util.EastAsianWidth(r)
	return (w == "F" || w == "W") && !unicode.Is(unicode.Hangul, r)
}

// quoteRune: the curly quotes, dash and ellipsis Chinese text shares with
// English; they join a wide character, never each other or Latin.
func quoteRune(r rune) bool { return strings.ContainsRune("“”‘’—…", r) }

func (m *markdown) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	for b := doc.FirstChild(); b != nil; b = b.NextSibling() {
		if cliMention.Match(blockText(b, src)) {
			doc.InsertAfter(doc, b, &cliNote{})
			break
		}
	}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*ast.FencedCodeBlock); ok && entering && b.Info != nil {
			if info := strings.Fields(string(b.Info.Segment.Value(src))); len(info) > 1 && info[1] == "example" {
				var code []byte
				for i := 0; i < b.Lines().Len(); i++ {
					seg := b.Lines().At(i)
					code = append(code, seg.Value(src)...)
				}
				m.examples = append(m.examples, code)
			}
		}
		if t, ok := n.(*ast.Text); ok && entering && t.SoftLineBreak() && wideBreak(t, src) {
			t.SetSoftLineBreak(false)
		}
		if l, ok := n.(*ast.Link); ok && entering {
			dest, err := m.resolve(string(l.Destination))
			if err != nil {
				m.errs = append(m.errs, err.Error())
			} else {
				l.Destination = []byte(dest)
			}
		}
		return ast.WalkContinue, nil
	})
}

// resolve turns a course link into the address of the page in m's language.
func (m *markdown) resolve(dest string) (string, error) {
	scheme, rest, ok := strings.Cut(dest, ":")
	if !ok {
		return dest, nil
	}
	switch scheme {
	case "rule":
		if lint.RuleFor(rest) == nil {
			return "", fmt.Errorf("link to unknown rule %q", rest)
		}
		return lint.RulePathIn(m.lang, rest), nil
	case "field":
		f, ok := fieldOf(rest)
		if !ok {
			return "", fmt.Errorf("link to unknown field %q", rest)
		}
		return fieldHref(m.lang, f), nil
	case "glossary":
		if !m.glossary[rest] {
			return "", fmt.Errorf("link to unknown glossary term %q", rest)
		}
		return components.GlossaryHref(m.lang, rest), nil
	case "spec":
		r, err := specRef(rest)
		if r.URL == "" {
			return "", err
		}
		return r.URL, nil
	}
	return dest, nil
}

func fieldHref(l i18n.Lang, f *card.Field) string {
	return l.Prefix() + "/fields/#" + components.FieldAnchor(f.Object, f.Name)
}

// RegisterFuncs renders fenced code blocks: an annotated example
// ("```json example") gets "Open in the playground" (a share link of its
// text), and must be valid JSON; "```nginx file=serving/nginx.conf" (an
// empty block) shows that file of site/learn, so a configuration the page
// shows is the file its test serves; "```figure KIND" draws a figure
// (figures.go).
func (m *markdown) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, m.codeBlock)
	reg.Register(kindCLINote, m.cliNoteHTML)
}

// cliNoteHTML says where to get the CLI the page has just mentioned: the
// README's install section.
func (m *markdown) cliNoteHTML(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		cat := components.Catalogue(m.lang)
		w.WriteString(`<p class="note cli-note" data-testid="get-cli"><strong>` + html.EscapeString(cat.S("ui.course.cli.title")) + `</strong> ` +
			html.EscapeString(cat.S("ui.course.cli.text")) + ` <a href="` + html.EscapeString(components.CLIInstallURL) + `" rel="external">` +
			html.EscapeString(cat.S("ui.course.cli.link")) + `</a></p>`)
	}
	return ast.WalkSkipChildren, nil
}

func (m *markdown) codeBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	var code bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		code.Write(seg.Value(source))
	}
	var info []string
	if n.Info != nil {
		info = strings.Fields(string(n.Info.Segment.Value(source)))
	}
	class := ""
	if len(info) > 0 {
		class = ` class="language-` + html.EscapeString(info[0]) + `"`
	}
	if len(info) > 0 && info[0] == "figure" {
		if len(info) != 2 {
			m.errs = append(m.errs, "a figure block is ```figure KIND")
			return ast.WalkSkipChildren, nil
		}
		fig, _, err := renderFigure(m.lang, m.dir, info[1], code.Bytes(), m.examples)
		if err != nil {
			m.errs = append(m.errs, err.Error())
		}
		w.WriteString(fig)
		return ast.WalkSkipChildren, nil
	}
	if len(info) > 1 && strings.HasPrefix(info[1], "file=") {
		return m.fileBlock(w, info, code.Bytes())
	}
	example := len(info) > 1 && info[1] == "example"
	if example {
		if !json.Valid(code.Bytes()) {
			m.errs = append(m.errs, "an example (```json example) is not valid JSON")
		}
		w.WriteString(`<figure class="example" data-testid="example">`)
	}
	// tabindex: a long line scrolls the block sideways, and a keyboard
	// must be able to scroll it too.
	w.WriteString(`<pre tabindex="0"><code` + class + ">" + html.EscapeString(code.String()) + "</code></pre>")
	if example {
		href := playgroundLink(m.lang, code.Bytes())
		w.WriteString(`<figcaption><a href="` + html.EscapeString(href) + `" data-testid="open-playground">` +
			html.EscapeString(components.Catalogue(m.lang).S("ui.course.openPlayground")) + "</a></figcaption></figure>")
	}
	return ast.WalkSkipChildren, nil
}

// fileBlock shows a file of site/learn (a configuration of the serving
// lesson) under its name: the block itself must be empty, so the page can
// only show the file as it is.
func (m *markdown) fileBlock(w util.BufWriter, info []string, body []byte) (ast.WalkStatus, error) {
	name := strings.TrimPrefix(info[1], "file=")
	clean := path.Clean(name)
	if clean != name || strings.HasPrefix(clean, "../") || path.IsAbs(clean) || !strings.Contains(clean, "/") {
		m.errs = append(m.errs, fmt.Sprintf("file=%s: want a path inside site/learn, such as serving/nginx.conf", name))
		return ast.WalkSkipChildren, nil
	}
	if len(bytes.TrimSpace(body)) > 0 {
		m.errs = append(m.errs, fmt.Sprintf("file=%s: the block must be empty (the page shows the file)", name))
	}
	data, err := os.ReadFile(filepath.Join(m.dir, filepath.FromSlash(clean)))
	if err != nil {
		m.errs = append(m.errs, fmt.Sprintf("file=%s: %v", name, err))
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(`<figure class="config" data-testid="config" data-file="` + html.EscapeString(clean) + `"><figcaption><code>` +
		html.EscapeString(path.Base(clean)) + `</code></figcaption><pre tabindex="0"><code class="language-` + html.EscapeString(info[0]) + `">` +
		html.EscapeString(string(data)) + "</code></pre></figure>")
	return ast.WalkSkipChildren, nil
}

// playgroundLink opens text in the playground, in language l.
func playgroundLink(l i18n.Lang, text []byte) string {
	p := "/"
	if l != i18n.English {
		p += "?lang=" + string(l)
	}
	return p + "#c=" + share.Encode(text)
}

// ---- pages ----

// courseAssets bundles the course's scripts and style sheet.
func (b *builder) courseAssets(a assets) (components.CourseAssets, error) {
	ca := components.CourseAssets{Worker: a.Worker, WasmExec: a.WasmExec, Wasm: a.Wasm, WasmSize: a.WasmSize}
	src, err := os.ReadFile(filepath.Join(b.root, "site/learn/js/course.css"))
	if err != nil {
		return ca, err
	}
	cssMin, err := b.min.Bytes("text/css", src)
	if err != nil {
		return ca, fmt.Errorf("minify course.css: %w", err)
	}
	courseCSS, err := b.writeHashed("assets/course.css", cssMin)
	if err != nil {
		return ca, err
	}
	ca.CSS = []string{a.CSS, courseCSS}
	js, err := b.bundle("site/learn/js/course.js")
	if err != nil {
		return ca, err
	}
	if ca.Script, err = b.writeHashed("assets/course.js", js); err != nil {
		return ca, err
	}
	// The lesson's module and its chunks were written with the
	// playground's (bundleModules).
	lesson := b.modules["site/learn/js/lesson.js"]
	ca.Lesson, ca.LessonChunks = lesson.Path, lesson.Imports
	return ca, nil
}

// coursePages renders /learn/ and its pages in every language. English
// is the reference: its lessons decide the course's list, exercises and
// links; a language without a lesson's translation shows the English
// prose (marked as such) under its own chrome.
func (b *builder) coursePages(ctx context.Context, a assets) error {
	ca, err := b.courseAssets(a)
	if err != nil {
		return err
	}
	dir := filepath.Join(b.root, courseDir)
	pages, err := buildCourse(dir, ca, a.Catalogs)
	if err != nil {
		return err
	}
	for _, p := range pages {
		if err := b.render(ctx, p.file, p.page); err != nil {
			return err
		}
	}
	return b.courseBudget(pages, ca)
}

// courseBudget prints what the heaviest lesson page costs before its
// exercise starts (page, scripts and style sheets, gzip), against the
// budget of any page without the wasm (docs/PERFORMANCE.md); the
// size report lists every course file.
func (b *builder) courseBudget(pages []coursePage, ca components.CourseAssets) error {
	// A file this build did not write (a test's stand-in asset) counts 0.
	size := func(public string) (int, error) {
		if public == "" {
			return 0, nil // a test's build without the modules
		}
		data, err := os.ReadFile(filepath.Join(b.stage, filepath.FromSlash(strings.TrimPrefix(public, "/"))))
		if errors.Is(err, os.ErrNotExist) {
			return 0, nil
		}
		return gz(data), err
	}
	fixed := 0
	for _, f := range append(append([]string{ca.Lesson}, ca.LessonChunks...), ca.CSS...) {
		n, err := size(f)
		if err != nil {
			return err
		}
		fixed += n
	}
	worst, name := 0, ""
	for _, p := range pages {
		n, err := size(p.file)
		if err != nil {
			return err
		}
		if n > worst {
			worst, name = n, p.file
		}
	}
	verdict := "ok"
	if fixed+worst > 250<<10 {
		verdict = "OVER BUDGET"
	}
	fmt.Printf("budget: course page without wasm, gzip (%s) %s (budget %s) %s\n", name, kb(fixed+worst), kb(250<<10), verdict)
	return nil
}

// coursePage is one page to write: its file under the site and its component.
type coursePage struct {
	file string
	page templ.Component
}

// buildCourse reads the content in dir and makes every course page in
// every language. catalogs are the catalogue assets of the languages
// other than English (the lesson script hands its language to the engine).
func buildCourse(dir string, ca components.CourseAssets, catalogs map[i18n.Lang]string) ([]coursePage, error) {
	en, err := loadCourse(dir, i18n.English)
	if err != nil {
		return nil, err
	}
	if len(en.Lessons) == 0 || en.Anatomy == nil || en.Glossary == nil {
		return nil, fmt.Errorf("%s: the English course needs lessons, anatomy.md and glossary.md", dir)
	}
	for _, d := range en.Lessons {
		if err := checkLesson(dir, d); err != nil {
			return nil, err
		}
	}
	terms := glossaryIDs(en.GlosBody)
	var pages []coursePage
	for _, l := range i18n.Langs() {
		c := en
		if l != i18n.English {
			if c, err = loadCourse(dir, l); err != nil {
				return nil, err
			}
		}
		lca := ca
		lca.Catalog = catalogs[l]
		p, err := coursePagesIn(dir, l, en, c, terms, lca)
		if err != nil {
			return nil, err
		}
		pages = append(pages, p...)
	}
	return pages, nil
}

// translation is l's version of an English lesson, or the English one.
func translation(en *lessonDoc, c *course) (*lessonDoc, bool) {
	for _, d := range c.Lessons {
		if d.Front.Slug == en.Front.Slug {
			return d, true
		}
	}
	return en, c.Lang == i18n.English
}

func coursePagesIn(dir string, l i18n.Lang, en, c *course, terms map[string]bool, ca components.CourseAssets) ([]coursePage, error) {
	md := newMarkdown(l, dir, terms)
	pre := strings.TrimPrefix(l.Prefix()+"/", "/") + "learn/" // "learn/", "zh/learn/"
	var pages []coursePage
	var links []components.LessonLink
	for _, d := range en.Lessons {
		t, _ := translation(d, c)
		links = append(links, components.LessonLink{Slug: d.Front.Slug, Title: t.Front.Title, Summary: t.Front.Summary, Order: d.Front.Order})
	}
	pages = append(pages, coursePage{pre + "index.html", components.CourseIndexPage(components.CourseIndex{Lang: l, Lessons: links, Assets: ca})})
	for i, d := range en.Lessons {
		t, translated := translation(d, c)
		body, err := md.render(t.File, t.Body)
		if err != nil {
			return nil, err
		}
		ex, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(d.Front.Exercise.Card)))
		if err != nil {
			return nil, err
		}
		f := d.Front
		v := components.Lesson{
			Lang: l, Slug: f.Slug, Order: f.Order, Count: len(en.Lessons),
			Title: t.Front.Title, Summary: t.Front.Summary, Body: body, Translated: translated,
			Task: t.Front.Exercise.Task, Targets: f.Exercise.Targets, Exercise: string(ex),
			Simulator: f.Simulator, Assets: ca,
		}
		if v.Task == "" {
			v.Task = f.Exercise.Task
		}
		for _, code := range f.Rules {
			v.Rules = append(v.Rules, components.DocLink{Text: code, Href: lint.RulePathIn(l, code)})
		}
		for _, name := range f.Fields {
			fl, _ := fieldOf(name)
			v.Fields = append(v.Fields, components.DocLink{Text: name, Href: fieldHref(l, fl)})
		}
		for _, s := range f.Spec {
			r, _ := specRef(s)
			v.Spec = append(v.Spec, components.RefDoc{Text: r.String(), URL: r.URL})
		}
		// The checks' titles in l, their topics and codes from English.
		for j, ck := range f.Checks {
			cc := components.CourseCheck{ID: ck.ID, Title: ck.Title, Topics: ck.Topics, Codes: ck.Codes}
			if j < len(t.Front.Checks) && t.Front.Checks[j].ID == ck.ID && t.Front.Checks[j].Title != "" {
				cc.Title = t.Front.Checks[j].Title
			}
			v.Checks = append(v.Checks, cc)
		}
		if i > 0 {
			v.Prev = &links[i-1]
		}
		if i+1 < len(links) {
			v.Next = &links[i+1]
		}
		pages = append(pages, coursePage{pre + f.Slug + "/index.html", components.LessonPage(v)})
	}

	// Anatomy: the card from the English front matter, the words in l.
	af, abody, atrans := en.Anatomy, en.AnatBody, l == i18n.English
	if c.Anatomy != nil && l != i18n.English {
		af, abody, atrans = c.Anatomy, c.AnatBody, true
	}
	body, err := md.render(contentDir(l)+"/anatomy.md", abody)
	if err != nil {
		return nil, err
	}
	av, err := anatomyView(dir, l, en.Anatomy, af)
	if err != nil {
		return nil, err
	}
	av.Body, av.Translated, av.Assets = body, atrans, ca
	pages = append(pages, coursePage{pre + "anatomy/index.html", components.AnatomyPage(av)})

	gf, gbody, gtrans := en.Glossary, en.GlosBody, l == i18n.English
	if c.Glossary != nil && l != i18n.English {
		gf, gbody, gtrans = c.Glossary, c.GlosBody, true
	}
	body, err = md.render(contentDir(l)+"/glossary.md", gbody)
	if err != nil {
		return nil, err
	}
	pages = append(pages, coursePage{pre + "glossary/index.html", components.GlossaryPage(components.Glossary{
		Lang: l, Title: gf.Title, Summary: gf.Summary, Body: body, Translated: gtrans, Assets: ca})})
	return pages, nil
}

// ---- anatomy ----

type layer struct {
	id      string
	members []string
}

// layersOf reads the layers mapping in its written order.
func layersOf(n *yaml.Node) ([]layer, error) {
	if n.Kind != yaml.MappingNode {
		return nil, errors.New("layers: want a mapping of layer id to member names")
	}
	var out []layer
	for i := 0; i+1 < len(n.Content); i += 2 {
		var members []string
		if err := n.Content[i+1].Decode(&members); err != nil {
			return nil, fmt.Errorf("layers.%s: %w", n.Content[i].Value, err)
		}
		out = append(out, layer{id: n.Content[i].Value, members: members})
	}
	return out, nil
}

// anatomyView renders the anatomy card: enFront names the card and the
// layers, front (l's) titles them.
func anatomyView(dir string, l i18n.Lang, enFront, front *anatomyFront) (components.Anatomy, error) {
	v := components.Anatomy{Lang: l, Title: front.Title, Summary: front.Summary}
	layers, err := layersOf(&enFront.Layers)
	if err != nil {
		return v, err
	}
	layerOf := map[string]string{}
	for _, ly := range layers {
		title := front.LayerTitles[ly.id]
		if title == "" {
			title = enFront.LayerTitles[ly.id]
		}
		v.Layers = append(v.Layers, components.AnatomyLayer{ID: ly.id, Title: title, Members: ly.members})
		for _, m := range ly.members {
			layerOf[m] = ly.id
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(enFront.Card)))
	if err != nil {
		return v, err
	}
	w := &anatomyWriter{dec: jsontext.NewDecoder(bytes.NewReader(data)), layerOf: layerOf, used: map[string]*card.Field{}}
	if err := w.value("AgentCard", 0, true); err != nil {
		return v, fmt.Errorf("%s: %w", enFront.Card, err)
	}
	v.CardHTML = w.out.String()
	v.PlaygroundURL = playgroundLink(l, data)
	cat := catalog.Of(l)
	ids := make([]string, 0, len(w.used))
	for id := range w.used {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		f := w.used[id].Localized(cat)
		v.Explainers = append(v.Explainers, components.FieldExplainer{
			ID: id, Name: f.Name, Type: typeWords(cat, f.Type), Presence: presenceWords(cat, f),
			Eras: strings.Join(f.In.EraNames(), ", "), Doc: f.Doc, Href: fieldHref(l, w.used[id]),
		})
	}
	return v, nil
}

// typeWords says a catalogue type the way JSON people say it: "array of
// AgentSkill object", never "[]AgentSkill".
func typeWords(cat *i18n.Catalogue, t string) string {
	switch {
	case strings.HasPrefix(t, "[]"):
		return cat.Sprintf("ui.course.type.list", typeWords(cat, t[2:]))
	case strings.HasPrefix(t, "map[") && strings.HasSuffix(t, "]"):
		return cat.Sprintf("ui.course.type.map", typeWords(cat, t[4:len(t)-1]))
	case t == "string":
		return cat.S("ui.course.type.string")
	case t == "boolean":
		return cat.S("ui.course.type.boolean")
	case t == "object" || t == "":
		return cat.S("ui.course.type.object")
	}
	return cat.Sprintf("ui.course.type.named", t)
}

// presenceWords says in which versions a field must be there, in the
// playground's words.
func presenceWords(cat *i18n.Catalogue, f card.Field) string {
	switch {
	case f.Required == 0:
		return cat.S("ui.playground.field.optional")
	case f.Required == f.In:
		return cat.S("ui.playground.field.required")
	}
	return cat.Sprintf("ui.playground.field.requiredIn", strings.Join(f.Required.EraNames(), ", "))
}

// anatomyWriter writes a card as indented HTML, each member name that
// the field catalogue knows a button naming its field.
type anatomyWriter struct {
	dec     *jsontext.Decoder
	out     strings.Builder
	layerOf map[string]string
	used    map[string]*card.Field
}

func (w *anatomyWriter) indent(depth int) { w.out.WriteString(strings.Repeat("  ", depth)) }

// value writes the next value; typ is its catalogue type ("AgentSkill",
// "[]string", "map[StringList]", "" when unknown).
func (w *anatomyWriter) value(typ string, depth int, top bool) error {
	switch w.dec.PeekKind() {
	case '{':
		if _, err := w.dec.ReadToken(); err != nil {
			return err
		}
		w.out.WriteString("{")
		first := true
		for w.dec.PeekKind() != '}' {
			tok, err := w.dec.ReadToken()
			if err != nil {
				return err
			}
			key := tok.String()
			if !first {
				w.out.WriteString(",")
			}
			first = false
			w.out.WriteString("\n")
			ly := ""
			if top {
				ly = w.layerOf[key]
				w.out.WriteString(`<span class="layer-member layer-` + html.EscapeString(ly) + `" data-layer="` + html.EscapeString(ly) + `">`)
			}
			w.indent(depth + 1)
			q := html.EscapeString(strconv.Quote(key))
			child := ""
			if inner, ok := strings.CutPrefix(typ, "map["); ok {
				child = strings.TrimSuffix(inner, "]")
				w.out.WriteString(`<span class="tok-propertyName">` + q + `</span>`)
			} else if f := card.LookupAny(typ, key); f != nil {
				id := f.Object + "." + f.Name
				w.used[id] = f
				child = f.Type
				w.out.WriteString(`<button type="button" class="member tok-propertyName" data-field="` + html.EscapeString(id) + `" data-testid="member">` + q + `</button>`)
			} else {
				w.out.WriteString(`<span class="tok-propertyName">` + q + `</span>`)
			}
			w.out.WriteString(": ")
			if err := w.value(child, depth+1, false); err != nil {
				return err
			}
			if top {
				w.out.WriteString("</span>")
			}
		}
		if _, err := w.dec.ReadToken(); err != nil {
			return err
		}
		if !first {
			w.out.WriteString("\n")
			w.indent(depth)
		}
		w.out.WriteString("}")
		return nil
	case '[':
		if _, err := w.dec.ReadToken(); err != nil {
			return err
		}
		elem, _ := strings.CutPrefix(typ, "[]")
		if elem == typ {
			elem = ""
		}
		// Scalars stay on one line; objects and arrays get a line each.
		w.out.WriteString("[")
		first := true
		for w.dec.PeekKind() != ']' {
			nested := w.dec.PeekKind() == '{' || w.dec.PeekKind() == '['
			if !first {
				w.out.WriteString(",")
				if !nested {
					w.out.WriteString(" ")
				}
			}
			if nested {
				w.out.WriteString("\n")
				w.indent(depth + 1)
			}
			first = false
			if err := w.value(elem, depth+1, false); err != nil {
				return err
			}
			if nested && w.dec.PeekKind() == ']' {
				w.out.WriteString("\n")
				w.indent(depth)
			}
		}
		if _, err := w.dec.ReadToken(); err != nil {
			return err
		}
		w.out.WriteString("]")
		return nil
	}
	v, err := w.dec.ReadValue()
	if err != nil {
		return err
	}
	class := "tok-string"
	switch v.Kind() {
	case '0':
		class = "tok-number"
	case 't', 'f', 'n':
		class = "tok-bool"
	}
	w.out.WriteString(`<span class="` + class + `">` + html.EscapeString(string(v)) + `</span>`)
	return nil
}
