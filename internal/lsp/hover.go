package lsp

import (
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// hover explains what is under the cursor: the field (its explanation,
// type, where it is required, what replaces it if it is legacy, and the
// specification sections that define it) and the rule behind every
// finding there (title, explanation, how to fix, link to its page).
func (s *server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d := s.document(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	doc := d.res.Doc
	off := offsetOf(doc, p.Position)
	var parts []string
	var span *jsonpos.Range

	n, _ := nodeAt(doc.Root, off)
	for m := n; m != nil; m = m.Parent {
		if !m.IsMember() {
			continue
		}
		if f := memberField(m, topEras(d.res.Detection.Era)); f != nil {
			parts = append(parts, s.fieldDoc(f))
			r := doc.KeyRange(m)
			span = &r
		}
		break
	}
	for i := range d.res.Diagnostics {
		x := &d.res.Diagnostics[i]
		if x.Range.Start.Offset <= off && off <= x.Range.End.Offset {
			parts = append(parts, s.ruleDoc(x))
			if span == nil {
				r := x.Range
				span = &r
			}
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	h := &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}}
	if span != nil {
		pos := newPositions(doc, []int{span.Start.Offset, span.End.Offset})
		r := pos.rangeOf(*span)
		h.Range = &r
	}
	return h, nil
}

// fieldDoc is a field's entry in the reader's language, as Markdown.
func (s *server) fieldDoc(f *card.Field) string {
	lf := f.Localized(s.cat)
	var b strings.Builder
	b.WriteString("**`" + f.Name + "`** `" + f.Type + "` · " + f.Object + "\n\n")
	b.WriteString(markdownText(lf.Doc))
	var facts []string
	if eras := (f.Required & f.In).EraNames(); len(eras) > 0 {
		facts = append(facts, s.cat.Sprintf("cli.lsp.hover.required", strings.Join(eras, ", ")))
	}
	if f.Removed != "" && f.Replacement != "" {
		facts = append(facts, s.cat.Sprintf("cli.lsp.hover.replaced", f.Removed, "`"+f.Replacement+"`"))
	} else if f.Removed != "" {
		facts = append(facts, s.cat.Sprintf("cli.lsp.hover.removed", f.Removed))
	}
	if len(f.Values) > 0 {
		facts = append(facts, s.cat.Sprintf("cli.lsp.hover.values", "`"+strings.Join(f.Values, "`, `")+"`"))
	}
	if len(facts) > 0 {
		b.WriteString("\n\n" + strings.Join(facts, "\n\n"))
	}
	if len(f.Refs) > 0 {
		links := make([]string, 0, len(f.Refs))
		for _, r := range f.Refs {
			links = append(links, link(r.String(), r.URL))
		}
		b.WriteString("\n\n" + s.cat.Sprintf("cli.lsp.hover.spec", strings.Join(links, " · ")))
	}
	return b.String()
}

// ruleDoc explains the rule behind a finding, as Markdown.
func (s *server) ruleDoc(x *lint.Diagnostic) string {
	rp := lint.RuleFor(x.Code)
	if rp == nil {
		return "**" + s.cat.S("phrase.severity."+x.Severity.String()) + "** `" + x.Code + "`"
	}
	r := rp.Localized(s.cat)
	var b strings.Builder
	b.WriteString("**" + markdownText(r.Title) + "** · " + s.cat.S("phrase.severity."+x.Severity.String()) + " `" + x.Code + "`\n\n")
	b.WriteString(markdownText(r.Explanation))
	if r.HowToFix != "" {
		b.WriteString("\n\n" + s.cat.Sprintf("cli.lsp.hover.how-to-fix", markdownText(r.HowToFix)))
	}
	if x.URL != "" {
		b.WriteString("\n\n" + link(s.cat.S("cli.lsp.hover.rule-page"), x.URL))
	}
	return b.String()
}

// link is a Markdown link; the text's brackets are escaped.
func link(text, url string) string {
	return "[" + markdownText(text) + "](" + strings.ReplaceAll(url, ")", "%29") + ")"
}

// markdownText escapes the characters that would turn catalogue prose
// into Markdown or HTML (the catalogues are plain text).
func markdownText(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune("\\`*_[]<>#|", c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
