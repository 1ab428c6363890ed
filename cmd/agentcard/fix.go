package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/lint"
)

// fixInput is lint --fix and --diff for one INPUT: apply every
// machine-applicable fix (core/fix), then write the file (--fix) or add
// its unified diff to diffs (--diff). What was applied and what is left
// goes to stderr, so that stdout keeps the findings (--fix, in the chosen
// format) or the diff alone (--diff). The result is the lint result of
// the fixed text, which the findings and the exit status follow; a
// document core/fix refuses is never written, and its own findings are
// returned. ok is false when the fixed file could not be written.
func (e *env) fixInput(in *input, f lintFlags, cfg *config.Config, diffs *strings.Builder) (res *lint.Result, ok bool) {
	if in.src == nil && in.remote != nil {
		// a remote card that could not be read (404, not JSON): its
		// finding is all there is
		return in.remote, true
	}
	say := func(id string, args ...any) {
		fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(e.t(id, args...)))
	}
	// a rule the project turned off keeps its fixes to itself
	skip := func(code string) bool { return cfg != nil && cfg.Rules[code] == config.LevelOff }
	fr, err := fix.Apply(in.src, fix.Options{Skip: skip})
	if err != nil {
		var refusal *fix.Refusal
		if errors.As(err, &refusal) {
			fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(e.cat.Render(refusal.Reason)))
		} else {
			fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(err.Error()))
		}
		res = in.remote
		if res == nil {
			res = lint.Lint(in.src, lint.Options{})
			res.Input = in.name
		}
		return res, true
	}
	for _, a := range fr.Applied {
		say("cli.fix.applied", a.Code, e.cat.Render(a.Title))
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
	fmt.Fprintf(e.stderr, "%s: %s\n", line(in.name), line(e.cat.Render(fr.Summary())))
	switch {
	case !fr.Changed:
	case f.diff:
		diffs.WriteString(visibleDiff(fix.Diff(in.name, in.src, fr.Output)))
	default:
		if err := writeInPlace(in.name, fr.Output); err != nil {
			say("cli.fix.write-failed", err.Error())
			return res, false
		}
		say("cli.fix.written")
	}
	return res, true
}

// writeInPlace replaces a file's content without changing its mode, and
// without leaving a half-written card behind: the new text goes to a
// temporary file beside it, which is then renamed over it. A symbolic
// link is followed, so the link stays a link.
func writeInPlace(name string, data []byte) error {
	path, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
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
	return os.Rename(tmp.Name(), path)
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
