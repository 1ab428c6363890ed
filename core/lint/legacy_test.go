package lint

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLegacyCard(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "0.3 card", doc: `"url": "https://agent.example.com/a2a", "protocolVersion": "0.3.0"`, code: codeLegacyCard, want: 1, sev: Warning,
			pointer: "/protocolVersion", id: "msg.legacy-card", args: []any{"0.3", `"0.3"`, ""}, fixID: "fix.migrate-legacy"},
		{name: "0.2 card", doc: `"url": "https://agent.example.com/a2a", "protocolVersion": "0.2.6"`, code: codeLegacyCard, want: 1, args: []any{"0.2"}},
		{name: "0.3 card without protocolVersion", doc: `"url": "https://agent.example.com/a2a", "protocolVersion": null`, code: codeLegacyCard, want: 1, noFix: true},
		{name: "1.0 card", doc: ``, code: codeLegacyCard, want: 0},
		// §4.4.1, §5.7: a card that says 1.0 must have supportedInterfaces
		{name: "declares 1.0 in the 0.3 layout", doc: `"url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC", "protocolVersion": "1.0"`, code: codeLegacyCard, want: 1, sev: Error,
			pointer: "/protocolVersion", id: "msg.legacy-card.declares-1", args: []any{`"1.0"`}, fixID: "fix.migrate-legacy"},
		{name: "declares 1.0.0 in the 0.3 layout", doc: `"url": "https://agent.example.com/a2a", "protocolVersion": "1.0.0"`, code: codeLegacyCard, want: 1, sev: Error, id: "msg.legacy-card.declares-1"},
		{name: "mixed card", doc: si(okEntry) + `, "url": "https://agent.example.com/a2a/v1", "protocolVersion": "0.3.0"`, code: codeLegacyCard, want: 0},
		{name: "security hints", doc: `"url": "https://agent.example.com/a2a", "securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}, "security": [{"b": []}]`,
			code: codeLegacyCard, want: 1, args: []any{"phrase.migrate.schemes", "phrase.migrate.security"}},
		{name: "additional interfaces hint", doc: `"url": "https://agent.example.com/a2a", "additionalInterfaces": [{"url": "https://agent.example.com/a2a", "transport": "JSONRPC"}]`,
			code: codeLegacyCard, want: 1, args: []any{"phrase.migrate.additional"}},
	})
}

// The migration fix must produce the same endpoints as a mixed card that
// every topic rule accepts, including on a one-line card.
func TestLegacyCardMigrationFix(t *testing.T) {
	cases := []struct{ name, src, wantInserted string }{
		{"indented", ExampleDocument(`"url": "https://agent.example.com/a2a", "preferredTransport": "jsonrpc", "additionalInterfaces": [{"url": "https://agent.example.com/a2a", "transport": "JSONRPC"}, {"url": "agent.example.com:443", "transport": "GRPC"}]`),
			"\"supportedInterfaces\": [\n    {\"url\": \"https://agent.example.com/a2a\", \"protocolBinding\": \"JSONRPC\", \"protocolVersion\": \"0.3\"},\n    {\"url\": \"agent.example.com:443\", \"protocolBinding\": \"GRPC\", \"protocolVersion\": \"0.3\"}\n  ],\n  "},
		{"one line", `{"protocolVersion": "0.3.0", "name": "Recipe Scaler", "description": "Rescales recipes to a number of servings and converts units.", "url": "https://r.example.com/a2a", "version": "1.0.0", "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "scale", "name": "Scale", "description": "Scales a recipe to N servings.", "tags": ["cooking"]}]}`,
			`"supportedInterfaces": [{"url": "https://r.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}], `},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := Lint([]byte(tc.src), Options{})
			got := withCode(res, codeLegacyCard)
			if len(got) != 1 || len(got[0].Fixes) != 1 {
				t.Fatalf("findings %v", res.Diagnostics)
			}
			if e := got[0].Fixes[0].Edits[0].NewText; e != tc.wantInserted {
				t.Errorf("inserted %q\nwant     %q", e, tc.wantInserted)
			}
			fixed := applyFix(tc.src, got[0].Fixes[0])
			if !json.Valid([]byte(fixed)) {
				t.Fatalf("invalid JSON after fix:\n%s", fixed)
			}
			after := Lint([]byte(fixed), Options{})
			if after.Era != "mixed" {
				t.Errorf("era %s after migration", after.Era)
			}
			for _, d := range after.Diagnostics {
				if strings.HasPrefix(d.Code, "mixed-legacy") || d.Code == codeIfaceDuplicate || d.Code == codeLegacyCard {
					t.Errorf("after migration: %s %s", d.Code, d.Message)
				}
			}
		})
	}
}

