package lint

import (
	"testing"
)

// legacyURL turns a fragment into a 0.3 card (BaseLegacyCard).
const legacyURL = `"url": "https://invoices.example.com/a2a", `

// mixedFrag makes a mixed card whose legacy half matches entry 1.
const mixedFrag = `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}], "url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0", "preferredTransport": "JSONRPC", `

func schemes(body string) string { return `"securitySchemes": {` + body + `}` }

const (
	ccFlow   = `"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {"invoices:read": "Read invoices", "invoices:write": "Change invoices"}}`
	acFlow   = `"authorizationCode": {"authorizationUrl": "https://login.example.com/authorize", "tokenUrl": "https://login.example.com/token", "scopes": {"invoices:read": "Read invoices"}}`
	oauthStd = `"staff": {"oauth2SecurityScheme": {"flows": {` + ccFlow + `}}}`
)

func TestSchemeLegacyShape(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "http bearer in 1.0", code: codeSchemeLegacy10, want: 1, sev: Error,
			doc:   schemes(`"token": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}`),
			id:    "msg.security-scheme-legacy-shape",
			args:  []any{"phrase.security-scheme", `"token"`, "phrase.scheme-type", `"http"`, "httpAuthSecurityScheme"},
			fixed: `"token": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}`, fixID: "fix.convert-scheme"},
		{name: "apiKey in becomes location", code: codeSchemeLegacy10, want: 1,
			doc:   schemes(`"key": {"type": "apiKey", "in": "header", "name": "X-Api-Key", "description": "Ask support for a key"}`),
			fixed: `"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Api-Key", "description": "Ask support for a key"}}`},
		{name: "oauth2 keeps its flows", code: codeSchemeLegacy10, want: 1,
			doc:   schemes(`"staff": {"type": "oauth2", "flows": {` + ccFlow + `}}`),
			fixed: `"staff": {"oauth2SecurityScheme": {"flows": {` + ccFlow + `}}}`},
		{name: "openIdConnect", code: codeSchemeLegacy10, want: 1,
			doc:   schemes(`"sso": {"type": "openIdConnect", "openIdConnectUrl": "https://login.example.com/.well-known/openid-configuration"}`),
			fixed: `"sso": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://login.example.com/.well-known/openid-configuration"}}`},
		{name: "mutualTLS", code: codeSchemeLegacy10, want: 1,
			doc: schemes(`"mtls": {"type": "mutualTLS"}`), fixed: `"mtls": {"mtlsSecurityScheme": {}}`},
		{name: "member without a certain place: no fix", code: codeSchemeLegacy10, want: 1,
			doc: schemes(`"token": {"type": "http", "scheme": "bearer", "x-audience": "invoices"}`), noFix: true},
		{name: "unknown type: no fix", code: codeSchemeLegacy10, want: 1,
			doc: schemes(`"token": {"type": "bearer"}`), args: []any{`"bearer"`}, noFix: true},
		{name: "type that is not a string", code: codeSchemeLegacy10, want: 1,
			doc: schemes(`"token": {"type": ["http"]}`), args: []any{"phrase.scheme-type.member"}, noFix: true},
		{name: "1.0 card with both shapes: warning, keep the wrapper", code: codeSchemeLegacy10, want: 1, sev: Warning,
			doc:   schemes(`"token": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`),
			id:    "msg.security-scheme-legacy-shape.both",
			fixed: `"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`, fixID: "fix.keep-scheme-wrapper"},
		{name: "mixed card, legacy only: add the wrapper", code: codeSchemeLegacy10, want: 1, sev: Error,
			doc:   mixedFrag + schemes(`"token": {"type": "http", "scheme": "bearer"}`),
			id:    "msg.security-scheme-legacy-shape.mixed",
			fixed: `"token": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`, fixID: "fix.add-scheme-wrapper"},
		{name: "mixed card with both shapes", code: codeSchemeLegacy10, want: 0,
			doc: mixedFrag + schemes(`"token": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`)},
		{name: "0.3 card: the 0.3 shape is right", code: codeSchemeLegacy10, want: 0,
			doc: legacyURL + schemes(`"token": {"type": "http", "scheme": "bearer"}`)},
		{name: "1.0 shape", code: codeSchemeLegacy10, want: 0,
			doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`)},
	})
}

func TestSchemeOneOf(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "misspelt wrapper", code: codeSchemeOneOf, want: 1, sev: Error,
			doc: schemes(`"token": {"httpAuth": {"scheme": "Bearer"}}`), id: "msg.security-scheme-one-of.misspelt", args: []any{`"httpAuth"`, `"httpAuthSecurityScheme"`},
			fixed: `"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`, fixID: "fix.rename"},
		{name: "snake_case wrapper", code: codeSchemeOneOf, want: 1,
			doc: schemes(`"key": {"api_key_security_scheme": {"location": "header", "name": "X-Key"}}`), fixed: `"apiKeySecurityScheme"`},
		{name: "empty scheme", code: codeSchemeOneOf, want: 1, doc: schemes(`"token": {}`), id: "msg.security-scheme-one-of.empty"},
		{name: "two wrappers", code: codeSchemeOneOf, want: 1,
			doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}, "apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}`),
			id:  "msg.security-scheme-one-of.several", args: []any{2, `"httpAuthSecurityScheme", "apiKeySecurityScheme"`}},
		{name: "unknown member only", code: codeSchemeOneOf, want: 1,
			doc: schemes(`"token": {"kerberos": {}}`), id: "msg.security-scheme-one-of.none", args: []any{`"kerberos"`}},
		{name: "one wrapper", code: codeSchemeOneOf, want: 0, doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`)},
		{name: "legacy card is not checked", code: codeSchemeOneOf, want: 0,
			doc: legacyURL + schemes(`"token": {"type": "http", "scheme": "bearer"}`)},
	})
	runTopicCases(t, []topicCase{
		{name: "description next to the wrapper", code: codeUnknown, want: 1, sev: Warning,
			doc: schemes(`"token": {"description": "Staff tokens", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`), id: "msg.unknown-field.beside-wrapper-description", args: []any{`"description"`, "httpAuthSecurityScheme"}},
		{name: "other member next to the wrapper", code: codeUnknown, want: 1,
			doc: schemes(`"token": {"audience": "staff", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`), id: "msg.unknown-field.beside-wrapper", args: []any{`"audience"`}},
	})
}

func TestSchemeType(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "case variant", code: codeSchemeType, want: 1, sev: Error,
			doc: legacyURL + schemes(`"token": {"type": "HTTP", "scheme": "bearer"}`), id: "msg.security-scheme-type.variant", args: []any{`"HTTP"`, `"http"`},
			fixed: `"type": "http"`, fixID: "fix.use"},
		{name: "snake variant", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"key": {"type": "api_key", "in": "header", "name": "X-Key"}`), fixed: `"type": "apiKey"`},
		{name: "bearer is not a type", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"type": "bearer"}`), id: "msg.security-scheme-type.unknown-http", args: []any{`"bearer"`}, noFix: true},
		{name: "unknown type", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"type": "kerberos"}`), id: "msg.security-scheme-type.unknown", args: []any{`"kerberos"`}, noFix: true},
		{name: "mutualTLS in a 0.2 card", code: codeSchemeType, want: 1,
			doc: legacyURL + `"protocolVersion": "0.2.6", ` + schemes(`"mtls": {"type": "mutualTLS"}`), id: "msg.security-scheme-type.mtls-in-02"},
		{name: "missing type", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"scheme": "bearer"}`), id: "msg.security-scheme-type.missing"},
		{name: "1.0 wrapper in a 0.3 card", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`), id: "msg.security-scheme-type.wrapper-in-legacy", args: []any{"httpAuthSecurityScheme", "0.3"}},
		{name: "valid", code: codeSchemeType, want: 0,
			doc: legacyURL + schemes(`"token": {"type": "http", "scheme": "bearer"}`)},
		{name: "mixed card, wrapper only: add the 0.3 members", code: codeSchemeType, want: 1, sev: Warning,
			doc:   mixedFrag + schemes(`"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}`),
			id:    "msg.security-scheme-type.wrapper-only",
			fixID: "fix.add-legacy-scheme-members",
			fixed: `"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}, "type": "apiKey", "in": "header", "name": "X-Key"}`},
		{name: "mixed card, device code has no 0.3 form", code: codeSchemeType, want: 1, noFix: true,
			doc: mixedFrag + schemes(`"tv": {"oauth2SecurityScheme": {"flows": {"deviceCode": {"deviceAuthorizationUrl": "https://a.example.com/device", "tokenUrl": "https://a.example.com/token", "scopes": {}}}}}`)},
		{name: "mixed card with both shapes", code: codeSchemeType, want: 0,
			doc: mixedFrag + schemes(`"token": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`)},
		{name: "pure 1.0 card: the shape rule speaks", code: codeSchemeType, want: 0,
			doc: schemes(`"token": {"type": "bearer"}`)},
	})
	runTopicCases(t, []topicCase{
		{name: "apiKey without in", code: codeRequired, want: 1,
			doc: legacyURL + schemes(`"key": {"type": "apiKey", "name": "X-Key"}`), id: "msg.required-field.scheme-type", args: []any{`"apiKey"`, `"in"`}, pointer: "/securitySchemes/key/in"},
		{name: "http without scheme", code: codeRequired, want: 1,
			doc: legacyURL + schemes(`"token": {"type": "http"}`), id: "msg.required-field.scheme-type", args: []any{`"scheme"`}},
	})
}

