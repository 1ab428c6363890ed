// Package catalog gives programs that offer every language (the CLI, the
// Worker, the site builder) each language's catalogue. The playground's
// engine does not import it: it receives only its reader's language.
//
// A program normally has every catalogue compiled in. The Worker cannot
// afford that (its bundle has a 3 MiB gzip limit): built with the tag
// `worker` (scripts/buildworker), this package leaves the Chinese files
// out, and the Worker supplies them at run time with Provide, reading the
// copy the site builder publishes at AssetPath. The CLI, the site builder
// and the native server are built without the tag and embed both.
package catalog

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"sync"

	"github.com/agentcard/agentcard/core/i18n"
)

// embedded holds the catalogue files compiled into this program, by
// language (embed_all.go, embed_worker.go).

var (
	once  sync.Once
	cats  map[i18n.Lang]*i18n.Catalogue
	errOf error
)

// FS returns the catalogue files of l compiled into this program, nil
// when this build does not embed them.
func FS(l i18n.Lang) fs.FS { return embedded[l] }

// Of returns the catalogue of l. A language we do not speak, or one whose
// run-time catalogue cannot be had (see Get), gives English.
func Of(l i18n.Lang) *i18n.Catalogue {
	c, err := Get(l)
	if err != nil {
		return i18n.EnglishCatalogue()
	}
	return c
}

// Get returns the catalogue of l, or why it cannot be had: the language
// is neither compiled in nor provided, or its provided catalogue could
// not be loaded (Provide). Programs that must not show a page labelled
// with a language in another one's words ask Get before choosing l.
func Get(l i18n.Lang) (*i18n.Catalogue, error) {
	if l == i18n.English {
		return i18n.EnglishCatalogue(), nil
	}
	if _, ok := embedded[l]; ok {
		return fromEmbedded(l), nil
	}
	if p := provided(l); p != nil {
		return p.get()
	}
	return nil, fmt.Errorf("catalog: this program has no %q catalogue", string(l))
}

// fromEmbedded loads every compiled-in catalogue once.
func fromEmbedded(l i18n.Lang) *i18n.Catalogue {
	once.Do(func() {
		cats = map[i18n.Lang]*i18n.Catalogue{}
		for l, fsys := range embedded {
			c, err := i18n.Load(l, fsys)
			if err != nil {
				errOf = err
				return
			}
			cats[l] = c
		}
	})
	if errOf != nil {
		panic("catalog: " + errOf.Error()) // tests load every catalogue
	}
	return cats[l]
}

// JSON is lang's whole catalogue as one JSON object, as the playground
// loads it and the Worker reads it from AssetPath.
func JSON(l i18n.Lang) ([]byte, error) {
	c, err := Get(l)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	keys := c.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		m[k], _ = c.Lookup(k)
	}
	return json.Marshal(m)
}
