package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// A lint session is flags → inputs → (read → check → write) for each
// INPUT in turn:
//
//	gather ──▶ plan (configuration of each source) ──▶ window: read + check, --concurrency at once
//	       ──▶ in input order: fix, baseline, then every output writes the result ──▶ released
//
// Each result is written to every output as soon as the results before it
// are, and dropped: a run over a registry of 10,000 cards holds a few
// parsed cards at a time, never all of them (issue 38). Everything that
// can fail before any output is written (flags, configuration files,
// the baseline) is checked before the first input is read, so a usage
// error still leaves no half report.

// lintJob is one source with the configuration it is checked under.
type lintJob struct {
	src *source
	// configured is the configuration found for the source (or
	// --config's); cfg is it with --rule and --profile over it, made when
	// the source is checked.
	configured, cfg *config.Config
	// ignored is a file named on the command line that its
	// configuration ignores (ignoredBy): it is reported, never read.
	ignored   bool
	ignoredBy string
}

// lintOutcome is what reading and checking one job gave: a run, or the
// problem to print instead (in the output's language).
type lintOutcome struct {
	run     lintRun
	problem string
}

// lintSession is the state one run of lint carries from input to input.
type lintSession struct {
	e        *env
	f        lintFlags
	baseline *config.Baseline
	// baselineMu guards the baseline's counts, which filtering uses up
	// from the window's goroutines
	baselineMu sync.Mutex
	outs       *outputs
	// what the exit status and the closing messages need
	inputs, warnings, known int
	unreadable, errors      bool
	// fromList: --from named inputs, so a remote card that does not
	// answer is a finding of its input (http-unreachable)
	fromList bool
}

// lintInputs reads the --from lists, gathers the INPUTs and runs the
// session over them.
func (e *env) lintInputs(c *command, a *lintArgs) int {
	f := a.f
	// --from FILE (issue 20): its lines join the INPUT arguments before
	// they are gathered, so a directory or URL listed in a file is
	// expanded and de-duplicated like one on the command line
	listed, fromProblem := e.fromInputs(a.from, a.pos)
	if fromProblem != "" {
		return c.failText(fromProblem)
	}
	pos := append(a.pos, listed...)
	var base *config.Config
	if f.configFile != "" {
		cfg, err := config.Load(f.configFile, lint.Catalogue())
		if err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", visible(e.configProblem(err), true))
			return exitUsage
		}
		base = cfg
	}
	loader := config.Loader{Rules: lint.Catalogue()}
	if a.printConfig != "" {
		return e.printConfig(c, a.printConfig, base, &loader, f, pos)
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
	if code, ok := e.checkSources(c, f, sources); !ok {
		return code
	}
	jobs, ok := e.plan(sources, base, &loader, f)
	if !ok {
		return exitUsage
	}
	s := &lintSession{e: e, f: f, unreadable: len(empty) > 0, fromList: len(listed) > 0}
	if !s.loadBaseline() {
		return exitUsage
	}
	return s.run(jobs, a.from.concurrency)
}

// checkSources refuses sources the flags cannot apply to.
func (e *env) checkSources(c *command, f lintFlags, sources []source) (int, bool) {
	// A file has no origin, and a URL a --from list names is not one the
	// user named: nothing says where headers may go for either, before
	// anything is sent (core/discovery.CheckScope).
	if err := discovery.CheckScope(f.live.headers, f.live.headerOrigins, anyFile(sources), len(e.listed) > 0); err != nil {
		t, _ := credentialProblem(err)
		return c.failText(e.catalogue().Render(t)), false
	}
	if f.fix {
		// --fix rewrites files; standard input and URLs have no file to
		// rewrite, and printing a card where findings are expected would
		// mix the two: --diff shows their changes
		for _, s := range sources {
			if s.kind != srcFile {
				return c.fail("cli.fix.not-a-file", jsonpos.QuoteClipped(s.name)), false
			}
		}
	}
	return 0, true
}

// plan finds each source's configuration (its file's, or --config's)
// before any input is read: a broken configuration file is a usage error
// whatever was checked before it.
func (e *env) plan(sources []source, base *config.Config, loader *config.Loader, f lintFlags) ([]lintJob, bool) {
	jobs := make([]lintJob, 0, len(sources))
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
				return nil, false
			}
		}
		j := lintJob{src: s, configured: cfg}
		if s.path != "" && !s.found && cfg != nil && cfg.Ignored(s.path) {
			j.ignored, j.ignoredBy = true, cfg.File
		}
		jobs = append(jobs, j)
	}
	return jobs, true
}

