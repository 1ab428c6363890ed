package lint

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Checks added or corrected against the specification texts (v1.0.1,
// v0.3.0, v0.2.6) and the official SDKs' behaviour; each case names the
// text it rests on.

// withoutPT removes preferredTransport from a legacy example document.
func withoutPT(doc string) string {
	return strings.Replace(doc, `"preferredTransport": "JSONRPC",`, "", 1)
}

func TestPreferredTransportMissing(t *testing.T) {
	legacy := ExampleDocument(`"url": "https://invoices.example.com/a2a"`)
	tests := []struct {
		name string
		doc  string
		want int
		sev  Severity
	}{
		// 0.3.0 §5.6.1: REQUIRED; the 0.3.0 schema only defaults it.
		{"0.3 card without it", withoutPT(legacy), 1, Error},
		// 0.2.6 has only the default; the Go SDK still drops url.
		{"0.2 card without it", withoutPT(strings.Replace(legacy, `"0.3.0"`, `"0.2.6"`, 1)), 1, Warning},
		{"mixed card without it", ExampleDocument(mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0"`), 1, Warning},
		{"0.3 card with it", legacy, 0, 0},
		{"1.0 card", BaseCard, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Lint([]byte(tc.doc), Options{})
			got := withCode(res, codeNoPreferredTransport)
			if len(got) != tc.want {
				t.Fatalf("got %d findings, want %d\n%s\n%v", len(got), tc.want, tc.doc, res.Diagnostics)
			}
			if tc.want == 0 {
				return
			}
			d := got[0]
			if d.Severity != tc.sev || d.Pointer != "/url" {
				t.Errorf("severity %s pointer %s, want %s /url", d.Severity, d.Pointer, tc.sev)
			}
			// the finding must state both sides: the schema default and
			// the requirement (or, for 0.2, the default and the SDK).
			if !strings.Contains(d.Message, "JSONRPC") || !strings.Contains(d.Message, "Go SDK") {
				t.Errorf("message lacks the default or the SDK: %s", d.Message)
			}
			if tc.sev == Error && !strings.Contains(d.Message, "REQUIRED") {
				t.Errorf("message lacks the 0.3 REQUIRED: %s", d.Message)
			}
			if len(d.Fixes) == 0 || d.Fixes[0].Edits[0].NewText != `, "preferredTransport": "JSONRPC"` {
				t.Fatalf("fix %+v", d.Fixes)
			}
			if after := Lint([]byte(applyFix(tc.doc, d.Fixes[0])), Options{}); len(withCode(after, codeNoPreferredTransport)) != 0 {
				t.Error("fix did not remove the finding")
			}
		})
	}
}

// Appendix A.2.2: the pre-1.0 top-level supportsExtendedAgentCard became
// capabilities.extendedAgentCard.
func TestDraftExtendedCardFlag(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "1.0 card, capabilities present", card: `"supportsExtendedAgentCard": true, "securitySchemes": {"b": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}`,
			code: codeLegacyField, want: 1, pointer: "/supportsExtendedAgentCard", msg: "capabilities.extendedAgentCard", fix: `"extendedAgentCard": true`},
		{name: "1.0 card, capabilities with members", card: `"capabilities": {"streaming": true}, "supportsExtendedAgentCard": false`,
			code: codeLegacyField, want: 1, fix: `, "extendedAgentCard": false`},
		{name: "not an unknown field in 1.0", card: `"supportsExtendedAgentCard": true`, code: codeUnknown, want: 0},
		{name: "0.3 card: the 0.3 name is supportsAuthenticatedExtendedCard", card: `"url": "https://invoices.example.com/a2a", "supportsExtendedAgentCard": true`,
			code: codeUnknown, want: 1, msg: "supportsAuthenticatedExtendedCard", fix: `"supportsAuthenticatedExtendedCard"`},
	})
}

// §4.6.3: extension URIs SHOULD carry a version.
func TestExtensionURIUnversioned(t *testing.T) {
	ext := func(uri string) string {
		return `"capabilities": {"extensions": [{"uri": ` + jsonpos.Quote(uri) + `}]}`
	}
	checkFindingCases(t, []findingCase{
		{name: "no version", card: ext("https://example.com/ext/geolocation"), code: codeExtensionUnversioned, want: 1, pointer: "/capabilities/extensions/0/uri"},
		{name: "v1 segment", card: ext("https://example.com/ext/geolocation/v1"), code: codeExtensionUnversioned, want: 0},
		{name: "date", card: ext("https://example.com/ext/geo/2025-06-01"), code: codeExtensionUnversioned, want: 0},
		{name: "version query", card: ext("https://example.com/ext/geo?version=2"), code: codeExtensionUnversioned, want: 0},
		{name: "digits in the host do not count", card: ext("https://ext1.example.com/geo"), code: codeExtensionUnversioned, want: 1},
		{name: "urn without version", card: ext("urn:example:geolocation"), code: codeExtensionUnversioned, want: 1},
		{name: "not a URI is another rule", card: ext("geolocation"), code: codeExtensionUnversioned, want: 0},
		{name: "legacy card: a note", card: `"url": "https://invoices.example.com/a2a", ` + ext("https://example.com/ext/geolocation"), code: codeExtensionUnversioned, want: 1, sev: Info},
	})
}

