package lsp

import (
	"slices"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// completion offers, from the field catalogue, the members an object may
// still have (on a key, or between members) and the closed or well-known
// values of a string (inside the string). Each item replaces the whole
// key or string it is typed in, so accepting one never leaves a stray
// quote.
func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d := s.document(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	doc := d.res.Doc
	off := offsetOf(doc, p.Position)
	top := topEras(d.res.Detection.Era)
	n, onKey := nodeAt(doc.Root, off)
	if n == nil {
		return nil, nil
	}
	var items []protocol.CompletionItem
	switch {
	case onKey:
		items = s.memberItems(doc, n.Parent, top, n.KeyStart, n.KeyEnd, `"%s"`, n.Key)
	case n.Kind == jsonpos.String && off > n.Start && off <= n.End:
		items = s.valueItems(doc, n, top)
	case n.Kind == jsonpos.Object && off > n.Start && off < n.End:
		items = s.memberItems(doc, n, top, off, off, `"%s": `, "")
	}
	if len(items) == 0 {
		return nil, nil
	}
	return protocol.CompletionList{Items: items}, nil
}

// memberItems lists the fields obj may still get; each item's edit puts
// the name (formatted by format) over [start, end). current is the key
// being edited, which stays offered.
func (s *server) memberItems(doc *jsonpos.Doc, obj *jsonpos.Node, top card.Eras, start, end int, format, current string) []protocol.CompletionItem {
	if obj == nil || obj.Kind != jsonpos.Object {
		return nil
	}
	object, eras := typeOf(obj, top)
	if object == "" || strings.HasPrefix(object, "[]") || strings.HasPrefix(object, "map[") || object == "object" {
		return nil
	}
	rng := newPositions(doc, []int{start, end}).rangeOf(doc.Span(start, end))
	kind := protocol.CompletionItemKindProperty
	var items []protocol.CompletionItem
	for _, f := range objectFields(obj, object, eras) {
		if f.Name != current && obj.Has(f.Name) {
			continue
		}
		sort := "1" + f.Name
		if f.Required&eras != 0 {
			sort = "0" + f.Name
		}
		detail := f.Type
		items = append(items, protocol.CompletionItem{
			Label:         f.Name,
			Kind:          &kind,
			Detail:        &detail,
			Documentation: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: s.fieldDoc(f)},
			SortText:      &sort,
			FilterText:    ptr(`"` + f.Name + `"`),
			TextEdit:      protocol.TextEdit{Range: rng, NewText: strings.Replace(format, "%s", f.Name, 1)},
		})
	}
	return items
}

// valueItems lists the catalogue's values for string n: a member's own
// values, or those of the list field n is an element of.
func (s *server) valueItems(doc *jsonpos.Doc, n *jsonpos.Node, top card.Eras) []protocol.CompletionItem {
	m := n
	if !n.IsMember() && n.Parent != nil && n.Parent.Kind == jsonpos.Array {
		m = n.Parent
	}
	f := memberField(m, top)
	if f == nil || len(f.Values) == 0 {
		return nil
	}
	rng := newPositions(doc, []int{n.Start, n.End}).rangeOf(doc.Range(n))
	kind := protocol.CompletionItemKindEnumMember
	items := make([]protocol.CompletionItem, 0, len(f.Values))
	for i, v := range f.Values {
		if m != n && v != n.Str && slices.ContainsFunc(m.Children, func(c *jsonpos.Node) bool { return c.Str == v }) {
			continue // already in the list
		}
		sort := string(rune('a' + min(i, 25)))
		q := jsonpos.Quote(v)
		items = append(items, protocol.CompletionItem{
			Label:      v,
			Kind:       &kind,
			Detail:     ptr(f.Name),
			SortText:   &sort,
			FilterText: &q,
			TextEdit:   protocol.TextEdit{Range: rng, NewText: q},
		})
	}
	return items
}

func ptr[T any](v T) *T { return &v }