// loadBaseline reads --baseline (or starts a new one for
// --update-baseline).
func (s *lintSession) loadBaseline() bool {
	switch {
	case s.f.update:
		s.baseline = config.NewBaseline(s.f.baseline)
	case s.f.baseline != "":
		b, err := config.LoadBaseline(s.f.baseline)
		if err != nil {
			fmt.Fprintf(s.e.stderr, "agentcard lint: %s\n", line(s.e.configProblem(err)))
			return false
		}
		s.baseline = b
	}
	return true
}

// run checks the jobs, at most n at once, and hands each outcome to the
// outputs in input order; it returns the exit code.
func (s *lintSession) run(jobs []lintJob, n int) int {
	e, f := s.e, s.f
	// what the checks share is made before they start: the catalogue,
	// and the companion the live checks of GRPC entries talk to
	e.catalogue()
	e.a2a()
	if !f.update {
		s.outs = e.openOutputs(f)
		defer s.outs.discard()
	}
	if f.fix || f.diff {
		n = 1 // fixes write files and say so on stderr, one input after another
	}
	ctx := context.Background()
	for o := range window(ctx, jobs, n, s.check) {
		s.take(o)
	}
	return s.finish()
}

// check reads and checks one job (called from the window's goroutines:
// it prints nothing, and changes nothing shared but the baseline, under
// its lock). Every card goes through the engine's one pipeline
// (core/check), which applies the configuration and the baseline too;
// --fix and --diff read here and fix in take, one input after another.
func (s *lintSession) check(ctx context.Context, j *lintJob) lintOutcome {
	e, f, src := s.e, s.f, j.src
	if j.ignored {
		return lintOutcome{}
	}
	arg := src.name
	if src.kind == srcStdin {
		arg = "-"
	}
	started := clock()
	cfg, _ := withFlags(j.configured, f) // checked with the flags
	j.cfg = cfg
	o := f.live.options()
	fixing := f.fix || f.diff
	if !fixing {
		o.Apply = func(r *lint.Result) { config.ApplyResultFor(cfg, src.path, r) }
		o.Hide = s.hide(src)
	}
	in, err := e.readInputWith(ctx, arg, o)
	if err != nil && s.fromList {
		// a list of agents (--from) with one that does not answer: a
		// finding of that input, not an unreadable run
		in, err = unansweredInput(arg, err)
	}
	if err != nil {
		return lintOutcome{problem: line(e.inputProblem(err))}
	}
	in.name = src.name
	r := lintRun{src: src, in: in}
	switch {
	case fixing:
	case in.checked != nil: // a remote card, checked as it was read
		r.res, r.hidden = in.checked.Report.Result, in.checked.Hidden
	case in.remote != nil: // a remote card whose fetch failed with findings
		r.res, r.hidden = in.remote, check.Settle(in.remote, o)
	default:
		checked, err := e.runCheck(ctx, check.Target{Name: src.name, Body: in.src}, o)
		if err != nil {
			t, ok := credentialProblem(err)
			if !ok {
				t = i18n.T("cli.input.unreadable", err.Error())
			}
			return lintOutcome{problem: line(src.name) + ": " + line(e.catalogue().Render(t))}
		}
		in.checked, r.res, r.hidden = checked, checked.Report.Result, checked.Hidden
	}
	if r.res != nil {
		r.res.Input = src.name
	}
	r.elapsed = clock().Sub(started)
	return lintOutcome{run: r}
}

// hide is the baseline's filter for a source (nil without one, and
// while --update-baseline records it).
func (s *lintSession) hide(src *source) func(*lint.Result) int {
	if s.baseline == nil || s.f.update {
		return nil
	}
	key := s.baseline.Key(baselineName(src), src.path != "")
	return func(r *lint.Result) int {
		s.baselineMu.Lock()
		defer s.baselineMu.Unlock()
		return s.baseline.Filter(key, r)
	}
}

