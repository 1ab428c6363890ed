package lint

import (
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
)

// LocalizeDiagnostics is Localize for a list of findings
// (findings.LocalizeDiagnostics).
func LocalizeDiagnostics(ds []Diagnostic, cat *i18n.Catalogue) { findings.LocalizeDiagnostics(ds, cat) }

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
		for _, msg := range r.Messages {
			m[msg.ID] = msg.Text
		}
	}
	return m
}

// installMessages makes every catalogue answer the English of the rules'
// message formats, which lives in their entries (Rule.Messages), not in
// the catalogue files (i18n.SetEnglishExtra); other languages key them in
// their rules.json. loadRules calls it: a finding of these rules exists
// only once the catalogue is loaded, and a program that never loads it
// (the signature verifier's wasm) links no rule. The map is built on the
// first message rendered.
func installMessages() {
	var once sync.Once
	var texts map[string]string
	i18n.SetEnglishExtra(func(id string) (string, bool) {
		if !strings.HasPrefix(id, "msg.") {
			return "", false
		}
		once.Do(func() {
			texts = map[string]string{}
			for _, r := range Rules() {
				for _, m := range r.Messages {
					texts[m.ID] = m.Text
				}
			}
		})
		s, ok := texts[id]
		return s, ok
	})
}
