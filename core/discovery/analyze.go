package discovery

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// Report is a fetched card, checked: the card's findings and the HTTP
// findings together in Result (HTTP findings have the pointer "" and a
// range at the start of the document), the facts they were drawn from, and
// what a client without the A2A-Version header got when that differs.
type Report struct {
	Input  string   // what was asked for, as typed
	URL    *url.URL // the normalized URL
	Facts  Facts
	Body   []byte
	Result *lint.Result
	// Headerless is set when a request without A2A-Version got other
	// bytes; HeaderlessResult is the lint of those bytes.
	Headerless       *Variant
	HeaderlessResult *lint.Result
	HeaderlessNote   string
}

// Fetch fetches the card that input names (a domain, a site URL or a card
// URL) through d under policy p, and checks both the card and how it is
// served. It is what `agentcard lint https://…` and the Worker's /check
// call. A failure is an *Error: its Kind and HTTPStatus say what happened,
// Message and Hint are for people, and Diagnostics gives the findings the
// failure amounts to (for JSON and SARIF output).
func Fetch(ctx context.Context, d Doer, input string, p Policy) (*Report, error) {
	f, err := FetchRaw(ctx, d, input, p)
	if err != nil {
		return nil, err
	}
	return Analyze(f, lint.Options{}), nil
}

// Analyze lints a fetched body and adds the HTTP findings.
func Analyze(f *Fetched, opts lint.Options) *Report {
	rep := &Report{Input: f.Input, URL: f.URL, Facts: f.Facts, Body: f.Body,
		Headerless: f.Headerless, HeaderlessNote: f.HeaderlessNote}
	res := lint.Lint(f.Body, opts)
	res.Input = f.Input
	if f.Headerless != nil {
		rep.HeaderlessResult = lint.Lint(f.Headerless.Body, opts)
		rep.HeaderlessResult.Input = f.Input + " (without A2A-Version)"
		f.Headerless.Era = string(rep.HeaderlessResult.Era)
	}
	extra := httpDiagnostics(&f.Facts)
	if f.Headerless != nil {
		extra = append(extra, diag(CodeVariesByVersion, "A request without the A2A-Version header got a different answer (status "+
			strconv.Itoa(f.Headerless.Status)+", "+strconv.Itoa(f.Headerless.Size)+" bytes, era "+f.Headerless.Era+") than a v1.0 client (era "+string(res.Era)+"). Both are checked below."))
	}
	Merge(res, extra)
	rep.Result = res
	return rep
}

// Merge puts findings that belong to no place in the card (HTTP findings)
// in front of a result's diagnostics and recounts.
func Merge(res *lint.Result, extra []lint.Diagnostic) {
	if len(extra) == 0 {
		return
	}
	res.Diagnostics = append(extra, res.Diagnostics...)
	res.Errors, res.Warnings, res.Infos = 0, 0, 0
	for _, d := range res.Diagnostics {
		switch d.Severity {
		case lint.Error:
			res.Errors++
		case lint.Warning:
			res.Warnings++
		case lint.Info:
			res.Infos++
		}
	}
}

// docStart is where document-wide findings point.
var docStart = lint.Range{Start: lint.Position{Line: 1, Column: 1}, End: lint.Position{Line: 1, Column: 1}}

func diag(code, msg string) lint.Diagnostic {
	sev := lint.Error
	if r := lint.RuleFor(code); r != nil {
		sev = r.Severity
	}
	return lint.Diagnostic{Code: code, Severity: sev, Message: msg, Range: docStart, URL: lint.RuleURL(code)}
}

// httpDiagnostics checks the facts of a successful fetch.
func httpDiagnostics(f *Facts) []lint.Diagnostic {
	var out []lint.Diagnostic
	if f.Status != 200 {
		out = append(out, diag(CodeStatus, "The card URL answered "+strconv.Itoa(f.Status)+" "+f.StatusText+"; clients expect 200 OK."))
	}
	switch mt := mediaType(f.ContentType); {
	case f.ContentType == "":
		out = append(out, diag(CodeContentType, "The answer has no Content-Type header; label the card as application/json."))
	case mt != "application/a2a+json" && mt != "application/json":
		out = append(out, diag(CodeContentType, "The card is served as "+jsonpos.QuoteClipped(f.ContentType)+"; label the card as application/json."))
	}
	switch {
	case f.CacheControl == "":
		out = append(out, diag(CodeCacheMaxAge, "The answer has no Cache-Control header, so clients cannot tell how long to keep the card."))
	case !hasDirective(f.CacheControl, "max-age") && !hasDirective(f.CacheControl, "s-maxage") && !hasDirective(f.CacheControl, "no-store"):
		out = append(out, diag(CodeCacheMaxAge, "Cache-Control is "+jsonpos.QuoteClipped(f.CacheControl)+", without max-age."))
	}
	if f.ETag == "" {
		out = append(out, diag(CodeETag, "The answer has no ETag header, so clients cannot revalidate a cached card cheaply."))
	}
	if f.LastModified == "" {
		out = append(out, diag(CodeLastModified, "The answer has no Last-Modified header."))
	}
	if len(f.Redirects) > 0 {
		hops := make([]string, 0, len(f.Redirects))
		for _, h := range f.Redirects {
			hops = append(hops, h.URL+" ("+strconv.Itoa(h.Status)+")")
		}
		hops = append(hops, f.FinalURL)
		n := "redirect"
		if len(f.Redirects) > 1 {
			n = "redirects"
		}
		out = append(out, diag(CodeRedirects, "The card was reached after "+strconv.Itoa(len(f.Redirects))+" "+n+": "+strings.Join(hops, " → ")+"."))
	}
	if u, err := url.Parse(f.FinalURL); err == nil && u.Scheme == "http" {
		d := diag(CodeInsecure, "The card is served over plain http from "+f.FinalURL+"; clients should only trust a card fetched over https.")
		if c, _ := classifyHost(u.Hostname()); c == hostLoopback {
			d.Severity = lint.Warning
			d.Message = "The card is served over plain http from " + f.FinalURL + ". That is fine on your own machine, but a published card must be served over https."
		}
		out = append(out, d)
	}
	if f.AllowOrigin == "" {
		out = append(out, diag(CodeCORS, "The answer has no Access-Control-Allow-Origin header, so browser-based clients on other sites cannot read the card."))
	}
	if f.LegacyPath {
		first := WellKnownPath
		if len(f.Tried) > 0 {
			first = f.Tried[0].URL + " (" + strconv.Itoa(f.Tried[0].Status) + ")"
		}
		out = append(out, diag(CodeLegacyPath, "No card at "+first+"; found one at the legacy path "+f.FinalURL+" instead. Clients that follow the specification will not find it."))
	}
	return out
}

// Diagnostics are the findings a failed check amounts to, for outputs that
// list findings (JSON, SARIF). Failures that are not findings about the
// served card (bad input, refused target, unreachable host, timeout) give
// none.
func (e *Error) Diagnostics() []lint.Diagnostic {
	switch e.Kind {
	case KindNotFound, KindRemoteStatus:
		return []lint.Diagnostic{diag(CodeStatus, e.Message)}
	case KindTooLarge:
		return []lint.Diagnostic{diag(CodeTooLarge, e.Message)}
	case KindNotJSON:
		return []lint.Diagnostic{diag(CodeNotJSON, e.Message)}
	case KindRedirectLoop, KindTooManyRedirects, KindBadRedirect:
		return []lint.Diagnostic{diag(CodeRedirects, e.Message)}
	}
	return nil
}
