package main

import (
	"strings"
	"testing"
)

// Fake secrets of issue 36's B23, assembled so that this file does not
// look like a leak to secret scanners.
var (
	b23Stripe = "sk-live-" + "51HxSECRETSECRETSECRET0123456789"
	b23GitHub = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
)

// b23Card is the review's card: a key inside the description, a token
// inside a skill's description, and another finding on the key's line.
func b23Card() string {
	return `{"name": "Leaky", "description": "Use key ` + b23Stripe + ` for access", "version": "1.0.0",
"supportedInterfaces": [{"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
"capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
"skills": [{"id": "s", "name": "S", "description": "Calls GitHub with ` + b23GitHub + `", "tags": ["t"], "examples": ["x"], "name": "dup"}]}
`
}

// TestB23SecretsMaskedInEveryFormat: a secret credential-in-card finds is
// shown only masked, in every output format (issue 36, B23: the text
// output's excerpt printed it whole under the masked message).
func TestB23SecretsMaskedInEveryFormat(t *testing.T) {
	p := writeTemp(t, "card.json", b23Card())
	for _, format := range lintFormats {
		out, errOut, code := runCLI(t, "", "lint", "--format", format, p)
		if code != exitFound || !strings.Contains(out, "credential-in-card") {
			t.Fatalf("%s: exit %d, no credential finding: %s%s", format, code, out, errOut)
		}
		for _, s := range []string{b23Stripe, b23GitHub, b23Stripe[:6], b23GitHub[:6]} {
			if strings.Contains(out+errOut, s) {
				t.Errorf("%s: %q… in the output", format, s[:5])
			}
		}
	}
	out, _, _ := runCLI(t, "", "lint", p)
	if !strings.Contains(out, "Use key sk-l****") {
		t.Errorf("text: the excerpt does not show the masked key:\n%s", out)
	}
}
