package diag

import "strings"

// Rule is what the catalogue says about one rule: everything a program
// shows (the CLI, the editor, the report page, the learn site), nothing
// it runs. core/lint's entries add the check to it.
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
	// JSON form).
	Spec string `json:"spec"`
	// Basis says what the rule rests on and Refs where that is written
	// (sections of the card's own specification version, RFCs, official
	// SDK files).
	Basis Basis `json:"basis"`
	Refs  []Ref `json:"refs"`
	// Messages are the English formats of the rule's findings, by message
	// id ("msg.<code>[.<variant>]"): the check reports an id and its
	// arguments, and core/lint answers the English of these ids to every
	// catalogue (other languages key them in their rules.json).
	Messages []Message `json:"-"`
	// Bad triggers the rule and Good does not. Each is either a whole
	// document (starting with '{' or anything that is not a member list)
	// or, more often, top-level members that replace or extend the
	// catalogue's base card (lint.ExampleDocument). They are tests.
	Bad  string `json:"bad"`
	Good string `json:"good"`
	// External marks rules whose examples are not card texts (HTTP-level
	// rules); their examples describe a response instead.
	External bool `json:"external,omitempty"`
	// EmittedBy names who reports the rule when it is not core/lint's
	// own checks (ByParser, ByDiscovery, …, from Elsewhere); empty for
	// lint's own. The entry is in the catalogue either way, so every
	// program that shows rules shows the same list.
	EmittedBy string `json:"emittedBy,omitempty"`
}

// Message is one message id and its English format (fmt verbs; the
// English singular goes under "<id>.one").
type Message struct {
	ID   string
	Text string
}

// Basis is a rule's basis as the catalogue prints it.
type Basis struct {
	Kind  BasisKind `json:"kind"`
	Label string    `json:"label"`
	Note  string    `json:"note,omitempty"`
}

// BasisKind says what a rule rests on, and so which severity it may have
// (the severity policy, docs/RULES.md):
//
//   - error: a MUST or REQUIRED of the card's own specification version
//     (BasisMust), or a failure shown in a named official SDK (BasisSDK);
//   - warning: a SHOULD (BasisShould) or a likely failure
//     (BasisLikelyFailure);
//   - info: advice (BasisAdvice).
//
// BasisToolLimit marks this tool's own limits, which no specification
// sets; their findings say the input was not (fully) checked.
type BasisKind string

const (
	BasisMust          BasisKind = "must"
	BasisShould        BasisKind = "should"
	BasisSDK           BasisKind = "sdk"
	BasisLikelyFailure BasisKind = "likely-failure"
	BasisAdvice        BasisKind = "advice"
	BasisToolLimit     BasisKind = "tool-limit"
)

// Label is the kind as the rule pages and the CLI show it.
func (k BasisKind) Label() string {
	switch k {
	case BasisMust:
		return "MUST / REQUIRED"
	case BasisShould:
		return "SHOULD"
	case BasisSDK:
		return "official SDK behaviour"
	case BasisLikelyFailure:
		return "likely failure"
	case BasisAdvice:
		return "advice"
	case BasisToolLimit:
		return "limit of this tool"
	}
	return string(k)
}

// Ref points at the text a rule or a field rests on: a numbered section of
// one version of the A2A specification, a section of an RFC, or a file of
// an official SDK whose behaviour the rule describes. Rules and fields
// carry them as data so that a test can check every A2A reference against
// the real headings of the version it names (testdata/spec/sections), and
// the site can link each one to the published text of that version.
// core/card makes them (card.SpecRef, card.RFCRef, …; card.Ref is this
// type).
type Ref struct {
	// Doc names the document: "A2A" for the specification, "RFC 8259",
	// "a2a-go", "a2a-python", "a2a-tck", "OpenAPI 3.0", "Fetch".
	Doc string `json:"doc"`
	// Version is the specification's version ("1.0", "0.3.0", "0.2.6"), or
	// the tag of the SDK release read.
	Version string `json:"version,omitempty"`
	// Section is the section number ("4.4.6", "A.2.2"), or for an SDK the
	// file path inside its repository.
	Section string `json:"section,omitempty"`
	// Title is the section's heading as published.
	Title string `json:"title,omitempty"`
	URL   string `json:"url"`
}

// String is the reference as one line of text: "A2A v1.0 §4.4.6
// AgentInterface", "RFC 8259 §8.1", "a2a-go v2.3.1 a2a/auth.go".
func (r Ref) String() string {
	switch {
	case r.Doc == "A2A":
		return "A2A v" + r.Version + " §" + r.Section + " " + r.Title
	case strings.HasPrefix(r.Doc, "RFC ") && r.Section != "":
		return r.Doc + " §" + r.Section
	}
	s := r.Doc
	for _, p := range []string{r.Version, r.Section, r.Title} {
		if p != "" {
			s += " " + p
		}
	}
	return s
}
