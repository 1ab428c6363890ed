package lint

import (
	"strings"
	"testing"
)

// TestSecretNotEchoedByOtherRules (review 5, B27): credential-in-card
// masks a secret it finds, and ExcerptSource masks it in excerpts, but
// the other rules that quote a URL member in their message
// (interface-url-not-https, interface-url-internal, identity-url-invalid,
// example-placeholder) quote it whole, secret included, so every output
// format (text, compact, json, sarif, github, junit, markdown) and the
// Worker's report print the secret in full.
func TestSecretNotEchoedByOtherRules(t *testing.T) {
	src := `{"protocolVersion": "0.3.0", "name": "Secret in URLs", "description": "An agent whose URLs carry keys.",
 "url": "http://agent.acme.dev/a2a?api_key=` + fakeStripe + `", "preferredTransport": "JSONRPC", "version": "1.0.0",
 "iconUrl": "ftp://acme.dev/i.png?token=` + fakeGitHub + `",
 "additionalInterfaces": [{"url": "http://10.0.0.1/x?k=` + fakeStripe + `", "transport": "JSONRPC"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "s", "name": "S", "description": "Does one thing and returns it.", "tags": ["t"]}]}`
	res := Lint([]byte(src), Options{})
	found := 0
	for _, d := range res.Diagnostics {
		if d.Code == codeCredential {
			found++
		}
		for _, s := range []string{fakeStripe, fakeGitHub} {
			if strings.Contains(d.Message, s) {
				t.Errorf("%s echoes the secret %q… in full: %s", d.Code, s[:4], d.Message)
			}
		}
	}
	if found == 0 {
		t.Fatal("credential-in-card found no secret: the test's card is wrong")
	}
}
