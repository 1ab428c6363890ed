// Package diag is the vocabulary of findings: Diagnostic, its Range, Fix
// and Related places, Severity, and the metadata of the rules a finding
// belongs to (Rule, Basis, Ref) with the Registry type that looks them
// up. It holds no checks. Every package that reports findings (core/lint,
// core/discovery, core/signature, core/probe, core/extended, core/fix,
// core/config) imports this one, as go/analysis passes import package
// analysis, so that none of them stands on the rule catalogue of another.
// It imports only core/jsonpos of this module.
package diag

import (
	"fmt"
	"net/url"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Severity of a finding. Only errors make a card invalid (and the CLI exit
// with 1); warnings are likely problems; infos are things worth knowing.
type Severity uint8

const (
	Error Severity = iota + 1
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "unknown"
}

// MarshalText writes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "info":
		*s = Info
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Position, Range, Edit and Fix are the parser's: a finding points into
// the parsed document, and the parser's fixes are findings' fixes.
type (
	Position = jsonpos.Position
	Range    = jsonpos.Range
	Edit     = jsonpos.Edit
	Fix      = jsonpos.Fix
)

// MaxMessage bounds a finding's message in bytes. Names and values
// quoted into it are clipped first (jsonpos.MaxQuoted), so this only
// catches messages that quote several long values.
const MaxMessage = 1024

// Diagnostic is one finding (docs/ARCHITECTURE.md §3).
type Diagnostic struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// MessageID and Args are Message as data: the catalogue id and its
	// arguments (core/i18n). Message is their English rendering until a
	// program localizes the result (lint.Result.Localize).
	MessageID string `json:"messageId,omitempty"`
	Args      []any  `json:"args,omitempty"`
	Pointer   string `json:"pointer"`
	Range     Range  `json:"range"`
	Fixes     []Fix  `json:"fixes,omitempty"`
	// Related are other places the finding involves, e.g. the first
	// occurrence of a duplicate key.
	Related []Related `json:"related,omitempty"`
	// URL is the rule's documentation page, always RuleURL(Code).
	URL string `json:"url,omitempty"`
	// Omitted and OmittedCode are set on the summary codes: a
	// findings-capped finding says how many findings of OmittedCode were
	// left out under its group (or, for syntax, in the document).
	Omitted     int    `json:"omitted,omitempty"`
	OmittedCode string `json:"omittedCode,omitempty"`
}

// Related is a second place a finding points at, with a short label of
// what is there (docs/ARCHITECTURE.md §4: {"message", "range"}).
type Related struct {
	Message string `json:"message"`
	Range   Range  `json:"range"`
	// Text is Message as data (i18n.Text).
	Text jsonpos.Text `json:"-"`
}

// SiteURL is the public site whose /rules/<code>/ pages document each rule.
const SiteURL = "https://agentcard.dev"

// RulePath is a rule's page on the site, relative to its root. Every
// surface that links a rule (CLI, SARIF, reports, playground) builds the
// link from here, so the layout of the site is known in one place.
func RulePath(code string) string { return "/rules/" + url.PathEscape(code) + "/" }

// RuleURL is the absolute address of a rule's page.
func RuleURL(code string) string { return SiteURL + RulePath(code) }

// WithSeverity overrides the rule's severity for this finding (for
// example, stronger when a problem is in the preferred interface).
func (d *Diagnostic) WithSeverity(s Severity) *Diagnostic { d.Severity = s; return d }

// WithFix attaches a machine-applicable fix titled by the catalogue
// message id.
//
// The WithFix… methods are not inlined: they are small now that they
// word nothing, and inlined into each of lint's checks that offers a fix
// they cost the editor wasm several KB of code for cold paths.
//
//go:noinline
func (d *Diagnostic) WithFix(id string, edits ...Edit) *Diagnostic {
	return d.WithFixText(jsonpos.Text{ID: id}, edits...)
}

// WithFixText attaches a machine-applicable fix whose title is a
// catalogue message: the fix carries it as data (Fix.Text) and whoever
// returns the finding words Fix.Title (core/lint, in English). The fix is
// unsafe (Fix.Safe): it changes something a person has to decide, and
// lint --fix leaves it alone unless unsafe fixes are asked for.
//
//go:noinline
func (d *Diagnostic) WithFixText(t jsonpos.Text, edits ...Edit) *Diagnostic {
	d.Fixes = append(d.Fixes, Fix{Text: t, Edits: edits})
	return d
}

// WithSafeFix is WithFix for a fix that keeps what the card means (a
// spelling of the same value), which lint --fix applies.
//
//go:noinline
func (d *Diagnostic) WithSafeFix(id string, edits ...Edit) *Diagnostic {
	return d.WithSafeFixText(jsonpos.Text{ID: id}, edits...)
}

// WithSafeFixText is WithFixText for a safe fix.
//
//go:noinline
func (d *Diagnostic) WithSafeFixText(t jsonpos.Text, edits ...Edit) *Diagnostic {
	d.Fixes = append(d.Fixes, Fix{Text: t, Edits: edits, Safe: true})
	return d
}
