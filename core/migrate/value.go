package migrate

import (
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// value is an editable copy of a JSON value that keeps the order of
// members and the exact spelling of scalars (number forms, string
// escapes), so the migrated card reads like the original apart from what
// migration changed.
type value struct {
	kind    jsonpos.Kind
	raw     string // scalars: the JSON text as written
	s       string // strings: the decoded text
	members []member
	items   []*value
}

type member struct {
	key string
	val *value
}

// copyNode copies a parsed value. The document has no syntax problems
// (migrate refuses others), so each scalar's source bytes are valid JSON.
func copyNode(src []byte, n *jsonpos.Node) *value {
	v := &value{kind: n.Kind}
	switch n.Kind {
	case jsonpos.Object:
		v.members = make([]member, 0, len(n.Children))
		for _, c := range n.Children {
			v.members = append(v.members, member{key: c.Key, val: copyNode(src, c)})
		}
	case jsonpos.Array:
		v.items = make([]*value, 0, len(n.Children))
		for _, c := range n.Children {
			v.items = append(v.items, copyNode(src, c))
		}
	default:
		v.raw = string(src[n.Start:n.End])
		if n.Kind == jsonpos.String {
			v.s = n.Str
		}
	}
	return v
}

func str(s string) *value { return &value{kind: jsonpos.String, raw: jsonpos.Quote(s), s: s} }

// text is the decoded text of a string value, "" for anything else.
func (v *value) text() string {
	if v == nil || v.kind != jsonpos.String {
		return ""
	}
	return v.s
}

func (v *value) isObject() bool { return v != nil && v.kind == jsonpos.Object }

func object(ms ...member) *value { return &value{kind: jsonpos.Object, members: ms} }

func array(items ...*value) *value { return &value{kind: jsonpos.Array, items: items} }

func (v *value) index(key string) int {
	if v == nil || v.kind != jsonpos.Object {
		return -1
	}
	for i := len(v.members) - 1; i >= 0; i-- { // the last of duplicates, as readers do
		if v.members[i].key == key {
			return i
		}
	}
	return -1
}

func (v *value) get(key string) *value {
	if i := v.index(key); i >= 0 {
		return v.members[i].val
	}
	return nil
}

// set replaces key's value in place, or appends the member.
func (v *value) set(key string, val *value) {
	if i := v.index(key); i >= 0 {
		v.members[i].val = val
		return
	}
	v.members = append(v.members, member{key, val})
}

// insert puts a member at position i (clamped to the object's length).
func (v *value) insert(i int, key string, val *value) {
	if i < 0 || i > len(v.members) {
		i = len(v.members)
	}
	v.members = append(v.members, member{})
	copy(v.members[i+1:], v.members[i:])
	v.members[i] = member{key, val}
}

// del removes every member named key and reports whether there was one.
func (v *value) del(key string) bool {
	out := v.members[:0]
	found := false
	for _, m := range v.members {
		if m.key == key {
			found = true
			continue
		}
		out = append(out, m)
	}
	v.members = out
	return found
}

// lineWidth is how long a line holding a whole container may be, as
// cards usually write interface entries, tags and modes on one line;
// shortNested is how long a one-line container holding other non-empty
// containers may be ({"schemes": {"bearer": {"list": []}}}).
const (
	lineWidth   = 120
	shortNested = 60
)

// write appends v pretty-printed at the given indentation depth: objects
// and arrays holding other non-empty containers, or too long for one line,
// are written one member per line, two spaces per level.
func write(b *strings.Builder, v *value, depth int) {
	switch v.kind {
	case jsonpos.Object, jsonpos.Array:
		n := len(v.members) + len(v.items)
		if n == 0 {
			if v.kind == jsonpos.Object {
				b.WriteString("{}")
			} else {
				b.WriteString("[]")
			}
			return
		}
		if one := compact(v); len(one)+2*depth <= lineWidth && (flat(v) || len(one) <= shortNested) {
			b.WriteString(one)
			return
		}
		open, close := "{", "}"
		if v.kind == jsonpos.Array {
			open, close = "[", "]"
		}
		b.WriteString(open)
		pad := strings.Repeat("  ", depth+1)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
			b.WriteString(pad)
			if v.kind == jsonpos.Object {
				b.WriteString(jsonpos.Quote(v.members[i].key))
				b.WriteString(": ")
				write(b, v.members[i].val, depth+1)
			} else {
				write(b, v.items[i], depth+1)
			}
		}
		b.WriteByte('\n')
		b.WriteString(strings.Repeat("  ", depth))
		b.WriteString(close)
	default:
		b.WriteString(v.raw)
	}
}

// flat reports a container whose members are all scalars or empty
// containers.
func flat(v *value) bool {
	for _, m := range v.members {
		if !scalarish(m.val) {
			return false
		}
	}
	for _, it := range v.items {
		if !scalarish(it) {
			return false
		}
	}
	return true
}

func scalarish(v *value) bool {
	return (v.kind != jsonpos.Object && v.kind != jsonpos.Array) || len(v.members)+len(v.items) == 0
}

func compact(v *value) string {
	var b strings.Builder
	b.WriteString(map[bool]string{true: "{", false: "["}[v.kind == jsonpos.Object])
	for i, m := range v.members {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(jsonpos.Quote(m.key))
		b.WriteString(": ")
		write(&b, m.val, 0)
	}
	for i, it := range v.items {
		if i > 0 {
			b.WriteString(", ")
		}
		write(&b, it, 0)
	}
	b.WriteString(map[bool]string{true: "}", false: "]"}[v.kind == jsonpos.Object])
	return b.String()
}
