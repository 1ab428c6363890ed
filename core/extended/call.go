package extended

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// The operation's names: 1.0 names JSON-RPC methods after the proto's RPCs
// (§9.4.8) and puts it at /extendedAgentCard below an HTTP+JSON URL
// (§11); 0.3 called it agent/getAuthenticatedExtendedCard (§7.10) and
// GET /v1/card.
const (
	methodExtended   = "GetExtendedAgentCard"
	methodExtended03 = "agent/getAuthenticatedExtendedCard"
	pathExtended     = "/extendedAgentCard"
	pathExtended03   = "/v1/card"
)

// JSON-RPC error codes that answer the operation without a card: a2a-go's
// codes for missing and refused credentials, method not found, and A2A's
// unsupported operation and extended card not configured (1.0 §9.5; 0.3
// names -32007 AuthenticatedExtendedCardNotConfiguredError).
const (
	codeUnauthenticated = -31401
	codeUnauthorized    = -31403
	codeMethodNotFound  = -32601
	codeUnsupported     = -32004
	codeNotConfigured   = -32007
)

// checker sends the calls of one Check.
type checker struct {
	d    discovery.Doer
	opts Options
}

// answer is what one call (with its redirects) concluded.
type answer struct {
	outcome Outcome
	status  int
	card    []byte
	detail  i18n.Text
}

// call asks entry t for the extended card, with the caller's headers when
// creds is set, following redirects under the policy and recording every
// request in res.
func (c *checker) call(ctx context.Context, t card.Interface, creds bool, res *Result) answer {
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	legacy := isLegacy(t.Version)
	u, ok := endpoint(t.URL)
	if !ok {
		a := answer{outcome: BadAnswer, detail: i18n.T("msg.extended.answer.bad-url", jsonpos.QuoteClipped(t.URL))}
		res.Requests = append(res.Requests, Request{Binding: t.Binding, Version: t.Version, Source: t.Source, URL: t.URL, Outcome: a.outcome, Detail: a.detail, Message: english(a.detail)})
		return a
	}
	method, body := "GET", []byte(nil)
	if t.Binding == JSONRPC {
		method, body = "POST", rpcBody(t, legacy)
	} else {
		u = below(u, t, legacy)
	}
	for hop := 0; ; hop++ {
		rec := Request{Binding: t.Binding, Version: t.Version, Source: t.Source, Method: method, URL: u.String()}
		a, next := c.send(ctx, u, t, method, body, creds, &rec)
		rec.Outcome, rec.Detail, rec.Message = a.outcome, a.detail, english(a.detail)
		res.Requests = append(res.Requests, rec)
		if next == nil {
			return a
		}
		if hop >= c.opts.Policy.MaxRedirects {
			a := answer{outcome: BadAnswer, status: a.status, detail: i18n.T("msg.extended.answer.too-many-redirects", c.opts.Policy.MaxRedirects)}
			res.Requests[len(res.Requests)-1].Outcome = a.outcome
			res.Requests[len(res.Requests)-1].Detail, res.Requests[len(res.Requests)-1].Message = a.detail, english(a.detail)
			return a
		}
		u = next
	}
}

