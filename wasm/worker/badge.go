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
// fetch per view. Its verdict is kept in the Cache, and answered as it is
// while fresh (badgeTTL; a failure for failTTL); within that, and within
// the card cache's minute after a report view, no request goes to the
// card's host. The verdict is data (outcome, error count, the card's
// name), rendered in each reader's language.
//
// A check a badge needs draws from the card's host's budget
// (check.CardKey), not the viewer's: the viewer is usually the proxy, one
// for every reader of every README (issue 36, B21). When that budget is
// spent, the badge shows the last verdict kept (for badgeKeep), marked as
// such and cached briefly, and only a card never seen gets "try later".

// badgeTTL is how long a verdict is fresh and a badge may be cached;
// failTTL is the same for "unreachable" and "not checked", which say
// nothing about the card and may be gone in a moment (N7: kept five
// minutes and served with a day's stale-while-revalidate, one transient
// failure could show on a README for a day); badgeKeep is how long a
// verdict is kept to be shown, marked stale, when no check is allowed.
const (
	badgeTTL  = 5 * time.Minute
	failTTL   = time.Minute
	badgeKeep = 7 * 24 * time.Hour
)

// badgeVerdict is what the Cache keeps of a badge.
type badgeVerdict struct {
	Outcome string `json:"o"`
	Errors  int    `json:"n,omitempty"`
	Name    string `json:"name,omitempty"`
	// At is when it was checked (Unix seconds).
	At int64 `json:"at,omitempty"`
}

// failed: the verdict is that the card could not be checked.
func (v badgeVerdict) failed() bool {
	return v.Outcome == components.BadgeUnreachable || v.Outcome == components.BadgeRefused
}

// fresh: the verdict may be answered as it is at now.
func (v badgeVerdict) fresh(now time.Time) bool {
	ttl := badgeTTL
	if v.failed() {
		ttl = failTTL
	}
	age := now.Sub(time.Unix(v.At, 0))
	return age >= 0 && age < ttl
}

// cacheControl is how long browsers and image proxies may keep it.
func (v badgeVerdict) cacheControl() string {
	if v.failed() {
		return badgeFailCacheControl
	}
	return badgeCacheControl
}

func badgeKey(normalized string) string {
	return "https://cache.agentcard.invalid/v1/badge?url=" + url.QueryEscape(normalized)
}

func (h *handler) badge(w web.ResponseWriter, r *web.Request) {
	raw := r.URL.Query().Get("url")
	u, err := discovery.Normalize(raw)
	if raw == "" || err != nil {
		h.writeBadge(w, r, web.StatusBadRequest, badgeVerdict{Outcome: components.BadgeNoURL}, false, "no-store")
		return
	}
	key := badgeKey(u.String())
	var last *badgeVerdict
	if h.cfg.Cache != nil {
		if b, ok := h.cfg.Cache.Get(r.Context(), key); ok {
			var v badgeVerdict
			if json.Unmarshal(b, &v) == nil && v.Outcome != "" {
				if v.fresh(time.Now()) {
					h.writeBadge(w, r, web.StatusOK, v, false, v.cacheControl())
					return
				}
				last = &v
			}
		}
	}
	res, err := h.run(r, checkRequest{Input: raw, Client: check.CardKey(u.Host)}, true, false)
	v := badgeVerdict{At: time.Now().Unix()}
	var limited *check.LimitError
	var de *discovery.Error
	switch {
	case errors.As(err, &limited) && last != nil:
		h.writeBadge(w, r, web.StatusOK, *last, true, badgeStaleCacheControl)
		return
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", limited.RetryAfter())
		h.writeBadge(w, r, web.StatusTooManyRequests, badgeVerdict{Outcome: components.BadgeLimited}, false, "no-store")
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
			h.cfg.Cache.Put(ctx, key, b, badgeKeep)
		}
	}
	h.writeBadge(w, r, web.StatusOK, v, false, v.cacheControl())
}

// badgeCacheControl suits README images: browsers and image proxies keep
// the badge as long as the checker keeps its verdict fresh, and may show
// the last one for a day while they fetch a new one. A failure is kept a
// minute and never shown once that minute is over (N7); a stale verdict
// (the check was not allowed) a minute too, so that the next view after
// the host's budget is back asks again.
const (
	badgeCacheControl      = "public, max-age=300, s-maxage=300, stale-while-revalidate=86400"
	badgeFailCacheControl  = "public, max-age=60, s-maxage=60"
	badgeStaleCacheControl = "public, max-age=60, s-maxage=60"
)

func (h *handler) writeBadge(w web.ResponseWriter, r *web.Request, status int, v badgeVerdict, stale bool, cacheControl string) {
	l := langOf(r).lang
	view := components.NewBadgeView(l, v.Outcome, v.Errors, v.Name)
	if stale {
		view = view.AsStale(l)
	}
	svg := components.Badge(view)
	w.Header().Set("Content-Type", "image/svg+xml; charset=utf-8")
	w.Header().Set("Cache-Control", cacheControl)
	varyLanguage(w, r)
	w.WriteHeader(status)
	if r.Method != web.MethodHead {
		w.Write(svg)
	}
}
