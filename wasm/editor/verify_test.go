//go:build !(js && wasm) || verifier

package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/signature"
)

// signed signs the minimal sample with a fresh P-256 key and returns the
// card and the public JWK.
func signed(t *testing.T) (card, jwk []byte) {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	card, err = signature.Sign(sharedCard(t, "minimal-1.0.json"), priv, signature.SignOptions{Kid: "test-key", JKU: "https://keys.example.com/jwks.json"})
	if err != nil {
		t.Fatal(err)
	}
	jwk, err = signature.PublicJWK(&signature.Key{ID: "test-key", Public: &priv.PublicKey})
	if err != nil {
		t.Fatal(err)
	}
	return card, jwk
}

// The right key verifies; one changed character makes the signature
// invalid; no key (the jku is never fetched here) leaves it
// key-unavailable; a key that is not a JWK is said to be one, and the
// canonical payload is the specification's.
func TestVerify(t *testing.T) {
	card, jwk := signed(t)
	if n := Lint(card).Signatures; n != 1 {
		t.Fatalf("lint counts %d signatures", n)
	}
	ok := Verify(card, string(jwk))
	if ok.Error != "" || ok.KeyError != "" || len(ok.Results) != 1 {
		t.Fatalf("%+v", ok)
	}
	r := ok.Results[0]
	if r.Outcome != "verified" || r.Kid != "test-key" || r.Variant != "" || r.Message == "" {
		t.Errorf("right key: %+v", r)
	}
	if string(card[jsIndexToByte(card, r.From)]) != "{" {
		t.Errorf("from %d is not the signature object", r.From)
	}
	canon, err := signature.Canonical(card)
	if err != nil || ok.Payload != string(canon) || ok.PayloadClipped {
		t.Errorf("payload %q, want %q (%v)", ok.Payload, canon, err)
	}

	tampered := []byte(strings.Replace(string(card), "Receipt Sorter", "Receipt Sorted", 1))
	if r := Verify(tampered, string(jwk)); len(r.Results) != 1 || r.Results[0].Outcome != "invalid" {
		t.Errorf("tampered: %+v", r)
	}
	if r := Verify(card, ""); len(r.Results) != 1 || r.Results[0].Outcome != "key-unavailable" || r.KeyError != "" {
		t.Errorf("no key: %+v", r)
	}
	bad := Verify(card, `{"kty": "oct", "k": "c2VjcmV0"}`)
	if bad.KeyError == "" || len(bad.Results) != 1 || bad.Results[0].Outcome != "key-unavailable" {
		t.Errorf("symmetric key: %+v", bad)
	}
	if r := Verify([]byte(`{"name": `), string(jwk)); r.Error == "" {
		t.Errorf("broken card: %+v", r)
	}
}

// jsIndexToByte maps a UTF-16 index back to a byte offset (ASCII cards:
// the same number); kept separate so the test reads as the page does.
func jsIndexToByte(src []byte, i int) int {
	for off := range len(src) + 1 {
		if jsIndex(src, off) == i {
			return off
		}
	}
	return -1
}

// In Chinese, a signature's message and a key's error are the engine's
// data rendered in Chinese.
func TestVerifyChinese(t *testing.T) {
	english(t)
	if r := SetLanguage("zh-CN", chineseJSON(t)); r.Error != "" {
		t.Fatal(r.Error)
	}
	card, jwk := signed(t)
	v := Verify(card, string(jwk))
	if len(v.Results) != 1 || !hasHan(v.Results[0].Message) {
		t.Errorf("verify: %+v", v)
	}
	if k := Verify(card, "not json"); !hasHan(k.KeyError) {
		t.Errorf("key error %q", k.KeyError)
	}
}
