//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// main runs once per Go instance inside workerd, and the instance serves
// every request of its isolate (wasm/worker/worker.mjs starts it).
//
// syumai/workers is used for what fits a long-lived instance: its loader
// glue (runtime.mjs and wasm_exec.js, which hands Go the runtime context as
// the global `context`), cloudflare.Getenv for ALLOW_LOOPBACK, and
// workers.Ready to tell the entry that the handler is registered. Its
// request path (workers.Serve and the handleRequest it registers) is not
// used: it ends the program after the first response (the response body's
// Close closes a package-level done channel, so a second response would
// panic with "close of closed channel"), and its worker.mjs starts a new
// instance for every request. bridge_js.go replaces it.
//
// Variables: ALLOW_LOOPBACK=1 lets the checker fetch loopback targets;
// LOCAL_ONLY=1 makes it answer only Host 127.0.0.1, localhost or [::1]
// (implied by ALLOW_LOOPBACK=1: a checker that reads loopback agents must
// not be reachable through a rebinding name); SITE_ORIGIN is its own
// origin for links, CORS and the never-fetch list. A deployed Worker sets
// neither of the first two and may leave SITE_ORIGIN empty: it then takes
// its origin from the URL Cloudflare routed to it, and answers any host
// its routes send it.
func main() {
	// Languages this build leaves out (all but English, with -tags worker)
	// are read from the static assets on first use (catalog_js.go).
	for _, l := range i18n.Langs() {
		if catalog.FS(l) == nil {
			catalog.Provide(l, assetCatalogue(l))
		}
	}
	allow := cloudflare.Getenv("ALLOW_LOOPBACK") == "1"
	b := &bridge{
		handler: newHandler(Config{
			Doer:          jsDoer{},
			AllowLoopback: allow,
			Cache:         jsCache{},
			LocalOnly:     allow || cloudflare.Getenv("LOCAL_ONLY") == "1",
			SiteOrigin:    cloudflare.Getenv("SITE_ORIGIN"),
			Pause:         jsPause,
		}),
		dev: allow,
	}
	js.Global().Get("context").Get("binding").Set("serve", js.FuncOf(b.serve))
	workers.Ready()
	select {} // the handler is called from JavaScript until the isolate goes
}
