//go:build js && wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"syscall/js"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/wasm/worker/jsrt"
)

// The Worker's bundle is built without the Chinese catalogue (-tags
// worker, scripts/buildworker): compiled in it pushed the bundle to the
// edge of the 3 MiB gzip limit. The site builder publishes it as a static
// asset at catalog.AssetPath, and the Worker reads it through its assets
// binding (wrangler.toml: [assets] binding = "ASSETS") on the first
// request that needs it, once per Go instance (catalog.Provide). If it
// cannot be read, Chinese readers get English pages (decideLang), and the
// reason is logged.

// catalogueTimeout bounds one read of the asset; the binding serves it
// from the same deployment, so it normally takes milliseconds.
const catalogueTimeout = 3000 // ms

// assetCatalogue reads l's catalogue from the static assets.
func assetCatalogue(l i18n.Lang) func() ([]byte, error) {
	return func() ([]byte, error) {
		assets := binding("ASSETS")
		if assets.Type() != js.TypeObject {
			return nil, errors.New(`no ASSETS binding (wrangler.toml: [assets] binding = "ASSETS")`)
		}
		global := js.Global().Get("globalThis")
		init := global.Get("Object").New()
		init.Set("signal", global.Get("AbortSignal").Call("timeout", catalogueTimeout))
		// The binding serves by path; the host is not looked at.
		u := "https://assets.invalid/" + catalog.AssetPath(l)
		ctx := context.Background()
		res, err := jsrt.Await(ctx, assets.Call("fetch", u, init))
		if err != nil {
			return nil, fmt.Errorf("reading /%s: %w", catalog.AssetPath(l), err)
		}
		body := res.Get("body")
		if status := res.Get("status").Int(); status != 200 {
			if !body.IsNull() && !body.IsUndefined() {
				body.Call("cancel")
			}
			return nil, fmt.Errorf("/%s answered %d (is the site built? scripts/buildsite or scripts/buildworker writes it)", catalog.AssetPath(l), status)
		}
		if n, err := strconv.ParseInt(res.Get("headers").Call("get", "Content-Length").String(), 10, 64); err == nil && n > catalog.MaxSize {
			body.Call("cancel")
			return nil, fmt.Errorf("/%s is %d bytes, over %d", catalog.AssetPath(l), n, catalog.MaxSize)
		}
		if body.IsNull() || body.IsUndefined() {
			return nil, fmt.Errorf("/%s has no body", catalog.AssetPath(l))
		}
		// One byte over the limit is enough for catalog to refuse it.
		return jsrt.ReadCapped(ctx, body, catalog.MaxSize+1)
	}
}
