package card

import (
	"strconv"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/diag"
)

// Ref points at the text a rule or a field rests on (a section of a
// specification version, an RFC, a file of an official SDK). It is
// declared with the rest of a rule's metadata in core/diag; this package
// makes them (SpecRef, RFCRef, …).
type Ref = diag.Ref

// RefsText joins references for the plain-text "spec" members of the
// catalogues.
func RefsText(refs []Ref) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = r.String()
	}
	return strings.Join(parts, "; ")
}

// Spec versions a reference can name.
const (
	Spec10  = "1.0"
	Spec030 = "0.3.0"
	Spec026 = "0.2.6"
)

// specBase is where each version's specification is published. The 1.0
// section table is taken from v1.0.1, the current 1.0 text; the site
// publishes the 1.0 release under /v1.0.0/, whose headings are the same
// except that §5.8 (Custom Binding Identification) first appears in 1.0.1,
// so references to sections that only 1.0.1 has link to /latest/
// (see specSince101).
var specBase = map[string]string{
	Spec10:  "https://a2a-protocol.org/v1.0.0/specification/",
	Spec030: "https://a2a-protocol.org/v0.3.0/specification/",
	Spec026: "https://a2a-protocol.org/v0.2.6/specification/",
}

const specLatest = "https://a2a-protocol.org/latest/specification/"

var specSince101 = map[string]bool{"5.8": true}

type heading struct{ title, anchor string }

type specKey struct{ version, section string }

