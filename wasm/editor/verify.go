//go:build !(js && wasm) || verifier

package main

// Signature verification (core/signature) is not part of the engine the
// playground loads first: the standard library's RSA, ECDSA and Ed25519
// code would put the editor wasm over its size budget (docs/PERFORMANCE.md:
// about 0.38 MiB brotli more, 1.70 MiB in all). The page loads a second
// build of this package, made with -tags verifier (main_verify_js.go), only
// when a reader checks a signed card. Natively the function is always
// built, so the adapter's tests cover it.

import (
	"context"
	"errors"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/sdk/verifiers"
	"github.com/agentcard/agentcard/core/signature"
)

// maxPayloadShown bounds the canonical payload the page receives: a 1 MiB
// card has a payload about as large, and the panel shows it for reading.
const maxPayloadShown = 64 << 10

// SignatureView is one signature's verification.
type SignatureView struct {
	Index   int    `json:"index"`
	Outcome string `json:"outcome"`
	Alg     string `json:"alg,omitempty"`
	Kid     string `json:"kid,omitempty"`
	JKU     string `json:"jku,omitempty"`
	// Variant is the payload the signature was made over when it is not
	// the specification's (an SDK's); Message explains the outcome.
	Variant string `json:"variant,omitempty"`
	Message string `json:"message"`
	From    int    `json:"from"`
	To      int    `json:"to"`
}

// VerifyResult is agentcard.verify's answer.
type VerifyResult struct {
	Results   []SignatureView `json:"results"`
	Unchecked int             `json:"unchecked,omitempty"`
	// Payload is the specification's canonical payload (the bytes a
	// client following §8.4 verifies), cut at maxPayloadShown bytes
	// (PayloadClipped) on a character boundary.
	Payload        string `json:"payload"`
	PayloadClipped bool   `json:"payloadClipped,omitempty"`
	// KeyError says why the pasted key could not be read; the signatures
	// are then checked without it (so each says which key it needs).
	KeyError string `json:"keyError,omitempty"`
	// Error says why the card cannot be checked at all.
	Error string `json:"error,omitempty"`
	// Matrix is the compatibility matrix's verifies column with the
	// pasted key: per SDK, does its verifier accept one of the
	// signatures (core/sdk/verifiers); empty without a usable key.
	Matrix []MatrixVerdict `json:"matrix"`
}

// MatrixVerdict is one SDK's verifies cell.
type MatrixVerdict struct {
	SDK string `json:"sdk"`
	MatrixCell
}

// Verify checks every signature of the card with the key the reader
// pasted (a public JWK or a JWKS; "" for none). A jku is never fetched
// from the browser: a signature whose key only its jku names is
// key-unavailable, with the message saying so.
func Verify(src []byte, key string) VerifyResult {
	out := VerifyResult{Results: []SignatureView{}, Matrix: []MatrixVerdict{}}
	var opts signature.Options
	if key != "" {
		ks, err := signature.ParseKeys([]byte(key))
		if err != nil {
			out.KeyError = errorText(err)
		} else {
			opts.Keys = ks
		}
	}
	rep, err := signature.Verify(context.Background(), src, opts)
	if err != nil {
		out.Error = errorText(err)
		return out
	}
	out.Unchecked = rep.Unchecked
	p := rep.Payload
	if len(p) > maxPayloadShown {
		cut := maxPayloadShown
		for cut > 0 && p[cut]&0xC0 == 0x80 {
			cut--
		}
		p, out.PayloadClipped = p[:cut], true
	}
	out.Payload = string(p)
	var sigs *jsonpos.Node
	if doc := jsonpos.Parse(src, jsonpos.Options{}); doc.Root != nil && doc.Root.Kind == jsonpos.Object {
		sigs = doc.Root.Get("signatures")
	}
	var offs []int
	for _, r := range rep.Results {
		if n := entry(sigs, r.Index); n != nil {
			offs = append(offs, n.Start, n.End)
		}
	}
	u16 := jsonpos.UTF16Offsets(src, offs)
	for _, r := range rep.Results {
		v := SignatureView{Index: r.Index, Outcome: string(r.Outcome), Alg: r.Alg, Kid: r.Kid, JKU: r.JKU, Message: render(r.Text)}
		if r.Variant != signature.Spec {
			v.Variant = string(r.Variant)
		}
		if n := entry(sigs, r.Index); n != nil {
			v.From, v.To = u16[n.Start], u16[n.End]
		}
		out.Results = append(out.Results, v)
	}
	if opts.Keys != nil {
		facts := verifiers.Facts(context.Background(), src, signature.Options{Keys: opts.Keys})
		doc := jsonpos.Parse(src, jsonpos.Options{})
		for _, r := range matrixRows(sdk.Compare(doc, sdk.Options{Signatures: facts}).Matrix) {
			out.Matrix = append(out.Matrix, MatrixVerdict{SDK: r.SDK, MatrixCell: r.Verifies})
		}
	}
	return out
}

// entry is element i of the signatures array, or nil.
func entry(sigs *jsonpos.Node, i int) *jsonpos.Node {
	if sigs == nil || sigs.Kind != jsonpos.Array || i < 0 || i >= len(sigs.Children) {
		return nil
	}
	return sigs.Children[i]
}

// errorText says err in the engine's language when it is a signature
// package error (its words are data), else as the error says it.
func errorText(err error) string {
	var se *signature.Error
	if errors.As(err, &se) {
		return render(se.Text)
	}
	return err.Error()
}
