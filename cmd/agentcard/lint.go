package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

const lintUsage = `Usage: agentcard lint [--format text|json|sarif] INPUT...

Checks each INPUT (a file, '-' for standard input, a card URL or a domain)
against every rule and prints the findings.

  --format text   file:line:col: severity code message, with the source line (default)
  --format json   one {"results":[...]} document
  --format sarif  SARIF 2.1.0, for code scanning tools

Lines and columns in text and JSON output count bytes from 1; SARIF columns
count UTF-16 code units, as SARIF specifies.

Exit status: 0 no error finding, 1 an error finding, 2 usage error or an
unreadable INPUT.
`

// lintRun is one INPUT's outcome in a lint run.
type lintRun struct {
	in  *input
	res *lint.Result
}

func (e *env) lint(args []string) int {
	c := e.newCommand("lint", lintUsage)
	format := c.fs.String("format", "text", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json", "sarif") {
		return exitUsage
	}
	if len(pos) == 0 {
		return c.fail("no INPUT given")
	}
	ctx := context.Background()
	var runs []lintRun
	unreadable := false
	for _, name := range pos {
		in, err := e.readInput(ctx, name)
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %v\n", err)
			unreadable = true
			continue
		}
		res := in.remote
		if res == nil {
			res = lint.Lint(in.src, lint.Options{})
			res.Input = name
		}
		runs = append(runs, lintRun{in: in, res: res})
	}
	var err error
	switch *format {
	case "json":
		err = writeLintJSON(e.stdout, runs)
	case "sarif":
		err = writeSARIF(e.stdout, runs)
	default:
		err = e.writeLintText(runs)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard lint: %v\n", err)
		return exitUsage
	}
	switch {
	case unreadable:
		return exitUsage
	case anyErrors(runs):
		return exitFound
	}
	return exitOK
}

func anyErrors(runs []lintRun) bool {
	for _, r := range runs {
		if r.res.Errors > 0 {
			return true
		}
	}
	return false
}

func writeLintJSON(w io.Writer, runs []lintRun) error {
	out := struct {
		Results []*lint.Result `json:"results"`
	}{Results: make([]*lint.Result, 0, len(runs))}
	for _, r := range runs {
		out.Results = append(out.Results, r.res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// ANSI styles, used only when stdout is a terminal and NO_COLOR is unset.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
	ansiGreen  = "\x1b[32m"
	ansiCyan   = "\x1b[36m"
)

func (e *env) paint(style, s string) string {
	if !e.color || s == "" {
		return s
	}
	return style + s + ansiReset
}

func severityStyle(s lint.Severity) string {
	switch s {
	case lint.Error:
		return ansiBold + ansiRed
	case lint.Warning:
		return ansiBold + ansiYellow
	}
	return ansiBold + ansiBlue
}

func (e *env) writeLintText(runs []lintRun) error {
	var b strings.Builder
	var errs, warns, infos int
	for _, r := range runs {
		res := r.res
		errs, warns, infos = errs+res.Errors, warns+res.Warnings, infos+res.Infos
		if len(res.Diagnostics) == 0 {
			fmt.Fprintf(&b, "%s: %s (era %s)\n", r.in.name, e.paint(ansiGreen, "no problems found"), res.Era)
			continue
		}
		for _, d := range res.Diagnostics {
			start := d.Range.Start
			fmt.Fprintf(&b, "%s: %s %s %s\n",
				e.paint(ansiBold, fmt.Sprintf("%s:%d:%d", r.in.name, start.Line, start.Column)),
				e.paint(severityStyle(d.Severity), d.Severity.String()),
				e.paint(ansiDim, d.Code), d.Message)
			if res.Doc != nil && len(res.Doc.Src) > 0 {
				e.excerpt(&b, res.Doc, d.Range)
			}
			for _, f := range d.Fixes {
				fmt.Fprintf(&b, "      %s %s\n", e.paint(ansiCyan, "fix:"), f.Title)
			}
		}
	}
	if len(runs) > 0 {
		fmt.Fprintf(&b, "%s\n", e.paint(ansiBold, summary(len(runs), errs, warns, infos)))
	}
	_, err := io.WriteString(e.stdout, b.String())
	return err
}

func summary(inputs, errs, warns, infos int) string {
	return fmt.Sprintf("%s checked: %s, %s, %s",
		plural(inputs, "input", "inputs"), plural(errs, "error", "errors"),
		plural(warns, "warning", "warnings"), plural(infos, "info", "infos"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// maxExcerpt bounds how much of a long source line is shown.
const maxExcerpt = 160

// excerpt writes the source line of a range and a caret and tildes under
// it. The marker is aligned by display width (tabs kept, East Asian wide
// characters count two), so it sits under the right characters in a
// terminal even on Chinese text.
func (e *env) excerpt(b *strings.Builder, doc *jsonpos.Doc, r lint.Range) {
	line := doc.Line(r.Start.Line)
	col := r.Start.Column - 1
	if col > len(line) {
		col = len(line)
	}
	endCol := len(line)
	if r.End.Line == r.Start.Line {
		endCol = r.End.Column - 1
	}
	if endCol > len(line) {
		endCol = len(line)
	}
	if endCol < col {
		endCol = col
	}
	// keep long lines (minified cards) readable: a window around the range
	from, to := 0, len(line)
	if to-from > maxExcerpt {
		from = max(0, col-maxExcerpt/3)
		to = min(len(line), from+maxExcerpt)
		for from > 0 && !utf8.RuneStart(line[from]) {
			from--
		}
		for to < len(line) && !utf8.RuneStart(line[to]) {
			to++
		}
		if endCol > to {
			endCol = to
		}
	}
	prefix, suffix := "", ""
	if from > 0 {
		prefix = "…"
	}
	if to < len(line) {
		suffix = "…"
	}
	gutter := fmt.Sprintf("%5d | ", r.Start.Line)
	fmt.Fprintf(b, "%s%s%s%s\n", e.paint(ansiDim, gutter), prefix, line[from:to], suffix)
	var pad strings.Builder
	if prefix != "" {
		pad.WriteByte(' ') // "…" is one column wide
	}
	for _, rn := range line[from:col] {
		if rn == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteString(strings.Repeat(" ", runeWidth(rn)))
		}
	}
	marks := 0
	for _, rn := range line[col:endCol] {
		marks += runeWidth(rn)
	}
	marker := "^"
	if marks > 1 {
		marker += strings.Repeat("~", marks-1)
	}
	fmt.Fprintf(b, "%s%s%s\n", e.paint(ansiDim, "      | "), pad.String(), e.paint(ansiBold+ansiGreen, marker))
}

// runeWidth is the number of terminal columns a character takes.
func runeWidth(r rune) int {
	switch {
	case r < 0x20 || r == 0x7f:
		return 0
	case r < 0x300:
		return 1
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	if r >= 0x1F000 && r <= 0x1FAFF { // emoji are shown two columns wide
		return 2
	}
	return 1
}
