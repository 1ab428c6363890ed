package lint

import (
	"fmt"
	"reflect"

	"github.com/agentcard/agentcard/core/card"
	"strings"
	"testing"
)

// Fake secrets. They are assembled from pieces so that the source file
// itself does not look like it leaks keys to secret scanners.
var (
	fakeJWT      = "eyJhbGciOiJIUzI1NiJ9" + "." + "eyJzdWIiOiIxMjMifQ" + "." + "c2lnbmF0dXJl"
	fakeAWS      = "AKIA" + "Q3EGRTZ7PLM4XWN2"
	fakeOpenAI   = "sk-" + "proj-" + "Xk9vB2mQ7rT4wZ8yL3nP6sD1fG5hJ0aC"
	fakeGitHub   = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
	fakeSlack    = "xoxb-" + "2048-4096-Zq8Rt5Yp2Wx7"
	fakeGoogle   = "AIza" + "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"
	fakeStripe   = "sk_" + "live_" + "51HxQ2Lk8vR3mN7pT9wY4zB6"
	fakePEM      = "-----BEGIN " + "RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----"
	fakeBasic    = "Basic " + "YWdlbnQ6czNjcjN0LXBhc3M=" // agent:s3cr3t-pass
	fakePassword = "hunter2" + "-Vx9"
	// a 20-byte account address (public) and a 32-byte private key
	fakeAddress   = "0x" + "52908400098527886E0F7030069857D2E4169EE7"
	fakeEVMKey    = "0x" + "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
	extensionWith = func(params string) string {
		return `"capabilities": {"extensions": [{"uri": "https://example.com/ext/billing/v1", "params": {` + params + `}}]}`
	}
)

