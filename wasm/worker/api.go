package main

import (
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// checkJSON is /api/check's answer: the CLI's result object (input, era,
// counts, diagnostics) plus the card URL, the HTTP facts, what clients
// would select, and the header-less variant when there is one.
type checkJSON struct {
	Input       string            `json:"input"`
	Era         string            `json:"era"`
	Errors      int               `json:"errors"`
	Warnings    int               `json:"warnings"`
	Infos       int               `json:"infos"`
	Diagnostics []lint.Diagnostic `json:"diagnostics"`
	URL         string            `json:"url"`
	HTTP        discovery.Facts   `json:"http"`
	Selection   []clientJSON      `json:"selection"`
	Headerless  *headerlessJSON   `json:"headerless,omitempty"`
}

type headerlessJSON struct {
	Status int          `json:"status"`
	Size   int          `json:"size"`
	Result *lint.Result `json:"result"`
}

// newCheckJSON is the answer in cat's language: messages, fix titles,
// related labels, rule URLs and the clients' sentences (the fields stay
// the same in every language).
func newCheckJSON(rep *discovery.Report, cat *i18n.Catalogue) checkJSON {
	res := rep.Result
	if cat.Lang() != i18n.English {
		res.Localize(cat)
		rep.HeaderlessResult.Localize(cat)
	}
	out := checkJSON{Input: rep.Input, Era: string(res.Era), Errors: res.Errors, Warnings: res.Warnings, Infos: res.Infos,
		Diagnostics: res.Diagnostics, URL: rep.URL.String(), HTTP: rep.Facts, Selection: clientsJSON(rep, cat)}
	if out.Diagnostics == nil {
		out.Diagnostics = []lint.Diagnostic{}
	}
	if out.HTTP.Redirects == nil {
		out.HTTP.Redirects = []discovery.Hop{}
	}
	if rep.Headerless != nil {
		out.Headerless = &headerlessJSON{Status: rep.Headerless.Status, Size: rep.Headerless.Size, Result: rep.HeaderlessResult}
	}
	return out
}
