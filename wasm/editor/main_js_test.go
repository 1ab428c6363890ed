//go:build js && wasm && !verifier

package main

import (
	"syscall/js"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

// These run under Node (go_js_wasm_exec): they check what the page sees
// through globalThis.agentcard, across the real JS boundary.
func TestGlobalAPI(t *testing.T) {
	register()
	api := js.Global().Get("agentcard")
	for _, name := range []string{"lint", "select", "format", "fields", "rules", "encodeShare", "decodeShare", "interfaces", "setLanguage", "fixAll", "migrate", "sdks", "matrix"} {
		if api.Get(name).Type() != js.TypeFunction {
			t.Errorf("agentcard.%s is not a function", name)
		}
	}
	if api.Get("version").Type() != js.TypeString {
		t.Error("agentcard.version is not a string")
	}

	// A JS string with a CJK value and an emoji: from/to must index it.
	text := `{"name": "重复", "name": "🤖"}`
	res := api.Call("lint", text)
	diags := res.Get("diagnostics")
	if diags.Length() == 0 {
		t.Fatal("no diagnostics for a duplicate key")
	}
	var d js.Value
	for i := 0; i < diags.Length(); i++ {
		if diags.Index(i).Get("code").String() == "json-duplicate-key" {
			d = diags.Index(i)
		}
	}
	if d.IsUndefined() {
		t.Fatal("no json-duplicate-key diagnostic")
	}
	from, to := d.Get("from").Int(), d.Get("to").Int()
	js16 := js.Global().Get("String").Get("prototype").Get("slice").Call("call", text, from, to).String()
	if js16 != `"name"` {
		t.Errorf("text.slice(from, to) = %q, want the second key", js16)
	}
	if d.Get("range").Get("start").Get("line").Int() != 1 {
		t.Error("range.start.line is not 1")
	}

	enc := api.Call("encodeShare", text)
	dec := api.Call("decodeShare", "#c="+enc.Get("fragment").String())
	if dec.Get("text").String() != text {
		t.Errorf("share round trip changed the text: %q", dec.Get("text").String())
	}
	if bad := api.Call("decodeShare", "#c=1.%%%"); bad.Get("error").Type() != js.TypeString {
		t.Error("malformed fragment gave no error")
	}
	if f := api.Call("format", `{"a":1}`); f.Get("text").String() != "{\n  \"a\": 1\n}\n" {
		t.Errorf("format: %q", f.Get("text").String())
	}
	if n := api.Call("fields").Length(); n < 20 {
		t.Errorf("fields() has %d entries", n)
	}
	if n := api.Call("rules").Length(); n < 5 {
		t.Errorf("rules() has %d entries", n)
	}
	// A non-string argument must not kill the program.
	if r := api.Call("lint", js.ValueOf(42)); r.Get("diagnostics").Type() != js.TypeObject {
		t.Error("lint(42) did not answer with a result")
	}
}

// TestRulesIncludeHTTP: the editor does not link core/discovery, yet the
// page's rules() lists every rule of the catalogue, the HTTP rules (which
// discovery reports) included, in the catalogue's order.
func TestRulesIncludeHTTP(t *testing.T) {
	register()
	got := js.Global().Get("agentcard").Call("rules")
	want := lint.Rules()
	if got.Length() != len(want) {
		t.Fatalf("rules() has %d entries, the catalogue %d", got.Length(), len(want))
	}
	http := 0
	for i, r := range want {
		if code := got.Index(i).Get("code").String(); code != r.Code {
			t.Errorf("rules()[%d] is %s, want %s", i, code, r.Code)
		}
		if r.Topic == "http" {
			http++
			if got.Index(i).Get("topic").String() != "http" {
				t.Errorf("%s: topic %s", r.Code, got.Index(i).Get("topic").String())
			}
		}
	}
	for _, code := range []string{lint.CodeHTTPStatus, lint.CodeHTTPCORS, lint.CodeHTTPVariesByVersion} {
		if lint.RuleFor(code) == nil {
			t.Errorf("%s: not in the editor's catalogue", code)
		}
	}
	if http < 12 {
		t.Errorf("%d http rules in rules(), want at least 12", http)
	}
}

// TestSetLanguageAcrossJS: the page hands the catalogue over as a JS
// string; lint answers in Chinese after it and in English again after
// setLanguage("en"); a broken catalogue answers {error} and changes nothing.
func TestSetLanguageAcrossJS(t *testing.T) {
	register()
	api := js.Global().Get("agentcard")
	defer api.Call("setLanguage", "en")
	text := `{"name": "a", "name": "b"}`
	msg := func() string {
		return api.Call("lint", text).Get("diagnostics").Index(0).Get("message").String()
	}
	english := msg()
	if bad := api.Call("setLanguage", "zh-CN", "{broken"); bad.Get("error").Type() != js.TypeString || bad.Get("lang").String() != "en" {
		t.Errorf("a broken catalogue was not refused: lang %v", bad.Get("lang"))
	}
	if msg() != english {
		t.Errorf("a refused catalogue changed the language: %q", msg())
	}
	cat, err := catalog.JSON(i18n.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	if r := api.Call("setLanguage", "zh-CN", string(cat)); r.Get("lang").String() != "zh-CN" || !r.Get("error").IsUndefined() {
		t.Fatalf("setLanguage: lang %v error %v", r.Get("lang"), r.Get("error"))
	}
	if zh := msg(); !hasHan(zh) {
		t.Errorf("lint in Chinese: %q", zh)
	}
	if title := api.Call("rules").Index(0).Get("title").String(); !hasHan(title) {
		t.Errorf("rules() in Chinese: %q", title)
	}
	api.Call("setLanguage", "en")
	if msg() != english {
		t.Errorf("English again: %q", msg())
	}
}