// sections holds the heading and anchor of every section the
// catalogues cite, copied from testdata/spec/sections/*.txt; a test checks
// each entry against those tables, so a wrong number or title fails it.
// It is built on first use (sections), not at package init.
var sections = sync.OnceValue(func() map[specKey]heading {
	return map[specKey]heading{
		{"1.0", "3.1.11"}:    {"Get Extended Agent Card", "3111-get-extended-agent-card"},
		{"1.0", "3.1.6"}:     {"Subscribe to Task", "316-subscribe-to-task"},
		{"1.0", "3.1.1"}:     {"Send Message", "311-send-message"},
		{"1.0", "3.1.2"}:     {"Send Streaming Message", "312-send-streaming-message"},
		{"1.0", "4.1.1"}:     {"Task", "411-task"},
		{"1.0", "4.1.3"}:     {"TaskState", "413-taskstate"},
		{"1.0", "4.1.4"}:     {"Message", "414-message"},
		{"1.0", "4.1.5"}:     {"Role", "415-role"},
		{"1.0", "4.1.6"}:     {"Part", "416-part"},
		{"1.0", "5.6"}:       {"Data Type Conventions", "56-data-type-conventions"},
		{"1.0", "9.4.1"}:     {"SendMessage", "941-sendmessage"},
		{"1.0", "9.4.2"}:     {"SendStreamingMessage", "942-sendstreamingmessage"},
		{"1.0", "11.4"}:      {"Request/Response Format", "114-requestresponse-format"},
		{"1.0", "11.7"}:      {"Streaming", "117-streaming"},
		{"1.0", "3.2.6"}:     {"Service Parameters", "326-service-parameters"},
		{"1.0", "3.3.4"}:     {"Capability Validation", "334-capability-validation"},
		{"1.0", "3.6"}:       {"Versioning", "36-versioning"},
		{"1.0", "3.6.1"}:     {"Client Responsibilities", "361-client-responsibilities"},
		{"1.0", "3.6.2"}:     {"Server Responsibilities", "362-server-responsibilities"},
		{"1.0", "4.4.1"}:     {"AgentCard", "441-agentcard"},
		{"1.0", "4.4.2"}:     {"AgentProvider", "442-agentprovider"},
		{"1.0", "4.4.3"}:     {"AgentCapabilities", "443-agentcapabilities"},
		{"1.0", "4.4.4"}:     {"AgentExtension", "444-agentextension"},
		{"1.0", "5.4"}:       {"Error Code Mappings", "54-error-code-mappings"},
		{"1.0", "6.4"}:       {"Version Negotiation Error", "64-version-negotiation-error"},
		{"1.0", "11.6"}:      {"Error Handling", "116-error-handling"},
		{"1.0", "4.4.5"}:     {"AgentSkill", "445-agentskill"},
		{"1.0", "4.4.6"}:     {"AgentInterface", "446-agentinterface"},
		{"1.0", "4.4.7"}:     {"AgentCardSignature", "447-agentcardsignature"},
		{"1.0", "4.5.1"}:     {"SecurityScheme", "451-securityscheme"},
		{"1.0", "4.5.2"}:     {"APIKeySecurityScheme", "452-apikeysecurityscheme"},
		{"1.0", "4.5.3"}:     {"HTTPAuthSecurityScheme", "453-httpauthsecurityscheme"},
		{"1.0", "4.5.4"}:     {"OAuth2SecurityScheme", "454-oauth2securityscheme"},
		{"1.0", "4.5.5"}:     {"OpenIdConnectSecurityScheme", "455-openidconnectsecurityscheme"},
		{"1.0", "4.5.6"}:     {"MutualTlsSecurityScheme", "456-mutualtlssecurityscheme"},
		{"1.0", "4.5.7"}:     {"OAuthFlows", "457-oauthflows"},
		{"1.0", "4.5.8"}:     {"AuthorizationCodeOAuthFlow", "458-authorizationcodeoauthflow"},
		{"1.0", "4.5.9"}:     {"ClientCredentialsOAuthFlow", "459-clientcredentialsoauthflow"},
		{"1.0", "4.5.10"}:    {"DeviceCodeOAuthFlow", "4510-devicecodeoauthflow"},
		{"1.0", "4.6"}:       {"Extensions", "46-extensions"},
		{"1.0", "4.6.1"}:     {"Extension Declaration", "461-extension-declaration"},
		{"1.0", "4.6.3"}:     {"Extension Versioning and Compatibility", "463-extension-versioning-and-compatibility"},
		{"1.0", "5.2"}:       {"Protocol Selection and Negotiation", "52-protocol-selection-and-negotiation"},
		{"1.0", "5.5"}:       {"JSON Field Naming Convention", "55-json-field-naming-convention"},
		{"1.0", "5.7"}:       {"Field Presence and Optionality", "57-field-presence-and-optionality"},
		{"1.0", "5.8"}:       {"Custom Binding Identification", "58-custom-binding-identification"},
		{"1.0", "7.1"}:       {"Protocol Security", "71-protocol-security"},
		{"1.0", "7.3"}:       {"Client Authentication Process", "73-client-authentication-process"},
		{"1.0", "8.1"}:       {"Purpose", "81-purpose"},
		{"1.0", "8.2"}:       {"Discovery Mechanisms", "82-discovery-mechanisms"},
		{"1.0", "8.3.1"}:     {"Supported Interfaces Declaration", "831-supported-interfaces-declaration"},
		{"1.0", "8.3.2"}:     {"Client Protocol Selection", "832-client-protocol-selection"},
		{"1.0", "8.4"}:       {"Agent Card Signing", "84-agent-card-signing"},
		{"1.0", "8.4.1"}:     {"Canonicalization Requirements", "841-canonicalization-requirements"},
		{"1.0", "8.4.2"}:     {"Signature Format", "842-signature-format"},
		{"1.0", "8.4.3"}:     {"Signature Verification", "843-signature-verification"},
		{"1.0", "8.6"}:       {"Caching", "86-caching"},
		{"1.0", "8.6.1"}:     {"Server Requirements", "861-server-requirements"},
		{"1.0", "8.6.2"}:     {"Client Requirements", "862-client-requirements"},
		{"1.0", "9.2"}:       {"Service Parameter Transmission", "92-service-parameter-transmission"},
		{"1.0", "10.1"}:      {"Protocol Requirements", "101-protocol-requirements"},
		{"1.0", "10.2"}:      {"Service Parameter Transmission", "102-service-parameter-transmission"},
		{"1.0", "11.2"}:      {"Service Parameter Transmission", "112-service-parameter-transmission"},
		{"1.0", "11.3.4"}:    {"Agent Card", "1134-agent-card"},
		{"1.0", "12"}:        {"Custom Binding Guidelines", "12-custom-binding-guidelines"},
		{"1.0", "12.7"}:      {"Agent Card Declaration", "127-agent-card-declaration"},
		{"1.0", "13.3"}:      {"Extended Agent Card Access Control", "133-extended-agent-card-access-control"},
		{"1.0", "13.4"}:      {"General Security Best Practices", "134-general-security-best-practices"},
		{"1.0", "14.1.1"}:    {"application/a2a+json", "1411-applicationa2ajson"},
		{"1.0", "14.2.2"}:    {"A2A-Extensions Header", "1422-a2a-extensions-header"},
		{"1.0", "14.3"}:      {"Well-Known URI Registration", "143-well-known-uri-registration"},
		{"1.0", "A.2"}:       {"Migration Guidance", "a2-migration-guidance"},
		{"1.0", "A.2.2"}:     {"Breaking Change: Extended Agent Card Field Relocated", "a22-breaking-change-extended-agent-card-field-relocated"},
		{"0.3.0", "3.2.2"}:   {"gRPC Transport", "322-grpc-transport"},
		{"0.3.0", "5.3"}:     {"Recommended Location", "53-recommended-location"},
		{"0.3.0", "5.4"}:     {"Security of Agent Cards", "54-security-of-agent-cards"},
		{"0.3.0", "5.5"}:     {"AgentCard Object Structure", "55-agentcard-object-structure"},
		{"0.3.0", "5.5.1"}:   {"AgentProvider Object", "551-agentprovider-object"},
		{"0.3.0", "5.5.2"}:   {"AgentCapabilities Object", "552-agentcapabilities-object"},
		{"0.3.0", "5.5.2.1"}: {"AgentExtension Object", "5521-agentextension-object"},
		{"0.3.0", "5.5.3"}:   {"SecurityScheme Object", "553-securityscheme-object"},
		{"0.3.0", "5.5.4"}:   {"AgentSkill Object", "554-agentskill-object"},
		{"0.3.0", "5.5.5"}:   {"AgentInterface Object", "555-agentinterface-object"},
		{"0.3.0", "5.5.6"}:   {"AgentCardSignature Object", "556-agentcardsignature-object"},
		{"0.3.0", "5.6"}:     {"Transport Declaration and URL Relationships", "56-transport-declaration-and-url-relationships"},
		{"0.3.0", "5.6.1"}:   {"Main URL and Preferred Transport", "561-main-url-and-preferred-transport"},
		{"0.3.0", "5.6.2"}:   {"Additional Interfaces", "562-additional-interfaces"},
		{"0.3.0", "5.6.3"}:   {"Client Transport Selection Rules", "563-client-transport-selection-rules"},
		{"0.3.0", "5.6.4"}:   {"Validation Requirements", "564-validation-requirements"},
		{"0.3.0", "7.1"}:     {"message/send", "71-messagesend"},
		{"0.3.0", "7.10"}:    {"agent/getAuthenticatedExtendedCard", "710-agentgetauthenticatedextendedcard"},
		{"0.2.6", "5.3"}:     {"Recommended Location", "53-recommended-location"},
		{"0.2.6", "5.5"}:     {"AgentCard Object Structure", "55-agentcard-object-structure"},
		{"0.2.6", "5.5.1"}:   {"AgentProvider Object", "551-agentprovider-object"},
		{"0.2.6", "5.5.2"}:   {"AgentCapabilities Object", "552-agentcapabilities-object"},
		{"0.2.6", "5.5.2.1"}: {"AgentExtension Object", "5521-agentextension-object"},
		{"0.2.6", "5.5.3"}:   {"SecurityScheme Object", "553-securityscheme-object"},
		{"0.2.6", "5.5.4"}:   {"AgentSkill Object", "554-agentskill-object"},
		{"0.2.6", "5.5.5"}:   {"AgentInterface Object", "555-agentinterface-object"},
		{"0.2.6", "7.10"}:    {"agent/authenticatedExtendedCard", "710-agentauthenticatedextendedcard"},
	}
})

