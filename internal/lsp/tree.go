package lsp

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// nodeAt is the innermost node whose key or value contains the byte
// offset off, and whether off is on its key. A cursor just after a value
// (at its End) still counts as on it, as editors place the caret there
// after typing.
func nodeAt(root *jsonpos.Node, off int) (n *jsonpos.Node, onKey bool) {
	if root == nil || off < root.Start || off > root.End {
		return nil, false
	}
	n = root
	for {
		var next *jsonpos.Node
		for _, c := range n.Children {
			if c.IsMember() && off >= c.KeyStart && off < c.KeyEnd {
				return c, true
			}
			if off >= c.Start && off <= c.End && (off < c.End || len(c.Children) == 0) {
				next = c
				break
			}
		}
		if next == nil {
			return n, false
		}
		n = next
	}
}

// topEras are the eras whose fields apply at the top of a card, as the
// structure rules read them: a 0.2/0.3 card accepts the fields of both
// legacy versions.
func topEras(era card.Era) card.Eras {
	if era == card.Era03 || era == card.Era02 {
		return card.Legacy
	}
	return era.Set()
}

// typeOf is the catalogue type expression of node n's value ("AgentCard",
// "[]AgentSkill", "string", …) and the eras that apply there, following
// the field catalogue from the root as the structure rules do; "" when the
// catalogue does not describe n.
func typeOf(n *jsonpos.Node, top card.Eras) (string, card.Eras) {
	if n.Parent == nil {
		return "AgentCard", top
	}
	pt, eras := typeOf(n.Parent, top)
	switch {
	case pt == "":
		return "", eras
	case strings.HasPrefix(pt, "[]"):
		switch n.Parent.Key {
		case "supportedInterfaces", "securityRequirements":
			eras = card.V10
		case "additionalInterfaces", "security":
			eras = card.Legacy
		}
		return pt[2:], eras
	case strings.HasPrefix(pt, "map["):
		return pt[4 : len(pt)-1], eras
	}
	if f := fieldOf(n.Parent, pt, n.Key, eras); f != nil {
		return f.Type, eras
	}
	return "", eras
}

// fieldOf finds member name of an object of catalogue type object. A
// securitySchemes entry is a 1.0 wrapper or, with a "type" member, a
// 0.2/0.3 scheme (a mixed card's may be both).
func fieldOf(obj *jsonpos.Node, object, name string, eras card.Eras) *card.Field {
	if object == "SecurityScheme" {
		if obj.Has("type") {
			if f := card.Lookup("LegacySecurityScheme", name, card.Legacy); f != nil {
				return f
			}
		}
		return card.Lookup("SecurityScheme", name, card.V10)
	}
	if f := card.Lookup(object, name, eras); f != nil {
		return f
	}
	return card.LookupAny(object, name) // a field of another era: still worth explaining
}

// memberField is the catalogue entry of member m, or nil.
func memberField(m *jsonpos.Node, top card.Eras) *card.Field {
	if !m.IsMember() {
		return nil
	}
	pt, eras := typeOf(m.Parent, top)
	if pt == "" || strings.HasPrefix(pt, "[]") || strings.HasPrefix(pt, "map[") {
		return nil
	}
	return fieldOf(m.Parent, pt, m.Key, eras)
}

// objectFields lists the members an object of catalogue type object may
// have in eras.
func objectFields(obj *jsonpos.Node, object string, eras card.Eras) []*card.Field {
	if object == "SecurityScheme" {
		fs := append([]*card.Field(nil), card.ObjectFields("SecurityScheme")...)
		if obj.Has("type") {
			fs = append(fs, card.ObjectFields("LegacySecurityScheme")...)
		}
		return fs
	}
	var out []*card.Field
	for _, f := range card.ObjectFields(object) {
		if f.In&eras != 0 {
			out = append(out, f)
		}
	}
	return out
}
