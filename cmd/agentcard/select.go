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

func (e *env) selectCmd(args []string) int {
	c := e.newCommand("select", "cli.select.usage")
	format := c.fs.String("format", "text", "")
	client := c.fs.String("client", "", "")
	sdk := c.fs.String("sdk", "", "")
	keyFile := c.fs.String("key", "", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json") {
		return exitUsage
	}
	if *sdk != "" {
		if *client != "" {
			return c.fail("cli.sdk.client-and-sdk")
		}
		return e.selectSDK(c, *sdk, *keyFile, *format, pos)
	}
	if *keyFile != "" {
		return c.fail("cli.sdk.key-without-sdk")
	}
	if *client == "" {
		var presets any
		for _, p := range selection.Presets {
			if presets == nil {
				presets = "'" + p.Profile + "'"
			} else {
				presets = i18n.T("cli.or", presets, "'"+p.Profile+"'")
			}
		}
		return c.fail("cli.select.client-or-sdk", presets)
	}
	profile, err := selection.ParseProfile(*client)
	if err != nil {
		var pe *selection.ProfileError
		if errors.As(err, &pe) {
			return c.failText(e.catalogue().Render(pe.Text))
		}
		return c.failText(err.Error())
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
	var res selection.Result
	if in.src == nil && in.remote != nil {
		// the remote side failed in a way that is a finding (404, not JSON)
		d := in.remote.Diagnostics[0]
		var why any = d.Message
		if d.MessageID != "" {
			why = i18n.Text{ID: d.MessageID, Args: d.Args}
		}
		res = selection.Invalid(profile, i18n.T("cli.select.no-card", why))
	} else {
		res = selection.Select(jsonpos.Parse(in.src, jsonpos.Options{}), profile)
	}
	res.Localize(e.catalogue())
	if *format == "json" {
		enc := newJSONEncoder(e.stdout)
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
	// labels are padded to one width in the output's language
	labels := map[string]string{}
	width := 0
	for _, id := range []string{"url", "binding", "version", "tenant", "client", "profile"} {
		labels[id] = e.s("cli.select." + id)
		width = max(width, textWidth(labels[id]))
	}
	label := func(id string) string { return "  " + pad(labels[id], width+2) }
	switch r.Outcome {
	case selection.Selected:
		fmt.Fprintf(&b, "%s: %s %s\n", line(name), e.paint(ansiBold+ansiGreen, e.s("cli.select.selected")), line(e.t("cli.select.entry", r.Index, r.Source)))
		fmt.Fprintf(&b, "%s%s\n", label("url"), line(r.URL))
		fmt.Fprintf(&b, "%s%s\n", label("binding"), line(r.ProtocolBinding))
		fmt.Fprintf(&b, "%s%s\n", label("version"), line(r.ProtocolVersion))
		switch {
		case r.HasTenant && r.Tenant != "":
			fmt.Fprintf(&b, "%s%s\n", label("tenant"), line(e.t("cli.select.tenant-send", r.Tenant)))
		case r.HasTenant:
			fmt.Fprintf(&b, "%s%s\n", label("tenant"), e.s("cli.select.tenant-empty"))
		default:
			fmt.Fprintf(&b, "%s%s\n", label("tenant"), e.s("cli.select.tenant-none"))
		}
	case selection.NoCompatibleInterface:
		fmt.Fprintf(&b, "%s: %s\n", line(name), e.paint(ansiBold+ansiRed, e.s("cli.select.no-compatible")))
	default:
		fmt.Fprintf(&b, "%s: %s: %s\n", line(name), e.paint(ansiBold+ansiRed, e.s("cli.select.invalid")), line(r.Message))
	}
	fmt.Fprintf(&b, "%s%s\n", label("client"), line(r.Client))
	for _, n := range r.ProfileNotes {
		fmt.Fprintf(&b, "%s%s\n", label("profile"), line(n))
	}
	if len(r.Trace) > 0 {
		fmt.Fprintf(&b, "%s\n", e.t("cli.select.trace", e.listName(r.List)))
		decisions := map[string]string{}
		dw := 0
		for _, d := range []string{selection.DecisionSelected, selection.DecisionSkipped, selection.DecisionNotReached} {
			decisions[d] = e.s("cli.select.decision." + d)
			dw = max(dw, textWidth(decisions[d]))
		}
		for _, st := range r.Trace {
			style := ansiDim
			switch st.Decision {
			case selection.DecisionSelected:
				style = ansiBold + ansiGreen
			case selection.DecisionSkipped:
				style = ansiYellow
			}
			word, ok := decisions[st.Decision]
			if !ok {
				word = st.Decision
			}
			fmt.Fprintf(&b, "  [%d] %s %s: %s\n", st.Index, e.paint(style, pad(word, dw)), line(st.Source), line(st.Reason))
		}
	}
	if r.Outcome == selection.NoCompatibleInterface {
		fmt.Fprintf(&b, "%s\n", line(r.Message))
	}
	fmt.Fprint(e.stdout, b.String())
}

func (e *env) listName(l string) string {
	if l == selection.ListLegacy {
		return e.s("cli.select.list-legacy")
	}
	return "supportedInterfaces"
}
