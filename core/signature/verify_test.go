package signature

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func mustVerify(t *testing.T, card []byte, o Options) *Report {
	t.Helper()
	rep, err := Verify(context.Background(), card, o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func only(t *testing.T, rep *Report) Result {
	t.Helper()
	if len(rep.Results) != 1 {
		t.Fatalf("%d results, want 1: %+v", len(rep.Results), rep.Results)
	}
	return rep.Results[0]
}

// TestRoundTrip signs with every algorithm, verifies, then changes one
// character of the card and expects the signature to fail.
func TestRoundTrip(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	for _, alg := range Algorithms() {
		t.Run(alg, func(t *testing.T) {
			k := testKey(t, alg)
			signed, err := Sign(card, k, SignOptions{Alg: alg, Kid: "k1"})
			if err != nil {
				t.Fatal(err)
			}
			keys := keySet(t, "k1", k)
			r := only(t, mustVerify(t, signed, Options{Keys: keys}))
			if r.Outcome != Verified || r.Variant != Spec || r.KeySource != FromSupplied || r.Alg != alg || r.Text.ID != "msg.signature-verified" {
				t.Fatalf("got %+v", r)
			}
			changed := bytes.Replace(signed, []byte("Weather Agent"), []byte("Weather AgenT"), 1)
			r = only(t, mustVerify(t, changed, Options{Keys: keys}))
			if r.Outcome != Invalid || r.Variant != "" || r.Text.ID != "msg.signature-invalid" {
				t.Fatalf("after a change: %+v", r)
			}
		})
	}
}

// jws builds a signature entry by hand: header as given, signature over
// payload with key (nil key: sig bytes as given).
func jws(t *testing.T, header string, payload []byte, alg string, key crypto.Signer) map[string]any {
	t.Helper()
	p := base64.RawURLEncoding.EncodeToString([]byte(header))
	input := []byte(p + "." + base64.RawURLEncoding.EncodeToString(payload))
	sig := bytes.Repeat([]byte{7}, 64)
	if key != nil {
		var err error
		if sig, err = sign(alg, key, input); err != nil {
			t.Fatal(err)
		}
	}
	return map[string]any{"protected": p, "signature": base64.RawURLEncoding.EncodeToString(sig)}
}

// withSignatures returns the card with its signatures set to sigs.
func withSignatures(t *testing.T, card []byte, sigs ...any) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(card, &m); err != nil {
		t.Fatal(err)
	}
	m["signatures"] = sigs
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRefusedAndMalformed(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	payload, _ := Canonical(card)
	for _, c := range []struct {
		name    string
		sig     any
		outcome Outcome
		id      string
	}{
		{"none", jws(t, `{"alg":"none","kid":"k1"}`, payload, "", nil), AlgRefused, "msg.signature-alg-refused.none"},
		{"None", jws(t, `{"alg":"None","kid":"k1"}`, payload, "", nil), AlgRefused, "msg.signature-alg-refused.none"},
		{"HS256", jws(t, `{"alg":"HS256","kid":"k1"}`, payload, "", nil), AlgRefused, "msg.signature-alg-refused.hmac"},
		{"ES256K", jws(t, `{"alg":"ES256K","kid":"k1"}`, payload, "", nil), AlgRefused, "msg.signature-alg-refused.unsupported"},
		{"no alg", jws(t, `{"kid":"k1"}`, payload, "", nil), Malformed, "msg.signature-malformed.alg"},
		{"crit", jws(t, `{"alg":"ES256","kid":"k1","crit":["exp"]}`, payload, "", nil), Malformed, "msg.signature-malformed.crit"},
		{"header array", jws(t, `["ES256"]`, payload, "", nil), Malformed, "msg.signature-malformed.protected"},
		{"not object", "abc", Malformed, "msg.signature-malformed.members"},
		{"padded protected", map[string]any{"protected": "eyJhbGciOiJFUzI1NiJ9==", "signature": "c2lnbmF0dXJl"}, Malformed, "msg.signature-malformed.protected"},
		{"bad signature", map[string]any{"protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "a+b/"}, Malformed, "msg.signature-malformed.signature"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := only(t, mustVerify(t, withSignatures(t, card, c.sig), Options{Keys: keySet(t, "k1", testKey(t, "ES256"))}))
			if r.Outcome != c.outcome || r.Text.ID != c.id || r.Text.Args[0] != 0 {
				t.Fatalf("got %s %s %v, want %s %s", r.Outcome, r.Text.ID, r.Text.Args, c.outcome, c.id)
			}
		})
	}
}

// TestKeyByKid picks the key named by kid out of a JWKS, and says why
// when none fits.
func TestKeyByKid(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	a, b, r := testKey(t, "ES256"), testKey(t, "EdDSA"), testKey(t, "RS256")
	var jwks []json.RawMessage
	for _, k := range []struct {
		kid string
		key crypto.Signer
	}{{"a", a}, {"b", b}, {"r", r}} {
		j, _ := PublicJWK(&Key{ID: k.kid, Public: k.key.Public()})
		jwks = append(jwks, j)
	}
	set, err := ParseKeys(must(json.Marshal(map[string]any{"keys": jwks})))
	if err != nil || len(set) != 3 {
		t.Fatal(set, err)
	}
	signed, _ := Sign(card, b, SignOptions{Kid: "b"})
	if res := only(t, mustVerify(t, signed, Options{Keys: set})); res.Outcome != Verified || res.Kid != "b" || res.Alg != "EdDSA" {
		t.Fatalf("kid b: %+v", res)
	}
	signed, _ = Sign(card, testKey(t, "ES256"), SignOptions{Kid: "zzz"})
	if res := only(t, mustVerify(t, signed, Options{Keys: set})); res.Outcome != KeyUnavailable || res.Text.ID != "msg.signature-key-unavailable.no-kid" || res.Text.Args[2] != 3 {
		t.Fatalf("unknown kid: %+v", res)
	}
	// kid "r" names an RSA key; the signature says ES256.
	ec := testKey(t, "ES256")
	signed, _ = Sign(card, ec, SignOptions{Kid: "r"})
	res := only(t, mustVerify(t, signed, Options{Keys: set}))
	if res.Outcome != KeyUnavailable || res.Text.ID != "msg.signature-key-unavailable.unsuitable" {
		t.Fatalf("wrong kind of key: %+v", res)
	}
	// A bare JWK (no kid) is used whatever kid the signature names.
	if res := only(t, mustVerify(t, signed, Options{Keys: keySet(t, "", ec)})); res.Outcome != Verified || res.Kid != "r" {
		t.Fatalf("bare JWK: %+v", res)
	}
	// No keys at all, no jku.
	if res := only(t, mustVerify(t, signed, Options{})); res.Outcome != KeyUnavailable || res.Text.ID != "msg.signature-key-unavailable" {
		t.Fatalf("no keys: %+v", res)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestJKU: keys come from the caller's fetch function, once per URL, and
// its failures are reported, not fatal.
func TestJKU(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	k := testKey(t, "ES384")
	const url = "https://keys.example.com/jwks.json"
	signed, err := Sign(card, k, SignOptions{Kid: "k", JKU: url})
	if err != nil {
		t.Fatal(err)
	}
	// Two signatures with the same jku: one fetch.
	signed, err = Sign(signed, k, SignOptions{Kid: "k2", JKU: url})
	if err != nil {
		t.Fatal(err)
	}
	jwk1, _ := PublicJWK(&Key{ID: "k", Public: k.Public()})
	jwk2, _ := PublicJWK(&Key{ID: "k2", Public: k.Public()})
	calls := 0
	fetch := func(_ context.Context, u string) ([]byte, error) {
		calls++
		if u != url {
			t.Errorf("fetched %s", u)
		}
		return []byte(`{"keys":[` + string(jwk1) + `,` + string(jwk2) + `]}`), nil
	}
	const cardURL = "https://keys.example.com/.well-known/agent-card.json"
	rep := mustVerify(t, signed, Options{Fetch: fetch, CardURL: cardURL})
	if len(rep.Results) != 2 || calls != 1 {
		t.Fatalf("%d results, %d fetches", len(rep.Results), calls)
	}
	for _, r := range rep.Results {
		if r.Outcome != SelfPublished || r.KeySource != FromJKU || r.JKU != url || r.Text.ID != "msg.signature-self-published" {
			t.Fatalf("got %+v", r)
		}
	}
	// Without a fetch function, the jku is named but not read.
	if r := mustVerify(t, signed, Options{CardURL: cardURL}).Results[0]; r.Outcome != KeyUnavailable || r.Text.ID != "msg.signature-key-unavailable.not-fetched" {
		t.Fatalf("no fetch: %+v", r)
	}
	// A failing fetch: its *Error text is carried along.
	failing := func(context.Context, string) ([]byte, error) {
		return nil, &Error{Text: i18nT("msg.signature-card.not-object")}
	}
	r := mustVerify(t, signed, Options{Fetch: failing, CardURL: cardURL}).Results[0]
	if r.Outcome != KeyUnavailable || r.Text.ID != "msg.signature-key-unavailable.jku-failed" {
		t.Fatalf("failing fetch: %+v", r)
	}
	if arg, ok := r.Text.Args[2].(interface{ IsZero() bool }); !ok || arg.IsZero() {
		t.Fatalf("the fetch error text is missing: %+v", r.Text.Args)
	}
	plain := func(context.Context, string) ([]byte, error) { return nil, errors.New("dial tcp: refused") }
	if r := mustVerify(t, signed, Options{Fetch: plain, CardURL: cardURL}).Results[0]; r.Text.ID != "msg.signature-key-unavailable.jku-failed" {
		t.Fatalf("plain error: %+v", r)
	}
	// A key set without the kid.
	other := func(context.Context, string) ([]byte, error) { return jwk2, nil }
	if r := mustVerify(t, signed, Options{Fetch: other, CardURL: cardURL}).Results[0]; r.Text.ID != "msg.signature-key-unavailable.jku-no-kid" {
		t.Fatalf("kid not in set: %+v", r)
	}
}

// TestFetchBound: a card cannot make Verify fetch more than MaxFetches
// key sets, however many signatures name different ones.
func TestFetchBound(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	k := testKey(t, "ES256")
	var sigs []any
	for i := range MaxFetches + 3 {
		kid := string(rune('a' + i))
		sigs = append(sigs, jws(t, `{"alg":"ES256","kid":"`+kid+`","jku":"https://k.example/`+kid+`"}`, []byte("x"), "ES256", k))
	}
	calls := 0
	fetch := func(context.Context, string) ([]byte, error) { calls++; return []byte(`{"keys":[]}`), nil }
	rep := mustVerify(t, withSignatures(t, card, sigs...), Options{Fetch: fetch, CardURL: "https://k.example/.well-known/agent-card.json"})
	if calls != MaxFetches {
		t.Fatalf("%d fetches, want %d", calls, MaxFetches)
	}
	if last := rep.Results[len(rep.Results)-1]; last.Text.ID != "msg.signature-key-unavailable.jku-limit" {
		t.Fatalf("last: %+v", last)
	}
	// And at most MaxSignatures are checked.
	for len(sigs) <= MaxSignatures+1 {
		sigs = append(sigs, sigs[0])
	}
	rep = mustVerify(t, withSignatures(t, card, sigs...), Options{})
	if len(rep.Results) != MaxSignatures || rep.Unchecked != len(sigs)-MaxSignatures {
		t.Fatalf("%d checked, %d unchecked", len(rep.Results), rep.Unchecked)
	}
}

// TestSDKVariants signs the payloads other signers produce and expects
// each to be named, with the specification still saying invalid.
func TestSDKVariants(t *testing.T) {
	k := testKey(t, "ES256")
	keys := keySet(t, "k1", k)
	for _, c := range []struct {
		card    string
		variant Variant
	}{
		{"testdata/python/card.json", Python},
		{"testdata/presence.card.json", Stripped},
		{"testdata/presence.card.json", AsWritten},
	} {
		card := readFile(t, c.card)
		payload, err := Payload(card, c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if c.variant == Python {
			// The bytes Python wrote, not our reproduction of them.
			payload = readFile(t, "testdata/python/canonical.txt")
		}
		signed := withSignatures(t, card, jws(t, `{"alg":"ES256","kid":"k1","typ":"JOSE"}`, payload, "ES256", k))
		r := only(t, mustVerify(t, signed, Options{Keys: keys}))
		if r.Outcome != Invalid || r.Variant != c.variant || r.Text.ID != "msg.signature-invalid."+string(c.variant) {
			t.Errorf("%s: got %+v", c.variant, r)
		}
	}
}

// TestDER recognizes an ECDSA signature written in ASN.1 DER.
func TestDER(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	k := testKey(t, "ES256").(*ecdsa.PrivateKey)
	payload, _ := Canonical(card)
	p := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"ES256","kid":"k1"}`))
	input := p + "." + base64.RawURLEncoding.EncodeToString(payload)
	der, err := ecdsa.SignASN1(rand.Reader, k, digest(crypto.SHA256, []byte(input)))
	if err != nil {
		t.Fatal(err)
	}
	sig := map[string]any{"protected": p, "signature": base64.RawURLEncoding.EncodeToString(der)}
	r := only(t, mustVerify(t, withSignatures(t, card, sig), Options{Keys: keySet(t, "k1", k)}))
	if r.Outcome != Invalid || r.Text.ID != "msg.signature-invalid.der" {
		t.Fatalf("got %+v", r)
	}
}

func TestVerifyCardErrors(t *testing.T) {
	if _, err := Verify(context.Background(), []byte(`{"a":`), Options{}); err == nil || !strings.Contains(err.Error(), "JSON") {
		t.Fatalf("got %v", err)
	}
	rep := mustVerify(t, readFile(t, "testdata/card.json"), Options{})
	if len(rep.Results) != 0 || len(rep.Payload) == 0 {
		t.Fatalf("unsigned card: %+v", rep)
	}
}
