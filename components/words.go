package components

import (
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// The pages' words live in the catalogues (ui.* ids in
// core/i18n/catalog/<lang>/ui-*.json), never in the templates: a page is
// one template for every language, and each view model carries the
// language it is rendered in. The zero language is English, so a view
// built without one still renders.

// tr is the text of id in l, with args put in by the catalogue's one
// Render (plural forms included).
func tr(l i18n.Lang, id string, args ...any) string {
	return Catalogue(l).Sprintf(id, args...)
}

// Catalogue is l's catalogue; the zero language and languages we do not
// speak give English.
func Catalogue(l i18n.Lang) *i18n.Catalogue {
	if l == "" || l == i18n.English {
		return i18n.EnglishCatalogue()
	}
	return catalog.Of(l)
}

// langOf is l, or English for the zero value.
func langOf(l i18n.Lang) i18n.Lang {
	if l == "" {
		return i18n.English
	}
	return l
}

// Alternate is the same page in another language: an hreflang link in
// the head and an entry of the language switch.
type Alternate struct {
	Lang i18n.Lang
	Href string
}

// SiteAlternates are the twins of a static site page at path ("/rules/"):
// the English page at path, the others under their language's prefix.
func SiteAlternates(path string) []Alternate {
	var out []Alternate
	for _, l := range i18n.Langs() {
		out = append(out, Alternate{Lang: l, Href: l.Prefix() + path})
	}
	return out
}

// listSep separates the items of a short list ("2 errors, 1 warning"):
// punctuation, not words, so it is not a catalogue entry.
func listSep(l i18n.Lang) string {
	if l == i18n.Chinese {
		return "，"
	}
	return ", "
}
