package card

import (
	"sort"
	"sync"
)

// Field is one entry of the field catalogue: a member of one object type in
// one or more eras. The linter's type, required and unknown-member checks,
// the editor's hover and completion, and the learn site all read it.
type Field struct {
	// Object is the type that holds the field ("AgentCard", "AgentSkill",
	// …); Name is its JSON name (camelCase, §5.5).
	Object string `json:"object"`
	Name   string `json:"name"`
	// Type is a small type expression: "string", "boolean", "object" (free
	// form), a catalogue type name ("AgentProvider"), "[]T" or "map[T]"
	// (an object whose member values are T).
	Type string `json:"type"`
	// In is the set of eras that define the field; Required the eras in
	// which it must be present and set (§5.7: non-empty strings and arrays).
	In       Eras `json:"-"`
	Required Eras `json:"-"`
	// Optional is proto3 `optional` presence: explicitly set values are
	// kept even when they equal the default (matters for signing, §8.4).
	Optional bool `json:"optional,omitempty"`
	// Since and Removed are protocol versions; Replacement names what a
	// 1.0 card uses instead of a legacy field.
	Since       string `json:"since"`
	Removed     string `json:"removed,omitempty"`
	Replacement string `json:"replacement,omitempty"`
	// Format refines strings: "url", "media-type", "version", "binding",
	// "slug", "base64url", "uri".
	Format string `json:"format,omitempty"`
	// Values is the closed (or well-known) set of values, for completion.
	Values []string `json:"values,omitempty"`
	Doc    string   `json:"doc"`
	// Spec is Refs as one line of text; Refs are the sections that define
	// the field in each version that has it (generated from objectRefs
	// and fieldRefs into fieldRefTable, set on first use, loadFields).
	Spec string `json:"spec"`
	Refs []Ref  `json:"refs"`
}

// EraNames lists the eras of a set as strings ("0.2", "0.3", "1.0").
func (e Eras) EraNames() []string {
	var out []string
	if e&V02 != 0 {
		out = append(out, "0.2")
	}
	if e&V03 != 0 {
		out = append(out, "0.3")
	}
	if e&V10 != 0 {
		out = append(out, "1.0")
	}
	return out
}

// CoreBindings are the protocol bindings every SDK knows (§5.8).
var CoreBindings = []string{"JSONRPC", "GRPC", "HTTP+JSON"}

// CommonMediaTypes are suggestions for input and output modes.
var CommonMediaTypes = []string{"text/plain", "text/markdown", "text/html", "application/json", "image/png", "image/jpeg", "audio/mpeg", "video/mp4", "application/pdf"}

// OAuthFlowKinds are the one-of keys of OAuthFlows; implicit and password
// are deprecated.
var OAuthFlowKinds = []string{"authorizationCode", "clientCredentials", "deviceCode", "implicit", "password"}

