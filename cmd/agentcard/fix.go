package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// fixInput is lint --fix and --diff for one INPUT: apply the fixes
// (core/fix: safe ones, unsafe ones too with --unsafe-fixes), then write
// the file (--fix) or add its unified diff to diffs (--diff). What was
// applied and what is left goes to stderr, so that stdout keeps the
// findings (--fix, in the chosen format) or the diff alone (--diff). The
// result, with the configuration applied, is the lint result of the text
// the file now holds, which the findings and the exit status follow: the
// fixed text once it is written (or shown by --diff), the original text
// when core/fix refuses the document or the file could not be written.
// ok is false when the fixed file could not be written (exit 2).
func (e *env) fixInput(in *input, s *source, f lintFlags, cfg *config.Config, diffs *strings.Builder) (res *lint.Result, ok bool) {
	if in.src == nil && in.remote != nil {
		// a remote card that could not be read (404, not JSON): its
		// finding is all there is
		config.ApplyResultFor(cfg, s.path, in.remote)
		return in.remote, true
	}
	say := func(id string, args ...any) {
		fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(e.t(id, args...)))
	}
	// the text as it is: what a refused or failed fix leaves in the file
	asItIs := func() *lint.Result {
		r := in.remote
		if r == nil {
			r = lint.Lint(in.src, lint.Options{})
		}
		r.Input = in.name
		config.ApplyResultFor(cfg, s.path, r)
		return r
	}
	// a rule the project turned off keeps its fixes to itself
	skip := func(code string) bool { return cfg != nil && cfg.Rules[code] == config.LevelOff }
	fr, err := fix.Apply(in.src, lint.Lint, fix.Options{Skip: skip, Unsafe: f.unsafeFixes})
	cols := jsonpos.NewColumns(fr.Lint.Doc, jsonpos.Chars)
	if err != nil {
		var refusal *fix.Refusal
		if errors.As(err, &refusal) {
			cols.AddText(refusal.Reason)
			fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(e.catalogue().Render(cols.Resolve(refusal.Reason))))
		} else {
			fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(err.Error()))
		}
		return asItIs(), true
	}
	for _, a := range fr.Applied {
		id := "cli.fix.applied-safe"
		switch {
		case f.diff && !a.Safe: // --diff writes nothing: say what would be
			id = "cli.fix.would-unsafe"
		case f.diff:
			id = "cli.fix.would-safe"
		case !a.Safe:
			id = "cli.fix.applied-unsafe"
		}
		say(id, a.Code, e.catalogue().Render(a.Title))
	}
	res = fr.Lint
	res.Input = in.name
	if in.remote != nil {
		// the findings about how the card was served stay: fixing the
		// text does not change the server
		var served []lint.Diagnostic
		for _, d := range in.remote.Diagnostics {
			if check.Placeless(d) {
				served = append(served, d)
			}
		}
		discovery.Merge(res, served)
	}
	config.ApplyResultFor(cfg, s.path, res)
	summary := fr.Summary()
	if f.diff {
		summary = fr.DrySummary()
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(e.catalogue().Render(summary)))
	if fr.UnsafeLeft > 0 {
		say("cli.fix.unsafe-hint")
	}
	switch {
	case !fr.Changed:
	case f.diff:
		diffs.WriteString(visibleDiff(fix.Diff(in.name, in.src, fr.Output)))
	default:
		if err := writeInPlace(in.name, in.src, fr.Output); err != nil {
			say("cli.fix.write-failed", e.writeProblem(err))
			// nothing was written: the findings are those of the file
			// as it is, not of the fixes that did not reach it
			return asItIs(), false
		}
		say("cli.fix.written")
	}
	return res, true
}

// writeInPlace replaces a file's content without changing its mode, and
// without leaving a half-written card behind: the new text goes to a
// temporary file beside it, which is then renamed over it. A symbolic
// link is followed, so the link stays a link. It refuses a read-only
// file (the rename would replace it anyway: issue 16, B14), a file or
// directory the user may not write (the rename needs only the
// directory, so another user's file in a shared one would change hands:
// issue 36, B26), and a file whose content is no longer original, the
// bytes the command read (an edit made in between would be lost: B15);
// each leaves the file as it is and is a *writeError.
func writeInPlace(name string, original, data []byte) error {
	path, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o200 == 0 {
		// kept even for root, whom the access check below lets write
		// anything: a file made read-only was made so on purpose
		return &writeError{i18n.T("cli.write.read-only", name)}
	}
	// the new text is renamed over the file: the user must be allowed to
	// write the file itself, not only the directory holding it
	if !mayWrite(path, accessWrite) {
		return &writeError{i18n.T("cli.write.not-yours", name)}
	}
	if !mayWrite(filepath.Dir(path), accessWriteDirs) {
		return &writeError{i18n.T("cli.write.dir", name, filepath.Dir(path))}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // gone after the rename; removes it on failure
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	beforeReplace(path)
	now, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, original) {
		return &writeError{i18n.T("cli.write.changed", name)}
	}
	return os.Rename(tmp.Name(), path)
}

// beforeReplace runs just before writeInPlace checks the file again; tests
// change the file there.
var beforeReplace = func(string) {}

// writeError is a file writeInPlace refused to replace, in words.
type writeError struct{ text i18n.Text }

func (e *writeError) Error() string { return i18n.EnglishCatalogue().Render(e.text) }

// writeProblem is a write failure in the output's language.
func (e *env) writeProblem(err error) string {
	var we *writeError
	if errors.As(err, &we) {
		return e.catalogue().Render(we.text)
	}
	return err.Error()
}

// visibleDiff is a diff made safe for a terminal like every other output
// (visible), except that the CRLF line ends of a Windows file are kept, so
// that the diff still applies to it.
func visibleDiff(d string) string {
	parts := strings.Split(d, "\r\n")
	for i, p := range parts {
		parts[i] = visible(p, true)
	}
	return strings.Join(parts, "\r\n")
}
