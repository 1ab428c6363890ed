package jsonpos

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/agentcard/agentcard/core/i18n"
)

// Syntax problem codes. Each is also a rule in the lint catalogue, which
// holds its explanation; the parser only says where and what.
const (
	CodeSyntax         = "json-syntax"
	CodeComment        = "json-comment"
	CodeTrailingComma  = "json-trailing-comma"
	CodeSingleQuote    = "json-single-quote"
	CodeUnquotedKey    = "json-unquoted-key"
	CodeBOM            = "json-bom"
	CodeLeadingText    = "json-leading-text"
	CodeTrailingText   = "json-trailing-text"
	CodeMissingComma   = "json-missing-comma"
	CodeNonFinite      = "json-non-finite-number"
	CodeTruncated      = "json-truncated"
	CodeDuplicateKey   = "json-duplicate-key"
	CodeInvalidUTF8    = "json-invalid-utf8"
	CodeTooLarge       = "json-too-large"
	CodeTooDeep        = "json-too-deep"
	CodeInvalidNumber  = "json-invalid-number"
	CodeInvalidString  = "json-invalid-string"
	CodeInvalidLiteral = "json-invalid-literal"

	// CodeCapped is the summary of a capped code: after MaxPerCode
	// problems of one code, further ones are only counted, and one
	// problem with this code (and Omitted, OmittedCode set) says how many
	// were left out. The lint catalogue holds its explanation.
	CodeCapped = "findings-capped"
)

// Defaults for Options. A card is a few kilobytes; these bound the work a
// hostile document can cause.
const (
	DefaultMaxBytes = 1 << 20
	DefaultMaxDepth = 64
	// MaxPerCode is how many problems of one code are reported in full; a
	// document with 20,000 comments gets 20 comment problems and one
	// summary, so the work and output stay bounded.
	MaxPerCode = 20
	// MaxMessage bounds a problem's message in bytes: member names and
	// excerpts quoted in it are clipped (see Clip).
	MaxMessage = 512
)

// Options bound the parser. Zero values mean the defaults.
type Options struct {
	MaxBytes int
	MaxDepth int
}

// Problem is a syntax finding. Problems are errors: a card with any of them
// is not valid JSON, even when the parser could recover a tree.
type Problem struct {
	Code    string
	Message string
	// Text is Message as data (catalogue id and arguments), so that any
	// program can show it in its reader's language.
	Text  i18n.Text
	Start int
	End   int
	Fixes []Fix
	// Related are other places the problem involves (the first
	// occurrence of a duplicate key), as data so that editors can link to
	// them and SARIF can list them, not only as words in Message.
	Related []Related
	// Omitted and OmittedCode are set on a CodeCapped summary: how many
	// problems of OmittedCode were counted but not reported.
	Omitted     int
	OmittedCode string
}

// Related is a second place a problem points at: a byte span and a short
// label saying what is there (RelatedFirstKey, ...), so that callers can
// word or translate it.
type Related struct {
	Label string
	// Text is Label as data.
	Text  i18n.Text
	Start int
	End   int
}

// Labels of related places.
const (
	// RelatedFirstKey marks the first occurrence of a duplicated member
	// name.
	RelatedFirstKey = "related.first-key"
)

// Doc is a parsed document: the source, the tree (nil when nothing could be
// read), and every syntax problem found on the way.
type Doc struct {
	Src      []byte
	Root     *Node
	Problems []Problem
	lines    lineTable
	slab     []Node
}

// Pos converts a byte offset to a Position.
func (d *Doc) Pos(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(d.Src) {
		off = len(d.Src)
	}
	return d.lines.pos(off)
}

// Span converts a byte span to a Range.
func (d *Doc) Span(start, end int) Range { return Range{Start: d.Pos(start), End: d.Pos(end)} }

// Range is the span of a node's value.
func (d *Doc) Range(n *Node) Range { return d.Span(n.Start, n.End) }

// KeyRange is the span of a member's key, or of the value for array
// elements and the root.
func (d *Doc) KeyRange(n *Node) Range {
	if n.IsMember() {
		return d.Span(n.KeyStart, n.KeyEnd)
	}
	return d.Range(n)
}

// LineCount is the number of lines in the source.
func (d *Doc) LineCount() int { return len(d.lines) }