var fields = []Field{
	// AgentCard, v1.0
	{Object: "AgentCard", Name: "name", Type: "string", In: All, Required: All, Since: "0.2", Doc: "A short human-readable name for the agent, shown in catalogues and pickers."},
	{Object: "AgentCard", Name: "description", Type: "string", In: All, Required: All, Since: "0.2", Doc: "What the agent does for its callers, stated as the outcomes it delivers, so people and other agents can decide whether to use it."},
	{Object: "AgentCard", Name: "supportedInterfaces", Type: "[]AgentInterface", In: V10, Required: V10, Since: "1.0", Doc: "Every endpoint the agent answers on, each with its URL, protocol binding and protocol version. The order is the agent's preference: clients take the first entry they can speak."},
	{Object: "AgentCard", Name: "provider", Type: "AgentProvider", In: All, Since: "0.2", Doc: "The organization that runs the agent."},
	{Object: "AgentCard", Name: "version", Type: "string", In: All, Required: All, Since: "0.2", Doc: "The agent's own release version (for example \"1.4.0\"), not the protocol version."},
	{Object: "AgentCard", Name: "documentationUrl", Type: "string", Format: "url", In: All, Optional: true, Since: "0.2", Doc: "An absolute http(s) URL of human documentation for the agent."},
	{Object: "AgentCard", Name: "capabilities", Type: "AgentCapabilities", In: All, Required: All, Since: "0.2", Doc: "Optional protocol features the agent supports (streaming, push notifications, extended card, extensions). May be an empty object."},
	{Object: "AgentCard", Name: "securitySchemes", Type: "map[SecurityScheme]", In: All, Since: "0.2", Doc: "Named authentication schemes the agent accepts. The card only names them; credentials are obtained out of band."},
	{Object: "AgentCard", Name: "securityRequirements", Type: "[]SecurityRequirement", In: V10, Since: "1.0", Doc: "Which schemes (and scopes) a caller must satisfy. Any one entry of the list is enough; within an entry, all named schemes are needed."},
	{Object: "AgentCard", Name: "defaultInputModes", Type: "[]string", Format: "media-type", In: All, Required: All, Since: "0.2", Values: CommonMediaTypes, Doc: "Media types (for example text/plain, application/json) the agent accepts as input unless a skill says otherwise."},
	{Object: "AgentCard", Name: "defaultOutputModes", Type: "[]string", Format: "media-type", In: All, Required: All, Since: "0.2", Values: CommonMediaTypes, Doc: "Media types the agent can produce unless a skill says otherwise."},
	{Object: "AgentCard", Name: "skills", Type: "[]AgentSkill", In: All, Required: All, Since: "0.2", Doc: "The distinct tasks the agent can perform. At least one is required."},
	{Object: "AgentCard", Name: "signatures", Type: "[]AgentCardSignature", In: V03 | V10, Since: "0.3", Doc: "JWS signatures over the card, so clients can check who published it and that it was not altered."},
	{Object: "AgentCard", Name: "iconUrl", Type: "string", Format: "url", In: All, Optional: true, Since: "0.2", Doc: "An absolute http(s) URL of an icon for the agent."},
	// AgentCard, legacy (0.2/0.3)
	{Object: "AgentCard", Name: "url", Type: "string", Format: "url", In: Legacy, Required: Legacy, Since: "0.2", Removed: "1.0", Replacement: "supportedInterfaces[0].url", Doc: "The agent's primary endpoint in 0.2/0.3 cards."},
	{Object: "AgentCard", Name: "preferredTransport", Type: "string", Format: "binding", Values: CoreBindings, In: Legacy, Since: "0.2.4", Removed: "1.0", Replacement: "supportedInterfaces[0].protocolBinding", Doc: "The binding spoken at url in 0.2/0.3 cards. The 0.3 text makes it REQUIRED, although the 0.3 JSON Schema gives it a JSONRPC default (0.2 only has the default); the Go SDK ignores url when it is missing, the Python SDK assumes JSONRPC."},
	{Object: "AgentCard", Name: "additionalInterfaces", Type: "[]AgentInterface", In: Legacy, Since: "0.2.4", Removed: "1.0", Replacement: "further supportedInterfaces entries", Doc: "Other endpoints of a 0.2/0.3 card, each a url and a transport."},
	{Object: "AgentCard", Name: "protocolVersion", Type: "string", Format: "version", In: Legacy, Required: Legacy, Since: "0.2.5", Removed: "1.0", Replacement: "supportedInterfaces[].protocolVersion", Doc: "The A2A version of the whole 0.2/0.3 card, such as \"0.3.0\"."},
	{Object: "AgentCard", Name: "supportsAuthenticatedExtendedCard", Type: "boolean", In: Legacy, Since: "0.2", Removed: "1.0", Replacement: "capabilities.extendedAgentCard", Doc: "Whether a richer card is served to authenticated clients (0.2/0.3)."},
	{Object: "AgentCard", Name: "security", Type: "[]map[[]string]", In: Legacy, Since: "0.2", Removed: "1.0", Replacement: "securityRequirements", Doc: "0.2/0.3 security requirements: a list of {scheme name: [scopes]} objects."},

	// AgentInterface
	{Object: "AgentInterface", Name: "url", Type: "string", Format: "url", In: All, Required: All, Since: "0.2", Doc: "Where to send requests: for the HTTP bindings (JSONRPC, HTTP+JSON) an absolute URL, https in production; for GRPC also host:port, the target gRPC clients dial, as the specification's main branch says after 1.0.1 (A2A pull request #1997). gRPC uses TLS in production."},
	{Object: "AgentInterface", Name: "protocolBinding", Type: "string", Format: "binding", Values: CoreBindings, In: V10, Required: V10, Since: "1.0", Doc: "How requests are carried: JSONRPC, GRPC or HTTP+JSON exactly, or a URI naming a custom binding."},
	{Object: "AgentInterface", Name: "protocolVersion", Type: "string", Format: "version", Values: []string{"1.0", "0.3"}, In: V10, Required: V10, Since: "1.0", Doc: "The A2A version spoken at this URL as Major.Minor (\"1.0\", \"0.3\"); patch numbers do not belong here."},
	{Object: "AgentInterface", Name: "tenant", Type: "string", In: V10, Since: "1.0", Doc: "When set, clients must send exactly this value as the tenant of every request to this interface."},
	{Object: "AgentInterface", Name: "transport", Type: "string", Format: "binding", Values: CoreBindings, In: Legacy, Required: Legacy, Since: "0.2", Removed: "1.0", Replacement: "protocolBinding", Doc: "The binding of a 0.2/0.3 additional interface."},

	// AgentProvider
	{Object: "AgentProvider", Name: "organization", Type: "string", In: All, Required: All, Since: "0.2", Doc: "The name of the organization that runs the agent."},
	{Object: "AgentProvider", Name: "url", Type: "string", Format: "url", In: All, Required: All, Since: "0.2", Doc: "An absolute http(s) URL for the organization."},

	// AgentCapabilities
	{Object: "AgentCapabilities", Name: "streaming", Type: "boolean", Optional: true, In: All, Since: "0.2", Doc: "The agent can stream task updates (SendStreamingMessage, SubscribeToTask)."},
	{Object: "AgentCapabilities", Name: "pushNotifications", Type: "boolean", Optional: true, In: All, Since: "0.2", Doc: "The agent can call a client-supplied webhook when a task changes."},
	{Object: "AgentCapabilities", Name: "extensions", Type: "[]AgentExtension", In: All, Since: "0.2", Doc: "Protocol extensions the agent supports."},
	{Object: "AgentCapabilities", Name: "extendedAgentCard", Type: "boolean", Optional: true, In: V10, Since: "1.0", Doc: "Authenticated clients can fetch a richer card (GetExtendedAgentCard). Authentication uses the schemes this card declares."},
	{Object: "AgentCapabilities", Name: "stateTransitionHistory", Type: "boolean", In: Legacy, Since: "0.2", Removed: "1.0", Replacement: "nothing: the capability was dropped", Doc: "A 0.2/0.3 flag that no 1.0 client reads."},

	// AgentExtension
	{Object: "AgentExtension", Name: "uri", Type: "string", Format: "uri", In: All, Required: Legacy, Since: "0.2", Doc: "The extension's identity: an absolute URI, usually pointing at its specification and carrying a version. Required by the 0.2/0.3 schemas; the 1.0 proto does not mark it REQUIRED."},
	{Object: "AgentExtension", Name: "description", Type: "string", In: All, Since: "0.2", Doc: "How this agent uses the extension."},
	{Object: "AgentExtension", Name: "required", Type: "boolean", In: All, Since: "0.2", Doc: "Clients must understand the extension; requests without it are refused."},
	{Object: "AgentExtension", Name: "params", Type: "object", In: All, Since: "0.2", Doc: "Extension-specific settings, free form."},

	// AgentSkill
	{Object: "AgentSkill", Name: "id", Type: "string", Format: "slug", In: All, Required: All, Since: "0.2", Doc: "A stable identifier for the skill, unique within the card (for example \"translate-document\")."},
	{Object: "AgentSkill", Name: "name", Type: "string", In: All, Required: All, Since: "0.2", Doc: "A short human-readable name for the skill."},
	{Object: "AgentSkill", Name: "description", Type: "string", In: All, Required: All, Since: "0.2", Doc: "What the skill does and what it returns."},
	{Object: "AgentSkill", Name: "tags", Type: "[]string", In: All, Required: All, Since: "0.2", Doc: "Keywords for discovery; at least one."},
	{Object: "AgentSkill", Name: "examples", Type: "[]string", In: All, Since: "0.2", Doc: "Sample requests a user might send to this skill."},
	{Object: "AgentSkill", Name: "inputModes", Type: "[]string", Format: "media-type", Values: CommonMediaTypes, In: All, Since: "0.2", Doc: "Media types this skill accepts, replacing defaultInputModes for it."},
	{Object: "AgentSkill", Name: "outputModes", Type: "[]string", Format: "media-type", Values: CommonMediaTypes, In: All, Since: "0.2", Doc: "Media types this skill produces, replacing defaultOutputModes for it."},
	{Object: "AgentSkill", Name: "securityRequirements", Type: "[]SecurityRequirement", In: V10, Since: "1.0", Doc: "Security needed for this skill in particular."},
	{Object: "AgentSkill", Name: "security", Type: "[]map[[]string]", In: V03, Since: "0.3", Removed: "1.0", Replacement: "securityRequirements", Doc: "0.3 per-skill security requirements."},

	// AgentCardSignature
	{Object: "AgentCardSignature", Name: "protected", Type: "string", Format: "base64url", In: V03 | V10, Required: V03 | V10, Since: "0.3", Doc: "The JWS protected header, base64url-encoded JSON; must name alg and kid."},
	{Object: "AgentCardSignature", Name: "signature", Type: "string", Format: "base64url", In: V03 | V10, Required: V03 | V10, Since: "0.3", Doc: "The JWS signature, base64url-encoded."},
	{Object: "AgentCardSignature", Name: "header", Type: "object", In: V03 | V10, Since: "0.3", Doc: "The unprotected JWS header, if any."},

	// SecurityRequirement (1.0)
	{Object: "SecurityRequirement", Name: "schemes", Type: "map[StringList]", In: V10, Since: "1.0", Doc: "Scheme names from securitySchemes, each with the scopes it needs ({\"list\": [...]})."},
	{Object: "StringList", Name: "list", Type: "[]string", In: V10, Since: "1.0", Doc: "The scopes required from this scheme; empty when the scheme has none."},

	// SecurityScheme (1.0 wrapper: exactly one member)
	{Object: "SecurityScheme", Name: "apiKeySecurityScheme", Type: "APIKeySecurityScheme", In: V10, Since: "1.0", Doc: "An API key sent in a header, query parameter or cookie."},
	{Object: "SecurityScheme", Name: "httpAuthSecurityScheme", Type: "HTTPAuthSecurityScheme", In: V10, Since: "1.0", Doc: "HTTP authentication such as Bearer or Basic."},
	{Object: "SecurityScheme", Name: "oauth2SecurityScheme", Type: "OAuth2SecurityScheme", In: V10, Since: "1.0", Doc: "OAuth 2.0 with one flow."},
	{Object: "SecurityScheme", Name: "openIdConnectSecurityScheme", Type: "OpenIdConnectSecurityScheme", In: V10, Since: "1.0", Doc: "OpenID Connect discovery."},
	{Object: "SecurityScheme", Name: "mtlsSecurityScheme", Type: "MutualTlsSecurityScheme", In: V10, Since: "1.0", Doc: "Mutual TLS with client certificates."},

	{Object: "APIKeySecurityScheme", Name: "description", Type: "string", In: V10, Since: "1.0", Doc: "Notes for people on how to get a key."},
	{Object: "APIKeySecurityScheme", Name: "location", Type: "string", Values: APIKeyLocations, In: V10, Required: V10, Since: "1.0", Doc: "Where the key goes: header, query or cookie."},
	{Object: "APIKeySecurityScheme", Name: "name", Type: "string", In: V10, Required: V10, Since: "1.0", Doc: "The header, query parameter or cookie name that carries the key."},
	{Object: "HTTPAuthSecurityScheme", Name: "description", Type: "string", In: V10, Since: "1.0", Doc: "Notes for people on how to authenticate."},
	{Object: "HTTPAuthSecurityScheme", Name: "scheme", Type: "string", Values: []string{"Bearer", "Basic", "Digest"}, In: V10, Required: V10, Since: "1.0", Doc: "The IANA HTTP authentication scheme name, such as Bearer or Basic."},
	{Object: "HTTPAuthSecurityScheme", Name: "bearerFormat", Type: "string", In: V10, Since: "1.0", Doc: "A hint about the bearer token format, such as JWT."},
	{Object: "OAuth2SecurityScheme", Name: "description", Type: "string", In: V10, Since: "1.0", Doc: "Notes for people on how to authorize."},
	{Object: "OAuth2SecurityScheme", Name: "flows", Type: "OAuthFlows", In: V10, Required: V10, Since: "1.0", Doc: "The OAuth flow clients use: exactly one in 1.0 (0.2/0.3 cards may list several)."},
	{Object: "OAuth2SecurityScheme", Name: "oauth2MetadataUrl", Type: "string", Format: "url", In: V10, Since: "1.0", Doc: "The RFC 8414 authorization server metadata URL (https)."},
	{Object: "OpenIdConnectSecurityScheme", Name: "description", Type: "string", In: V10, Since: "1.0", Doc: "Notes for people on how to sign in."},
	{Object: "OpenIdConnectSecurityScheme", Name: "openIdConnectUrl", Type: "string", Format: "url", In: V10, Required: V10, Since: "1.0", Doc: "The OpenID Connect discovery URL (https)."},
	{Object: "MutualTlsSecurityScheme", Name: "description", Type: "string", In: V10, Since: "1.0", Doc: "Notes for people on which certificates are accepted."},

	{Object: "OAuthFlows", Name: "authorizationCode", Type: "AuthorizationCodeOAuthFlow", In: All, Since: "0.2", Doc: "The authorization code flow, for clients acting for a user."},
	{Object: "OAuthFlows", Name: "clientCredentials", Type: "ClientCredentialsOAuthFlow", In: All, Since: "0.2", Doc: "The client credentials flow, for machine-to-machine access."},
	{Object: "OAuthFlows", Name: "deviceCode", Type: "DeviceCodeOAuthFlow", In: V10, Since: "1.0", Doc: "The device authorization flow (RFC 8628), for devices without a browser."},
	{Object: "OAuthFlows", Name: "implicit", Type: "ImplicitOAuthFlow", In: All, Since: "0.2", Doc: "The implicit flow; deprecated by OAuth 2.0 security best practice."},
	{Object: "OAuthFlows", Name: "password", Type: "PasswordOAuthFlow", In: All, Since: "0.2", Doc: "The resource owner password flow; deprecated by OAuth 2.0 security best practice."},

	{Object: "AuthorizationCodeOAuthFlow", Name: "authorizationUrl", Type: "string", Format: "url", In: All, Required: All, Since: "0.2", Doc: "The https URL where users authorize the client."},
	{Object: "AuthorizationCodeOAuthFlow", Name: "tokenUrl", Type: "string", Format: "url", In: All, Required: All, Since: "0.2", Doc: "The https URL where codes are exchanged for tokens."},
	{Object: "AuthorizationCodeOAuthFlow", Name: "refreshUrl", Type: "string", Format: "url", In: All, Since: "0.2", Doc: "The https URL for refreshing tokens."},
	{Object: "AuthorizationCodeOAuthFlow", Name: "scopes", Type: "map[string]", In: All, Required: All, Since: "0.2", Doc: "Scope names with a short description each."},
	{Object: "AuthorizationCodeOAuthFlow", Name: "pkceRequired", Type: "boolean", In: V10, Since: "1.0", Doc: "Clients must use PKCE (RFC 7636)."},
	{Object: "ClientCredentialsOAuthFlow", Name: "tokenUrl", Type: "string", Format: "url", In: All, Required: All, Since: "0.2", Doc: "The https URL where clients get tokens."},
	{Object: "ClientCredentialsOAuthFlow", Name: "refreshUrl", Type: "string", Format: "url", In: All, Since: "0.2", Doc: "The https URL for refreshing tokens."},
	{Object: "ClientCredentialsOAuthFlow", Name: "scopes", Type: "map[string]", In: All, Required: All, Since: "0.2", Doc: "Scope names with a short description each."},
	{Object: "DeviceCodeOAuthFlow", Name: "deviceAuthorizationUrl", Type: "string", Format: "url", In: V10, Required: V10, Since: "1.0", Doc: "The https URL where devices start authorization."},
	{Object: "DeviceCodeOAuthFlow", Name: "tokenUrl", Type: "string", Format: "url", In: V10, Required: V10, Since: "1.0", Doc: "The https URL where devices poll for tokens."},
	{Object: "DeviceCodeOAuthFlow", Name: "refreshUrl", Type: "string", Format: "url", In: V10, Since: "1.0", Doc: "The https URL for refreshing tokens."},
	{Object: "DeviceCodeOAuthFlow", Name: "scopes", Type: "map[string]", In: V10, Required: V10, Since: "1.0", Doc: "Scope names with a short description each."},
	{Object: "ImplicitOAuthFlow", Name: "authorizationUrl", Type: "string", Format: "url", In: All, Required: Legacy, Since: "0.2", Doc: "The https URL where users authorize the client."},
	{Object: "ImplicitOAuthFlow", Name: "refreshUrl", Type: "string", Format: "url", In: All, Since: "0.2", Doc: "The https URL for refreshing tokens."},
	{Object: "ImplicitOAuthFlow", Name: "scopes", Type: "map[string]", In: All, Required: Legacy, Since: "0.2", Doc: "Scope names with a short description each."},
	{Object: "PasswordOAuthFlow", Name: "tokenUrl", Type: "string", Format: "url", In: All, Required: Legacy, Since: "0.2", Doc: "The https URL where credentials are exchanged for tokens."},
	{Object: "PasswordOAuthFlow", Name: "refreshUrl", Type: "string", Format: "url", In: All, Since: "0.2", Doc: "The https URL for refreshing tokens."},
	{Object: "PasswordOAuthFlow", Name: "scopes", Type: "map[string]", In: All, Required: Legacy, Since: "0.2", Doc: "Scope names with a short description each."},

	// 0.2/0.3 security scheme (OpenAPI style, discriminated by type)
	{Object: "LegacySecurityScheme", Name: "type", Type: "string", Values: legacySchemeTypes, In: Legacy, Required: Legacy, Since: "0.2", Removed: "1.0", Replacement: "one wrapper key such as httpAuthSecurityScheme", Doc: "The kind of scheme in a 0.2/0.3 card; mutualTLS exists from 0.3 only."},
	{Object: "LegacySecurityScheme", Name: "description", Type: "string", In: Legacy, Since: "0.2", Doc: "Notes for people."},
	{Object: "LegacySecurityScheme", Name: "in", Type: "string", Values: APIKeyLocations, In: Legacy, Since: "0.2", Removed: "1.0", Replacement: "apiKeySecurityScheme.location", Doc: "Where an API key goes (apiKey schemes)."},
	{Object: "LegacySecurityScheme", Name: "name", Type: "string", In: Legacy, Since: "0.2", Doc: "The parameter that carries an API key (apiKey schemes)."},
	{Object: "LegacySecurityScheme", Name: "scheme", Type: "string", In: Legacy, Since: "0.2", Doc: "The HTTP authentication scheme (http schemes)."},
	{Object: "LegacySecurityScheme", Name: "bearerFormat", Type: "string", In: Legacy, Since: "0.2", Doc: "A hint about the bearer token format (http schemes)."},
	{Object: "LegacySecurityScheme", Name: "flows", Type: "OAuthFlows", In: Legacy, Since: "0.2", Doc: "The OAuth flows (oauth2 schemes)."},
	{Object: "LegacySecurityScheme", Name: "openIdConnectUrl", Type: "string", Format: "url", In: Legacy, Since: "0.2", Doc: "The OpenID Connect discovery URL (openIdConnect schemes)."},
	{Object: "LegacySecurityScheme", Name: "oauth2MetadataUrl", Type: "string", Format: "url", In: V03, Since: "0.3", Doc: "The RFC 8414 metadata URL (oauth2 schemes)."},
}

