package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
)

// Gathering turns lint's INPUT arguments into the list of things to
// check, once, before any is read:
//
//	args ──▶ expand (a directory becomes the card files in it) ──▶ de-duplicate ──▶ sources
//
// Every way of naming inputs feeds the same list: the positional
// arguments, and `lint --from FILE` (from.go), whose lines lint appends to
// the arguments before calling gather, so a directory or a URL listed in
// a file is expanded and de-duplicated exactly like one on the command
// line. The sources gather returns are then read and checked,
// --concurrency at once, in the session's window (session.go).

// sourceKind is what an INPUT is.
type sourceKind uint8

const (
	srcFile   sourceKind = iota + 1 // a file on disk
	srcStdin                        // '-'
	srcRemote                       // a URL or a domain
)

// source is one input to check.
type source struct {
	// name is the INPUT as the outputs show it: the path given or
	// found, '-', or the URL or domain.
	name string
	kind sourceKind
	// path is the file whose configuration, ignore patterns and baseline
	// entry apply: the file itself, or --stdin-filename for standard
	// input; "" for a remote card and for unnamed standard input.
	path string
	// found is set for a file found in a directory (not named itself).
	found bool
}

// gatherProblem is an INPUT that gives nothing to check (a directory
// without cards), reported like an unreadable INPUT.
type gatherProblem struct {
	name string
	text i18n.Text
}

// gather expands and de-duplicates the INPUT arguments. A directory is
// replaced by the card files config.Discover finds in it (each under its
// own configuration, read through loader); a file named twice, or by two
// paths that resolve to the same file (a symbolic link, "./a" and "a"),
// and standard input named twice, are checked once, at their first
// place; so is a URL written twice. stdinName is --stdin-filename.
func gather(args []string, stdinName string, loader *config.Loader) ([]source, []gatherProblem, error) {
	var out []source
	var problems []gatherProblem
	seen := map[string]bool{}
	add := func(s source, key string) {
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, s)
	}
	for _, arg := range args {
		switch {
		case arg == "-":
			add(source{name: stdinDisplay(stdinName), kind: srcStdin, path: stdinName}, "\x00stdin")
		case isRemote(arg):
			add(source{name: arg, kind: srcRemote}, "\x00url "+arg)
		case isDir(arg):
			found, err := loader.Discover(arg)
			if err != nil {
				return nil, nil, err
			}
			if len(found.Files) == 0 {
				problems = append(problems, gatherProblem{name: arg, text: i18n.T("cli.input.no-cards", strings.Join(config.CardNames, ", "))})
				continue
			}
			for _, f := range found.Files {
				add(source{name: f, kind: srcFile, path: f, found: true}, realPath(f))
			}
		default:
			add(source{name: arg, kind: srcFile, path: arg}, realPath(arg))
		}
	}
	return out, problems, nil
}

// stdinDisplay is how standard input is named in the output: the name
// --stdin-filename gives it, else '-'.
func stdinDisplay(stdinName string) string {
	if stdinName != "" {
		return stdinName
	}
	return "-"
}

// anyFile reports whether any source is a card without an origin (a file
// or standard input).
func anyFile(sources []source) bool {
	for _, s := range sources {
		if s.kind != srcRemote {
			return true
		}
	}
	return false
}

func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}

// realPath is the key a file is de-duplicated by: its absolute path with
// symbolic links resolved (the name as given when it cannot be resolved,
// so that a missing file is still reported once).
func realPath(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}

// reportGather prints the INPUTs that gave nothing to check.
func (e *env) reportGather(problems []gatherProblem) {
	for _, p := range problems {
		fmt.Fprintf(e.stderr, "agentcard lint: %s: %s\n", line(p.name), line(e.catalogue().Render(p.text)))
	}
}