func TestAPIKeyLocation(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "case only", code: codeAPIKeyLocation, want: 1, sev: Error,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "Header", "name": "X-Key"}}`), id: "msg.security-apikey-location.case",
			args: []any{`"location"`, `"Header"`, `"header"`}, fixed: `"location": "header"`, fixID: "fix.use"},
		{name: "legacy in, case only", code: codeAPIKeyLocation, want: 1,
			doc: legacyURL + schemes(`"key": {"type": "apiKey", "in": "QUERY", "name": "key"}`), args: []any{`"in"`, `"QUERY"`}, fixed: `"in": "query"`},
		{name: "plural", code: codeAPIKeyLocation, want: 1,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "headers", "name": "X-Key"}}`), id: "msg.security-apikey-location.suggest", args: []any{`"headers"`, `"header"`}, noFix: true},
		{name: "body", code: codeAPIKeyLocation, want: 1,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "body", "name": "key"}}`), id: "msg.security-apikey-location", args: []any{`"body"`}, noFix: true},
		{name: "valid", code: codeAPIKeyLocation, want: 0,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "cookie", "name": "session-key"}}`)},
	})
}

func TestHTTPScheme(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "JWT", code: codeHTTPSchemeUnknown, want: 1, sev: Warning,
			doc: schemes(`"jwt": {"httpAuthSecurityScheme": {"scheme": "JWT"}}`), id: "msg.security-http-scheme-unknown.token", args: []any{`"JWT"`, "phrase.security-scheme", `"jwt"`}},
		{name: "legacy Token", code: codeHTTPSchemeUnknown, want: 1,
			doc: legacyURL + schemes(`"t": {"type": "http", "scheme": "Token"}`)},
		{name: "not a scheme name", code: codeHTTPSchemeUnknown, want: 1,
			doc: schemes(`"t": {"httpAuthSecurityScheme": {"scheme": "Kerberos5"}}`), id: "msg.security-http-scheme-unknown", args: []any{`"Kerberos5"`}},
		{name: "apiKey as http scheme", code: codeHTTPSchemeUnknown, want: 1,
			doc: schemes(`"k": {"httpAuthSecurityScheme": {"scheme": "ApiKey"}}`), id: "msg.security-http-scheme-unknown.apikey"},
		{name: "lower-case bearer is fine", code: codeHTTPSchemeUnknown, want: 0,
			doc: schemes(`"t": {"httpAuthSecurityScheme": {"scheme": "bearer"}}`)},
		{name: "DPoP and SCRAM", code: codeHTTPSchemeUnknown, want: 0,
			doc: schemes(`"a": {"httpAuthSecurityScheme": {"scheme": "DPoP"}}, "b": {"httpAuthSecurityScheme": {"scheme": "scram-sha-256"}}`)},
	})
}

