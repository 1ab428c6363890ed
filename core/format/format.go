// Package format pretty-prints a JSON document without changing anything
// but whitespace between tokens: keys keep their order (duplicates
// included), strings keep their escapes, numbers keep their spelling. What
// the linter said about the text still holds for the formatted text.
package format

import (
	"bytes"
	"errors"
	"fmt"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Indent is the indentation unit the playground uses.
const Indent = "  "

// ErrSyntax is what every refusal wraps: src is not valid JSON, and
// formatting a broken document could move the problem, so the text is left
// as it is.
var ErrSyntax = errors.New("Format needs valid JSON, so the text was left as it is")

// SyntaxError says where the text first stops being JSON, in the same
// words and at the same place as the linter's syntax finding there, so the
// person can go straight to it. It wraps ErrSyntax.
type SyntaxError struct {
	Code   string // the syntax finding's code (jsonpos.Code*), "" when the parser found none
	Line   int    // 1-based
	Column int    // 1-based, as the findings count columns
	Offset int    // byte offset in the source
	Detail string // the finding's message, in English
	// Text is Detail as data, for Localized.
	Text i18n.Text
}

// Localized is the error in cat's language (the playground shows it when
// Format refuses).
func (e *SyntaxError) Localized(cat *i18n.Catalogue) string {
	if e.Text.IsZero() {
		return cat.Sprintf("msg.format.syntax.where", e.Line, e.Column)
	}
	return cat.Sprintf("msg.format.syntax", e.Line, e.Column, e.Text)
}

func (e *SyntaxError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("%v: line %d, column %d is where the JSON breaks", ErrSyntax, e.Line, e.Column)
	}
	return fmt.Sprintf("%v: line %d, column %d: %s", ErrSyntax, e.Line, e.Column, e.Detail)
}

func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// Format re-indents src with two spaces per level and ends it with a single
// newline. A leading byte order mark is kept. When src is not valid JSON
// the error is a *SyntaxError.
//
// Whether src is JSON is the project's parser's answer (jsonpos, the one
// the findings come from; a fuzz target checks it agrees with
// encoding/json), and the output is what json.Indent writes (a test
// compares them): the editor wasm links no encoding/json for it.
func Format(src []byte) ([]byte, error) {
	bom := []byte("\ufeff")
	body := bytes.TrimSpace(bytes.TrimPrefix(src, bom))
	// encoding/json's nesting limit, not the linter's: formatting a deep
	// document is harmless, and it is bounded by the text's size.
	doc := jsonpos.Parse(body, jsonpos.Options{MaxBytes: len(body) + 1, MaxDepth: 10000})
	// a second byte order mark is not kept: it is not JSON
	if first := firstProblem(doc, true); first != nil {
		return nil, syntaxError(src, first.Start+len(src)-len(bytes.TrimLeftFunc(src, isLeadingSpace)))
	}
	out := make([]byte, 0, len(src)+len(src)/4+8)
	if bytes.HasPrefix(src, bom) {
		out = append(out, bom...)
	}
	out = indent(out, body)
	return append(out, '\n'), nil
}

// isLeadingSpace is what Format trims before the value: the byte order
// mark and white space.
func isLeadingSpace(r rune) bool { return r == '\ufeff' || unicode.IsSpace(r) }

// indent appends valid JSON src with one member or element per line,
// Indent per level, "key": value, and empty objects and arrays as {} and
// []. Strings, numbers and literals are copied as written.
func indent(dst, src []byte) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, Indent...)
		}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case ' ', '\t', '\r', '\n':
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			dst = append(dst, src[i:min(j+1, len(src))]...)
			i = j
		case '{', '[':
			dst = append(dst, c)
			k := i + 1
			for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r' || src[k] == '\n') {
				k++
			}
			if k < len(src) && (src[k] == '}' || src[k] == ']') {
				dst = append(dst, src[k])
				i = k
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// firstProblem is the earliest problem of doc Format is refused for: it
// keeps duplicate keys and the bytes of strings as they are
// (Problem.ReadAnyway), and a leading byte order mark unless bomToo, so
// those are never the reason given.
func firstProblem(doc *jsonpos.Doc, bomToo bool) *jsonpos.Problem {
	var first *jsonpos.Problem
	for i, p := range doc.Problems {
		if doc.Problems[i].ReadAnyway() || (p.Code == jsonpos.CodeBOM && !bomToo) {
			continue
		}
		if first == nil || p.Start < first.Start {
			first = &doc.Problems[i]
		}
	}
	return first
}

// syntaxError locates the first problem in the whole text, as the
// findings show it (the same parser, the same limits); off, where the
// trimmed text broke, is for safety only, should the two disagree.
func syntaxError(src []byte, off int) *SyntaxError {
	doc := jsonpos.Parse(src, jsonpos.Options{})
	if first := firstProblem(doc, false); first != nil {
		pos := doc.Pos(first.Start)
		return &SyntaxError{Code: first.Code, Line: pos.Line, Column: pos.Column, Offset: pos.Offset, Detail: jsonpos.Clip(i18n.EnglishCatalogue().Render(first.Text), jsonpos.MaxMessage), Text: first.Text}
	}
	pos := doc.Pos(off)
	return &SyntaxError{Line: pos.Line, Column: pos.Column, Offset: pos.Offset}
}