func TestCredentials(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "bearer JWT in a top-level member", code: codeCredential, want: 1, sev: Error,
			doc:      `"apiToken": ` + quote("Bearer "+fakeJWT),
			id:       "msg.credential-in-card",
			args:     []any{`"apiToken"`, "phrase.credential.bearer-jwt", "phrase.masked-secret", `"Bearer eyJh…"`, 59},
			notInMsg: []string{fakeJWT[:12]},
			fixed:    `"skills"`, fixID: "fix.remove-credential"},
		{name: "bare JWT", code: codeCredential, want: 1,
			doc: extensionWith(`"session": ` + quote(fakeJWT)), args: []any{"phrase.credential.jwt", `"eyJh…"`, "phrase.member-at", `"session"`, "/capabilities/extensions/0/params/session"}},
		{name: "AWS key inside a description", code: codeCredential, want: 1,
			doc:      `"description": ` + quote("Reads invoices from S3 with key "+fakeAWS+" and returns totals."),
			id:       "msg.credential-in-card.inside",
			args:     []any{`"description"`, "phrase.credential.aws", `"AKIA…"`},
			notInMsg: []string{fakeAWS},
			noFix:    true},
		// DNS domain-verification values are published in TXT records:
		// public by design, whatever the member is called
		{name: "site verification under a token name", code: codeCredential, want: 0,
			doc: extensionWith(`"token": "google-site-verification=rXOxyZounnZasA8Z7oaD3c14JdjS9aKSWvsR1EbUSIQ"`)},
		{name: "domain verification under a token name", code: codeCredential, want: 0,
			doc: extensionWith(`"verificationToken": "openai-domain-verification=dv-Y7Rr1HdB6qP0wXWf3sZk4JmL"`)},
		{name: "a bare value under a token name is still a secret", code: codeCredential, want: 1,
			doc: extensionWith(`"verificationToken": "dv-Y7Rr1HdB6qP0wXWf3sZk4JmL"`)},
		{name: "a real key behind a verification-like name", code: codeCredential, want: 1,
			doc: extensionWith(`"token": "site-verification=x ` + fakeGitHub + `"`)},
		{name: "AWS documentation example key", code: codeCredential, want: 0,
			doc: `"description": "Reads invoices with keys like AKIAIOSFODNN7EXAMPLE and returns totals as JSON."`},
		{name: "OpenAI-style key", code: codeCredential, want: 1,
			doc: extensionWith(`"llm": ` + quote(fakeOpenAI)), args: []any{"phrase.credential.sk", `"sk-p…"`}},
		{name: "sk- prose is not a key", code: codeCredential, want: 0,
			doc: `"description": "Trains sk-learn-compatible-pipeline-models from uploaded CSV files and returns metrics."`},
		{name: "GitHub token", code: codeCredential, want: 1, doc: extensionWith(`"repo": ` + quote(fakeGitHub)), args: []any{"phrase.credential.github"}},
		{name: "Slack token", code: codeCredential, want: 1, doc: extensionWith(`"notify": ` + quote(fakeSlack)), args: []any{"phrase.credential.slack"}},
		{name: "Google API key", code: codeCredential, want: 1, doc: extensionWith(`"maps": ` + quote(fakeGoogle)), args: []any{"phrase.credential.google"}},
		{name: "Stripe key in a skill example", code: codeCredential, want: 1,
			doc:   `"skills": [{"id": "charge", "name": "Charge", "description": "` + longDesc + `", "tags": ["billing"], "examples": [` + quote("Charge 10 EUR using "+fakeStripe) + `]}]`,
			id:    "msg.credential-in-card.inside",
			args:  []any{"phrase.credential.stripe-live", "/skills/0/examples/0"},
			noFix: true},
		{name: "PEM private key", code: codeCredential, want: 1, doc: extensionWith(`"signingKey": ` + quote(fakePEM)), args: []any{"phrase.credential.pem"}},
		{name: "Basic credentials", code: codeCredential, want: 1, doc: extensionWith(`"auth": ` + quote(fakeBasic)), args: []any{"phrase.credential.basic", `"Basic YWdl…"`}},
		{name: "a public address under a token name is no secret", code: codeCredential, want: 0,
			doc: extensionWith(`"paymentToken": ` + quote(fakeAddress) + `, "agentWalletToken": ` + quote(strings.ToLower(fakeAddress)))},
		{name: "a 32-byte private key under a key name stays an error", code: codeCredential, want: 1, sev: Error,
			doc: extensionWith(`"walletPrivateKey": ` + quote(fakeEVMKey)), args: []any{"phrase.credential.secret"}},
		{name: "a live Stripe key under an address-like name stays an error", code: codeCredential, want: 1, sev: Error,
			doc: extensionWith(`"walletAddress": ` + quote(fakeStripe)), args: []any{"phrase.credential.stripe-live"}},
		{name: "a JWT under a token name stays an error", code: codeCredential, want: 1, sev: Error,
			doc: extensionWith(`"accessToken": ` + quote(fakeJWT)), args: []any{"phrase.credential.jwt"}},
		{name: "password by member name", code: codeCredential, want: 1,
			doc: extensionWith(`"dbPassword": ` + quote(fakePassword)), id: "msg.credential-in-card",
			args: []any{"phrase.member-at", `"dbPassword"`, "phrase.credential.secret", `"hunt…"`, 11}, notInMsg: []string{fakePassword},
			fixed: `"params": {}`},
		{name: "client secret by member name", code: codeCredential, want: 1,
			doc: extensionWith(`"client_secret": "q8Zt3vLm9XwR"`)},
		{name: "URL with a password", code: codeCredential, want: 1,
			doc: `"documentationUrl": "https://docs:Pa55word9@docs.example.com/agent"`, args: []any{"phrase.credential.url-password"}, noFix: true},
		{name: "placeholders", code: codeCredential, want: 0,
			doc: extensionWith(`"apiKey": "YOUR_API_KEY", "token": "${TOKEN}", "secret": "<secret>", "password": "********", "accessToken": "REDACTED", "clientSecret": "changeme", "privateKey": "env:PRIVATE_KEY", "apiToken": "OPENAI_API_KEY"`)},
		{name: "words that describe a token", code: codeCredential, want: 0,
			doc: extensionWith(`"accessToken": "required", "tokenType": "Bearer", "apiKeyHeader": "X-Api-Key", "tokenUrl": "https://login.example.com/token", "token": "Send it in the Authorization header"`)},
		{name: "prose about bearer tokens", code: codeCredential, want: 0,
			doc: `"description": "Send a Bearer token in the Authorization header; tokens come from the Northwind console."`},
		{name: "spec fields of schemes", code: codeCredential, want: 0,
			doc: schemes(`"partner": {"apiKeySecurityScheme": {"location": "header", "name": "X-Partner-Key"}}, "jwt": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}, ` +
				`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {"token:issue": "Issue tokens", "secret:read": "Readsecrets"}}}}}`)},
		{name: "signatures are not credentials", code: codeCredential, want: 0,
			doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestMaskSecret(t *testing.T) {
	type masked struct {
		shown string
		runes int
	}
	for in, want := range map[string]masked{
		"Bearer " + fakeJWT: {`"Bearer eyJh…"`, 59},
		fakeAWS:             {`"AKIA…"`, 20},
		"abc":               {`"abc…"`, 3},
		"pässwörter":        {`"päss…"`, 10},
	} {
		got := maskSecret(in)
		if got.ID != "phrase.masked-secret" || len(got.Args) != 2 || got.Args[0] != want.shown || got.Args[1] != want.runes {
			t.Errorf("maskSecret(%q) = %+v, want %+v", in[:min(len(in), 6)], got, want)
		}
		if shown, _ := got.Args[0].(string); len(in) > 8 && strings.Contains(shown, in[:8]) && !strings.HasPrefix(in, "Bearer ") {
			t.Errorf("maskSecret shows too much: %s", shown)
		}
	}
}

// TestRealWorldFalseAlarms: two shapes seen on public cards. A complete
// card that is also an ERC-8004 registration is linted as a card, with a
// note on its type; a wallet address under a member named …Token is not
// a secret. A live key in the same card is still an error.
func TestRealWorldFalseAlarms(t *testing.T) {
	card := `{"type": "https://eips.ethereum.org/EIPS/eip-8004#registration-v1",
	  "name": "Parcel Tracker", "description": "Tracks parcels across carriers from a tracking number and predicts the delivery day.", "version": "2.1.0",
	  "supportedInterfaces": [{"url": "https://parcels.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
	  "capabilities": {"extensions": [{"uri": "https://example.com/ext/pay/v1", "params": {"paymentToken": "` + fakeAddress + `"}}]},
	  "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
	  "skills": [{"id": "track", "name": "Track", "description": "Tracks one parcel.", "tags": ["parcels"], "examples": ["Where is 1Z999?"]}]}`
	res := Lint([]byte(card), Options{})
	if res.Detection.Era != "1.0" || res.Errors != 0 {
		t.Fatalf("era %s, findings %v", res.Detection.Era, codes(res))
	}
	var note *Diagnostic
	for i, d := range res.Diagnostics {
		if d.Code == codeNotACard || d.Code == codeCredential {
			t.Errorf("false alarm %s: %s", d.Code, d.Message)
		}
		if d.MessageID == "msg.unknown-field.erc-8004" {
			note = &res.Diagnostics[i]
		}
	}
	if note == nil || note.Severity != Info || note.Pointer != "/type" {
		t.Errorf("no note on the ERC-8004 type member: %v", codes(res))
	}
	leaky := strings.Replace(card, `"paymentToken": "`+fakeAddress+`"`, `"apiKey": "`+fakeStripe+`"`, 1)
	if res := Lint([]byte(leaky), Options{}); res.Errors == 0 {
		t.Errorf("a live key in the hybrid card is not an error: %v", codes(res))
	}
}

// TestCatalogueSecret: the table read through the index by object has
// every member name of the whole catalogue (card.Fields), each with its
// secretName, and nothing else.
func TestCatalogueSecret(t *testing.T) {
	want := map[string]bool{}
	for _, f := range card.Fields() {
		want[f.Name] = secretName(f.Name)
	}
	got := catalogueSecret()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("catalogueSecret has %d names, card.Fields %d", len(got), len(want))
	}
}

