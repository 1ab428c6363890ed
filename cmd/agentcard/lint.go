package main

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// lintRun is one INPUT's outcome in a lint run.
type lintRun struct {
	src *source
	in  *input
	res *lint.Result
	// live is what the live checks found (nil when none was asked for).
	live *liveResult
	// unit is the column unit of the output rendering this copy of the
	// run (set by localized).
	unit jsonpos.Unit
	// elapsed is how long reading and checking the INPUT took (JUnit).
	elapsed time.Duration
	// hidden counts the findings the baseline hid.
	hidden int
}

// lintFlags are lint's options.
type lintFlags struct {
	formats     []string // --format values, NAME[=FILE]
	outputs     []outputSpec
	columns     jsonpos.Unit // "" is each format's own
	configFile  string
	rules       []string
	profile     string
	maxWarnings int
	quiet       bool
	fix         bool // --fix: write fixed files
	unsafeFixes bool // --unsafe-fixes: apply unsafe fixes too
	diff        bool // --diff / --fix-dry-run: print the diff, write nothing
	baseline    string
	update      bool // --update-baseline
	stdinName   string
	live        liveFlags
}

// lintArgs are lint's flags as parsed, before they are checked: the
// values that need checking or reading, and the INPUT arguments.
type lintArgs struct {
	f             lintFlags
	from          *fromFlags
	columns       string
	maxWarnings   string
	printConfig   string
	showVersion   bool
	headerProblem i18n.Text
	pos           []string
}

// lint is `agentcard lint`: flags, then one session (session.go) that
// reads, checks and writes each INPUT in turn.
func (e *env) lint(args []string) int {
	c := e.newCommand("lint", "cli.lint.usage")
	a := e.lintFlagSet(c)
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	a.pos = pos
	if a.showVersion {
		// `agentcard lint --version`: what people type to learn which
		// linter they run; the answer of `agentcard version`
		return e.version(nil)
	}
	if code, ok := e.checkLintFlags(c, a); !ok {
		return code
	}
	return e.lintInputs(c, a)
}

// lintFlagSet registers lint's flags on c.
func (e *env) lintFlagSet(c *command) *lintArgs {
	a := &lintArgs{}
	f := &a.f
	c.fs.Func("format", "", func(v string) error { f.formats = append(f.formats, v); return nil })
	c.fs.StringVar(&a.columns, "columns", "", "")
	c.fs.StringVar(&f.configFile, "config", "", "")
	c.fs.Func("rule", "", func(v string) error { f.rules = append(f.rules, v); return nil })
	c.fs.StringVar(&f.profile, "profile", "", "")
	c.fs.StringVar(&a.maxWarnings, "max-warnings", "", "")
	c.fs.BoolVar(&f.quiet, "quiet", false, "")
	c.fs.BoolVar(&f.fix, "fix", false, "")
	c.fs.BoolVar(&f.unsafeFixes, "unsafe-fixes", false, "")
	c.fs.BoolVar(&f.diff, "diff", false, "")
	c.fs.BoolVar(&f.diff, "fix-dry-run", false, "")
	c.fs.StringVar(&f.baseline, "baseline", "", "")
	c.fs.BoolVar(&f.update, "update-baseline", false, "")
	c.fs.StringVar(&f.stdinName, "stdin-filename", "", "")
	c.fs.StringVar(&a.printConfig, "print-config", "", "")
	c.fs.BoolVar(&a.showVersion, "version", false, "")
	c.fs.BoolVar(&f.live.probe, "probe", false, "")
	c.fs.BoolVar(&f.live.extended, "extended", false, "")
	c.fs.StringVar(&f.live.keyFile, "key", "", "")
	a.from = e.addFromFlags(c) // --from FILE, --concurrency N (from.go)
	// a bad --header is reported after the other flags are read, the
	// first one only
	keep := func(problem i18n.Text) {
		if a.headerProblem.IsZero() {
			a.headerProblem = problem
		}
	}
	c.fs.Func("header-origin", "", func(v string) error {
		o, problem := parseHeaderOrigin(v)
		if !problem.IsZero() {
			keep(problem)
			return nil
		}
		f.live.headerOrigins = append(f.live.headerOrigins, o)
		return nil
	})
	c.fs.Func("header", "", func(v string) error {
		name, value, problem := parseHeader(v)
		if !problem.IsZero() {
			keep(problem)
			return nil
		}
		if f.live.headers == nil {
			f.live.headers = http.Header{}
		}
		f.live.headers.Add(name, value)
		return nil
	})
	return a
}

