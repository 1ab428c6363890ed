package lint

import (
	"slices"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Security rules. The structure walker type-checks the members of 1.0
// wrappers and of 0.3 schemes in legacy cards and reports missing required
// inner fields of 1.0 schemes; these rules check the shape of each scheme
// (which of the two shapes, how many wrapper keys) and the values inside it
// (types, key locations, HTTP schemes, URLs, OAuth flows). The
// requirements that refer to schemes by name are security_requirements.go's.
//
// Mixed cards: 0.3 clients read a scheme's "type" shape and 1.0 clients read
// its wrapper key. The members of the two shapes do not collide and both
// readers ignore what they do not know, so a mixed card's scheme should
// carry both: one object with "type"… and a wrapper such as
// "httpAuthSecurityScheme". A legacy-only scheme in a mixed card leaves 1.0
// clients without it (an error, fixed by adding the wrapper next to the 0.3
// members); a wrapper-only scheme in a mixed card leaves 0.3 clients without
// it (a warning under security-scheme-type, fixed by adding the 0.3
// members). In a pure 1.0 card the 0.3 shape is replaced.
const (
	codeSchemeOneOf         = "security-scheme-one-of"
	codeSchemeType          = "security-scheme-type"
	codeAPIKeyLocation      = "security-apikey-location"
	codeHTTPSchemeUnknown   = "security-http-scheme-unknown"
	codeSecurityURL         = "security-url-not-https"
	codeOAuthFlowDeprecated = "security-oauth-flow-deprecated"
	codeOAuthFlowsOneOf     = "security-oauth-flows-one-of"
)

// securityRules lists the scheme rules, then the requirement rules
// (security_requirements.go), in the catalogue's order.
func securityRules() []*Rule {
	return append(securitySchemeRules(), securityRequirementRules()...)
}

func securitySchemeRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeSchemeLegacy10, Severity: Error, Topic: "security", Title: "0.3-style security scheme in a 1.0 card",
			Explanation: "A 1.0 scheme is an object with exactly one wrapper member, such as httpAuthSecurityScheme or apiKeySecurityScheme (§4.5.1). The OpenAPI-style shape with a \"type\" member comes from 0.2/0.3 cards: a2a-go refuses the whole card when it meets this shape, while a2a-python converts it to the 1.0 wrapper (read from its source). A mixed card may keep the 0.3 members for 0.3 callers, but needs the wrapper next to them, and a2a-python v1.1.0 reads the 0.3 half of such a scheme, not the wrapper: it drops type and moves the 0.3 members under that type's wrapper, ignoring the one already there. So both halves must say the same, and the 0.3 half of an oauth2 scheme must list exactly one flow, or a2a-python refuses the card.",
			HowToFix:    "Move the members into the wrapper for the type: http → httpAuthSecurityScheme, apiKey → apiKeySecurityScheme (with `in` renamed to `location`), oauth2 → oauth2SecurityScheme, openIdConnect → openIdConnectSecurityScheme, mutualTLS → mtlsSecurityScheme. The fix does it.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go refuses the whole card when a scheme has the 0.3 \"type\" shape instead of one 1.0 wrapper (NamedSecuritySchemes.UnmarshalJSON); a2a-python converts it (read from its source), also when a 1.0 wrapper stands beside it, which it then ignores: a 0.3 oauth2 half with two flows puts two members into OAuthFlows' one-of, and ParseDict refuses the card (protobuf 3.21.12, core/sdk TestPythonAgreesWithModel)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.1", Title: "SecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#451-securityscheme"},
				{Doc: "A2A", Version: "1.0", Section: "A.2", Title: "Migration Guidance", URL: "https://a2a-protocol.org/v1.0.0/specification/#a2-migration-guidance"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2a/auth.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2a/auth.go"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/card_resolver.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/card_resolver.py"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-scheme-legacy-shape", Text: "%s uses the 0.3 shape (%s); 1.0 clients read only a wrapper such as %s and find no scheme here"},
				{ID: "msg.security-scheme-legacy-shape.mixed", Text: "%s has only the 0.3 shape (%s); 0.3 clients of this mixed card read it, but 1.0 clients need a wrapper such as %s next to it"},
				{ID: "msg.security-scheme-legacy-shape.both", Text: "%s has a 1.0 wrapper and 0.3 members (%s); 1.0 clients ignore the 0.3 members, so they only add confusion"},
			},
			Bad:  `"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`,
			Good: `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`}, Check: checkSchemeLegacyShape},
		&Rule{Rule: diag.Rule{Code: codeSchemeOneOf, Severity: Error, Topic: "security", Title: "Security scheme without exactly one wrapper",
			Explanation: "In 1.0 each named scheme holds exactly one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme or mtlsSecurityScheme (§4.5.1). With none (an empty object, or a misspelt wrapper name) or with several, a2a-go refuses the whole card; a reader that does not refuse it sees no scheme, or cannot know which one the agent expects.",
			HowToFix:    "Keep one wrapper per scheme name. To offer two ways to authenticate, declare two named schemes and list them as alternatives in securityRequirements.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go refuses the whole card when a scheme has no wrapper, a misspelt one or two (NamedSecuritySchemes.UnmarshalJSON)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.1", Title: "SecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#451-securityscheme"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2a/auth.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2a/auth.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-scheme-one-of.empty", Text: "%s is empty; give it one wrapper such as httpAuthSecurityScheme or apiKeySecurityScheme"},
				{ID: "msg.security-scheme-one-of.misspelt", Text: "%s has no 1.0 wrapper: %s is not one. Did you mean %s?"},
				{ID: "msg.security-scheme-one-of.none", Text: "%s has no 1.0 wrapper (found %s); use exactly one of %s"},
				{ID: "msg.security-scheme-one-of.several", Text: "%s has %d wrappers (%s); a scheme holds exactly one, so declare each under its own name"},
			},
			Bad:  `"securitySchemes": {"bearer": {"httpAuth": {"scheme": "Bearer"}}}`,
			Good: `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}`}, Check: checkSchemeOneOf},
		&Rule{Rule: diag.Rule{Code: codeSchemeType, Severity: Error, Topic: "security", Title: "0.3 security scheme with a missing or unknown type",
			Explanation: "A 0.2/0.3 scheme says what it is with \"type\": apiKey, http, oauth2 or openIdConnect, and from 0.3 also mutualTLS, spelt exactly so (the schemas fix the value of each kind, 0.3 §5.5.3). Without it, or with another value (\"bearer\", \"jwt\", \"HTTP\"), the 0.3 schema refuses the scheme. A 1.0 wrapper alone does not satisfy the 0.3 schema either.",
			HowToFix:    "Set \"type\" to one of those values and give the members that type needs: `in` and `name` for apiKey, `scheme` for http, `flows` for oauth2, `openIdConnectUrl` for openIdConnect.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "0.3.0", Section: "5.5.3", Title: "SecurityScheme Object", URL: "https://a2a-protocol.org/v0.3.0/specification/#553-securityscheme-object"},
				{Doc: "A2A", Version: "0.2.6", Section: "5.5.3", Title: "SecurityScheme Object", URL: "https://a2a-protocol.org/v0.2.6/specification/#553-securityscheme-object"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-scheme-type.wrapper-only", Text: "%s has only the 1.0 wrapper %s; 1.0 clients of this mixed card read it, but 0.3 clients need the \"type\" shape next to it (some reject the whole card without it)"},
				{ID: "msg.security-scheme-type.wrapper-in-legacy", Text: "%s uses the 1.0 wrapper %s in a %s card; 0.3 clients read only the \"type\" shape"},
				{ID: "msg.security-scheme-type.missing", Text: "%s has no \"type\"; 0.3 clients need one of apiKey, http, oauth2, openIdConnect, mutualTLS"},
				{ID: "msg.security-scheme-type.mtls-in-02", Text: "%s has type \"mutualTLS\", which 0.2 cards do not have (it first appears in 0.3); declare protocolVersion 0.3.0 or use one of apiKey, http, oauth2, openIdConnect"},
				{ID: "msg.security-scheme-type.variant", Text: "%s has type %s; the 0.3 value is %s"},
				{ID: "msg.security-scheme-type.unknown", Text: "%s has an unknown type %s; use one of apiKey, http, oauth2, openIdConnect, mutualTLS"},
				{ID: "msg.security-scheme-type.unknown-http", Text: "%s has an unknown type %s; use one of apiKey, http, oauth2, openIdConnect, mutualTLS (for HTTP authentication write \"type\": \"http\" with \"scheme\": \"Bearer\" or \"Basic\")"},
			},
			Bad:  `"url": "https://invoices.example.com/a2a", "securitySchemes": {"bearer": {"type": "bearer"}}, "security": [{"bearer": []}]`,
			Good: `"url": "https://invoices.example.com/a2a", "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "security": [{"bearer": []}]`}, Check: checkSchemeType},
		&Rule{Rule: diag.Rule{Code: codeAPIKeyLocation, Severity: Error, Topic: "security", Title: "API key location is not query, header or cookie",
			Explanation: "An API key scheme says where callers put the key (§4.5.2): in a header, a query parameter or a cookie, written exactly \"header\", \"query\" or \"cookie\" (the 1.0 `location`, the 0.3 `in`). Any other value is none of the three places the specification defines, so nobody can tell where to send the key.",
			HowToFix:    "Use \"header\" (preferred: query strings end up in logs), \"query\" or \"cookie\", in lower case.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.2", Title: "APIKeySecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#452-apikeysecurityscheme"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.5.3", Title: "SecurityScheme Object", URL: "https://a2a-protocol.org/v0.3.0/specification/#553-securityscheme-object"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-apikey-location", Text: "the API key %s of %s is %s; it must be \"header\", \"query\" or \"cookie\""},
				{ID: "msg.security-apikey-location.suggest", Text: "the API key %s of %s is %s; it must be \"header\", \"query\" or \"cookie\". Did you mean %s?"},
				{ID: "msg.security-apikey-location.case", Text: "the API key %s of %s is %s; write it in lower case: %s"},
			},
			Bad:  `"securitySchemes": {"partner": {"apiKeySecurityScheme": {"location": "Header", "name": "X-Api-Key"}}}`,
			Good: `"securitySchemes": {"partner": {"apiKeySecurityScheme": {"location": "header", "name": "X-Api-Key"}}}`}, Check: checkAPIKeyLocation},
		&Rule{Rule: diag.Rule{Code: codeHTTPSchemeUnknown, Severity: Warning, Topic: "security", Title: "Unknown HTTP authentication scheme",
			Explanation: "The `scheme` of an HTTP auth scheme is the word that goes in front of the credential in the Authorization header (RFC 9110 §11.1), and should be a name registered in the IANA HTTP Authentication Scheme registry (the 1.0 definition says should, not must): Basic, Bearer, Digest, DPoP, GNAP, HOBA, Mutual, Negotiate, OAuth, PrivateToken, SCRAM-SHA-1, SCRAM-SHA-256, vapid, Concealed. Values such as \"JWT\" or \"Token\" are not schemes, so nobody can tell what to send.",
			HowToFix:    "Use a registered name, usually \"Bearer\". Describe the token format in bearerFormat (\"JWT\"), and use an apiKey scheme for keys sent in a custom header.",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.3", Title: "HTTPAuthSecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#453-httpauthsecurityscheme"},
				{Doc: "RFC 9110", Version: "", Section: "11.1", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc9110#section-11.1"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-http-scheme-unknown", Text: "the HTTP authentication scheme %s of %s is not in the IANA registry; use a registered name such as \"Bearer\" or \"Basic\""},
				{ID: "msg.security-http-scheme-unknown.token", Text: "the HTTP authentication scheme %s of %s is not in the IANA registry; tokens are sent with \"Bearer\"; put the token format in bearerFormat"},
				{ID: "msg.security-http-scheme-unknown.apikey", Text: "the HTTP authentication scheme %s of %s is not in the IANA registry; for a key in a custom header, use an apiKey scheme instead"},
			},
			Bad:  `"securitySchemes": {"jwt": {"httpAuthSecurityScheme": {"scheme": "JWT"}}}`,
			Good: `"securitySchemes": {"jwt": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}`}, Check: checkHTTPScheme},
		&Rule{Rule: diag.Rule{Code: codeSecurityURL, Severity: Error, Topic: "security", Title: "OAuth or OpenID Connect URL is not https",
			Explanation: "Authorization, token, refresh, device and metadata URLs carry credentials and codes. Over plain http anyone on the path can read or change them, and OAuth 2.0 requires TLS for these endpoints. A relative or templated URL cannot be used at all. A loopback http URL is acceptable only while testing locally.",
			HowToFix:    "Publish the absolute https URL of the endpoint, for example \"https://login.example.com/oauth2/token\".",
			Basis:       Basis{Kind: BasisMust, Note: "The proto says TLS is required for oauth2MetadataUrl and that OAuth 2.0 requires TLS for the flows' URLs; RFC 6749 §3.1 and RFC 6749 §3.2 require TLS for the authorization and token endpoints."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.4", Title: "OAuth2SecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#454-oauth2securityscheme"},
				{Doc: "A2A", Version: "1.0", Section: "4.5.8", Title: "AuthorizationCodeOAuthFlow", URL: "https://a2a-protocol.org/v1.0.0/specification/#458-authorizationcodeoauthflow"},
				{Doc: "A2A", Version: "1.0", Section: "4.5.9", Title: "ClientCredentialsOAuthFlow", URL: "https://a2a-protocol.org/v1.0.0/specification/#459-clientcredentialsoauthflow"},
				{Doc: "A2A", Version: "1.0", Section: "4.5.10", Title: "DeviceCodeOAuthFlow", URL: "https://a2a-protocol.org/v1.0.0/specification/#4510-devicecodeoauthflow"},
				{Doc: "RFC 6749", Version: "", Section: "3.1", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc6749#section-3.1"},
				{Doc: "RFC 6749", Version: "", Section: "3.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc6749#section-3.2"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-url-not-https", Text: "%s is %s, which is not an absolute https URL"},
				{ID: "msg.security-url-not-https.http", Text: "%s is %s, plain http: tokens and codes would travel unencrypted; use https"},
				{ID: "msg.security-url-not-https.loopback", Text: "%s is %s, plain http on %s; acceptable for local testing only, never in a published card"},
				{ID: "msg.security-url-not-https.placeholder", Text: "%s is %s, which still contains the template %s; publish the real https URL"},
			},
			Bad:  `"securitySchemes": {"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "http://login.example.com/token", "scopes": {"read": "Read data"}}}}}}`,
			Good: `"securitySchemes": {"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {"read": "Read data"}}}}}}`}, Check: checkSecurityURLs},
		&Rule{Rule: diag.Rule{Code: codeOAuthFlowDeprecated, Severity: Warning, Topic: "security", Title: "Deprecated OAuth flow",
			Explanation: "The implicit flow returns tokens in the browser's address bar, and the password flow hands the user's password to the calling application. Current OAuth security guidance (RFC 9700) says the implicit flow should not be used and the password flow must not be; A2A 1.0 marks both deprecated and keeps them only for compatibility.",
			HowToFix:    "Use authorizationCode (with PKCE) when a user signs in, clientCredentials between services, or deviceCode for devices without a browser.",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.7", Title: "OAuthFlows", URL: "https://a2a-protocol.org/v1.0.0/specification/#457-oauthflows"},
				{Doc: "RFC 9700", Version: "", Section: "2.1.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc9700#section-2.1.2"},
				{Doc: "RFC 9700", Version: "", Section: "2.4", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc9700#section-2.4"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-oauth-flow-deprecated.implicit", Text: "%s offers the implicit flow, which exposes tokens in the browser; use authorizationCode with PKCE"},
				{ID: "msg.security-oauth-flow-deprecated.password", Text: "%s offers the password flow, which hands user passwords to the client; use authorizationCode, clientCredentials or deviceCode"},
			},
			Bad:  `"securitySchemes": {"user": {"oauth2SecurityScheme": {"flows": {"implicit": {"authorizationUrl": "https://login.example.com/authorize", "scopes": {"read": "Read data"}}}}}}`,
			Good: `"securitySchemes": {"user": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {"authorizationUrl": "https://login.example.com/authorize", "tokenUrl": "https://login.example.com/token", "scopes": {"read": "Read data"}, "pkceRequired": true}}}}}`}, Check: checkOAuthFlowDeprecated},
		&Rule{Rule: diag.Rule{Code: codeOAuthFlowsOneOf, Severity: Error, Topic: "security", Title: "OAuth scheme without exactly one flow",
			Explanation: "In 1.0, `flows` of an OAuth 2.0 scheme holds exactly one flow (§4.5.7): authorizationCode, clientCredentials, deviceCode, or one of the deprecated implicit and password. a2a-go refuses the whole card, not just the scheme, when a scheme has no flow or more than one, and with an empty `flows` there is no way to get a token at all.",
			HowToFix:    "Keep one flow per scheme. If the agent accepts two flows, declare two named schemes and list them as alternatives in securityRequirements.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go refuses the whole card when an OAuth2 scheme has no flow or more than one (OAuth2SecurityScheme.UnmarshalJSON)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.5.7", Title: "OAuthFlows", URL: "https://a2a-protocol.org/v1.0.0/specification/#457-oauthflows"},
				{Doc: "A2A", Version: "1.0", Section: "4.5.4", Title: "OAuth2SecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#454-oauth2securityscheme"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2a/auth.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2a/auth.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-oauth-flows-one-of.none", Text: "the flows of %s declare no flow; give exactly one of authorizationCode, clientCredentials or deviceCode"},
				{ID: "msg.security-oauth-flows-one-of.several", Text: "the flows of %s declare %d flows (%s); a 1.0 scheme holds exactly one, so declare each flow as its own scheme"},
			},
			Bad:  `"securitySchemes": {"staff": {"oauth2SecurityScheme": {"flows": {}}}}`,
			Good: `"securitySchemes": {"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {"read": "Read data"}}}}}}`}, Check: checkOAuthFlowsOneOf},
	}
}