// take is one outcome in input order: fixes, the baseline, then every
// output.
func (s *lintSession) take(o jobOutcome) {
	e, f, j := s.e, s.f, o.job
	switch {
	case j.ignored:
		if !f.quiet {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.t("cli.lint.ignored", j.src.name, j.ignoredBy)))
		}
		return
	case o.problem != "":
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", o.problem)
		s.unreadable = true
		return
	}
	r := o.run
	if f.fix || f.diff {
		var diff strings.Builder
		started := clock()
		res, ok := e.fixInput(r.in, j.src, f, j.cfg, &diff)
		if !ok {
			s.unreadable = true
		}
		r.res = res
		r.hidden = check.Settle(res, check.Options{Hide: s.hide(j.src)}) // fixInput applied the configuration
		r.elapsed += clock().Sub(started)                                // reading, then fixing
		if s.outs != nil {
			s.outs.diff(diff.String())
		}
	}
	s.known += r.hidden
	if f.update {
		s.baseline.Add(s.baseline.Key(baselineName(j.src), j.src.path != ""), r.res.Diagnostics)
	}
	if f.live.on() && r.in.checked != nil {
		r.live = &liveResult{res: r.in.checked}
		// the live results carry no positions: one language for all
		r.live.localize(e.catalogue())
	}
	s.inputs++
	s.warnings += r.res.Warnings
	s.errors = s.errors || r.res.Errors > 0
	if s.outs != nil {
		s.outs.write(r)
	}
}

// finish writes what follows the last input (the baseline, the outputs'
// endings, the closing messages) and returns the exit code.
func (s *lintSession) finish() int {
	e, f := s.e, s.f
	if f.update {
		if err := s.baseline.Write(f.baseline); err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", line(e.configProblem(err)))
			return exitUsage
		}
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", e.t("cli.baseline.written", f.baseline, i18n.T("phrase.baseline.findings", s.baseline.Total()), i18n.T("phrase.baseline.inputs", s.inputs)))
		if s.unreadable {
			return exitUsage
		}
		return exitOK
	}
	if s.known > 0 && !f.quiet {
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", e.t("cli.baseline.hidden", s.known, f.baseline))
	}
	if !s.outs.close() {
		return exitUsage
	}
	tooMany := f.maxWarnings >= 0 && s.warnings > f.maxWarnings
	if tooMany {
		fmt.Fprintf(e.stderr, "agentcard lint: %s\n", e.t("cli.lint.max-warnings", s.warnings, f.maxWarnings))
	}
	switch {
	case s.unreadable:
		return exitUsage
	case s.errors, tooMany:
		return exitFound
	}
	return exitOK
}

// jobOutcome is an outcome with the job it belongs to.
type jobOutcome struct {
	lintOutcome
	job *lintJob
}

// window runs do over the jobs, at most n at once and, for remote
// INPUTs, at most batch.PerHost at once per host (as the Worker's batch
// checks do), and yields the outcomes in the jobs' order. At most about
// 2n outcomes wait at once: a slow input holds back the writing, never
// the memory.
func window(ctx context.Context, jobs []lintJob, n int, do func(context.Context, *lintJob) lintOutcome) func(func(jobOutcome) bool) {
	return func(yield func(jobOutcome) bool) {
		if n <= 1 {
			for i := range jobs {
				if !yield(jobOutcome{do(ctx, &jobs[i]), &jobs[i]}) {
					return
				}
			}
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		pending := make(chan chan jobOutcome, n)
		slots := make(chan struct{}, n)
		hosts := hostSlots{n: batch.PerHost}
		go func() {
			defer close(pending)
			for i := range jobs {
				j := &jobs[i]
				done := make(chan jobOutcome, 1)
				select {
				case pending <- done:
				case <-ctx.Done():
					return
				}
				slots <- struct{}{}
				go func() {
					defer func() { <-slots }()
					release := hosts.take(j.src)
					defer release()
					done <- jobOutcome{do(ctx, j), j}
				}()
			}
		}()
		for done := range pending {
			if !yield(<-done) {
				return
			}
		}
	}
}

// hostSlots bounds the remote inputs checked at once per host.
type hostSlots struct {
	n    int
	mu   sync.Mutex
	busy map[string]chan struct{}
}

// take waits for a slot of the source's host (none for a file) and
// returns its release.
func (h *hostSlots) take(s *source) func() {
	if s.kind != srcRemote {
		return func() {}
	}
	host := batch.HostOf(s.name)
	h.mu.Lock()
	if h.busy == nil {
		h.busy = map[string]chan struct{}{}
	}
	c, ok := h.busy[host]
	if !ok {
		c = make(chan struct{}, h.n)
		h.busy[host] = c
	}
	h.mu.Unlock()
	c <- struct{}{}
	return func() { <-c }
}
