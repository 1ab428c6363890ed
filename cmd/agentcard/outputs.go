package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// Several outputs in one run (--format NAME[=FILE], repeatable): the
// inputs are checked once, and each output renders the same results in
// its own format and column unit, to standard output (at most one) or to
// its file, e.g. `--format github --format sarif=results.sarif`. Each
// output writes an input's result as soon as it is checked (session.go),
// so a report of any size is written in constant memory.

// format is one --format of lint: its name (written nowhere else), the
// column unit it counts in unless --columns says otherwise, and its
// writer.
type format struct {
	name string
	// unit is the format's own column unit; fixed formats keep it
	// whatever --columns says (their contracts fix it).
	unit  jsonpos.Unit
	fixed bool
	// open starts the format's document on w.
	open func(e *env, w io.Writer, f lintFlags) formatWriter
	// printsJSON: --print-config answers in JSON for this format.
	printsJSON bool
}

// formatWriter writes one output: each input's result (already in the
// output's language and unit) in input order, then the document's end.
type formatWriter interface {
	write(r lintRun) error
	close() error
}

// formats are lint's --format values; the first is the default. Text,
// github, markdown and junit count characters, as terminals, GitHub's
// annotations and people do; compact counts bytes, as Vim's and
// Neovim's quickfix (errorformat %c) and the Go tools do. JSON keeps the
// engine's byte columns and offsets, and SARIF counts UTF-16 code units
// as its columnKind says.
var formats = []format{
	{name: "text", unit: jsonpos.Chars, open: openText},
	{name: "compact", unit: jsonpos.Bytes, open: openCompact},
	{name: "json", unit: jsonpos.Bytes, fixed: true, open: openJSON, printsJSON: true},
	{name: "sarif", unit: jsonpos.UTF16, fixed: true, open: openSARIF},
	{name: "github", unit: jsonpos.Chars, open: openGitHub},
	{name: "junit", unit: jsonpos.Chars, open: openJUnit},
	{name: "markdown", unit: jsonpos.Chars, open: openMarkdown},
}

// lintFormats are the names of formats, in order (usage and tests).
var lintFormats = func() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}()

// formatNamed is the format called name (nil for none).
func formatNamed(name string) *format {
	for i := range formats {
		if formats[i].name == name {
			return &formats[i]
		}
	}
	return nil
}

// outputSpec is one --format value.
type outputSpec struct {
	format string
	file   string // "" is standard output
}

// parseOutputs reads the --format values (the default format to standard
// output when none is given). The problem is a usage error.
func parseOutputs(values []string) ([]outputSpec, i18n.Text) {
	if len(values) == 0 {
		return []outputSpec{{format: formats[0].name}}, i18n.Text{}
	}
	var out []outputSpec
	stdout := ""
	files := map[string]string{}
	for _, v := range values {
		name, file, hasFile := strings.Cut(v, "=")
		if formatNamed(name) == nil {
			return nil, i18n.T("cli.unknown-format", jsonpos.QuoteClipped(name), strings.Join(lintFormats, ", "))
		}
		if hasFile && file == "" {
			return nil, i18n.T("cli.output.empty-file", name)
		}
		if !hasFile {
			if stdout != "" {
				return nil, i18n.T("cli.output.two-stdout", stdout, name)
			}
			stdout = name
		} else {
			key := realPath(file)
			if prev, dup := files[key]; dup {
				return nil, i18n.T("cli.output.same-file", jsonpos.QuoteClipped(file), prev, name)
			}
			files[key] = name
		}
		out = append(out, outputSpec{format: name, file: file})
	}
	return out, i18n.Text{}
}

// toStdout is the output written to standard output, if any.
func toStdout(outs []outputSpec) (outputSpec, bool) {
	for _, o := range outs {
		if o.file == "" {
			return o, true
		}
	}
	return outputSpec{}, false
}

// unitFor is the unit an output counts columns in.
func unitFor(name string, columns jsonpos.Unit) jsonpos.Unit {
	f := formatNamed(name)
	if columns == "" || f.fixed {
		return f.unit
	}
	return columns
}

// localized copies a run with every message in the output's language
// and the positions they quote counted in unit, so that the outputs of
// one run (each with its own unit) never share words.
func (e *env) localized(r lintRun, unit jsonpos.Unit) lintRun {
	res := *r.res
	res.Diagnostics = make([]lint.Diagnostic, len(r.res.Diagnostics))
	for j, d := range r.res.Diagnostics {
		d.Fixes = append([]lint.Fix(nil), d.Fixes...)
		d.Related = append([]lint.Related(nil), d.Related...)
		res.Diagnostics[j] = d
	}
	res.LocalizeIn(e.catalogue(), unit)
	r.res, r.unit = &res, unit
	return r
}

