package jsonpos

import (
	"bytes"
	"fmt"

	"github.com/agentcard/agentcard/core/i18n"
)

// Defaults for Options. A card is a few kilobytes; these bound the work a
// hostile document can cause.
const (
	DefaultMaxBytes = 1 << 20
	DefaultMaxDepth = 64
)

// Options bound the parser. Zero values mean the defaults.
type Options struct {
	MaxBytes int
	MaxDepth int
}

// Parse reads src. It never panics and always returns a Doc; syntax
// problems are in Doc.Problems. The Doc shares memory with src (Doc.Src,
// and the text of strings without escapes): src must not be modified while
// the Doc or its nodes are in use.
func Parse(src []byte, opt Options) *Doc {
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = DefaultMaxBytes
	}
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	d := &Doc{Src: src}
	if len(src) > opt.MaxBytes {
		d.lines = lineTable{0}
		d.Src = src[:0]
		d.Problems = append(d.Problems, Problem{Code: CodeTooLarge,
			Message: fmt.Sprintf("the document is %s; the limit is %s", sizeText(len(src)), sizeText(opt.MaxBytes))})
		return d
	}
	d.lines = newLineTable(src)
	p := &parser{d: d, src: src, maxDepth: opt.MaxDepth}
	p.run()
	p.summarize()
	return d
}

type parser struct {
	d        *Doc
	src      []byte
	i        int
	depth    int
	maxDepth int
	tooDeep  bool
	// counts holds, per code, how many problems were found; firstCut is
	// where the first one left out starts.
	counts   map[string]int
	firstCut map[string]int
	slabbed  bool
	key      Node // scratch node for member names
	stack    []*Node
	ptrs     []*Node
	ptrsDone bool
	estimate int
}

// firstSize is the size of the first node slab and pointer arena: the
// document's estimated values, capped (computed once).
func (p *parser) firstSize() int {
	if p.estimate == 0 {
		p.estimate = min(max(estimateValues(p.src), 16), 4096)
	}
	return p.estimate
}

func (p *parser) node(k Kind, start int) *Node {
	if len(p.d.slab) == 0 {
		// The first slab fits the document's values (an upper bound
		// counted from its separators, capped); later ones are for
		// hostile documents and grow in fixed steps.
		size := 256
		if !p.slabbed {
			p.slabbed = true
			size = p.firstSize()
		}
		p.d.slab = make([]Node, size)
	}
	n := &p.d.slab[0]
	p.d.slab = p.d.slab[1:]
	n.Kind = k
	n.Start = start
	return n
}

func (p *parser) run() {
	src := p.src
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.problemFix(CodeBOM, 0, 3, Fix{Title: "Remove the byte order mark", Edits: []Edit{p.d.Edit(0, 3, "")}},
			"the document starts with a UTF-8 byte order mark (U+FEFF); JSON text must not begin with one")
		p.i = 3
	}
	p.checkUTF8()
	p.skipSpace()
	if p.i >= len(src) {
		p.problem(CodeTruncated, p.i, p.i, "the document is empty; an Agent Card is a JSON object starting with '{'")
		return
	}
	if !isValueStart(src[p.i]) || (src[p.i] == '-' && (p.i+1 >= len(src) || src[p.i+1] < '0' || src[p.i+1] > '9') && !bytes.HasPrefix(src[p.i+1:], []byte("Infinity"))) {
		p.leadingText()
		if p.i >= len(src) {
			return
		}
	}
	p.d.Root = p.value(nil)
	p.skipSpace()
	if p.i < len(src) {
		start := p.i
		end := len(src)
		for end > start && isSpace(src[end-1]) {
			end--
		}
		p.problemFix(CodeTrailingText, start, end, Fix{Title: "Delete the text after the JSON value", Edits: []Edit{p.d.Edit(start, end, "")}},
			"unexpected %s after the end of the JSON value; a card holds exactly one object", describe(src[start:]))
	}
}

