package main

import (
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
	From  int    `json:"from"`
	To    int    `json:"to"`
	Error string `json:"error,omitempty"`
}

// Select runs the client simulator for one profile
// ("JSONRPC@1.0,HTTP+JSON@1.0|0.3").
func Select(src []byte, profile string) SelectResult {
	p, err := selection.ParseProfile(profile)
	if err != nil {
		return SelectResult{Error: err.Error(), Trace: []Step{}}
	}
	r := selection.Select(jsonpos.Parse(src, jsonpos.Options{}), p)
	offs := []int{r.Start, r.End}
	for _, s := range r.Trace {
		offs = append(offs, s.Start, s.End)
	}
	u16 := jsonpos.UTF16Offsets(src, offs)
	out := SelectResult{Result: r, Trace: make([]Step, 0, len(r.Trace))}
	if r.Outcome == selection.Selected {
		out.From, out.To = u16[r.Start], u16[r.End]
	}
	for _, s := range r.Trace {
		out.Trace = append(out.Trace, Step{Step: s, From: u16[s.Start], To: u16[s.End]})
	}
	return out
}
