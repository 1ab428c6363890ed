//go:build js && wasm

package main

import (
	"context"
	"log"
	"net/url"
	"runtime/debug"
	"strconv"
	"syscall/js"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/wasm/worker/jsrt"
)

// main runs once per Go instance in workerd; the instance answers every
// call of its isolate. The entry is the checker's own worker.mjs (copied
// to build/verifier by scripts/buildworker): it starts the instance once
// and calls binding.serve(request) for each call.
func main() {
	pause := func(ctx context.Context) { jsrt.Pause(ctx, 0) }
	v := check.LocalVerifier{Yield: pause}
	serve := js.FuncOf(func(_ js.Value, args []js.Value) any {
		p, resolve, reject := jsrt.Promise()
		if len(args) == 0 {
			reject(js.Global().Get("Error").New("serve: no request"))
			return p
		}
		go answer(v, args[0], resolve)
		return p
	})
	js.Global().Get("context").Get("binding").Set("serve", serve)
	ready()
	select {}
}

// answer verifies one call: POST /verify or /keys, its body at most
// check.MaxVerifyRequest bytes.
func answer(v check.LocalVerifier, req js.Value, resolve func(any)) {
	defer func() {
		if r := recover(); r != nil {
			log.Printf("verifier: panic: %v\n%s", r, debug.Stack())
			resolve(response(500, []byte("internal error\n")))
		}
	}()
	ctx := context.Background()
	u, err := url.Parse(req.Get("url").String())
	if err != nil || req.Get("method").String() != "POST" {
		resolve(response(400, []byte("POST /verify or /keys\n")))
		return
	}
	if n, err := strconv.Atoi(req.Get("headers").Call("get", "Content-Length").String()); err == nil && n > check.MaxVerifyRequest {
		resolve(response(413, []byte("request too large\n")))
		return
	}
	var body []byte
	if b := req.Get("body"); !b.IsNull() && !b.IsUndefined() {
		if body, err = jsrt.ReadCapped(ctx, b, check.MaxVerifyRequest+1); err != nil {
			resolve(response(400, []byte("unreadable body\n")))
			return
		}
	}
	status, out := check.ServeVerifier(ctx, v, u.Path, body)
	resolve(response(status, out))
}

func response(status int, body []byte) js.Value {
	global := js.Global().Get("globalThis")
	headers := global.Get("Headers").New()
	headers.Call("set", "Content-Type", "application/octet-stream")
	headers.Call("set", "Cache-Control", "no-store")
	init := global.Get("Object").New()
	init.Set("status", status)
	init.Set("headers", headers)
	return global.Get("Response").New(jsrt.Uint8Array(body), init)
}

// ready tells worker.mjs that binding.serve is registered.
//
//go:wasmimport workers ready
func ready()
