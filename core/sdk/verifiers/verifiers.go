//go:build !remoteverify

// Package verifiers tells, for a card whose signatures were checked with
// keys (core/signature), which official SDK's verifier would accept each
// signature: the facts core/sdk's matrix needs for its last column. It is
// apart from core/sdk so that the playground's engine, which verifies in a
// separate module, does not link the signature code; for the same reason
// it is not built for the checker Worker (-tags remoteverify), whose
// signatures are verified by the verifier Worker.
//
// a2a-js (src/signature.ts canonicalizeAgentCard) and a2a-python
// (utils/signing.py _canonicalize_agent_card) sign the card as their own
// types hold it: members outside the 1.0 proto are gone, proto names are
// JSON names, then empty values are removed and the rest serialized (JCS
// for a2a-js, json.dumps for a2a-python). That is core/signature's
// Stripped and Python payloads of the card reduced to its proto members,
// so the signatures are verified once more over that reduced card.
package verifiers

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
)

// Facts verifies src's signatures over each SDK's payload with the keys of
// opts (never fetching: opts.Fetch is not used; pass the keys the first
// verification found) and answers one SignatureFacts per signature. A card
// the signature code cannot read gives none.
func Facts(ctx context.Context, src []byte, opts signature.Options) []sdk.SignatureFacts {
	doc := jsonpos.Parse(src, jsonpos.Options{})
	if doc.Root == nil || doc.Root.Kind != jsonpos.Object {
		return nil
	}
	reduced := Reduced(doc.Root)
	opts.Fetch = nil
	rep, err := signature.Verify(ctx, reduced, opts)
	if err != nil {
		return nil
	}
	stripped, _ := signature.Payload(reduced, signature.Stripped)
	python, _ := signature.Payload(reduced, signature.Python)
	var out []sdk.SignatureFacts
	for _, r := range rep.Results {
		f := sdk.SignatureFacts{Index: r.Index, Accepts: map[selection.SDK]bool{}}
		if r.Outcome != signature.Verified && r.Outcome != signature.Invalid {
			out = append(out, f)
			continue
		}
		f.Checked = true
		if matched := r.Variant; matched != "" {
			p, _ := signature.Payload(reduced, matched)
			f.Accepts[selection.SDKJS] = string(p) == string(stripped)
			f.Accepts[selection.SDKPython] = string(p) == string(python)
		}
		out = append(out, f)
	}
	return out
}

// Reduced is the card as the SDKs' own types hold it: members of the 1.0
// proto only (under their JSON names; a proto name counts when the JSON
// name is absent), free-form objects as written, `signatures` kept so
// that they can be verified. Values are written back as JSON.
func Reduced(root *jsonpos.Node) []byte {
	var b strings.Builder
	writeTyped(&b, root, "AgentCard")
	return []byte(b.String())
}

func writeTyped(b *strings.Builder, n *jsonpos.Node, typ string) {
	switch {
	case n.Kind != jsonpos.Object && n.Kind != jsonpos.Array, typ == "object", typ == "string", typ == "boolean":
		writeRaw(b, n)
	case strings.HasPrefix(typ, "[]"):
		if n.Kind != jsonpos.Array {
			writeRaw(b, n)
			return
		}
		b.WriteByte('[')
		for i, e := range n.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			writeTyped(b, e, typ[2:])
		}
		b.WriteByte(']')
	case strings.HasPrefix(typ, "map["):
		if n.Kind != jsonpos.Object {
			writeRaw(b, n)
			return
		}
		elem := typ[len("map[") : len(typ)-1]
		b.WriteByte('{')
		first := true
		for _, c := range n.Children {
			if n.Get(c.Key) != c {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeString(b, c.Key)
			b.WriteByte(':')
			writeTyped(b, c, elem)
		}
		b.WriteByte('}')
	default:
		if n.Kind != jsonpos.Object {
			writeRaw(b, n)
			return
		}
		b.WriteByte('{')
		first := true
		for _, f := range card.ObjectFields(typ) {
			if f.In&card.V10 == 0 {
				continue
			}
			v := n.Get(f.Name)
			if v == nil {
				v = n.Get(selection.ProtoName(f.Name))
			}
			if v == nil {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeString(b, f.Name)
			b.WriteByte(':')
			writeTyped(b, v, f.Type)
		}
		b.WriteByte('}')
	}
}

// writeRaw writes a value as it was decoded.
func writeRaw(b *strings.Builder, n *jsonpos.Node) {
	switch n.Kind {
	case jsonpos.Null, jsonpos.Invalid:
		b.WriteString("null")
	case jsonpos.Bool:
		if n.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jsonpos.Number:
		b.WriteString(n.Str)
	case jsonpos.String:
		writeString(b, n.Str)
	case jsonpos.Array:
		b.WriteByte('[')
		for i, e := range n.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			writeRaw(b, e)
		}
		b.WriteByte(']')
	case jsonpos.Object:
		b.WriteByte('{')
		first := true
		for _, c := range n.Children {
			if n.Get(c.Key) != c {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeString(b, c.Key)
			b.WriteByte(':')
			writeRaw(b, c)
		}
		b.WriteByte('}')
	}
}

func writeString(b *strings.Builder, s string) {
	q, _ := json.Marshal(s)
	b.Write(q)
}
