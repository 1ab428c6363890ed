package lint

import (
	"strings"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Limit rules are reported by the engine itself when a card has more
// findings than a person can act on (see MaxPerGroup and MaxFindings). They
// keep the work and the output of any input bounded, and say what was left
// out as data (Diagnostic.Omitted) so that tools can show "N more".
const (
	codeCapped  = jsonpos.CodeCapped
	codeTooMany = "too-many-findings"
)

func limitRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeCapped, Severity: Info, Topic: "structure", Title: "More findings of the same kind",
			Explanation: "When one list or object has more than 20 findings of the same code (a thousand skills without an id, thousands of comments), the first 20 are listed and this one finding counts the rest. The others are the same mistake repeated: the count is in the finding, and fixing the listed ones usually shows how to fix them all.",
			HowToFix:    "Fix the listed findings the same way everywhere in that list or object, then check the card again to see any that remain.",
			Basis:       Basis{Kind: BasisToolLimit, Note: "This tool groups repeated findings of one code; not a requirement of the specification."},
			Messages: []diag.Message{
				{ID: "msg.findings-capped", Text: "%d more %s findings like the %d above are not listed; fix those and check again"},
				{ID: "msg.findings-capped.one", Text: "%d more %s finding like the %d above is not listed; fix those and check again"},
			},
			Bad: `"skills": [` + strings.TrimSuffix(strings.Repeat(`{}, `, MaxPerGroup+1), ", ") + `]`, Good: ``}},
		&Rule{Rule: diag.Rule{Code: codeTooMany, Severity: Info, Topic: "structure", Title: "Checking stopped early",
			Explanation: "A card with more than 1,000 findings is not a card with a few mistakes: it is usually generated, truncated or not a card at all. Checking stops there, so that a hostile or broken document cannot make the checker (or the page showing its findings) do unbounded work. The rest of the card was not checked.",
			HowToFix:    "Fix the findings listed, starting with syntax errors and the first ones of each kind, and check the card again.",
			External:    true, Basis: Basis{Kind: BasisToolLimit, Note: "This tool stops reporting after 1,000 findings."},
			Messages: []diag.Message{
				{ID: "msg.too-many-findings", Text: "checking stopped after %d findings; the rest of the card was not checked. Fix these and check again"},
			},
			Bad: "(a card with more than 1,000 findings)", Good: "(a card with a few findings)"}},
	}
}
