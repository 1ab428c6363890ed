package lint

import (
	"fmt"
	"strconv"
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

// CatalogueProblems reports, for every rule given, what breaks the severity
// policy or the reference rules: a missing basis, an A2A reference to a
// section that is not in the cited-sections table (itself checked against
// testdata/spec/sections by core/card), a reference not written as core/card
// makes it (title and link), a severity the basis does not allow, or text
// pointing at documents outside the repository.
func CatalogueProblems(rules []*Rule) []string {
	loadRules()
	var bad []string
	for _, r := range rules {
		if r.Basis.Kind == "" {
			bad = append(bad, r.Code+": no Basis in its entry")
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
		default:
			if want, ok := canonicalRef(r); ok && r != want {
				out = append(out, fmt.Sprintf("%s: write it as {Doc: %q, Version: %q, Section: %q, Title: %q, URL: %q}", r.String(), want.Doc, want.Version, want.Section, want.Title, want.URL))
			}
		}
	}
	return out
}

// canonicalRef is the reference as core/card makes it from its document,
// version and section (card.SpecRef, card.RFCRef, card.GoSDKRef, …): what
// an entry's Refs must say, title and link included. ok is false for other
// documents (card.DocRef), whose link is the entry's own.
func canonicalRef(r card.Ref) (card.Ref, bool) {
	switch {
	case r.Doc == "A2A":
		return card.SpecRef(r.Version, r.Section), true
	case strings.HasPrefix(r.Doc, "RFC "):
		n, err := strconv.Atoi(strings.TrimPrefix(r.Doc, "RFC "))
		if err != nil {
			return card.Ref{}, false
		}
		return card.RFCRef(n, r.Section), true
	case r.Doc == "a2a-go":
		return card.GoSDKRef(r.Section), true
	case r.Doc == "a2a-python":
		return card.PythonSDKRef(r.Section), true
	case r.Doc == "a2a-js":
		return card.JSSDKRef(r.Section), true
	}
	return card.Ref{}, false
}
