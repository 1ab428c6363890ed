package lint

import "testing"

func TestCapabilities(t *testing.T) {
	bearer := `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}`
	checkFindingCases(t, []findingCase{
		{name: "extended card without schemes", card: `"capabilities": {"streaming": true, "extendedAgentCard": true}`, code: codeExtendedCardNoSecurity, want: 1,
			pointer: "/capabilities/extendedAgentCard", id: "msg.extended-card-without-security", args: []any{"capabilities.extendedAgentCard"}},
		{name: "extended card with empty schemes", card: `"capabilities": {"extendedAgentCard": true}, "securitySchemes": {}`, code: codeExtendedCardNoSecurity, want: 1},
		{name: "extended card with a scheme", card: `"capabilities": {"extendedAgentCard": true}, ` + bearer, code: codeExtendedCardNoSecurity, want: 0},
		{name: "extended card false", card: `"capabilities": {"extendedAgentCard": false}`, code: codeExtendedCardNoSecurity, want: 0},
		{name: "string flag is wrong-type's", card: `"capabilities": {"extendedAgentCard": "true"}`, code: codeExtendedCardNoSecurity, want: 0},
		{name: "legacy flag", card: `"url": "https://agent.example.com/a2a", "supportsAuthenticatedExtendedCard": true`, code: codeExtendedCardNoSecurity, want: 1,
			pointer: "/supportsAuthenticatedExtendedCard"},

		{name: "bare name uri", card: `"capabilities": {"extensions": [{"uri": "cost-estimate"}]}`, code: codeExtensionURIInvalid, want: 1,
			pointer: "/capabilities/extensions/0/uri", id: "msg.extension-uri-invalid", args: []any{"capabilities.extensions[0].uri", `"cost-estimate"`}},
		{name: "relative uri", card: `"capabilities": {"extensions": [{"uri": "/ext/cost"}]}`, code: codeExtensionURIInvalid, want: 1},
		{name: "placeholder uri", card: `"capabilities": {"extensions": [{"uri": "https://{HOST}/ext/cost"}]}`, code: codeExtensionURIInvalid, want: 1, id: "msg.extension-uri-invalid.placeholder", args: []any{`"{HOST}"`}},
		{name: "https uri", card: `"capabilities": {"extensions": [{"uri": "https://example.com/ext/cost/v1"}]}`, code: codeExtensionURIInvalid, want: 0},
		{name: "urn uri", card: `"capabilities": {"extensions": [{"uri": "urn:example:ext:cost"}]}`, code: codeExtensionURIInvalid, want: 0},
		{name: "missing uri is structure's", card: `"capabilities": {"extensions": [{"description": "x"}]}`, code: codeExtensionURIInvalid, want: 0},

		{name: "duplicate", card: `"capabilities": {"extensions": [{"uri": "https://example.com/ext/a"}, {"uri": "https://example.com/ext/b"}, {"uri": "https://example.com/ext/a"}]}`,
			code: codeExtensionDuplicate, want: 1, pointer: "/capabilities/extensions/2/uri", id: "msg.extension-duplicate", args: []any{"capabilities.extensions[2].uri", 0}},
		{name: "distinct", card: `"capabilities": {"extensions": [{"uri": "https://example.com/ext/a"}, {"uri": "https://example.com/ext/b"}]}`, code: codeExtensionDuplicate, want: 0},

		{name: "required", card: `"capabilities": {"extensions": [{"uri": "https://example.com/ext/a", "required": true}]}`, code: codeExtensionRequired, want: 1,
			pointer: "/capabilities/extensions/0/required", id: "msg.extension-required", args: []any{`"https://example.com/ext/a"`}},
		{name: "not required", card: `"capabilities": {"extensions": [{"uri": "https://example.com/ext/a", "required": false}]}`, code: codeExtensionRequired, want: 0},
	})
}