// SpecRef is a reference to a section of one version of the A2A
// specification. A section missing from sections gets no title and no
// anchor; the catalogue tests report it.
func SpecRef(version, section string) Ref {
	r := Ref{Doc: "A2A", Version: version, Section: section}
	h, ok := sections()[specKey{version, section}]
	base := specBase[version]
	if version == Spec10 && specSince101[section] {
		base = specLatest
	}
	r.URL = base
	if ok {
		r.Title = h.title
		r.URL += "#" + h.anchor
	}
	return r
}

// SpecSectionKnown reports whether the section is in the cited-sections
// table (tests use it to report unknown references).
func SpecSectionKnown(version, section string) (title, anchor string, ok bool) {
	h, ok := sections()[specKey{version, section}]
	return h.title, h.anchor, ok
}

// SpecSections lists the cited-sections table as (version, section, title,
// anchor) rows, for the test that checks it against testdata.
func SpecSections() [][4]string {
	out := make([][4]string, 0, len(sections()))
	for k, h := range sections() {
		out = append(out, [4]string{k.version, k.section, h.title, h.anchor})
	}
	return out
}

// RFCRef is a reference to a section of an RFC ("" for the whole RFC).
func RFCRef(number int, section string) Ref {
	n := strconv.Itoa(number)
	r := Ref{Doc: "RFC " + n, Section: section, URL: "https://www.rfc-editor.org/rfc/rfc" + n}
	if section != "" {
		r.URL += "#section-" + section
	}
	return r
}

