//go:build js && wasm && !verifier

// Command editor is the playground's engine: it defines globalThis.agentcard
// for the page and then waits forever. All logic lives in adapter.go (plain
// Go, tested natively) and in core/; this file only crosses the JS boundary.
package main

import (
	"fmt"
	"runtime/debug"
	"syscall/js"
)

func main() {
	// The live heap is a few MB (catalogues, rules) and a keystroke's lint
	// of a 100 KB card allocates 0.6 MB: with Go's default (GOGC=100) a
	// full, single-threaded collection ran every few keystrokes in wasm. A
	// collection every fourfold growth keeps the engine's memory a few tens
	// of MB; the limit still bounds a hostile document's.
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(256 << 20)
	register()
	// Tell the page we are ready; it may have been waiting for this.
	js.Global().Get("dispatchEvent").Invoke(js.Global().Get("Event").New("agentcard-ready"))
	select {}
}

// register defines globalThis.agentcard.
func register() {
	jsonParse := js.Global().Get("JSON").Get("parse")
	// toJS turns an answer's JSON (encode.go) into a plain JS object: one
	// boundary crossing instead of one per field.
	toJS := func(b []byte) js.Value { return jsonParse.Invoke(string(b)) }
	// fn wraps a call so a panic becomes {error} instead of killing the
	// program (a dead Go program would leave the page without a checker).
	fn := func(name string, f func(args []js.Value) []byte) js.Func {
		return js.FuncOf(func(this js.Value, args []js.Value) (out any) {
			defer func() {
				if r := recover(); r != nil {
					out = toJS(errorJSON(fmt.Sprintf("agentcard.%s failed: %v", name, r)))
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
	// prop reads a string member of an options object (args[i]); a
	// missing or odd argument reads as "".
	prop := func(args []js.Value, i int, name string) js.Value {
		if i < len(args) && args[i].Type() == js.TypeObject {
			return args[i].Get(name)
		}
		return js.Undefined()
	}
	propStr := func(args []js.Value, i int, name string) string {
		if v := prop(args, i, name); v.Type() == js.TypeString {
			return v.String()
		}
		return ""
	}
	api := js.Global().Get("Object").New()
	api.Set("version", Version)
	// lint(text[, {profile: "publish"|"local", examples: bool}])
	api.Set("lint", fn("lint", func(a []js.Value) []byte {
		return LintWith([]byte(str(a, 0)), LintOptions{Profile: propStr(a, 1, "profile"), Examples: prop(a, 1, "examples").Truthy()}).JSON()
	}))
	// fixAll(text): every machine-applicable fix (core/fix).
	api.Set("fixAll", fn("fixAll", func(a []js.Value) []byte { return FixAll([]byte(str(a, 0))).JSON() }))
	// migrate(text[, target "1.0"|"mixed"[, {keepVersions}]]) (core/migrate).
	api.Set("migrate", fn("migrate", func(a []js.Value) []byte {
		return Migrate([]byte(str(a, 0)), str(a, 1), MigrateOptions{KeepVersions: prop(a, 2, "keepVersions").Truthy()}).JSON()
	}))
	// sdks(text): the specification's choice beside a2a-go's, a2a-python's
	// and a2a-js's (core/selection.Compare).
	api.Set("sdks", fn("sdks", func(a []js.Value) []byte { return encodeSDKs(SDKs([]byte(str(a, 0)))) }))
	// matrix(text): the compatibility matrix (core/sdk.Check, models):
	// per SDK, loads / selects / verifies.
	api.Set("matrix", fn("matrix", func(a []js.Value) []byte { return encodeMatrix(Matrix([]byte(str(a, 0)))) }))
	// select(text, profile[, {legacyClient}]): the client simulator.
	api.Set("select", fn("select", func(a []js.Value) []byte {
		return SelectWith([]byte(str(a, 0)), str(a, 1), SelectOptions{LegacyClient: prop(a, 2, "legacyClient").Truthy()}).JSON()
	}))
	api.Set("interfaces", fn("interfaces", func(a []js.Value) []byte { return Interfaces([]byte(str(a, 0))).JSON() }))
	api.Set("format", fn("format", func(a []js.Value) []byte { return Format([]byte(str(a, 0))).JSON() }))
	api.Set("encodeShare", fn("encodeShare", func(a []js.Value) []byte { return EncodeShare(str(a, 0)).JSON() }))
	api.Set("decodeShare", fn("decodeShare", func(a []js.Value) []byte { return DecodeShare(str(a, 0)).JSON() }))
	// setLanguage(lang, catalogueJSON): the language of every later answer
	// (findings, fix titles, related labels, rules(), fields(), the
	// selection trace). English needs no catalogue and is the default.
	api.Set("setLanguage", fn("setLanguage", func(a []js.Value) []byte { return SetLanguage(str(a, 0), str(a, 1)).JSON() }))
	api.Set("fields", js.FuncOf(func(js.Value, []js.Value) any { return jsonParse.Invoke(FieldsJSON()) }))
	api.Set("rules", js.FuncOf(func(js.Value, []js.Value) any { return jsonParse.Invoke(RulesJSON()) }))
	js.Global().Set("agentcard", api)
}
