package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/selection"
)

// conform checks the agent against its card (docs/ARCHITECTURE.md,
// Contracts): the card is read and linted as lint reads it, every declared
// interface is probed, and every claim is checked harmlessly by the
// engine's one pipeline (core/check with Claims), under the CLI's policy.
// --send adds one conversation on the interface the spec's client picks
// (and its streaming variant when the card claims streaming): a message
// claim each, their answers' findings among the result's.
func (e *env) conform(args []string) int {
	c := e.newCommand("conform", "cli.conform.usage")
	format := c.fs.String("format", "text", "")
	profile := c.fs.String("profile", "", "")
	sendText := c.fs.String("send", "", "")
	sendSet := false
	var live liveFlags
	c.fs.StringVar(&live.keyFile, "key", "", "")
	var headerProblem i18n.Text
	c.fs.Func("header-origin", "", func(v string) error {
		o, problem := parseHeaderOrigin(v)
		if !problem.IsZero() {
			if headerProblem.IsZero() {
				headerProblem = problem
			}
			return nil
		}
		live.headerOrigins = append(live.headerOrigins, o)
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
		if live.headers == nil {
			live.headers = http.Header{}
		}
		live.headers.Add(name, value)
		return nil
	})
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	c.fs.Visit(func(f *flag.Flag) { sendSet = sendSet || f.Name == "send" })
	if !c.checkFormat(*format, "text", "json") {
		return exitUsage
	}
	if !headerProblem.IsZero() {
		return c.failText(e.catalogue().Render(headerProblem))
	}
	switch len(pos) {
	case 0:
		return c.fail("cli.no-input")
	case 1:
	default:
		return c.fail("cli.conform.one-input", len(pos))
	}
	f := lintFlags{profile: *profile}
	cfg, err := withFlags(nil, f)
	if err != nil {
		return c.failText(e.configProblem(err))
	}
	if live.keyFile != "" {
		keys, problem := readKeys(live.keyFile)
		if !problem.IsZero() {
			return c.failText(e.catalogue().Render(problem))
		}
		live.keys = keys
	}
	live.probe = true
	opts := live.options()
	opts.Claims = true
	if sendSet {
		profile, _ := selection.ParseProfile(defaultClient)
		opts.Policy.Timeout = probe.ConverseTimeout
		opts.Converse = &check.Converse{Profile: profile, Streaming: true,
			Conversation: probe.Conversation{Method: probe.MethodSend, Text: *sendText}}
	}
	name := pos[0]
	// a file has no origin: the engine's one credential rule decides
	if err := discovery.CheckScope(live.headers, live.headerOrigins, name == "-" || !isRemote(name), false); err != nil {
		t, _ := credentialProblem(err)
		return c.failText(e.catalogue().Render(t))
	}
	ctx := context.Background()
	in, err := e.readInputWith(ctx, name, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard conform: %s\n", line(e.inputProblem(err)))
		return exitUsage
	}
	res := in.remote
	if in.checked == nil && res == nil {
		// a file or standard input: the pipeline checks the card read
		checked, err := e.runCheck(ctx, check.Target{Name: name, Body: in.src}, opts)
		if err != nil {
			t, ok := credentialProblem(err)
			if !ok {
				t = i18n.T("cli.input.unreadable", err.Error())
			}
			fmt.Fprintf(e.stderr, "agentcard conform: %s: %s\n", line(name), line(e.catalogue().Render(t)))
			return exitUsage
		}
		in.checked, res = checked, checked.Report.Result
	}
	res.Input = name
	config.ApplyResultFor(cfg, "", res)
	run := lintRun{src: &source{name: name}, in: in, res: res}
	if in.checked != nil {
		run.live = &liveResult{res: in.checked}
		run.live.localize(e.catalogue())
	}
	f.outputs = []outputSpec{{format: *format}}
	outs := e.openOutputs(f)
	outs.write(run)
	if !outs.close() {
		return exitUsage
	}
	switch {
	case in.checked == nil || !isCard(res):
		// the card could not be read (a discovery failure reported as a
		// finding, or a document that is not a card): nothing to conform
		return exitUsage
	case res.Errors > 0 || contradicted(in.checked.Claims):
		return exitFound
	}
	return exitOK
}

// isCard reports whether the result is of a card at all.
func isCard(res *lint.Result) bool {
	return res != nil && res.Doc != nil && res.Doc.Root != nil && res.Doc.Root.Kind == jsonpos.Object
}

func contradicted(cs []probe.Claim) bool {
	for _, c := range cs {
		if c.Verdict == probe.Contradicted {
			return true
		}
	}
	return false
}

// writeClaimsText prints the claims table: claim, entry, declared,
// observed, verdict; the detail under every claim that does not hold.
func (e *env) writeClaimsText(b *strings.Builder, name string, cs []probe.Claim) {
	if cs == nil {
		return
	}
	if len(cs) == 0 {
		fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.conform.claims-none"))
		return
	}
	fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.conform.claims"))
	rows := [][]string{{e.s("cli.conform.col.claim"), e.s("cli.conform.col.entry"), e.s("cli.conform.col.declared"),
		e.s("cli.conform.col.observed"), e.s("cli.conform.col.verdict")}}
	for _, c := range cs {
		observed := c.Observed
		if observed == "" {
			observed = "-"
		}
		rows = append(rows, []string{line(c.Claim), line(c.Source) + " " + line(c.Binding), line(c.Declared),
			line(jsonpos.Clip(observed, 60)), e.verdict(c.Verdict)})
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = max(widths[i], textWidth(cell))
		}
	}
	for i, r := range rows {
		var l strings.Builder
		for j, cell := range r {
			if j == len(r)-1 {
				style := ""
				if i > 0 {
					style = verdictStyle(cs[i-1].Verdict)
				}
				l.WriteString(e.paint(style, cell))
				break
			}
			l.WriteString(cell)
			l.WriteString(strings.Repeat(" ", widths[j]-textWidth(cell)+2))
		}
		fmt.Fprintf(b, "  %s\n", strings.TrimRight(l.String(), " "))
		if i > 0 && cs[i-1].Verdict != probe.Holds && cs[i-1].Message != "" {
			fmt.Fprintf(b, "      %s\n", line(cs[i-1].Message))
		}
	}
}

func verdictStyle(v probe.ClaimVerdict) string {
	switch v {
	case probe.Holds:
		return ansiGreen
	case probe.Contradicted:
		return ansiBold + ansiRed
	}
	return ansiYellow
}

// verdict is a verdict in the output's language; JSON keeps the code.
func (e *env) verdict(v probe.ClaimVerdict) string {
	switch v {
	case probe.Holds:
		return e.s("cli.conform.verdict.holds")
	case probe.Contradicted:
		return e.s("cli.conform.verdict.contradicted")
	}
	return e.s("cli.conform.verdict.unknown")
}
