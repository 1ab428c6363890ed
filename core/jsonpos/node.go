package jsonpos

import (
	"strconv"
	"strings"
)

// Kind is the JSON type of a node.
type Kind uint8

const (
	Invalid Kind = iota // a value the parser could not read; never reported as a type
	Null
	Bool
	Number
	String
	Object
	Array
)

var kindNames = [...]string{"invalid", "null", "boolean", "number", "string", "object", "array"}

// String returns the JSON Schema name of the kind ("boolean", "object", …).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Node is one JSON value. Offsets are bytes into Doc.Src; use Doc.Range and
// Doc.KeyRange to get line and column. Keeping offsets only (and computing
// lines on demand from one table) keeps the tree small for megabyte cards.
type Node struct {
	Kind   Kind
	Parent *Node
	// Key is the member name when the parent is an object; KeyStart/KeyEnd
	// span the key including its quotes. Index is the position in the parent.
	Key              string
	KeyStart, KeyEnd int
	Index            int
	// Start and End span the value: [Start, End).
	Start, End int
	// Str is the decoded text of a string, or the raw text of a number or
	// non-finite literal (NaN) as written.
	Str  string
	Bool bool
	// Children are the members of an object (in source order, duplicates
	// kept) or the elements of an array.
	Children []*Node
}

// Get returns the member named key, or nil. With duplicate names it returns
// the last one, the value JavaScript's JSON.parse, Python's json and Go's
// encoding/json keep, so rules and selection see what most clients see
// (the duplicate itself is a syntax finding). It is nil-safe, so lookups
// can be chained: n.Get("provider").Get("url").
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := len(n.Children) - 1; i >= 0; i-- {
		if c := n.Children[i]; c.Key == key {
			return c
		}
	}
	return nil
}

// Has reports whether an object has a member named key.
func (n *Node) Has(key string) bool { return n.Get(key) != nil }

// IsMember reports whether the node is the value of an object member.
func (n *Node) IsMember() bool { return n != nil && n.Parent != nil && n.Parent.Kind == Object }

// Text returns the string value when the node is a string, else "".
func (n *Node) Text() string {
	if n == nil || n.Kind != String {
		return ""
	}
	return n.Str
}

// Pointer returns the RFC 6901 JSON Pointer of the node ("" for the root).
func (n *Node) Pointer() string {
	if n == nil || n.Parent == nil {
		return ""
	}
	var parts []string
	for c := n; c.Parent != nil; c = c.Parent {
		if c.Parent.Kind == Object {
			parts = append(parts, escapePointer(c.Key))
		} else {
			parts = append(parts, strconv.Itoa(c.Index))
		}
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(parts[i])
	}
	return b.String()
}

// ChildPointer is the pointer of a (possibly missing) member key of n.
func (n *Node) ChildPointer(key string) string {
	return n.Pointer() + "/" + escapePointer(key)
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	s = strings.ReplaceAll(s, "~", "~0")
	return strings.ReplaceAll(s, "/", "~1")
}

// Walk calls fn for n and every descendant, depth first in source order.
// Returning false from fn skips that node's children.
func (n *Node) Walk(fn func(*Node) bool) {
	if n == nil {
		return
	}
	if !fn(n) {
		return
	}
	for _, c := range n.Children {
		c.Walk(fn)
	}
}

// Lookup resolves an RFC 6901 pointer against the tree, or returns nil.
func (d *Doc) Lookup(pointer string) *Node {
	n := d.Root
	if pointer == "" {
		return n
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil
	}
	for _, tok := range strings.Split(pointer[1:], "/") {
		if n == nil {
			return nil
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n.Kind {
		case Object:
			n = n.Get(tok)
		case Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.Children) {
				return nil
			}
			n = n.Children[i]
		default:
			return nil
		}
	}
	return n
}