// legacySchemeTypeNames lists the "type" values a card of the era may use:
// mutualTLS exists from 0.3.
func legacySchemeTypeNames(era card.Era) []string {
	var out []string
	for _, k := range card.SchemeKinds {
		if k.Since == "0.3" && era == card.Era02 {
			continue
		}
		out = append(out, k.Type)
	}
	return out
}

// ianaAuthSchemes is the IANA HTTP Authentication Scheme registry, in its
// registered spelling; comparison is case-insensitive (RFC 9110 §11.1).
var ianaAuthSchemes = []string{"Basic", "Bearer", "Concealed", "Digest", "DPoP", "GNAP", "HOBA", "Mutual", "Negotiate", "OAuth", "PrivateToken", "SCRAM-SHA-1", "SCRAM-SHA-256", "vapid"}

// secScheme is one named entry of securitySchemes.
type secScheme struct {
	Name     string
	Node     *jsonpos.Node   // the scheme object
	Type     *jsonpos.Node   // the 0.3 "type" member, or nil
	Wrappers []*jsonpos.Node // members named like a 1.0 wrapper
	readable []secView       // views, computed with the scheme
}

// secView is one readable shape of a scheme: a 1.0 wrapper's inner object,
// or the scheme object itself for the 0.3 shape.
type secView struct {
	Kind   string // apiKey, http, oauth2, openIdConnect, mutualTLS
	Inner  *jsonpos.Node
	Legacy bool
}

