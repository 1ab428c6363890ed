package jsonpos

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
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

// Caps on what a document's problems can cost: hostile input gets bounded
// work and output.
const (
	// MaxPerCode is how many problems of one code are reported in full; a
	// document with 20,000 comments gets 20 comment problems and one
	// summary, so the work and output stay bounded.
	MaxPerCode = 20
	// MaxMessage bounds a problem's message in bytes: member names and
	// excerpts quoted in it are clipped (see Clip).
	MaxMessage = 512
)

// Problem is a syntax finding. Problems are errors: a card with any of them
// is not valid JSON, even when the parser could recover a tree.
type Problem struct {
	Code string
	// Text is the message as data: an id of the catalogue (the parser's
	// are in catalog/<lang>/parser.json) and its arguments (values quoted
	// from the document, line and column numbers, Phrase or Text for
	// words). The parser renders no words: a program shows it in its
	// reader's language (core/lint fills Diagnostic.Message with English).
	Text  Text
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
// label saying what is there (RelatedFirstKey, ...) as data, so that
// callers can word or translate it.
type Related struct {
	Text  Text
	Start int
	End   int
}

// Labels of related places.
const (
	// RelatedFirstKey marks the first occurrence of a duplicated member
	// name.
	RelatedFirstKey = "related.first-key"
)

// sizeText is a byte count as people read it: "1 MiB", "1.5 KiB" (unit
// symbols, the same in every language), or a Text for "17 bytes" (a word,
// translated).
func sizeText(n int) any {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB"
	}
	return text("phrase.json.size-bytes", n)
}

// newProblem builds a problem whose message is the catalogue message id
// with args. Every id must be in the English catalogue: tests check each
// problem the package's inputs produce.
//
// newProblem and problemFix are not inlined: without the English they
// rendered they became small enough to be, into every branch of the
// scanner that reports a problem, which cost the editor wasm 9 KB of
// code for paths that run only on broken input.
//
//go:noinline
func newProblem(code string, start, end int, id string, args ...any) Problem {
	return Problem{Code: code, Start: start, End: end, Text: text(id, args...)}
}

// problem records a problem unless MaxPerCode of its code were already
// recorded; then it only counts it, without rendering the message.
func (p *parser) problem(code string, start, end int, id string, args ...any) bool {
	if end < start {
		end = start
	}
	if !p.admit(code, start) {
		return false
	}
	p.d.Problems = append(p.d.Problems, newProblem(code, start, end, id, args...))
	return true
}

// admit counts a problem of code starting at start and reports whether it
// is to be recorded (fewer than MaxPerCode of its code so far). Callers
// whose arguments are costly to build ask before building them.
func (p *parser) admit(code string, start int) bool {
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
	return true
}

// problemFix records a problem with one fix (titled by its Text only:
// whoever shows the problem words the title). Not inlined (newProblem).
//
//go:noinline
func (p *parser) problemFix(code string, start, end int, fix Fix, id string, args ...any) {
	if p.problem(code, start, end, id, args...) {
		p.d.Problems[len(p.d.Problems)-1].Fixes = []Fix{fix}
	}
}

// fix is a fix titled by the catalogue message t.
func fix(t Text, edits ...Edit) Fix { return Fix{Text: t, Edits: edits} }

// safeFix is a fix that keeps what the document means (Fix.Safe).
func safeFix(t Text, edits ...Edit) Fix { return Fix{Text: t, Edits: edits, Safe: true} }

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
		pr := newProblem(CodeCapped, start, start, "msg.json-capped", omitted, code)
		pr.Omitted, pr.OmittedCode = omitted, code
		p.d.Problems = append(p.d.Problems, pr)
	}
}

// describe names what a reader finds at the start of b, for messages that
// say "but found …": the first line's text quoted (shortened to 24
// characters), or a phrase for the end of the document, a line break or a
// byte that is not UTF-8.
func describe(b []byte) any { return describeN(b, 24) }

// describeHead is describe for the text before, or instead of, the
// document's JSON, clipped to its first four characters: that text is no
// card's and may be whatever a path named by mistake holds, such as a
// .env's first line (issue 36, B22). Four are enough to tell front
// matter, a code fence or a log line, and are what credential-in-card
// shows of a secret.
func describeHead(b []byte) any { return describeN(b, 4) }

// describeN is describe quoting at most n characters.
func describeN(b []byte, n int) any {
	if len(b) == 0 {
		return Phrase("phrase.json.end-of-document")
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return text("phrase.json.byte", int(b[0]))
	}
	// quote up to the first line break, shortened.
	if len(b) > 200 {
		b = b[:200]
	}
	line := string(b)
	if i := strings.IndexAny(line, "\r\n"); i >= 0 {
		line = line[:i]
	}
	if utf8.RuneCountInString(line) > n {
		rs := []rune(line)
		line = string(rs[:n]) + "…"
	}
	if line == "" {
		return Phrase("phrase.json.line-break")
	}
	return Quote(line)
}

// ReadAnyway reports whether RFC 8259 readers such as Go's encoding/json
// still read a document with this problem, and read it one way: a
// duplicate key (the last one wins), bytes that are not UTF-8 and an
// escaped lone surrogate (each read as U+FFFD). Everything else is not
// JSON to them. Format keeps such documents, and the rules that decode a
// value the card carries encoded (a JWS header) decode them as the SDKs do.
func (p *Problem) ReadAnyway() bool {
	switch p.Code {
	case CodeDuplicateKey, CodeInvalidUTF8:
		return true
	case CodeInvalidString:
		return p.Text.ID == "msg.json-invalid-string.high-surrogate" || p.Text.ID == "msg.json-invalid-string.low-surrogate"
	}
	return false
}
