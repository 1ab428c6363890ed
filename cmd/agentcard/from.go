package main

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/localfile"
)

// lint --from FILE [--concurrency N]: the inputs listed in FILE, one URL,
// domain or path per line (blank lines and lines starting with # left
// out; "-" reads the list from standard input), after those on the
// command line. Inputs are checked N at once (default 4), remote ones at
// most core/batch.PerHost at once per host as the Worker's batch checks
// are, in the session's window (session.go). Results print in the order
// listed.

// fromFlags are lint's --from and --concurrency.
type fromFlags struct {
	files       []string
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
	c.fs.IntVar(&f.concurrency, "concurrency", defaultParallel, "")
	c.usage += e.s("cli.from.usage")
	return f
}

// inputs reads the lists; problem is the usage error to print (exit 2).
func (e *env) fromInputs(f *fromFlags) (names []string, problem string) {
	if f.concurrency < 1 || f.concurrency > maxConcurrency {
		return nil, e.t("cli.from.concurrency", f.concurrency, maxConcurrency)
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
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64<<10), maxFromList)
		for sc.Scan() {
			line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if line == "-" {
				return nil, e.t("cli.from.stdin", jsonpos.QuoteClipped(file))
			}
			if len(names) == maxFromInputs {
				return nil, e.t("cli.from.too-many", maxFromInputs)
			}
			names = append(names, line)
		}
	}
	if len(f.files) > 0 && len(names) == 0 {
		return nil, e.t("cli.from.empty", strings.Join(f.files, ", "))
	}
	return names, ""
}

// readList reads one --from list (at most one byte over the cap).
func readList(file string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if file != "-" {
		fh, err := localfile.Open(file)
		if err != nil {
			return nil, fileProblem(file, err)
		}
		defer fh.Close()
		r = fh
	}
	return io.ReadAll(io.LimitReader(r, maxFromList+1))
}
