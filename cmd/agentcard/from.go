package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// lint --from FILE [--concurrency N]: the inputs listed in FILE, one URL,
// domain or path per line (blank lines and lines starting with # left
// out; "-" reads the list from standard input), after those on the
// command line. Remote inputs are fetched N at once (default 4), at most
// core/batch.PerHost at once per host, through core/batch.Run: the batch
// checks' own loop, so that a registry's list is checked from a terminal
// the way the Worker checks it from a queue. Results print in the order
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
		fh, err := os.Open(file)
		if err != nil {
			return nil, fileProblem(file, err)
		}
		defer fh.Close()
		r = fh
	}
	return io.ReadAll(io.LimitReader(r, maxFromList+1))
}

// prefetched are the remote inputs read ahead, concurrently.
type prefetched struct {
	mu   sync.Mutex
	done map[string]readResult
}

type readResult struct {
	in  *input
	err error
}

// prefetch reads the remote inputs among names, n at once and
// batch.PerHost at once per host; the others are read when asked for.
// With n of 1, or fewer than two remote inputs, nothing is read ahead.
func (e *env) prefetch(ctx context.Context, names []string, n int, o check.Options) *prefetched {
	p := &prefetched{done: map[string]readResult{}}
	var jobs []batch.Job
	seen := map[string]bool{}
	for i, name := range names {
		if isRemote(name) && !seen[name] {
			seen[name] = true
			jobs = append(jobs, batch.Job{Index: i, URL: name})
		}
	}
	if n <= 1 || len(jobs) < 2 {
		return p
	}
	batch.Run(ctx, jobs, n, batch.PerHost, func(ctx context.Context, name string) batch.Item {
		in, err := e.readInputWith(ctx, name, o)
		p.mu.Lock()
		p.done[name] = readResult{in, err}
		p.mu.Unlock()
		return batch.Item{}
	}, func(batch.Job, batch.Item) {})
	return p
}

// read is the input name: read ahead, or read now.
func (p *prefetched) read(ctx context.Context, e *env, name string, o check.Options) (*input, error) {
	p.mu.Lock()
	r, ok := p.done[name]
	p.mu.Unlock()
	if ok {
		return r.in, r.err
	}
	return e.readInputWith(ctx, name, o)
}
