package catalog

import (
	"golang.org/x/text/language"

	"github.com/agentcard/agentcard/core/i18n"
)

// matcher knows the languages we speak; x/text's matcher weighs the
// reader's list (q values, scripts, regions) the way browsers mean it.
var matcher = language.NewMatcher([]language.Tag{language.English, language.SimplifiedChinese})

// Negotiate picks the language for an Accept-Language header. A header we
// cannot read, or one naming only languages we do not speak, gives English.
func Negotiate(acceptLanguage string) i18n.Lang {
	if acceptLanguage == "" {
		return i18n.English
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return i18n.English
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No || i != 1 {
		return i18n.English
	}
	return i18n.Chinese
}