// leadingText handles a document whose first character cannot start a JSON
// value: front matter, a Markdown fence, an HTML page, a log line.
func (p *parser) leadingText() {
	src := p.src
	start := p.i
	if src[start] == '<' {
		p.problem(CodeSyntax, start, min(len(src), start+1),
			"the document starts with '<': this looks like HTML or XML, not JSON")
		p.i = len(src)
		return
	}
	brace := bytes.IndexByte(src[start:], '{')
	if brace < 0 {
		p.problem(CodeSyntax, start, min(len(src), start+1),
			"expected a JSON object ('{') but found %s", describe(src[start:]))
		p.i = len(src)
		return
	}
	end := start + brace
	p.problemFix(CodeLeadingText, start, end, Fix{Title: "Delete the text before the JSON object", Edits: []Edit{p.d.Edit(start, end, "")}},
		"found %s before the JSON object; the card must start with '{' (remove front matter, code fences or log lines)", describe(src[start:end]))
	p.i = end
}

// value parses one value at p.i (which the caller has positioned on a
// non-space byte or EOF).
func (p *parser) value(parent *Node) *Node {
	src := p.src
	if p.eof() {
		n := p.node(Invalid, p.i)
		n.End = p.i
		if parent == nil { // a container reports its own truncation
			p.truncated(nil)
		}
		return n
	}
	switch c := src[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"' || c == '\'':
		return p.string()
	case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
		return p.number()
	case isIdentStart(c):
		return p.literal()
	default:
		start := p.i
		n := p.node(Invalid, start)
		p.problem(CodeSyntax, start, start+runeLen(src[start:]), "expected a value (string, number, object, array, true, false or null) but found %s", describe(src[start:]))
		p.skipJunk()
		n.End = p.i
		return n
	}
}

func (p *parser) truncated(parent *Node) {
	if parent == nil {
		p.problem(CodeTruncated, p.i, p.i, "the document ends where a value was expected")
		return
	}
	pos := p.d.Pos(parent.Start)
	what := "object"
	closer := "}"
	if parent.Kind == Array {
		what, closer = "array", "]"
	}
	p.problem(CodeTruncated, p.i, p.i, "the document ends before the %s opened at line %d, column %d is closed with '%s' (was the file cut off?)", what, pos.Line, pos.Column, closer)
}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > p.maxDepth {
		return false
	}
	return true
}

// skipDeep skips a value nested beyond the depth limit without recursion.
func (p *parser) skipDeep(n *Node) {
	start := p.i
	if !p.tooDeep {
		p.tooDeep = true
		p.problem(CodeTooDeep, start, start+1, "values are nested more than %d levels deep; the rest of this value is not checked", p.maxDepth)
	}
	depth := 0
	inStr := false
	for p.i < len(p.src) {
		c := p.src[p.i]
		p.i++
		if inStr {
			if c == '\\' {
				p.i++
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				n.End = p.i
				return
			}
		}
	}
	n.End = p.i
}

