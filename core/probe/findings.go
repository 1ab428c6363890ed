package probe

import (
	"context"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Check probes the entries of a parsed card (Entries) and returns the
// results with the findings they amount to, placed in doc. It is what
// `agentcard lint --probe` and `/api/check?probe=1` run after linting:
// append the findings with discovery.Merge (or to the result's
// diagnostics) and show the results as `probes`.
func Check(ctx context.Context, doc *jsonpos.Doc, d discovery.Doer, opts Options) ([]Result, []diag.Diagnostic) {
	if doc == nil || doc.Root == nil {
		return []Result{}, nil
	}
	entries := Entries(doc.Root)
	results := Run(ctx, entries, d, opts)
	return results, Diagnostics(doc, entries, results)
}

// codeOf is the rule an outcome is a finding of; speaks-declared,
// refused-by-policy and not-probed say nothing about the card.
var codeOf = map[Outcome]string{
	WrongBinding:   diag.CodeProbeWrongBinding,
	VersionRefused: diag.CodeProbeVersionRefused,
	Unreachable:    diag.CodeProbeUnreachable,
	AuthRequired:   diag.CodeProbeAuthRequired,
}

// Diagnostics turns results into findings, each placed on its entry's url
// in doc (the url member's value; for a legacy card's first entry, the
// top-level url), with its message as catalogue data so that
// lint.LocalizeDiagnostics can say it in another language. entries are the
// ones the results came from (Entries of the same document).
func Diagnostics(doc *jsonpos.Doc, entries []card.Interface, results []Result) []diag.Diagnostic {
	type key struct {
		index  int
		source string
	}
	nodes := make(map[key]*jsonpos.Node, len(entries))
	for _, e := range entries {
		nodes[key{e.Index, e.Source}] = e.Node
	}
	// When the probe reached none of the endpoints it tried, no client can
	// use the agent: the findings are errors (and lint --probe exits 1),
	// where one dead endpoint among live ones stays a warning.
	noneAnswered := len(results) > 0
	for _, r := range results {
		if r.Outcome != Unreachable {
			noneAnswered = false
		}
	}
	var out []diag.Diagnostic
	for _, r := range results {
		code, ok := codeOf[r.Outcome]
		if !ok {
			continue
		}
		_, sev, ok := diag.CheckedElsewhere(code)
		if !ok {
			continue
		}
		var msg i18n.Text
		url := jsonpos.QuoteClipped(r.URL)
		switch r.Outcome {
		case WrongBinding:
			msg = i18n.T("msg."+code, r.Source, r.Binding, url, r.Detail)
		case VersionRefused:
			msg = i18n.T("msg."+code, r.Source, jsonpos.QuoteClipped(r.Version), url, r.Detail)
		case Unreachable:
			msg = i18n.T("msg.probe-unreachable", r.Source, url, r.Detail)
			if noneAnswered {
				msg = i18n.T("msg.probe-unreachable.none", r.Source, url, r.Detail)
			}
		default:
			msg = i18n.T("msg."+code, r.Source, url, r.Detail)
		}
		if noneAnswered {
			sev = diag.Error
		}
		d := diag.Diagnostic{Code: code, Severity: sev, MessageID: msg.ID, Args: msg.Args,
			Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), diag.MaxMessage), URL: diag.RuleURL(code),
			Range: diag.Range{Start: diag.Position{Line: 1, Column: 1}, End: diag.Position{Line: 1, Column: 1}}}
		if n := urlNode(nodes[key{r.Index, r.Source}]); n != nil && doc != nil {
			d.Pointer, d.Range = n.BoundedPointer(), doc.Range(n)
		}
		out = append(out, d)
	}
	return out
}

// urlNode is where a finding about an entry goes: its url value.
func urlNode(n *jsonpos.Node) *jsonpos.Node {
	if n == nil {
		return nil
	}
	if n.Kind == jsonpos.Object {
		if u := n.Get("url"); u != nil {
			return u
		}
	}
	return n
}
