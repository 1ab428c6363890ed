package main

import (
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

// Short links (docs/ARCHITECTURE.md §4, core/shortlink): POST /api/share
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
	text, _, ok, err := h.cfg.Shares.Get(r.Context(), id)
	switch {
	case err != nil:
		h.cfg.Logf("worker: reading a short link: %v", err)
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return nil, false
	case !ok:
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
