//go:build js && wasm

package main

import (
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
)

// main runs inside workerd. syumai/workers starts one Go instance per
// request, so nothing here outlives a request except the Cache API.
func main() {
	workers.Serve(newHandler(Config{
		Doer:          jsDoer{},
		AllowLoopback: cloudflare.Getenv("ALLOW_LOOPBACK") == "1",
		Cache:         jsCache{},
	}))
}