// TestExcerptSource: every secret credential-in-card finds is masked in
// the source excerpts are cut from, after the characters its message
// shows, with offsets kept (issue 36, B23: the excerpt under the masked
// message showed it whole); an input that is not a card gives no
// excerpt source at all (B22: the first line of a .env).
func TestExcerptSource(t *testing.T) {
	card := func(members string) string {
		return `{"name": "X", "description": "A card.", "version": "1.0.0", ` + members + `}`
	}
	for _, c := range []struct {
		name, src string
		// secrets must not appear; shown must
		secrets, shown []string
		none           bool // no excerpt source
	}{
		{name: "inside a description", src: card(`"skills": [{"id": "a", "name": "A", "description": "Use key ` + fakeStripe + ` now", "tags": ["t"]}]`),
			secrets: []string{fakeStripe, fakeStripe[:5]}, shown: []string{`"Use key sk_l***`, `*** now"`}},
		{name: "whole value, two on a line", src: card(`"apiKey": "` + fakeGitHub + `", "token": "Bearer ` + fakeJWT + `"`),
			secrets: []string{fakeGitHub, fakeJWT, "ghp_a"}, shown: []string{`"ghp_****`, `"Bearer eyJh****`}},
		{name: "escaped: masked whole", src: card(`"apiKey": "\u0067hp_` + fakeGitHub[4:] + `"`),
			secrets: []string{fakeGitHub[4:]}, shown: []string{`"apiKey": "****`}},
		{name: "no secret: the source itself", src: card(`"skills": []`)},
		{name: "not JSON", src: "API_TOKEN=" + fakeGitHub + "\n", none: true},
		{name: "JSON, not an object", src: `"` + fakeGitHub + `"`, none: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := Lint([]byte(c.src), Options{})
			got := res.ExcerptSource()
			if c.none {
				if got != nil {
					t.Errorf("an excerpt source for what is not a card: %q", got)
				}
				return
			}
			if len(got) != len(c.src) || strings.Count(string(got), "\n") != strings.Count(c.src, "\n") {
				t.Fatalf("length or lines changed: %q", got)
			}
			for _, s := range c.secrets {
				if strings.Contains(string(got), s) {
					t.Errorf("%q still in %q", s[:min(len(s), 8)], got)
				}
			}
			for _, s := range c.shown {
				if !strings.Contains(string(got), s) {
					t.Errorf("%q not in %q", s, got)
				}
			}
			if len(c.secrets) == 0 && string(got) != c.src {
				t.Errorf("changed without a secret: %q", got)
			}
			if string(res.Doc.Src) != c.src {
				t.Error("the document's own source was changed")
			}
		})
	}
}

