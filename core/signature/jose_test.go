package signature

import (
	"crypto"
	"encoding/json"
	"strings"
	"testing"

	jose "github.com/go-jose/go-jose/v4"
)

// These tests check our JWS against an independent implementation
// (go-jose, test-only: the package itself links no JOSE library, to keep
// the Worker bundle small).

// TestGoJoseVerifiesOurs: every signature Sign makes is a valid detached
// JWS over the canonical payload for go-jose.
func TestGoJoseVerifiesOurs(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	payload, err := Canonical(card)
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range Algorithms() {
		t.Run(alg, func(t *testing.T) {
			k := testKey(t, alg)
			signed, err := Sign(card, k, SignOptions{Alg: alg, Kid: "k1", JKU: "https://keys.example.com/jwks.json"})
			if err != nil {
				t.Fatal(err)
			}
			var c struct {
				Signatures []struct{ Protected, Signature string }
			}
			if err := json.Unmarshal(signed, &c); err != nil || len(c.Signatures) != 1 {
				t.Fatalf("%v %s", err, signed)
			}
			s := c.Signatures[0]
			obj, err := jose.ParseDetached(s.Protected+".."+s.Signature, payload, []jose.SignatureAlgorithm{jose.SignatureAlgorithm(alg)})
			if err != nil {
				t.Fatal(err)
			}
			if err := obj.DetachedVerify(payload, k.Public()); err != nil {
				t.Fatalf("go-jose rejects our %s signature: %v", alg, err)
			}
			h := obj.Signatures[0].Protected
			if h.KeyID != "k1" || h.Algorithm != alg || h.ExtraHeaders["typ"] != "JOSE" || h.ExtraHeaders["jku"] != "https://keys.example.com/jwks.json" {
				t.Fatalf("header %+v", h)
			}
			if err := obj.DetachedVerify(append(payload[:len(payload):len(payload)], ' '), k.Public()); err == nil {
				t.Fatal("go-jose accepted another payload")
			}
		})
	}
}

// TestWeVerifyGoJose: signatures go-jose makes over the canonical payload
// verify with Verify, the key given as go-jose's own JWK serialization.
func TestWeVerifyGoJose(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	payload, _ := Canonical(card)
	for _, alg := range Algorithms() {
		t.Run(alg, func(t *testing.T) {
			k := testKey(t, alg)
			signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: k},
				(&jose.SignerOptions{}).WithType("JOSE").WithHeader("kid", "gj"))
			if err != nil {
				t.Fatal(err)
			}
			obj, err := signer.Sign(payload)
			if err != nil {
				t.Fatal(err)
			}
			compact, err := obj.DetachedCompactSerialize()
			if err != nil {
				t.Fatal(err)
			}
			protected, sig, _ := strings.Cut(compact, "..")
			signed := withSignatures(t, card, map[string]any{"protected": protected, "signature": sig})
			jwk, err := json.Marshal(jose.JSONWebKey{Key: k.Public(), KeyID: "gj", Algorithm: alg, Use: "sig"})
			if err != nil {
				t.Fatal(err)
			}
			keys, err := ParseKeys(jwk)
			if err != nil {
				t.Fatalf("go-jose's JWK: %v\n%s", err, jwk)
			}
			r := only(t, mustVerify(t, signed, Options{Keys: keys}))
			if r.Outcome != Verified || r.Kid != "gj" {
				t.Fatalf("got %+v", r)
			}
		})
	}
}

// TestJWKInterop: our public JWKs read in go-jose as the same key, and
// go-jose's private JWKs sign through SignJWK.
func TestJWKInterop(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	for _, alg := range []string{"ES256", "ES384", "ES512", "RS256", "EdDSA"} {
		k := testKey(t, alg)
		ours, err := PublicJWK(&Key{ID: "x", Public: k.Public()})
		if err != nil {
			t.Fatal(err)
		}
		var theirs jose.JSONWebKey
		if err := json.Unmarshal(ours, &theirs); err != nil {
			t.Fatalf("%s: go-jose cannot read our JWK: %v", alg, err)
		}
		if !theirs.Valid() || theirs.KeyID != "x" {
			t.Fatalf("%s: %+v", alg, theirs)
		}
		if eq, ok := theirs.Key.(interface{ Equal(crypto.PublicKey) bool }); !ok || !eq.Equal(k.Public()) {
			t.Fatalf("%s: go-jose reads another key", alg)
		}
		priv, err := json.Marshal(jose.JSONWebKey{Key: k, KeyID: "p-" + alg})
		if err != nil {
			t.Fatal(err)
		}
		signed, err := SignJWK(card, priv, "", "")
		if err != nil {
			t.Fatalf("%s: SignJWK with go-jose's private JWK: %v", alg, err)
		}
		r := only(t, mustVerify(t, signed, Options{Keys: keySet(t, "p-"+alg, k)}))
		if r.Outcome != Verified || r.Kid != "p-"+alg || r.Alg != alg {
			t.Fatalf("%s: %+v", alg, r)
		}
	}
}
