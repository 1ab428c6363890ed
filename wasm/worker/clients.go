package main

import (
	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/selection"
)

// Profiles the report simulates: one client per core binding (the
// check's Options.Clients, in this order).
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

// clientsJSON is /api/check's selection (the check's selection for each
// of profiles), its sentences in cat's language.
func clientsJSON(selections []selection.Result, cat *i18n.Catalogue) []clientJSON {
	out := []clientJSON{}
	for i, r := range selections {
		if cat.Lang() != i18n.English {
			r.Localize(cat)
		}
		c := clientJSON{Client: profileNames[i], Result: r, TraceOmitted: r.TraceOmitted}
		out = append(out, c)
	}
	return out
}

// clientViews are the report's clients, in language l.
func clientViews(selections []selection.Result, l i18n.Lang) []components.ClientView {
	var out []components.ClientView
	for i, r := range selections {
		out = append(out, components.NewClientView(l, profileNames[i], r))
	}
	return out
}
