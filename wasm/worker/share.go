package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/shortlink"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// Short links (docs/ARCHITECTURE.md, Worker routes; core/shortlink): POST /api/share
// stores a card's text under its content address and answers 201
// {"id", "url"}; GET /api/share/ID answers {"text"}; GET /s/ID opens the
// playground with that card. The stored text is only ever answered as a
// JSON string: /s/ID redirects to the playground (/#s=ID), whose script
// fetches it, so no page is ever made of stored text.

// maxShareBody bounds a POST /api/share body: the text (at most 256 KiB)
// as a JSON string, every byte of which may take six to escape.
const maxShareBody = 6*shortlink.MaxText + 1024

// sharePrefix and openPrefix are the routes with an id after them.
const (
	sharePrefix = "/api/share/"
	openPrefix  = "/s/"
)

func (h *handler) shareCreate(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	if h.cfg.Shares == nil {
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "json-body-type", jsonpos.QuoteClipped(truncate(r.Header.Get("Content-Type"), 80)))
		return
	}
	if r.ContentLength > maxShareBody {
		h.fail(w, r, web.StatusRequestEntityTooLarge, "too-large", "share-too-large", shortlink.MaxText>>10)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxShareBody+1))
	if err != nil {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "share-body")
		return
	}
	if len(body) > maxShareBody {
		h.fail(w, r, web.StatusRequestEntityTooLarge, "too-large", "share-too-large", shortlink.MaxText>>10)
		return
	}
	var in struct {
		Text *string `json:"text"`
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || in.Text == nil || dec.More() {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "share-body")
		return
	}
	id, err := shortlink.Create(r.Context(), h.cfg.Shares, []byte(*in.Text), time.Now(), func() error {
		if err := h.cfg.Limits.SpendWrite(clientKey(r)); err != nil {
			return err
		}
		// The client's writes a day, shared by every isolate, well below
		// the cap for everyone (review 5, B20).
		if err := check.TakeClientDaily(r.Context(), h.cfg.Counter, check.WritesBudget, clientKey(r), 1, check.ClientKVWrites); err != nil {
			return err
		}
		// Beside each client's budget, a daily cap for everyone, shared
		// by every isolate: KV's writes a day are the account's (B20).
		return check.TakeDaily(r.Context(), h.cfg.Counter, check.KVWritesKey, 1, check.DailyKVWrites)
	})
	var limited *check.LimitError
	switch {
	case errors.Is(err, shortlink.ErrTooLarge):
		h.fail(w, r, web.StatusRequestEntityTooLarge, "too-large", "share-too-large", shortlink.MaxText>>10)
		return
	case errors.Is(err, shortlink.ErrEmpty), errors.Is(err, shortlink.ErrNotUTF8):
		h.fail(w, r, web.StatusBadRequest, "bad-input", "share-empty")
		return
	case errors.As(err, &limited) && limited.Global != "":
		h.dailyCapped(w, r, err, "share-daily-cap")
		return
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", limited.RetryAfter())
		h.fail(w, r, web.StatusTooManyRequests, "write-limited", "write-limited", limited.RetryAfter())
		return
	case err != nil:
		h.cfg.Logf("worker: storing a short link: %v", err)
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return
	}
	h.writeJSON(w, r, web.StatusCreated, struct {
		ID  string `json:"id"`
		URL string `json:"url"`
	}{id, h.siteOrigin(r) + openPrefix + id}, "no-store")
}

// Reading a short link costs a Workers KV read whether the id is found or
// not, and the free plan has 100,000 a day for the whole account (issue
// 36, B20: one client made 327 a second with random ids). So a read that
// reaches the store draws from the client's reads budget (core/check),
// and what it found is kept in the Cache: a found text for a day (its id
// is its hash, so it never changes; at worst it outlives its expiry by
// that day), a miss for a minute (about as long as KV's own edge caches
// keep a missing key, so a link shared just after is no later than KV
// would make it). /s/ID's read fills the Cache for the playground's fetch
// of /api/share/ID that follows: one KV read per open, not two (N18).
const (
	shareFoundTTL = 24 * time.Hour
	shareMissTTL  = time.Minute
)

func shareCacheKey(id string) string {
	return "https://cache.agentcard.invalid/v1/share/" + id
}

// shareText is the stored text of id, or the failure already answered.
func (h *handler) shareText(w web.ResponseWriter, r *web.Request, id string) ([]byte, bool) {
	if h.cfg.Shares == nil {
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return nil, false
	}
	if !shortlink.Valid(id) {
		h.fail(w, r, web.StatusNotFound, "share-not-found", "share-not-found")
		return nil, false
	}
	// Cached: "1" and the text, or "0" for none.
	if h.cfg.Cache != nil {
		if b, ok := h.cfg.Cache.Get(r.Context(), shareCacheKey(id)); ok && len(b) > 0 {
			if b[0] == '1' {
				return b[1:], true
			}
			h.fail(w, r, web.StatusNotFound, "share-not-found", "share-not-found")
			return nil, false
		}
	}
	if err := h.cfg.Limits.SpendRead(clientKey(r)); err != nil {
		var limited *check.LimitError
		errors.As(err, &limited)
		w.Header().Set("Retry-After", limited.RetryAfter())
		h.fail(w, r, web.StatusTooManyRequests, "read-limited", "read-limited", limited.RetryAfter())
		return nil, false
	}
	text, _, ok, err := h.cfg.Shares.Get(r.Context(), id)
	if err != nil {
		h.cfg.Logf("worker: reading a short link: %v", err)
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return nil, false
	}
	if h.cfg.Cache != nil {
		// kept even when the reader goes away before it is written
		ctx := context.WithoutCancel(r.Context())
		if ok {
			h.cfg.Cache.Put(ctx, shareCacheKey(id), append([]byte{'1'}, text...), shareFoundTTL)
		} else {
			h.cfg.Cache.Put(ctx, shareCacheKey(id), []byte{'0'}, shareMissTTL)
		}
	}
	if !ok {
		h.fail(w, r, web.StatusNotFound, "share-not-found", "share-not-found")
		return nil, false
	}
	return text, true
}

func (h *handler) shareGet(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	text, ok := h.shareText(w, r, strings.TrimPrefix(r.URL.Path, sharePrefix))
	if !ok {
		return
	}
	// A stored text never changes (its id is its hash); it may expire.
	h.writeJSON(w, r, web.StatusOK, struct {
		Text string `json:"text"`
	}{string(text)}, "public, max-age=3600")
}

// shareOpen sends the reader to the playground, which opens the card
// (the fragment never reaches a server, and the page fetches the text
// as JSON). A link that has no card (mistyped, expired) gets a page that
// says so, with a proper status.
func (h *handler) shareOpen(w web.ResponseWriter, r *web.Request) {
	id := strings.TrimPrefix(r.URL.Path, openPrefix)
	if _, ok := h.shareText(w, r, id); !ok {
		return
	}
	w.Header().Set("Location", "/#s="+id)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(web.StatusSeeOther)
	if r.Method != web.MethodHead {
		io.WriteString(w, "/#s="+id+"\n")
	}
}
