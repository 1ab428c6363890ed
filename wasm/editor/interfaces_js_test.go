//go:build js && wasm && !verifier

package main

import (
	"os"
	"path/filepath"
	"syscall/js"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/testcards"
)

// Across the real JS boundary, agentcard.interfaces(text) and
// agentcard.lint(text).interfaces carry card.Interfaces of every sample
// card, in the field names the preview reads.
func TestGlobalInterfaces(t *testing.T) {
	register()
	api := js.Global().Get("agentcard")
	if api.Get("interfaces").Type() != js.TypeFunction {
		t.Fatal("agentcard.interfaces is not a function")
	}
	for _, path := range testcards.Cards(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := card.Interfaces(jsonpos.Parse(src, jsonpos.Options{}).Root)
			for how, list := range map[string]js.Value{
				"interfaces": api.Call("interfaces", string(src)),
				"lint":       api.Call("lint", string(src)).Get("interfaces"),
			} {
				if list.Get("omitted").Int() != 0 {
					t.Errorf("%s: omitted = %d", how, list.Get("omitted").Int())
				}
				got := list.Get("entries")
				if got.Length() != len(want) {
					t.Fatalf("%s: %d entries, engine has %d", how, got.Length(), len(want))
				}
				for i, w := range want {
					g := got.Index(i)
					tenant := ""
					if v := g.Get("tenant"); v.Type() == js.TypeString {
						tenant = v.String()
					}
					if g.Get("index").Int() != w.Index || g.Get("url").String() != w.URL ||
						g.Get("protocolBinding").String() != w.Binding || g.Get("protocolVersion").String() != w.Version ||
						tenant != w.Tenant || g.Get("source").String() != w.Source {
						t.Errorf("%s: entry %d = %s, engine has %+v", how, i,
							js.Global().Get("JSON").Call("stringify", g).String(), w)
					}
				}
			}
		})
	}
}
