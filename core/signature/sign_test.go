package signature

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

// TestSignKeepsText: signing changes only the signatures member, so a
// reviewer's diff shows nothing else; the result is valid JSON.
func TestSignKeepsText(t *testing.T) {
	k := testKey(t, "ES256")
	keys := keySet(t, "k1", k)
	for _, c := range []struct{ name, card string }{
		{"pretty", string(readFile(t, "testdata/card.json"))},
		{"compact", `{"name":"A","description":"d","version":"1","capabilities":{},"skills":[]}`},
		{"tabs", "{\n\t\"name\": \"A\",\n\t\"capabilities\": {}\n}\n"},
		{"empty", `{}`},
		{"null signatures", `{"name":"A","signatures":null,"version":"1"}`},
		{"object signatures", `{"name":"A","signatures":{"protected":"x"}}`},
		{"existing", `{"name":"A","signatures":[{"protected":"eyJhbGciOiJFUzI1NiIsImtpZCI6Im90aGVyIn0","signature":"c2ln"}],"version":"1"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			signed, err := Sign([]byte(c.card), k, SignOptions{Kid: "k1"})
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(signed) {
				t.Fatalf("not JSON:\n%s", signed)
			}
			// Removing the new entry gives the input back, modulo the
			// signatures array's own layout.
			var in, out map[string]json.RawMessage
			json.Unmarshal([]byte(c.card), &in)
			json.Unmarshal(signed, &out)
			for key, v := range in {
				if key != "signatures" && !bytes.Equal(v, out[key]) {
					t.Errorf("member %s changed", key)
				}
			}
			if !strings.HasPrefix(string(signed), c.card[:1]) || (strings.HasSuffix(c.card, "\n") != strings.HasSuffix(string(signed), "\n")) {
				t.Errorf("the text around the card changed:\n%s", signed)
			}
			rep := mustVerify(t, signed, Options{Keys: keys})
			last := rep.Results[len(rep.Results)-1]
			if last.Outcome != Verified {
				t.Fatalf("%+v\n%s", last, signed)
			}
			if c.name == "existing" && (len(rep.Results) != 2 || rep.Results[0].Kid != "other") {
				t.Fatalf("the other signature should be kept first: %+v", rep.Results)
			}
			// Signing again with the same kid replaces, never duplicates.
			again, err := Sign(signed, k, SignOptions{Kid: "k1"})
			if err != nil {
				t.Fatal(err)
			}
			if n := len(mustVerify(t, again, Options{Keys: keys}).Results); n != len(rep.Results) {
				t.Fatalf("%d signatures after signing again, want %d", n, len(rep.Results))
			}
		})
	}
	if got := string(must(Sign(readFile(t, "testdata/card.json"), k, SignOptions{Kid: "k1"}))); !strings.Contains(got, "\n  \"signatures\": [\n    {\n      \"protected\": ") {
		t.Errorf("a pretty card should get a pretty entry:\n%s", got)
	}
}

func TestSignRefuses(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	ec := testKey(t, "ES256")
	for _, c := range []struct {
		name string
		err  func() error
		id   string
	}{
		{"no kid", func() error { _, err := Sign(card, ec, SignOptions{}); return err }, "msg.signature-key.no-kid"},
		{"alg none", func() error { _, err := Sign(card, ec, SignOptions{Alg: "none", Kid: "k"}); return err }, "msg.signature-key.alg"},
		{"HS256", func() error { _, err := Sign(card, ec, SignOptions{Alg: "HS256", Kid: "k"}); return err }, "msg.signature-key.alg"},
		{"curve mismatch", func() error { _, err := Sign(card, ec, SignOptions{Alg: "ES384", Kid: "k"}); return err }, "msg.signature-key.alg"},
		{"RSA alg on EC", func() error { _, err := Sign(card, ec, SignOptions{Alg: "RS256", Kid: "k"}); return err }, "msg.signature-key.alg"},
		{"nil key", func() error { _, err := Sign(card, nil, SignOptions{Kid: "k"}); return err }, "msg.signature-key.private"},
		{"bad card", func() error { _, err := Sign([]byte(`{"a":1,"a":2}`), ec, SignOptions{Kid: "k"}); return err }, "msg.signature-card.duplicate"},
		{"public JWK", func() error {
			j, _ := PublicJWK(&Key{ID: "k", Public: ec.Public()})
			_, err := SignJWK(card, j, "", "")
			return err
		}, "msg.signature-key.private"},
	} {
		e, ok := c.err().(*Error)
		if !ok || e.Text.ID != c.id {
			t.Errorf("%s: got %v, want %s", c.name, c.err(), c.id)
		}
	}
}

func TestParseKeysRefuses(t *testing.T) {
	ec := testKey(t, "ES256").(*ecdsa.PrivateKey)
	pub := string(must(PublicJWK(&Key{Public: ec.Public()})))
	for _, c := range []struct{ in, id string }{
		{`not json`, "msg.signature-jwk.not-json"},
		{`{"a":1}`, "msg.signature-jwk.not-jwk"},
		{`{"keys":{}}`, "msg.signature-jwk.keys-not-list"},
		{`{"kty":"oct","k":"c2VjcmV0"}`, "msg.signature-jwk.symmetric"},
		{`{"kty":"EC","crv":"P-256K","x":"AA","y":"AA"}`, "msg.signature-jwk.curve"},
		{`{"kty":"EC","crv":"P-256","x":"AQ","y":"AQ"}`, "msg.signature-jwk.point"},
		{`{"kty":"EC","crv":"P-256","y":"AQ"}`, "msg.signature-jwk.member"},
		{`{"kty":"RSA","n":"AQAB","e":"AQAB"}`, "msg.signature-jwk.rsa-size"},
		{`{"kty":"OKP","crv":"X25519","x":"AA"}`, "msg.signature-jwk.curve"},
		{`{"kty":"RSA","e":"AQAB","n":"` + base64.RawURLEncoding.EncodeToString(bytes.Repeat([]byte{0xff}, 1026)) + `"}`, "msg.signature-jwk.rsa-large"},
		{`{"kty":"PGP"}`, "msg.signature-jwk.kty"},
		{strings.Replace(pub, `"kty"`, `"d":"AQ","kty"`, 1), "msg.signature-jwk.mismatch"},
		{`{"keys":[` + pub + `,{"kty":"oct"}]}`, "msg.signature-jwk.symmetric"},
		{`{"keys":[` + strings.Repeat(pub+",", maxKeys) + pub + `]}`, "msg.signature-jwk.too-many"},
	} {
		_, err := ParseKeys([]byte(c.in))
		e, ok := err.(*Error)
		if !ok || e.Text.ID != c.id {
			t.Errorf("%.50s: got %v, want %s", c.in, err, c.id)
		}
	}
}
