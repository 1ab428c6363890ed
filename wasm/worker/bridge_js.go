//go:build js && wasm

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"syscall/js"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/wasm/worker/jsrt"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// bridge turns JavaScript Requests into calls of the net/http handler and
// its answers into JavaScript Responses, for the one long-lived instance.
type bridge struct {
	handler web.Handler
	// consume runs one delivery of the batch queue (handler.consume).
	consume func(ctx context.Context, jobs []batch.Job) (retry []int)
	// dev is ALLOW_LOOPBACK=1 (make dev and the end-to-end test only): it
	// adds the X-Agentcard-Instance-Requests header and /_worker/dev/exit,
	// with which the end-to-end test checks that the instance is reused and
	// that a fresh one starts after the program ends.
	dev    bool
	served atomic.Int64
}

// Paths only answered in dev mode.
const devExitPath = "/_worker/dev/exit"

// serve is binding.serve(request, env, ctx): it returns a Promise of the
// Response at once and answers in a goroutine of its own, so a request
// waiting for a fetch does not hold up the others.
func (b *bridge) serve(_ js.Value, args []js.Value) any {
	p, resolve, reject := jsrt.Promise()
	if len(args) == 0 {
		reject(js.Global().Get("Error").New("serve: no request"))
		return p
	}
	go b.respond(args[0], resolve)
	return p
}

func (b *bridge) respond(req js.Value, resolve func(any)) {
	n := b.served.Add(1)
	w := &memWriter{header: web.Header{}}
	defer func() {
		if v := recover(); v != nil {
			log.Printf("worker: panic in the bridge: %v\n%s", v, debug.Stack())
			w = &memWriter{header: web.Header{}}
			securityHeaders(w.header)
			w.header.Set("Content-Type", "text/plain; charset=utf-8")
			w.header.Set("Cache-Control", "no-store")
			w.WriteHeader(web.StatusInternalServerError)
			io.WriteString(w, inEveryLanguage("ui.error.internal.title", "ui.error.internal.hint"))
			resolve(w.response(web.MethodGet))
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, err := toRequest(ctx, req)
	if err != nil {
		securityHeaders(w.header)
		w.header.Set("Content-Type", "text/plain; charset=utf-8")
		w.header.Set("Cache-Control", "no-store")
		w.WriteHeader(web.StatusBadRequest)
		io.WriteString(w, inEveryLanguage("ui.error.lint-unreadable.title"))
		resolve(w.response(web.MethodGet))
		return
	}
	if b.dev {
		w.header.Set("X-Agentcard-Instance-Requests", strconv.FormatInt(n, 10))
		// POST with a custom header: a web page the developer visits
		// cannot send that cross-site without a preflight.
		if r.URL.Path == devExitPath && r.Method == web.MethodPost && r.Header.Get("X-Agentcard-Dev") == "exit" {
			os.Exit(3) // the entry answers 503 and starts a fresh instance next time
		}
	}
	b.handler.ServeHTTP(w, r)
	resolve(w.response(r.Method))
}

// toRequest converts a JavaScript Request. The body of the routes that
// take one is read up to one byte over the handler's limit (POST
// /api/lint, 1 MiB; /api/check, 64 KiB; /api/share, 1.5 MiB; /api/batch,
// 1 MiB), which is enough for the handler to refuse a larger one; the
// rest is not read.
func toRequest(ctx context.Context, req js.Value) (*web.Request, error) {
	u, err := url.Parse(req.Get("url").String())
	if err != nil {
		return nil, err
	}
	r := (&web.Request{
		Method:     req.Get("method").String(),
		URL:        u,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     web.Header{},
		Host:       u.Host,
		RequestURI: u.RequestURI(),
		Body:       web.NoBody,
	}).WithContext(ctx)
	each := js.FuncOf(func(_ js.Value, a []js.Value) any {
		r.Header.Add(a[1].String(), a[0].String())
		return nil
	})
	req.Get("headers").Call("forEach", each)
	each.Release()
	r.RemoteAddr = r.Header.Get("Cf-Connecting-Ip")
	body := req.Get("body")
	// Only the POST routes (lint, check, share, batch) have a body worth reading;
	// any other body is left unread (the runtime discards it), so nobody
	// can make the instance read megabytes it will ignore.
	limit := bodyLimit(u.Path) // the route table's (routes.go)
	if body.IsNull() || body.IsUndefined() || r.Method != web.MethodPost || limit == 0 {
		return r, nil
	}
	if n, err := strconv.ParseInt(r.Header.Get("Content-Length"), 10, 64); err == nil && n > int64(limit) {
		// Declared too large: the handler answers 413 from the first
		// limit+1 bytes, which need not come from the network.
		r.Body = io.NopCloser(io.LimitReader(zeros{}, int64(limit)+1))
		r.ContentLength = n
		return r, nil
	}
	b, err := jsrt.ReadCapped(ctx, body, limit+1)
	if err != nil {
		return nil, fmt.Errorf("reading the request body: %w", err)
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	r.ContentLength = int64(len(b))
	return r, nil
}

// zeros reads as an endless run of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// memWriter is the in-memory web.ResponseWriter the handler writes to.
type memWriter struct {
	header web.Header
	status int
	body   bytes.Buffer
}

func (w *memWriter) Header() web.Header { return w.header }

func (w *memWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *memWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(web.StatusOK)
	}
	if !bodyAllowed(w.status) {
		return 0, errors.New("this status has no body")
	}
	return w.body.Write(p)
}

func bodyAllowed(status int) bool {
	return !(status >= 100 && status < 200) && status != web.StatusNoContent &&
		status != web.StatusResetContent && status != web.StatusNotModified
}

// response builds the JavaScript Response: status, every header value,
// and the body as bytes (none for HEAD and bodiless statuses).
func (w *memWriter) response(method string) js.Value {
	if w.status == 0 {
		w.status = web.StatusOK
	}
	global := js.Global().Get("globalThis")
	if w.header.Get("Content-Type") == "" && w.body.Len() > 0 {
		w.header.Set("Content-Type", "text/plain; charset=utf-8")
	}
	headers := global.Get("Headers").New()
	for k, vs := range w.header {
		for _, v := range vs {
			headers.Call("append", k, v)
		}
	}
	init := global.Get("Object").New()
	init.Set("status", w.status)
	init.Set("headers", headers)
	body := js.Null()
	if method != web.MethodHead && bodyAllowed(w.status) && w.body.Len() > 0 {
		body = global.Get("Uint8Array").New(w.body.Len())
		js.CopyBytesToJS(body, w.body.Bytes())
	}
	return global.Get("Response").New(body, init)
}