// checkLintFlags checks the flags against one another and reads the
// values they name (--key), before any input is read; ok is false with
// the exit code when one is wrong.
func (e *env) checkLintFlags(c *command, a *lintArgs) (code int, ok bool) {
	f := &a.f
	outs, problem := parseOutputs(f.formats)
	if !problem.IsZero() {
		return c.failText(e.catalogue().Render(problem)), false
	}
	f.outputs = outs
	if a.columns != "" {
		u, ok := jsonpos.ParseUnit(a.columns)
		if !ok {
			return c.fail("cli.lint.columns-value", jsonpos.QuoteClipped(a.columns), unitList()), false
		}
		f.columns = u
	}
	f.maxWarnings = -1
	if a.maxWarnings != "" {
		n, err := strconv.Atoi(a.maxWarnings)
		if err != nil || n < 0 {
			return c.fail("cli.lint.max-warnings-value", jsonpos.QuoteClipped(a.maxWarnings)), false
		}
		f.maxWarnings = n
	}
	switch o, toOut := toStdout(f.outputs); {
	case f.fix && f.diff:
		return c.fail("cli.fix.both"), false
	case f.unsafeFixes && !f.fix && !f.diff:
		return c.fail("cli.fix.unsafe-alone"), false
	case f.diff && toOut && (len(f.formats) > 0 || o.format != formats[0].name):
		// the diff is standard output's; reports go to files
		return c.fail("cli.fix.diff-format", o.format), false
	case f.update && f.baseline == "":
		return c.fail("cli.baseline.update-alone"), false
	case !a.headerProblem.IsZero():
		return c.failText(e.catalogue().Render(a.headerProblem)), false
	case f.live.on() && (f.fix || f.diff):
		return c.fail("cli.live.with-fix"), false
	}
	if f.live.keyFile != "" {
		keys, problem := readKeys(f.live.keyFile)
		if !problem.IsZero() {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.catalogue().Render(problem)))
			return exitUsage, false
		}
		f.live.keys = keys
	}
	// the flags are checked before any input is read: a typo in --rule is
	// a usage error, not a silently ignored setting
	if _, err := withFlags(nil, *f); err != nil {
		return c.failText(e.configProblem(err)), false
	}
	return 0, true
}

// baselineName is the name a baseline keeps for a source: its file, else
// the INPUT as given.
func baselineName(s *source) string {
	if s.path != "" {
		return s.path
	}
	return s.name
}

// unitList names the --columns values.
func unitList() string {
	var s []string
	for _, u := range jsonpos.Units() {
		s = append(s, string(u))
	}
	return strings.Join(s, ", ")
}

// withFlags is the configuration an input is checked with: its file's
// (or none), with --rule and --profile over it. The file's Config is
// shared by the inputs it applies to, so it is copied, never changed.
func withFlags(base *config.Config, f lintFlags) (*config.Config, error) {
	var cfg config.Config
	if base != nil {
		cfg = *base
		cfg.Rules = maps.Clone(base.Rules)
	} else {
		cfg.Dir = "."
	}
	for _, r := range f.rules {
		if err := cfg.ParseRuleFlag(r, lint.Catalogue()); err != nil {
			return nil, err
		}
	}
	if f.profile != "" {
		if err := cfg.SetProfile(f.profile); err != nil {
			return nil, err
		}
	}
	return &cfg, nil
}

// configProblem says a configuration error in the output's language: the
// file, line and column, and what is wrong.
func (e *env) configProblem(err error) string {
	if m, ok := err.(interface{ Message(*i18n.Catalogue) string }); ok {
		return m.Message(e.catalogue())
	}
	return err.Error()
}

// openJSON starts --format json: {"results": [...]}, one result per
// INPUT as the encoder writes it (lint.Result, and the live checks'
// members after it when they ran).
func openJSON(e *env, w io.Writer, _ lintFlags) formatWriter {
	doc := struct {
		Results []any `json:"results"`
	}{Results: []any{}}
	s := newJSONStream(w, doc, "results")
	// a result's strings have always gone through json.Marshal
	// (lint.Result.MarshalJSON), which escapes <, > and &
	s.enc.SetEscapeHTML(true)
	return &jsonWriter{s: s, cat: e.catalogue()}
}

// resultJSON is lint.Result without its MarshalJSON.
type resultJSON lint.Result

type jsonWriter struct {
	s   *jsonStream
	cat *i18n.Catalogue
}

func (j *jsonWriter) write(r lintRun) error {
	if r.live == nil {
		// the result's fields as lint.Result.MarshalJSON writes them
		// ("diagnostics" [] when none), encoded in one pass: through
		// MarshalJSON the encoder would scan and indent its output again
		// (json 1.68 -> 1.45 s of CPU over 10,000 cards; TestJSONStreamed
		// compares the bytes)
		res := resultJSON(*r.res)
		if res.Diagnostics == nil {
			res.Diagnostics = []lint.Diagnostic{}
		}
		return j.s.add(&res)
	}
	item, err := r.live.withResult(r.res, j.cat)
	if err != nil {
		return err
	}
	return j.s.add(item)
}

func (j *jsonWriter) close() error { return j.s.close() }

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