// The "done when" cases for 1.0 cards, each against the text that
// decides it.
func TestSpecDoneWhen(t *testing.T) {
	checkFindingCases(t, []findingCase{
		// The v1.0.1 proto does not mark AgentExtension.uri REQUIRED.
		{name: "extension without uri", card: `"capabilities": {"extensions": [{"description": "x"}]}`, code: codeRequired, want: 0},
		// tenant has no `optional`: "" is unset (§5.7).
		{name: "empty tenant", card: si(ie("https://invoices.example.com/a2a", "JSONRPC", "1.0", `"tenant": ""`)), code: "interface-tenant", want: 0},
		// §8.3.1: URLs MAY be reused for several transports.
		{name: "one url for JSONRPC and HTTP+JSON", card: si(ie("https://invoices.example.com/a2a", "JSONRPC", "1.0"), ie("https://invoices.example.com/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLConflict, want: 0},
		// §7.1: TLS for gRPC.
		{name: "grpc over http", card: si(ie("https://invoices.example.com/a2a", "JSONRPC", "1.0"), ie("http://grpc.invoices.example.com:50051", "GRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 1, sev: Error},
		// iconUrl has no MUST: a warning.
		{name: "relative iconUrl", card: `"iconUrl": "icon.png"`, code: "identity-url-invalid", want: 1, sev: Warning},
	})
	for _, card := range []string{
		si(ie("https://invoices.example.com/a2a", "JSONRPC", "1.0", `"tenant": ""`)),
		si(ie("https://invoices.example.com/a2a", "JSONRPC", "1.0"), ie("https://invoices.example.com/a2a", "HTTP+JSON", "1.0")),
		`"capabilities": {"extensions": [{"description": "x"}]}`,
	} {
		res := Lint([]byte(ExampleDocument(card)), Options{Examples: true})
		if res.Errors+res.Warnings != 0 {
			t.Errorf("%s: want no error or warning, got %v", card, res.Diagnostics)
		}
	}
}

// mutualTLS first appears in the 0.3.0 schema.
func TestMutualTLSInLegacyEras(t *testing.T) {
	scheme := `"securitySchemes": {"m": {"type": "mutualTLS"}}, "security": [{"m": []}]`
	c03 := ExampleDocument(`"url": "https://invoices.example.com/a2a", ` + scheme)
	c02 := strings.Replace(c03, `"0.3.0"`, `"0.2.6"`, 1)
	if n := len(withCode(Lint([]byte(c03), Options{}), codeSchemeType)); n != 0 {
		t.Errorf("0.3 card: %d security-scheme-type findings, want 0", n)
	}
	if n := len(withCode(Lint([]byte(c02), Options{}), codeSchemeType)); n != 1 {
		t.Errorf("0.2 card: %d security-scheme-type findings, want 1", n)
	}
}

// Only 1.0 §5.7 says required strings and lists must be non-empty; the
// 0.2/0.3 schemas require the member alone.
func TestRequiredEmptyByEra(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "1.0 card", card: `"defaultOutputModes": []`, code: codeRequiredEmpty, want: 1, sev: Error},
		{name: "0.3 card", card: `"url": "https://invoices.example.com/a2a", "defaultOutputModes": []`, code: codeRequiredEmpty, want: 1, sev: Warning},
		{name: "0.3 card, empty string", card: `"url": "https://invoices.example.com/a2a", "version": ""`, code: codeRequiredEmpty, want: 1, sev: Warning},
		// The specification's own signed example (§8.4) has "skills": []
		// and A2A issue #2122 is open: a warning in every era, saying why.
		{name: "1.0 card, empty skills", card: `"skills": []`, code: codeRequiredEmpty, want: 1, sev: Warning, id: "msg.required-field-empty.skills", pointer: "/skills"},
		{name: "0.3 card, empty skills", card: `"url": "https://invoices.example.com/a2a", "skills": []`, code: codeRequiredEmpty, want: 1, sev: Warning, id: "msg.required-field-empty.skills"},
	})
}

// An absent skills is still an error: §5.7 and §4.4.1 make the member
// REQUIRED, whatever is decided about an empty list.
func TestSkillsAbsentIsAnError(t *testing.T) {
	src := strings.Replace(BaseCard, `"skills"`, `"skillz"`, 1)
	if src == BaseCard {
		t.Fatal("BaseCard has no skills member")
	}
	res := Lint([]byte(src), Options{})
	got := withCode(res, codeRequired)
	if len(got) != 1 || got[0].Severity != Error || !strings.Contains(got[0].Message, "skills") {
		t.Fatalf("required-field findings %v, want one error about skills", got)
	}
}

// The gRPC host:port exception rests on the specification's main branch
// after 1.0.1 (§4.4.6, A2A PR #1997): the rule's page says so and links it.
func TestInterfaceURLRuleCitesMainBranch(t *testing.T) {
	r := RuleFor(codeIfaceURLNotAbsolute)
	var cited bool
	for _, ref := range r.Refs {
		if strings.Contains(ref.Doc, "main branch, after 1.0.1") && strings.Contains(ref.Section, "4.4.6") && strings.HasSuffix(ref.URL, "/pull/1997") {
			cited = true
		}
	}
	if !cited {
		t.Errorf("refs %v do not cite the main branch's §4.4.6 (PR #1997)", r.Refs)
	}
	for _, text := range []string{r.Explanation, r.Basis.Note} {
		if !strings.Contains(text, "main branch") || !strings.Contains(text, "after 1.0.1") || !strings.Contains(text, "§4.4.6") {
			t.Errorf("text does not say where the exception comes from: %q", text)
		}
	}
}
