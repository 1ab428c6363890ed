package jsonpos

import (
	"bytes"
	"strings"
	"unicode/utf8"
	"unsafe"
)

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
	// Strings are skipped with IndexByte (descriptions are most of a
	// card's bytes): quote is the next '"' at or after i, found once per
	// string end, and a backslash before it skips the byte it escapes.
	quote := -1
	for i := 0; i < len(src); i++ {
		if inStr {
			if quote < i {
				quote = bytes.IndexByte(src[i:], '"')
				if quote < 0 {
					break // unterminated: the rest is the string
				}
				quote += i
			}
			if b := bytes.IndexByte(src[i:quote], '\\'); b >= 0 {
				i += b + 1 // and the loop's i++ skips the escaped byte
				continue
			}
			i = quote
			inStr = false
			continue
		}
		c := src[i]
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
				p.problemFix(CodeComment, start, end, safeFix(text("fix.delete-comment"), p.commentEdit(start, end)),
					"msg.json-comment.line", describe(src[start:end]))
			} else {
				close := bytes.Index(src[start+2:], []byte("*/"))
				if close < 0 {
					p.i = len(src)
					p.problem(CodeComment, start, p.i, "msg.json-comment.unclosed")
				} else {
					p.i = start + 2 + close + 2
					p.problemFix(CodeComment, start, p.i, safeFix(text("fix.delete-comment"), p.commentEdit(start, p.i)), "msg.json-comment.block")
				}
			}
			continue
		}
		if c == '#' && (p.i == 0 || src[p.i-1] == '\n') {
			start := p.i
			for p.i < len(src) && src[p.i] != '\n' {
				p.i++
			}
			p.problemFix(CodeComment, start, p.i, safeFix(text("fix.delete-comment"), p.commentEdit(start, p.i)), "msg.json-comment.hash")
			continue
		}
		return
	}
}

func (p *parser) eof() bool { return p.i >= len(p.src) }

// commentEdit deletes the comment at [start, end) so that no trace of it
// is left: a comment alone on its line goes with the whole line (its
// indentation and line break), one after code on its line goes with the
// spaces before it, so neither a blank line nor trailing spaces remain.
func (p *parser) commentEdit(start, end int) Edit {
	src := p.src
	before := start
	for before > 0 && (src[before-1] == ' ' || src[before-1] == '\t') {
		before--
	}
	after := end
	for after < len(src) && (src[after] == ' ' || src[after] == '\t') {
		after++
	}
	lineEnd := after // where the line break starts
	brk := 0         // its length: "\n", "\r\n" or none (the end)
	switch {
	case after < len(src) && src[after] == '\n':
		brk = 1
	case after+1 < len(src) && src[after] == '\r' && src[after+1] == '\n':
		brk = 2
	case after < len(src):
		return p.d.Edit(start, end, "") // code follows on the line
	}
	if before > 0 && src[before-1] != '\n' {
		// code, then the comment: it goes with the spaces before it
		return p.d.Edit(before, lineEnd, "")
	}
	if brk > 0 {
		return p.d.Edit(before, lineEnd+brk, "") // the whole line
	}
	// the last line, without a break: the break before it goes instead
	if before > 0 {
		before--
		if before > 0 && src[before-1] == '\r' {
			before--
		}
	}
	return p.d.Edit(before, lineEnd, "")
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
		p.problem(CodeNonFinite, start, end, "msg.json-non-finite-number", word)
		return n
	}
	n := p.node(Invalid, start)
	n.End = end
	if want, ok := literalHints[word]; ok {
		p.problemFix(CodeInvalidLiteral, start, end, safeFix(text("fix.replace-with", want), p.d.Edit(start, end, want)),
			"msg.json-invalid-literal", word, want)
		if want == "true" || want == "false" {
			n.Kind = Bool
			n.Bool = want == "true"
		} else {
			n.Kind = Null
		}
		return n
	}
	p.problemFix(CodeInvalidLiteral, start, end, fix(text("fix.quote-text"), p.d.Edit(start, end, Quote(word))),
		"msg.json-invalid-literal.bare-word", QuoteClipped(word))
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
		p.problem(CodeNonFinite, start, end, "msg.json-non-finite-number", "-Infinity")
		return n
	}
	p.i = end
	text := string(src[start:end])
	n := p.node(Number, start)
	n.Str = text
	n.End = end
	if id, rest := badNumber(text); id != "" {
		if rest != "" {
			p.problem(CodeInvalidNumber, start, end, id, QuoteClipped(text), QuoteClipped(rest))
		} else {
			p.problem(CodeInvalidNumber, start, end, id, QuoteClipped(text))
		}
	}
	return n
}

