package main

import (
	"errors"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// Step is a trace line with the entry's range in UTF-16 units, so the page
// can highlight and jump to it.
type Step struct {
	selection.Step
	From int `json:"from"`
	To   int `json:"to"`
}

// SelectResult is selection.Result with UTF-16 ranges, or an error when
// the client profile cannot be read.
type SelectResult struct {
	selection.Result
	Trace []Step `json:"trace"`
	// TraceOmitted counts trace steps left out: a card can list 100,000
	// interfaces, and the page must not receive (or draw) a step for each.
	TraceOmitted int    `json:"traceOmitted,omitempty"`
	From         int    `json:"from"`
	To           int    `json:"to"`
	Error        string `json:"error,omitempty"`
}

// MaxTrace is how many trace steps Select returns: the first ones in the
// card's order, plus the selected entry wherever it is (the engine's own
// bound, core/selection.MaxTrace).
const MaxTrace = selection.MaxTrace

// SelectOptions are agentcard.select's third argument.
type SelectOptions struct {
	// LegacyClient simulates a 0.2/0.3 client, which reads url,
	// preferredTransport and additionalInterfaces and knows nothing of
	// supportedInterfaces (core/selection.SelectLegacyClient): the
	// playground's "0.3 client". Without it a profile at 0.3 is a current
	// client that also speaks 0.3, and reads supportedInterfaces.
	LegacyClient bool `json:"legacyClient"`
}

// Select runs the client simulator for one profile
// ("JSONRPC@1.0,HTTP+JSON@1.0|0.3"), its words in the engine's language.
func Select(src []byte, profile string) SelectResult {
	return SelectWith(src, profile, SelectOptions{})
}

// SelectWith is Select with options.
func SelectWith(src []byte, profile string, opts SelectOptions) SelectResult {
	cat := catalogue()
	p, err := selection.ParseProfile(profile)
	if err != nil {
		msg := err.Error()
		var pe *selection.ProfileError
		if cat != nil && errors.As(err, &pe) {
			msg = cat.Render(pe.Text)
		}
		return SelectResult{Error: msg, Trace: []Step{}}
	}
	sel := selection.Select
	if opts.LegacyClient {
		sel = selection.SelectLegacyClient
	}
	r := sel(jsonpos.Parse(src, jsonpos.Options{}), p)
	// The trace's reasons, the outcome and the profile notes in the
	// language set by SetLanguage (English as the engine wrote them).
	r.Localize(cat)
	kept := make([]selection.Step, 0, min(len(r.Trace), MaxTrace+1))
	for i, s := range r.Trace {
		if i < MaxTrace || s.Decision == selection.DecisionSelected {
			kept = append(kept, s)
		}
	}
	offs := []int{r.Start, r.End}
	for _, s := range kept {
		offs = append(offs, s.Start, s.End)
	}
	u16 := jsonpos.UTF16Offsets(src, offs)
	out := SelectResult{Result: r, Trace: make([]Step, 0, len(kept)), TraceOmitted: r.TraceOmitted + len(r.Trace) - len(kept)}
	out.Result.Trace = nil // replaced by Trace, with UTF-16 offsets
	if r.Outcome == selection.Selected {
		out.From, out.To = u16[r.Start], u16[r.End]
	}
	for _, s := range kept {
		out.Trace = append(out.Trace, Step{Step: s, From: u16[s.Start], To: u16[s.End]})
	}
	return out
}
