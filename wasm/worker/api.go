package main

import (
	"errors"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
)

// checkJSON is /api/check's answer: the CLI's result object (input, era,
// counts, diagnostics) plus the card URL, the HTTP facts, what clients
// would select, the header-less variant when there is one, and what was
// learned from the live agent: `probes` (probe=1; the same objects as
// `agentcard lint --probe --format json`), `signatures` (a signed card),
// `sdks` (each official SDK's choice beside the specification's),
// `matrix` (the compatibility matrix, core/sdk.Check) and
// `extended` (POST with "extended": true).
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
	Signatures  *signaturesJSON       `json:"signatures,omitempty"`
	SDKs        []selection.SDKChoice `json:"sdks"`
	Matrix      []sdk.Row             `json:"matrix"`
	Extended    *extended.Result      `json:"extended,omitempty"`
}

// signaturesJSON is the check of a signed card's signatures: one result
// per signature (its outcome sentence in the request's language, and as
// data), the specification's canonical payload that was verified, and
// the error when the card has no canonical form at all.
type signaturesJSON struct {
	Payload   string          `json:"payload,omitempty"`
	Results   []signatureJSON `json:"results"`
	Unchecked int             `json:"unchecked,omitempty"`
	Error     string          `json:"error,omitempty"`
	ErrorID   string          `json:"errorId,omitempty"`
}

type signatureJSON struct {
	Index     int                 `json:"index"`
	Outcome   signature.Outcome   `json:"outcome"`
	Alg       string              `json:"alg,omitempty"`
	Kid       string              `json:"kid,omitempty"`
	JKU       string              `json:"jku,omitempty"`
	KeySource signature.KeySource `json:"keySource,omitempty"`
	Variant   signature.Variant   `json:"variant,omitempty"`
	Message   string              `json:"message"`
	MessageID string              `json:"messageId"`
	Args      []any               `json:"args,omitempty"`
}

func newSignaturesJSON(rep *signature.Report, err error, cat *i18n.Catalogue) *signaturesJSON {
	out := &signaturesJSON{Results: []signatureJSON{}}
	if err != nil {
		var se *signature.Error
		if errors.As(err, &se) {
			out.Error, out.ErrorID = cat.Render(se.Text), se.Text.ID
		} else {
			out.Error = err.Error()
		}
		return out
	}
	out.Payload, out.Unchecked = string(rep.Payload), rep.Unchecked
	for _, r := range rep.Results {
		out.Results = append(out.Results, signatureJSON{Index: r.Index, Outcome: r.Outcome, Alg: r.Alg, Kid: r.Kid, JKU: r.JKU,
			KeySource: r.KeySource, Variant: r.Variant, Message: cat.Render(r.Text), MessageID: r.Text.ID, Args: r.Text.Args})
	}
	return out
}

type headerlessJSON struct {
	Status int          `json:"status"`
	Size   int          `json:"size"`
	Result *lint.Result `json:"result"`
}

// newCheckJSON is the answer in cat's language: messages, fix titles,
// related labels, rule URLs and the clients' sentences (the fields stay
// the same in every language).
func newCheckJSON(rep *discovery.Report, live liveResults, cat *i18n.Catalogue) checkJSON {
	res := rep.Result
	if cat.Lang() != i18n.English {
		res.Localize(cat)
		rep.HeaderlessResult.Localize(cat)
		probe.Localize(live.probes, cat)
		for i := range live.sdks {
			live.sdks[i].Localize(cat)
		}
		for i := range live.matrix {
			live.matrix[i].Localize(cat)
		}
		if live.extended != nil {
			live.extended.Localize(cat)
		}
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
	out.Probes, out.SDKs, out.Extended = live.probes, live.sdks, live.extended
	if out.SDKs == nil {
		out.SDKs = []selection.SDKChoice{}
	}
	out.Matrix = live.matrix
	if out.Matrix == nil {
		out.Matrix = []sdk.Row{}
	}
	if live.signatures != nil || live.signatureErr != nil {
		out.Signatures = newSignaturesJSON(live.signatures, live.signatureErr, cat)
	}
	return out
}
