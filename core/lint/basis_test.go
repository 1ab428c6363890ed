package lint

import (
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
)

func TestCatalogueBasisAndRefs(t *testing.T) {
	for _, p := range CatalogueProblems(Rules()) {
		t.Error(p)
	}
}

// The test above must be able to fail: a section that exists in no
// version, an error resting on advice and an outside document are caught.
func TestCheckCatalogueCatches(t *testing.T) {
	tests := []struct {
		name string
		rule Rule
	}{
		{"unknown section", Rule{Rule: diag.Rule{Code: "json-syntax", Severity: Error, Basis: Basis{Kind: BasisMust}, Refs: []card.Ref{card.SpecRef(card.Spec10, "5.9")}}}},
		{"section of another version", Rule{Rule: diag.Rule{Code: "json-syntax", Severity: Error, Basis: Basis{Kind: BasisMust}, Refs: []card.Ref{card.SpecRef(card.Spec026, "5.6.1")}}}},
		{"error on advice", Rule{Rule: diag.Rule{Code: "json-syntax", Severity: Error, Basis: Basis{Kind: BasisAdvice}, Refs: []card.Ref{card.SpecRef(card.Spec10, "4.4.1")}}}},
		{"outside document", Rule{Rule: diag.Rule{Code: "json-syntax", Severity: Error, Basis: Basis{Kind: BasisMust}, Refs: []card.Ref{card.SpecRef(card.Spec10, "4.4.1")}, Explanation: "See NOTES.md §3."}}},
		{"no source", Rule{Rule: diag.Rule{Code: "no-such-rule", Severity: Info}}},
		{"reference not as core/card writes it", Rule{Rule: diag.Rule{Code: "json-syntax", Severity: Error, Basis: Basis{Kind: BasisMust}, Refs: []card.Ref{{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://example.org/"}}}}},
		{"sdk basis without an SDK file", Rule{Rule: diag.Rule{Code: "json-syntax", Severity: Error, Basis: Basis{Kind: BasisSDK}, Refs: []card.Ref{card.SpecRef(card.Spec10, "4.4.1")}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.rule
			if got := CatalogueProblems([]*Rule{&r}); len(got) == 0 {
				t.Error("not reported")
			}
		})
	}
}
