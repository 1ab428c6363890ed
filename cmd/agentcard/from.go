package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// lint --from FILE [--concurrency N]: the inputs listed in FILE, one URL
// or domain per line (blank lines and lines starting with # left out;
// "-" reads the list from standard input), after those on the command
// line. Inputs are checked N at once (default 4), remote ones at most
// core/batch.PerHost at once per host as the Worker's batch checks are,
// in the session's window (session.go). Results print in the order
// listed.
//
// A list is data, often edited by others (a registry's list in a pull
// request), not the user's command line (issue 36, B22):
//   - a line naming a file is refused unless --from-paths is given, and
//     then only a file inside the list's own directory, after the path is
//     cleaned and its symbolic links resolved; relative paths are read
//     from that directory. Otherwise a list could have lint read
//     ../../.env or /proc/self/environ and print from it.
//   - a URL a list names is not one the user named: --header needs
//     --header-origin, and the headers reach only those origins
//     (core/discovery's CheckScope and NewListedCredentials).

// fromFlags are lint's --from, --from-paths and --concurrency.
type fromFlags struct {
	files       []string
	paths       bool
	concurrency int
}

// Bounds of a --from list.
const (
	maxFromList     = 1 << 20 // bytes of one list
	maxFromInputs   = 10000   // inputs in all lists
	defaultParallel = 4
	maxConcurrency  = 64
)

// addFromFlags registers --from and --concurrency on lint's command and
// adds them to its usage.
func (e *env) addFromFlags(c *command) *fromFlags {
	f := &fromFlags{concurrency: defaultParallel}
	c.fs.Func("from", "", func(v string) error { f.files = append(f.files, v); return nil })
	c.fs.BoolVar(&f.paths, "from-paths", false, "")
	c.fs.IntVar(&f.concurrency, "concurrency", defaultParallel, "")
	c.usage += e.s("cli.from.usage")
	return f
}

// maxRefusedLines bounds the refused lines named one by one.
const maxRefusedLines = 10

// fromInputs reads the lists; problem is the usage error to print (exit
// 2), after each refused line was named on stderr. args are the INPUTs
// on the command line: a URL listed and also given there is the user's.
// The URLs only a list names are noted in e.listed.
func (e *env) fromInputs(f *fromFlags, args []string) (names []string, problem string) {
	if f.concurrency < 1 || f.concurrency > maxConcurrency {
		return nil, e.t("cli.from.concurrency", f.concurrency, maxConcurrency)
	}
	if f.paths && len(f.files) == 0 {
		return nil, e.t("cli.from.paths-alone")
	}
	given := map[string]bool{}
	for _, a := range args {
		given[a] = true
	}
	refused := 0
	refuse := func(file string, n int, t i18n.Text) {
		if refused++; refused <= maxRefusedLines {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.t("cli.from.line", jsonpos.QuoteClipped(file), n, t)))
		}
	}
	for _, file := range f.files {
		b, err := readList(file, e.stdin)
		if ie, ok := err.(*inputError); ok {
			return nil, e.t("cli.from.unreadable", jsonpos.QuoteClipped(file), ie.in(e.catalogue()))
		} else if err != nil {
			return nil, e.t("cli.from.unreadable", jsonpos.QuoteClipped(file), err.Error())
		}
		if len(b) > maxFromList {
			return nil, e.t("cli.from.too-large", jsonpos.QuoteClipped(file), maxFromList>>10)
		}
		dir := listDir(file)
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64<<10), maxFromList)
		n := 0
		for sc.Scan() {
			n++
			entry := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
			if entry == "" || strings.HasPrefix(entry, "#") {
				continue
			}
			if entry == "-" {
				return nil, e.t("cli.from.stdin", jsonpos.QuoteClipped(file))
			}
			if len(names) == maxFromInputs {
				return nil, e.t("cli.from.too-many", maxFromInputs)
			}
			name, problem := listedInput(entry, dir, f.paths)
			if !problem.IsZero() {
				refuse(file, n, problem)
				continue
			}
			if isRemote(name) && !given[name] {
				if e.listed == nil {
					e.listed = map[string]bool{}
				}
				e.listed[name] = true
			}
			names = append(names, name)
		}
	}
	if refused > 0 {
		return nil, e.t("cli.from.refused", refused, maxRefusedLines)
	}
	if len(f.files) > 0 && len(names) == 0 {
		return nil, e.t("cli.from.empty", strings.Join(f.files, ", "))
	}
	return names, ""
}

// listDir is the directory of a --from list, where the paths it may name
// are: its own, or the working directory for a list on standard input.
func listDir(file string) string {
	if file == "-" {
		return "."
	}
	return filepath.Dir(file)
}

// listedInput reads one line of a list held in dir: a URL or a domain
// as it is, a path (only with --from-paths) as the file it names inside
// dir, or a refusal in words.
func listedInput(entry, dir string, paths bool) (string, i18n.Text) {
	q := jsonpos.QuoteClipped(entry)
	if discovery.LooksRemote(entry) {
		if _, err := os.Stat(entry); err == nil {
			// gather would read the file of that name, which the
			// list's author may have put there
			return "", i18n.T("cli.from.ambiguous", q)
		}
		return entry, i18n.Text{}
	}
	if !paths {
		return "", i18n.T("cli.from.path", q)
	}
	base, err := filepath.Abs(dir)
	if err == nil {
		base, err = filepath.EvalSymlinks(base)
	}
	if err != nil {
		return "", i18n.T("cli.from.outside", q, jsonpos.QuoteClipped(dir))
	}
	path := entry
	if !filepath.IsAbs(path) {
		path = filepath.Join(base, path)
	}
	path = filepath.Clean(path)
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		// nothing to read there (it is reported as missing), but a path
		// must still be inside the directory as written
		real = path
	}
	if rel, err := filepath.Rel(base, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", i18n.T("cli.from.outside", q, jsonpos.QuoteClipped(dir))
	}
	// named by the path resolved, so that gather reads that file (and
	// never takes it for a domain): "./" and the path from the working
	// directory when it is below it, else the whole path
	if wd, err := os.Getwd(); err == nil {
		if wd, err = filepath.EvalSymlinks(wd); err == nil {
			if rel, err := filepath.Rel(wd, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
				return "." + string(filepath.Separator) + rel, i18n.Text{}
			}
		}
	}
	return real, i18n.Text{}
}

// readList reads one --from list (at most one byte over the cap).
func readList(file string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if file != "-" {
		fh, err := os.Open(file)
		if err != nil {
			return nil, fileProblem(file, err)
		}
		defer fh.Close()
		r = fh
	}
	return io.ReadAll(io.LimitReader(r, maxFromList+1))
}
