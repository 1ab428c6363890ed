package jsonpos

import (
	"bytes"
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
		d.Problems = append(d.Problems, newProblem(CodeTooLarge, 0, 0, "msg.json-too-large", sizeText(len(src)), sizeText(opt.MaxBytes)))
		return d
	}
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
		p.problemFix(CodeBOM, 0, 3, safeFix(text("fix.remove-bom"), p.d.Edit(0, 3, "")), "msg.json-bom")
		p.i = 3
	}
	p.checkUTF8()
	p.skipSpace()
	if p.i >= len(src) {
		p.problem(CodeTruncated, p.i, p.i, "msg.json-truncated.empty")
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
		p.problemFix(CodeTrailingText, start, end, fix(text("fix.delete-trailing-text"), p.d.Edit(start, end, "")),
			"msg.json-trailing-text", describe(src[start:]))
	}
}

// leadingText handles a document whose first character cannot start a JSON
// value: front matter, a Markdown fence, an HTML page, a log line.
func (p *parser) leadingText() {
	src := p.src
	start := p.i
	if src[start] == '<' {
		p.problem(CodeSyntax, start, min(len(src), start+1), "msg.json-syntax.html")
		p.i = len(src)
		return
	}
	brace := bytes.IndexByte(src[start:], '{')
	if brace < 0 {
		p.problem(CodeSyntax, start, min(len(src), start+1), "msg.json-syntax.not-object", describeHead(src[start:]))
		p.i = len(src)
		return
	}
	end := start + brace
	p.problemFix(CodeLeadingText, start, end, fix(text("fix.delete-leading-text"), p.d.Edit(start, end, "")),
		"msg.json-leading-text", describeHead(src[start:end]))
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
		p.problem(CodeSyntax, start, start+runeLen(src[start:]), "msg.json-syntax.expected-value", describe(src[start:]))
		p.skipJunk()
		n.End = p.i
		return n
	}
}

func (p *parser) truncated(parent *Node) {
	if parent == nil {
		p.problem(CodeTruncated, p.i, p.i, "msg.json-truncated.value")
		return
	}
	pos := p.d.Pos(parent.Start)
	id := "msg.json-truncated.object"
	if parent.Kind == Array {
		id = "msg.json-truncated.array"
	}
	p.problem(CodeTruncated, p.i, p.i, id, pos)
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
		p.problem(CodeTooDeep, start, start+1, "msg.json-too-deep", p.maxDepth)
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
			p.problem(CodeSyntax, p.i, p.i+1, "msg.json-syntax.empty-member")
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
			p.problemFix(CodeUnquotedKey, keyStart, end, safeFix(text("fix.quote-key"), p.d.Edit(keyStart, end, Quote(key))),
				"msg.json-unquoted-key", Clip(key, MaxQuoted), QuoteClipped(key))
		case c == ']':
			pos := p.d.Pos(n.Start)
			p.problem(CodeSyntax, p.i, p.i+1, "msg.json-syntax.mismatched-object", pos)
			p.i++
			n.End = p.i
			return n
		default:
			p.problem(CodeSyntax, p.i, p.i+runeLen(src[p.i:]), "msg.json-syntax.expected-key", describe(src[p.i:]))
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
			p.problemFix(CodeSyntax, p.i, p.i+1, safeFix(text("fix.use-colon"), p.d.Edit(p.i, p.i+1, ":")), "msg.json-syntax.equals", QuoteClipped(key))
			p.i++
		} else {
			p.problem(CodeSyntax, keyEnd, keyEnd, "msg.json-syntax.expected-colon", QuoteClipped(key), describe(src[p.i:]))
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

// duplicate reports v's name as a repeat of prev's. A document can repeat
// one name many thousands of times: past the cap the repeat is only
// counted, without quoting the name or locating the first one.
func (p *parser) duplicate(prev, v *Node) {
	if !p.admit(CodeDuplicateKey, v.KeyStart) {
		return
	}
	pos := p.d.Pos(prev.KeyStart)
	pr := newProblem(CodeDuplicateKey, v.KeyStart, v.KeyEnd, "msg.json-duplicate-key", QuoteClipped(v.Key), pos)
	pr.Related = []Related{{Text: text(RelatedFirstKey), Start: prev.KeyStart, End: prev.KeyEnd}}
	p.d.Problems = append(p.d.Problems, pr)
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
			// Reported on the comma itself, where the fix edits: an
			// editor offers a finding's fixes where the finding is, and
			// the comma is what the author has to look at.
			cpos := p.d.Pos(comma)
			id := "msg.json-trailing-comma.object"
			if n.Kind == Array {
				id = "msg.json-trailing-comma.array"
			}
			p.problemFix(CodeTrailingComma, comma, comma+1, safeFix(text("fix.remove-trailing-comma"), p.d.Edit(comma, comma+1, "")), id, cpos)
			p.i++
			n.End = p.i
			return false
		}
		return true
	case (c == '}' || c == ']') && c != closer:
		// c is the other closer: ']' in an object, '}' in an array.
		pos := p.d.Pos(n.Start)
		id := "msg.json-syntax.mismatched-object"
		if n.Kind == Array {
			id = "msg.json-syntax.mismatched-array"
		}
		p.problem(CodeSyntax, p.i, p.i+1, id, pos)
		p.i++
		n.End = p.i
		return false
	case (c == '"' || c == '\'') && n.Kind == Object && n.Children[len(n.Children)-1].Kind == String && !p.keyFollows():
		// "a": "x" "y" — a second string where no member can start:
		// someone expected strings to be joined. Read it into the value.
		last := n.Children[len(n.Children)-1]
		at := last.End
		s := p.string()
		p.problemFix(CodeMissingComma, at, s.End, fix(text("fix.merge-strings"), p.d.Edit(last.Start, s.End, Quote(last.Str+s.Str))),
			"msg.json-missing-comma.merge-strings", QuoteClipped(last.Key))
		last.Str += s.Str
		last.End = s.End
		return p.afterMember(n)
	case isValueStart(c) || c == '\'' || isIdentStart(c):
		last := n.Children[len(n.Children)-1]
		at := last.End
		comma := safeFix(text("fix.insert-comma"), p.d.Edit(at, at, ","))
		switch {
		case (c == '"' || c == '\'') && last.Kind == String && n.Kind == Array:
			p.problemFix(CodeMissingComma, at, p.i, comma, "msg.json-missing-comma.adjacent-strings")
		case (c == '"' || c == '\'') && last.Kind == String:
			p.problemFix(CodeMissingComma, at, p.i, comma, "msg.json-missing-comma.after-string", QuoteClipped(last.Key))
		case n.Kind == Object:
			p.problemFix(CodeMissingComma, at, p.i, comma, "msg.json-missing-comma.member", QuoteClipped(last.Key))
		default:
			p.problemFix(CodeMissingComma, at, p.i, comma, "msg.json-missing-comma.element")
		}
		return true
	default:
		p.problem(CodeSyntax, p.i, p.i+runeLen(src[p.i:]), "msg.json-syntax.expected-separator", string(rune(closer)), describe(src[p.i:]))
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
			p.problem(CodeSyntax, p.i, p.i+1, "msg.json-syntax.empty-element")
			p.i++
			continue
		}
		if c == '}' {
			pos := p.d.Pos(n.Start)
			p.problem(CodeSyntax, p.i, p.i+1, "msg.json-syntax.mismatched-array", pos)
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