func (p *parser) object() *Node {
	src := p.src
	n := p.node(Object, p.i)
	base := len(p.stack)
	defer func() {
		p.depth--
		p.settle(n, base)
		n.buildIndex()
	}()
	if !p.enter() {
		p.skipDeep(n)
		return n
	}
	p.i++ // '{'
	var seen map[string]*Node
	for {
		p.skipSpace()
		if p.eof() {
			p.truncated(n)
			n.End = p.i
			return n
		}
		c := src[p.i]
		if c == '}' {
			p.i++
			n.End = p.i
			return n
		}
		if c == ',' {
			// an empty slot: ",," or "{,"
			p.problem(CodeSyntax, p.i, p.i+1, "unexpected ',': a member name was expected")
			p.i++
			continue
		}
		// key
		keyStart := p.i
		var key string
		switch {
		case c == '"' || c == '\'':
			// a key needs only its text: read it into a scratch node
			// instead of spending a tree node on it
			p.key = Node{Kind: String, Start: p.i}
			p.stringInto(&p.key)
			key = p.key.Str
		case isIdentStart(c):
			end := p.i
			for end < len(src) && isIdentPart(src[end]) {
				end++
			}
			key = string(src[p.i:end])
			p.i = end
			p.problemFix(CodeUnquotedKey, keyStart, end, Fix{Title: "Quote the member name", Edits: []Edit{p.d.Edit(keyStart, end, Quote(key))}},
				"member name %s must be in double quotes: \"%s\"", key, key)
		case c == ']':
			p.problem(CodeSyntax, p.i, p.i+1, "found ']' where the object opened at line %d expects '}'", p.d.Pos(n.Start).Line)
			p.i++
			n.End = p.i
			return n
		default:
			p.problem(CodeSyntax, p.i, p.i+runeLen(src[p.i:]), "expected a member name in double quotes but found %s", describe(src[p.i:]))
			p.skipJunk()
			if !p.eof() && src[p.i] == ',' {
				p.i++
			} else if !p.eof() && src[p.i] == '\n' {
				p.i++
			}
			continue
		}
		keyEnd := p.i
		p.skipSpace()
		if p.eof() {
			p.truncated(n)
			n.End = p.i
			return n
		}
		if src[p.i] == ':' {
			p.i++
		} else if src[p.i] == '=' {
			p.problemFix(CodeSyntax, p.i, p.i+1, Fix{Title: "Use ':'", Edits: []Edit{p.d.Edit(p.i, p.i+1, ":")}}, "member %q is followed by '=' where JSON uses ':'", key)
			p.i++
		} else {
			p.problem(CodeSyntax, keyEnd, keyEnd, "expected ':' after member name %q but found %s", key, describe(src[p.i:]))
		}
		p.skipSpace()
		v := p.value(n)
		v.Parent = n
		v.Key = key
		v.KeyStart, v.KeyEnd = keyStart, keyEnd
		v.Index = len(n.Children)
		// duplicate names: the later one is the problem, since parsers
		// disagree on which value wins.
		if len(n.Children) < 16 && seen == nil {
			for _, prev := range n.Children {
				if prev.Key == key {
					p.duplicate(prev, v)
					break
				}
			}
		} else {
			if seen == nil {
				seen = make(map[string]*Node, 2*len(n.Children))
				for _, prev := range n.Children {
					if _, ok := seen[prev.Key]; !ok {
						seen[prev.Key] = prev
					}
				}
			}
			if prev, ok := seen[key]; ok {
				p.duplicate(prev, v)
			} else {
				seen[key] = v
			}
		}
		p.push(n, base, v)
		if !p.afterMember(n) {
			return n
		}
	}
}

func (p *parser) duplicate(prev, v *Node) {
	pos := p.d.Pos(prev.KeyStart)
	if p.problem(CodeDuplicateKey, v.KeyStart, v.KeyEnd,
		"member %q appears again (first at line %d, column %d); JSON readers disagree on which value wins, so keep one", v.Key, pos.Line, pos.Column) {
		p.d.Problems[len(p.d.Problems)-1].Related = []Related{{Label: i18n.EnglishCatalogue().S(RelatedFirstKey), Text: i18n.T(RelatedFirstKey), Start: prev.KeyStart, End: prev.KeyEnd}}
	}
}

