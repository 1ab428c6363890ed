package check

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/signature"
)

// Cache keeps what a check fetched or computed for a short time, so that
// opening a shared report link does not fetch, probe or verify again. In
// the Worker it is the Workers Cache API; natively a small memory map.
// Keys are URLs because the Workers Cache API keys by request URL.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Put(ctx context.Context, key string, value []byte, ttl time.Duration)
}

// TTL is how long every cached part of a check is kept.
const TTL = 60 * time.Second

// cacheVersion changes when an entry format does (3: signature reports).
const cacheVersion = "3"

const cacheBase = "https://cache.agentcard.invalid/v" + cacheVersion

// The entries of one card, all keyed by the normalized card URL or by
// content, never by language: an entry is data (message ids with
// arguments), rendered in each reader's language.
func cardKey(normalized string) string { return cacheBase + "/card?url=" + url.QueryEscape(normalized) }

// probeKey keys probe results by the card's URL and a hash of its bytes:
// results belong to the card they were probed for.
func probeKey(normalized string, body []byte) string {
	return cardKey(normalized) + "&probe=1&card=" + shortHash(body)
}

// claimKey keys the claims checked for a card like its probes.
func claimKey(normalized string, body []byte) string {
	return cardKey(normalized) + "&claims=1&card=" + shortHash(body)
}

func keySetKey(jku string) string { return cacheBase + "/jwks?url=" + url.QueryEscape(jku) }

// signatureKey keys a signature report by everything it depends on: the
// card's bytes, the bytes of every key set it was checked with, the
// card's origin (which decides whose keys count) and the work budget.
func signatureKey(in SignatureInput) string {
	h := sha256.New()
	h.Write(in.Card)
	jkus := make([]string, 0, len(in.KeySets))
	for k := range in.KeySets {
		jkus = append(jkus, k)
	}
	sort.Strings(jkus)
	for _, k := range jkus {
		a := in.KeySets[k]
		fmt.Fprintf(h, "\x00%s\x00%d\x00", k, len(a.Body))
		h.Write(a.Body)
		h.Write([]byte(a.Problem.ID))
	}
	sum := h.Sum(nil)
	return cacheBase + "/signatures?h=" + hex.EncodeToString(sum[:16]) + "&origin=" + url.QueryEscape(originOfURL(in.CardURL)) +
		"&work=" + strconv.Itoa(in.MaxWork)
}

func shortHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12])
}

// entry is a cached card fetch: the raw fetch, so that the report is
// rebuilt from it (linting is cheap; fetching is what the cache saves).
// It is stored as one line of JSON (everything but the bytes) followed by
// the card's bytes and the header-less variant's, as they are: a card of
// half a megabyte in base64 inside JSON took longer to decode in the
// Worker than the rest of a cached view.
type entry struct {
	URL            string          `json:"url"`
	Facts          discovery.Facts `json:"facts"`
	BodyLen        int             `json:"bodyLen"`
	Headerless     *entryVariant   `json:"headerless,omitempty"`
	HeaderlessNote *entryText      `json:"headerlessNote,omitempty"`
}

type entryVariant struct {
	Status int `json:"status"`
	Len    int `json:"len"`
}

func encodeEntry(f *discovery.Fetched) []byte {
	e := entry{URL: f.URL.String(), Facts: f.Facts, BodyLen: len(f.Body)}
	if !f.HeaderlessNoteText.IsZero() {
		e.HeaderlessNote = newEntryText(f.HeaderlessNoteText, 0)
	}
	var variant []byte
	if f.Headerless != nil {
		variant = f.Headerless.Body
		e.Headerless = &entryVariant{Status: f.Headerless.Status, Len: len(variant)}
	}
	head, _ := json.Marshal(e)
	out := make([]byte, 0, len(head)+1+len(f.Body)+len(variant))
	out = append(append(append(append(out, head...), '\n'), f.Body...), variant...)
	return out
}

func decodeEntry(b []byte, input string) (*discovery.Fetched, error) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return nil, errors.New("no header line in the entry")
	}
	var e entry
	if err := json.Unmarshal(b[:nl], &e); err != nil {
		return nil, err
	}
	rest := b[nl+1:]
	vlen := 0
	if e.Headerless != nil {
		vlen = e.Headerless.Len
	}
	if e.BodyLen < 0 || vlen < 0 || e.BodyLen+vlen != len(rest) {
		return nil, errors.New("the entry's lengths do not add up")
	}
	u, err := url.Parse(e.URL)
	if err != nil {
		return nil, err
	}
	f := &discovery.Fetched{Input: input, URL: u, Facts: e.Facts, Body: rest[:e.BodyLen:e.BodyLen]}
	if e.HeaderlessNote != nil {
		f.HeaderlessNoteText = e.HeaderlessNote.Text()
		f.HeaderlessNote = i18n.EnglishCatalogue().Render(f.HeaderlessNoteText)
	}
	if e.Headerless != nil {
		body := rest[e.BodyLen:]
		f.Headerless = &discovery.Variant{Status: e.Headerless.Status, Size: len(body), Body: body}
	}
	return f, nil
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
			out[i].Detail = p.Detail.Text()
			out[i].Message = en.Render(out[i].Detail)
		}
	}
	return out, nil
}