// Line returns the text of 1-based line n without its line terminator.
func (d *Doc) Line(n int) string {
	if n < 1 || n > len(d.lines) {
		return ""
	}
	start := d.lines[n-1]
	end := len(d.Src)
	if n < len(d.lines) {
		end = d.lines[n] - 1
	}
	if end > start && d.Src[end-1] == '\r' {
		end--
	}
	return string(d.Src[start:end])
}

// LineBounds returns the byte span [start, end) of 1-based line n without
// its line terminator, without copying the text (a minified card is one
// line of up to 1 MiB; callers slice the window they show).
func (d *Doc) LineBounds(n int) (start, end int) {
	if n < 1 || n > len(d.lines) {
		return 0, 0
	}
	start = d.lines[n-1]
	end = len(d.Src)
	if n < len(d.lines) {
		end = d.lines[n] - 1
	}
	if end > start && d.Src[end-1] == '\r' {
		end--
	}
	return start, end
}

// Edit builds an edit replacing [start, end) with text.
func (d *Doc) Edit(start, end int, text string) Edit {
	return Edit{Range: d.Span(start, end), NewText: text}
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

func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
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

// estimateValues bounds the number of nodes of a well-formed document:
// every value but the root is a member value (one per ':') or an array
// element (the first after '[', the others after a ',' inside an array),
// counted outside strings so that the colons of URLs and the commas of
// descriptions do not inflate the first slab. Commas between object
// members are not counted: their values already have a ':' (counting both
// made the slab of a card, mostly objects, nearly twice too large).
func estimateValues(src []byte) int {
	n, inStr := 1, false
	var arrays uint64 // bit d set: the container at depth d is an array
	depth := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case ':':
			n++
		case '[':
			n++
			depth++
			if depth < 64 {
				arrays |= 1 << depth
			}
		case '{':
			depth++
			if depth < 64 {
				arrays &^= 1 << depth
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case ',':
			// deeper than the bitmask: count it, an over-estimate is safe
			if depth >= 64 || arrays&(1<<depth) != 0 {
				n++
			}
		}
	}
	return n
}

// problem records a problem unless MaxPerCode of its code were already
// recorded; then it only counts it, without formatting the message.
func (p *parser) problem(code string, start, end int, format string, args ...any) bool {
	if end < start {
		end = start
	}
	if p.counts == nil {
		p.counts = map[string]int{}
	}
	p.counts[code]++
	if p.counts[code] > MaxPerCode {
		if p.counts[code] == MaxPerCode+1 {
			if p.firstCut == nil {
				p.firstCut = map[string]int{}
			}
			p.firstCut[code] = start
		}
		return false
	}
	pr := Problem{Code: code, Start: start, End: end}
	if en := i18n.EnglishCatalogue(); en.Has(format) {
		pr.Text = i18n.T(format, args...)
		pr.Message = Clip(en.Render(pr.Text), MaxMessage)
	} else {
		pr.Message = Clip(fmt.Sprintf(format, args...), MaxMessage)
	}
	p.d.Problems = append(p.d.Problems, pr)
	return true
}

func (p *parser) problemFix(code string, start, end int, fix Fix, format string, args ...any) {
	if p.problem(code, start, end, format, args...) {
		p.d.Problems[len(p.d.Problems)-1].Fixes = []Fix{fix}
	}
}

