package components

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/hostile"
)

// excerptText is what a reader sees of an excerpt: the lines joined by
// newlines (line numbers and "…" are drawn by CSS).
func excerptText(lines []ExcerptLine) string {
	var parts []string
	for _, l := range lines {
		parts = append(parts, l.Before+l.Marked+l.After)
	}
	return strings.Join(parts, "\n")
}

func TestSourceExcerpt(t *testing.T) {
	pretty := "{\n  \"a\": 1,\n  \"b\": 2,\n\t\"c\":  \"x  y\",\n  \"d\": 4,\n  \"e\": 5,\n  \"f\": 6\n}"
	long := `{"a":"` + strings.Repeat("x", 5000) + `","b":"日本語"` + strings.Repeat(`,"é":"ü"`, 200) + `}`
	cjk := strings.Repeat("語", 100) // 3-byte characters on both sides of the cut
	cases := []struct {
		name       string
		src, mark  string // mark: the text of the range (its first occurrence)
		wantText   string // the excerpt's whole text, when checked exactly
		wantMarked string
		clipStart  bool
		clipEnd    bool
	}{
		{name: "pretty card: two lines each side, text untouched", src: pretty, mark: `"x  y"`,
			wantText: "  \"a\": 1,\n  \"b\": 2,\n\t\"c\":  \"x  y\",\n  \"d\": 4,\n  \"e\": 5,", wantMarked: `"x  y"`},
		{name: "first line", src: pretty, mark: "{", wantText: "{\n  \"a\": 1,\n  \"b\": 2,", wantMarked: "{"},
		{name: "one long line: a window on both sides", src: long, mark: `"日本語"`, wantMarked: `"日本語"`, clipStart: true, clipEnd: true},
		{name: "cuts fall inside characters", src: `{"k":"` + cjk + `","v":"` + cjk + `"}`, mark: `"v"`, wantMarked: `"v"`, clipStart: true, clipEnd: true},
		{name: "long range: the mark is cut", src: long, mark: `"` + strings.Repeat("x", 5000) + `"`, wantMarked: `"` + strings.Repeat("x", excerptMark-1), clipEnd: true},
		{name: "CR LF lines", src: "{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}", mark: `"b"`, wantText: "{\n  \"a\": 1,\n  \"b\": 2\n}", wantMarked: `"b"`},
		{name: "empty range at the end", src: `{"a":1}`, mark: "", wantText: `{"a":1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := jsonpos.Parse([]byte(c.src), jsonpos.Options{})
			start := strings.Index(c.src, c.mark)
			if c.mark == "" {
				start = len(c.src)
			}
			lines := SourceExcerpt(doc.Src, doc.Span(start, start+len(c.mark)))
			if len(lines) == 0 {
				t.Fatal("no excerpt")
			}
			text := excerptText(lines)
			src := strings.ReplaceAll(c.src, "\r\n", "\n")
			if c.wantText != "" && text != c.wantText {
				t.Errorf("text = %q, want %q", text, c.wantText)
			}
			if !strings.Contains(src, text) {
				t.Errorf("the excerpt is not the card's text: %q", text)
			}
			var marked string
			for _, l := range lines {
				marked += l.Marked
				for _, p := range []string{l.Before, l.Marked, l.After} {
					if !utf8.ValidString(p) {
						t.Errorf("a character was split: %q", p)
					}
				}
			}
			if marked != c.wantMarked {
				t.Errorf("marked = %q, want %q", marked, c.wantMarked)
			}
			if lines[0].ClipStart != c.clipStart || lines[len(lines)-1].ClipEnd != c.clipEnd {
				t.Errorf("clip start %v end %v, want %v %v", lines[0].ClipStart, lines[len(lines)-1].ClipEnd, c.clipStart, c.clipEnd)
			}
			if max := 2*excerptContext + excerptMark + 2*utf8.UTFMax; len(text) > max {
				t.Errorf("excerpt of %d bytes, over %d", len(text), max)
			}
			for i, l := range lines {
				if l.Marked != "" && l.Number != doc.Pos(start).Line || i > 0 && l.Number != lines[i-1].Number+1 {
					t.Errorf("line %d numbered %d (range starts on line %d)", i, l.Number, doc.Pos(start).Line)
					break
				}
				if l.Marked != "" {
					break
				}
			}
		})
	}
}

// The excerpt a reader sees is the card's text, character for character:
// no spaces around the marked range, tabs kept, line numbers outside the
// text. (The report used to add a space on each side of the mark.)
func TestReportExcerptIsExact(t *testing.T) {
	card := strings.Replace(reportCard, `"protocolBinding": "jsonrpc"`, "\t\"protocolBinding\":  \"jsonrpc\"", 1)
	rep := discovery.Analyze(fetched(card), lint.Lint, lint.Options{})
	d := render(t, ReportPage(NewReportView(rep, "https://checker.example", i18n.English)))
	item := d.Find(`[data-testid=diagnostic][data-code=interface-binding-variant]`)
	if item.Length() != 1 {
		t.Fatal("no binding finding")
	}
	code := item.Find(`[data-testid=excerpt] code`)
	got := code.Text()
	at := strings.Index(card, got)
	if at < 0 || !strings.Contains(got, "\t\"protocolBinding\":  \"jsonrpc\"") {
		t.Errorf("the excerpt is not the card's text as written:\n%q", got)
	}
	if line := strings.Count(card[:max(at, 0)], "\n") + 1; code.Find(`.xl`).First().AttrOr("data-n", "") != strconv.Itoa(line) {
		t.Errorf("first line numbered %q, the text starts on line %d", code.Find(`.xl`).First().AttrOr("data-n", ""), line)
	}
	if got := code.Find("mark").Text(); got != `"jsonrpc"` {
		t.Errorf("marked %q", got)
	}
}

// Card findings come before how the card is served; each topic is a
// collapsible group with its counts; errors come first within a group.
func TestReportGroups(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	d := render(t, ReportPage(NewReportView(rep, "https://checker.example", i18n.English)))
	groups := d.Find(`[data-testid=diagnostics] > details[data-testid=finding-group]`)
	if groups.Length() < 2 {
		t.Fatalf("%d groups", groups.Length())
	}
	if last := groups.Last().AttrOr("data-topic", ""); last != "http" {
		t.Errorf("last group %q, want http", last)
	}
	total := 0
	groups.Each(func(i int, g *goquery.Selection) {
		topic := g.AttrOr("data-topic", "")
		if g.Find("summary").Length() != 1 {
			t.Errorf("group %s has no summary", topic)
		}
		counts := map[string]int{}
		prev := -1
		g.Find(`[data-testid=diagnostic]`).Each(func(_ int, s *goquery.Selection) {
			sev := s.AttrOr("data-severity", "")
			counts[sev]++
			if r := sevRank(sev); r < prev {
				t.Errorf("group %s: %s after a lower severity", topic, sev)
			} else {
				prev = r
			}
		})
		total += counts["error"] + counts["warning"] + counts["info"]
		if want := countsText(i18n.English, counts["error"], counts["warning"], counts["info"]); g.Find(`[data-testid=group-counts]`).Text() != want {
			t.Errorf("group %s counts %q, want %q", topic, g.Find(`[data-testid=group-counts]`).Text(), want)
		}
		_, open := g.Attr("open")
		if open != (counts["error"]+counts["warning"] > 0) {
			t.Errorf("group %s open=%v with counts %v", topic, open, counts)
		}
	})
	if total != len(rep.Result.Diagnostics) {
		t.Errorf("groups hold %d findings of %d", total, len(rep.Result.Diagnostics))
	}
}

func TestCountsText(t *testing.T) {
	for _, c := range []struct {
		e, w, i int
		want    string
	}{
		{1, 0, 0, "1 error"}, {2, 1, 0, "2 errors, 1 warning"}, {0, 2, 1, "2 warnings, 1 info"},
		{0, 0, 3, "3 infos"}, {0, 0, 0, "no findings"},
	} {
		if got := countsText(i18n.English, c.e, c.w, c.i); got != c.want {
			t.Errorf("countsText(%d, %d, %d) = %q, want %q", c.e, c.w, c.i, got, c.want)
		}
	}
}

// hostileReport renders the report page of a hostile card as the Worker
// would (findings, interfaces and three clients' traces).
func hostileReport(t testing.TB, data []byte) (ReportView, []byte) {
	rep := discovery.Analyze(fetched(string(data)), lint.Lint, lint.Options{})
	v := NewReportView(rep, "https://checker.example", i18n.English)
	var buf bytes.Buffer
	if err := ReportPage(v).Render(t.Context(), &buf); err != nil {
		t.Fatal(err)
	}
	return v, buf.Bytes()
}

// A one-line 438 KB card with 5,000 interfaces used to copy the whole line
// into every excerpt (gigabytes, the Worker died). The page is now bounded
// by the list limits, whatever the card: every hostile input of the
// project's robustness set gives a page under 600 KB.
func TestReportBoundedOnHostileCards(t *testing.T) {
	for _, c := range hostile.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			start := time.Now()
			v, page := hostileReport(t, c.Data)
			t.Logf("%d bytes in, %d findings, page %d bytes, %v", len(c.Data), v.Findings.Total, len(page), time.Since(start))
			if len(page) > 600<<10 {
				t.Errorf("page of %d bytes", len(page))
			}
			d, err := goquery.NewDocumentFromReader(bytes.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			listed := d.Find(`[data-testid=diagnostics] [data-testid=diagnostic]`).Length()
			if listed > MaxListed || listed != min(v.Findings.Total, MaxListed) {
				t.Errorf("%d findings listed of %d", listed, v.Findings.Total)
			}
			if more := v.Findings.Total - listed; more > 0 && d.Find(`[data-testid=more-findings]`).AttrOr("data-count", "") != strconv.Itoa(more) {
				t.Errorf("no clear 'N more findings' line for %d", more)
			}
			ex := d.Find(`[data-testid=diagnostics] [data-testid=excerpt]`)
			if ex.Length() > MaxExcerpts {
				t.Errorf("%d excerpts", ex.Length())
			}
			ex.Each(func(_ int, s *goquery.Selection) {
				if n := len(s.Text()); n > 2*excerptContext+excerptMark+20 {
					t.Errorf("excerpt of %d bytes", n)
				}
			})
			if n := d.Find(`[data-testid=interface]`).Length(); n > MaxRows {
				t.Errorf("%d interface rows", n)
			}
			if l := len(d.Find(`[data-testid=open-in-editor]`).AttrOr("href", "")); l > 100<<10 {
				t.Errorf("editor link of %d bytes", l)
			}
		})
	}
}

// BenchmarkReportHostile renders the report page of every hostile card;
// BenchmarkLintHostile, its baseline, only lints them (the report cannot
// cost much more than finding what it lists).
func BenchmarkReportHostile(b *testing.B) {
	for _, c := range hostile.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			var size int
			for b.Loop() {
				_, page := hostileReport(b, c.Data)
				size = len(page)
			}
			b.ReportMetric(float64(size), "page-bytes")
		})
	}
}

func BenchmarkLintHostile(b *testing.B) {
	for _, c := range hostile.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				discovery.Analyze(fetched(string(c.Data)), lint.Lint, lint.Options{})
			}
		})
	}
}

// Over the limits, the page lists the most important findings (errors
// first), gives excerpts to the first of them, and says how many are left
// out, in total and per group.
func TestFindingsLimits(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	all := rep.Result.Diagnostics
	if len(all) < 5 {
		t.Fatalf("only %d findings", len(all))
	}
	f := newFindings(rep.Result, i18n.English, 3, 1)
	d := render(t, FindingGroups(f))
	items := d.Find(`[data-testid=diagnostic]`)
	if items.Length() != 3 || d.Find(`[data-testid=excerpt]`).Length() != 1 {
		t.Errorf("%d listed, %d excerpts", items.Length(), d.Find(`[data-testid=excerpt]`).Length())
	}
	errors := 0
	for _, dg := range all {
		if dg.Severity == lint.Error {
			errors++
		}
	}
	if got := d.Find(`[data-testid=diagnostic][data-severity=error]`).Length(); got != min(errors, 3) {
		t.Errorf("%d errors listed of %d", got, errors)
	}
	if got := d.Find(`[data-testid=more-findings]`).AttrOr("data-count", ""); got != strconv.Itoa(len(all)-3) {
		t.Errorf("more-findings %q, want %d", got, len(all)-3)
	}
	sum := 0
	d.Find(`[data-testid=group-unlisted]`).Each(func(_ int, s *goquery.Selection) {
		n, _ := strconv.Atoi(s.AttrOr("data-count", ""))
		sum += n
	})
	if sum != len(all)-3 {
		t.Errorf("groups leave out %d, want %d", sum, len(all)-3)
	}
	if d.Find(`[data-testid=excerpts-omitted]`).Length() != 1 {
		t.Error("no word about the excerpts left out")
	}
}

// TestReportMasksSecrets: the report (/check) shows a secret that
// credential-in-card finds only masked, in every excerpt, its own and
// that of another finding on its line (issue 36, B23: three excerpts
// held the whole key); a body that is not a card gets no excerpt (B22).
func TestReportMasksSecrets(t *testing.T) {
	key := "sk-live-" + "51HxSECRETSECRETSECRET0123456789"
	card := strings.Replace(reportCard, `"protocolBinding": "jsonrpc"`, `"protocolBinding": "jsonrpc", "apiKey": "`+key+`"`, 1)
	rep := discovery.Analyze(fetched(card), lint.Lint, lint.Options{})
	var buf bytes.Buffer
	if err := ReportPage(NewReportView(rep, "https://checker.example", i18n.English)).Render(t.Context(), &buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if !strings.Contains(page, "credential-in-card") {
		t.Fatal("no credential finding")
	}
	if strings.Contains(page, key[:6]) || strings.Contains(page, key[9:]) {
		t.Error("the key is in the report")
	}
	d := render(t, ReportPage(NewReportView(rep, "https://checker.example", i18n.English)))
	masked := 0
	d.Find(`[data-testid=excerpt] code`).Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), `"sk-l****`) {
			masked++
		}
	})
	if masked < 2 {
		t.Errorf("%d excerpts show the masked key, want its own and the binding's", masked)
	}

	env := "API_TOKEN=" + key + "\n"
	rep = discovery.Analyze(fetched(env), lint.Lint, lint.Options{})
	buf.Reset()
	if err := ReportPage(NewReportView(rep, "https://checker.example", i18n.English)).Render(t.Context(), &buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "API_TOKEN") {
		t.Error("a body that is not a card is shown in an excerpt")
	}
}