// fieldRefEntry is a field's references as generated constant data
// (fieldrefs_table.go).
type fieldRefEntry struct {
	object, name, spec string
	refs               []Ref
}

//go:generate go test -run ^TestFieldRefsTable$ -update

// byObject indexes the catalogue by object type (loadFields).
var byObject map[string][]*Field

var fieldsOnce sync.Once

// loadFields completes the catalogue on first use, not at package init (a
// program that never reads a field, such as agentcard version, pays
// nothing): every field's references and the index by object. Every
// reader of a field's Refs, Spec or of the index calls it first.
func loadFields() { fieldsOnce.Do(buildFields) }

func buildFields() {
	if len(fieldRefTable) != len(fields) {
		panic("card: fieldrefs_table.go is stale: run go generate ./core/card")
	}
	for i := range fields {
		f, e := &fields[i], &fieldRefTable[i]
		if f.Object != e.object || f.Name != e.name {
			panic("card: fieldrefs_table.go is stale at " + f.Object + "." + f.Name + ": run go generate ./core/card")
		}
		f.Refs, f.Spec = e.refs, e.spec
	}
	m := map[string][]*Field{}
	for i := range fields {
		f := &fields[i]
		m[f.Object] = append(m[f.Object], f)
	}
	byObject = m
}

// Fields returns the whole catalogue, sorted by object then name. Callers
// must not modify the entries.
func Fields() []Field {
	loadFields()
	out := append([]Field(nil), fields...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Object != out[j].Object {
			return objectRank(out[i].Object) < objectRank(out[j].Object)
		}
		return false
	})
	return out
}