// TestExcerptSourceStoppedRun: a run stopped by MaxFindings before the
// credential rule still masks the card's secrets in the excerpt source
// (another finding's excerpt could show their line).
func TestExcerptSourceStoppedRun(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name": "X", "description": "A card with many schemes.", "version": "1.0.0",
"supportedInterfaces": [{"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
"capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [],
"securitySchemes": {`)
	for i := range 60 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"s%d": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"`, i)
		for j := range 25 {
			fmt.Fprintf(&b, `, "extra%d": %d`, j, j)
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`}, "documentationUrl": "https://docs.example.com/?token=` + fakeGitHub + `"}`)
	res := Lint([]byte(b.String()), Options{})
	codes := map[string]int{}
	for _, d := range res.Diagnostics {
		codes[d.Code]++
	}
	if codes["too-many-findings"] != 1 || codes[codeCredential] != 0 {
		t.Fatalf("the run did not stop before the credential rule: %v", codes)
	}
	if got := res.ExcerptSource(); got == nil || strings.Contains(string(got), fakeGitHub) || !strings.Contains(string(got), "token=ghp_****") {
		t.Error("the secret is not masked")
	}
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, fakeGitHub[4:]) {
			t.Errorf("%s quotes the secret: %s", d.Code, d.Message)
		}
	}
}

// An A2A card that also lists MCP servers is linted as a card: its own
// defects show, and mcpServers gets an info, not not-a-card.
func TestMCPHybridCard(t *testing.T) {
	src := `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
	  "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"}],
	  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
	  "mcpServers": {"rooms": {"url": "https://rooms.northwind.dev/mcp"}},
	  "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}]}`
	res := Lint([]byte(src), Options{})
	if res.Era != "1.0" || hasCode(res, codeNotACard) || !hasCode(res, codeIfaceBindingVariant) {
		t.Fatalf("era %s, findings %v", res.Era, codes(res))
	}
	for _, d := range res.Diagnostics {
		if d.Code == codeUnknown && (d.MessageID != "msg.unknown-field.mcp" || d.Severity != Info || d.Pointer != "/mcpServers") {
			t.Errorf("mcpServers: %+v", d)
		}
	}
}
