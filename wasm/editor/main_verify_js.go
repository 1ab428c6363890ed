//go:build js && wasm && verifier

// The signature verifier: this package built with -tags verifier. It
// defines globalThis.agentcard with verify and what the playground's
// engine worker (site/editor/worker.js) expects of any engine (version,
// setLanguage, fields, rules), so the page runs it in a worker of its own
// with the same time limit, loaded only when a reader checks a signed card
// (see verify.go for why it is a build of its own).
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"
)

func main() {
	jsonParse := js.Global().Get("JSON").Get("parse")
	toJS := func(v any) js.Value {
		b, err := json.Marshal(v)
		if err != nil {
			b, _ = json.Marshal(map[string]string{"error": err.Error()})
		}
		return jsonParse.Invoke(string(b))
	}
	fn := func(name string, f func(args []js.Value) any) js.Func {
		return js.FuncOf(func(this js.Value, args []js.Value) (out any) {
			defer func() {
				if r := recover(); r != nil {
					out = toJS(map[string]string{"error": fmt.Sprintf("agentcard.%s failed: %v", name, r)})
				}
			}()
			return toJS(f(args))
		})
	}
	str := func(args []js.Value, i int) string {
		if i < len(args) && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	api := js.Global().Get("Object").New()
	api.Set("version", Version)
	// verify(text, keyJSON): each signature checked with a pasted public
	// JWK or JWKS; a jku is never fetched from the browser.
	api.Set("verify", fn("verify", func(a []js.Value) any { return Verify([]byte(str(a, 0)), str(a, 1)) }))
	api.Set("setLanguage", fn("setLanguage", func(a []js.Value) any { return SetLanguage(str(a, 0), str(a, 1)) }))
	api.Set("fields", fn("fields", func([]js.Value) any { return []any{} }))
	api.Set("rules", fn("rules", func([]js.Value) any { return []any{} }))
	js.Global().Set("agentcard", api)
	js.Global().Get("dispatchEvent").Invoke(js.Global().Get("Event").New("agentcard-ready"))
	select {}
}
