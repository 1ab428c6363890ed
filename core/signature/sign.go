//go:build !remoteverify

package signature

import (
	"crypto"
	"encoding/base64"
	"encoding/json"
	"strings"
)

// SignOptions are the protected header of a new signature.
type SignOptions struct {
	// Alg is the JWS algorithm; empty picks the key's usual one (ES256,
	// ES384, ES512 by curve, RS256, EdDSA).
	Alg string
	// Kid names the key (required by §8.4.2); JKU, when set, is where
	// verifiers can fetch the key set that holds it.
	Kid string
	JKU string
}

// Sign returns card with a new entry in `signatures`: a detached JWS over
// the specification's payload, protected header {alg, kid, typ "JOSE",
// jku}. The rest of the text is kept byte for byte, so a reviewer's diff
// shows only the signature; an existing signature with the same kid is
// replaced (signing again after an edit), others are kept (they sign
// the same payload, so they stay valid or stay invalid). The new
// signature is checked before it is returned.
func Sign(card []byte, key crypto.Signer, o SignOptions) ([]byte, error) {
	if key == nil {
		return nil, errText("msg.signature-key.private")
	}
	pub := key.Public()
	if defaultAlg(pub) == "" {
		return nil, errText("msg.signature-key.type")
	}
	alg := o.Alg
	if alg == "" {
		alg = defaultAlg(pub)
	}
	if strings.EqualFold(alg, "none") || isHMAC(alg) || algorithms[alg].fam == 0 {
		return nil, errText("msg.signature-key.alg", quoteArg(alg), keyKind(pub))
	}
	if !keyFits(alg, pub) {
		return nil, errText("msg.signature-key.alg", quoteArg(alg), keyKind(pub))
	}
	if o.Kid == "" {
		return nil, errText("msg.signature-key.no-kid")
	}
	payload, err := Canonical(card)
	if err != nil {
		return nil, err
	}
	var hb strings.Builder
	enc := json.NewEncoder(&hb)
	enc.SetEscapeHTML(false) // a jku with & stays readable once decoded
	_ = enc.Encode(struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
		Typ string `json:"typ"`
		JKU string `json:"jku,omitempty"`
	}{alg, o.Kid, "JOSE", o.JKU})
	protected := base64.RawURLEncoding.EncodeToString([]byte(strings.TrimSuffix(hb.String(), "\n")))
	input := []byte(protected + "." + base64.RawURLEncoding.EncodeToString(payload))
	sig, err := sign(alg, key, input)
	if err != nil {
		if _, ok := err.(*Error); ok {
			return nil, err
		}
		return nil, errText("msg.signature-key.signer")
	}
	if ok, _ := check(alg, pub, input, sig); !ok {
		return nil, errText("msg.signature-key.signer")
	}
	return insertSignature(card, o.Kid, protected, base64.RawURLEncoding.EncodeToString(sig)), nil
}

// SignJWK signs card with a private JWK (the file `agentcard sign --key`
// reads). kid and alg default to the JWK's own; a JWKS must hold exactly
// one private key.
func SignJWK(card, jwk []byte, kid, jku string) ([]byte, error) {
	set, err := ParseKeys(jwk)
	if err != nil {
		return nil, err
	}
	var k *Key
	for _, c := range set {
		if c.Private != nil {
			if k != nil {
				return nil, errText("msg.signature-key.several")
			}
			k = c
		}
	}
	if k == nil {
		return nil, errText("msg.signature-key.private")
	}
	if kid == "" {
		kid = k.ID
	}
	return Sign(card, k.Private, SignOptions{Alg: k.Alg, Kid: kid, JKU: jku})
}

// rootLayout is where a new signature goes in a card's text.
type rootLayout struct {
	open, close int // offsets of the root's braces
	firstKey    int // offset of the first member's key, -1 when empty
	lastEnd     int // end of the last member's value
	sigStart    int // the `signatures` value, -1 when absent
	sigEnd      int
	sigElems    [][2]int // its elements, when it is an array
	colon       string   // ":" or ": " as the card writes it
}