// Objects lists the catalogue's object types in reading order.
var Objects = []string{"AgentCard", "AgentInterface", "AgentProvider", "AgentCapabilities", "AgentExtension", "AgentSkill", "AgentCardSignature", "SecurityRequirement", "StringList", "SecurityScheme", "APIKeySecurityScheme", "HTTPAuthSecurityScheme", "OAuth2SecurityScheme", "OpenIdConnectSecurityScheme", "MutualTlsSecurityScheme", "OAuthFlows", "AuthorizationCodeOAuthFlow", "ClientCredentialsOAuthFlow", "DeviceCodeOAuthFlow", "ImplicitOAuthFlow", "PasswordOAuthFlow", "LegacySecurityScheme"}

func objectRank(o string) int {
	for i, x := range Objects {
		if x == o {
			return i
		}
	}
	return len(Objects)
}

// ObjectFields returns the fields of one object type, in catalogue order.
func ObjectFields(object string) []*Field {
	loadFields()
	return byObject[object]
}

// Lookup finds the field name of object that exists in any of the eras.
func Lookup(object, name string, eras Eras) *Field {
	loadFields()
	for _, f := range byObject[object] {
		if f.Name == name && f.In&eras != 0 {
			return f
		}
	}
	return nil
}

// LookupAny finds the field regardless of era.
func LookupAny(object, name string) *Field {
	loadFields()
	for _, f := range byObject[object] {
		if f.Name == name {
			return f
		}
	}
	return nil
}
