package components

import (
	"bytes"
	"context"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// Bounds of one findings list. A hostile card can carry a thousand
// findings on one 400 KB line; the page must stay small and quick to render
// whatever the card, so only the most important findings are listed and
// only the first of those get a piece of the source.
const (
	// MaxListed is how many findings one list shows; the counts always
	// cover every finding.
	MaxListed = 200
	// MaxExcerpts is how many listed findings get a source excerpt.
	MaxExcerpts = 50

	excerptContext   = 80  // bytes of source shown on each side of a range
	excerptMark      = 160 // longest marked run shown
	excerptLines     = 2   // whole lines of context above and below, at most
	excerptMarkLines = 8   // line breaks inside the marked run, at most
)

// ExcerptLine is one line of a source excerpt, split where the finding's
// range starts and ends on it. Before+Marked+After is exactly the user's
// text on that line (within the excerpt's window).
type ExcerptLine struct {
	Number                int
	Before, Marked, After string
	ClipStart, ClipEnd    bool // the window cuts this line before its start / after its end
}

// DiagnosticView is one finding as the report shows it.
type DiagnosticView struct {
	Code, Severity, Message, Pointer string
	Line, Column                     int
	RuleHref                         templ.SafeURL
	RuleTitle                        string
	Topic                            string
	Excerpt                          []ExcerptLine
	HTTP                             bool // about how the card is served, not a place in it
}

// FindingGroup is the findings of one topic, errors first.
type FindingGroup struct {
	Topic, Title            string
	Errors, Warnings, Infos int
	Items                   []DiagnosticView // the listed ones
	Unlisted                int              // findings of this topic left out of Items
}

// Open says whether the group starts expanded: anything above info does.
func (g FindingGroup) Open() bool { return g.Errors+g.Warnings > 0 }

// Findings is a findings list shaped for the page: card topics in the
// catalogue's order, "how the card is served" last, with counts per group.
type Findings struct {
	Lang             i18n.Lang
	Total            int
	Groups           []FindingGroup
	Unlisted         int // findings not listed, over all groups
	WithoutExcerpt   int // listed card findings whose excerpt was left out (over MaxExcerpts)
	MaxListed        int
	MaxExcerptsShown int
}

// otherTopic holds findings whose code has no rule in the catalogue.
const otherTopic = "other"

// TopicTitle is the heading of a rule topic in l, on the report and the
// learn pages (the playground's ids, ui.playground.topic.<topic>); a topic without one is shown as
// its name.
func TopicTitle(l i18n.Lang, topic string) string {
	id := "ui.playground.topic." + topic // the playground's findings panel shows the same headings
	if !Catalogue(l).Has(id) {
		return topic
	}
	return tr(l, id)
}

// topicOrder ranks topics for the page: the catalogue's order, with the
// card's own topics before "http" (card problems matter first) and
// uncatalogued findings just before it.
func topicOrder(topic string) int {
	if topic == "http" {
		return len(lint.Topics) + 1
	}
	for i, t := range lint.Topics {
		if t == topic {
			return i
		}
	}
	return len(lint.Topics)
}

// NewFindings groups a lint result's findings, in language l. Work and
// output are bounded by the list limits, not by the number of findings:
// views (excerpts, messages in l) are built for the listed findings only.
func NewFindings(res *lint.Result, l i18n.Lang) Findings {
	return newFindings(res, l, MaxListed, MaxExcerpts)
}

func newFindings(res *lint.Result, l i18n.Lang, maxListed, maxExcerpts int) Findings {
	l = langOf(l)
	f := Findings{Lang: l, MaxListed: maxListed, MaxExcerptsShown: maxExcerpts}
	if res == nil {
		return f
	}
	ds := res.Diagnostics
	f.Total = len(ds)

	// Rank every finding: errors first, then by place (HTTP findings
	// after the card's). Only indexes are sorted, nothing is copied.
	type ranked struct {
		i     int
		topic string
		http  bool
	}
	all := make([]ranked, len(ds))
	groups := map[string]*FindingGroup{}
	for i, d := range ds {
		topic := otherTopic
		if r := lint.RuleFor(d.Code); r != nil {
			topic = r.Topic
		}
		all[i] = ranked{i: i, topic: topic, http: topic == "http"}
		g := groups[topic]
		if g == nil {
			g = &FindingGroup{Topic: topic, Title: TopicTitle(l, topic)}
			groups[topic] = g
		}
		switch d.Severity {
		case lint.Error:
			g.Errors++
		case lint.Warning:
			g.Warnings++
		default:
			g.Infos++
		}
	}
	sort.SliceStable(all, func(a, b int) bool {
		da, db := ds[all[a].i], ds[all[b].i]
		if da.Severity != db.Severity {
			return da.Severity < db.Severity
		}
		if all[a].http != all[b].http {
			return !all[a].http
		}
		return da.Range.Start.Offset < db.Range.Start.Offset
	})
	if len(all) > maxListed {
		f.Unlisted = len(all) - maxListed
		for _, r := range all[maxListed:] {
			groups[r.topic].Unlisted++
		}
		all = all[:maxListed]
	}
	excerpts := 0
	cat := Catalogue(l)
	// no excerpt of what is not a card, secrets masked (lint.Result)
	src := res.ExcerptSource()
	for _, r := range all {
		dv := diagnosticView(ds[r.i], r.topic, cat)
		if !dv.HTTP && src != nil {
			if excerpts < maxExcerpts {
				dv.Excerpt = SourceExcerpt(src, ds[r.i].Range)
				excerpts++
			} else {
				f.WithoutExcerpt++
			}
		}
		g := groups[r.topic]
		g.Items = append(g.Items, dv)
	}
	for _, g := range groups {
		// Within a group: errors, then warnings, then infos, each in the
		// card's order. The global order above already is by severity,
		// then place, so the items only need a stable sort by severity.
		sort.SliceStable(g.Items, func(a, b int) bool {
			return sevRank(g.Items[a].Severity) < sevRank(g.Items[b].Severity)
		})
		f.Groups = append(f.Groups, *g)
	}
	sort.Slice(f.Groups, func(a, b int) bool {
		return topicOrder(f.Groups[a].Topic) < topicOrder(f.Groups[b].Topic)
	})
	return f
}

func sevRank(s string) int {
	switch s {
	case "error":
		return 0
	case "warning":
		return 1
	}
	return 2
}

// diagnosticView is one finding in cat's language: its message rendered
// from its id and arguments (a finding without an id keeps its text), the
// rule's title and page in that language.
func diagnosticView(d lint.Diagnostic, topic string, cat *i18n.Catalogue) DiagnosticView {
	msg := d.Message
	if d.MessageID != "" && cat.Lang() != i18n.English {
		msg = cat.Render(i18n.Text{ID: d.MessageID, Args: d.Args})
	}
	dv := DiagnosticView{Code: clip(d.Code, maxText), Severity: d.Severity.String(), Message: clip(msg, maxMessage), Pointer: clip(d.Pointer, maxText),
		Line: d.Range.Start.Line, Column: d.Range.Start.Column, Topic: topic,
		RuleHref: templ.SafeURL(lint.RulePathIn(cat.Lang(), d.Code)), HTTP: topic == "http"}
	if r := lint.RuleFor(d.Code); r != nil {
		dv.RuleTitle = r.Localized(cat).Title
	}
	return dv
}

// SourceExcerpt is the piece of src around r: the range's first
// excerptMark bytes, marked, with up to excerptLines lines and at most
// excerptContext bytes of context on each side. It reads only that window
// of the source (a minified card is one long line: copying the line per
// finding is what took the Worker down), never splits a UTF-8 character,
// and keeps the text exactly as written: tabs, spaces and all.
func SourceExcerpt(src []byte, r jsonpos.Range) []ExcerptLine {
	start, end := r.Start.Offset, r.End.Offset
	if r.Start.Line < 1 || start < 0 || start > len(src) {
		return nil
	}
	end = min(max(end, start), len(src))

	// The marked run, cut when long.
	markEnd, cut := end, false
	if markEnd-start > excerptMark {
		markEnd, cut = runeStart(src, start+excerptMark), true
	}
	if i := nthIndex(src[start:markEnd], '\n', excerptMarkLines); i >= 0 {
		markEnd, cut = start+i, true
	}
	// Context before: back to the start of the line excerptLines above,
	// or excerptContext bytes.
	lo := max(0, start-excerptContext)
	if i := nthLastIndex(src[lo:start], '\n', excerptLines+1); i >= 0 {
		lo += i + 1
	}
	lo = runeStart(src, lo)
	// Context after: to the end of the line excerptLines below, or
	// excerptContext bytes; none when the mark itself was cut.
	hi := markEnd
	if !cut {
		hi = min(len(src), markEnd+excerptContext)
		if i := nthIndex(src[markEnd:hi], '\n', excerptLines+1); i >= 0 {
			hi = markEnd + i
		}
		hi = runeStart(src, hi)
	}

	number := r.Start.Line - bytes.Count(src[lo:start], []byte{'\n'})
	var out []ExcerptLine
	for a := lo; ; number++ {
		b := hi
		if i := bytes.IndexByte(src[a:hi], '\n'); i >= 0 {
			b = a + i
		}
		text := b
		if text > a && src[text-1] == '\r' {
			text-- // the line terminator is CR LF
		}
		l := ExcerptLine{Number: number}
		ms, me := min(max(start, a), text), min(max(markEnd, a), text)
		l.Before, l.Marked, l.After = clean(src[a:ms]), clean(src[ms:me]), clean(src[me:text])
		l.ClipStart = a == lo && lo > 0 && src[lo-1] != '\n'
		out = append(out, l)
		if b >= hi {
			break
		}
		a = b + 1
	}
	last := &out[len(out)-1]
	last.ClipEnd = cut || hi < len(src) && src[hi] != '\n' && src[hi] != '\r'
	return out
}

// nthIndex is the index of the n-th c in b (n ≥ 1), or -1.
func nthIndex(b []byte, c byte, n int) int {
	off := 0
	for ; n > 0; n-- {
		i := bytes.IndexByte(b[off:], c)
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off - 1
}

// nthLastIndex is the index of the n-th c from the end of b (n ≥ 1), or -1.
func nthLastIndex(b []byte, c byte, n int) int {
	end := len(b)
	for ; n > 0; n-- {
		i := bytes.LastIndexByte(b[:end], c)
		if i < 0 {
			return -1
		}
		end = i
	}
	return end
}

// runeStart moves i back to the first byte of the character it is in
// (at most utf8.UTFMax-1 bytes: invalid bytes stand alone).
func runeStart(s []byte, i int) int {
	if i >= len(s) {
		return len(s)
	}
	for k := 1; k < utf8.UTFMax && i > 0 && !utf8.RuneStart(s[i]); k++ {
		i--
	}
	return i
}

// clean makes a piece of source valid UTF-8 for the page; valid text is
// returned unchanged (the browser would show U+FFFD for invalid bytes
// anyway).
func clean(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// excerptCode writes an excerpt as <code>: one span per line, separated by
// the newline itself, so that the element's text is exactly the source
// window (line numbers and the "…" of a cut line are drawn by CSS from
// attributes and empty elements, and are not part of the text).
func excerptCode(lines []ExcerptLine) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		var b strings.Builder
		b.WriteString("<code>")
		for i, l := range lines {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(`<span class="xl" data-n="`)
			b.WriteString(strconv.Itoa(l.Number))
			b.WriteString(`">`)
			if l.ClipStart {
				b.WriteString(`<span class="clip" aria-hidden="true"></span>`)
			}
			b.WriteString(templ.EscapeString(l.Before))
			if l.Marked != "" {
				b.WriteString("<mark>")
				b.WriteString(templ.EscapeString(l.Marked))
				b.WriteString("</mark>")
			}
			b.WriteString(templ.EscapeString(l.After))
			if l.ClipEnd {
				b.WriteString(`<span class="clip" aria-hidden="true"></span>`)
			}
			b.WriteString("</span>")
		}
		b.WriteString("</code>")
		_, err := io.WriteString(w, b.String())
		return err
	})
}
