package main

import (
	"bytes"
	"context"
	"encoding/json"
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
}

// lintFormats are the --format values of lint.
var lintFormats = []string{"text", "compact", "json", "sarif", "github", "junit", "markdown"}

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

func (e *env) lint(args []string) int {
	c := e.newCommand("lint", "cli.lint.usage")
	var f lintFlags
	c.fs.Func("format", "", func(v string) error { f.formats = append(f.formats, v); return nil })
	columns := c.fs.String("columns", "", "")
	c.fs.StringVar(&f.configFile, "config", "", "")
	c.fs.Func("rule", "", func(v string) error { f.rules = append(f.rules, v); return nil })
	c.fs.StringVar(&f.profile, "profile", "", "")
	maxWarnings := c.fs.String("max-warnings", "", "")
	c.fs.BoolVar(&f.quiet, "quiet", false, "")
	c.fs.BoolVar(&f.fix, "fix", false, "")
	c.fs.BoolVar(&f.unsafeFixes, "unsafe-fixes", false, "")
	c.fs.BoolVar(&f.diff, "diff", false, "")
	c.fs.BoolVar(&f.diff, "fix-dry-run", false, "")
	c.fs.StringVar(&f.baseline, "baseline", "", "")
	c.fs.BoolVar(&f.update, "update-baseline", false, "")
	c.fs.StringVar(&f.stdinName, "stdin-filename", "", "")
	printConfig := c.fs.String("print-config", "", "")
	showVersion := c.fs.Bool("version", false, "")
	c.fs.BoolVar(&f.live.probe, "probe", false, "")
	c.fs.BoolVar(&f.live.extended, "extended", false, "")
	c.fs.StringVar(&f.live.keyFile, "key", "", "")
	from := e.addFromFlags(c) // --from FILE, --concurrency N (from.go)
	var headerProblem i18n.Text
	c.fs.Func("header-origin", "", func(v string) error {
		o, problem := parseHeaderOrigin(v)
		if !problem.IsZero() {
			if headerProblem.IsZero() {
				headerProblem = problem
			}
			return nil
		}
		f.live.headerOrigins = append(f.live.headerOrigins, o)
		return nil
	})
	c.fs.Func("header", "", func(v string) error {
		name, value, problem := parseHeader(v)
		if !problem.IsZero() {
			if headerProblem.IsZero() {
				headerProblem = problem
			}
			return nil
		}
		if f.live.headers == nil {
			f.live.headers = http.Header{}
		}
		f.live.headers.Add(name, value)
		return nil
	})
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if *showVersion {
		// `agentcard lint --version`: what people type to learn which
		// linter they run; the answer of `agentcard version`
		return e.version(nil)
	}
	outs, problem := parseOutputs(f.formats)
	if !problem.IsZero() {
		return c.failText(e.catalogue().Render(problem))
	}
	f.outputs = outs
	if *columns != "" {
		u, ok := jsonpos.ParseUnit(*columns)
		if !ok {
			return c.fail("cli.lint.columns-value", jsonpos.QuoteClipped(*columns), unitList())
		}
		f.columns = u
	}
	f.maxWarnings = -1
	if *maxWarnings != "" {
		n, err := strconv.Atoi(*maxWarnings)
		if err != nil || n < 0 {
			return c.fail("cli.lint.max-warnings-value", jsonpos.QuoteClipped(*maxWarnings))
		}
		f.maxWarnings = n
	}
	if f.fix && f.diff {
		return c.fail("cli.fix.both")
	}
	if f.unsafeFixes && !f.fix && !f.diff {
		return c.fail("cli.fix.unsafe-alone")
	}
	if o, ok := toStdout(f.outputs); f.diff && ok && (len(f.formats) > 0 || o.format != "text") {
		// the diff is standard output's; reports go to files
		return c.fail("cli.fix.diff-format", o.format)
	}
	if f.update && f.baseline == "" {
		return c.fail("cli.baseline.update-alone")
	}
	if !headerProblem.IsZero() {
		return c.failText(e.catalogue().Render(headerProblem))
	}
	if f.live.on() && (f.fix || f.diff) {
		return c.fail("cli.live.with-fix")
	}
	if f.live.keyFile != "" {
		keys, problem := readKeys(f.live.keyFile)
		if !problem.IsZero() {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.catalogue().Render(problem)))
			return exitUsage
		}
		f.live.keys = keys
	}
	// the flags are checked before any input is read: a typo in --rule is
	// a usage error, not a silently ignored setting
	if _, err := withFlags(nil, f); err != nil {
		return c.failText(e.configProblem(err))
	}
	// --from FILE (issue 20): its lines join the INPUT arguments before
	// they are gathered, so a directory or URL listed in a file is
	// expanded and de-duplicated like one on the command line
	listed, fromProblem := e.fromInputs(from)
	if fromProblem != "" {
		return c.failText(fromProblem)
	}
	pos = append(pos, listed...)
	var base *config.Config
	if f.configFile != "" {
		cfg, err := config.Load(f.configFile)
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", visible(e.configProblem(err), true))
			return exitUsage
		}
		base = cfg
	}
	var loader config.Loader
	if *printConfig != "" {
		return e.printConfig(c, *printConfig, base, &loader, f, pos)
	}
	if len(pos) == 0 {
		return c.fail("cli.no-input")
	}
	sources, empty, err := gather(pos, f.stdinName, &loader)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", visible(e.configProblem(err), true))
		return exitUsage
	}
	e.reportGather(empty)
	if len(f.live.headers) > 0 && len(f.live.headerOrigins) == 0 {
		// A file has no origin: nothing says where its headers may go, and
		// its declared endpoints are whatever the file's author wrote.
		for _, s := range sources {
			if s.kind != srcRemote {
				return c.fail("cli.live.header-origin-needed")
			}
		}
	}
	if f.fix {
		// --fix rewrites files; standard input and URLs have no file to
		// rewrite, and printing a card where findings are expected would
		// mix the two: --diff shows their changes
		for _, s := range sources {
			if s.kind != srcFile {
				return c.fail("cli.fix.not-a-file", jsonpos.QuoteClipped(s.name))
			}
		}
	}
	var baseline *config.Baseline
	switch {
	case f.update:
		baseline = config.NewBaseline(f.baseline)
	case f.baseline != "":
		b, err := config.LoadBaseline(f.baseline)
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.configProblem(err)))
			return exitUsage
		}
		baseline = b
	}
	ctx := context.Background()
	var runs []lintRun
	var diffs strings.Builder
	unreadable := len(empty) > 0
	known := 0
	// remote inputs are read ahead, --concurrency at once (from.go)
	var remote []string
	for _, s := range sources {
		if s.kind == srcRemote {
			remote = append(remote, s.name)
		}
	}
	reads := e.prefetch(ctx, remote, from.concurrency, f.live.options())
	for i := range sources {
		s := &sources[i]
		cfg := base
		if cfg == nil {
			var err error
			if s.path != "" {
				cfg, err = loader.ForFile(s.path)
			} else {
				cfg, err = loader.ForDir(".")
			}
			if err != nil {
				fmt.Fprintf(e.stderr, "agentcard lint: %s\n", visible(e.configProblem(err), true))
				return exitUsage
			}
		}
		if s.path != "" && !s.found && cfg != nil && cfg.Ignored(s.path) {
			if !f.quiet {
				fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.t("cli.lint.ignored", s.name, cfg.File)))
			}
			continue
		}
		cfg, _ = withFlags(cfg, f) // checked above
		arg := s.name
		if s.kind == srcStdin {
			arg = "-"
		}
		started := clock()
		in, err := reads.read(ctx, e, arg, f.live.options())
		if err != nil && len(listed) > 0 {
			// a list of agents (--from) with one that does not answer:
			// a finding of that input, not an unreadable run
			in, err = unansweredInput(arg, err)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.inputProblem(err)))
			unreadable = true
			continue
		}
		in.name = s.name
		var res *lint.Result
		if f.fix || f.diff {
			var ok bool
			res, ok = e.fixInput(in, s, f, cfg, &diffs)
			if !ok {
				unreadable = true
			}
		} else {
			res = in.remote
			if res == nil && f.live.on() {
				checked, err := e.runCheck(ctx, check.Target{Name: s.name, Body: in.src}, f.live.options())
				if err != nil {
					t, ok := credentialProblem(err)
					if !ok {
						t = i18n.T("cli.input.unreadable", err.Error())
					}
					fmt.Fprintf(e.stderr, "agentcard lint: %s: %s\n", line(s.name), line(e.catalogue().Render(t)))
					unreadable = true
					continue
				}
				in.checked, res = checked, checked.Report.Result
			}
			if res == nil {
				res = lint.Lint(in.src, lint.Options{})
			}
			res.Input = s.name
			config.ApplyResultFor(cfg, s.path, res)
		}
		if baseline != nil {
			key := baseline.Key(baselineName(s), s.path != "")
			if f.update {
				baseline.Add(key, res.Diagnostics)
			} else {
				known += baseline.Filter(key, res)
			}
		}
		var live *liveResult
		if f.live.on() && in.checked != nil {
			live = &liveResult{res: in.checked}
			// the live results carry no positions: one language for all
			live.localize(e.catalogue())
		}
		runs = append(runs, lintRun{src: s, in: in, res: res, live: live, elapsed: clock().Sub(started)})
	}
	if f.update {
		if err := baseline.Write(f.baseline); err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.configProblem(err)))
			return exitUsage
		}
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", e.t("cli.baseline.written", f.baseline, i18n.T("phrase.baseline.findings", baseline.Total()), i18n.T("phrase.baseline.inputs", len(runs))))
		if unreadable {
			return exitUsage
		}
		return exitOK
	}
	if known > 0 && !f.quiet {
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", e.t("cli.baseline.hidden", known, f.baseline))
	}
	warnings := 0
	for _, r := range runs {
		warnings += r.res.Warnings
	}
	outs = f.outputs
	if f.diff {
		if _, err := io.WriteString(e.stdout, diffs.String()); err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %v\n", err)
			return exitUsage
		}
		var files []outputSpec
		for _, o := range outs {
			if o.file != "" {
				files = append(files, o)
			}
		}
		outs = files
	}
	if !e.writeOutputs(outs, runs, f) {
		return exitUsage
	}
	tooMany := f.maxWarnings >= 0 && warnings > f.maxWarnings
	if tooMany {
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", e.t("cli.lint.max-warnings", warnings, f.maxWarnings))
	}
	switch {
	case unreadable:
		return exitUsage
	case anyErrors(runs), tooMany:
		return exitFound
	}
	return exitOK
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
		if err := cfg.ParseRuleFlag(r); err != nil {
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

// errorsOnly is --quiet: each result keeps its error findings only (its
// counts still count everything, so JSON consumers see what was hidden).
func errorsOnly(runs []lintRun) []lintRun {
	out := make([]lintRun, len(runs))
	for i, r := range runs {
		res := *r.res
		res.Diagnostics = []lint.Diagnostic{}
		for _, d := range r.res.Diagnostics {
			if d.Severity == lint.Error {
				res.Diagnostics = append(res.Diagnostics, d)
			}
		}
		out[i] = lintRun{src: r.src, in: r.in, res: &res, live: r.live, unit: r.unit, elapsed: r.elapsed}
	}
	return out
}

func anyErrors(runs []lintRun) bool {
	for _, r := range runs {
		if r.res.Errors > 0 {
			return true
		}
	}
	return false
}

func writeLintJSON(w io.Writer, runs []lintRun, cat *i18n.Catalogue) error {
	live := false
	for _, r := range runs {
		live = live || r.live != nil
	}
	if !live {
		return writeResultsJSON(w, runs)
	}
	out := struct {
		Results []any `json:"results"`
	}{Results: make([]any, 0, len(runs))}
	for _, r := range runs {
		if r.live == nil {
			out.Results = append(out.Results, r.res)
			continue
		}
		item, err := r.live.withResult(r.res, cat)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, item)
	}
	enc := newJSONEncoder(w)
	return enc.Encode(out)
}

