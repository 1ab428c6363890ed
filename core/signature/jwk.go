//go:build !remoteverify

package signature

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
)

// maxKeys bounds the keys read from one key set: a JWKS is a handful of
// keys, and a fetched one is not trusted to be small.
const maxKeys = 64

// minRSABits is the smallest RSA modulus accepted (RFC 7518 §3.3 asks
// for 2048 bits or more); maxRSABits the largest, because a key set from a
// jku is chosen by whoever wrote the card, and checking with a huge
// modulus costs time the Worker does not have.
const (
	minRSABits = 2048
	maxRSABits = 8192
)

type jwk struct {
	Kty    string   `json:"kty"`
	Kid    string   `json:"kid"`
	Alg    string   `json:"alg"`
	Use    string   `json:"use"`
	KeyOps []string `json:"key_ops"`
	Crv    string   `json:"crv"`
	X      string   `json:"x"`
	Y      string   `json:"y"`
	D      string   `json:"d"`
	N      string   `json:"n"`
	E      string   `json:"e"`
	P      string   `json:"p"`
	Q      string   `json:"q"`
}

// ParseKeys reads a JWK or a JWKS ({"keys": [...]}). Every key must be
// readable: a key set with one broken key is refused with a text naming
// the key, because silently skipping it would turn a typo into
// "key unavailable" later.
func ParseKeys(data []byte) (KeySet, error) {
	var probe struct {
		Keys json.RawMessage `json:"keys"`
		Kty  *string         `json:"kty"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, errText("msg.signature-jwk.not-json")
	}
	if probe.Keys == nil {
		if probe.Kty == nil {
			return nil, errText("msg.signature-jwk.not-jwk")
		}
		k, err := parseJWK(data, 0)
		if err != nil {
			return nil, err
		}
		k.JWK = publicOnly(data)
		return KeySet{k}, nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(probe.Keys, &raw); err != nil {
		return nil, errText("msg.signature-jwk.keys-not-list")
	}
	if len(raw) > maxKeys {
		return nil, errText("msg.signature-jwk.too-many", len(raw), maxKeys)
	}
	set := make(KeySet, 0, len(raw))
	for i, r := range raw {
		k, err := parseJWK(r, i)
		if err != nil {
			return nil, err
		}
		k.JWK = publicOnly(r)
		set = append(set, k)
	}
	return set, nil
}

// privateMembers are the JWK members that hold a private or secret key
// (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037 §2).
var privateMembers = []string{"d", "p", "q", "dp", "dq", "qi", "oth", "k"}

// publicOnly is a JWK (read already) without its private members.
func publicOnly(raw []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	for _, n := range privateMembers {
		delete(m, n)
	}
	b, _ := json.Marshal(m)
	return b
}

func b64field(s, name string, i int) ([]byte, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) == 0 {
		return nil, errText("msg.signature-jwk.member", i, name)
	}
	return b, nil
}

func parseJWK(data []byte, i int) (*Key, error) {
	var j jwk
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, errText("msg.signature-jwk.member", i, "kty")
	}
	k := &Key{ID: j.Kid, Alg: j.Alg, Use: j.Use}
	switch j.Kty {
	case "EC":
		var curve elliptic.Curve
		switch j.Crv {
		case "P-256":
			curve = elliptic.P256()
		case "P-384":
			curve = elliptic.P384()
		case "P-521":
			curve = elliptic.P521()
		default:
			return nil, errText("msg.signature-jwk.curve", i, quoteArg(j.Crv), "EC")
		}
		size := (curve.Params().BitSize + 7) / 8
		x, err := b64field(j.X, "x", i)
		if err != nil {
			return nil, err
		}
		y, err := b64field(j.Y, "y", i)
		if err != nil {
			return nil, err
		}
		if len(x) > size || len(y) > size {
			return nil, errText("msg.signature-jwk.point", i)
		}
		point := append([]byte{4}, leftPad(x, size)...)
		point = append(point, leftPad(y, size)...)
		pub, err := ecdsa.ParseUncompressedPublicKey(curve, point)
		if err != nil {
			return nil, errText("msg.signature-jwk.point", i)
		}
		k.Public = pub
		if j.D != "" {
			d, err := b64field(j.D, "d", i)
			if err != nil || len(d) > size {
				return nil, errText("msg.signature-jwk.member", i, "d")
			}
			priv, err := ecdsa.ParseRawPrivateKey(curve, leftPad(d, size))
			if err != nil || !priv.PublicKey.Equal(pub) {
				return nil, errText("msg.signature-jwk.mismatch", i)
			}
			k.Private = priv
		}
	case "RSA":
		n, err := b64field(j.N, "n", i)
		if err != nil {
			return nil, err
		}
		e, err := b64field(j.E, "e", i)
		if err != nil {
			return nil, err
		}
		E := new(big.Int).SetBytes(e)
		if !E.IsInt64() || E.Int64() < 3 || E.Int64() > 1<<31-1 || E.Bit(0) == 0 {
			return nil, errText("msg.signature-jwk.member", i, "e")
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(E.Int64())}
		if bits := pub.N.BitLen(); bits < minRSABits {
			return nil, errText("msg.signature-jwk.rsa-size", i, bits, minRSABits)
		} else if bits > maxRSABits {
			return nil, errText("msg.signature-jwk.rsa-large", i, bits, maxRSABits)
		}
		k.Public = pub
		if j.D != "" {
			d, err := b64field(j.D, "d", i)
			if err != nil {
				return nil, err
			}
			p, err := b64field(j.P, "p", i)
			if err != nil {
				return nil, err
			}
			q, err := b64field(j.Q, "q", i)
			if err != nil {
				return nil, err
			}
			priv := &rsa.PrivateKey{PublicKey: *pub, D: new(big.Int).SetBytes(d),
				Primes: []*big.Int{new(big.Int).SetBytes(p), new(big.Int).SetBytes(q)}}
			if priv.Validate() != nil {
				return nil, errText("msg.signature-jwk.mismatch", i)
			}
			priv.Precompute()
			k.Private = priv
		}
	case "OKP":
		if j.Crv != "Ed25519" {
			return nil, errText("msg.signature-jwk.curve", i, quoteArg(j.Crv), "OKP")
		}
		x, err := b64field(j.X, "x", i)
		if err != nil || len(x) != ed25519.PublicKeySize {
			return nil, errText("msg.signature-jwk.member", i, "x")
		}
		pub := ed25519.PublicKey(x)
		k.Public = pub
		if j.D != "" {
			d, err := b64field(j.D, "d", i)
			if err != nil || len(d) != ed25519.SeedSize {
				return nil, errText("msg.signature-jwk.member", i, "d")
			}
			priv := ed25519.NewKeyFromSeed(d)
			if !priv.Public().(ed25519.PublicKey).Equal(pub) {
				return nil, errText("msg.signature-jwk.mismatch", i)
			}
			k.Private = priv
		}
	case "oct":
		return nil, errText("msg.signature-jwk.symmetric", i)
	default:
		return nil, errText("msg.signature-jwk.kty", i, quoteArg(j.Kty))
	}
	if len(j.KeyOps) > 0 && !contains(j.KeyOps, "verify") && !contains(j.KeyOps, "sign") {
		k.Use = "enc" // a key restricted to other operations is not a signing key
	}
	return k, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func leftPad(b []byte, size int) []byte {
	if len(b) >= size {
		return b
	}
	return append(make([]byte, size-len(b)), b...)
}

// PublicJWK returns the public JWK of k (kid and alg included when set),
// for publishing in a JWKS next to a card signed with the private key.
func PublicJWK(k *Key) ([]byte, error) {
	m := map[string]string{}
	if k.ID != "" {
		m["kid"] = k.ID
	}
	if k.Alg != "" {
		m["alg"] = k.Alg
	}
	m["use"] = "sig"
	enc := base64.RawURLEncoding.EncodeToString
	switch pub := k.Public.(type) {
	case *ecdsa.PublicKey:
		b, err := pub.Bytes()
		if err != nil {
			return nil, errText("msg.signature-key.type")
		}
		size := (len(b) - 1) / 2
		m["kty"], m["crv"] = "EC", pub.Curve.Params().Name
		m["x"], m["y"] = enc(b[1:1+size]), enc(b[1+size:])
	case *rsa.PublicKey:
		m["kty"], m["n"], m["e"] = "RSA", enc(pub.N.Bytes()), enc(big.NewInt(int64(pub.E)).Bytes())
	case ed25519.PublicKey:
		m["kty"], m["crv"], m["x"] = "OKP", "Ed25519", enc(pub)
	default:
		return nil, errText("msg.signature-key.type")
	}
	return json.Marshal(m)
}
