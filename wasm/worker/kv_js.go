//go:build js && wasm

package main

import (
	"context"
	"errors"
	"strconv"
	"syscall/js"
	"time"

	"github.com/agentcard/agentcard/wasm/worker/jsrt"
)

// jsShares is the short links' store: Workers KV, bound as SHARES
// (wrangler.toml [[kv_namespaces]]; Miniflare's local KV under wrangler
// dev). The value is the text as it is; the metadata says when it was
// stored (core/shortlink's renewal); KV's own expirationTtl is the
// expiry. The binding is looked up for each call.
type jsShares struct{}

func (jsShares) kv() (js.Value, error) {
	b := binding("SHARES")
	if b.Type() != js.TypeObject {
		return js.Value{}, errors.New("no SHARES binding")
	}
	return b, nil
}

func (s jsShares) Get(ctx context.Context, id string) ([]byte, time.Time, bool, error) {
	kv, err := s.kv()
	if err != nil {
		return nil, time.Time{}, false, err
	}
	opts := js.Global().Get("Object").New()
	opts.Set("type", "arrayBuffer")
	v, err := jsrt.Await(ctx, kv.Call("getWithMetadata", id, opts))
	if err != nil {
		return nil, time.Time{}, false, err
	}
	value := v.Get("value")
	if value.IsNull() || value.IsUndefined() {
		return nil, time.Time{}, false, nil
	}
	var stored time.Time
	if m := v.Get("metadata"); m.Type() == js.TypeObject {
		if at := m.Get("at"); at.Type() == js.TypeNumber {
			stored = time.Unix(int64(at.Float()), 0)
		}
	}
	return jsrt.Bytes(value), stored, true, nil
}

func (s jsShares) Put(ctx context.Context, id string, text []byte, now time.Time, ttl time.Duration) error {
	kv, err := s.kv()
	if err != nil {
		return err
	}
	meta := js.Global().Get("Object").New()
	meta.Set("at", now.Unix())
	opts := js.Global().Get("Object").New()
	opts.Set("expirationTtl", int(ttl/time.Second))
	opts.Set("metadata", meta)
	if _, err := jsrt.Await(ctx, kv.Call("put", id, jsrt.Uint8Array(text), opts)); err != nil {
		return errors.New("KV put: " + strconv.Quote(err.Error()))
	}
	return nil
}