// summarize adds one CodeCapped problem per capped code, in code order.
func (p *parser) summarize() {
	var capped []string
	for code, n := range p.counts {
		if n > MaxPerCode {
			capped = append(capped, code)
		}
	}
	sort.Strings(capped)
	for _, code := range capped {
		start := p.firstCut[code]
		omitted := p.counts[code] - MaxPerCode
		p.d.Problems = append(p.d.Problems, Problem{Code: CodeCapped, Start: start, End: start, Omitted: omitted, OmittedCode: code,
			Text: i18n.T("msg.json-capped", omitted, code), Message: i18n.EnglishCatalogue().Sprintf("msg.json-capped", omitted, code)})
	}
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

func describe(b []byte) string {
	if len(b) == 0 {
		return "the end of the document"
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02X", b[0])
	}
	// quote up to the first line break, shortened.
	if len(b) > 200 {
		b = b[:200]
	}
	line := string(b)
	if i := strings.IndexAny(line, "\r\n"); i >= 0 {
		line = line[:i]
	}
	if utf8.RuneCountInString(line) > 24 {
		rs := []rune(line)
		line = string(rs[:24]) + "…"
	}
	if line == "" {
		return "a line break"
	}
	return strconv.Quote(line)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isValueStart(c byte) bool {
	switch c {
	case '{', '[', '"', '-', 't', 'f', 'n':
		return true
	}
	return c >= '0' && c <= '9'
}

// skipSpace skips whitespace and reports (and skips) comments.
func (p *parser) skipSpace() {
	src := p.src
	for p.i < len(src) {
		c := src[p.i]
		if isSpace(c) {
			p.i++
			continue
		}
		if c == '/' && p.i+1 < len(src) && (src[p.i+1] == '/' || src[p.i+1] == '*') {
			start := p.i
			if src[p.i+1] == '/' {
				end := start
				for end < len(src) && src[end] != '\n' {
					end++
				}
				if end > start && src[end-1] == '\r' {
					end--
				}
				p.i = end
				p.problemFix(CodeComment, start, end, Fix{Title: "Delete the comment", Edits: []Edit{p.d.Edit(start, end, "")}},
					"JSON has no comments: %s must be removed (put notes in a description field instead)", describe(src[start:end]))
			} else {
				close := bytes.Index(src[start+2:], []byte("*/"))
				if close < 0 {
					p.i = len(src)
					p.problem(CodeComment, start, p.i, "JSON has no comments, and this /* comment is never closed")
				} else {
					p.i = start + 2 + close + 2
					p.problemFix(CodeComment, start, p.i, Fix{Title: "Delete the comment", Edits: []Edit{p.d.Edit(start, p.i, "")}},
						"JSON has no comments: this /* … */ block must be removed")
				}
			}
			continue
		}
		if c == '#' && (p.i == 0 || src[p.i-1] == '\n') {
			start := p.i
			for p.i < len(src) && src[p.i] != '\n' {
				p.i++
			}
			p.problemFix(CodeComment, start, p.i, Fix{Title: "Delete the comment", Edits: []Edit{p.d.Edit(start, p.i, "")}},
				"JSON has no comments: the line starting with '#' must be removed")
			continue
		}
		return
	}
}

func (p *parser) eof() bool { return p.i >= len(p.src) }

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

func runeLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	_, n := utf8.DecodeRune(b)
	return n
}

// skipJunk advances to the next structural character at this level so one
// bad token does not hide the rest of the document.
func (p *parser) skipJunk() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ',', '}', ']', '\n':
			return
		}
		p.i++
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

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c == '-' || (c >= '0' && c <= '9') }

var literalHints = map[string]string{
	"True": "true", "TRUE": "true", "False": "false", "FALSE": "false",
	"None": "null", "nil": "null", "NULL": "null", "Null": "null", "undefined": "null",
}

func (p *parser) literal() *Node {
	src := p.src
	start := p.i
	end := start
	for end < len(src) && isIdentPart(src[end]) {
		end++
	}
	word := string(src[start:end])
	p.i = end
	switch word {
	case "true", "false":
		n := p.node(Bool, start)
		n.Bool = word == "true"
		n.End = end
		return n
	case "null":
		n := p.node(Null, start)
		n.End = end
		return n
	case "NaN", "Infinity":
		n := p.node(Number, start)
		n.Str = word
		n.End = end
		p.problem(CodeNonFinite, start, end, "%s is not a JSON number; JSON has only finite numbers (use null or a string)", word)
		return n
	}
	n := p.node(Invalid, start)
	n.End = end
	if want, ok := literalHints[word]; ok {
		p.problemFix(CodeInvalidLiteral, start, end, Fix{Title: "Replace with " + want, Edits: []Edit{p.d.Edit(start, end, want)}},
			"%s is not a JSON literal; write %s", word, want)
		if want == "true" || want == "false" {
			n.Kind = Bool
			n.Bool = want == "true"
		} else {
			n.Kind = Null
		}
		return n
	}
	p.problemFix(CodeInvalidLiteral, start, end, Fix{Title: "Put the text in double quotes", Edits: []Edit{p.d.Edit(start, end, Quote(word))}},
		"bare word %s is not JSON; strings must be in double quotes", strconv.Quote(word))
	n.Kind = String
	n.Str = word
	return n
}

