package main

import (
	"bytes"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// pageMemo keeps, for a few seconds, the answers rendered from a card the
// cache answered (a shared report opened by many readers at once): the
// answer is the same for the same request (URL, language, JSON or HTML),
// and rendering the report of a large card costs more than the rest of a
// cached view. A check waiting for the gate looks here again once it
// passes, so sixteen readers of one report cost one rendering. Answers of
// fresh fetches, refresh=1, POSTs and cards that ask not to be stored are
// never kept.
type pageMemo = check.Recent[memoPage]

type memoPage struct {
	status int
	header web.Header
	body   []byte
}

// pageTTL is short: the cached card it was rendered from is kept a
// minute, and a page is only for readers arriving together.
const pageTTL = 10 * time.Second

func newPageMemo(max int) *pageMemo { return check.NewRecent[memoPage](max, pageTTL) }

func pageKey(r *web.Request, asJSON bool) string {
	rl := langOf(r)
	kind := "html"
	if asJSON {
		kind = "json"
	}
	explicit := "0"
	if rl.explicit {
		explicit = "1"
	}
	return kind + "|" + string(rl.lang) + "|" + explicit + "|" + r.URL.RequestURI()
}

// serve writes a kept page (its CORS header is the handler's to add, per
// request).
func (pg memoPage) serve(w web.ResponseWriter, r *web.Request) {
	for k, vs := range pg.header {
		if k != "Access-Control-Allow-Origin" {
			w.Header()[k] = vs
		}
	}
	w.WriteHeader(pg.status)
	if r.Method != web.MethodHead {
		w.Write(pg.body)
	}
}

// capture records an answer while it is written.
type capture struct {
	web.ResponseWriter
	status int
	body   bytes.Buffer
}

func (c *capture) WriteHeader(status int) { c.status = status; c.ResponseWriter.WriteHeader(status) }
func (c *capture) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = web.StatusOK
	}
	c.body.Write(b)
	return c.ResponseWriter.Write(b)
}
