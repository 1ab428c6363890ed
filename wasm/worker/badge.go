package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"time"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// GET /badge?url=X: a README badge (image/svg+xml) saying whether the
// card at X passes ("Agent Card | passing", "3 errors", "unreachable"),
// in the reader's language (?lang=, Accept-Language).
//
// A badge is shown on every view of a README, through image proxies
// (GitHub's camo) that all share a few addresses: it must not cost a
// fetch per view. Its verdict is kept in the Cache for badgeTTL, the
// max-age it is served with; within that, and within the card cache's
// minute after a report view, no request goes to the card's host. The
// verdict is data (outcome, error count, the card's name), rendered in
// each reader's language.

// badgeTTL is how long a verdict is kept and a badge may be cached.
const badgeTTL = 5 * time.Minute

// badgeVerdict is what the Cache keeps of a badge.
type badgeVerdict struct {
	Outcome string `json:"o"`
	Errors  int    `json:"n,omitempty"`
	Name    string `json:"name,omitempty"`
}

func badgeKey(normalized string) string {
	return "https://cache.agentcard.invalid/v1/badge?url=" + url.QueryEscape(normalized)
}

func (h *handler) badge(w web.ResponseWriter, r *web.Request) {
	raw := r.URL.Query().Get("url")
	u, err := discovery.Normalize(raw)
	if raw == "" || err != nil {
		h.writeBadge(w, r, web.StatusBadRequest, badgeVerdict{Outcome: components.BadgeNoURL}, "no-store")
		return
	}
	key := badgeKey(u.String())
	if h.cfg.Cache != nil {
		if b, ok := h.cfg.Cache.Get(r.Context(), key); ok {
			var v badgeVerdict
			if json.Unmarshal(b, &v) == nil && v.Outcome != "" {
				h.writeBadge(w, r, web.StatusOK, v, badgeCacheControl)
				return
			}
		}
	}
	res, err := h.run(r, checkRequest{Input: raw}, true)
	var v badgeVerdict
	var limited *check.LimitError
	var de *discovery.Error
	switch {
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", limited.RetryAfter())
		h.writeBadge(w, r, web.StatusTooManyRequests, badgeVerdict{Outcome: components.BadgeLimited}, "no-store")
		return
	case errors.As(err, &de) && (de.Kind == discovery.KindRefused || de.Kind == discovery.KindBadInput):
		v.Outcome = components.BadgeRefused
	case errors.As(err, &de) && de.Kind == discovery.KindNotFound && de.RemoteStatus != 0:
		v.Outcome, v.Errors = components.BadgeNotFound, de.RemoteStatus
	case err != nil:
		v.Outcome = components.BadgeUnreachable
	default:
		lr := res.Report.Result
		v.Outcome, v.Errors = components.BadgePassing, lr.Errors
		if lr.Errors > 0 {
			v.Outcome = components.BadgeErrors
		}
		if doc := lr.Doc; doc != nil && doc.Root != nil && doc.Root.Kind == jsonpos.Object {
			if n := doc.Root.Get("name"); n != nil && n.Kind == jsonpos.String {
				v.Name = truncate(n.Str, 200)
			}
		}
	}
	if h.cfg.Cache != nil && (res == nil || !res.Report.Facts.NoStore) {
		if b, err := json.Marshal(v); err == nil {
			// the Cache's own request context: a badge view never waits on it
			ctx := context.WithoutCancel(r.Context())
			h.cfg.Cache.Put(ctx, key, b, badgeTTL)
		}
	}
	h.writeBadge(w, r, web.StatusOK, v, badgeCacheControl)
}

// badgeCacheControl suits README images: browsers and image proxies keep
// the badge as long as the checker keeps its verdict, and may show the
// last one for a day while they fetch a new one.
const badgeCacheControl = "public, max-age=300, s-maxage=300, stale-while-revalidate=86400"

func (h *handler) writeBadge(w web.ResponseWriter, r *web.Request, status int, v badgeVerdict, cacheControl string) {
	svg := components.Badge(components.NewBadgeView(langOf(r).lang, v.Outcome, v.Errors, v.Name))
	w.Header().Set("Content-Type", "image/svg+xml; charset=utf-8")
	w.Header().Set("Cache-Control", cacheControl)
	varyLanguage(w, r)
	w.WriteHeader(status)
	if r.Method != web.MethodHead {
		w.Write(svg)
	}
}
