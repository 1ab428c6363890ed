package main

import (
	"context"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// The language of an answer (docs/ARCHITECTURE.md, Worker routes; wasm/worker/README.md):
// ?lang=en|zh-CN when given (the reader chose it; any spelling ParseLang
// reads, such as zh or zh-Hans), else the best match of Accept-Language,
// else English. A lang= we do not speak is answered 400 bad-lang: a link
// that asks for a language should not silently get another one. An empty
// lang= counts as none.

// reqLang is what route decided about a request's language.
type reqLang struct {
	lang i18n.Lang
	// explicit: it came from ?lang= (so it is kept in the page's links,
	// and the answer does not depend on Accept-Language).
	explicit bool
	// bad is the lang= value we could not read ("" when none).
	bad string
	// fellBack: the reader's language was chosen but its catalogue could
	// not be had (the Worker reads Chinese from its static assets), so
	// the answer is in English; it is not cached (varyLanguage).
	fellBack bool
}

type langKey struct{}

// catalogueOf is catalog.Get; tests replace it to see a catalogue fail.
var catalogueOf = catalog.Get

// decideLang reads a request's language. A language whose catalogue
// cannot be had is answered in English, so that a page never says
// lang="zh-CN" over English words.
func decideLang(r *web.Request) reqLang {
	rl := readLang(r)
	if rl.lang != i18n.English {
		if _, err := catalogueOf(rl.lang); err != nil {
			rl.lang, rl.fellBack = i18n.English, true
		}
	}
	return rl
}

func readLang(r *web.Request) reqLang {
	if vs := r.URL.Query()["lang"]; len(vs) > 0 && vs[0] != "" { // an empty lang= says nothing
		if l, ok := i18n.ParseLang(vs[0]); ok {
			return reqLang{lang: l, explicit: true}
		}
		return reqLang{lang: catalog.Negotiate(r.Header.Get("Accept-Language")), bad: truncate(vs[0], 40)}
	}
	if l, ok := checkPathLang(r.URL.Path); ok {
		// /zh/check is the checker's page in Chinese, as /zh/ is the
		// playground's: the address chose it.
		return reqLang{lang: l, explicit: true}
	}
	return reqLang{lang: catalog.Negotiate(r.Header.Get("Accept-Language"))}
}

// checkPathLang reads the language of a checker address under a
// language's prefix (/zh/check, /zh/check/).
func checkPathLang(path string) (i18n.Lang, bool) {
	for _, l := range i18n.Langs() {
		if p := l.Prefix(); p != "" && (path == p+"/check" || path == p+"/check/") {
			return l, true
		}
	}
	return "", false
}

// withLang stores the decision in the request, for every answer below.
func withLang(r *web.Request, rl reqLang) *web.Request {
	return r.WithContext(context.WithValue(r.Context(), langKey{}, rl))
}

// langOf is the request's language decision (English when route did not
// decide one, e.g. a handler called directly).
func langOf(r *web.Request) reqLang {
	if rl, ok := r.Context().Value(langKey{}).(reqLang); ok {
		return rl
	}
	return reqLang{lang: i18n.English}
}

// cat is the request's catalogue.
func cat(r *web.Request) *i18n.Catalogue { return components.Catalogue(langOf(r).lang) }

// varyLanguage marks an answer that was chosen by Accept-Language, so
// that caches (the browser's, a proxy's) keep one answer per language.
// An answer in English for want of the reader's catalogue is not kept at
// all: the next one may be in the reader's language.
func varyLanguage(w web.ResponseWriter, r *web.Request) {
	rl := langOf(r)
	if !rl.explicit {
		w.Header().Add("Vary", "Accept-Language")
	}
	if rl.fellBack {
		w.Header().Set("Cache-Control", "no-store")
	}
}

// selfAlternates are the request's own URL in every language (for the
// hreflang links of pages that are not a report: error pages).
func selfAlternates(r *web.Request) []components.Alternate {
	var out []components.Alternate
	for _, l := range i18n.Langs() {
		q := r.URL.Query()
		q.Set("lang", string(l))
		u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
		out = append(out, components.Alternate{Lang: l, Href: u.String()})
	}
	return out
}

// inEveryLanguage is the last-resort answer of the bridge, which fails
// before any language was chosen (a request it could not read, a panic
// outside the handler): the texts of ids in every language, one line
// each.
func inEveryLanguage(ids ...string) string {
	var b strings.Builder
	for _, l := range i18n.Langs() {
		c := components.Catalogue(l)
		for i, id := range ids {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c.S(id))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