// securitySchemes is read once per run (a dozen rules walk it); callers
// must not modify what it returns.
func securitySchemes(c *Context) []secScheme {
	if !c.schemesDone {
		c.schemes, c.schemesDone = readSecuritySchemes(c), true
	}
	return c.schemes
}

func readSecuritySchemes(c *Context) []secScheme {
	ss := c.Root.Get("securitySchemes")
	if ss == nil || ss.Kind != jsonpos.Object {
		return nil
	}
	out := make([]secScheme, 0, len(ss.Children))
	for _, m := range ss.Children {
		if m.Kind != jsonpos.Object {
			continue
		}
		s := secScheme{Name: m.Key, Node: m, Type: m.Get("type")}
		for _, w := range m.Children {
			if _, ok := card.SchemeKindByWrapper(w.Key); ok {
				s.Wrappers = append(s.Wrappers, w)
			}
		}
		s.readable = s.readViews()
		out = append(out, s)
	}
	return out
}

// views lists the shapes of a scheme that some client reads.
func (s secScheme) views() []secView { return s.readable }

func (s secScheme) readViews() []secView {
	var out []secView
	for _, w := range s.Wrappers {
		if w.Kind == jsonpos.Object {
			k, _ := card.SchemeKindByWrapper(w.Key)
			out = append(out, secView{Kind: k.Type, Inner: w})
		}
	}
	if s.Type != nil && s.Type.Kind == jsonpos.String {
		if _, ok := card.SchemeKindByType(s.Type.Str); ok {
			out = append(out, secView{Kind: s.Type.Str, Inner: s.Node, Legacy: true})
		}
	}
	return out
}