// writeResultsJSON is writeLintJSON without live checks: the same bytes
// as newJSONEncoder writes (TestLintJSONByHand), from each result's
// hand-written JSON (lint.Result.AppendJSON) instead of reflection.
func writeResultsJSON(w io.Writer, runs []lintRun) error {
	b := append(make([]byte, 0, 4096), `{"results":[`...)
	for i, r := range runs {
		if i > 0 {
			b = append(b, ',')
		}
		b = r.res.AppendJSON(b)
	}
	b = append(b, "]}"...)
	var out bytes.Buffer
	out.Grow(2 * len(b))
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err := escapeControls{w: w}.Write(out.Bytes())
	return err
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

func (e *env) writeLintText(w io.Writer, runs []lintRun, quiet bool) error {
	var b strings.Builder
	var errs, warns, infos int
	for _, r := range runs {
		res := r.res
		errs, warns, infos = errs+res.Errors, warns+res.Warnings, infos+res.Infos
		if len(res.Diagnostics) == 0 {
			if !quiet {
				fmt.Fprintf(&b, "%s: %s %s\n", line(r.in.name), e.paint(ansiGreen, e.s("cli.lint.no-problems")), e.t("cli.lint.era", string(res.Era)))
			}
			e.writeLiveText(&b, r.in.name, r.live)
			continue
		}
		cols := columnsOf(r)
		for _, d := range res.Diagnostics {
			fmt.Fprintf(&b, "%s: %s %s %s\n",
				e.paint(ansiBold, place(r.in.name, cols, d)),
				e.paint(severityStyle(d.Severity), e.severity(d.Severity)),
				e.paint(ansiDim, d.Code), line(d.Message))
			if res.Doc != nil && len(res.Doc.Src) > 0 && !check.Placeless(d) {
				e.excerpt(&b, res.Doc, d.Range)
			}
			for _, f := range d.Fixes {
				label := e.fixLabel(f)
				fmt.Fprintf(&b, "      %s%s%s\n", e.paint(ansiCyan, label), labelGap(label), line(f.Title))
			}
		}
		e.writeLiveText(&b, r.in.name, r.live)
	}
	if len(runs) > 0 {
		fmt.Fprintf(&b, "%s\n", e.paint(ansiBold, e.summary(len(runs), errs, warns, infos)))
	}
	_, err := io.WriteString(w, b.String())
	return err
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

// writeCompact is --format compact: one line per finding and nothing
// else, for editors' and CI's error parsers (Vim's errorformat, Emacs'
// compilation mode, problem matchers):
//
//	card.json:3:5: warning: member "name" appears again (first at line 2, column 5); … [json-duplicate-key]
//
// The severity word is always English (error, warning, info), so one
// pattern reads every language; columns count bytes unless --columns
// says otherwise. A finding about how a card was served has no place:
// "name: severity: message [code]".
func (e *env) writeCompact(w io.Writer, runs []lintRun) error {
	var b strings.Builder
	for _, r := range runs {
		cols := columnsOf(r)
		for _, d := range r.res.Diagnostics {
			fmt.Fprintf(&b, "%s: %s: %s [%s]\n", place(r.in.name, cols, d), d.Severity, line(d.Message), d.Code)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

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