func (p *parser) number() *Node {
	src := p.src
	start := p.i
	end := start
	for end < len(src) {
		c := src[end]
		if (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E' ||
			c == 'x' || c == 'X' || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') {
			end++
			continue
		}
		break
	}
	// "-Infinity"
	if end < len(src) && src[start] == '-' && end == start+1 && bytes.HasPrefix(src[end:], []byte("Infinity")) {
		end += len("Infinity")
		p.i = end
		n := p.node(Number, start)
		n.Str = string(src[start:end])
		n.End = end
		p.problem(CodeNonFinite, start, end, "-Infinity is not a JSON number; JSON has only finite numbers (use null or a string)")
		return n
	}
	p.i = end
	text := string(src[start:end])
	n := p.node(Number, start)
	n.Str = text
	n.End = end
	if why := badNumber(text); why != "" {
		p.problem(CodeInvalidNumber, start, end, "%s is not a valid JSON number: %s", strconv.Quote(text), why)
	}
	return n
}

// badNumber checks the RFC 8259 §6 grammar and says what is wrong.
func badNumber(s string) string {
	i := 0
	if i < len(s) && s[i] == '+' {
		return "a leading '+' is not allowed"
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return "digits are missing"
	}
	if s[i] == '.' {
		return "a digit is required before the decimal point"
	}
	if s[i] == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') {
		return "hexadecimal numbers are not allowed"
	}
	if s[i] == '0' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
		return "leading zeros are not allowed"
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if digits() == 0 {
		return "digits are missing"
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return "a digit is required after the decimal point"
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "the exponent has no digits"
		}
	}
	if i != len(s) {
		return "unexpected " + strconv.Quote(s[i:])
	}
	return ""
}

// string parses a string delimited by double quotes or, with a problem,
// by single quotes.
func (p *parser) string() *Node {
	n := p.node(String, p.i)
	p.stringInto(n)
	return n
}

// stringInto reads the string at p.i into n (Kind and Start already set).
func (p *parser) stringInto(n *Node) {
	src := p.src
	start := p.i
	quote := src[start]
	i := start + 1
	// fast path: no escapes, no control characters
	for i < len(src) {
		c := src[i]
		if c == quote || c == '\\' || c < 0x20 || (quote == '\'' && c == '"') {
			break
		}
		i++
	}
	if i < len(src) && src[i] == quote {
		// no escapes: the text is the source bytes themselves, shared
		// rather than copied (see Parse: src must not change while the
		// Doc is in use). Most of a card's strings take this path.
		if i > start+1 {
			n.Str = unsafe.String(&src[start+1], i-start-1)
		}
		p.i = i + 1
		n.End = p.i
		if quote == '\'' {
			p.singleQuoted(n)
		}
		return
	}
	var b strings.Builder
	b.Write(src[start+1 : i])
	for {
		if i >= len(src) {
			p.problem(CodeTruncated, start, i, "the string starting here is never closed: the document ends first")
			break
		}
		c := src[i]
		if c == quote {
			i++
			break
		}
		if c == '\n' || c == '\r' {
			if p.closesLater(i, quote) {
				// A multi-line string: one problem for the line break,
				// and the string goes on, so the next line is not
				// misread as JSON.
				end := i + 1
				esc := `\n`
				if c == '\r' {
					esc = `\r`
					if end < len(src) && src[end] == '\n' {
						end++
						esc = `\r\n`
					}
				}
				p.problemFix(CodeInvalidString, i, end, Fix{Title: "Escape the line break", Edits: []Edit{p.d.Edit(i, end, esc)}},
					"a line break inside a string must be written as \\n")
				b.Write(src[i:end])
				i = end
				continue
			}
			p.problem(CodeInvalidString, start, i, "the string starting here is not closed before the end of the line (a line break inside a string must be written as \\n)")
			break
		}
		if c < 0x20 {
			p.problem(CodeInvalidString, i, i+1, "control character U+%04X inside a string must be escaped (for a tab write \\t)", c)
			b.WriteByte(c)
			i++
			continue
		}
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		// escape
		if i+1 >= len(src) {
			i++
			continue
		}
		e := src[i+1]
		switch e {
		case '"', '\\', '/':
			b.WriteByte(e)
			i += 2
		case 'b':
			b.WriteByte('\b')
			i += 2
		case 'f':
			b.WriteByte('\f')
			i += 2
		case 'n':
			b.WriteByte('\n')
			i += 2
		case 'r':
			b.WriteByte('\r')
			i += 2
		case 't':
			b.WriteByte('\t')
			i += 2
		case 'u':
			r, ok := hex4(src, i+2)
			if !ok {
				p.problem(CodeInvalidString, i, min(len(src), i+6), "\\u must be followed by four hexadecimal digits")
				i += 2
				continue
			}
			i += 6
			if r >= 0xD800 && r < 0xDC00 {
				if r2, ok := hex4(src, i+2); ok && i+1 < len(src) && src[i] == '\\' && src[i+1] == 'u' && r2 >= 0xDC00 && r2 < 0xE000 {
					r = (r-0xD800)<<10 + (r2 - 0xDC00) + 0x10000
					i += 6
				} else {
					p.problem(CodeInvalidString, i-6, i, "\\u%04X is half of a surrogate pair with no second half", r)
					r = utf8.RuneError
				}
			} else if r >= 0xDC00 && r < 0xE000 {
				p.problem(CodeInvalidString, i-6, i, "\\u%04X is the second half of a surrogate pair with no first half", r)
				r = utf8.RuneError
			}
			b.WriteRune(r)
		case '\'':
			p.problemFix(CodeInvalidString, i, i+2, Fix{Title: "Remove the backslash", Edits: []Edit{p.d.Edit(i, i+2, "'")}}, "\\' is not a JSON escape; write the apostrophe without a backslash")
			b.WriteByte('\'')
			i += 2
		default:
			p.problem(CodeInvalidString, i, i+1+runeLen(src[i+1:]), "%s is not a JSON escape (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", describe(src[i:i+1+runeLen(src[i+1:])]))
			i++
		}
	}
	n.Str = b.String()
	p.i = i
	n.End = i
	if quote == '\'' {
		p.singleQuoted(n)
	}
}

