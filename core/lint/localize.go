package lint

import (
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

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
func LocalizeDiagnostics(ds []Diagnostic, cat *i18n.Catalogue) {
	localize(ds, cat, jsonpos.NewColumns(nil, jsonpos.Bytes))
}

func localize(ds []Diagnostic, cat *i18n.Catalogue, cols *jsonpos.Columns) {
	for i := range ds {
		d := &ds[i]
		if d.URL != "" {
			d.URL = RuleURLIn(cat.Lang(), d.Code)
		}
		if d.MessageID != "" {
			d.Message = jsonpos.Clip(cat.Render(cols.Resolve(i18n.Text{ID: d.MessageID, Args: d.Args})), MaxMessage)
		}
		for j := range d.Fixes {
			if f := &d.Fixes[j]; !f.Text.IsZero() {
				f.Title = jsonpos.Clip(cat.Render(cols.Resolve(f.Text)), maxFixTitle)
			}
		}
		for j := range d.Related {
			if rel := &d.Related[j]; !rel.Text.IsZero() {
				rel.Message = cat.Render(cols.Resolve(rel.Text))
			}
		}
	}
}

// Localized returns the rule with its words (title, explanation, how to fix, the
// basis) in cat's language; the English lives in the rule literals, the
// other languages under "rule.<code>.<part>" in their catalogues.
func (r Rule) Localized(cat *i18n.Catalogue) Rule {
	if cat == nil || cat.Lang() == i18n.English {
		return r
	}
	pick := func(part, english string) string {
		if s, ok := cat.Lookup("rule." + r.Code + "." + part); ok {
			return s
		}
		return english
	}
	r.Title = pick("title", r.Title)
	r.Explanation = pick("explanation", r.Explanation)
	r.HowToFix = pick("howToFix", r.HowToFix)
	r.Basis.Note = pick("note", r.Basis.Note)
	if s, ok := cat.Lookup("phrase.basis." + string(r.Basis.Kind)); ok {
		r.Basis.Label = s
	}
	return r
}

// RuleTexts is the English of every rule's words, keyed as other
// languages' catalogues key them; the translation tests compare the two.
func RuleTexts() map[string]string {
	m := map[string]string{}
	for _, r := range Rules() {
		m["rule."+r.Code+".title"] = r.Title
		m["rule."+r.Code+".explanation"] = r.Explanation
		m["rule."+r.Code+".howToFix"] = r.HowToFix
		if r.Basis.Note != "" {
			m["rule."+r.Code+".note"] = r.Basis.Note
		}
		m["phrase.basis."+string(r.Basis.Kind)] = r.Basis.Kind.Label()
	}
	return m
}
