package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// selectSDK is `agentcard select --sdk all|a2a-go|a2a-python|a2a-js
// INPUT`: the entry the specification's rule takes (for a client that
// speaks what the three libraries speak between them) and the entry each
// official SDK's client takes with its default settings, with one sentence
// where the library departs from the specification's rule for what it
// speaks (core/selection.Compare). The exit status is 0 when every row
// chose an interface, 1 when one did not (no compatible interface, an
// invalid card, a library that stops with an error).
func (e *env) selectSDK(c *command, which, format string, pos []string) int {
	var only selection.SDK
	if !strings.EqualFold(strings.TrimSpace(which), "all") {
		s, err := selection.ParseSDK(which)
		if err != nil {
			var pe *selection.ProfileError
			if errors.As(err, &pe) {
				return c.failText(e.t("cli.sdk.unknown", pe.Text))
			}
			return c.failText(err.Error())
		}
		only = s
	}
	switch len(pos) {
	case 0:
		return c.fail("cli.no-input")
	case 1:
	default:
		return c.fail("cli.select.one-input", len(pos))
	}
	in, err := e.readInput(context.Background(), pos[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard select: %s\n", line(e.inputProblem(err)))
		return exitUsage
	}
	var rows []selection.SDKChoice
	if in.src == nil && in.remote != nil {
		// the remote side failed in a way that is a finding (404, not JSON)
		d := in.remote.Diagnostics[0]
		var why any = d.Message
		if d.MessageID != "" {
			why = i18n.Text{ID: d.MessageID, Args: d.Args}
		}
		fmt.Fprintf(e.stderr, "agentcard select: %s: %s\n", line(in.name), line(e.t("cli.select.no-card", why)))
		return exitFound
	}
	for _, r := range selection.CompareDoc(jsonpos.Parse(in.src, jsonpos.Options{})) {
		if only == "" || r.SDK == selection.SDKSpec || r.SDK == only {
			r.Localize(e.cat)
			rows = append(rows, r)
		}
	}
	if format == "json" {
		enc := newJSONEncoder(e.stdout)
		if err := enc.Encode(struct {
			Input   string                `json:"input"`
			Choices []selection.SDKChoice `json:"choices"`
		}{in.name, rows}); err != nil {
			fmt.Fprintf(e.stderr, "agentcard select: %v\n", err)
			return exitUsage
		}
	} else {
		e.writeSDKText(in.name, rows)
	}
	for _, r := range rows {
		if r.Result.Outcome != selection.Selected {
			return exitFound
		}
	}
	return exitOK
}

// writeSDKText prints one block per row: who chooses, what it calls, and
// for a library, whether that is what the specification's rule takes for
// what the library speaks, and if not, why.
func (e *env) writeSDKText(name string, rows []selection.SDKChoice) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", line(name), e.s("cli.sdk.heading"))
	for _, r := range rows {
		res := r.Result
		if r.SDK == selection.SDKSpec {
			fmt.Fprintf(&b, "  %s %s\n", e.paint(ansiBold, line(r.Name)), line(e.t("cli.sdk.spec-client", r.Profile)))
			if res.Outcome == selection.Selected {
				fmt.Fprintf(&b, "    %s\n", line(e.t("cli.sdk.spec-entry", res.Index, res.Source, res.ProtocolBinding, res.ProtocolVersion, res.URL)))
			} else {
				fmt.Fprintf(&b, "    %s\n", line(res.Message))
			}
			continue
		}
		fmt.Fprintf(&b, "  %s\n", e.paint(ansiBold, line(r.Name)))
		fmt.Fprintf(&b, "    %s\n", line(res.Message))
		if r.Differs {
			label := e.s("cli.sdk.differs")
			fmt.Fprintf(&b, "    %s%s%s\n", e.paint(ansiYellow, label), labelGap(label), line(r.Reason))
		} else {
			fmt.Fprintf(&b, "    %s\n", e.paint(ansiGreen, line(e.t("cli.sdk.same", r.Profile))))
		}
	}
	fmt.Fprint(e.stdout, b.String())
}
