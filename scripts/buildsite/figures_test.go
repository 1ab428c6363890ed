package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
)

// courseDocs renders the real course once per test.
func courseDocs(t *testing.T) map[string]*goquery.Document {
	t.Helper()
	dir, _ := realCourse(t)
	return renderCourse(t, dir)
}

func pageFile(l i18n.Lang, slug string) string {
	return strings.TrimPrefix(l.Prefix()+"/", "/") + "learn/" + slug + "/index.html"
}

// TestFiguresInLessons: the selection, discovery and signing lessons (and
// the serving lesson) hold their figure in every language: a <figure>
// with a caption around an SVG named by its <title> and described by its
// <desc> (role img), every line of text estimated to fit the drawing.
func TestFiguresInLessons(t *testing.T) {
	docs := courseDocs(t)
	for _, l := range i18n.Langs() {
		for slug, kind := range map[string]string{"choosing-an-interface": "selection", "discovery-and-serving": "discovery", "signing": "signing", "serving": "discovery"} {
			doc := docs[pageFile(l, slug)]
			if doc == nil {
				t.Fatalf("no %s", pageFile(l, slug))
			}
			fig := doc.Find(`figure[data-testid="figure"][data-figure="fig-` + kind + `"]`)
			if fig.Length() != 1 {
				t.Errorf("%s: %d %s figures", pageFile(l, slug), fig.Length(), kind)
				continue
			}
			svg := fig.Find("svg")
			title, desc := svg.ChildrenFiltered("title"), svg.ChildrenFiltered("desc")
			if r, _ := svg.Attr("role"); r != "img" || title.Text() == "" || desc.Text() == "" {
				t.Errorf("%s: the %s figure's svg has role %q, title %q, desc %q", l, kind, r, title.Text(), desc.Text())
			}
			ids, _ := svg.Attr("aria-labelledby")
			tid, _ := title.Attr("id")
			did, _ := desc.Attr("id")
			if ids != tid+" "+did {
				t.Errorf("%s: the %s figure is labelled by %q, not its title and desc", l, kind, ids)
			}
			if strings.TrimSpace(fig.Find("figcaption").Text()) == "" {
				t.Errorf("%s: the %s figure has no caption", l, kind)
			}
			if l == i18n.Chinese && !regexp.MustCompile(`\p{Han}`).MatchString(desc.Text()+fig.Find("figcaption").Text()) {
				t.Errorf("the Chinese %s figure is not in Chinese", kind)
			}
			svg.Find("text").Each(func(_ int, s *goquery.Selection) {
				x, _ := strconv.ParseFloat(s.AttrOr("x", "0"), 64)
				mono := strings.Contains(s.AttrOr("class", ""), "fig-mono")
				px := sansPx
				if mono {
					px = monoPx
				} else if strings.Contains(s.AttrOr("class", ""), "fig-note") || strings.Contains(s.AttrOr("class", ""), "fig-decision") {
					px = smallPx
				}
				w := textWidth(s.Text(), px, mono)
				if strings.Contains(s.AttrOr("class", ""), "fig-decision") {
					x -= w // text-anchor: end
				}
				if x < 0 || x+w > figW {
					t.Errorf("%s %s: %q runs from %.0f to %.0f of %.0f", l, kind, s.Text(), x, x+w, figW)
				}
			})
		}
	}
}

