package discovery

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
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
	Headerless         *Variant
	HeaderlessResult   *lint.Result
	HeaderlessNote     string
	HeaderlessNoteText i18n.Text // HeaderlessNote as data
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
		Headerless: f.Headerless, HeaderlessNote: f.HeaderlessNote, HeaderlessNoteText: f.HeaderlessNoteText}
	res := lint.Lint(f.Body, opts)
	res.Input = f.Input
	if f.Headerless != nil {
		rep.HeaderlessResult = lint.Lint(f.Headerless.Body, opts)
		rep.HeaderlessResult.Input = f.Input + " (without A2A-Version)"
		f.Headerless.Era = string(rep.HeaderlessResult.Era)
	}
	extra := httpDiagnostics(&f.Facts)
	if f.Headerless != nil {
		extra = append(extra, diag(CodeVariesByVersion, i18n.T("msg.http-varies-by-version",
			f.Headerless.Status, f.Headerless.Size, f.Headerless.Era, string(res.Era))))
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

// diag is an HTTP finding: its message as data (so that
// lint.LocalizeDiagnostics can say it in another language) and in English.
func diag(code string, msg i18n.Text) lint.Diagnostic {
	sev := lint.Error
	if r := lint.RuleFor(code); r != nil {
		sev = r.Severity
	}
	return lint.Diagnostic{Code: code, Severity: sev, MessageID: msg.ID, Args: msg.Args,
		Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), lint.MaxMessage), Range: docStart, URL: lint.RuleURL(code)}
}

// httpDiagnostics checks the facts of a successful fetch.
func httpDiagnostics(f *Facts) []lint.Diagnostic {
	var out []lint.Diagnostic
	if f.Status != 200 {
		out = append(out, diag(CodeStatus, i18n.T("msg.http-status-not-ok", strings.TrimSpace(strconv.Itoa(f.Status)+" "+f.StatusText))))
	}
	switch mt := mediaType(f.ContentType); {
	case f.ContentType == "":
		out = append(out, diag(CodeContentType, i18n.T("msg.http-content-type.missing")))
	case mt != "application/a2a+json" && mt != "application/json":
		out = append(out, diag(CodeContentType, i18n.T("msg.http-content-type", jsonpos.QuoteClipped(f.ContentType))))
	}
	switch {
	case f.CacheControl == "":
		out = append(out, diag(CodeCacheMaxAge, i18n.T("msg.http-cache-max-age.missing")))
	case !hasDirective(f.CacheControl, "max-age") && !hasDirective(f.CacheControl, "s-maxage") && !hasDirective(f.CacheControl, "no-store"):
		out = append(out, diag(CodeCacheMaxAge, i18n.T("msg.http-cache-max-age", jsonpos.QuoteClipped(f.CacheControl))))
	}
	if f.ETag == "" {
		out = append(out, diag(CodeETag, i18n.T("msg.http-etag-missing")))
	}
	if f.LastModified == "" {
		out = append(out, diag(CodeLastModified, i18n.T("msg.http-last-modified-missing")))
	}
	if len(f.Redirects) > 0 {
		hops := make([]string, 0, len(f.Redirects))
		for _, h := range f.Redirects {
			hops = append(hops, h.URL+" ("+strconv.Itoa(h.Status)+")")
		}
		hops = append(hops, f.FinalURL)
		out = append(out, diag(CodeRedirects, i18n.T("msg.http-redirects", len(f.Redirects), strings.Join(hops, " → "))))
	}
	if u, err := url.Parse(f.FinalURL); err == nil && u.Scheme == "http" {
		d := diag(CodeInsecure, i18n.T("msg.http-insecure-url", f.FinalURL))
		if c, _ := classifyHost(u.Hostname()); c == hostLoopback {
			d = diag(CodeInsecure, i18n.T("msg.http-insecure-url.local", f.FinalURL))
			d.Severity = lint.Warning
		}
		out = append(out, d)
	}
	if f.AllowOrigin == "" {
		out = append(out, diag(CodeCORS, i18n.T("msg.http-cors-missing")))
	}
	if f.LegacyPath {
		first := WellKnownPath
		if len(f.Tried) > 0 {
			first = f.Tried[0].URL + " (" + strconv.Itoa(f.Tried[0].Status) + ")"
		}
		out = append(out, diag(CodeLegacyPath, i18n.T("msg.http-legacy-path", first, f.FinalURL)))
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
		return []lint.Diagnostic{e.finding(CodeStatus)}
	case KindTooLarge:
		return []lint.Diagnostic{e.finding(CodeTooLarge)}
	case KindNotJSON:
		return []lint.Diagnostic{e.finding(CodeNotJSON)}
	case KindRedirectLoop, KindTooManyRedirects, KindBadRedirect:
		return []lint.Diagnostic{e.finding(CodeRedirects)}
	}
	return nil
}

// UnreachableDiagnostic is the error as an http-unreachable finding, for a
// card that gave no answer at all (unreachable, timed out): callers that
// check a list of cards report it per card, where a single card's caller
// treats it as an unreadable input. ok is false for other errors.
func (e *Error) UnreachableDiagnostic() (lint.Diagnostic, bool) {
	switch e.Kind {
	case KindUnreachable, KindTimeout:
		return e.finding(CodeUnreachable), true
	}
	return lint.Diagnostic{}, false
}

// finding is the error as a finding of code. An Error built by hand
// without Text (a test, a program's own failure) keeps its English words,
// which no catalogue can translate.
func (e *Error) finding(code string) lint.Diagnostic {
	if !e.Text.IsZero() {
		return diag(code, e.Text)
	}
	d := diag(code, i18n.Text{})
	d.MessageID, d.Message = "", jsonpos.Clip(e.Message, lint.MaxMessage)
	return d
}
