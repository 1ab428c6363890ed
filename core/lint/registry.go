package lint

import (
	"fmt"
	"sort"
	"sync"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
)

// Rule is one entry of the rule catalogue: what core/diag says of a rule
// (code, severity, words, basis, examples), which every program shows, and
// the check that finds it here.
type Rule struct {
	diag.Rule
	// Check inspects a parsed card and reports through the context. Nil
	// for rules checked elsewhere (diag.Elsewhere).
	Check func(*Context) `json:"-"`
	// Always runs Check even when the document is not a card object.
	Always bool `json:"-"`
}

// Who reports a rule that core/lint does not check (diag.Elsewhere).
const (
	ByParser    = diag.ByParser
	ByDiscovery = diag.ByDiscovery
	BySignature = diag.BySignature
	ByProbe     = diag.ByProbe
	ByClaims    = diag.ByClaims
	ByAnswer    = diag.ByAnswer
	ByExtended  = diag.ByExtended
)

// catalogue names every rule, one function per file of rules. It is the
// only place a rule enters the catalogue: no rule registers itself from an
// init function, so the list is complete whichever packages are linked
// (the editor's wasm does not link core/discovery, yet shows the HTTP rules).
// A new rule goes into the function of its file; a new file of rules adds
// its function here.
func catalogue() [][]*Rule {
	return [][]*Rule{
		syntaxRules(),
		limitRules(),
		structureRules(),
		identityRules(),
		interfaceRules(),
		legacyRules(),
		capabilityRules(),
		modeRules(),
		skillRules(),
		securityRules(),
		credentialRules(),
		signatureRules(),
		signatureVerifyRules(),
		httpRules(),
		probeRules(),
		claimRules(),
		answerRules(),
		extendedRules(),
		sdkRules(),
	}
}

// The entries of syntaxRules, httpRules, probeRules, signatureVerifyRules
// and extendedRules have no check: diag.Elsewhere lists the package that
// checks each and its severity, which register copies into the entry.

// The catalogue is built once, on first use (loadRules, lazy.go). It
// cannot be a variable initializer: checks report through RuleFor, which
// reads ruleByCode, and Go rejects that reference cycle in package-level
// initialization.
var (
	registry   []*Rule
	ruleByCode map[string]*Rule
)

// register adds rules to the catalogue. It panics on a duplicate or
// malformed code: that is a programming error found by any test run.
func register(rules ...*Rule) {
	for _, r := range rules {
		if by, sev, ok := diag.CheckedElsewhere(r.Code); ok {
			if r.Check != nil || r.Severity != 0 || r.EmittedBy != "" {
				panic("lint: " + r.Code + " is checked by its diag.Elsewhere package, which gives its severity; its entry has a check or a severity")
			}
			r.Severity, r.EmittedBy = sev, by
		}
		if r.Code == "" || r.Severity == 0 || r.Title == "" {
			panic(fmt.Sprintf("lint: incomplete rule %+v", r))
		}
		r.Basis.Label = r.Basis.Kind.Label()
		r.Spec = card.RefsText(r.Refs)
		if r.Spec == "" {
			r.Spec = "not a specification rule: " + r.Basis.Label
		}
		if r.Refs == nil {
			r.Refs = []card.Ref{}
		}
		if _, dup := ruleByCode[r.Code]; dup {
			panic("lint: duplicate rule code " + r.Code)
		}
		registry = append(registry, r)
		ruleByCode[r.Code] = r
	}
}

// Rules returns the whole catalogue in its documented order: by topic in
// the order of Topics, then by code. The order does not depend on which
// packages are linked or on the order of catalogue(), so docs/RULES.md,
// SARIF rule indexes and the learn site stay stable.
func Rules() []*Rule {
	loadRules()
	out := append([]*Rule(nil), registry...)
	sort.SliceStable(out, func(i, j int) bool {
		ti, tj := topicRank(out[i].Topic), topicRank(out[j].Topic)
		if ti != tj {
			return ti < tj
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// RuleFor returns the rule with the code, or nil.
func RuleFor(code string) *Rule {
	loadRules()
	return ruleByCode[code]
}

// Topics in the order the learn site and `agentcard rules` present them.
var Topics = []string{"syntax", "structure", "identity", "interfaces", "legacy", "capabilities", "modes", "skills", "security", "signatures", "http", "sdks"}

func topicRank(t string) int {
	for i, x := range Topics {
		if x == t {
			return i
		}
	}
	return len(Topics)
}

// Basis is a rule's basis as the catalogue prints it.
type Basis = diag.Basis

// Catalogue is the whole catalogue as core/diag's registry, in the order
// of Rules: for a program that hands the rule metadata to a package that
// must not import this one.
func Catalogue() *diag.Registry {
	catalogueOnce.Do(func() {
		rules := Rules()
		catalogueReg = diag.NewRegistry(len(rules))
		for _, r := range rules {
			catalogueReg.Add(&r.Rule)
		}
	})
	return catalogueReg
}

var (
	catalogueOnce sync.Once
	catalogueReg  *diag.Registry
)
