package card

import (
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/i18n"
)

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

// The English of the field explanations lives in this catalogue, not in
// the catalogue files: a finding that quotes one (an i18n.Text with id
// FieldKey) renders English from here, other languages from their files.
// Every program that links the field catalogue gets it.
func init() {
	var once sync.Once
	var docs map[string]string
	i18n.SetEnglishExtra(func(id string) (string, bool) {
		if !strings.HasPrefix(id, "field.") {
			return "", false
		}
		once.Do(func() { docs = FieldTexts() })
		s, ok := docs[id]
		return s, ok
	})
}

// FieldTexts is the English of every field's explanation, keyed as other
// languages' catalogues key them.
func FieldTexts() map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		m[FieldKey(f.Object, f.Name)] = f.Doc
	}
	return m
}

// ReplacementText is what replaces a legacy field, ready to be a message
// argument: a path ("supportedInterfaces[].protocolBinding") is code and
// stays as written; the few replacements written in words are the phrase
// "phrase.replacement.<Object>.<name>", so each language words them.
func (f Field) ReplacementText() any {
	if strings.ContainsRune(f.Replacement, ' ') {
		return i18n.Phrase("phrase.replacement." + f.Object + "." + f.Name)
	}
	return f.Replacement
}
