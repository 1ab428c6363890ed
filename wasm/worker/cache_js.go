//go:build js && wasm

package main

import (
	"context"
	"strconv"
	"syscall/js"
	"time"

	"github.com/agentcard/agentcard/wasm/worker/jsrt"
)

// jsCache is the Workers Cache API (caches.default).
type jsCache struct{}

func (jsCache) store() (js.Value, bool) {
	caches := js.Global().Get("globalThis").Get("caches")
	if caches.IsUndefined() || caches.IsNull() {
		return js.Value{}, false
	}
	d := caches.Get("default")
	return d, !d.IsUndefined() && !d.IsNull()
}

func (c jsCache) Get(ctx context.Context, key string) ([]byte, bool) {
	store, ok := c.store()
	if !ok {
		return nil, false
	}
	res, err := jsrt.Await(ctx, store.Call("match", key))
	if err != nil || res.IsUndefined() || res.IsNull() {
		return nil, false
	}
	buf, err := jsrt.Await(ctx, res.Call("arrayBuffer"))
	if err != nil {
		return nil, false
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	out := make([]byte, arr.Get("byteLength").Int())
	js.CopyBytesToGo(out, arr)
	return out, true
}

func (c jsCache) Put(ctx context.Context, key string, value []byte, ttl time.Duration) {
	store, ok := c.store()
	if !ok {
		return
	}
	global := js.Global().Get("globalThis")
	arr := global.Get("Uint8Array").New(len(value))
	js.CopyBytesToJS(arr, value)
	headers := global.Get("Headers").New()
	headers.Call("set", "Content-Type", "application/json")
	headers.Call("set", "Cache-Control", "max-age="+strconv.Itoa(int(ttl/time.Second)))
	init := global.Get("Object").New()
	init.Set("headers", headers)
	res := global.Get("Response").New(arr, init)
	jsrt.Await(ctx, store.Call("put", key, res)) // best effort
}