// send makes one request; next is the redirect target to follow, if any.
func (c *checker) send(ctx context.Context, u *url.URL, t card.Interface, method string, body []byte, creds bool, rec *Request) (answer, *url.URL) {
	if err := c.opts.Policy.Check(u); err != nil {
		return refused(err), nil
	}
	h := discovery.Header{}
	if creds {
		if given := c.opts.Credentials.For(u); given != nil {
			for k, vs := range given {
				h[k] = vs
			}
			rec.Credentials = true
		} else {
			rec.Withheld = true
		}
	}
	h.Set("User-Agent", c.opts.Policy.UserAgent)
	if v := strings.TrimSpace(t.Version); v != "" {
		h.Set("A2A-Version", v)
	}
	if method == "POST" {
		h.Set("Content-Type", "application/json")
		h.Set("Accept", "application/json")
	} else {
		h.Set("Accept", "application/a2a+json, application/json")
	}
	r, err := c.d.Do(ctx, &discovery.Request{URL: u.String(), Method: method, Body: body, Header: h, MaxBody: c.opts.MaxBody})
	if err != nil {
		return failed(ctx, u, err, c.opts), nil
	}
	rec.Status = r.Status
	if isRedirect(r.Status) {
		loc := r.Header.Get("Location")
		next, ok := resolve(u, loc)
		switch {
		case !ok:
			return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.bad-redirect", r.Status)}, nil
		case method == "POST" && r.Status != 307 && r.Status != 308:
			// A 301/302/303 turns a POST into a GET, which no JSON-RPC
			// endpoint answers; clients fail here too.
			return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.post-redirect", r.Status, jsonpos.QuoteClipped(next.String()))}, nil
		}
		return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.redirect", r.Status, jsonpos.QuoteClipped(next.String()))}, next
	}
	if t.Binding == JSONRPC {
		return judgeRPC(r), nil
	}
	return judgeREST(r), nil
}

// rpcBody is the JSON-RPC 2.0 call. 1.0's request has params (the tenant
// of the entry, when it has one; a2a-go refuses a call without params);
// 0.3's has none.
func rpcBody(t card.Interface, legacy bool) []byte {
	req := map[string]any{"jsonrpc": "2.0", "id": "agentcard-extended", "method": methodExtended}
	if legacy {
		req["method"] = methodExtended03
	} else {
		params := map[string]string{}
		if t.HasTenant && t.Tenant != "" {
			params["tenant"] = t.Tenant
		}
		req["params"] = params
	}
	b, _ := json.Marshal(req)
	return b
}

// below is the operation's URL below an HTTP+JSON entry's URL; a 1.0
// entry's tenant is the first path segment (§11.3).
func below(u *url.URL, t card.Interface, legacy bool) *url.URL {
	out := *u
	out.RawQuery = ""
	esc, plain := strings.TrimRight(u.EscapedPath(), "/"), strings.TrimRight(u.Path, "/")
	suffix := pathExtended
	if legacy {
		suffix = pathExtended03
	} else if t.HasTenant && t.Tenant != "" {
		esc += "/" + url.PathEscape(t.Tenant)
		plain += "/" + t.Tenant
	}
	out.Path, out.RawPath = plain+suffix, esc+suffix
	return &out
}

// endpoint reads an entry's url as every outbound URL is read
// (discovery.ParseTarget).
func endpoint(raw string) (*url.URL, bool) { return discovery.ParseTarget(raw) }

// resolve reads a Location header against the URL that answered it, as
// the card's own fetch follows redirects (discovery.ResolveLocation).
func resolve(base *url.URL, loc string) (*url.URL, bool) { return discovery.ResolveLocation(base, loc) }

func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// refused is the answer for a URL the policy forbids, in the policy's words.
func refused(err error) answer {
	var e *discovery.Error
	if errors.As(err, &e) && !e.Text.IsZero() {
		return answer{outcome: RefusedByPolicy, detail: i18n.T("msg.extended.answer.refused", e.Text)}
	}
	return answer{outcome: RefusedByPolicy, detail: i18n.T("msg.extended.answer.refused-other", jsonpos.Clip(err.Error(), 200))}
}

// failed is the answer for a request that got none.
func failed(ctx context.Context, u *url.URL, err error, opts Options) answer {
	var e *discovery.Error
	if errors.As(err, &e) {
		switch e.Kind {
		case discovery.KindRefused:
			return refused(e) // the native Doer's check of the dialled address
		case discovery.KindRequestCap:
			return answer{outcome: Unreachable, detail: i18n.T("msg.extended.answer.cap", e.Text)}
		}
	}
	return answer{outcome: Unreachable, detail: discovery.NoAnswer(ctx, u, err, opts.Timeout)}
}

func english(t i18n.Text) string {
	if t.IsZero() {
		return ""
	}
	return i18n.EnglishCatalogue().Render(t)
}
