// Package catalog gives programs that offer every language (the CLI, the
// Worker, the site builder) each language's catalogue. The playground's
// engine does not import it: it receives only its reader's language.
package catalog

import (
	"encoding/json"
	"io/fs"
	"sort"
	"sync"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog/en"
	zhcn "github.com/agentcard/agentcard/core/i18n/catalog/zh-CN"
)

var (
	once  sync.Once
	cats  map[i18n.Lang]*i18n.Catalogue
	errOf error
)

// FS returns the catalogue files of lang.
func FS(l i18n.Lang) fs.FS {
	if l == i18n.Chinese {
		return zhcn.FS
	}
	return en.FS
}

// Of returns the catalogue of l (English for a language we do not speak).
func Of(l i18n.Lang) *i18n.Catalogue {
	once.Do(func() {
		cats = map[i18n.Lang]*i18n.Catalogue{}
		for _, l := range i18n.Langs() {
			c, err := i18n.Load(l, FS(l))
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
	if c := cats[l]; c != nil {
		return c
	}
	return cats[i18n.English]
}

// JSON is lang's whole catalogue as one JSON object, as the playground
// loads it.
func JSON(l i18n.Lang) ([]byte, error) {
	c := Of(l)
	m := map[string]string{}
	keys := c.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		m[k], _ = c.Lookup(k)
	}
	return json.Marshal(m)
}
