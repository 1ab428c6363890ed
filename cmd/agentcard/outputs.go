package main

import (
	"bytes"
	"fmt"
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
// its file, e.g. `--format github --format sarif=results.sarif`.

// outputSpec is one --format value.
type outputSpec struct {
	format string
	file   string // "" is standard output
}

// parseOutputs reads the --format values (text to standard output when
// none is given). The problem is a usage error.
func parseOutputs(values []string) ([]outputSpec, i18n.Text) {
	if len(values) == 0 {
		return []outputSpec{{format: "text"}}, i18n.Text{}
	}
	var out []outputSpec
	stdout := ""
	files := map[string]string{}
	for _, v := range values {
		name, file, hasFile := strings.Cut(v, "=")
		known := false
		for _, f := range lintFormats {
			known = known || f == name
		}
		if !known {
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

// defaultUnit is the column unit each format counts in unless --columns
// says otherwise. Text, github, markdown and junit count characters, as
// terminals, GitHub's annotations and people do; compact counts bytes,
// as Vim's and Neovim's quickfix (errorformat %c) and the Go tools do.
// JSON keeps the engine's byte columns and offsets, and SARIF counts
// UTF-16 code units as its columnKind says: those two are fixed by their
// contracts, and --columns does not change them.
func defaultUnit(format string) jsonpos.Unit {
	switch format {
	case "compact", "json":
		return jsonpos.Bytes
	case "sarif":
		return jsonpos.UTF16
	}
	return jsonpos.Chars
}

// unitFor is the unit an output counts columns in.
func unitFor(format string, columns jsonpos.Unit) jsonpos.Unit {
	if columns == "" || format == "json" || format == "sarif" {
		return defaultUnit(format)
	}
	return columns
}

// localized copies the runs with every message in the output's language
// and the positions they quote counted in unit, so that the outputs of
// one run (each with its own unit) never share words.
func (e *env) localized(runs []lintRun, unit jsonpos.Unit) []lintRun {
	out := make([]lintRun, len(runs))
	for i, r := range runs {
		res := *r.res
		res.Diagnostics = make([]lint.Diagnostic, len(r.res.Diagnostics))
		for j, d := range r.res.Diagnostics {
			d.Fixes = append([]lint.Fix(nil), d.Fixes...)
			d.Related = append([]lint.Related(nil), d.Related...)
			res.Diagnostics[j] = d
		}
		res.LocalizeIn(e.catalogue(), unit)
		out[i] = lintRun{src: r.src, in: r.in, res: &res, live: r.live, unit: unit, elapsed: r.elapsed}
	}
	return out
}

// render writes one output of the runs.
func (e *env) render(o outputSpec, runs []lintRun, f lintFlags) ([]byte, error) {
	view := e.localized(runs, unitFor(o.format, f.columns))
	if f.quiet {
		view = errorsOnly(view)
	}
	var b bytes.Buffer
	var err error
	switch o.format {
	case "json":
		err = writeLintJSON(&b, view, e.catalogue())
	case "sarif":
		err = writeSARIF(&b, view, e.lang, e.catalogue())
	case "github":
		err = e.writeGitHub(&b, view)
	case "junit":
		err = e.writeJUnit(&b, view)
	case "markdown":
		err = e.writeMarkdown(&b, view)
	case "compact":
		err = e.writeCompact(&b, view)
	default:
		err = e.writeLintText(&b, view, f.quiet)
	}
	return b.Bytes(), err
}

// writeOutputs renders every output and writes it: files first, through
// a temporary file renamed into place (a reader never sees half a
// report), then standard output. A file that cannot be written is
// reported and makes the run exit 2; the other outputs are still written.
func (e *env) writeOutputs(outs []outputSpec, runs []lintRun, f lintFlags) bool {
	ok := true
	var stdout []byte
	for _, o := range outs {
		data, err := e.render(o, runs, f)
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %v\n", err)
			ok = false
			continue
		}
		if o.file == "" {
			stdout = data
			continue
		}
		if err := writeReport(o.file, data); err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.t("cli.output.write-failed", o.format, o.file, e.writeProblem(err))))
			ok = false
		}
	}
	if stdout != nil {
		if _, err := e.stdout.Write(stdout); err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %v\n", err)
			ok = false
		}
	}
	return ok
}

// writeReport writes a report file (creating its directory), replacing
// an older report of the same name at once.
func writeReport(name string, data []byte) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
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
