package sdk

import (
	"context"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// GoFacts is what a2a-go itself did with a card (core/sdk/gorun runs it:
// its default card parser, then its client factory and one GetTask call
// stopped before anything is sent). It is plain data, so that the library
// can run in another process: the CLI runs it in its companion program
// agentcard-a2a (cmd/internal/companion), which keeps a2a-go's package
// initialisers out of every agentcard start; the meaning of the facts is
// decided here, by goRunOf.
type GoFacts struct {
	// ParseError is the parser's error; the rest is empty then.
	ParseError string `json:"parseError,omitempty"`
	// Reads is what the parser read.
	Reads *Reads `json:"reads,omitempty"`
	// Panic is what the library panicked with (a null interface entry).
	Panic string `json:"panic,omitempty"`
	// NoneCompatible: the factory found no transport it supports.
	NoneCompatible bool `json:"noneCompatible,omitempty"`
	// ClientError is any other error of the factory or of the call.
	ClientError string `json:"clientError,omitempty"`
	// URL and Version are where the stopped call would have gone.
	URL     string `json:"url,omitempty"`
	Version string `json:"version,omitempty"`
}

// GoRunner runs a2a-go on a card's bytes. An error means the library
// could not be run (the companion is missing, or broke): the row then
// comes from the model, and the error's words (i18n.AsText) say why.
type GoRunner func(ctx context.Context, src []byte) (GoFacts, error)

// goRun is what a2a-go did with a card: its reader's outcome and what it
// read, and its client's choice, in the shapes the models answer with.
type goRun struct {
	reading selection.CardReading
	result  selection.Result
}

// goRunOf reads the facts of a2a-go v2.4.0's run on doc. Logging was
// discarded; a panic inside the library is an error outcome.
func goRunOf(doc *jsonpos.Doc, f GoFacts) goRun {
	var out goRun
	name := selection.SDKGo.Name()
	fail := func(t i18n.Text) goRun {
		r := selection.Result{Outcome: selection.SDKError, Index: -1, Client: name, SDK: string(selection.SDKGo), Trace: []selection.Step{}}
		r.MessageText = i18n.T("msg.sdk.error", name, t)
		return goRun{reading: out.reading, result: r}
	}
	if f.ParseError != "" || f.Reads == nil {
		out.reading.Refusal = &selection.Refusal{SDK: selection.SDKGo, Kind: selection.RefuseType, Text: i18n.T("phrase.sdk.run.error", clip(f.ParseError))}
		if m := selection.ReadCard(doc.Root, selection.SDKGo); m.Refusal != nil && doc.Root != nil {
			// the model names the place and the upstream issue
			out.reading.Refusal.Node, out.reading.Refusal.Issue, out.reading.Refusal.SpecShaped = m.Refusal.Node, m.Refusal.Issue, m.Refusal.SpecShaped
		}
		return fail(i18n.T("phrase.sdk.read.refused", out.reading.Refusal.Text))
	}
	out.reading = selection.CardReading{Interfaces: f.Reads.Interfaces, SecurityRequirements: f.Reads.SecurityRequirements, ExtendedCard: f.Reads.ExtendedCard}
	if out.reading.SecurityRequirements == nil {
		out.reading.SecurityRequirements = []map[string][]string{}
	}
	switch {
	case f.Panic != "":
		return fail(i18n.T("phrase.sdk.run.panic", clip(f.Panic)))
	case f.NoneCompatible:
		r := selection.Result{Outcome: selection.NoCompatibleInterface, Index: -1, Client: name, SDK: string(selection.SDKGo), Trace: []selection.Step{}}
		r.MessageText = i18n.T("msg.sdk.none", name)
		return goRun{reading: out.reading, result: r}
	case f.ClientError != "":
		return fail(i18n.T("phrase.sdk.run.error", clip(f.ClientError)))
	}
	// the entry is the one with that URL; the model's reading of the same
	// card gives its place and words when it agrees
	model := selection.SelectSDK(doc, selection.SDKGo, selection.SDKOptions{})
	if model.Outcome == selection.Selected && model.URL == f.URL && model.Speaks == f.Version {
		out.result = model
		return out
	}
	r := selection.Result{Outcome: selection.Selected, Index: -1, Client: name, SDK: string(selection.SDKGo), URL: f.URL, Speaks: f.Version, Trace: []selection.Step{}}
	for _, it := range card.Interfaces(doc.Root) {
		if it.URL == f.URL {
			r.Index, r.Source, r.ProtocolBinding, r.ProtocolVersion, r.Tenant = it.Index, it.Source, it.Binding, it.Version, it.Tenant
			break
		}
	}
	r.MessageText = i18n.T("msg.sdk.matrix.go-ran", name, r.Index, jsonpos.QuoteClipped(f.URL), f.Version)
	out.result = r
	return out
}

func clip(s string) string { return jsonpos.Clip(s, 300) }