// schemeLabel names a scheme in messages (`security scheme "oauth"`), as a
// phrase each language words its own way.
func schemeLabel(name string) i18n.Text { return i18n.T("phrase.security-scheme", quote(name)) }

// schemeTypeText shows a 0.3 scheme's "type" member in messages: `type
// "http"`, or just the member when its value is not a scalar.
func schemeTypeText(c *Context, n *jsonpos.Node) i18n.Text {
	switch n.Kind {
	case jsonpos.String, jsonpos.Number, jsonpos.Bool:
		return i18n.T("phrase.scheme-type", jsonpos.Clip(string(c.Doc.Src[n.Start:n.End]), 40+len("…")))
	}
	return i18n.T("phrase.scheme-type.member")
}

// legacyToWrapper builds the 1.0 text of a 0.3 scheme: the wrapper key and
// its inner object, or false when some member has no certain place.
func legacyToWrapper(c *Context, s secScheme) (key, inner string, ok bool) {
	if s.Type == nil || s.Type.Kind != jsonpos.String {
		return "", "", false
	}
	kind, ok := card.SchemeKindByType(s.Type.Str)
	if !ok {
		return "", "", false
	}
	key = kind.Wrapper
	var parts []string
	for _, m := range s.Node.Children {
		if m == s.Type {
			continue
		}
		if _, wrapper := card.SchemeKindByWrapper(m.Key); wrapper {
			continue
		}
		to, known := kind.NewName(m.Key)
		if !known {
			return "", "", false
		}
		raw := string(c.Doc.Src[m.Start:m.End])
		if s.Type.Str == "http" && m.Key == "scheme" && m.Kind == jsonpos.String {
			if canon := canonicalAuthScheme(m.Str); canon != "" {
				raw = quote(canon)
			}
		}
		parts = append(parts, quote(to)+": "+raw)
	}
	return key, "{" + strings.Join(parts, ", ") + "}", true
}