// errorsOnly is --quiet: the run keeps its error findings only (its
// counts still count everything, so JSON consumers see what was hidden).
func errorsOnly(r lintRun) lintRun {
	res := *r.res
	res.Diagnostics = []lint.Diagnostic{}
	for _, d := range r.res.Diagnostics {
		if d.Severity == lint.Error {
			res.Diagnostics = append(res.Diagnostics, d)
		}
	}
	r.res = &res
	return r
}

// output is one open --format: its writer, and where it goes.
type output struct {
	spec   outputSpec
	unit   jsonpos.Unit
	w      formatWriter
	buf    *bufio.Writer
	tmp    *os.File // the file's temporary twin, renamed over it at the end
	failed error    // the first failure; nothing more is written to it
}

// outputs are a run's outputs and standard output, which also carries
// --diff's diffs.
type outputs struct {
	e      *env
	f      lintFlags
	list   []*output
	stdout *bufio.Writer
}

// openOutputs starts every output (with --diff, the file outputs only:
// standard output is the diff's). A file is written to a temporary file
// beside it, renamed into place at the end (a reader never sees half a
// report); one that cannot be written is reported at the end and makes
// the run exit 2, and the other outputs are still written.
func (e *env) openOutputs(f lintFlags) *outputs {
	all := &outputs{e: e, f: f, stdout: bufio.NewWriterSize(e.stdout, 64<<10)}
	for _, spec := range f.outputs {
		if f.diff && spec.file == "" {
			continue
		}
		o := &output{spec: spec, unit: unitFor(spec.format, f.columns), buf: all.stdout}
		if spec.file != "" {
			o.tmp, o.failed = createReport(spec.file)
			if o.failed != nil {
				all.list = append(all.list, o)
				continue
			}
			o.buf = bufio.NewWriterSize(o.tmp, 64<<10)
		}
		o.w = formatNamed(spec.format).open(e, o.buf, f)
		all.list = append(all.list, o)
	}
	return all
}

// write renders one run to every output still writable.
func (all *outputs) write(r lintRun) {
	for _, o := range all.list {
		if o.failed != nil {
			continue
		}
		view := all.e.localized(r, o.unit)
		if all.f.quiet {
			view = errorsOnly(view)
		}
		o.failed = o.w.write(view)
	}
}

// diff writes one input's --diff to standard output.
func (all *outputs) diff(d string) {
	_, _ = all.stdout.WriteString(d) // a failure shows at the final flush
}

// close ends every output and reports the ones that failed; ok is false
// when one did.
func (all *outputs) close() (ok bool) {
	e := all.e
	ok = true
	for _, o := range all.list {
		if o.failed == nil {
			o.failed = o.w.close()
		}
		if o.spec.file == "" {
			continue
		}
		if o.failed == nil {
			o.failed = finishReport(o.tmp, o.buf, o.spec.file)
			if o.failed == nil {
				o.tmp = nil // renamed: nothing to discard
			}
		}
		if o.failed != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.t("cli.output.write-failed", o.spec.format, o.spec.file, e.writeProblem(o.failed))))
			ok = false
		}
	}
	for _, o := range all.list {
		if o.spec.file == "" && o.failed != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %v\n", o.failed)
			return false
		}
	}
	if err := all.stdout.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "agentcard lint: %v\n", err)
		ok = false
	}
	return ok
}

// discard removes the temporary files of reports not finished.
func (all *outputs) discard() {
	for _, o := range all.list {
		if o.tmp != nil {
			o.tmp.Close()
			_ = os.Remove(o.tmp.Name())
		}
	}
}

// createReport starts a report file: a temporary file beside it
// (creating its directory).
func createReport(name string) (*os.File, error) {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return os.CreateTemp(dir, "."+filepath.Base(name)+".*")
}

// finishReport flushes a report's temporary file and renames it over
// the report, replacing an older one of the same name at once.
func finishReport(tmp *os.File, buf *bufio.Writer, name string) error {
	if err := buf.Flush(); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// columns is the converter of one result's positions to its output's
// unit, with every position the writers ask about added up front.
func columnsOf(r lintRun) *jsonpos.Columns {
	cols := jsonpos.NewColumns(r.res.Doc, r.unit)
	for _, d := range r.res.Diagnostics {
		cols.AddRange(d.Range)
		for _, rel := range d.Related {
			cols.AddRange(rel.Range)
		}
	}
	return cols
}
