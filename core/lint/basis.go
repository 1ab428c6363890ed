package lint

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
)

// BasisKind says what a rule rests on, and so which severity it may have
// (diag.BasisKind; the severity policy, docs/RULES.md).
type BasisKind = diag.BasisKind

const (
	BasisMust          = diag.BasisMust
	BasisShould        = diag.BasisShould
	BasisSDK           = diag.BasisSDK
	BasisLikelyFailure = diag.BasisLikelyFailure
	BasisAdvice        = diag.BasisAdvice
	BasisToolLimit     = diag.BasisToolLimit
)

// ruleSource is what one rule rests on. The table is kept apart from the
// rule literals so that it covers every registered rule, including those
// other packages register (core/discovery), and so the severity policy
// test reads it in one place.
type ruleSource struct {
	Code  string
	Basis BasisKind
	// Note says in one sentence which requirement or behaviour the basis
	// is, when the references alone do not.
	Note string
	// Spec is Refs as one line (card.RefsText), or for a rule without
	// references what kind of rule it is.
	Spec string
	Refs []card.Ref
}

// ruleSourceOf is the source of the rule with code: a binary search of
// ruleSourceTable (rulesources_table.go), constant data generated from
// ruleSourceList (rulesources_test.go) with every reference resolved and
// its text joined, so that loading the catalogue builds no map of
// sources and resolves no reference (the playground's engine does it
// before its first findings).
func ruleSourceOf(code string) (*ruleSource, bool) {
	lo, hi := 0, len(ruleSourceTable)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := ruleSourceTable[m].Code; {
		case c == code:
			return &ruleSourceTable[m], true
		case c < code:
			lo = m + 1
		default:
			hi = m
		}
	}
	return nil, false
}

//go:generate go test -run ^TestRuleSourceTable$ -update

// CatalogueProblems reports, for every rule given, what breaks the severity
// policy or the reference rules: a missing basis, an A2A reference to a
// section that is not in the cited-sections table (itself checked against
// testdata/spec/sections by core/card), a severity the basis does not
// allow, or text pointing at documents outside the repository.
func CatalogueProblems(rules []*Rule) []string {
	loadRules()
	var bad []string
	for _, r := range rules {
		if _, ok := ruleSourceOf(r.Code); !ok {
			bad = append(bad, r.Code+": no entry in ruleSourceList")
			continue
		}
		for _, p := range refProblems(r.Refs) {
			bad = append(bad, r.Code+": "+p)
		}
		if !severityAllowed(r.Code, r.Severity, r.Basis.Kind) {
			bad = append(bad, r.Code+": severity "+r.Severity.String()+" with basis "+string(r.Basis.Kind))
		}
		if r.Basis.Kind == BasisSDK && !citesSDK(r.Refs) {
			bad = append(bad, r.Code+": basis sdk without a file of an official SDK (a2a-go, a2a-python, a2a-js) at its release")
		}
		if r.Basis.Kind != BasisToolLimit && r.Basis.Kind != BasisAdvice && len(r.Refs) == 0 {
			bad = append(bad, r.Code+": basis "+string(r.Basis.Kind)+" without a reference")
		}
		for _, text := range []string{r.Title, r.Explanation, r.HowToFix, r.Spec, r.Basis.Note} {
			if m := outsideDocName(text); m != "" {
				bad = append(bad, r.Code+": cites "+m+", which is not in this repository")
			}
		}
	}
	return bad
}

// severityAllowed is the policy (docs/RULES.md): errors rest on a MUST of
// the card's own version or on a failure shown in a named official SDK;
// warnings on at least a SHOULD or a likely failure; advice is info. Tool
// limits are labelled as such and may stop the check.
func severityAllowed(code string, sev Severity, k BasisKind) bool {
	switch sev {
	case Error:
		return k == BasisMust || k == BasisSDK || k == BasisToolLimit
	case Warning:
		return k != BasisAdvice
	}
	return true
}

// citesSDK reports whether refs name a file of an official SDK at a
// release (what a basis sdk rests on, docs/RULES.md).
func citesSDK(refs []card.Ref) bool {
	for _, r := range refs {
		switch r.Doc {
		case "a2a-go", "a2a-python", "a2a-js":
			if r.Version != "" && r.Section != "" {
				return true
			}
		}
	}
	return false
}

func refProblems(refs []card.Ref) []string {
	var out []string
	for _, r := range refs {
		switch {
		case r.URL == "":
			out = append(out, r.String()+": no link")
		case r.Doc == "A2A" && r.Title == "":
			out = append(out, "A2A v"+r.Version+" §"+r.Section+" is not a known section of that version")
		case r.Doc == "A2A" && !strings.Contains(r.URL, "#"):
			out = append(out, r.String()+": link has no anchor")
		}
	}
	return out
}