func canonicalAuthScheme(s string) string {
	for _, a := range ianaAuthSchemes {
		if strings.EqualFold(a, strings.TrimSpace(s)) {
			return a
		}
	}
	return ""
}

func checkSchemeLegacyShape(c *Context) {
	if !c.Is10() {
		return
	}
	for _, s := range securitySchemes(c) {
		if s.Type == nil {
			continue
		}
		typ := schemeTypeText(c, s.Type)
		key, inner, convertible := legacyToWrapper(c, s)
		switch {
		case c.Era == card.EraMixed && len(s.Wrappers) > 0:
			// both shapes: 0.3 and 1.0 clients each read their own.
		case c.Era == card.EraMixed:
			d := c.ReportKey(s.Node, "msg.security-scheme-legacy-shape.mixed", schemeLabel(s.Name), typ, wrapperHint(key))
			if convertible {
				at := closingBrace(c, s.Node)
				d.WithFixText(i18n.T("fix.add-scheme-wrapper", key), c.Doc.Edit(at, at, ", "+jsonpos.Quote(key)+": "+inner))
			}
		case len(s.Wrappers) > 0:
			d := c.ReportKey(s.Node, "msg.security-scheme-legacy-shape.both", schemeLabel(s.Name), typ).WithSeverity(Warning)
			if len(s.Wrappers) == 1 {
				w := s.Wrappers[0]
				d.WithFixText(i18n.T("fix.keep-scheme-wrapper", w.Key), c.Replace(s.Node, "{"+jsonpos.Quote(w.Key)+": "+string(c.Doc.Src[w.Start:w.End])+"}"))
			}
		default:
			d := c.ReportKey(s.Node, "msg.security-scheme-legacy-shape", schemeLabel(s.Name), typ, wrapperHint(key))
			if convertible {
				d.WithFixText(i18n.T("fix.convert-scheme", key), c.Replace(s.Node, "{"+jsonpos.Quote(key)+": "+inner+"}"))
			}
		}
	}
}

