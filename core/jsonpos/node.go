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
	Kind Kind
	Bool bool // the value of a boolean (next to Kind: the node stays small)
	// Parent is the containing object or array (nil for the root).
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
	Str string
	// Children are the members of an object (in source order, duplicates
	// kept) or the elements of an array.
	Children []*Node
	// index maps member names to the last member of that name, for
	// objects with more than indexFrom members (built by the parser), so
	// that rules looking members up stay linear on hostile objects with
	// thousands of members.
	index map[string]*Node
}

// indexFrom is the member count above which an object gets an index; small
// objects (every real card's) are searched directly, which is faster.
const indexFrom = 16

func (n *Node) buildIndex() {
	if n.Kind != Object || len(n.Children) <= indexFrom {
		return
	}
	n.index = make(map[string]*Node, len(n.Children))
	for _, c := range n.Children {
		n.index[c.Key] = c
	}
}

// Get returns the member named key, or nil. With duplicate names it returns
// the last one, the value JavaScript's JSON.parse, Python's json and Go's
// encoding/json keep, so rules and selection see what most clients see
// (the duplicate itself is a syntax finding). It is nil-safe, so lookups
// can be chained: n.Get("provider").Get("url").
//
// It is never inlined: the engine looks members up at several hundred
// places, and inlining each copy of the loop cost the Worker's
// size-limited bundle 41 KB gzip (docs/PERFORMANCE.md), for about 2%
// of lint time on a small card.
//
//go:noinline
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	if n.index != nil {
		return n.index[key]
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

// MaxPointer bounds the pointers that BoundedPointer returns, in bytes.
const MaxPointer = 256

// PointerEllipsis ends a pointer that was cut at MaxPointer bytes. It is
// not a valid pointer token ending, so a cut pointer cannot be mistaken
// for a complete one.
const PointerEllipsis = "…"

// BoundedPointer is Pointer cut to at most MaxPointer bytes, ending in
// PointerEllipsis when cut. Its cost is bounded by the depth and the
// limit, not by the length of the member names: under a chain of long
// keys the full pointer could be megabytes, repeated in every finding.
func (n *Node) BoundedPointer() string {
	if n == nil || n.Parent == nil {
		return ""
	}
	var chain [64]*Node
	path := chain[:0]
	for c := n; c.Parent != nil; c = c.Parent {
		path = append(path, c)
	}
	buf := make([]byte, 0, 64)
	for i := len(path) - 1; i >= 0; i-- {
		c := path[i]
		buf = append(buf, '/')
		if c.Parent.Kind == Object {
			buf = appendEscaped(buf, c.Key, MaxPointer+1-len(buf))
		} else {
			buf = strconv.AppendInt(buf, int64(c.Index), 10)
		}
		if len(buf) > MaxPointer {
			return Clip(string(buf[:min(len(buf), MaxPointer+4)]), MaxPointer)
		}
	}
	return string(buf)
}

// ChildBoundedPointer is ChildPointer with the bound of BoundedPointer.
func (n *Node) ChildBoundedPointer(key string) string {
	b := []byte(n.BoundedPointer())
	if len(b) > MaxPointer-2 {
		return Clip(string(b), MaxPointer)
	}
	b = append(b, '/')
	b = appendEscaped(b, key, MaxPointer+1-len(b))
	return Clip(string(b), MaxPointer)
}

// appendEscaped appends the pointer token of key, stopping after about
// room bytes (the caller clips).
func appendEscaped(buf []byte, key string, room int) []byte {
	for i := 0; i < len(key) && room > 0; i++ {
		switch key[i] {
		case '~':
			buf = append(buf, '~', '0')
		case '/':
			buf = append(buf, '~', '1')
		default:
			buf = append(buf, key[i])
		}
		room--
	}
	return buf
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
