package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/sdk/verifiers"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
)

// selectSDK is `agentcard select --sdk all|a2a-go|a2a-python|a2a-js
// [--key JWK_FILE] INPUT`: the entry the specification's rule takes (for
// a client that speaks what the three libraries speak between them) and
// the entry each official SDK's client takes with its default settings,
// with one sentence where the library departs from the specification's
// rule for what it speaks; then the compatibility matrix (does each SDK's
// card reader load the card, which entry does its client select, does
// its verifier accept a signature, which needs the key of --key): both
// core/sdk.Compare, made by the pipeline (core/check). The exit status is
// 0 when every row chose an interface, 1 when one did not (no compatible
// interface, an invalid card, a library that stops with an error).
func (e *env) selectSDK(c *command, which, keyFile, format string, pos []string) int {
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
	var keys signature.KeySet
	if keyFile != "" {
		set, problem := readKeys(keyFile)
		if !problem.IsZero() {
			fmt.Fprintf(e.stderr, "agentcard select: %s\n", line(e.catalogue().Render(problem)))
			return exitUsage
		}
		keys = set
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
	var opts sdk.Options
	if only == "" || only == selection.SDKGo {
		opts.Go = e.goRunner()
	}
	if keys != nil {
		opts.Signatures = verifiers.Facts(context.Background(), in.src, signature.Options{Keys: keys})
	}
	// the comparison of the card as read, made by the pipeline (no
	// request: the card is given, and no live check is asked for)
	checked, err := e.runCheck(context.Background(), check.Target{Name: in.name, Body: in.src},
		check.Options{Compare: true, SDK: opts})
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard select: %s: %v\n", line(in.name), err)
		return exitUsage
	}
	compared := checked.Compared
	for _, r := range compared.Choices {
		if only == "" || r.SDK == selection.SDKSpec || r.SDK == only {
			r.Localize(e.catalogue())
			rows = append(rows, r)
		}
	}
	var matrix []sdk.Row
	for _, r := range compared.Matrix {
		if only == "" || r.SDK == only {
			r.Localize(e.catalogue())
			matrix = append(matrix, r)
		}
	}
	if format == "json" {
		enc := newJSONEncoder(e.stdout)
		if err := enc.Encode(struct {
			Input   string                `json:"input"`
			Choices []selection.SDKChoice `json:"choices"`
			Matrix  []sdk.Row             `json:"matrix"`
		}{in.name, rows, matrix}); err != nil {
			fmt.Fprintf(e.stderr, "agentcard select: %v\n", err)
			return exitUsage
		}
	} else {
		e.writeSDKText(in.name, rows)
		e.writeMatrixText(matrix)
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

// writeMatrixText prints the compatibility matrix: a table of SDK × loads
// / selects / verifies with where each row comes from, then the sentences
// behind every answer that is not a plain yes (a refusal with its upstream
// issue, a signature verdict).
func (e *env) writeMatrixText(rows []sdk.Row) {
	if len(rows) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %s\n", e.paint(ansiBold, e.s("ui.matrix.title")))
	table := [][]string{{e.s("ui.matrix.sdk"), e.s("ui.matrix.loads"), e.s("ui.matrix.selects"), e.s("ui.matrix.verifies"), e.s("ui.matrix.basis")}}
	for _, r := range rows {
		w := r.Labels(e.catalogue())
		table = append(table, []string{r.SDK.Name(), w[0], w[1], w[2], r.BasisLabel(e.catalogue())})
	}
	widths := make([]int, len(table[0]))
	for _, cells := range table {
		for i, c := range cells {
			widths[i] = max(widths[i], textWidth(c))
		}
	}
	for _, cells := range table {
		b.WriteString("    ")
		for i, c := range cells {
			b.WriteString(line(c))
			if i < len(cells)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-textWidth(c)+2))
			}
		}
		b.WriteString("\n")
	}
	for _, r := range rows {
		said := []sdk.Cell{}
		if r.Loads.Answer != sdk.Yes {
			said = append(said, r.Loads)
		}
		if v := r.Verifies; v.Answer != sdk.NotApplicable && v.Answer != sdk.NotReached {
			said = append(said, v)
		}
		for _, c := range said {
			fmt.Fprintf(&b, "    %s\n", line(c.Message))
			if c.Issue != "" {
				fmt.Fprintf(&b, "      %s\n", line(e.t("ui.matrix.issue", c.Issue)))
			}
		}
		if r.Basis == sdk.Unverified {
			fmt.Fprintf(&b, "    %s\n", line(r.Note))
		}
	}
	fmt.Fprint(e.stdout, b.String())
}
