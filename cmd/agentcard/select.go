package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

const selectUsage = `Usage: agentcard select --client PROFILE [--format text|json] INPUT

Shows which interface of the card a client would use (A2A §8.3.2): the first
entry, in the card's order, whose binding and Major.Minor version the client
supports. Every entry gets a line saying why it was taken or skipped.

  --client PROFILE  what the client speaks: BINDING@VERSION[|VERSION],...
                    e.g. 'JSONRPC@1.0,HTTP+JSON@1.0|0.3'
  --format text     a readable trace (default)
  --format json     {"outcome":...,"index":...,"url":...,"trace":[...]}

Exit status: 0 an interface was selected, 1 no compatible interface or an
invalid card, 2 usage error or an unreadable INPUT.
`

func (e *env) selectCmd(args []string) int {
	c := e.newCommand("select", selectUsage)
	format := c.fs.String("format", "text", "")
	client := c.fs.String("client", "", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json") {
		return exitUsage
	}
	if *client == "" {
		var presets []string
		for _, p := range selection.Presets {
			presets = append(presets, "'"+p.Profile+"'")
		}
		return c.fail("--client is required; for example %s", strings.Join(presets, " or "))
	}
	profile, err := selection.ParseProfile(*client)
	if err != nil {
		return c.fail("%v", err)
	}
	switch len(pos) {
	case 0:
		return c.fail("no INPUT given")
	case 1:
	default:
		return c.fail("select reads one INPUT, got %d", len(pos))
	}
	in, err := e.readInput(context.Background(), pos[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard select: %s\n", line(err.Error()))
		return exitUsage
	}
	var res selection.Result
	if in.src == nil && in.remote != nil {
		// the remote side failed in a way that is a finding (404, not JSON)
		res = selection.Result{Outcome: selection.InvalidCard, Index: -1, Client: profile.String(), Trace: []selection.Step{},
			Message: "no card could be read: " + in.remote.Diagnostics[0].Message}
	} else {
		res = selection.Select(jsonpos.Parse(in.src, jsonpos.Options{}), profile)
	}
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(e.stderr, "agentcard select: %v\n", err)
			return exitUsage
		}
	} else {
		e.writeSelectText(in.name, res)
	}
	if res.Outcome == selection.Selected {
		return exitOK
	}
	return exitFound
}

func (e *env) writeSelectText(name string, r selection.Result) {
	var b strings.Builder
	switch r.Outcome {
	case selection.Selected:
		fmt.Fprintf(&b, "%s: %s entry %d (%s)\n", line(name), e.paint(ansiBold+ansiGreen, "selected"), r.Index, line(r.Source))
		fmt.Fprintf(&b, "  url:      %s\n", line(r.URL))
		fmt.Fprintf(&b, "  binding:  %s\n", line(r.ProtocolBinding))
		fmt.Fprintf(&b, "  version:  %s\n", line(r.ProtocolVersion))
		switch {
		case r.HasTenant && r.Tenant != "":
			fmt.Fprintf(&b, "  tenant:   %s (send it with every request)\n", line(r.Tenant))
		case r.HasTenant:
			fmt.Fprintf(&b, "  tenant:   empty (send none)\n")
		default:
			fmt.Fprintf(&b, "  tenant:   none\n")
		}
	case selection.NoCompatibleInterface:
		fmt.Fprintf(&b, "%s: %s\n", line(name), e.paint(ansiBold+ansiRed, "no compatible interface"))
	default:
		fmt.Fprintf(&b, "%s: %s: %s\n", line(name), e.paint(ansiBold+ansiRed, "invalid card"), line(r.Message))
	}
	fmt.Fprintf(&b, "  client:   %s\n", line(r.Client))
	for _, n := range r.ProfileNotes {
		fmt.Fprintf(&b, "  profile:  %s\n", line(n))
	}
	if len(r.Trace) > 0 {
		fmt.Fprintf(&b, "trace (%s, in the card's order):\n", listName(r.List))
		for _, st := range r.Trace {
			style := ansiDim
			switch st.Decision {
			case selection.DecisionSelected:
				style = ansiBold + ansiGreen
			case selection.DecisionSkipped:
				style = ansiYellow
			}
			fmt.Fprintf(&b, "  [%d] %s %s: %s\n", st.Index, e.paint(style, fmt.Sprintf("%-11s", st.Decision)), line(st.Source), line(st.Reason))
		}
	}
	if r.Outcome == selection.NoCompatibleInterface {
		fmt.Fprintf(&b, "%s\n", line(r.Message))
	}
	fmt.Fprint(e.stdout, b.String())
}

func listName(l string) string {
	if l == selection.ListLegacy {
		return "legacy url, preferredTransport and additionalInterfaces"
	}
	return "supportedInterfaces"
}
