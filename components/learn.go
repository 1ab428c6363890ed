package components

// View models of the learn pages, filled by scripts/buildsite from the
// rule and field catalogues (core/lint, core/card): the pages show the same
// data the linter runs on.

import (
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// RuleDoc is one rule on the learn site.
type RuleDoc struct {
	Code, Severity, Topic, Title string
	Explanation, HowToFix, Spec  string
	// Basis is what the rule rests on: BasisKind is its code ("must",
	// "should", "sdk", "likely-failure", "advice", "tool-limit"),
	// BasisLabel its name, BasisNote the requirement or behaviour in one
	// sentence; Refs link to where it is written.
	BasisKind, BasisLabel, BasisNote string
	Refs                             []RefDoc
	Bad, Good                        string // examples as written in the catalogue
	Fragment                         bool   // examples are members added to a valid base card
	External                         bool   // examples describe an HTTP response, not card text
	BadFindings                      []string
	BadLink, GoodLink                string // the examples opened in the playground
}

// RuleTopic is a group of rules.
type RuleTopic struct {
	ID, Title string
	Rules     []RuleDoc
}

// FieldDoc is one field of one object type.
type FieldDoc struct {
	Object, Name, Type    string
	Required              string // "required", "required in 0.3", "optional", in the page's language
	Eras                  string // "0.3, 1.0"
	Since, Removed        string
	Replacement, Doc      string
	Spec, Format, TypeRef string // TypeRef: anchor of the value's object type, if any
	Values                []string
	Refs                  []RefDoc
}

// RefDoc is one reference: its text ("A2A v1.0 §4.4.6 AgentInterface") and
// the address of the published text.
type RefDoc struct{ Text, URL string }

// FieldObject is one object type with its fields.
type FieldObject struct {
	Name   string
	Fields []FieldDoc
}

// RuleHref is the stable URL of a rule's page in language l; the report
// page, the playground and the CLI's docs link there.
func RuleHref(l i18n.Lang, code string) string { return lint.RulePathIn(langOf(l), code) }

// FieldAnchor is a field's id on the fields page.
func FieldAnchor(object, name string) string { return object + "." + name }

// learnPage is a learn page in l at path (without the language prefix),
// linked to its twins in the other languages.
func learnPage(l i18n.Lang, title, desc, path string, css []string) Page {
	return Page{Lang: l, Title: title, Description: desc, Path: path, CSS: css, Alternates: SiteAlternates(path)}
}