func wrapperHint(key string) string {
	if key == "" {
		return "httpAuthSecurityScheme"
	}
	return key
}

// closingBrace is the offset right after the last member of an object,
// where a new member can be appended.
func closingBrace(c *Context, obj *jsonpos.Node) int {
	if len(obj.Children) > 0 {
		return obj.Children[len(obj.Children)-1].End
	}
	return obj.Start + 1
}

// suggestWrapper guesses the wrapper key a misspelt member meant.
func suggestWrapper(key string) string {
	if s, _ := suggest("SecurityScheme", key, card.V10); s != "" {
		return s
	}
	k := strings.ToLower(strings.NewReplacer("_", "", "-", "", " ", "").Replace(key))
	k = strings.TrimSuffix(strings.TrimSuffix(k, "securityscheme"), "scheme")
	switch k {
	case "apikey", "api":
		return "apiKeySecurityScheme"
	case "http", "httpauth", "bearer", "basic":
		return "httpAuthSecurityScheme"
	case "oauth", "oauth2":
		return "oauth2SecurityScheme"
	case "openidconnect", "openid", "oidc":
		return "openIdConnectSecurityScheme"
	case "mtls", "mutualtls", "tls":
		return "mtlsSecurityScheme"
	}
	return ""
}

func checkSchemeOneOf(c *Context) {
	if !c.Is10() {
		return
	}
	for _, s := range securitySchemes(c) {
		if s.Type != nil {
			continue // the 0.3 shape: security-scheme-legacy-shape
		}
		var unknown []*jsonpos.Node
		for _, m := range s.Node.Children {
			if _, ok := card.SchemeKindByWrapper(m.Key); !ok {
				unknown = append(unknown, m)
			}
		}
		switch len(s.Wrappers) {
		case 0:
			if len(unknown) == 0 {
				c.ReportKey(s.Node, "msg.security-scheme-one-of.empty", schemeLabel(s.Name))
				continue
			}
			reported := false
			for _, m := range unknown {
				if sug := suggestWrapper(m.Key); sug != "" {
					c.ReportKey(m, "msg.security-scheme-one-of.misspelt", schemeLabel(s.Name), quote(m.Key), quote(sug)).
						WithFixText(i18n.T("fix.rename", sug), c.RenameKey(m, sug))
					reported = true
				}
			}
			if !reported {
				c.ReportKey(s.Node, "msg.security-scheme-one-of.none", schemeLabel(s.Name), memberList(unknown), strings.Join(card.SecuritySchemeKinds, ", "))
			}
		case 1:
			for _, m := range unknown {
				id := "msg.unknown-field.beside-wrapper"
				if m.Key == "description" {
					id = "msg.unknown-field.beside-wrapper-description"
				}
				c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), id, quote(m.Key), s.Wrappers[0].Key, schemeLabel(s.Name))
			}
		default:
			c.ReportKey(s.Node, "msg.security-scheme-one-of.several", schemeLabel(s.Name), len(s.Wrappers), memberList(s.Wrappers))
		}
	}
}

func memberList(ms []*jsonpos.Node) string {
	names := make([]string, 0, len(ms))
	for _, m := range ms {
		names = append(names, quote(m.Key))
	}
	return strings.Join(names, ", ")
}

