package lint

import (
	"testing"
)

func TestRequirementUndefined(t *testing.T) {
	bearer := `"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`
	runTopicCases(t, []topicCase{
		{name: "undefined with no close name", code: codeRequirementUndefined, want: 1, sev: Error,
			doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`) + `, "securityRequirements": [{"schemes": {"oauth": {"list": ["read"]}}}]`,
			id:  "msg.security-requirement-undefined", args: []any{`"oauth"`, `"token"`}, noFix: true},
		{name: "undefined among many schemes", code: codeRequirementUndefined, want: 1,
			doc: schemes(`"s1": {"mtlsSecurityScheme": {}}, "s2": {"mtlsSecurityScheme": {}}, "s3": {"mtlsSecurityScheme": {}}, "s4": {"mtlsSecurityScheme": {}}, "s5": {"mtlsSecurityScheme": {}}, "s6": {"mtlsSecurityScheme": {}}, "s7": {"mtlsSecurityScheme": {}}`) +
				`, "securityRequirements": [{"schemes": {"kerberos": {"list": []}}}]`,
			id: "msg.security-requirement-undefined", args: []any{"phrase.list.more", `"s1", "s2", "s3", "s4", "s5"`, 2}},
		{name: "case typo", code: codeRequirementUndefined, want: 1,
			doc:   schemes(bearer) + `, "securityRequirements": [{"schemes": {"Bearer": {"list": []}}}]`,
			id:    "msg.security-requirement-undefined.suggest",
			args:  []any{`"Bearer"`, `"bearer"`},
			fixed: `"schemes": {"bearer": {"list": []}}`, fixID: "fix.rename"},
		{name: "no securitySchemes at all", code: codeRequirementUndefined, want: 1,
			doc: `"securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`, id: "msg.security-requirement-undefined.no-schemes", args: []any{`"bearer"`}},
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
			id:  "msg.security-scope-undeclared", args: []any{`"admin"`, "phrase.security-scheme", `"staff"`, `"invoices:read", "invoices:write"`}, noFix: true},
		{name: "typo", code: codeScopeUndeclared, want: 1,
			doc: schemes(oauthStd) + `, "securityRequirements": [{"schemes": {"staff": {"list": ["invoices:raed"]}}}]`,
			id:  "msg.security-scope-undeclared.suggest", args: []any{`"invoices:raed"`, `"invoices:read"`},
			fixed: `"list": ["invoices:read"]`, fixID: "fix.use"},
		{name: "flows declare no scopes", code: codeScopeUndeclared, want: 1,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {}}}}}`) + `, "securityRequirements": [{"schemes": {"staff": {"list": ["admin"]}}}]`,
			id:  "msg.security-scope-undeclared.no-scopes", args: []any{`"admin"`}},
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
