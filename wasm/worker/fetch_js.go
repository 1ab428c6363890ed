//go:build js && wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"syscall/js"

	"github.com/agentcard/agentcard/core/discovery"
)

// jsDoer performs discovery's GETs with the runtime's fetch.
//
// fetch is called as a method of the real global object. syumai/workers runs
// Go with a Proxy standing in for globalThis, and invoking fetch with that
// Proxy as `this` throws "Illegal invocation" in workerd (DESIGN.md §8);
// the Proxy hands out the real object under the name "globalThis".
type jsDoer struct{}

func (jsDoer) Do(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
	global := js.Global().Get("globalThis")
	headers := global.Get("Headers").New()
	for k, vs := range r.Header {
		for _, v := range vs {
			headers.Call("append", k, v)
		}
	}
	abort := global.Get("AbortController").New()
	init := global.Get("Object").New()
	init.Set("method", "GET")
	init.Set("headers", headers)
	init.Set("redirect", "manual")
	init.Set("signal", abort.Get("signal"))
	stop := context.AfterFunc(ctx, func() { abort.Call("abort") })
	defer stop()

	res, err := await(ctx, global.Call("fetch", r.URL, init))
	if err != nil {
		return nil, err
	}
	out := &discovery.Response{
		Status:     res.Get("status").Int(),
		StatusText: res.Get("statusText").String(),
		Header:     http.Header{},
	}
	each := js.FuncOf(func(_ js.Value, args []js.Value) any {
		out.Header.Add(args[1].String(), args[0].String())
		return nil
	})
	res.Get("headers").Call("forEach", each)
	each.Release()

	body := res.Get("body")
	if body.IsNull() || body.IsUndefined() {
		return out, nil
	}
	reader := body.Call("getReader")
	for {
		chunk, err := await(ctx, reader.Call("read"))
		if err != nil {
			reader.Call("cancel")
			return nil, err
		}
		if chunk.Get("done").Bool() {
			break
		}
		v := chunk.Get("value")
		n := v.Get("byteLength").Int()
		room := int(r.MaxBody) - len(out.Body)
		if n > room {
			buf := make([]byte, n)
			js.CopyBytesToGo(buf, v)
			out.Body = append(out.Body, buf[:room]...)
			out.Truncated = true
			reader.Call("cancel")
			break
		}
		start := len(out.Body)
		out.Body = append(out.Body, make([]byte, n)...)
		js.CopyBytesToGo(out.Body[start:], v)
	}
	return out, nil
}

// await blocks the calling goroutine until p settles or ctx ends.
func await(ctx context.Context, p js.Value) (js.Value, error) {
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
		msg := "fetch failed"
		if len(args) > 0 && !args[0].IsUndefined() && !args[0].IsNull() {
			msg = args[0].Call("toString").String()
		}
		ch <- settled{err: errors.New(msg)}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	select {
	case s := <-ch:
		if s.err != nil && ctx.Err() != nil {
			return js.Value{}, fmt.Errorf("%w: %v", discovery.ErrTimeout, ctx.Err())
		}
		return s.v, s.err
	case <-ctx.Done():
		return js.Value{}, fmt.Errorf("%w: %v", discovery.ErrTimeout, ctx.Err())
	}
}
