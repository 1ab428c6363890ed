package sdk

import (
	"encoding/base64"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// SignatureFacts is what checking one signature with a key found, as the
// matrix needs it.
type SignatureFacts struct {
	Index int
	// Checked: a key was found and the signature was checked.
	Checked bool
	// Accepts says, per SDK, whether the signature verifies over that
	// SDK's canonical payload of the card (only when Checked).
	Accepts map[selection.SDK]bool
}

// maxSignatures bounds the signatures judged (as core/signature does).
const maxSignatures = 16

// header is what a verifier reads of a signature's protected header.
type header struct {
	readable           bool
	alg, kid, typ, any bool
}

// headers decodes each signature's protected header (base64url JSON).
func headers(doc *jsonpos.Doc) []header {
	if doc == nil || doc.Root == nil {
		return nil
	}
	sigs := doc.Root.Get("signatures")
	if sigs == nil || sigs.Kind != jsonpos.Array {
		return nil
	}
	var out []header
	for i, s := range sigs.Children {
		if i >= maxSignatures {
			break
		}
		var h header
		if p := s.Get("protected"); p != nil && p.Kind == jsonpos.String {
			if raw, err := base64.RawURLEncoding.DecodeString(p.Str); err == nil {
				if hd := jsonpos.Parse(raw, jsonpos.Options{}); hd.Root != nil && hd.Root.Kind == jsonpos.Object && len(hd.Problems) == 0 {
					h.readable = true
					h.alg, h.kid, h.typ = jsTruthyString(hd.Root.Get("alg")), jsTruthyString(hd.Root.Get("kid")), jsTruthyString(hd.Root.Get("typ"))
				}
			}
		}
		out = append(out, h)
	}
	return out
}

// jsTruthyString: a header member a2a-js counts as present (`!h.kid` is
// false): a non-empty string, or any other value JavaScript calls true.
func jsTruthyString(n *jsonpos.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case jsonpos.String:
		return n.Str != ""
	case jsonpos.Bool:
		return n.Bool
	case jsonpos.Object, jsonpos.Array:
		return true
	case jsonpos.Number:
		return n.Str != "0" && n.Str != "-0" && n.Str != "0.0"
	}
	return false
}

// verifies is the matrix's last column: does sdk's verifier accept one of
// the card's signatures? a2a-go has none; a2a-js (verifyAgentCardSignature,
// src/signature.ts) needs kid, typ and alg in the protected header and
// verifies over its own payload (the card through AgentCard.fromJSON and
// toJSON, empty values removed, JCS); a2a-python
// (create_signature_verifier, utils/signing.py) needs only a header it can
// decode and verifies over its payload (MessageToDict, empty values
// removed, json.dumps). Whether a signature fits a payload needs the key,
// so without facts the answer is unchecked, or no when no header passes.
func verifies(doc *jsonpos.Doc, s selection.SDK, facts []SignatureFacts) Cell {
	hs := headers(doc)
	if len(hs) == 0 {
		return cell(NotApplicable, i18n.T("msg.sdk.matrix.verifies.unsigned"))
	}
	if s == selection.SDKGo {
		return cell(NotApplicable, i18n.T("msg.sdk.matrix.verifies.no-verifier", s.Name()))
	}
	usable := func(h header) bool {
		if s == selection.SDKJS {
			return h.readable && h.alg && h.kid && h.typ
		}
		return h.readable
	}
	any := false
	for _, h := range hs {
		any = any || usable(h)
	}
	if !any {
		id := "msg.sdk.matrix.verifies.unreadable"
		if s == selection.SDKJS {
			id = "msg.sdk.matrix.verifies.js-header"
		}
		return cell(No, i18n.T(id, s.Name()))
	}
	checked := false
	for _, f := range facts {
		if f.Index < 0 || f.Index >= len(hs) || !usable(hs[f.Index]) || !f.Checked {
			continue
		}
		checked = true
		if f.Accepts[s] {
			c := cell(Yes, i18n.T("msg.sdk.matrix.verifies.yes", s.Name(), f.Index))
			c.Index = f.Index
			return c
		}
	}
	if checked {
		return cell(No, i18n.T("msg.sdk.matrix.verifies.no", s.Name()))
	}
	return cell(Unchecked, i18n.T("msg.sdk.matrix.verifies.unchecked", s.Name()))
}
