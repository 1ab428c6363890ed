package discovery

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
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
	Result *findings.Result
	// Headerless is set when a request without A2A-Version got other
	// bytes; HeaderlessResult is the lint of those bytes.
	Headerless         *Variant
	HeaderlessResult   *findings.Result
	HeaderlessNote     string
	HeaderlessNoteText i18n.Text // HeaderlessNote as data
}

// Fetch fetches the card that input names (a domain, a site URL or a card
// URL) through d under policy p, and checks both the card and how it is
// served. It is what `agentcard lint https://…` and the Worker's /check
// call. A failure is an *Error: its Kind and HTTPStatus say what happened,
// Message and Hint are for people, and Diagnostics gives the findings the
// failure amounts to (for JSON and SARIF output).
func Fetch(ctx context.Context, d Doer, input string, p Policy, lint findings.Linter) (*Report, error) {
	f, err := FetchRaw(ctx, d, input, p)
	if err != nil {
		return nil, err
	}
	return Analyze(f, lint, findings.Options{}), nil
}

// Analyze lints a fetched body with lint (lint.Lint: this package checks
// how a card is served, not the card) and adds the HTTP findings.
func Analyze(f *Fetched, lint findings.Linter, opts findings.Options) *Report {
	rep := &Report{Input: f.Input, URL: f.URL, Facts: f.Facts, Body: f.Body,
		Headerless: f.Headerless, HeaderlessNote: f.HeaderlessNote, HeaderlessNoteText: f.HeaderlessNoteText}
	res := lint(f.Body, opts)
	res.Input = f.Input
	if f.Headerless != nil {
		rep.HeaderlessResult = lint(f.Headerless.Body, opts)
		rep.HeaderlessResult.Input = f.Input + " (without A2A-Version)"
		f.Headerless.Era = string(rep.HeaderlessResult.Era)
	}
	extra := httpDiagnostics(&f.Facts)
	if f.Headerless != nil {
		extra = append(extra, httpFinding(CodeVariesByVersion, i18n.T("msg.http-varies-by-version",
			f.Headerless.Status, f.Headerless.Size, f.Headerless.Era, string(res.Era))))
	}
	Merge(res, extra)
	rep.Result = res
	return rep
}

// Merge puts findings that belong to no place in the card (HTTP findings)
// in front of a result's diagnostics and recounts.
func Merge(res *findings.Result, extra []diag.Diagnostic) {
	if len(extra) == 0 {
		return
	}
	res.Diagnostics = append(extra, res.Diagnostics...)
	res.Errors, res.Warnings, res.Infos = 0, 0, 0
	for _, d := range res.Diagnostics {
		switch d.Severity {
		case diag.Error:
			res.Errors++
		case diag.Warning:
			res.Warnings++
		case diag.Info:
			res.Infos++
		}
	}
}

// docStart is where document-wide findings point.
var docStart = diag.Range{Start: diag.Position{Line: 1, Column: 1}, End: diag.Position{Line: 1, Column: 1}}

// diag is an HTTP finding: its message as data (so that
// lint.LocalizeDiagnostics can say it in another language) and in English.
func httpFinding(code string, msg i18n.Text) diag.Diagnostic {
	sev := diag.SeverityOf(code)
	return diag.Diagnostic{Code: code, Severity: sev, MessageID: msg.ID, Args: msg.Args,
		Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), diag.MaxMessage), Range: docStart, URL: diag.RuleURL(code)}
}

