// Package findings holds the outcome of checking one input (Result):
// its findings with their counts, the era, the parsed document, and the
// one place they are worded in a reader's language (Localize). core/lint
// returns it; the packages that add findings to it or apply settings to
// it (discovery, extended, fix, config) name it without importing
// core/lint, whose rules they do not run themselves.
package findings

import (
	"bytes"
	"encoding/json"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// MaxFixTitle bounds a fix's title in bytes.
const MaxFixTitle = 200

// RulePathIn is diag.RulePath for the pages of one language.
func RulePathIn(l i18n.Lang, code string) string { return l.Prefix() + diag.RulePath(code) }

// RuleURLIn is diag.RuleURL for the pages of one language.
func RuleURLIn(l i18n.Lang, code string) string { return diag.SiteURL + RulePathIn(l, code) }

// Result is the outcome of linting one input; its JSON form is the CLI's
// result object (docs/ARCHITECTURE.md, Contracts).
type Result struct {
	Input       string            `json:"input"`
	Era         card.Era          `json:"era"`
	Errors      int               `json:"errors"`
	Warnings    int               `json:"warnings"`
	Infos       int               `json:"infos"`
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
	// Doc is the parsed document, for callers that show source excerpts
	// or convert positions.
	Doc *jsonpos.Doc `json:"-"`
	// Detection carries what era detection saw (the not-a-card guess).
	Detection card.Detection `json:"-"`
	// Secrets are the byte ranges of Doc.Src that ExcerptSource masks
	// (core/lint's credential rule sets them).
	Secrets []Span `json:"-"`
}

// Span is a byte range [Start, End) of a source.
type Span struct{ Start, End int }

// ExcerptSource is Doc.Src as every source excerpt shows it, the CLI's
// text output and the report's alike, so that what an excerpt may show
// is decided here once:
//
//   - nil, no excerpt at all, for an input that is not a card: not a JSON
//     object (the first line of a .env named by mistake, or by a --from
//     list, is no card's and may hold a secret), or an object detected as
//     something else than a card;
//   - else the source with every secret the credential rule found masked,
//     its bytes after the characters the finding's message shows turned
//     into '*' (the message masked it, and so must every excerpt on its
//     line). The length stays, so every offset, line and column of the
//     findings still applies.
//
// The masked copy is made only when there is a secret.
func (r *Result) ExcerptSource() []byte {
	if r == nil || r.Doc == nil || r.Doc.Root == nil || r.Doc.Root.Kind != jsonpos.Object || r.Detection.Era == card.EraNotCard {
		return nil
	}
	src := r.Doc.Src
	if len(r.Secrets) == 0 {
		return src
	}
	out := bytes.Clone(src)
	for _, s := range r.Secrets {
		for i := max(s.Start, 0); i < min(s.End, len(out)); i++ {
			out[i] = '*'
		}
	}
	return out
}

// Valid reports whether the result has no error-severity finding.
func (r *Result) Valid() bool { return r.Errors == 0 }

// MarshalJSON keeps "diagnostics" an array even when empty.
func (r *Result) MarshalJSON() ([]byte, error) {
	type plain Result
	c := *r
	if c.Diagnostics == nil {
		c.Diagnostics = []diag.Diagnostic{}
	}
	return json.Marshal((*plain)(&c))
}

// Localize renders every message of the result (findings, fix titles,
// labels of related places) in cat's language. It is the one place
// findings become words in a language other than English; programs call
// it once, at the edge, before showing or encoding the result. Positions
// quoted inside messages count their columns in characters, as people
// reading a report do; LocalizeIn words them in another unit.
func (r *Result) Localize(cat *i18n.Catalogue) { r.LocalizeIn(cat, jsonpos.Chars) }

// LocalizeIn is Localize with the positions that messages quote ("first
// at line 1, column 31") counted in unit: the unit the program shows the
// findings' own columns in (bytes for JSON, UTF-16 for an editor), so
// that a message and the column beside it always agree.
func (r *Result) LocalizeIn(cat *i18n.Catalogue, unit jsonpos.Unit) {
	if r == nil || cat == nil {
		return
	}
	cols := jsonpos.NewColumns(r.Doc, unit)
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		if d.MessageID != "" {
			cols.AddText(i18n.Text{ID: d.MessageID, Args: d.Args})
		}
	}
	localize(r.Diagnostics, cat, cols)
}

// LocalizeDiagnostics is Localize for a list of findings (discovery's
// HTTP findings travel without a Result, and without a document whose
// columns could be counted).
func LocalizeDiagnostics(ds []diag.Diagnostic, cat *i18n.Catalogue) {
	localize(ds, cat, jsonpos.NewColumns(nil, jsonpos.Bytes))
}

func localize(ds []diag.Diagnostic, cat *i18n.Catalogue, cols *jsonpos.Columns) {
	for i := range ds {
		d := &ds[i]
		if d.URL != "" {
			d.URL = RuleURLIn(cat.Lang(), d.Code)
		}
		if d.MessageID != "" {
			d.Message = jsonpos.Clip(cat.Render(cols.Resolve(i18n.Text{ID: d.MessageID, Args: d.Args})), diag.MaxMessage)
		}
		for j := range d.Fixes {
			if f := &d.Fixes[j]; !f.Text.IsZero() {
				f.Title = jsonpos.Clip(cat.Render(cols.Resolve(f.Text)), MaxFixTitle)
			}
		}
		for j := range d.Related {
			if rel := &d.Related[j]; !rel.Text.IsZero() {
				rel.Message = cat.Render(cols.Resolve(rel.Text))
			}
		}
	}
}

// Linter lints one input: lint.Lint. A package that lints as part of its
// work (discovery after a fetch, extended for the extended card, fix
// after every round) is handed one, so that it does not import core/lint
// and the rules it does not run.
type Linter func(src []byte, opts Options) *Result

// Options tune a lint. Zero values are the defaults.
type Options struct {
	// MaxBytes and MaxDepth bound the parser (1 MiB and 64 by default).
	MaxBytes int
	MaxDepth int
	// Examples marks a card written as an example: a rule's bad and good
	// examples, a test fixture, a lesson's exercise. Such cards are meant
	// to use the names RFC 2606 reserves for documentation, so
	// example-placeholder, which reports those names in cards about to be
	// published, stays silent.
	Examples bool
}

// Parser is the part of Options the parser reads.
func (o Options) Parser() jsonpos.Options {
	return jsonpos.Options{MaxBytes: o.MaxBytes, MaxDepth: o.MaxDepth}
}
