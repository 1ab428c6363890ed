package signature

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
)

// Variant names one way of turning a card into the bytes that are signed.
// The specification defines one (Spec); the others are what signers in
// the wild actually produce, tried only to explain a failed verification.
type Variant string

const (
	// Spec is the specification's payload (§8.4.1): the card without
	// `signatures`, default values removed by proto presence rules,
	// serialized with JCS (RFC 8785).
	Spec Variant = "spec"
	// Stripped additionally removes every empty string, list and object,
	// recursively (a container left empty goes too), as the Python and
	// JavaScript SDKs do before serializing; then JCS.
	Stripped Variant = "stripped"
	// Python is Stripped serialized by Python's
	// json.dumps(sort_keys=True, separators=(",", ":")): non-ASCII escaped
	// as \uXXXX, keys in code point order, numbers as Python floats (the
	// SDK reads the card through protobuf, whose Struct numbers are
	// doubles). This is the Python SDK's canonical form.
	Python Variant = "python"
	// AsWritten is the card without `signatures`, nothing else removed,
	// in JCS: what a signer produces when it skips the presence rules.
	AsWritten Variant = "as-written"
)

// Variants lists every payload variant in the order Verify tries them.
func Variants() []Variant { return []Variant{Spec, Stripped, Python, AsWritten} }

// Canonical returns the payload the specification signs for card (a JSON
// document): the bytes a client following §8.4 verifies against. Shown in
// reports so that publishers can compare it with what their signer
// produced. Problems with the card are *Error.
func Canonical(card []byte) ([]byte, error) { return Payload(card, Spec) }

// Payload returns the bytes variant v signs for card.
func Payload(card []byte, v Variant) ([]byte, error) {
	root, err := decode(card)
	if err != nil {
		return nil, err
	}
	if root.kind != kObject {
		return nil, errText("msg.signature-card.not-object")
	}
	return payloadOf(root, v), nil
}

// payloadOf builds variant v's payload from a decoded card (it does not
// modify root).
func payloadOf(root *value, v Variant) []byte {
	body := withoutSignatures(root)
	if v == AsWritten {
		return appendJCS(nil, body)
	}
	body = prune(body, "AgentCard")
	if v == Spec {
		return appendJCS(nil, body)
	}
	body = stripEmpty(body)
	if body == nil {
		// Python's json.dumps(None); JavaScript would give undefined.
		return []byte("null")
	}
	if v == Python {
		return appendPython(nil, body)
	}
	return appendJCS(nil, body)
}

func withoutSignatures(root *value) *value {
	out := &value{kind: kObject}
	for _, m := range root.obj {
		if m.key != "signatures" {
			out.obj = append(out.obj, m)
		}
	}
	return out
}

// prune applies proto3 presence to an object of catalogue type typ
// (§8.4.1): members not in the catalogue are kept as written (the
// specification has no rule for them, and dropping them would let an
// attacker add any); nulls mean "not set" and go; a member with proto3
// `optional` presence or marked REQUIRED stays whatever its value; any
// other member goes when it holds its type's default ("", false, 0, an
// empty list or map). Message-typed members have presence in proto3 and
// stay even when empty; free-form objects (google.protobuf.Struct) are
// kept exactly.
func prune(v *value, typ string) *value {
	if v.kind != kObject {
		return v
	}
	if typ == "SecurityScheme" && v.get("type") != nil {
		typ = "LegacySecurityScheme" // a 0.2/0.3 scheme (OpenAPI style)
	}
	out := &value{kind: kObject}
	for _, m := range v.obj {
		f := card.LookupAny(typ, m.key)
		if f == nil {
			out.obj = append(out.obj, m)
			continue
		}
		if m.val.kind == kNull {
			continue
		}
		keep := f.Optional || required(f)
		if !keep && isDefault(m.val) && !isMessage(f.Type) {
			continue
		}
		out.obj = append(out.obj, member{m.key, pruneTyped(m.val, f.Type)})
	}
	return out
}

// required reports whether the field is REQUIRED where it is defined: in
// 1.0 for 1.0 fields, in 0.2/0.3 for fields only those eras have.
func required(f *card.Field) bool {
	if f.In&card.V10 != 0 {
		return f.Required&card.V10 != 0
	}
	return f.Required != 0
}

func isMessage(typ string) bool {
	switch {
	case typ == "string", typ == "boolean", typ == "number", typ == "integer":
		return false
	case strings.HasPrefix(typ, "[]"), strings.HasPrefix(typ, "map["):
		return false
	}
	return true // a catalogue type, or "object" (Struct)
}

func isDefault(v *value) bool {
	switch v.kind {
	case kBool:
		return !v.b
	case kNumber:
		return v.f == 0
	case kString:
		return v.s == ""
	case kArray:
		return len(v.arr) == 0
	case kObject:
		return len(v.obj) == 0
	}
	return v.kind == kNull
}

// pruneTyped walks into a value of type expression typ; list elements and
// map values are never removed (proto serializes them all), only pruned
// inside when they are messages.
func pruneTyped(v *value, typ string) *value {
	switch {
	case typ == "object", !isMessage(typ) && !strings.HasPrefix(typ, "[]") && !strings.HasPrefix(typ, "map["):
		return v
	case strings.HasPrefix(typ, "[]"):
		if v.kind != kArray {
			return v
		}
		out := &value{kind: kArray, arr: make([]*value, len(v.arr))}
		for i, e := range v.arr {
			out.arr[i] = pruneTyped(e, typ[2:])
		}
		return out
	case strings.HasPrefix(typ, "map[") && strings.HasSuffix(typ, "]"):
		if v.kind != kObject {
			return v
		}
		elem := typ[len("map[") : len(typ)-1]
		out := &value{kind: kObject, obj: make([]member, len(v.obj))}
		for i, m := range v.obj {
			out.obj[i] = member{m.key, pruneTyped(m.val, elem)}
		}
		return out
	}
	return prune(v, typ)
}

// stripEmpty removes empty strings, lists and objects and nulls,
// recursively, as the SDKs' clean-up does: a list or object that becomes
// empty is removed from its parent in turn. Booleans and numbers stay.
// It returns nil when v itself is empty.
func stripEmpty(v *value) *value {
	switch v.kind {
	case kNull:
		return nil
	case kString:
		if v.s == "" {
			return nil
		}
	case kArray:
		out := &value{kind: kArray}
		for _, e := range v.arr {
			if c := stripEmpty(e); c != nil {
				out.arr = append(out.arr, c)
			}
		}
		if len(out.arr) == 0 {
			return nil
		}
		return out
	case kObject:
		out := &value{kind: kObject}
		for _, m := range v.obj {
			if c := stripEmpty(m.val); c != nil {
				out.obj = append(out.obj, member{m.key, c})
			}
		}
		if len(out.obj) == 0 {
			return nil
		}
		return out
	}
	return v
}