func checkSchemeType(c *Context) {
	for _, s := range securitySchemes(c) {
		if s.Type == nil {
			if c.Era == card.EraMixed && len(s.Wrappers) == 1 {
				d := c.ReportKey(s.Node, "msg.security-scheme-type.wrapper-only", schemeLabel(s.Name), s.Wrappers[0].Key).WithSeverity(Warning)
				if text, ok := wrapperToLegacy(c, s.Wrappers[0]); ok {
					at := closingBrace(c, s.Node)
					d.WithFix("fix.add-legacy-scheme-members", c.Doc.Edit(at, at, ", "+text))
				}
				continue
			}
			if c.IsLegacy() {
				if len(s.Wrappers) > 0 {
					c.ReportKey(s.Node, "msg.security-scheme-type.wrapper-in-legacy", schemeLabel(s.Name), s.Wrappers[0].Key, string(c.Era))
				} else {
					c.ReportKey(s.Node, "msg.security-scheme-type.missing", schemeLabel(s.Name))
				}
			}
			continue
		}
		if s.Type.Kind != jsonpos.String || !(c.IsLegacy() || c.Era == card.EraMixed) {
			continue // wrong-type; in a pure 1.0 card the shape rule speaks
		}
		t := s.Type.Str
		if t == "mutualTLS" && c.Era == card.Era02 {
			// The 0.2.6 schema's SecurityScheme has four kinds; mutualTLS
			// was added in 0.3.0.
			c.Report(s.Type, "msg.security-scheme-type.mtls-in-02", schemeLabel(s.Name))
			continue
		}
		if _, ok := card.SchemeKindByType(t); ok {
			legacySchemeRequired(c, s)
			continue
		}
		if fix := legacyTypeFix(t); fix != "" {
			c.Report(s.Type, "msg.security-scheme-type.variant", schemeLabel(s.Name), quote(t), quote(fix)).
				WithSafeFixText(i18n.T("fix.use", quote(fix)), c.Replace(s.Type, jsonpos.Quote(fix)))
			continue
		}
		id := "msg.security-scheme-type.unknown"
		switch strings.ToLower(t) {
		case "bearer", "basic", "jwt", "token", "digest":
			id = "msg.security-scheme-type.unknown-http"
		}
		c.Report(s.Type, id, schemeLabel(s.Name), quote(t))
	}
}

// wrapperToLegacy builds the 0.3 members ("type": …, …) equivalent to a
// 1.0 wrapper, or false when some member has no 0.3 counterpart.
func wrapperToLegacy(c *Context, w *jsonpos.Node) (string, bool) {
	kind, ok := card.SchemeKindByWrapper(w.Key)
	if w.Kind != jsonpos.Object || !ok {
		return "", false
	}
	back := map[string]string{}
	for _, m := range kind.Members {
		back[m[1]] = m[0]
	}
	parts := []string{`"type": ` + quote(kind.Type)}
	for _, m := range w.Children {
		from, ok := back[m.Key]
		if !ok {
			return "", false
		}
		if m.Key == "flows" && m.Has("deviceCode") {
			return "", false // 0.3 has no device code flow
		}
		parts = append(parts, quote(from)+": "+string(c.Doc.Src[m.Start:m.End]))
	}
	return strings.Join(parts, ", "), true
}

// legacyTypeFix returns the exact type a variant spelling certainly means.
func legacyTypeFix(t string) string {
	k := strings.ToLower(strings.NewReplacer("_", "", "-", "", " ", "").Replace(t))
	for _, kind := range card.SchemeKinds {
		if strings.ToLower(kind.Type) == k {
			return kind.Type
		}
	}
	switch k {
	case "mtls":
		return "mutualTLS"
	case "oidc", "openid":
		return "openIdConnect"
	}
	return ""
}

// legacySchemeRequired reports the members each 0.3 type needs, which the
// catalogue cannot express (they depend on the type).
func legacySchemeRequired(c *Context, s secScheme) {
	var need []string
	switch s.Type.Str {
	case "apiKey":
		need = []string{"in", "name"}
	case "http":
		need = []string{"scheme"}
	case "oauth2":
		need = []string{"flows"}
	case "openIdConnect":
		need = []string{"openIdConnectUrl"}
	}
	for _, k := range need {
		if !s.Node.Has(k) {
			c.ReportMissingAs(codeRequired, s.Node, k, c.Doc.KeyRange(s.Node), "msg.required-field.scheme-type", schemeLabel(s.Name), quote(s.Type.Str), quote(k))
		}
	}
}

func checkAPIKeyLocation(c *Context) {
	for _, s := range securitySchemes(c) {
		for _, v := range s.views() {
			if v.Kind != "apiKey" {
				continue
			}
			field := "location"
			if v.Legacy {
				field = "in"
			}
			n := v.Inner.Get(field)
			if n == nil || n.Kind != jsonpos.String || strings.TrimSpace(n.Str) == "" {
				continue // missing, empty or wrong type: structure rules
			}
			if slices.Contains(card.APIKeyLocations, n.Str) {
				continue
			}
			low := strings.ToLower(strings.TrimSpace(n.Str))
			if slices.Contains(card.APIKeyLocations, low) {
				c.Report(n, "msg.security-apikey-location.case", quote(field), schemeLabel(s.Name), quote(n.Str), quote(low)).
					WithSafeFixText(i18n.T("fix.use", quote(low)), c.Replace(n, jsonpos.Quote(low)))
				continue
			}
			if sug := card.Closest(low, card.APIKeyLocations); sug != "" {
				c.Report(n, "msg.security-apikey-location.suggest", quote(field), schemeLabel(s.Name), quote(n.Str), quote(sug))
				continue
			}
			c.Report(n, "msg.security-apikey-location", quote(field), schemeLabel(s.Name), quote(n.Str))
		}
	}
}

