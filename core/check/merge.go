package check

import (
	"errors"
	"strings"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/lint"
)

var errNoDoer = errors.New("check: no Doer to fetch with")

// errNoConversations: Options.Converse in a build without conversations
// (the Worker's, converse_worker.go).
var errNoConversations = errors.New("check: this program does not talk to agents (Options.Converse)")

func asDiscovery(err error, target **discovery.Error) bool { return errors.As(err, target) }

func containsScheme(raw string) bool { return strings.Contains(raw, "://") }

// originOfURL is the origin of a URL given as text ("" for none).
func originOfURL(raw string) string { return hosts.OriginOf(raw) }

// Merge adds live findings to res: those without a place in the card in
// front (as discovery.Merge puts HTTP findings), those placed on a member
// among the card's own findings, before the first that starts after
// them, so that every output lists findings in the card's order.
func Merge(res *lint.Result, extra []lint.Diagnostic) {
	var placed, front []lint.Diagnostic
	for _, d := range extra {
		if Placeless(d) {
			front = append(front, d)
		} else {
			placed = append(placed, d)
		}
	}
	discovery.Merge(res, front)
	for _, d := range placed {
		at := len(res.Diagnostics)
		for i, o := range res.Diagnostics {
			if !Placeless(o) && o.Range.Start.Offset > d.Range.Start.Offset {
				at = i
				break
			}
		}
		res.Diagnostics = append(res.Diagnostics[:at], append([]lint.Diagnostic{d}, res.Diagnostics[at:]...)...)
		switch d.Severity {
		case lint.Error:
			res.Errors++
		case lint.Warning:
			res.Warnings++
		default:
			res.Infos++
		}
	}
}

// Placeless reports a finding that belongs to no place in the card: the
// HTTP findings of a fetched card (pinned to the document's start in the
// data, which text and annotations must not show as a real 1:1), and a
// live finding that has no member to point at.
func Placeless(d lint.Diagnostic) bool {
	if d.Range.Start.Line < 1 {
		return true
	}
	r := lint.RuleFor(d.Code)
	if r == nil || !r.External {
		return false
	}
	// the live checks place their findings on the card's member they are
	// about (an entry's url, a signature, the extended-card promise)
	switch r.EmittedBy {
	case lint.ByProbe, lint.ByClaims, lint.ByExtended, lint.BySignature:
		return d.Pointer == ""
	}
	return true
}
