package signature_test

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
)

// A fixed Ed25519 key (seed of 32 bytes 1..32) as a private JWK, the form
// `agentcard sign --key` reads.
func exampleKey() (private, public []byte) {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(i + 1)
	}
	k := ed25519.NewKeyFromSeed(seed)
	enc := base64.RawURLEncoding.EncodeToString
	private, _ = json.Marshal(map[string]string{"kty": "OKP", "crv": "Ed25519", "kid": "card-key-1",
		"x": enc(k.Public().(ed25519.PublicKey)), "d": enc(seed)})
	set, _ := signature.ParseKeys(private)
	public, _ = signature.PublicJWK(set[0])
	return private, public
}

const exampleCard = `{
  "name": "Weather Agent",
  "description": "Forecasts for any city.",
  "version": "1.0.0",
  "supportedInterfaces": [{"url": "https://weather.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": ""}],
  "capabilities": {"streaming": false},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "forecast", "name": "Forecast", "description": "The weather.", "tags": ["weather"], "examples": []}]
}`

// Canonical shows what a signature covers: `tenant: ""` and the empty
// examples are proto defaults and go; `streaming: false` stays because
// the field has optional presence.
func ExampleCanonical() {
	payload, err := signature.Canonical([]byte(exampleCard))
	if err != nil {
		fmt.Println(i18n.EnglishCatalogue().Render(err.(*signature.Error).Text))
		return
	}
	fmt.Println(string(payload))
	// Output:
	// {"capabilities":{"streaming":false},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"description":"Forecasts for any city.","name":"Weather Agent","skills":[{"description":"The weather.","id":"forecast","name":"Forecast","tags":["weather"]}],"supportedInterfaces":[{"protocolBinding":"JSONRPC","protocolVersion":"1.0","url":"https://weather.example.com/a2a"}],"version":"1.0.0"}
}

// What `agentcard sign --key private.jwk` does: the card comes back with
// a signatures entry and is otherwise unchanged.
func ExampleSignJWK() {
	private, _ := exampleKey()
	signed, err := signature.SignJWK([]byte(exampleCard), private, "", "https://weather.example.com/.well-known/jwks.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	var card struct {
		Signatures []struct{ Protected string }
	}
	json.Unmarshal(signed, &card)
	header, _ := base64.RawURLEncoding.DecodeString(card.Signatures[0].Protected)
	fmt.Println(string(header))
	// Output:
	// {"alg":"EdDSA","kid":"card-key-1","typ":"JOSE","jku":"https://weather.example.com/.well-known/jwks.json"}
}

// What `agentcard lint --key public.jwk` does: one result per signature,
// each with an outcome for the rule and a text for the reader.
func ExampleVerify() {
	private, public := exampleKey()
	signed, _ := signature.SignJWK([]byte(exampleCard), private, "", "")
	keys, err := signature.ParseKeys(public)
	if err != nil {
		fmt.Println(err)
		return
	}
	report, err := signature.Verify(context.Background(), signed, signature.Options{Keys: keys})
	if err != nil {
		fmt.Println(err)
		return
	}
	en := i18n.EnglishCatalogue()
	for _, r := range report.Results {
		fmt.Println(r.Outcome, en.Render(r.Text))
	}
	// Output:
	// verified signature 0 verifies: "EdDSA" with key "card-key-1" from the supplied keys, over the specification's canonical form
}

// The Worker verifies with keys from the signature's jku, fetched by its
// own policy-checked client; here an in-memory answer stands in.
func ExampleVerify_jku() {
	private, public := exampleKey()
	signed, _ := signature.SignJWK([]byte(exampleCard), private, "", "https://weather.example.com/jwks.json")
	fetch := func(_ context.Context, url string) ([]byte, error) {
		// A real caller checks url against its fetch policy first.
		return []byte(`{"keys":[` + string(public) + `]}`), nil
	}
	// The card came from the origin that publishes the key set: without
	// a key of its own, the checker can only say the key is
	// self-published, never that the signer is trusted.
	report, _ := signature.Verify(context.Background(), signed, signature.Options{Fetch: fetch,
		CardURL: "https://weather.example.com/.well-known/agent-card.json"})
	r := report.Results[0]
	fmt.Println(r.Outcome, r.KeySource, r.JKU)
	// Output:
	// self-published jku https://weather.example.com/jwks.json
}
