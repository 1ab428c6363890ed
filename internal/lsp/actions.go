package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// codeAction offers the fixes of every finding that touches the requested
// range as quick fixes, each a WorkspaceEdit of the fix's edits; the
// first fix of a finding is the preferred one (what the CLI's --fix
// applies).
func (s *server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d := s.document(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	if len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		return nil, nil
	}
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
		return []protocol.CodeAction{}, nil
	}
	pos := newPositions(doc, offs)
	quick := protocol.CodeActionKindQuickFix
	actions := []protocol.CodeAction{}
	for _, i := range hit {
		x := &d.res.Diagnostics[i]
		diag := s.diagnostic(d.uri, pos, x)
		for j, f := range x.Fixes {
			if len(f.Edits) == 0 {
				continue
			}
			edits := make([]protocol.TextEdit, 0, len(f.Edits))
			for _, e := range f.Edits {
				edits = append(edits, protocol.TextEdit{Range: pos.rangeOf(e.Range), NewText: e.NewText})
			}
			preferred := j == 0
			actions = append(actions, protocol.CodeAction{
				Title:       f.Title,
				Kind:        &quick,
				Diagnostics: []protocol.Diagnostic{diag},
				IsPreferred: &preferred,
				Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: edits}},
			})
		}
	}
	return actions, nil
}

// wantsQuickFix reports whether a client's "only" filter admits quick
// fixes (a kind admits its sub-kinds: "quickfix" and "" both do).
func wantsQuickFix(only []protocol.CodeActionKind) bool {
	for _, k := range only {
		if k == "" || k == protocol.CodeActionKindQuickFix {
			return true
		}
	}
	return false
}