func TestSecurityURLs(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "http token URL", code: codeSecurityURL, want: 1, sev: Error,
			doc:   schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "http://login.example.com/token", "scopes": {}}}}}`),
			id:    "msg.security-url-not-https.http",
			args:  []any{"phrase.scheme-member", `"tokenUrl"`, "phrase.security-scheme", `"staff"`, `"http://login.example.com/token"`},
			fixed: `"tokenUrl": "https://login.example.com/token"`, fixID: "fix.security-url-https"},
		{name: "loopback is a warning", code: codeSecurityURL, want: 1, sev: Warning,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "http://localhost:8080/token", "scopes": {}}}}}`),
			id:  "msg.security-url-not-https.loopback", args: []any{`"http://localhost:8080/token"`}},
		{name: "relative", code: codeSecurityURL, want: 1,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "/oauth/token", "scopes": {}}}}}`), id: "msg.security-url-not-https"},
		{name: "placeholder", code: codeSecurityURL, want: 1,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "{ISSUER}/token", "scopes": {}}}}}`), id: "msg.security-url-not-https.placeholder", args: []any{`"{ISSUER}"`}},
		{name: "every URL of a flow", code: codeSecurityURL, want: 3,
			doc: schemes(`"user": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {"authorizationUrl": "http://a.example.com/auth", "tokenUrl": "http://a.example.com/token", "refreshUrl": "http://a.example.com/refresh", "scopes": {}}}}}`)},
		{name: "device flow", code: codeSecurityURL, want: 1,
			doc: schemes(`"tv": {"oauth2SecurityScheme": {"flows": {"deviceCode": {"deviceAuthorizationUrl": "http://a.example.com/device", "tokenUrl": "https://a.example.com/token", "scopes": {}}}}}`)},
		{name: "metadata URL", code: codeSecurityURL, want: 1,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"oauth2MetadataUrl": "http://a.example.com/.well-known/oauth-authorization-server", "flows": {` + ccFlow + `}}}`)},
		{name: "OpenID Connect URL", code: codeSecurityURL, want: 1,
			doc: schemes(`"sso": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "http://login.example.com/.well-known/openid-configuration"}}`)},
		{name: "legacy card", code: codeSecurityURL, want: 1,
			doc: legacyURL + schemes(`"staff": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "http://login.example.com/token", "scopes": {}}}}`)},
		{name: "https", code: codeSecurityURL, want: 0, doc: schemes(oauthStd)},
	})
}

func TestOAuthFlows(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "implicit", code: codeOAuthFlowDeprecated, want: 1, sev: Warning,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {"implicit": {"authorizationUrl": "https://a.example.com/auth", "scopes": {}}}}}`), id: "msg.security-oauth-flow-deprecated.implicit", args: []any{`"u"`}},
		{name: "password in a legacy card", code: codeOAuthFlowDeprecated, want: 1,
			doc: legacyURL + schemes(`"u": {"type": "oauth2", "flows": {"password": {"tokenUrl": "https://a.example.com/token", "scopes": {}}}}`), id: "msg.security-oauth-flow-deprecated.password"},
		{name: "authorization code", code: codeOAuthFlowDeprecated, want: 0,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {` + acFlow + `}}}`)},
	})
	runTopicCases(t, []topicCase{
		{name: "no flow", code: codeOAuthFlowsOneOf, want: 1, sev: Error,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {}}}`), id: "msg.security-oauth-flows-one-of.none"},
		{name: "two flows", code: codeOAuthFlowsOneOf, want: 1,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {` + acFlow + `, ` + ccFlow + `}}}`), id: "msg.security-oauth-flows-one-of.several", args: []any{2, `"authorizationCode", "clientCredentials"`}},
		{name: "several flows are fine in 0.3", code: codeOAuthFlowsOneOf, want: 0,
			doc: legacyURL + schemes(`"u": {"type": "oauth2", "flows": {`+acFlow+`, `+ccFlow+`}}`)},
		{name: "one flow", code: codeOAuthFlowsOneOf, want: 0, doc: schemes(oauthStd)},
	})
}
