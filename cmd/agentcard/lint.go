package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// lintRun is one INPUT's outcome in a lint run.
type lintRun struct {
	in  *input
	res *lint.Result
}

func (e *env) lint(args []string) int {
	c := e.newCommand("lint", "cli.lint.usage")
	format := c.fs.String("format", "text", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json", "sarif") {
		return exitUsage
	}
	if len(pos) == 0 {
		return c.fail("cli.no-input")
	}
	ctx := context.Background()
	var runs []lintRun
	unreadable := false
	for _, name := range pos {
		in, err := e.readInput(ctx, name)
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.inputProblem(err)))
			unreadable = true
			continue
		}
		res := in.remote
		if res == nil {
			res = lint.Lint(in.src, lint.Options{})
			res.Input = name
		}
		// one place where findings become words in the chosen language:
		// text, JSON and SARIF all print the localized result
		res.Localize(e.cat)
		runs = append(runs, lintRun{in: in, res: res})
	}
	var err error
	switch *format {
	case "json":
		err = writeLintJSON(e.stdout, runs)
	case "sarif":
		err = writeSARIF(e.stdout, runs, e.lang, e.cat)
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
			fmt.Fprintf(&b, "%s: %s %s\n", line(r.in.name), e.paint(ansiGreen, e.s("cli.lint.no-problems")), e.t("cli.lint.era", string(res.Era)))
			continue
		}
		for _, d := range res.Diagnostics {
			start := d.Range.Start
			fmt.Fprintf(&b, "%s: %s %s %s\n",
				e.paint(ansiBold, fmt.Sprintf("%s:%d:%d", line(r.in.name), start.Line, start.Column)),
				e.paint(severityStyle(d.Severity), e.severity(d.Severity)),
				e.paint(ansiDim, d.Code), line(d.Message))
			if res.Doc != nil && len(res.Doc.Src) > 0 {
				e.excerpt(&b, res.Doc, d.Range)
			}
			for _, f := range d.Fixes {
				fmt.Fprintf(&b, "      %s%s%s\n", e.paint(ansiCyan, e.s("cli.lint.fix")), labelGap(e.s("cli.lint.fix")), line(f.Title))
			}
		}
	}
	if len(runs) > 0 {
		fmt.Fprintf(&b, "%s\n", e.paint(ansiBold, e.summary(len(runs), errs, warns, infos)))
	}
	_, err := io.WriteString(e.stdout, b.String())
	return err
}

// summary is the last line of text output: "2 inputs checked: 1 error,
// 0 warnings, 3 infos", with plurals from the catalogue.
func (e *env) summary(inputs, errs, warns, infos int) string {
	return e.t("cli.summary", i18n.T("cli.summary.inputs", inputs), i18n.T("cli.summary.errors", errs),
		i18n.T("cli.summary.warnings", warns), i18n.T("cli.summary.infos", infos))
}

// labelGap is what separates a label from its text: a space, or nothing
// after a full-width colon (Chinese puts no space there).
func labelGap(label string) string {
	if strings.HasSuffix(label, "：") {
		return ""
	}
	return " "
}

// severity is a severity's word in the output's language (error, warning,
// info); JSON and SARIF keep the codes.
func (e *env) severity(s lint.Severity) string {
	return e.s("phrase.severity." + s.String())
}

// excerptRadius bounds the source shown around a finding, in bytes on each
// side of its start: a minified card is one line of up to 1 MiB, and each
// finding shows only its own window of it (never a copy of the line).
const excerptRadius = 80

// excerpt writes the source around a range and a caret and tildes under
// it. The marker is aligned by display width (tabs kept, East Asian wide
// characters count two, escaped control characters their escape's width),
// so it sits under the right characters in a terminal even on Chinese text.
func (e *env) excerpt(b *strings.Builder, doc *jsonpos.Doc, r lint.Range) {
	src := doc.Src
	ls, le := doc.LineBounds(r.Start.Line)
	start := min(max(r.Start.Offset, ls), le)
	end := le
	if r.End.Line == r.Start.Line {
		end = min(max(r.End.Offset, start), le)
	}
	// a short line is shown whole; a long one as a window of at most
	// 2*excerptRadius bytes, the finding's start 80 bytes in when it can be
	from, to := ls, le
	if le-ls > 2*excerptRadius {
		from = max(ls, start-excerptRadius)
		to = min(le, from+2*excerptRadius)
	}
	for from > ls && from < le && !utf8.RuneStart(src[from]) {
		from++
	}
	for to < le && !utf8.RuneStart(src[to]) {
		to++
	}
	if from > start {
		from = start
	}
	end = min(end, to)
	prefix, suffix := "", ""
	if from > ls {
		prefix = "…"
	}
	if to < le {
		suffix = "…"
	}
	shown := string(src[from:to])
	gutter := fmt.Sprintf("%5d | ", r.Start.Line)
	fmt.Fprintf(b, "%s%s%s%s\n", e.paint(ansiDim, gutter), prefix, line(shown), suffix)
	var pad strings.Builder
	if prefix != "" {
		pad.WriteByte(' ') // "…" is one column wide
	}
	for _, rn := range line(string(src[from:start])) {
		if rn == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteString(strings.Repeat(" ", runeWidth(rn)))
		}
	}
	marks := 0
	for _, rn := range line(string(src[start:end])) {
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
