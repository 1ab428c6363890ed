package main

import (
	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/selection"
)

// Profiles the report simulates: one client per core binding.
var profiles = func() []selection.Profile {
	var out []selection.Profile
	for _, s := range []string{"JSONRPC@1.0", "HTTP+JSON@1.0", "GRPC@1.0"} {
		out = append(out, selection.MustParseProfile(s))
	}
	return out
}()

var profileNames = []string{"JSONRPC@1.0", "HTTP+JSON@1.0", "GRPC@1.0"}

// clientJSON is one simulated client in /api/check's "selection": the
// profile and the select result (docs/ARCHITECTURE.md, Contracts: select output).
type clientJSON struct {
	Client string           `json:"client"`
	Result selection.Result `json:"result"`
	// TraceOmitted counts trace steps left out: the engine keeps at most
	// selection.MaxTrace of them (a card may list thousands of
	// interfaces). It repeats result.traceOmitted where clients of this
	// API already read it.
	TraceOmitted int `json:"traceOmitted,omitempty"`
}

func selectAll(rep *discovery.Report) []selection.Result {
	out := make([]selection.Result, len(profiles))
	for i, p := range profiles {
		// the era was detected once by lint; selection reuses it
		out[i] = selection.SelectDetected(rep.Result.Doc, rep.Result.Detection, p)
		if out[i].Trace == nil {
			out[i].Trace = []selection.Step{}
		}
	}
	return out
}

// clientsJSON is /api/check's selection, its sentences in cat's language.
func clientsJSON(rep *discovery.Report, cat *i18n.Catalogue) []clientJSON {
	out := []clientJSON{}
	for i, r := range selectAll(rep) {
		if cat.Lang() != i18n.English {
			r.Localize(cat)
		}
		c := clientJSON{Client: profileNames[i], Result: r, TraceOmitted: r.TraceOmitted}
		out = append(out, c)
	}
	return out
}

// clientViews are the report's clients, in language l.
func clientViews(rep *discovery.Report, l i18n.Lang) []components.ClientView {
	var out []components.ClientView
	for i, r := range selectAll(rep) {
		out = append(out, components.NewClientView(l, profileNames[i], r))
	}
	return out
}
