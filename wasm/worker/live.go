package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/signature"
)

// This file checks the live agent behind a card, beyond the card's own
// fetch: the probes of its declared interfaces, the verification of its
// signatures (with key sets its jku names) and the extended card. Each
// has its own request budget, apart from the card fetch's, and goes
// through the same Doer and policy: in production every loopback or
// private target is refused before a packet is sent.

// headerDoer adds the caller's headers (POST /api/check) to requests whose
// origin is one the caller's secrets are meant for: the card's own origin
// and the origins of the endpoints the card declares. Every other request
// (a redirect elsewhere, a jku) goes out without them.
type headerDoer struct {
	d       discovery.Doer
	headers http.Header
	origins map[string]bool
}

func (h *headerDoer) Do(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
	if u, err := url.Parse(r.URL); err == nil && h.origins[originOf(u)] {
		with := *r
		with.Header = r.Header.Clone()
		if with.Header == nil {
			with.Header = http.Header{}
		}
		for k, vs := range h.headers {
			with.Header[k] = append([]string(nil), vs...)
		}
		return h.d.Do(ctx, &with)
	}
	return h.d.Do(ctx, r)
}

// originOf is scheme://host:port with the host in its one canonical
// spelling and the port always written, so that https://A.example and
// https://a.example:443/x are the same origin; "" for what is not an
// absolute http(s) URL.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	if (scheme != "http" && scheme != "https") || u.Hostname() == "" {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	if c, ok := hosts.Canonical(host); ok {
		host = c
	}
	port := u.Port()
	if port == "" {
		port = "443"
		if scheme == "http" {
			port = "80"
		}
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return scheme + "://" + host + ":" + port
}

// withHeaders wraps d for the caller's headers, meant for the given URLs'
// origins; d itself when there are none.
func withHeaders(d discovery.Doer, headers http.Header, urls ...string) discovery.Doer {
	if len(headers) == 0 {
		return d
	}
	hd := &headerDoer{d: d, headers: headers, origins: map[string]bool{}}
	for _, s := range urls {
		if u, err := url.Parse(s); err == nil {
			if o := originOf(u); o != "" {
				hd.origins[o] = true
			}
		}
	}
	return hd
}

// endpointURLs are the URLs of the interfaces a card declares.
func endpointURLs(doc *jsonpos.Doc) []string {
	if doc == nil {
		return nil
	}
	var out []string
	for _, e := range probe.Entries(doc.Root) {
		out = append(out, e.URL)
	}
	return out
}

// runProbes probes the card's declared interfaces (at most
// probe.MaxEntries, one request each, under their own budget) and adds
// the findings to rep. A GET's results are cached like the card, keyed by
// the card's URL and bytes, so a shared probe link does not probe again
// within the minute; a POST's never are (they may carry the caller's
// headers).
func (h *handler) runProbes(r *http.Request, req checkRequest, rep *discovery.Report, p discovery.Policy) []probe.Result {
	doc := rep.Result.Doc
	if doc == nil || doc.Root == nil {
		return []probe.Result{}
	}
	ctx := r.Context()
	key := probeCacheKey(rep.URL.String(), rep.Body)
	var results []probe.Result
	cacheable := h.cfg.Cache != nil && !req.Posted && !rep.Facts.NoStore
	if cacheable && !req.Refresh {
		if b, ok := h.cfg.Cache.Get(ctx, key); ok {
			if rs, err := decodeProbes(b); err == nil {
				results = rs
			}
		}
	}
	if results == nil {
		d := withHeaders(h.cfg.Doer, req.Headers, append([]string{rep.Facts.FinalURL}, endpointURLs(doc)...)...)
		results = probe.Run(ctx, probe.Entries(doc.Root), discovery.NewBudget(d, probe.MaxEntries), probe.Options{Policy: p})
		if cacheable {
			h.cfg.Cache.Put(ctx, key, encodeProbes(results), reportTTL)
		}
	}
	discovery.Merge(rep.Result, probe.Diagnostics(doc, probe.Entries(doc.Root), results))
	return results
}

// probeCacheKey keys probe results by the card's URL and a hash of its
// bytes: results belong to the card they were probed for.
func probeCacheKey(normalized string, body []byte) string {
	sum := sha256.Sum256(body)
	return cacheKey(normalized) + "&probe=1&card=" + hex.EncodeToString(sum[:12])
}

