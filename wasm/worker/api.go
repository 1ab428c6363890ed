package main

import (
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/selection"
)

// checkJSON is /api/check's answer: the CLI's result object (input, era,
// counts, diagnostics) plus the card URL, the HTTP facts, what clients
// would select, the header-less variant when there is one, and what was
// learned from the live agent: `probes` (probe=1; the same objects as
// `agentcard lint --probe --format json`), `claims` (probe=1; the same
// objects as `agentcard conform --format json`, checked with calls that
// create nothing: the Worker never sends a message), `signatures` (a signed card),
// `sdks` (each official SDK's choice beside the specification's),
// `matrix` (the compatibility matrix; both core/sdk.Compare, made by check.Run), `extended` (POST with "extended": true) and, when a cross-origin
// redirect kept the caller's headers from the rest of the check,
// `credentialsWithheld` with its reason.
type checkJSON struct {
	Input       string                `json:"input"`
	Era         string                `json:"era"`
	Errors      int                   `json:"errors"`
	Warnings    int                   `json:"warnings"`
	Infos       int                   `json:"infos"`
	Diagnostics []lint.Diagnostic     `json:"diagnostics"`
	URL         string                `json:"url"`
	HTTP        discovery.Facts       `json:"http"`
	Selection   []clientJSON          `json:"selection"`
	Headerless  *headerlessJSON       `json:"headerless,omitempty"`
	Probes      []probe.Result        `json:"probes,omitzero"`
	Claims      []probe.Claim         `json:"claims,omitzero"`
	Signatures  *check.SignaturesJSON `json:"signatures,omitempty"`
	SDKs        []selection.SDKChoice `json:"sdks"`
	Matrix      []sdk.Row             `json:"matrix"`
	Extended    *extended.Result      `json:"extended,omitempty"`
	// Withheld and WithheldReason say that the caller's headers were kept
	// from the rest of the check, and why (the CLI's JSON says the same).
	Withheld       bool                `json:"credentialsWithheld,omitempty"`
	WithheldReason *discovery.Withheld `json:"credentialsWithheldReason,omitempty"`
}

type headerlessJSON struct {
	Status int          `json:"status"`
	Size   int          `json:"size"`
	Result *lint.Result `json:"result"`
}

// newCheckJSON is the answer in cat's language: messages, fix titles,
// related labels, rule URLs and the clients' sentences (the fields stay
// the same in every language).
func newCheckJSON(res *check.Result, sdks []selection.SDKChoice, matrix []sdk.Row, cat *i18n.Catalogue) checkJSON {
	rep := res.Report
	lr := rep.Result
	if cat.Lang() != i18n.English {
		lr.Localize(cat)
		rep.HeaderlessResult.Localize(cat)
		probe.Localize(res.Probes, cat)
		probe.LocalizeClaims(res.Claims, cat)
		for i := range sdks {
			sdks[i].Localize(cat)
		}
		for i := range matrix {
			matrix[i].Localize(cat)
		}
		res.Extended.Localize(cat)
		res.Withheld.Localize(cat)
	}
	out := checkJSON{Input: rep.Input, Era: string(lr.Era), Errors: lr.Errors, Warnings: lr.Warnings, Infos: lr.Infos,
		Diagnostics: lr.Diagnostics, URL: rep.URL.String(), HTTP: rep.Facts, Selection: clientsJSON(res.Selections, cat)}
	if out.Diagnostics == nil {
		out.Diagnostics = []lint.Diagnostic{}
	}
	if out.HTTP.Redirects == nil {
		out.HTTP.Redirects = []discovery.Hop{}
	}
	if rep.Headerless != nil {
		out.Headerless = &headerlessJSON{Status: rep.Headerless.Status, Size: rep.Headerless.Size, Result: rep.HeaderlessResult}
	}
	out.Probes, out.SDKs, out.Extended = res.Probes, sdks, res.Extended
	out.Claims = res.Claims
	if out.SDKs == nil {
		out.SDKs = []selection.SDKChoice{}
	}
	out.Matrix = matrix
	if out.Matrix == nil {
		out.Matrix = []sdk.Row{}
	}
	out.Signatures = res.SignaturesJSON(cat)
	out.Withheld, out.WithheldReason = res.Withheld != nil, res.Withheld
	return out
}