// TestSelectionFigureIsTheSelection: the selection figure draws the trace
// core/selection computes for the lesson's card and profile, step by step.
func TestSelectionFigureIsTheSelection(t *testing.T) {
	dir, en := realCourse(t)
	var body []byte
	for _, d := range en.Lessons {
		if d.Front.Slug == "choosing-an-interface" {
			body = d.Body
		}
	}
	m := regexp.MustCompile("(?s)```json example\n(.*?)```").FindSubmatch(body)
	if m == nil {
		t.Fatal("the lesson has no example card")
	}
	res := selection.SelectSource(m[1], selection.MustParseProfile("HTTP+JSON@1.0"))
	html, texts, err := renderFigure(i18n.English, dir, "selection", []byte("example: 1\nprofile: HTTP+JSON@1.0\n"), [][]byte{m[1]})
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(html))
	steps := doc.Find("g.fig-step")
	if steps.Length() != len(res.Trace) {
		t.Fatalf("%d steps drawn, the selection has %d", steps.Length(), len(res.Trace))
	}
	steps.Each(func(i int, s *goquery.Selection) {
		st := res.Trace[i]
		if s.AttrOr("data-index", "") != strconv.Itoa(st.Index) || s.AttrOr("data-decision", "") != st.Decision {
			t.Errorf("step %d drawn as %s %s, the selection says %d %s", i, s.AttrOr("data-index", ""), s.AttrOr("data-decision", ""), st.Index, st.Decision)
		}
		if !strings.Contains(s.Text(), st.URL) {
			t.Errorf("step %d does not show %s", i, st.URL)
		}
	})
	if res.Outcome != selection.Selected || !strings.Contains(strings.Join(texts, " "), res.URL) || !strings.Contains(strings.Join(texts, " "), strconv.Quote(res.Tenant)) {
		t.Errorf("the figure does not end with the selected %s and tenant %q", res.URL, res.Tenant)
	}
}

