//go:build js && wasm

// Package jsrt is the JavaScript plumbing the Worker's programs share
// (wasm/worker, wasm/verifier): awaiting a promise, pausing on the
// runtime's timer, reading a stream, and answering JavaScript with a
// promise that Go settles. workerd binds every I/O object to the request
// that created it (CONTRIBUTING.md, Pitfalls on this stack), so nothing here keeps a
// promise across requests or lets a Go timer touch one.
package jsrt

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
)

// Await blocks the calling goroutine until p settles. It does not return
// early when ctx ends (see wasm/worker/fetch_js.go: a Go timer may fire while Go runs for another request, and workerd refuses I/O across requests): the JavaScript side has its own time
// limit. A rejection after ctx's deadline, or by AbortSignal.timeout, is
// a timeout.
func Await(ctx context.Context, p js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	ch := make(chan settled, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{v: args[0]}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		s := settled{err: errors.New("fetch failed")}
		if len(args) > 0 && !args[0].IsUndefined() && !args[0].IsNull() {
			s.err = errors.New(args[0].Call("toString").String())
			if name := args[0].Get("name"); name.Type() == js.TypeString && name.String() == "TimeoutError" {
				s.err = fmt.Errorf("%w: %v", discovery.ErrTimeout, s.err)
			}
		}
		ch <- s
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	s := <-ch
	if s.err != nil && !errors.Is(s.err, discovery.ErrTimeout) {
		if deadline, ok := ctx.Deadline(); ctx.Err() != nil || (ok && !time.Now().Before(deadline)) {
			return js.Value{}, fmt.Errorf("%w: %v", discovery.ErrTimeout, context.DeadlineExceeded)
		}
	}
	return s.v, s.err
}

// ReadCapped reads a ReadableStream, keeping at most limit bytes.
func ReadCapped(ctx context.Context, stream js.Value, limit int) ([]byte, error) {
	reader := stream.Call("getReader")
	var out []byte
	for {
		chunk, err := Await(ctx, reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if chunk.Get("done").Bool() {
			return out, nil
		}
		v := chunk.Get("value")
		n := v.Get("byteLength").Int()
		buf := make([]byte, n)
		js.CopyBytesToGo(buf, v)
		if room := limit - len(out); n >= room {
			out = append(out, buf[:room]...)
			// Read the rest without keeping it. Cancelling the stream
			// part-way (or leaving it) stalls the next request under
			// wrangler dev (miniflare), and the platform bounds request
			// bodies anyway; a declared Content-Length over the limit
			// never gets here (see wasm/worker/bridge_js.go).
			for {
				chunk, err := Await(ctx, reader.Call("read"))
				if err != nil || chunk.Get("done").Bool() {
					return out, nil
				}
			}
		}
		out = append(out, buf...)
	}
}

// Pause waits d on the runtime's timer, made in the calling request's
// context (see Await), so that the instance serves other requests
// meanwhile.
func Pause(ctx context.Context, d time.Duration) error {
	global := js.Global().Get("globalThis")
	start := js.FuncOf(func(_ js.Value, args []js.Value) any {
		global.Call("setTimeout", args[0], d.Milliseconds())
		return nil
	})
	defer start.Release()
	_, err := Await(ctx, global.Get("Promise").New(start))
	return err
}

// Promise makes a JavaScript Promise and the functions that settle it,
// for an answer Go gives later (from a goroutine of the same request).
func Promise() (p js.Value, resolve, reject func(any)) {
	var res, rej js.Value
	executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
		res, rej = a[0], a[1]
		return nil
	})
	p = js.Global().Get("Promise").New(executor)
	executor.Release()
	return p, func(v any) { res.Invoke(v) }, func(v any) { rej.Invoke(v) }
}

// Bytes copies a JavaScript Uint8Array (or ArrayBuffer) into Go.
func Bytes(v js.Value) []byte {
	arr := v
	if v.Get("BYTES_PER_ELEMENT").IsUndefined() {
		arr = js.Global().Get("Uint8Array").New(v)
	}
	out := make([]byte, arr.Get("byteLength").Int())
	js.CopyBytesToGo(out, arr)
	return out
}

// Uint8Array copies b into a new JavaScript Uint8Array.
func Uint8Array(b []byte) js.Value {
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	return arr
}
