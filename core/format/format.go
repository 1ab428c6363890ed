// Package format pretty-prints a JSON document without changing anything
// but whitespace between tokens: keys keep their order (duplicates
// included), strings keep their escapes, numbers keep their spelling. What
// the linter said about the text still holds for the formatted text.
package format

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
func Format(src []byte) ([]byte, error) {
	bom := []byte("\ufeff")
	body := bytes.TrimPrefix(src, bom)
	var out bytes.Buffer
	if bytes.HasPrefix(src, bom) {
		out.Write(bom)
	}
	if err := json.Indent(&out, bytes.TrimSpace(body), "", Indent); err != nil {
		return nil, syntaxError(src, err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// formatKeeps are findings Format is not refused for (it keeps a byte
// order mark, duplicate keys and the bytes of strings as they are), so they
// are never the reason given.
var formatKeeps = map[string]bool{jsonpos.CodeBOM: true, jsonpos.CodeDuplicateKey: true, jsonpos.CodeInvalidUTF8: true}

// syntaxError locates the first problem with the project's own parser (the
// one the findings come from), falling back to where encoding/json stopped.
func syntaxError(src []byte, err error) *SyntaxError {
	doc := jsonpos.Parse(src, jsonpos.Options{})
	var first *jsonpos.Problem
	for i, p := range doc.Problems {
		if formatKeeps[p.Code] {
			continue
		}
		if first == nil || p.Start < first.Start {
			first = &doc.Problems[i]
		}
	}
	if first != nil {
		pos := doc.Pos(first.Start)
		return &SyntaxError{Code: first.Code, Line: pos.Line, Column: pos.Column, Offset: pos.Offset, Detail: first.Message, Text: first.Text}
	}
	// The two parsers agree on what is JSON (a fuzz target checks it), so
	// this is for safety only: point at where encoding/json stopped.
	off := 0
	var se *json.SyntaxError
	if errors.As(err, &se) {
		trimmed := bytes.TrimLeft(bytes.TrimPrefix(src, []byte("\ufeff")), " \t\r\n")
		off = int(se.Offset) + len(src) - len(trimmed)
	}
	pos := doc.Pos(off)
	return &SyntaxError{Line: pos.Line, Column: pos.Column, Offset: pos.Offset}
}