// SDK releases whose behaviour rules describe, and which the SDK models
// (core/selection, core/sdk) follow: a2a-go is linked into the tests (and
// the CLI) at this version (go.mod), @a2a-js/sdk installed at it by npm ci
// (package.json); a2a-python cannot be installed here, so its model is
// read from the sources of this tag and not run against the SDK.
//
// a2a-go v2.4.0 and @a2a-js/sdk 1.3.0 replaced v2.3.1 and 1.0.1 without a
// change a card author sees: a2a-go's card parser, client factory and
// auth interceptor (a2aclient/agentcard, a2aclient/factory.go, a2a/auth.go,
// a2apb/v1) are the same files, and both libraries give the differential
// sweep of core/sdk the same answers the models gave the older releases;
// what rules say about them holds for users of the older releases too.
// a2a-python stays at v1.1.0: it is the newest tag whose sources could be
// read here (its card_resolver.py, client_factory.py and signing.py are
// unchanged on main up to 2026-06-12; PyPI is not reachable).
const (
	A2AGoVersion     = "v2.4.0"
	A2APythonVersion = "v1.1.0"
	A2AJSVersion     = "v1.3.0"
)

// GoSDKRef points at a file of the official Go SDK (a2aproject/a2a-go) at
// the release this repository's tests run against.
func GoSDKRef(file string) Ref {
	return Ref{Doc: "a2a-go", Version: A2AGoVersion, Section: file, URL: "https://github.com/a2aproject/a2a-go/blob/" + A2AGoVersion + "/" + file}
}

// PythonSDKRef points at a file of the official Python SDK
// (a2aproject/a2a-python).
func PythonSDKRef(file string) Ref {
	return Ref{Doc: "a2a-python", Version: A2APythonVersion, Section: file, URL: "https://github.com/a2aproject/a2a-python/blob/" + A2APythonVersion + "/" + file}
}

// JSSDKRef points at a file of the official JavaScript SDK
// (a2aproject/a2a-js, published on npm as @a2a-js/sdk).
func JSSDKRef(file string) Ref {
	return Ref{Doc: "a2a-js", Version: A2AJSVersion, Section: file, URL: "https://github.com/a2aproject/a2a-js/blob/" + A2AJSVersion + "/" + file}
}

// DocRef is any other public document (a test kit, OpenAPI, a web
// standard), named and linked.
func DocRef(doc, section, url string) Ref { return Ref{Doc: doc, Section: section, URL: url} }