// probeEntry is a probe result as the cache stores it, its detail as
// typed data (see entryText). (Not an embedded probe.Result: its
// MarshalJSON would be promoted and drop the detail.)
type probeEntry struct {
	Index   int           `json:"index"`
	Source  string        `json:"source"`
	URL     string        `json:"url"`
	Binding string        `json:"binding"`
	Version string        `json:"version"`
	Outcome probe.Outcome `json:"outcome"`
	Status  int           `json:"status"`
	Scheme  string        `json:"scheme,omitempty"`
	TimeMS  int64         `json:"timeMs"`
	Detail  *entryText    `json:"d,omitempty"`
}

func encodeProbes(rs []probe.Result) []byte {
	out := make([]probeEntry, len(rs))
	for i, r := range rs {
		out[i] = probeEntry{Index: r.Index, Source: r.Source, URL: r.URL, Binding: r.Binding, Version: r.Version,
			Outcome: r.Outcome, Status: r.Status, Scheme: r.Scheme, TimeMS: r.TimeMS}
		if !r.Detail.IsZero() {
			out[i].Detail = newEntryText(r.Detail, 0)
		}
	}
	b, _ := json.Marshal(struct {
		Probes []probeEntry `json:"probes"`
	}{out})
	return b
}

func decodeProbes(b []byte) ([]probe.Result, error) {
	var in struct {
		Probes []probeEntry `json:"probes"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, err
	}
	if in.Probes == nil {
		return nil, errors.New("no probes in the entry")
	}
	out := make([]probe.Result, len(in.Probes))
	en := i18n.EnglishCatalogue()
	for i, p := range in.Probes {
		out[i] = probe.Result{Index: p.Index, Source: p.Source, URL: p.URL, Binding: p.Binding, Version: p.Version,
			Outcome: p.Outcome, Status: p.Status, Scheme: p.Scheme, TimeMS: p.TimeMS}
		if p.Detail != nil {
			out[i].Detail = p.Detail.text(0)
			out[i].Message = en.Render(out[i].Detail)
		}
	}
	return out, nil
}

// hasSignatures reports whether the card carries a signatures member, the
// only case in which verification is worth a request.
func hasSignatures(doc *jsonpos.Doc) bool {
	return doc != nil && doc.Root != nil && doc.Root.Kind == jsonpos.Object && doc.Root.Get("signatures") != nil
}

// verifySignatures checks the card's signatures with the caller's keys
// (POST only) and the key sets the signatures' jku name, fetched through
// discovery.KeySetFetcher (the policy checks the URL and every redirect
// hop; at most 64 KiB) with their own budget (signature.MaxFetches) and
// never with the caller's headers: a key set is public. Its findings
// (signature-verified, -invalid, -key-unavailable) join rep's, as the
// CLI's do.
func (h *handler) verifySignatures(r *http.Request, req checkRequest, rep *discovery.Report, p discovery.Policy) (*signature.Report, error) {
	fetch := h.cachedKeySets(req, discovery.KeySetFetcher(discovery.NewBudget(h.cfg.Doer, signature.MaxFetches), p))
	sr, err := signature.Verify(r.Context(), rep.Body, signature.Options{Keys: req.Keys, Fetch: fetch})
	if err == nil {
		discovery.Merge(rep.Result, signature.Diagnostics(rep.Result.Doc, sr))
	}
	return sr, err
}

// cachedKeySets keeps a GET check's key sets for a minute like cards, so
// that a shared report of a signed card does not fetch its jku on every
// view. A POST's check neither reads nor fills the cache.
func (h *handler) cachedKeySets(req checkRequest, fetch func(context.Context, string) ([]byte, error)) signature.Fetch {
	if h.cfg.Cache == nil || req.Posted {
		return fetch
	}
	return func(ctx context.Context, raw string) ([]byte, error) {
		key := "https://cache.agentcard.invalid/v" + cacheVersion + "/jwks?url=" + url.QueryEscape(raw)
		if !req.Refresh {
			if b, ok := h.cfg.Cache.Get(ctx, key); ok {
				return b, nil
			}
		}
		b, err := fetch(ctx, raw)
		if err == nil {
			h.cfg.Cache.Put(ctx, key, b, reportTTL)
		}
		return b, err
	}
}

// checkExtended asks for the extended card the public card promises
// (POST /api/check with "extended": true): anonymously, which must be
// refused, and with the caller's headers, which core/extended sends only
// to the card's origin and declared endpoints. Its findings join rep's.
func (h *handler) checkExtended(r *http.Request, req checkRequest, rep *discovery.Report, p discovery.Policy) *extended.Result {
	if rep.Result.Doc == nil {
		return nil
	}
	res := extended.Check(r.Context(), rep.Result.Doc, h.cfg.Doer, extended.Options{Headers: req.Headers,
		CardURL: rep.Facts.FinalURL, Policy: p, Lint: lint.Options{}})
	discovery.Merge(rep.Result, res.Diagnostics)
	return &res
}
