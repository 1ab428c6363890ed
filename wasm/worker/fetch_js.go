//go:build js && wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"syscall/js"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/wasm/worker/jsrt"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// jsDoer performs discovery's requests with the runtime's fetch: GETs,
// and the POSTs with a small body that core/probe's JSON-RPC probes and
// core/extended's calls send (Request.Method and Request.Body).
//
// One Go instance serves every request of an isolate, and workerd refuses
// I/O on an object (a fetch, its body stream, its AbortController) from
// another request's handler. A goroutine runs in the JavaScript context of
// whatever woke Go: a request's own promise callbacks wake it in its own
// context, but a Go timer (a context deadline) may fire while Go was
// entered for another request. So nothing JavaScript-side is driven by Go
// timers: the time limit is an AbortSignal.timeout made beside the fetch,
// and await waits for the promise only.
//
// fetch is called as a method of the real global object. syumai/workers runs
// Go with a Proxy standing in for globalThis, and invoking fetch with that
// Proxy as `this` throws "Illegal invocation" in workerd (CONTRIBUTING.md, Pitfalls on this stack);
// the Proxy hands out the real object under the name "globalThis".
type jsDoer struct{}

func (jsDoer) Do(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
	global := js.Global().Get("globalThis")
	headers := global.Get("Headers").New()
	for k, vs := range r.Header {
		for _, v := range vs {
			// Never reached by a caller's header (core/check refuses it
			// before anything is sent), but a value workerd refuses is
			// printed whole to its log, so none gets there (B3).
			if discovery.IsToken(k) && discovery.VisibleValue(v) {
				headers.Call("append", k, v)
			}
		}
	}
	init := global.Get("Object").New()
	method := r.Method
	if method == "" {
		method = web.MethodGet
	}
	init.Set("method", method)
	init.Set("headers", headers)
	if method == web.MethodPost && r.Body != nil {
		body := global.Get("Uint8Array").New(len(r.Body))
		js.CopyBytesToJS(body, r.Body)
		init.Set("body", body)
	}
	init.Set("redirect", "manual")
	if deadline, ok := ctx.Deadline(); ok {
		ms := time.Until(deadline).Milliseconds()
		if ms <= 0 {
			return nil, fmt.Errorf("%w: %v", discovery.ErrTimeout, context.DeadlineExceeded)
		}
		// Aborts the fetch and the reading of its body.
		init.Set("signal", global.Get("AbortSignal").Call("timeout", ms))
	}

	res, err := jsrt.Await(ctx, global.Call("fetch", r.URL, init))
	if err != nil {
		return nil, fetchError(ctx, r.URL, err)
	}
	out := &discovery.Response{
		Status:     res.Get("status").Int(),
		StatusText: res.Get("statusText").String(),
		Header:     web.Header{},
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
	stream := r.FirstEvent && strings.HasPrefix(strings.ToLower(out.Header.Get("Content-Type")), "text/event-stream")
	if read := global.Get("agentcardReadBody"); read.Type() == js.TypeFunction && !stream {
		// worker.mjs reads the whole body (up to the cap) in JavaScript:
		// one entry into Go per response instead of one per chunk.
		v, err := jsrt.Await(ctx, read.Invoke(body, r.MaxBody))
		if err != nil {
			return nil, err
		}
		b := v.Get("bytes")
		out.Body = make([]byte, b.Get("byteLength").Int())
		js.CopyBytesToGo(out.Body, b)
		out.Truncated = v.Get("truncated").Bool()
		return out, nil
	}
	reader := body.Call("getReader")
	for {
		chunk, err := jsrt.Await(ctx, reader.Call("read"))
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
		if stream {
			// one event is all a claims check reads of a stream
			if end := discovery.FirstEventEnd(out.Body); end >= 0 {
				out.Body = out.Body[:end]
				reader.Call("cancel")
				break
			}
		}
	}
	return out, nil
}

// fetchError turns a rejected fetch into one of discovery's errors,
// without passing on workerd's text ("internal error; reference = …").
//
// workerd rejects with the same "Network connection lost." whether
// nothing listens on the port, something that is not an HTTP server
// closed the connection, or a kept-alive connection was closed under the
// request (under wrangler dev with HTTP/1.0 servers, after a redirect's
// answer). The Worker does not try to tell them apart: opening a bare
// connection to the port to see whether it is open made the checker a
// port scanner for anyone who asked (issue 16, B9). It is ErrConnFailed,
// which discovery retries on a fresh connection, within its request cap.
func fetchError(ctx context.Context, target string, err error) error {
	if errors.Is(err, discovery.ErrTimeout) {
		return err
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "Network connection lost"), strings.Contains(msg, "cannot connect"),
		strings.Contains(msg, "connection refused"), strings.Contains(msg, "Connection refused"):
		return fmt.Errorf("%w", discovery.ErrConnFailed)
	case strings.Contains(msg, "certificate"), strings.Contains(msg, "TLS"), strings.Contains(msg, "SSL"):
		return fmt.Errorf("%w", discovery.ErrTLS)
	case strings.Contains(msg, "DNS"), strings.Contains(msg, "resolve"), strings.Contains(msg, "ENOTFOUND"):
		return fmt.Errorf("%w", discovery.ErrNoSuchHost)
	}
	log.Printf("agentcard: a fetch failed: %s", msg) // for the operator's log only; never the URL, which may carry a secret
	return errors.New("the connection failed")
}
