// Package findings holds the outcome of checking one input (Result):
// its findings with their counts, the era, the parsed document, and the
// one place they are worded in a reader's language (Localize). core/lint
// returns it; the packages that add findings to it or apply settings to
// it (discovery, extended, fix, config) name it without importing
// core/lint, whose rules they do not run themselves.
package findings

import (
	"encoding/json"
	"strconv"

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
// result object (docs/ARCHITECTURE.md §4).
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
}

// Release hands the parsed document's memory to later lints
// (jsonpos.Doc.Release) and drops r.Doc: for a caller that has copied out
// what it needs (the findings keep no node) and lints again soon, as the
// editor does on every keystroke.
func (r *Result) Release() {
	if r.Doc != nil {
		r.Doc.Release()
		r.Doc = nil
	}
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

// AppendJSON appends to b what MarshalJSON writes, byte for byte, by
// hand: for the CLI, where encoding/json built its encoders for these
// types by reflection on the first result, a tenth of a lint's own time
// (docs/ARCHITECTURE.md §6); TestResultJSON compares the two. MarshalJSON
// stays encoding/json's: the Worker marshals results inside larger
// values by reflection anyway, and this code in its wasm cost 10 KB of
// gzip there.
func (r *Result) AppendJSON(b []byte) []byte {
	// the brace itself, not w.Open: what b ends with is not the writer's
	w := &jsonpos.Writer{B: append(b, '{'), EscapeHTML: true}
	w.S("input", r.Input)
	w.S("era", string(r.Era))
	w.I("errors", r.Errors)
	w.I("warnings", r.Warnings)
	w.I("infos", r.Infos)
	w.Key("diagnostics")
	w.OpenList()
	for i := range r.Diagnostics {
		appendDiagnostic(w, &r.Diagnostics[i])
	}
	w.CloseList()
	w.Close()
	return w.B
}

func appendDiagnostic(w *jsonpos.Writer, d *diag.Diagnostic) {
	w.Open()
	w.S("code", d.Code)
	w.S("severity", d.Severity.String())
	w.S("message", d.Message)
	w.SO("messageId", d.MessageID)
	if len(d.Args) > 0 {
		w.Key("args")
		appendArgs(w, d.Args)
	}
	w.S("pointer", d.Pointer)
	w.Range("range", d.Range)
	if len(d.Fixes) > 0 {
		w.Key("fixes")
		w.OpenList()
		for _, f := range d.Fixes {
			w.Open()
			w.S("title", f.Title)
			w.T("safe", f.Safe)
			w.Key("edits")
			if f.Edits == nil {
				w.Null()
			} else {
				w.OpenList()
				for _, e := range f.Edits {
					w.Open()
					w.Range("range", e.Range)
					w.S("newText", e.NewText)
					w.Close()
				}
				w.CloseList()
			}
			w.Close()
		}
		w.CloseList()
	}
	if len(d.Related) > 0 {
		w.Key("related")
		w.OpenList()
		for _, r := range d.Related {
			w.Open()
			w.S("message", r.Message)
			w.Range("range", r.Range)
			w.Close()
		}
		w.CloseList()
	}
	w.SO("url", d.URL)
	w.IO("omitted", d.Omitted)
	w.SO("omittedCode", d.OmittedCode)
	w.Close()
}

// appendArgs writes a message's arguments: the kinds findings carry by
// hand, anything else as encoding/json writes it.
func appendArgs(w *jsonpos.Writer, args []any) {
	w.OpenList()
	for _, a := range args {
		switch v := a.(type) {
		case string:
			w.Str(v)
		case i18n.Phrase:
			w.Str(string(v))
		case int:
			w.Int(v)
		case int64:
			w.Sep()
			w.B = strconv.AppendInt(w.B, v, 10)
		case i18n.Text:
			w.Open()
			w.S("id", v.ID)
			if len(v.Args) > 0 {
				w.Key("args")
				appendArgs(w, v.Args)
			}
			w.Close()
		default:
			b, err := json.Marshal(v)
			if err != nil {
				// what encoding/json would have failed the whole result
				// with; a finding's argument is never such a value
				b = []byte("null")
			}
			w.Raw(b)
		}
	}
	w.CloseList()
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
type Linter func(src []byte, opts jsonpos.Options) *Result