func TestMixedCard(t *testing.T) {
	v03 := ie("https://agent.example.com/a2a", "JSONRPC", "0.3")
	mixed := func(entries []string, legacy string) string {
		return si(entries...) + `, "protocolVersion": "0.3.0", ` + legacy
	}
	runTopicCases(t, []topicCase{
		{name: "mixed info", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/a2a"`), code: codeMixedCard, want: 1, sev: Info, pointer: "/url",
			id: "msg.mixed-card", args: []any{"phrase.mixed.entries", 2, "phrase.mixed.first-entry", `"https://agent.example.com/a2a"`, "JSONRPC"}},
		{name: "plain 1.0 card", doc: ``, code: codeMixedCard, want: 0},

		{name: "consistent", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC"`), code: codeMixedUndeclared, want: 0},
		{name: "undeclared url", doc: mixed([]string{okEntry}, `"url": "https://old.example.com/rpc", "preferredTransport": "HTTP+JSON"`), code: codeMixedUndeclared, want: 1, sev: Warning,
			pointer: "/url", id: "msg.mixed-legacy-endpoint-undeclared", args: []any{"phrase.legacy-url", `"https://old.example.com/rpc"`, "HTTP+JSON"},
			fixed: `, {"url": "https://old.example.com/rpc", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}`, fixID: "fix.declare-legacy"},
		{name: "undeclared url with a certain 0.3 target", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/old"`), code: codeMixedUndeclared, want: 1,
			fixed: "\n  \"url\": \"https://agent.example.com/a2a\"", fixID: "fix.point-legacy-at"},
		{name: "undeclared additional interface", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/a2a", "additionalInterfaces": [{"url": "https://agent.example.com/rest", "transport": "HTTP+JSON"}]`),
			code: codeMixedUndeclared, want: 1, pointer: "/additionalInterfaces/0/url", args: []any{"additionalInterfaces[0].url"}},
		{name: "trailing slash is the same endpoint", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/a2a/"`), code: codeMixedUndeclared, want: 0},

		{name: "binding differs", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/a2a", "preferredTransport": "HTTP+JSON"`), code: codeMixedBindingMismatch, want: 1, sev: Error,
			pointer: "/preferredTransport", id: "msg.mixed-legacy-binding-mismatch", args: []any{"HTTP+JSON (preferredTransport)", "supportedInterfaces[1] (JSONRPC)"},
			fixed: `"preferredTransport": "JSONRPC"`, fixID: "fix.use"},
		{name: "default JSONRPC differs", doc: mixed([]string{okEntry, ie("agent.example.com:443", "GRPC", "0.3")}, `"url": "agent.example.com:443"`), code: codeMixedBindingMismatch, want: 1,
			pointer: "/url", args: []any{"phrase.mixed.default-binding"}, fixed: `"url": "agent.example.com:443", "preferredTransport": "GRPC"`, fixID: "fix.add-preferred-transport"},
		{name: "variant spelling is the same binding", doc: mixed([]string{okEntry, v03}, `"url": "https://agent.example.com/a2a", "preferredTransport": "jsonrpc"`), code: codeMixedBindingMismatch, want: 0},
		{name: "additional transport differs", doc: mixed([]string{okEntry, v03, ie(pubREST, "HTTP+JSON", "0.3")}, `"url": "https://agent.example.com/a2a", "additionalInterfaces": [{"url": "`+pubREST+`", "transport": "GRPC"}]`),
			code: codeMixedBindingMismatch, want: 1, pointer: "/additionalInterfaces/0/transport", args: []any{"GRPC (transport)"}, fixed: `"transport": "HTTP+JSON"`},

		{name: "legacy url only declared at 1.0", doc: mixed([]string{okEntry}, `"url": "`+pubJSONRPC+`"`), code: codeMixedVersionMismatch, want: 1, sev: Info, pointer: "/url",
			id: "msg.mixed-legacy-version-mismatch", args: []any{"0.3", "supportedInterfaces[0] (1.0)"}},
		{name: "declared at 0.3 too", doc: mixed([]string{okEntry, ie(pubJSONRPC, "JSONRPC", "0.3")}, `"url": "`+pubJSONRPC+`"`), code: codeMixedVersionMismatch, want: 0},
	})
}

// A mixed card whose 0.3 half requires a credential (security) and whose
// 1.0 half says nothing (no securityRequirements): 1.0 clients send none.
func TestMixedSecurityRequirementsMissing(t *testing.T) {
	v03 := ie("https://agent.example.com/a2a", "JSONRPC", "0.3")
	mixed := si(okEntry, v03) + `, "protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC", "securitySchemes": {"b": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}}, `
	runTopicCases(t, []topicCase{
		{name: "bearer only in security", doc: mixed + `"security": [{"b": []}]`, code: codeMixedSecurity, want: 1, sev: Warning, pointer: "/security",
			id: "msg.mixed-security-requirements-missing", fixID: "fix.add-security-requirements", fixed: `"securityRequirements": [{"schemes": {"b": {"list": []}}}], "security"`},
		{name: "scopes carried", doc: mixed + `"security": [{"b": ["read", "write"]}, {"b": []}]`, code: codeMixedSecurity, want: 1,
			fixed: `"securityRequirements": [{"schemes": {"b": {"list": ["read", "write"]}}}, {"schemes": {"b": {"list": []}}}]`},
		{name: "both halves state it", doc: mixed + `"security": [{"b": []}], "securityRequirements": [{"schemes": {"b": {"list": []}}}]`, code: codeMixedSecurity, want: 0},
		{name: "anonymous allowed", doc: mixed + `"security": [{"b": []}, {}]`, code: codeMixedSecurity, want: 0},
		{name: "no security", doc: si(okEntry, v03) + `, "protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC"`, code: codeMixedSecurity, want: 0},
		{name: "not a mixed card", doc: `"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC", "securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}, "security": [{"b": []}]`, code: codeMixedSecurity, want: 0},
	})
}

// The legacy card's migration fix does what its message says: security
// comes along as securityRequirements, so the mixed card it makes has no
// half that forgets authentication.
func TestLegacyCardMigrationCarriesSecurity(t *testing.T) {
	src := ExampleDocument(`"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC", "securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}, "security": [{"b": ["read"]}]`)
	res := Lint([]byte(src), Options{Examples: true})
	got := withCode(res, codeLegacyCard)
	if len(got) != 1 || len(got[0].Fixes) != 1 || got[0].Fixes[0].Text.ID != "fix.migrate-legacy.security" || len(missingArgs(got[0], []any{"phrase.migrate.security"})) != 0 {
		t.Fatalf("legacy-card: %+v", got)
	}
	fixed := applyFix(src, got[0].Fixes[0])
	if !strings.Contains(fixed, `"securityRequirements": [{"schemes": {"b": {"list": ["read"]}}}],`) {
		t.Errorf("securityRequirements not carried over:\n%s", fixed)
	}
	after := Lint([]byte(fixed), Options{Examples: true})
	if after.Era != "mixed" || hasCode(after, codeMixedSecurity) || hasCode(after, "security-requirement-undefined") {
		t.Errorf("after the fix: era %s, %v", after.Era, codes(after))
	}
}
