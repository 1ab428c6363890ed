package sdk

import "github.com/agentcard/agentcard/core/i18n"

// The matrix's short words (ui.matrix.*, catalogue ui-tools.json, which
// the playground's bundle carries too): a table shows Label and
// BasisLabel, and the cell's Message beside or under it.

// Label is the cell's word for a table in cat's language: "yes", "no",
// "entry 2" for a selection, "not reached", "needs the key".
func (c Cell) Label(cat *i18n.Catalogue) string {
	if c.Answer == Yes && c.Index >= 0 {
		return cat.Render(i18n.T("ui.matrix.entry", c.Index))
	}
	return cat.Render(i18n.T("ui.matrix.answer." + answerKey(c.Answer)))
}

// answerKey is an Answer as a catalogue id's last part.
func answerKey(a Answer) string {
	if a == NotApplicable {
		return "na"
	}
	return string(a)
}

// BasisLabel says in a few words where the row comes from: the running
// library, a model tested against it, or a model not verified against it.
func (r Row) BasisLabel(cat *i18n.Catalogue) string {
	return cat.Render(i18n.T("ui.matrix.basis." + string(r.Basis)))
}