// insertSignature adds the entry to card's text (which decode accepted).
func insertSignature(card []byte, kid, protected, sig string) []byte {
	l := layout(card)
	indent := ""
	if l.firstKey > 0 {
		gap := string(card[l.open+1 : l.firstKey])
		if i := strings.LastIndexByte(gap, '\n'); i >= 0 {
			indent = gap[i+1:]
			if indent == "" {
				indent = "  "
			}
		}
	}
	pretty := strings.Contains(string(card[l.open:min(l.close, l.open+4096)]), "\n")
	if pretty && indent == "" {
		indent = "  "
	}
	var entry string
	if pretty {
		in := indent + indent + indent
		entry = "{\n" + in + `"protected"` + l.colon + `"` + protected + "\",\n" + in + `"signature"` + l.colon + `"` + sig + "\"\n" + indent + indent + "}"
	} else {
		entry = `{"protected"` + l.colon + `"` + protected + `","signature"` + l.colon + `"` + sig + `"}`
	}
	var elems []string
	for _, e := range l.sigElems {
		text := string(card[e[0]:e[1]])
		if kidOf(text) == kid {
			continue
		}
		elems = append(elems, text)
	}
	elems = append(elems, entry)
	var arr string
	if pretty {
		arr = "[\n" + indent + indent + strings.Join(elems, ",\n"+indent+indent) + "\n" + indent + "]"
	} else {
		arr = "[" + strings.Join(elems, ",") + "]"
	}
	var out []byte
	switch {
	case l.sigStart >= 0:
		out = append(out, card[:l.sigStart]...)
		out = append(out, arr...)
		out = append(out, card[l.sigEnd:]...)
	case l.firstKey < 0:
		out = append(out, card[:l.open+1]...)
		out = append(out, `"signatures"`+l.colon+arr...)
		out = append(out, card[l.open+1:]...)
	default:
		sep := ","
		if pretty {
			sep = ",\n" + indent
		}
		out = append(out, card[:l.lastEnd]...)
		out = append(out, sep+`"signatures"`+l.colon+arr...)
		out = append(out, card[l.lastEnd:]...)
	}
	return out
}

func kidOf(entry string) string {
	var e struct {
		Protected string `json:"protected"`
	}
	if json.Unmarshal([]byte(entry), &e) != nil {
		return ""
	}
	raw, err := base64.RawURLEncoding.DecodeString(e.Protected)
	if err != nil {
		return ""
	}
	var h struct {
		Kid string `json:"kid"`
	}
	if json.Unmarshal(raw, &h) != nil {
		return ""
	}
	return h.Kid
}

// layout scans the root object of a valid JSON text for member bounds.
func layout(src []byte) rootLayout {
	l := rootLayout{firstKey: -1, sigStart: -1, colon: ":"}
	i := skipSpace(src, 0)
	l.open = i
	i++
	first := true
	for {
		i = skipSpace(src, i)
		if src[i] == '}' {
			l.close = i
			return l
		}
		if src[i] == ',' {
			i = skipSpace(src, i+1)
		}
		keyStart := i
		i = skipString(src, i)
		var key string
		_ = json.Unmarshal(src[keyStart:i], &key)
		colonAt := skipSpace(src, i)
		vs := skipSpace(src, colonAt+1)
		if first {
			l.firstKey = keyStart
			if vs > colonAt+1 {
				l.colon = ": "
			}
			first = false
		}
		ve := skipValue(src, vs)
		if key == "signatures" {
			// A value that is not a list is replaced: keeping it next to a
			// second "signatures" would make the card's names ambiguous.
			l.sigStart, l.sigEnd = vs, ve
			if src[vs] == '[' {
				l.sigElems = arrayElems(src, vs)
			}
		}
		l.lastEnd = ve
		i = ve
	}
}

func arrayElems(src []byte, i int) [][2]int {
	var out [][2]int
	i++
	for {
		i = skipSpace(src, i)
		switch src[i] {
		case ']':
			return out
		case ',':
			i++
			continue
		}
		e := skipValue(src, i)
		out = append(out, [2]int{i, e})
		i = e
	}
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

func skipString(src []byte, i int) int {
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue returns the end of the value starting at i.
func skipValue(src []byte, i int) int {
	switch src[i] {
	case '"':
		return skipString(src, i)
	case '{', '[':
		depth := 0
		for ; i < len(src); i++ {
			switch src[i] {
			case '"':
				i = skipString(src, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for i < len(src) && !strings.ContainsRune(" \t\r\n,}]", rune(src[i])) {
		i++
	}
	return i
}
