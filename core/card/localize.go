package card

import "github.com/agentcard/agentcard/core/i18n"

// Localized returns the field with its explanation in cat's language; the
// English lives in the field catalogue, other languages under
// "field.<Object>.<name>".
func (f Field) Localized(cat *i18n.Catalogue) Field {
	if cat == nil || cat.Lang() == i18n.English {
		return f
	}
	if s, ok := cat.Lookup(FieldKey(f.Object, f.Name)); ok {
		f.Doc = s
	}
	return f
}

// FieldKey is the catalogue id of a field's explanation.
func FieldKey(object, name string) string { return "field." + object + "." + name }

// FieldTexts is the English of every field's explanation, keyed as other
// languages' catalogues key them.
func FieldTexts() map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		m[FieldKey(f.Object, f.Name)] = f.Doc
	}
	return m
}
