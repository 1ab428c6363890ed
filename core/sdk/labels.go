package sdk

import "github.com/agentcard/agentcard/core/i18n"

// The matrix's short words (ui.matrix.*, catalogue ui-matrix.json, which
// the playground's bundle carries too): a table shows Labels and
// BasisLabel, and each cell's Message beside or under it.

// Labels are the row's three answers as a table shows them in cat's
// language: "yes", "no", "not reached", "needs the key", and for a
// selection the entry ("entry 2").
func (r Row) Labels(cat *i18n.Catalogue) [3]string {
	var out [3]string
	for i, c := range [3]Cell{r.Loads, r.Selects, r.Verifies} {
		t := i18n.T("ui.matrix.answer." + answerKey(c.Answer))
		if i == 1 && c.Answer == Yes {
			t = i18n.T("ui.matrix.entry", c.Index)
		}
		out[i] = cat.Render(t)
	}
	return out
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
