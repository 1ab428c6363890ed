package lsp

import (
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/lint"
)

// fixAllKind is the source action that applies every safe fix of the
// document at once, what `agentcard lint --fix` does to a file; editors
// run source.fixAll actions on save when asked to
// (editor.codeActionsOnSave in VS Code).
const fixAllKind protocol.CodeActionKind = "source.fixAll.agentcard"

// codeAction offers the fixes of every finding that touches the requested
// range as quick fixes, each a WorkspaceEdit of the fix's edits, safe and
// unsafe ones alike (an unsafe one says so in its title, since the
// editor's user is the person the rule asks to check); the first safe fix
// of a finding is the preferred one, what the CLI's --fix applies. With
// them, and alone when the client asks for source actions, comes "fix all
// safe problems" (fixAllKind) when the document has any.
func (s *server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d := s.document(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	quickFixes, fixAll := len(p.Context.Only) == 0, len(p.Context.Only) == 0
	for _, k := range p.Context.Only {
		quickFixes = quickFixes || admits(k, protocol.CodeActionKindQuickFix)
		fixAll = fixAll || admits(k, fixAllKind)
	}
	actions := []protocol.CodeAction{}
	if quickFixes {
		actions = append(actions, s.quickFixes(d, p.Range)...)
	}
	if fixAll {
		if a, ok := s.fixAll(d); ok {
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// quickFixes are the fixes of the findings that touch rng.
func (s *server) quickFixes(d *document, rng protocol.Range) []protocol.CodeAction {
	p := struct{ Range protocol.Range }{rng}
	doc := d.res.Doc
	from, to := offsetOf(doc, p.Range.Start), offsetOf(doc, p.Range.End)
	var offs []int
	var hit []int
	for i := range d.res.Diagnostics {
		x := &d.res.Diagnostics[i]
		if len(x.Fixes) == 0 || x.Range.Start.Offset > to || x.Range.End.Offset < from {
			continue
		}
		hit = append(hit, i)
		offs = append(offs, x.Range.Start.Offset, x.Range.End.Offset)
		for _, r := range x.Related {
			offs = append(offs, r.Range.Start.Offset, r.Range.End.Offset)
		}
		for _, f := range x.Fixes {
			for _, e := range f.Edits {
				offs = append(offs, e.Range.Start.Offset, e.Range.End.Offset)
			}
		}
	}
	if len(hit) == 0 {
		return nil
	}
	pos := newPositions(doc, offs)
	quick := protocol.CodeActionKindQuickFix
	actions := []protocol.CodeAction{}
	for _, i := range hit {
		x := &d.res.Diagnostics[i]
		diag := s.diagnostic(d.uri, pos, x)
		preferredDone := false
		for _, f := range x.Fixes {
			if len(f.Edits) == 0 {
				continue
			}
			edits := make([]protocol.TextEdit, 0, len(f.Edits))
			for _, e := range f.Edits {
				edits = append(edits, protocol.TextEdit{Range: pos.rangeOf(e.Range), NewText: e.NewText})
			}
			preferred := f.Safe && !preferredDone
			preferredDone = preferredDone || preferred
			title := f.Title
			if !f.Safe {
				title = s.cat.Sprintf("cli.lsp.fix-unsafe", f.Title)
			}
			actions = append(actions, protocol.CodeAction{
				Title:       title,
				Kind:        &quick,
				Diagnostics: []protocol.Diagnostic{diag},
				IsPreferred: &preferred,
				Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: edits}},
			})
		}
	}
	return actions
}

// fixAll is the source action that applies the document's safe fixes
// with core/fix, round after round as lint --fix does, as one edit of the
// whole text; none when nothing would change or fix refuses the document.
// A rule the configuration turned off keeps its fixes to itself.
func (s *server) fixAll(d *document) (protocol.CodeAction, bool) {
	cfg := d.cfg
	skip := func(code string) bool { return cfg != nil && cfg.Rules[code] == config.LevelOff }
	if !hasSafeFix(d.res.Diagnostics, skip) {
		return protocol.CodeAction{}, false
	}
	fr, err := fix.Apply(d.text, lint.Lint, fix.Options{Skip: skip})
	if err != nil || !fr.Changed {
		return protocol.CodeAction{}, false
	}
	doc := d.res.Doc
	pos := newPositions(doc, []int{0, len(doc.Src)})
	whole := pos.rangeOf(lint.Range{Start: doc.Pos(0), End: doc.Pos(len(doc.Src))})
	kind := fixAllKind
	return protocol.CodeAction{
		Title: s.cat.Sprintf("cli.lsp.fix-all-safe"),
		Kind:  &kind,
		Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{
			d.uri: {{Range: whole, NewText: string(fr.Output)}},
		}},
	}, true
}

func hasSafeFix(ds []lint.Diagnostic, skip func(string) bool) bool {
	for _, d := range ds {
		if skip(d.Code) {
			continue
		}
		for _, f := range d.Fixes {
			if f.Safe && len(f.Edits) > 0 {
				return true
			}
		}
	}
	return false
}

// admits reports whether a client's "only" kind admits kind: a kind
// admits itself and its sub-kinds ("source" admits
// "source.fixAll.agentcard"), and "" admits every kind.
func admits(only, kind protocol.CodeActionKind) bool {
	return only == "" || only == kind || strings.HasPrefix(string(kind), string(only)+".")
}