// closesLater reports whether a string broken by a raw line break at i
// ends with its quote within the next few lines, followed by something that
// can follow a string (',', ':', '}', ']' or the end): then it is one
// multi-line string rather than an unclosed one.
func (p *parser) closesLater(i int, quote byte) bool {
	src := p.src
	lines := 0
	for j := i; j < len(src) && j < i+4096; j++ {
		switch c := src[j]; {
		case c == '\n':
			lines++
			if lines > 3 {
				return false
			}
		case c == '\\':
			j++
		case c == quote:
			k := j + 1
			for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r' || src[k] == '\n') {
				k++
			}
			return k == len(src) || src[k] == ',' || src[k] == ':' || src[k] == '}' || src[k] == ']'
		case c == '{' || c == '[':
			return false
		}
	}
	return false
}

// keyFollows reports whether the string at p.i is followed by ':', that is,
// whether it starts a member (a comma was forgotten) rather than continuing
// the previous value.
func (p *parser) keyFollows() bool {
	src := p.src
	quote := src[p.i]
	j := p.i + 1
	for j < len(src) && src[j] != quote && src[j] != '\n' {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(src) || src[j] != quote {
		return true // unclosed: let the member path report it
	}
	j++
	for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r' || src[j] == '\n') {
		j++
	}
	return j < len(src) && (src[j] == ':' || src[j] == '=')
}

func (p *parser) singleQuoted(n *Node) {
	fix := Fix{Title: "Use double quotes", Edits: []Edit{p.d.Edit(n.Start, n.End, Quote(n.Str))}}
	p.problemFix(CodeSingleQuote, n.Start, n.End, fix, "strings must use double quotes, not single quotes: %s", strconv.Quote(n.Str))
}

func hex4(src []byte, at int) (rune, bool) {
	if at+4 > len(src) {
		return 0, false
	}
	var r rune
	for _, c := range src[at : at+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// checkUTF8 reports each run of bytes that is not valid UTF-8; RFC 8259 §8.1
// requires UTF-8, and a card with broken bytes renders differently in every
// client.
func (p *parser) checkUTF8() {
	src := p.src
	if utf8.Valid(src) {
		return
	}
	for i := 0; i < len(src); {
		if src[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			j := i + 1
			for j < len(src) {
				r2, s2 := utf8.DecodeRune(src[j:])
				if r2 != utf8.RuneError || s2 != 1 {
					break
				}
				j++
			}
			p.problem(CodeInvalidUTF8, i, j, "%d byte(s) here are not valid UTF-8 (starting with 0x%02X); save the file as UTF-8", j-i, src[i])
			i = j
			continue
		}
		i += size
	}
}
