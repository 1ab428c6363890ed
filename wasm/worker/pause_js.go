//go:build js && wasm

package main

import (
	"context"
	"syscall/js"
	"time"
)

// jsPause waits d on the runtime's timer, made in the calling request's
// context (see fetch_js.go), so that the instance serves other requests
// meanwhile.
func jsPause(ctx context.Context, d time.Duration) error {
	global := js.Global().Get("globalThis")
	start := js.FuncOf(func(_ js.Value, args []js.Value) any {
		global.Call("setTimeout", args[0], d.Milliseconds())
		return nil
	})
	defer start.Release()
	_, err := await(ctx, global.Get("Promise").New(start))
	return err
}
