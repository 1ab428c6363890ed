package main

// The compatibility matrix (core/sdk.Check) for the playground: per
// official SDK, does its card reader load the card, which entry does its
// client select, does its verifier accept a signature. In the browser
// every row comes from the models (core/sdk runs a2a-go itself only in
// native builds); the verifies column needs the signer's key, so the
// verifier build (verify.go) answers it again once a key is pasted.

import (
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/sdk"
)

// MatrixCell is one answer: its code (yes, no, error, not-reached, n/a,
// unchecked), the short word a table shows, and the sentence behind it.
type MatrixCell struct {
	Answer  string `json:"answer"`
	Label   string `json:"label"`
	Message string `json:"message"`
	// Issue is the upstream issue about a refusal, when known.
	Issue string `json:"issue,omitempty"`
}

// MatrixRow is one SDK's line of agentcard.matrix.
type MatrixRow struct {
	SDK  string `json:"sdk"`
	Name string `json:"name"` // "a2a-go v2.4.0"
	// Basis is running-sdk, model or model-unverified; BasisLabel says it
	// in a few words, Note in a sentence; Source links the SDK's file.
	Basis      string     `json:"basis"`
	BasisLabel string     `json:"basisLabel"`
	Note       string     `json:"note"`
	Source     string     `json:"source,omitempty"`
	Loads      MatrixCell `json:"loads"`
	Selects    MatrixCell `json:"selects"`
	Verifies   MatrixCell `json:"verifies"`
}

// Matrix answers the compatibility matrix for the card, without keys.
func Matrix(src []byte) []MatrixRow {
	return matrixRows(sdk.Compare(jsonpos.Parse(src, jsonpos.Options{}), sdk.Options{}).Matrix)
}

// matrixRows puts core/sdk's rows in the engine's language.
func matrixRows(rows []sdk.Row) []MatrixRow {
	cat := catalogue()
	if cat == nil {
		cat = i18n.EnglishCatalogue()
	}
	out := make([]MatrixRow, 0, len(rows))
	for _, r := range rows {
		r.Localize(cat)
		words := r.Labels(cat)
		cell := func(i int, c sdk.Cell) MatrixCell {
			return MatrixCell{Answer: string(c.Answer), Label: words[i], Message: c.Message, Issue: c.Issue}
		}
		m := MatrixRow{SDK: string(r.SDK), Name: r.SDK.Name(), Basis: string(r.Basis), BasisLabel: r.BasisLabel(cat), Note: r.Note,
			Loads: cell(0, r.Loads), Selects: cell(1, r.Selects), Verifies: cell(2, r.Verifies)}
		if len(r.Sources) > 0 {
			m.Source = r.Sources[0].URL
		}
		out = append(out, m)
	}
	return out
}