// TestDiscoveryFigureETag: the caching figure's ETag is the one the
// serving lesson's Go, FastAPI and Worker servers send for its card
// (site/learn/serving checks that they do).
func TestDiscoveryFigureETag(t *testing.T) {
	dir, _ := realCourse(t)
	card, err := os.ReadFile(filepath.Join(dir, "serving", "agent-card.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(card)
	want := `"` + hex.EncodeToString(sum[:8]) + `"`
	if CardETag(card) != want {
		t.Fatalf("CardETag %s, want %s", CardETag(card), want)
	}
	_, texts, err := renderFigure(i18n.English, dir, "discovery", []byte("card: serving/agent-card.json\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(texts, "\n")
	for _, line := range []string{"ETag: " + want, "If-None-Match: " + want, "304 Not Modified", "Content-Type: application/json", "Cache-Control: public, max-age=300"} {
		if !strings.Contains(all, line) {
			t.Errorf("the figure lacks %q", line)
		}
	}
}

// TestSigningFigureIsTheSignature: the signing figure shows the real
// canonical payload, protected header and signature of the lesson's card.
func TestSigningFigureIsTheSignature(t *testing.T) {
	dir, _ := realCourse(t)
	card, err := os.ReadFile(filepath.Join(dir, "exercises", "10-signing.solution.json"))
	if err != nil {
		t.Fatal(err)
	}
	payload, err := signature.Canonical(card)
	if err != nil {
		t.Fatal(err)
	}
	_, texts, err := renderFigure(i18n.Chinese, dir, "signing", []byte("card: exercises/10-signing.solution.json\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(texts, "")
	b64 := base64.RawURLEncoding.EncodeToString(payload)
	for _, want := range []string{string(payload[:40]), b64[:30], `"alg":"ES256"`, `"typ":"JOSE"`} {
		if !strings.Contains(all, want) {
			t.Errorf("the figure lacks %q", want)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		s    string
		max  float64
		mono bool
	}{
		{"binding JSONRPC is not supported by this client (supports HTTP+JSON@1.0)", 200, false},
		{"这个客户端不支持绑定 JSONRPC（它支持 HTTP+JSON@1.0）", 150, false},
		{"https://stock.example.com/a2a/jsonrpc/a/very/long/path/that/does/not/fit", 120, true},
	} {
		lines := wrap(tc.s, tc.max, 12, tc.mono)
		if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(tc.s, " ", "") {
			t.Errorf("%q: wrapping lost text: %q", tc.s, lines)
		}
		for _, l := range lines {
			if textWidth(l, 12, tc.mono) > tc.max {
				t.Errorf("%q: line %q is wider than %.0f", tc.s, l, tc.max)
			}
			if strings.HasPrefix(l, "）") || strings.HasPrefix(l, "，") {
				t.Errorf("%q: a line starts with closing punctuation: %q", tc.s, l)
			}
		}
	}
}

// TestConfigBlocksAreTheFiles: a configuration the serving lesson shows
// is the file of site/learn/serving, byte for byte (site/learn/serving's
// test serves those files).
func TestConfigBlocksAreTheFiles(t *testing.T) {
	dir, _ := realCourse(t)
	docs := courseDocs(t)
	for _, l := range i18n.Langs() {
		doc := docs[pageFile(l, "serving")]
		n := 0
		doc.Find(`figure[data-testid="config"]`).Each(func(_ int, s *goquery.Selection) {
			n++
			name := s.AttrOr("data-file", "")
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				return
			}
			if got := s.Find("pre code").Text(); got != string(b) {
				t.Errorf("%s (%s): the page shows other text than the file", name, l)
			}
		})
		if n < 8 {
			t.Errorf("%s: %d configurations shown", l, n)
		}
		for _, want := range []string{"Cache-Control", "ETag", "Content-Type"} {
			if !strings.Contains(doc.Find(".prose").Text(), want) {
				t.Errorf("%s: the serving lesson never names %s", l, want)
			}
		}
	}
	// A block naming a file outside site/learn, or with text of its own, is refused.
	md := newMarkdown(i18n.English, dir, nil)
	for _, src := range []string{"```nginx file=../go.mod\n```\n", "```nginx file=serving/nginx.conf\nlisten 80;\n```\n", "```nginx file=serving/none.conf\n```\n"} {
		if _, err := md.render("x.md", []byte(src)); err == nil {
			t.Errorf("%q renders", src)
		}
	}
}

// TestGetTheCLI: every course page that mentions an agentcard command
// says once, right after the first mention, where to get the CLI (the
// README's install section, which exists).
func TestGetTheCLI(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, frag, _ := strings.Cut(components.CLIInstallURL, "#")
	if !regexp.MustCompile(`(?m)^## Install the CLI$`).Match(readme) || frag != "install-the-cli" {
		t.Fatalf("README.md has no '## Install the CLI' section for %s", components.CLIInstallURL)
	}
	docs := courseDocs(t)
	mentioned := 0
	for name, doc := range docs {
		prose := doc.Find(".prose")
		notes := prose.Find(`[data-testid="get-cli"]`)
		mentions := cliMention.MatchString(prose.Text())
		if mentions {
			mentioned++
		}
		switch {
		case mentions && notes.Length() != 1:
			t.Errorf("%s mentions the CLI and has %d notes on getting it", name, notes.Length())
		case !mentions && notes.Length() != 0:
			t.Errorf("%s has a note on getting the CLI without mentioning it", name)
		case mentions && notes.Find("a").AttrOr("href", "") != components.CLIInstallURL:
			t.Errorf("%s: the note links %q", name, notes.Find("a").AttrOr("href", ""))
		}
	}
	if mentioned < 10 {
		t.Errorf("only %d pages mention the CLI", mentioned)
	}
}

// TestNoUnrenderedEmphasis: no "**" is left in a course page's text
// outside code. CommonMark does not open emphasis on "**" followed by
// punctuation such as “ unless a space or punctuation precedes it, which
// Chinese text rarely has (结果是**“…”** stays as typed; write
// 结果是“**…**”).
func TestNoUnrenderedEmphasis(t *testing.T) {
	for name, doc := range courseDocs(t) {
		prose := doc.Find(".prose").Clone()
		prose.Find("pre, code, svg").Remove()
		if txt := prose.Text(); strings.Contains(txt, "**") {
			i := strings.Index(txt, "**")
			t.Errorf("%s: unrendered emphasis: %q", name, txt[max(0, i-30):min(len(txt), i+30)])
		}
	}
}