func checkHTTPScheme(c *Context) {
	for _, s := range securitySchemes(c) {
		for _, v := range s.views() {
			if v.Kind != "http" {
				continue
			}
			n := v.Inner.Get("scheme")
			if n == nil || n.Kind != jsonpos.String || strings.TrimSpace(n.Str) == "" || canonicalAuthScheme(n.Str) != "" {
				continue
			}
			id := "msg.security-http-scheme-unknown"
			switch strings.ToLower(strings.TrimSpace(n.Str)) {
			case "jwt", "token", "oauth2", "oauth 2", "access_token", "accesstoken", "bearer token", "bearertoken":
				id = "msg.security-http-scheme-unknown.token"
			case "apikey", "api_key", "api-key", "key":
				id = "msg.security-http-scheme-unknown.apikey"
			}
			c.Report(n, id, quote(n.Str), schemeLabel(s.Name))
		}
	}
}

// securityURLFields are the URL members of OAuth flows.
var securityURLFields = card.FlowURLMembers()

func checkSecurityURLs(c *Context) {
	for _, s := range securitySchemes(c) {
		for _, v := range s.views() {
			switch v.Kind {
			case "oauth2":
				checkSecurityURL(c, s, v.Inner.Get("oauth2MetadataUrl"))
				flows := v.Inner.Get("flows")
				if flows == nil || flows.Kind != jsonpos.Object {
					continue
				}
				for _, f := range flows.Children {
					for _, k := range securityURLFields {
						checkSecurityURL(c, s, f.Get(k))
					}
				}
			case "openIdConnect":
				checkSecurityURL(c, s, v.Inner.Get("openIdConnectUrl"))
			}
		}
	}
}

func checkSecurityURL(c *Context, s secScheme, n *jsonpos.Node) {
	if n == nil || n.Kind != jsonpos.String || strings.TrimSpace(n.Str) == "" {
		return
	}
	u := c.classifyURL(n.Str)
	where := i18n.T("phrase.scheme-member", quote(n.Key), schemeLabel(s.Name))
	shown := quote(jsonpos.Clip(n.Str, 80+len("…")))
	switch {
	case u.Form == formHTTP && u.Scheme == "https":
		return
	case u.Form == formHTTP && u.Scheme == "http" && u.Where == hostLoopback:
		c.Report(n, "msg.security-url-not-https.loopback", where, shown, u.Why).WithSeverity(Warning)
	case u.Form == formHTTP && u.Scheme == "http":
		d := c.Report(n, "msg.security-url-not-https.http", where, shown)
		if strings.HasPrefix(n.Str, "http://") {
			d.WithFix("fix.security-url-https", c.Replace(n, jsonpos.Quote("https://"+strings.TrimPrefix(n.Str, "http://"))))
		}
	case u.Form == formPlaceholder:
		c.Report(n, "msg.security-url-not-https.placeholder", where, shown, quote(u.Placeholder))
	default:
		c.Report(n, "msg.security-url-not-https", where, shown)
	}
}

func checkOAuthFlowDeprecated(c *Context) {
	for _, s := range securitySchemes(c) {
		for _, v := range s.views() {
			if v.Kind != "oauth2" {
				continue
			}
			flows := v.Inner.Get("flows")
			if flows == nil || flows.Kind != jsonpos.Object {
				continue
			}
			for _, f := range flows.Children {
				switch f.Key {
				case "implicit":
					c.ReportKey(f, "msg.security-oauth-flow-deprecated.implicit", schemeLabel(s.Name))
				case "password":
					c.ReportKey(f, "msg.security-oauth-flow-deprecated.password", schemeLabel(s.Name))
				}
			}
		}
	}
}

func checkOAuthFlowsOneOf(c *Context) {
	if !c.Is10() {
		return
	}
	for _, s := range securitySchemes(c) {
		for _, v := range s.views() {
			if v.Kind != "oauth2" || v.Legacy {
				continue
			}
			flows := v.Inner.Get("flows")
			if flows == nil || flows.Kind != jsonpos.Object {
				continue
			}
			var known []*jsonpos.Node
			for _, f := range flows.Children {
				if slices.Contains(card.OAuthFlowKinds, f.Key) {
					known = append(known, f)
				}
			}
			switch {
			case len(known) == 0:
				c.ReportKey(flows, "msg.security-oauth-flows-one-of.none", schemeLabel(s.Name))
			case len(known) > 1:
				c.ReportKey(flows, "msg.security-oauth-flows-one-of.several", schemeLabel(s.Name), len(known), memberList(known))
			}
		}
	}
}