// openText starts --format text: each finding with its excerpt and
// fixes, "no problems" for a clean INPUT (unless --quiet), and a summary
// line after the last INPUT.
func openText(e *env, w io.Writer, f lintFlags) formatWriter {
	return &textWriter{e: e, w: w, quiet: f.quiet}
}

type textWriter struct {
	e     *env
	w     io.Writer
	quiet bool
	tally
}

func (t *textWriter) write(r lintRun) error {
	e := t.e
	var b strings.Builder
	res := r.res
	t.count(res)
	if len(res.Diagnostics) == 0 {
		if !t.quiet {
			era := e.t("cli.lint.era", string(res.Era))
			// A full-width parenthesis (Chinese) carries its own space:
			// "没有发现问题（…）", not "没有发现问题 （…）".
			sep := " "
			if strings.HasPrefix(era, "（") {
				sep = ""
			}
			fmt.Fprintf(&b, "%s: %s%s%s\n", line(r.in.name), e.paint(ansiGreen, e.s("cli.lint.no-problems")), sep, era)
		}
		e.writeLiveText(&b, r.in.name, r.live)
		_, err := io.WriteString(t.w, b.String())
		return err
	}
	cols := columnsOf(r)
	// no excerpt of what is not a card, secrets masked (lint.Result)
	src := res.ExcerptSource()
	for _, d := range res.Diagnostics {
		fmt.Fprintf(&b, "%s: %s %s %s\n",
			e.paint(ansiBold, place(r.in.name, cols, d)),
			e.paint(severityStyle(d.Severity), e.severity(d.Severity)),
			e.paint(ansiDim, d.Code), line(d.Message))
		if len(src) > 0 && !check.Placeless(d) {
			e.excerpt(&b, res.Doc, src, d.Range)
		}
		for _, f := range d.Fixes {
			label := e.fixLabel(f)
			fmt.Fprintf(&b, "      %s%s%s\n", e.paint(ansiCyan, label), labelGap(label), line(f.Title))
		}
	}
	e.writeLiveText(&b, r.in.name, r.live)
	_, err := io.WriteString(t.w, b.String())
	return err
}

func (t *textWriter) close() error {
	if t.inputs == 0 {
		return nil
	}
	_, err := fmt.Fprintf(t.w, "%s\n", t.e.paint(ansiBold, t.e.summary(t.inputs, t.errs, t.warns, t.infos)))
	return err
}

// tally counts the INPUTs an output has written and their findings, for
// the summary line after the last.
type tally struct{ inputs, errs, warns, infos int }

func (t *tally) count(res *lint.Result) {
	t.inputs++
	t.errs, t.warns, t.infos = t.errs+res.Errors, t.warns+res.Warnings, t.infos+res.Infos
}

// fixLabel introduces a fix in text, JUnit and Markdown output, with its
// kind: a safe fix (lint --fix applies it) or an unsafe one (only with
// --unsafe-fixes).
func (e *env) fixLabel(f lint.Fix) string {
	if f.Safe {
		return e.s("cli.lint.fix.safe")
	}
	return e.s("cli.lint.fix.unsafe")
}

// openCompact starts --format compact: one line per finding and nothing
// else, for editors' and CI's error parsers (Vim's errorformat, Emacs'
// compilation mode, problem matchers):
//
//	card.json:3:5: warning: member "name" appears again (first at line 2, column 5); … [json-duplicate-key]
//
// The severity word is always English (error, warning, info), so one
// pattern reads every language; columns count bytes unless --columns
// says otherwise. A finding about how a card was served has no place:
// "name: severity: message [code]".
func openCompact(_ *env, w io.Writer, _ lintFlags) formatWriter { return compactWriter{w} }

type compactWriter struct{ w io.Writer }

func (c compactWriter) write(r lintRun) error {
	var b strings.Builder
	cols := columnsOf(r)
	for _, d := range r.res.Diagnostics {
		fmt.Fprintf(&b, "%s: %s: %s [%s]\n", place(r.in.name, cols, d), d.Severity, line(d.Message), d.Code)
	}
	_, err := io.WriteString(c.w, b.String())
	return err
}

func (compactWriter) close() error { return nil }

// place is where a finding is, as editors and terminals link to it:
// "name:line:col" with the column in the output's unit (cols), or just
// the name for a finding about how the card was served (HTTP), which has
// no place in the card.
func place(name string, cols *jsonpos.Columns, d lint.Diagnostic) string {
	if check.Placeless(d) {
		return line(name)
	}
	return fmt.Sprintf("%s:%d:%d", line(name), d.Range.Start.Line, cols.Column(d.Range.Start))
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
// src is doc's source as excerpts show it (lint.Result.ExcerptSource).
func (e *env) excerpt(b *strings.Builder, doc *jsonpos.Doc, src []byte, r lint.Range) {
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
