package lint

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// TestMaskSecretText: a secret in a finding's text keeps the characters
// the credential message shows and its length; a quote clipped inside it
// is masked up to the clip; a value that only starts like it is not.
func TestMaskSecretText(t *testing.T) {
	forms := secretForms([]string{"sk_live_ABCDEFGH", "Bearer tok1234567", "abc"})
	for _, c := range []struct{ in, want string }{
		{`"http://a/?k=sk_live_ABCDEFGH&x=1"`, `"http://a/?k=sk_l************&x=1"`},
		{`two sk_live_ABCDEFGH sk_live_ABCDEFGH`, `two sk_l************ sk_l************`},
		{`"http://a/?k=sk_live_ABC…"`, `"http://a/?k=sk_l*******…"`},
		{`sk_live_XYZ and sk_lx`, `sk_live_XYZ and sk_lx`},
		{`auth "Bearer tok1234567"`, `auth "Bearer tok1******"`},
		{`abc is too short to hide`, `abc is too short to hide`},
	} {
		if got := maskSecretText(c.in, forms); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
}

// TestSecretMaskedInEveryLanguage (B27): the arguments of a finding that
// quotes a URL holding a secret are masked, so the Chinese rendering
// (Localize) and the JSON form (args) do not show it either; a fix whose
// edits would write the secret is not offered.
func TestSecretMaskedInEveryLanguage(t *testing.T) {
	src := `{"protocolVersion": "0.3.0", "name": "Secret in URLs", "description": "An agent whose URLs carry keys.",
 "url": "http://agent.acme.dev/a2a?api_key=` + fakeStripe + `", "preferredTransport": "JSONRPC", "version": "1.0.0",
 "documentationUrl": "http://docs.acme.dev/` + strings.Repeat("long/", 24) + `?token=` + fakeGitHub + `",
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "s", "name": "S", "description": "Does one thing and returns it.", "tags": ["t"]}]}`
	res := Lint([]byte(src), Options{})
	check := func(lang string) {
		b, err := json.Marshal(res.Diagnostics)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{fakeStripe[4:], fakeGitHub[4:], fakeGitHub[4:12]} {
			if strings.Contains(string(b), s) {
				t.Errorf("%s: %q in the findings: %s", lang, s, b)
			}
		}
		if !strings.Contains(string(b), `sk_l****`) {
			t.Errorf("%s: no finding quotes the masked URL", lang)
		}
	}
	if !hasCode(res, "interface-url-not-https") {
		t.Fatalf("no interface-url-not-https: %v", codes(res))
	}
	check("en")
	res.Localize(catalog.Of(i18n.Chinese))
	check("zh")
}
