package lint

import (
	"testing"
)

func TestRequirementUndefined(t *testing.T) {
	bearer := `"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`
	runTopicCases(t, []topicCase{
		{name: "undefined with no close name", code: codeRequirementUndefined, want: 1, sev: Error,
			doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`) + `, "securityRequirements": [{"schemes": {"oauth": {"list": ["read"]}}}]`,
			msg: []string{`"oauth"`, `it defines "token"`}, noFix: true},
		{name: "case typo", code: codeRequirementUndefined, want: 1,
			doc:   schemes(bearer) + `, "securityRequirements": [{"schemes": {"Bearer": {"list": []}}}]`,
			msg:   []string{`Did you mean "bearer"`},
			fixed: `"schemes": {"bearer": {"list": []}}`},
		{name: "no securitySchemes at all", code: codeRequirementUndefined, want: 1,
			doc: `"securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`, msg: []string{"declares no securitySchemes"}},
		{name: "skill requirement", code: codeRequirementUndefined, want: 1,
			doc: schemes(bearer) + `, "skills": [{"id": "x", "name": "X", "description": "` + longDesc + `", "tags": ["x"], "examples": ["x"], "securityRequirements": [{"schemes": {"staff": {"list": []}}}]}]`},
		{name: "legacy security", code: codeRequirementUndefined, want: 1,
			doc: legacyURL + schemes(`"bearer": {"type": "http", "scheme": "bearer"}`) + `, "security": [{"beraer": []}]`, fixed: `"security": [{"bearer": []}]`},
		{name: "defined", code: codeRequirementUndefined, want: 0,
			doc: schemes(bearer) + `, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`},
	})
}

func TestScopeUndeclared(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "undeclared", code: codeScopeUndeclared, want: 1, sev: Warning,
			doc: schemes(oauthStd) + `, "securityRequirements": [{"schemes": {"staff": {"list": ["admin"]}}}]`,
			msg: []string{`"admin"`, `"invoices:read"`}, noFix: true},
		{name: "typo", code: codeScopeUndeclared, want: 1,
			doc:   schemes(oauthStd) + `, "securityRequirements": [{"schemes": {"staff": {"list": ["invoices:raed"]}}}]`,
			fixed: `"list": ["invoices:read"]`},
		{name: "legacy", code: codeScopeUndeclared, want: 1,
			doc: legacyURL + schemes(`"staff": {"type": "oauth2", "flows": {`+ccFlow+`}}`) + `, "security": [{"staff": ["invoices:delete"]}]`},
		{name: "skill level", code: codeScopeUndeclared, want: 1,
			doc: schemes(oauthStd) + `, "skills": [{"id": "x", "name": "X", "description": "` + longDesc + `", "tags": ["x"], "examples": ["x"], "securityRequirements": [{"schemes": {"staff": {"list": ["invoices:approve"]}}}]}]`},
		{name: "declared", code: codeScopeUndeclared, want: 0,
			doc: schemes(oauthStd) + `, "securityRequirements": [{"schemes": {"staff": {"list": ["invoices:read", "invoices:write"]}}}]`},
		{name: "not an oauth2 scheme", code: codeScopeUndeclared, want: 0,
			doc: schemes(`"sso": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://login.example.com/.well-known/openid-configuration"}}`) + `, "securityRequirements": [{"schemes": {"sso": {"list": ["openid", "email"]}}}]`},
	})
}