// claimEntry is a probe.Claim as the cache stores it: its texts as data,
// so a reader in another language gets them in theirs.
type claimEntry struct {
	Claim         string             `json:"claim"`
	Index         int                `json:"index"`
	Source        string             `json:"source"`
	URL           string             `json:"url"`
	Binding       string             `json:"binding"`
	Version       string             `json:"version"`
	Declared      string             `json:"declared"`
	Observed      string             `json:"observed"`
	Verdict       probe.ClaimVerdict `json:"verdict"`
	Detail        *entryText         `json:"d,omitempty"`
	Deviation     *entryText         `json:"dev,omitempty"`
	DeviationCode string             `json:"devCode,omitempty"`
}

func encodeClaims(cs []probe.Claim) []byte {
	out := make([]claimEntry, len(cs))
	for i, c := range cs {
		out[i] = claimEntry{Claim: c.Claim, Index: c.Index, Source: c.Source, URL: c.URL, Binding: c.Binding, Version: c.Version,
			Declared: c.Declared, Observed: c.Observed, Verdict: c.Verdict, DeviationCode: c.DeviationCode}
		if !c.Detail.IsZero() {
			out[i].Detail = newEntryText(c.Detail, 0)
		}
		if !c.Deviation.IsZero() {
			out[i].Deviation = newEntryText(c.Deviation, 0)
		}
	}
	b, _ := json.Marshal(struct {
		Claims []claimEntry `json:"claims"`
	}{out})
	return b
}

func decodeClaims(b []byte) ([]probe.Claim, error) {
	var in struct {
		Claims []claimEntry `json:"claims"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, err
	}
	if in.Claims == nil {
		return nil, errors.New("no claims in the entry")
	}
	out := make([]probe.Claim, len(in.Claims))
	en := i18n.EnglishCatalogue()
	for i, c := range in.Claims {
		out[i] = probe.Claim{Claim: c.Claim, Index: c.Index, Source: c.Source, URL: c.URL, Binding: c.Binding, Version: c.Version,
			Declared: c.Declared, Observed: c.Observed, Verdict: c.Verdict, DeviationCode: c.DeviationCode}
		if c.Detail != nil {
			out[i].Detail = c.Detail.Text()
			out[i].Message = en.Render(out[i].Detail)
		}
		if c.Deviation != nil {
			out[i].Deviation = c.Deviation.Text()
		}
	}
	return out, nil
}

// signatureEntry is a signature report as the cache stores it. The
// canonical payload is not stored (it is as large as the card): the
// process that verified keeps the whole report in its Memory, and
// another one makes the payload again from the card's bytes.
type signatureEntry struct {
	Results []sigResultEntry `json:"results"`
	// Unchecked, Supplied and Work are Report's.
	Unchecked int `json:"unchecked,omitempty"`
	Supplied  int `json:"supplied,omitempty"`
	Work      int `json:"work,omitempty"`
}

// sigResultEntry is one result, its text as typed data (entryText, which
// shadows signature.Result's own Text).
type sigResultEntry struct {
	signature.Result
	Text *entryText `json:"text"`
}

func encodeSignatures(rep *signature.Report) []byte {
	b, _ := json.Marshal(signatureEntryOf(rep))
	return b
}

func decodeSignatures(b []byte) (*signature.Report, error) {
	var e signatureEntry
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, err
	}
	if e.Results == nil {
		return nil, errors.New("no results in the entry")
	}
	return e.report(), nil
}

// signatureEntryOf is rep as the cache (and the verifier's answer,
// remote.go) stores it, without the payload.
func signatureEntryOf(rep *signature.Report) signatureEntry {
	e := signatureEntry{Results: make([]sigResultEntry, len(rep.Results)), Unchecked: rep.Unchecked, Supplied: rep.Supplied, Work: rep.Work}
	for i, r := range rep.Results {
		e.Results[i] = sigResultEntry{Result: r, Text: newEntryText(r.Text, 0)}
	}
	return e
}

// report is the stored report (without its payload).
func (e *signatureEntry) report() *signature.Report {
	rep := &signature.Report{Results: make([]signature.Result, len(e.Results)), Unchecked: e.Unchecked, Supplied: e.Supplied, Work: e.Work}
	for i, r := range e.Results {
		rep.Results[i] = r.Result
		if r.Text != nil {
			rep.Results[i].Text = r.Text.Text()
		}
	}
	return rep
}

// entryText is an i18n.Text as the cache stores it (i18n.Wire: each
// argument says what it is, which JSON alone would lose).
type entryText = i18n.Wire

func newEntryText(t i18n.Text, _ int) *entryText { return i18n.ToWire(t) }