// badNumber checks the RFC 8259 §6 grammar and says what is wrong: the id
// of the message that explains it ("" for a valid number) and, for
// msg.json-invalid-number.unexpected, the text after the number's end.
func badNumber(s string) (id, rest string) {
	i := 0
	if i < len(s) && s[i] == '+' {
		return "msg.json-invalid-number.leading-plus", ""
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return "msg.json-invalid-number.no-digits", ""
	}
	if s[i] == '.' {
		return "msg.json-invalid-number.digit-before-point", ""
	}
	if s[i] == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') {
		return "msg.json-invalid-number.hex", ""
	}
	if s[i] == '0' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
		return "msg.json-invalid-number.leading-zero", ""
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if digits() == 0 {
		return "msg.json-invalid-number.no-digits", ""
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return "msg.json-invalid-number.digit-after-point", ""
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "msg.json-invalid-number.exponent-digits", ""
		}
	}
	if i != len(s) {
		return "msg.json-invalid-number.unexpected", s[i:]
	}
	return "", ""
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
			p.problem(CodeTruncated, start, i, "msg.json-truncated.string")
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
				p.problemFix(CodeInvalidString, i, end, safeFix(text("fix.escape-line-break"), p.d.Edit(i, end, esc)), "msg.json-invalid-string.line-break")
				b.Write(src[i:end])
				i = end
				continue
			}
			p.problem(CodeInvalidString, start, i, "msg.json-invalid-string.unclosed")
			break
		}
		if c < 0x20 {
			p.problem(CodeInvalidString, i, i+1, "msg.json-invalid-string.control", int(c))
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
				p.problem(CodeInvalidString, i, min(len(src), i+6), "msg.json-invalid-string.short-unicode")
				i += 2
				continue
			}
			i += 6
			if r >= 0xD800 && r < 0xDC00 {
				if r2, ok := hex4(src, i+2); ok && i+1 < len(src) && src[i] == '\\' && src[i+1] == 'u' && r2 >= 0xDC00 && r2 < 0xE000 {
					r = (r-0xD800)<<10 + (r2 - 0xDC00) + 0x10000
					i += 6
				} else {
					p.problem(CodeInvalidString, i-6, i, "msg.json-invalid-string.high-surrogate", int(r))
					r = utf8.RuneError
				}
			} else if r >= 0xDC00 && r < 0xE000 {
				p.problem(CodeInvalidString, i-6, i, "msg.json-invalid-string.low-surrogate", int(r))
				r = utf8.RuneError
			}
			b.WriteRune(r)
		case '\'':
			p.problemFix(CodeInvalidString, i, i+2, safeFix(text("fix.remove-backslash"), p.d.Edit(i, i+2, "'")), "msg.json-invalid-string.escaped-apostrophe")
			b.WriteByte('\'')
			i += 2
		default:
			p.problem(CodeInvalidString, i, i+1+runeLen(src[i+1:]), "msg.json-invalid-string.bad-escape", describe(src[i:i+1+runeLen(src[i+1:])]))
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
	p.problemFix(CodeSingleQuote, n.Start, n.End, safeFix(text("fix.use-double-quotes"), p.d.Edit(n.Start, n.End, Quote(n.Str))),
		"msg.json-single-quote", QuoteClipped(n.Str))
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
			p.problem(CodeInvalidUTF8, i, j, "msg.json-invalid-utf8", j-i, int(src[i]))
			i = j
			continue
		}
		i += size
	}
}