// httpDiagnostics checks the facts of a successful fetch.
func httpDiagnostics(f *Facts) []diag.Diagnostic {
	var out []diag.Diagnostic
	if f.Status != 200 {
		out = append(out, httpFinding(CodeStatus, i18n.T("msg.http-status-not-ok", strings.TrimSpace(strconv.Itoa(f.Status)+" "+f.StatusText))))
	}
	switch mt := mediaType(f.ContentType); {
	case f.ContentType == "":
		out = append(out, httpFinding(CodeContentType, i18n.T("msg.http-content-type.missing")))
	case mt != "application/a2a+json" && mt != "application/json":
		out = append(out, httpFinding(CodeContentType, i18n.T("msg.http-content-type", jsonpos.QuoteClipped(f.ContentType))))
	}
	switch {
	case f.CacheControl == "":
		out = append(out, httpFinding(CodeCacheMaxAge, i18n.T("msg.http-cache-max-age.missing")))
	case !hasDirective(f.CacheControl, "max-age") && !hasDirective(f.CacheControl, "s-maxage") && !hasDirective(f.CacheControl, "no-store"):
		out = append(out, httpFinding(CodeCacheMaxAge, i18n.T("msg.http-cache-max-age", jsonpos.QuoteClipped(f.CacheControl))))
	}
	if f.ETag == "" {
		out = append(out, httpFinding(CodeETag, i18n.T("msg.http-etag-missing")))
	}
	if f.LastModified == "" {
		out = append(out, httpFinding(CodeLastModified, i18n.T("msg.http-last-modified-missing")))
	}
	if len(f.Redirects) > 0 {
		hops := make([]string, 0, len(f.Redirects))
		for _, h := range f.Redirects {
			hops = append(hops, h.URL+" ("+strconv.Itoa(h.Status)+")")
		}
		hops = append(hops, f.FinalURL)
		out = append(out, httpFinding(CodeRedirects, i18n.T("msg.http-redirects", len(f.Redirects), strings.Join(hops, " → "))))
	}
	if u, err := url.Parse(f.FinalURL); err == nil && u.Scheme == "http" {
		d := httpFinding(CodeInsecure, i18n.T("msg.http-insecure-url", f.FinalURL))
		if c, _ := classifyHost(u.Hostname()); c == hostLoopback {
			d = httpFinding(CodeInsecure, i18n.T("msg.http-insecure-url.local", f.FinalURL))
			d.Severity = diag.Warning
		}
		out = append(out, d)
	}
	if f.AllowOrigin == "" {
		out = append(out, httpFinding(CodeCORS, i18n.T("msg.http-cors-missing")))
	}
	if f.LegacyPath {
		first := WellKnownPath
		if len(f.Tried) > 0 {
			first = f.Tried[0].URL + " (" + strconv.Itoa(f.Tried[0].Status) + ")"
		}
		out = append(out, httpFinding(CodeLegacyPath, i18n.T("msg.http-legacy-path", first, f.FinalURL)))
	}
	return out
}

// Diagnostics are the findings a failed check amounts to, for outputs that
// list findings (JSON, SARIF). Failures that are not findings about the
// served card (bad input, refused target, unreachable host, timeout) give
// none.
func (e *Error) Diagnostics() []diag.Diagnostic {
	switch e.Kind {
	case KindNotFound, KindRemoteStatus:
		return []diag.Diagnostic{e.finding(CodeStatus)}
	case KindTooLarge:
		return []diag.Diagnostic{e.finding(CodeTooLarge)}
	case KindNotJSON:
		return []diag.Diagnostic{e.finding(CodeNotJSON)}
	case KindRedirectLoop, KindTooManyRedirects, KindBadRedirect:
		return []diag.Diagnostic{e.finding(CodeRedirects)}
	}
	return nil
}

// UnreachableDiagnostic is the error as an http-unreachable finding, for a
// card that gave no answer at all (unreachable, timed out): callers that
// check a list of cards report it per card, where a single card's caller
// treats it as an unreadable input. ok is false for other errors.
func (e *Error) UnreachableDiagnostic() (diag.Diagnostic, bool) {
	switch e.Kind {
	case KindUnreachable, KindTimeout:
		return e.finding(CodeUnreachable), true
	}
	return diag.Diagnostic{}, false
}

// finding is the error as a finding of code. An Error built by hand
// without Text (a test, a program's own failure) keeps its English words,
// which no catalogue can translate.
func (e *Error) finding(code string) diag.Diagnostic {
	if !e.Text.IsZero() {
		return httpFinding(code, e.Text)
	}
	d := httpFinding(code, i18n.Text{})
	d.MessageID, d.Message = "", jsonpos.Clip(e.Message, diag.MaxMessage)
	return d
}
