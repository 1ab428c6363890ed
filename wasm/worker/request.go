package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// checkRequest is what one check asks for: from a GET's query (url,
// refresh, probe) or from a POST /api/check body (url, headers, probe,
// extended, key). Only a POST carries the caller's secrets (headers, a
// key); such a check is never cached, its values never logged or echoed.
type checkRequest struct {
	Input    string
	Refresh  bool
	Probe    bool
	Extended bool
	// Posted: the check came as POST /api/check.
	Posted bool
	// Headers are the caller's own headers for this agent (POST only):
	// sent to the card's origin and its declared endpoints, nowhere else.
	Headers web.Header
	// Keys are keys the caller trusts for the card's signatures (POST
	// only: a GET link would put them in every log on the way).
	Keys signature.KeySet
	// Client is whose budget the check's fetches draw from; empty: the
	// address the request came from (a badge: check.CardKey).
	Client string
}

// Bounds of a POST /api/check body: a URL, a few headers and a key set.
const (
	maxCheckBody     = 64 << 10
	maxCustomHeaders = 32
)

// bodyError is a POST body the handler refuses: the status, and the
// wording (ui.error.<words>.*) with its arguments. Arguments never hold a
// header value or key material, only names and numbers.
type bodyError struct {
	status int
	words  string
	args   []any
}

func (e *bodyError) Error() string { return e.words }

func badBody(words string, args ...any) *bodyError {
	return &bodyError{status: web.StatusBadRequest, words: words, args: args}
}

// queryCheck reads a GET's check request.
func queryCheck(r *web.Request) checkRequest {
	q := r.URL.Query()
	return checkRequest{Input: q.Get("url"), Refresh: q.Get("refresh") == "1", Probe: q.Get("probe") == "1"}
}

// postedCheck reads a POST /api/check body:
//
//	{"url": "agent.example.com", "headers": {"Authorization": "Bearer …"},
//	 "probe": true, "extended": true, "key": {JWK or JWKS}}
//
// It must be application/json (a cross-site form cannot send that without
// the CORS preflight this checker refuses to other origins), at most
// maxCheckBody bytes, with known members of the right types.
func postedCheck(r *web.Request, keys check.KeyReader) (checkRequest, error) {
	out := checkRequest{Posted: true}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return out, badBody("check-body-type", jsonpos.QuoteClipped(truncate(r.Header.Get("Content-Type"), 80)))
	}
	if r.ContentLength > maxCheckBody {
		return out, &bodyError{status: web.StatusRequestEntityTooLarge, words: "check-body-too-large", args: []any{maxCheckBody >> 10}}
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxCheckBody+1))
	if err != nil {
		return out, badBody("check-body-json")
	}
	if len(body) > maxCheckBody {
		return out, &bodyError{status: web.StatusRequestEntityTooLarge, words: "check-body-too-large", args: []any{maxCheckBody >> 10}}
	}
	var raw map[string]json.RawMessage // Unmarshal refuses anything after the object
	if err := json.Unmarshal(body, &raw); err != nil || raw == nil {
		return out, badBody("check-body-json")
	}
	for name, v := range raw {
		switch name {
		case "url":
			if json.Unmarshal(v, &out.Input) != nil {
				return out, badBody("check-body-member", "url", i18n.Phrase("phrase.check-body.string"))
			}
		case "probe", "extended":
			var b bool
			if json.Unmarshal(v, &b) != nil {
				return out, badBody("check-body-member", name, i18n.Phrase("phrase.check-body.bool"))
			}
			if name == "probe" {
				out.Probe = b
			} else {
				out.Extended = b
			}
		case "headers":
			h, err := customHeaders(v)
			if err != nil {
				return out, err
			}
			out.Headers = h
		case "key":
			keys, err := postedKeys(r.Context(), keys, v)
			if err != nil {
				return out, err
			}
			out.Keys = keys
		default:
			return out, badBody("check-body-unknown", jsonpos.QuoteClipped(truncate(name, 60)))
		}
	}
	if strings.TrimSpace(out.Input) == "" {
		return out, badBody("check-body-url")
	}
	return out, nil
}

// customHeaders reads the headers member: an object of strings, each
// header as the engine's one rule allows it (discovery.CheckHeader: an
// HTTP token that is not the checker's own, a value of visible ASCII).
// Errors name the header, never its value.
func customHeaders(v json.RawMessage) (web.Header, error) {
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil {
		return nil, badBody("check-body-member", "headers", i18n.Phrase("phrase.check-body.headers"))
	}
	if len(m) > maxCustomHeaders {
		return nil, badBody("check-body-headers-many", len(m), maxCustomHeaders)
	}
	h := web.Header{}
	for name, raw := range m {
		shown := jsonpos.QuoteClipped(truncate(name, 60))
		var value string
		if json.Unmarshal(raw, &value) != nil {
			if _, p := discovery.CheckHeader(name, ""); p != discovery.HeaderOK {
				return nil, headerProblem(p, shown)
			}
			return nil, badBody("check-body-header-type", shown)
		}
		canon, p := discovery.CheckHeader(name, value)
		if p != discovery.HeaderOK {
			return nil, headerProblem(p, shown)
		}
		h[canon] = []string{value}
	}
	return h, nil
}

// headerProblem is a refused header in the checker's words.
func headerProblem(p discovery.HeaderProblem, shown string) error {
	switch p {
	case discovery.HeaderBadName:
		return badBody("check-body-header-name", shown)
	case discovery.HeaderReserved:
		return badBody("check-body-header-reserved", shown)
	case discovery.HeaderValueLong:
		return badBody("check-body-header-long", shown, discovery.MaxHeaderValue>>10)
	}
	return badBody("check-body-header-value", shown)
}

// postedKeys reads the key member: a JWK or JWKS, as an object or as a
// string holding one, read by kr (the Worker: the verifier Worker, which
// has the cryptography). Its error is signature's own text, which names a
// key's index and members, never key material; 503 when no verifier
// answered.
func postedKeys(ctx context.Context, kr check.KeyReader, v json.RawMessage) (signature.KeySet, error) {
	data := []byte(v)
	var s string
	if json.Unmarshal(v, &s) == nil {
		data = []byte(s)
	} else if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return nil, badBody("check-body-member", "key", i18n.Phrase("phrase.check-body.key"))
	}
	if kr == nil {
		return nil, &bodyError{status: web.StatusServiceUnavailable, words: "verifier-unavailable"}
	}
	keys, err := kr.ReadKeys(ctx, data)
	if errors.Is(err, check.ErrVerifierUnavailable) {
		return nil, &bodyError{status: web.StatusServiceUnavailable, words: "verifier-unavailable"}
	}
	if err != nil {
		var se *signature.Error
		if errors.As(err, &se) {
			return nil, badBody("check-body-key", se.Text)
		}
		return nil, badBody("check-body-key", i18n.Phrase("phrase.check-body.key"))
	}
	return keys, nil
}
