package lint

import (
	"fmt"
	"sort"

	"github.com/agentcard/agentcard/core/card"
)

// Rule is one entry of the rule catalogue. Everything but Check is data
// that the CLI, the editor, the report page and the learn site show.
type Rule struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	// Topic groups rules on the learn site: syntax, structure, identity,
	// interfaces, legacy, capabilities, modes, skills, security,
	// signatures, http, sdks.
	Topic       string `json:"topic"`
	Title       string `json:"title"`
	Explanation string `json:"explanation"`
	HowToFix    string `json:"howToFix"`
	// Spec is Refs as one line of text (kept for readers of the older
	// JSON form); register fills it.
	Spec string `json:"spec"`
	// Basis says what the rule rests on and Refs where that is written
	// (sections of the card's own specification version, RFCs, official
	// SDK files); register fills both from ruleSourceTable.
	Basis Basis      `json:"basis"`
	Refs  []card.Ref `json:"refs"`
	// Bad triggers the rule and Good does not. Each is either a whole
	// document (starting with '{' or anything that is not a member list)
	// or, more often, top-level members that replace or extend the
	// catalogue's base card (see ExampleDocument). They are tests.
	Bad  string `json:"bad"`
	Good string `json:"good"`
	// Check inspects a parsed card and reports through the context. Nil
	// for rules reported elsewhere (the parser, HTTP discovery).
	Check func(*Context) `json:"-"`
	// Always runs Check even when the document is not a card object.
	Always bool `json:"-"`
	// External marks rules whose examples are not card texts (HTTP-level
	// rules); their examples describe a response instead.
	External bool `json:"external,omitempty"`
	// EmittedBy names the package that reports the rule when it is not
	// the linter itself (ByParser, ByDiscovery); empty for lint's own.
	// The entry is in the catalogue either way, so every program that
	// shows rules shows the same list.
	EmittedBy string `json:"emittedBy,omitempty"`
}

// Who reports a rule, when it is not core/lint's own checks.
const (
	// ByParser: core/jsonpos reports it while reading the text.
	ByParser = "parser"
	// ByDiscovery: core/discovery reports it after fetching the card.
	ByDiscovery = "discovery"
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
		if r.Code == "" || r.Severity == 0 || r.Title == "" {
			panic(fmt.Sprintf("lint: incomplete rule %+v", r))
		}
		if src, ok := ruleSourceOf(r.Code); ok {
			r.Basis = Basis{Kind: src.Basis, Label: src.Basis.Label(), Note: src.Note}
			r.Refs = src.Refs
			r.Spec = src.Spec
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
type Basis struct {
	Kind  BasisKind `json:"kind"`
	Label string    `json:"label"`
	Note  string    `json:"note,omitempty"`
}
