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
			msg:   []string{`"token"`, `type "http"`, "httpAuthSecurityScheme"},
			fixed: `"token": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}`},
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
			doc: schemes(`"token": {"type": "bearer"}`), noFix: true},
		{name: "1.0 card with both shapes: warning, keep the wrapper", code: codeSchemeLegacy10, want: 1, sev: Warning,
			doc:   schemes(`"token": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`),
			fixed: `"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`},
		{name: "mixed card, legacy only: add the wrapper", code: codeSchemeLegacy10, want: 1, sev: Error,
			doc:   mixedFrag + schemes(`"token": {"type": "http", "scheme": "bearer"}`),
			msg:   []string{"mixed card"},
			fixed: `"token": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`},
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
			doc: schemes(`"token": {"httpAuth": {"scheme": "Bearer"}}`), msg: []string{`"httpAuth"`, "Did you mean"},
			fixed: `"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`},
		{name: "snake_case wrapper", code: codeSchemeOneOf, want: 1,
			doc: schemes(`"key": {"api_key_security_scheme": {"location": "header", "name": "X-Key"}}`), fixed: `"apiKeySecurityScheme"`},
		{name: "empty scheme", code: codeSchemeOneOf, want: 1, doc: schemes(`"token": {}`), msg: []string{"empty"}},
		{name: "two wrappers", code: codeSchemeOneOf, want: 1,
			doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}, "apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}`),
			msg: []string{"2 wrappers", `"httpAuthSecurityScheme"`, `"apiKeySecurityScheme"`}},
		{name: "unknown member only", code: codeSchemeOneOf, want: 1,
			doc: schemes(`"token": {"kerberos": {}}`), msg: []string{`"kerberos"`, "exactly one of"}},
		{name: "one wrapper", code: codeSchemeOneOf, want: 0, doc: schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`)},
		{name: "legacy card is not checked", code: codeSchemeOneOf, want: 0,
			doc: legacyURL + schemes(`"token": {"type": "http", "scheme": "bearer"}`)},
	})
	runTopicCases(t, []topicCase{
		{name: "description next to the wrapper", code: codeUnknown, want: 1, sev: Warning,
			doc: schemes(`"token": {"description": "Staff tokens", "httpAuthSecurityScheme": {"scheme": "Bearer"}}`), msg: []string{"move it inside"}},
	})
}

func TestSchemeType(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "case variant", code: codeSchemeType, want: 1, sev: Error,
			doc: legacyURL + schemes(`"token": {"type": "HTTP", "scheme": "bearer"}`), fixed: `"type": "http"`},
		{name: "snake variant", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"key": {"type": "api_key", "in": "header", "name": "X-Key"}`), fixed: `"type": "apiKey"`},
		{name: "bearer is not a type", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"type": "bearer"}`), msg: []string{`"bearer"`, `"type": "http"`}, noFix: true},
		{name: "missing type", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"scheme": "bearer"}`), msg: []string{`no "type"`}},
		{name: "1.0 wrapper in a 0.3 card", code: codeSchemeType, want: 1,
			doc: legacyURL + schemes(`"token": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}`), msg: []string{"0.3 card"}},
		{name: "valid", code: codeSchemeType, want: 0,
			doc: legacyURL + schemes(`"token": {"type": "http", "scheme": "bearer"}`)},
		{name: "mixed card, wrapper only: add the 0.3 members", code: codeSchemeType, want: 1, sev: Warning,
			doc:   mixedFrag + schemes(`"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}`),
			msg:   []string{"mixed card", "0.3 clients"},
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
			doc: legacyURL + schemes(`"key": {"type": "apiKey", "name": "X-Key"}`), msg: []string{`"in"`}},
		{name: "http without scheme", code: codeRequired, want: 1,
			doc: legacyURL + schemes(`"token": {"type": "http"}`), msg: []string{`"scheme"`}},
	})
}

func TestAPIKeyLocation(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "case only", code: codeAPIKeyLocation, want: 1, sev: Error,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "Header", "name": "X-Key"}}`), fixed: `"location": "header"`},
		{name: "legacy in, case only", code: codeAPIKeyLocation, want: 1,
			doc: legacyURL + schemes(`"key": {"type": "apiKey", "in": "QUERY", "name": "key"}`), msg: []string{`"in"`}, fixed: `"in": "query"`},
		{name: "plural", code: codeAPIKeyLocation, want: 1,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "headers", "name": "X-Key"}}`), msg: []string{`Did you mean "header"`}, noFix: true},
		{name: "body", code: codeAPIKeyLocation, want: 1,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "body", "name": "key"}}`), noFix: true},
		{name: "valid", code: codeAPIKeyLocation, want: 0,
			doc: schemes(`"key": {"apiKeySecurityScheme": {"location": "cookie", "name": "session-key"}}`)},
	})
}

func TestHTTPScheme(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "JWT", code: codeHTTPSchemeUnknown, want: 1, sev: Warning,
			doc: schemes(`"jwt": {"httpAuthSecurityScheme": {"scheme": "JWT"}}`), msg: []string{`"JWT"`, "bearerFormat"}},
		{name: "legacy Token", code: codeHTTPSchemeUnknown, want: 1,
			doc: legacyURL + schemes(`"t": {"type": "http", "scheme": "Token"}`)},
		{name: "apiKey as http scheme", code: codeHTTPSchemeUnknown, want: 1,
			doc: schemes(`"k": {"httpAuthSecurityScheme": {"scheme": "ApiKey"}}`), msg: []string{"apiKey scheme"}},
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
			msg:   []string{`"tokenUrl"`, `"http://login.example.com/token"`},
			fixed: `"tokenUrl": "https://login.example.com/token"`},
		{name: "loopback is a warning", code: codeSecurityURL, want: 1, sev: Warning,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "http://localhost:8080/token", "scopes": {}}}}}`)},
		{name: "relative", code: codeSecurityURL, want: 1,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "/oauth/token", "scopes": {}}}}}`), msg: []string{"absolute https"}},
		{name: "placeholder", code: codeSecurityURL, want: 1,
			doc: schemes(`"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "{ISSUER}/token", "scopes": {}}}}}`), msg: []string{`"{ISSUER}"`}},
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
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {"implicit": {"authorizationUrl": "https://a.example.com/auth", "scopes": {}}}}}`), msg: []string{"implicit"}},
		{name: "password in a legacy card", code: codeOAuthFlowDeprecated, want: 1,
			doc: legacyURL + schemes(`"u": {"type": "oauth2", "flows": {"password": {"tokenUrl": "https://a.example.com/token", "scopes": {}}}}`), msg: []string{"password"}},
		{name: "authorization code", code: codeOAuthFlowDeprecated, want: 0,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {` + acFlow + `}}}`)},
	})
	runTopicCases(t, []topicCase{
		{name: "no flow", code: codeOAuthFlowsOneOf, want: 1, sev: Error,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {}}}`), msg: []string{"no flow"}},
		{name: "two flows", code: codeOAuthFlowsOneOf, want: 1,
			doc: schemes(`"u": {"oauth2SecurityScheme": {"flows": {` + acFlow + `, ` + ccFlow + `}}}`), msg: []string{"2 flows", `"authorizationCode"`, `"clientCredentials"`}},
		{name: "several flows are fine in 0.3", code: codeOAuthFlowsOneOf, want: 0,
			doc: legacyURL + schemes(`"u": {"type": "oauth2", "flows": {`+acFlow+`, `+ccFlow+`}}`)},
		{name: "one flow", code: codeOAuthFlowsOneOf, want: 0, doc: schemes(oauthStd)},
	})
}
