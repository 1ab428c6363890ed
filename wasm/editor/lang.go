package main

// The engine speaks English until the page gives it another language. The
// Chinese catalogue is not compiled in (the wasm would carry every
// language to every reader): the page fetches its reader's catalogue as
// one JSON asset and hands it over with agentcard.setLanguage.

import (
	"fmt"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/i18n"
)

// LanguageResult is setLanguage's answer: the language now in use, or why
// the one asked for could not be used (the engine then keeps the language
// it had).
type LanguageResult struct {
	Lang     string `json:"lang"`
	Messages int    `json:"messages,omitempty"` // ids the catalogue defines
	Error    string `json:"error,omitempty"`
}

var (
	langMu sync.Mutex
	// current is the catalogue findings, rules and fields are rendered in;
	// nil is English (the engine's own words, no re-rendering needed).
	current *i18n.Catalogue
)

// catalogue is the language in use, nil for English.
func catalogue() *i18n.Catalogue {
	langMu.Lock()
	defer langMu.Unlock()
	return current
}

// currentLang names the language in use.
func currentLang() i18n.Lang {
	if c := catalogue(); c != nil {
		return c.Lang()
	}
	return i18n.English
}

// SetLanguage switches the engine to lang ("en", "zh-CN", or any spelling
// i18n.ParseLang reads). English needs no catalogue; another language
// needs its whole catalogue as one JSON object of id to format (the site's
// catalog asset). A language we do not speak, or a catalogue that is not
// such an object, is refused with a message saying which, and the engine
// keeps its language.
func SetLanguage(lang, catalogueJSON string) LanguageResult {
	l, ok := i18n.ParseLang(lang)
	if !ok {
		return LanguageResult{Lang: string(currentLang()), Error: fmt.Sprintf("language %q is not one the checker speaks (en, zh-CN)", lang)}
	}
	if l == i18n.English {
		langMu.Lock()
		current = nil
		langMu.Unlock()
		return LanguageResult{Lang: string(l)}
	}
	if strings.TrimSpace(catalogueJSON) == "" {
		return LanguageResult{Lang: string(currentLang()), Error: fmt.Sprintf("no catalogue was given for %s: pass its JSON as the second argument", l)}
	}
	c, err := i18n.Parse(l, []byte(catalogueJSON))
	if err != nil {
		return LanguageResult{Lang: string(currentLang()), Error: fmt.Sprintf("the %s catalogue is not a JSON object of message ids to texts: %v", l, err)}
	}
	n := len(c.Keys())
	if n == 0 {
		return LanguageResult{Lang: string(currentLang()), Error: fmt.Sprintf("the %s catalogue has no messages", l)}
	}
	langMu.Lock()
	current = c
	langMu.Unlock()
	return LanguageResult{Lang: string(l), Messages: n}
}