// afterMember consumes the separator after an object member or array
// element. It returns false when the container was closed (or the input
// ended), true to read the next member.
func (p *parser) afterMember(n *Node) bool {
	src := p.src
	closer := byte('}')
	if n.Kind == Array {
		closer = ']'
	}
	p.skipSpace()
	if p.eof() {
		p.truncated(n)
		n.End = p.i
		return false
	}
	c := src[p.i]
	switch {
	case c == closer:
		p.i++
		n.End = p.i
		return false
	case c == ',':
		comma := p.i
		p.i++
		p.skipSpace()
		if !p.eof() && src[p.i] == closer {
			// Reported where a reader stops (the closing bracket), as
			// other JSON tools do; the message and fix point at the comma.
			cpos := p.d.Pos(comma)
			p.problemFix(CodeTrailingComma, p.i, p.i+1, Fix{Title: "Remove the trailing comma", Edits: []Edit{p.d.Edit(comma, comma+1, "")}},
				"trailing comma (line %d, column %d) before '%c': JSON does not allow a comma after the last %s", cpos.Line, cpos.Column, closer, map[bool]string{true: "element", false: "member"}[n.Kind == Array])
			p.i++
			n.End = p.i
			return false
		}
		return true
	case (c == '}' || c == ']') && c != closer:
		pos := p.d.Pos(n.Start)
		p.problem(CodeSyntax, p.i, p.i+1, "found '%c' but the %s opened at line %d, column %d needs '%c'", c, n.Kind, pos.Line, pos.Column, closer)
		p.i++
		n.End = p.i
		return false
	case (c == '"' || c == '\'') && n.Kind == Object && n.Children[len(n.Children)-1].Kind == String && !p.keyFollows():
		// "a": "x" "y" — a second string where no member can start:
		// someone expected strings to be joined. Read it into the value.
		last := n.Children[len(n.Children)-1]
		at := last.End
		s := p.string()
		p.problemFix(CodeMissingComma, at, s.End, Fix{Title: "Merge the strings", Edits: []Edit{p.d.Edit(last.Start, s.End, Quote(last.Str+s.Str))}},
			"two strings side by side in the value of %q; JSON cannot join strings, merge them into one", last.Key)
		last.Str += s.Str
		last.End = s.End
		return p.afterMember(n)
	case isValueStart(c) || c == '\'' || isIdentStart(c):
		last := n.Children[len(n.Children)-1]
		at := last.End
		if (c == '"' || c == '\'') && last.Kind == String && n.Kind == Array {
			p.problemFix(CodeMissingComma, at, p.i, Fix{Title: "Insert a comma", Edits: []Edit{p.d.Edit(at, at, ",")}},
				"two strings side by side with no comma between them; JSON cannot join strings — add a comma or merge them into one")
		} else if (c == '"' || c == '\'') && last.Kind == String {
			p.problemFix(CodeMissingComma, at, p.i, Fix{Title: "Insert a comma", Edits: []Edit{p.d.Edit(at, at, ",")}},
				"missing comma after member %q (or two strings side by side: JSON cannot join strings)", last.Key)
		} else {
			what := "element"
			if n.Kind == Object {
				what = fmt.Sprintf("member %q", last.Key)
			}
			p.problemFix(CodeMissingComma, at, p.i, Fix{Title: "Insert a comma", Edits: []Edit{p.d.Edit(at, at, ",")}},
				"missing comma after %s", what)
		}
		return true
	default:
		p.problem(CodeSyntax, p.i, p.i+runeLen(src[p.i:]), "expected ',' or '%c' but found %s", closer, describe(src[p.i:]))
		p.skipJunk()
		if !p.eof() && src[p.i] == '\n' {
			p.i++
		}
		if p.eof() {
			p.truncated(n)
			n.End = p.i
			return false
		}
		if src[p.i] == ',' {
			p.i++
		}
		return true
	}
}

func (p *parser) array() *Node {
	src := p.src
	n := p.node(Array, p.i)
	base := len(p.stack)
	defer func() {
		p.depth--
		p.settle(n, base)
	}()
	if !p.enter() {
		p.skipDeep(n)
		return n
	}
	p.i++ // '['
	for {
		p.skipSpace()
		if p.eof() {
			p.truncated(n)
			n.End = p.i
			return n
		}
		c := src[p.i]
		if c == ']' {
			p.i++
			n.End = p.i
			return n
		}
		if c == ',' {
			p.problem(CodeSyntax, p.i, p.i+1, "unexpected ',': an element was expected (JSON has no empty array slots)")
			p.i++
			continue
		}
		if c == '}' {
			pos := p.d.Pos(n.Start)
			p.problem(CodeSyntax, p.i, p.i+1, "found '}' but the array opened at line %d, column %d needs ']'", pos.Line, pos.Column)
			p.i++
			n.End = p.i
			return n
		}
		v := p.value(n)
		v.Parent = n
		v.Index = len(n.Children)
		p.push(n, base, v)
		if !p.afterMember(n) {
			return n
		}
	}
}

// push appends a child of the open container n, whose children start at
// stack[base]. While a container is open its Children are a view of the
// parser's stack (nested containers push above it and settle before n's
// next child); settle moves them into the shared pointer arena, so a
// document's child lists cost one allocation instead of one growing
// slice per container.
func (p *parser) push(n *Node, base int, v *Node) {
	p.stack = append(p.stack, v)
	n.Children = p.stack[base:len(p.stack):len(p.stack)]
}

func (p *parser) settle(n *Node, base int) {
	k := len(p.stack) - base
	if k == 0 {
		n.Children = nil
		return
	}
	if len(p.ptrs) < k {
		p.ptrs = make([]*Node, max(k, p.ptrSize()))
	}
	c := p.ptrs[:k:k]
	p.ptrs = p.ptrs[k:]
	copy(c, p.stack[base:])
	clear(p.stack[base:])
	p.stack = p.stack[:base]
	n.Children = c
}

// ptrSize is the size of the next pointer arena: the first fits the
// document (see estimateValues), later ones grow in fixed steps.
func (p *parser) ptrSize() int {
	if !p.ptrsDone {
		p.ptrsDone = true
		return p.firstSize()
	}
	return 256
}
