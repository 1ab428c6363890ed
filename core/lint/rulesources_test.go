package lint

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
)

// a2a, rfc, goSDK, pySDK and jsSDK keep the table short.
func a2a(version, section string) card.Ref { return card.SpecRef(version, section) }
func rfc(n int, section string) card.Ref   { return card.RFCRef(n, section) }
func goSDK(file string) card.Ref           { return card.GoSDKRef(file) }
func pySDK(file string) card.Ref           { return card.PythonSDKRef(file) }
func jsSDK(file string) card.Ref           { return card.JSSDKRef(file) }

const v10, v03, v02 = card.Spec10, card.Spec030, card.Spec026

// Claims checked against the sources and found right, kept as they are:
// json-invalid-utf8 (Go's encoding/json replaces bad bytes with U+FFFD
// rather than refusing them, so the finding says so); security-requirement-
// legacy-shape (a2a-go reads [{"name": []}] as a requirement naming no
// scheme); credential-in-card (§13.4: credentials MUST be treated as
// secrets); http-status-not-ok (a2a-go's resolver accepts only 200);
// mode-not-media-type (the proto defines modes as media types).
//
// ruleSourceList gives every rule code its basis and references, as
// static data: the compiler lays it out in the binary, where a map
// literal of calls was 283 KB of code in the editor's wasm, run once at
// start. register copies the entry onto the rule (ruleSourceTable); a
// test fails for a rule without one.
var ruleSourceList = []ruleSourceEntry{
	{Code: "json-bom", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "8.1", ""}}},
	{Code: "json-comment", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "2", ""}}},
	{Code: "json-duplicate-key", Basis: BasisShould, Note: "RFC 8259 §4: the names within an object SHOULD be unique. None of the official card readers refuses a repeated member: a2a-go and a2a-js keep the last value.", Refs: []refSpec{{refRFC, "8259", "4", ""}, {refA2A, v10, "14.3", ""}, {refGoSDK, "a2aclient/agentcard/resolver.go", "", ""}, {refJSSDK, "src/client/card-resolver.ts", "", ""}}},
	{Code: "json-invalid-literal", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "3", ""}}},
	{Code: "json-invalid-number", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "6", ""}}},
	{Code: "json-invalid-string", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "7", ""}}},
	{Code: "json-invalid-utf8", Basis: BasisMust, Refs: []refSpec{{refRFC, "8259", "8.1", ""}, {refA2A, v10, "14.3", ""}}},
	{Code: "json-leading-text", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "2", ""}}},
	{Code: "json-missing-comma", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "2", ""}}},
	{Code: "json-non-finite-number", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "6", ""}}},
	{Code: "json-single-quote", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "7", ""}}},
	{Code: "json-syntax", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "2", ""}}},
	{Code: "json-too-deep", Basis: BasisToolLimit, Note: "No A2A text limits nesting; 64 levels is where this tool stops reading (RFC 8259 lets a parser set such a limit).", Refs: []refSpec{{refRFC, "8259", "9", ""}}},
	{Code: "json-too-large", Basis: BasisToolLimit, Note: "No A2A text limits the size of a card; 1 MiB is where this tool stops reading.", Refs: []refSpec{{refRFC, "8259", "9", ""}}},
	{Code: "json-trailing-comma", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "4", ""}}},
	{Code: "json-trailing-text", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "2", ""}}},
	{Code: "json-truncated", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "2", ""}}},
	{Code: "json-unquoted-key", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "4", ""}}},
	{Code: "field-proto-name-duplicate", Basis: BasisMust, Note: "a2a-python's ParseDict (card_resolver.py parse_agent_card) reads a member given under both its JSON and its proto name in document order, the later one winning, and refuses the card only for a one-of member (protobuf 3.21.12's json_format, run by core/sdk's TestPythonAgreesWithModel; protobuf's testDuplicateFieldAlternateNames pins the same in 33.x); §5.5 requires camelCase names.", Refs: []refSpec{{refA2A, v10, "5.5", ""}, {refPySDK, "src/a2a/client/card_resolver.py", "", ""}}},
	{Code: "findings-capped", Basis: BasisToolLimit, Note: "This tool groups repeated findings of one code; not a requirement of the specification.", Refs: []refSpec{}},
	{Code: "not-a-card", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refA2A, v10, "8.2", ""}}},
	{Code: "not-an-object", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refA2A, v10, "4.4.1", ""}}},
	{Code: "null-value", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "5.7", ""}}},
	{Code: "required-field", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "5.7", ""}, {refA2A, v10, "4.4.1", ""}, {refA2A, v03, "5.5", ""}}},
	{Code: "required-field-empty", Basis: BasisMust, Note: "1.0 §5.7: a REQUIRED array MUST hold at least one element and a REQUIRED string must be set. 0.2/0.3 have no such rule, so there the finding is a warning (likely failure). An empty skills list is a warning too: the specification's own signed example (§8.4) has \"skills\": [], and A2A issue #2122 about it is open.", Refs: []refSpec{{refA2A, v10, "5.7", ""}, {refA2A, v10, "8.4", ""}, {refDoc, "A2A issue #2122", "", "https://github.com/a2aproject/A2A/issues/2122"}}},
	{Code: "too-many-findings", Basis: BasisToolLimit, Note: "This tool stops reporting after 1,000 findings.", Refs: []refSpec{}},
	{Code: "unknown-field", Basis: BasisLikelyFailure, Note: "§5.5 requires camelCase names (ProtoJSON readers such as a2a-python still read the snake_case proto name, plain JSON readers such as a2a-go do not); §5.7 tells receivers to ignore members they do not know, so a misspelt member is silently lost.", Refs: []refSpec{{refA2A, v10, "5.5", ""}, {refA2A, v10, "5.7", ""}}},
	{Code: "url-whitespace", Basis: BasisSDK, Note: "a2a-go's client cannot send a request to an interface URL that starts with a space: Go's url.Parse refuses it. Other links of the card are only warned about.", Refs: []refSpec{{refA2A, v10, "4.4.6", ""}, {refRFC, "3986", "2", ""}, {refGoSDK, "a2aclient/factory.go", "", ""}}},
	{Code: "wrong-type", Basis: BasisSDK, Note: "a2a-go decodes cards with encoding/json into typed structs and refuses the whole card on a value of the wrong JSON type; a2a-python's ParseDict refuses a number or a boolean where an object belongs and a value of the wrong type in a scalar field, and reads a string where an object belongs as an empty object (protobuf 3.21.12's json_format, run by core/sdk's TestPythonAgreesWithModel).", Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "5.5", ""}, {refGoSDK, "a2a/agent.go", "", ""}}},
	{Code: "description-vague", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.1", ""}}},
	{Code: "example-placeholder", Basis: BasisLikelyFailure, Note: "RFC 2606 and RFC 6761 reserve these names for documentation and tests; no agent is served there, so the card's addresses lead nowhere.", Refs: []refSpec{{refRFC, "2606", "2", ""}, {refRFC, "2606", "3", ""}, {refRFC, "6761", "6.3", ""}, {refA2A, v10, "4.4.6", ""}, {refA2A, v10, "4.4.2", ""}}},
	{Code: "identity-url-internal", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.4.2", ""}}},
	{Code: "identity-url-invalid", Basis: BasisLikelyFailure, Note: "The proto describes these members as URLs without a MUST; a link that cannot be followed is broken for whoever shows or opens it.", Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.4.2", ""}}},
	{Code: "identity-url-not-https", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.4.2", ""}}},
	{Code: "name-generic", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.1", ""}}},
	{Code: "interface-binding-unknown", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "5.8", ""}, {refA2A, v10, "12.7", ""}, {refA2A, v10, "4.4.6", ""}}},
	{Code: "interface-binding-variant", Basis: BasisSDK, Note: "a2a-go and a2a-python compare protocolBinding with their transports' names exactly and skip an entry that spells a core binding another way; a2a-js looks bindings up without regard to letter case. No MUST governs the spelling: the proto calls protocolBinding an open string.", Refs: []refSpec{{refA2A, v10, "4.4.6", ""}, {refA2A, v10, "8.3.2", ""}, {refGoSDK, "a2aclient/factory.go", "", ""}, {refPySDK, "src/a2a/client/client_factory.py", "", ""}, {refJSSDK, "src/client/factory.ts", "", ""}}},
	{Code: "interface-duplicate", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "8.3.2", ""}, {refA2A, v10, "8.3.1", ""}}},
	{Code: "interface-no-core-binding", Basis: BasisSDK, Note: "a2a-go's client factory keeps only entries whose binding it has a transport for, and fails with no compatible transport when none is left.", Refs: []refSpec{{refA2A, v10, "8.3.2", ""}, {refA2A, v10, "12", ""}, {refGoSDK, "a2aclient/factory.go", "", ""}}},
	{Code: "interface-tenant", Basis: BasisAdvice, Note: "§8.3.2 requires clients to send the tenant of the chosen entry; this only reminds the author.", Refs: []refSpec{{refA2A, v10, "8.3.2", ""}, {refA2A, v10, "4.4.6", ""}}},
	{Code: "interface-transport-key", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "4.4.6", ""}, {refA2A, v10, "5.7", ""}}},
	{Code: "interface-url-binding-conflict", Basis: BasisMust, Note: "Only the 0.3 text forbids declaring conflicting transports for one URL (§5.6.4); 1.0 §8.3.1 lets one URL serve several bindings, so 1.0 entries are not checked.", Refs: []refSpec{{refA2A, v10, "8.3.1", ""}, {refA2A, v03, "5.6.4", ""}, {refA2A, v03, "5.6.2", ""}}},
	{Code: "interface-url-internal", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "8.3.1", ""}, {refA2A, v10, "14.3", ""}, {refA2A, v10, "4.4.6", ""}}},
	{Code: "interface-url-not-absolute", Basis: BasisMust, Note: "The absolute-URL MUST holds for the HTTP bindings (JSONRPC, HTTP+JSON) and, by §12.7, for custom ones. A GRPC url given as host:port is accepted: the specification's main branch, after 1.0.1, says so in §4.4.6 AgentInterface (A2A pull request #1997, queued for 1.0.2).", Refs: []refSpec{{refA2A, v10, "4.4.6", ""}, {refA2A, v10, "8.3.1", ""}, {refA2A, v10, "12.7", ""}, {refDoc, "A2A main branch, after 1.0.1", "§4.4.6 AgentInterface (pull request #1997)", "https://github.com/a2aproject/A2A/pull/1997"}}},
	{Code: "interface-url-not-https", Basis: BasisMust, Note: "§7.1: production deployments MUST use HTTPS for HTTP-based bindings and TLS for gRPC.", Refs: []refSpec{{refA2A, v10, "7.1", ""}, {refA2A, v10, "13.4", ""}, {refA2A, v10, "4.4.6", ""}}},
	{Code: "interface-version-invalid", Basis: BasisSDK, Note: "a2a-go (semantic versions of major 1 only) and a2a-python (PEP 440 versions only, read from its source) skip an entry whose protocolVersion is a word such as latest. No MUST of §3.6 covers the value in a card.", Refs: []refSpec{{refA2A, v10, "3.6", ""}, {refA2A, v10, "4.4.6", ""}, {refGoSDK, "a2aclient/factory.go", "", ""}, {refPySDK, "src/a2a/client/client_factory.py", "", ""}}},
	{Code: "interface-version-patch", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "3.6", ""}}},
	{Code: "interface-version-unknown", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "3.6", ""}, {refA2A, v10, "4.4.6", ""}, {refGoSDK, "a2aclient/factory.go", "", ""}, {refPySDK, "src/a2a/client/client_factory.py", "", ""}, {refJSSDK, "src/client/factory.ts", "", ""}}},
	{Code: "field-newer-than-card", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v03, "5.5", ""}, {refA2A, v10, "A.2", ""}}},
	{Code: "legacy-card", Basis: BasisSDK, Note: "a2a-go's default card parser reads only supportedInterfaces, so a 0.2/0.3 card yields no interface and client creation fails. A card that declares protocolVersion 1.0 in this layout also breaks 1.0's MUST (§4.4.1, §5.7: supportedInterfaces is REQUIRED), an error.", Refs: []refSpec{{refA2A, v10, "8.3.2", ""}, {refA2A, v10, "4.4.1", ""}, {refA2A, v10, "5.7", ""}, {refA2A, v03, "5.6", ""}, {refGoSDK, "a2aclient/factory.go", "", ""}}},
	{Code: "legacy-field", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "A.2", ""}, {refA2A, v10, "A.2.2", ""}, {refA2A, v03, "5.5", ""}}},
	{Code: "mixed-card", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "8.3.2", ""}, {refA2A, v03, "5.6.3", ""}}},
	{Code: "mixed-security-requirements-missing", Basis: BasisLikelyFailure, Note: "1.0 §4.4.1 and §7.3: clients learn from securityRequirements which credentials to present; 0.3 §5.5's security is read by 0.3 readers only.", Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "7.3", ""}, {refA2A, v03, "5.5", ""}}},
	{Code: "mixed-legacy-binding-mismatch", Basis: BasisMust, Refs: []refSpec{{refA2A, v03, "5.6.1", ""}, {refA2A, v10, "8.3.1", ""}}},
	{Code: "mixed-legacy-endpoint-undeclared", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "8.3.1", ""}, {refA2A, v03, "5.6", ""}}},
	{Code: "mixed-legacy-version-mismatch", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "3.6.2", ""}}},
	{Code: "mixed-legacy-version-missing", Basis: BasisMust, Refs: []refSpec{{refA2A, v03, "5.5", ""}}},
	{Code: "extended-card-without-security", Basis: BasisMust, Note: "The extended card MUST be fetched with authentication using a scheme the public card declares (§3.1.11, §13.3); with none declared that cannot happen.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "13.3", ""}, {refA2A, v03, "7.10", ""}}},
	{Code: "extension-duplicate", Basis: BasisLikelyFailure, Note: "Two declarations of one extension leave every reader to guess which settings hold; the specification has no rule for it.", Refs: []refSpec{{refA2A, v10, "4.4.4", ""}, {refA2A, v10, "4.6.1", ""}}},
	{Code: "extension-required", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.4", ""}, {refA2A, v10, "3.3.4", ""}}},
	{Code: "extension-uri-invalid", Basis: BasisLikelyFailure, Note: "The proto calls uri the unique URI of the extension, without a MUST; it is compared as a string, so a non-URI identity is easily confused.", Refs: []refSpec{{refA2A, v10, "4.4.4", ""}, {refA2A, v10, "4.6.3", ""}, {refA2A, v10, "14.2.2", ""}}},
	{Code: "mode-media-range", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.4.5", ""}, {refRFC, "9110", "12.5.1", ""}}},
	{Code: "mode-not-media-type", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.4.5", ""}, {refRFC, "6838", "4.2", ""}}},
	{Code: "skill-description-generic", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.5", ""}}},
	{Code: "skill-id-duplicate", Basis: BasisLikelyFailure, Note: "The proto defines id as a unique identifier of the skill, without a keyword; whoever chooses a skill by id cannot tell the two apart.", Refs: []refSpec{{refA2A, v10, "4.4.5", ""}}},
	{Code: "skill-id-not-slug", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.5", ""}}},
	{Code: "skill-no-examples", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "4.4.5", ""}}},
	{Code: "credential-in-card", Basis: BasisMust, Note: "§13.4: API keys, tokens and other credentials MUST be treated as secrets, which publishing one in a card is not; §14.3 adds that a card SHOULD NOT include sensitive credentials.", Refs: []refSpec{{refA2A, v10, "13.4", ""}, {refA2A, v10, "14.3", ""}, {refA2A, v10, "7.3", ""}, {refA2A, v03, "5.4", ""}}},
	{Code: "security-apikey-location", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "4.5.2", ""}, {refA2A, v03, "5.5.3", ""}}},
	{Code: "security-http-scheme-unknown", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "4.5.3", ""}, {refRFC, "9110", "11.1", ""}}},
	{Code: "security-oauth-flow-deprecated", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "4.5.7", ""}, {refRFC, "9700", "2.1.2", ""}, {refRFC, "9700", "2.4", ""}}},
	{Code: "security-oauth-flows-one-of", Basis: BasisSDK, Note: "a2a-go refuses the whole card when an OAuth2 scheme has no flow or more than one (OAuth2SecurityScheme.UnmarshalJSON).", Refs: []refSpec{{refA2A, v10, "4.5.7", ""}, {refA2A, v10, "4.5.4", ""}, {refGoSDK, "a2a/auth.go", "", ""}}},
	{Code: "security-requirement-legacy-shape", Basis: BasisSDK, Note: "a2a-go reads a 0.3-shaped entry inside securityRequirements as a requirement naming no scheme.", Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.4.5", ""}, {refGoSDK, "a2a/auth.go", "", ""}}},
	{Code: "security-requirement-undefined", Basis: BasisSDK, Note: "a2a-go's auth interceptor skips names absent from securitySchemes and sends no credential for them, so the requirement can never be met; 0.2/0.3 cards adopt OpenAPI's rule that each name MUST match a declared scheme.", Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v03, "5.5", ""}, {refGoSDK, "a2aclient/auth.go", "", ""}}},
	{Code: "security-scheme-legacy-shape", Basis: BasisSDK, Note: "a2a-go refuses the whole card when a scheme has the 0.3 \"type\" shape instead of one 1.0 wrapper (NamedSecuritySchemes.UnmarshalJSON); a2a-python converts it (read from its source), also when a 1.0 wrapper stands beside it, which it then ignores: a 0.3 oauth2 half with two flows puts two members into OAuthFlows' one-of, and ParseDict refuses the card (protobuf 3.21.12, core/sdk TestPythonAgreesWithModel).", Refs: []refSpec{{refA2A, v10, "4.5.1", ""}, {refA2A, v10, "A.2", ""}, {refGoSDK, "a2a/auth.go", "", ""}, {refPySDK, "src/a2a/client/card_resolver.py", "", ""}}},
	{Code: "security-scheme-one-of", Basis: BasisSDK, Note: "a2a-go refuses the whole card when a scheme has no wrapper, a misspelt one or two (NamedSecuritySchemes.UnmarshalJSON).", Refs: []refSpec{{refA2A, v10, "4.5.1", ""}, {refGoSDK, "a2a/auth.go", "", ""}}},
	{Code: "security-scheme-type", Basis: BasisMust, Refs: []refSpec{{refA2A, v03, "5.5.3", ""}, {refA2A, v02, "5.5.3", ""}}},
	{Code: "security-scope-undeclared", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.5.8", ""}}},
	{Code: "security-url-not-https", Basis: BasisMust, Note: "The proto says TLS is required for oauth2MetadataUrl and that OAuth 2.0 requires TLS for the flows' URLs; RFC 6749 §3.1 and RFC 6749 §3.2 require TLS for the authorization and token endpoints.", Refs: []refSpec{{refA2A, v10, "4.5.4", ""}, {refA2A, v10, "4.5.8", ""}, {refA2A, v10, "4.5.9", ""}, {refA2A, v10, "4.5.10", ""}, {refRFC, "6749", "3.1", ""}, {refRFC, "6749", "3.2", ""}}},
	{Code: "signature-alg-none", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refA2A, v10, "8.4.3", ""}, {refRFC, "7518", "3.6", ""}}},
	{Code: "signature-encoding", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refRFC, "7515", "2", ""}, {refRFC, "7515", "7.2", ""}}},
	{Code: "signature-header-incomplete", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refRFC, "7515", "4.1.1", ""}, {refRFC, "7515", "4.1.4", ""}}},
	{Code: "signature-jku-insecure", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "8.4.3", ""}, {refRFC, "7515", "4.1.2", ""}}},
	{Code: "signature-placeholder", Basis: BasisMust, Note: "§8.4.2: the signature is a JWS over the canonical card (defaults removed, signatures excluded, RFC 8785); a placeholder can never verify.", Refs: []refSpec{{refA2A, v10, "8.4.1", ""}, {refA2A, v10, "8.4.2", ""}, {refA2A, v10, "8.4.3", ""}}},
	{Code: "signature-protected-invalid", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refRFC, "7515", "7.2.1", ""}}},
	{Code: "signature-invalid", Basis: BasisMust, Note: "§8.4.1: the card MUST be canonicalized (defaults removed, signatures excluded, RFC 8785) before signing, and §8.4.3 verifies against that form; a signature over any other bytes fails every client that verifies.", Refs: []refSpec{{refA2A, v10, "8.4.1", ""}, {refA2A, v10, "8.4.3", ""}, {refRFC, "8785", "3.2", ""}, {refRFC, "7515", "5.2", ""}}},
	{Code: "signature-key-unavailable", Basis: BasisLikelyFailure, Note: "§8.4.3: a client finds the key through the protected header's kid and jku; without either it cannot verify, and one that requires signed cards rejects the card.", Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refA2A, v10, "8.4.3", ""}, {refRFC, "7515", "4.1.2", ""}, {refRFC, "7515", "4.1.4", ""}}},
	{Code: "signature-typ", Basis: BasisSDK, Note: "§8.4.2: typ SHOULD be \"JOSE\". a2a-js 1.3.0's verifyAgentCardSignature requires kid, typ and alg in the protected header and rejects a signature without typ.", Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refRFC, "7515", "4.1.9", ""}, {refJSSDK, "src/signature.ts", "", ""}}},
	{Code: "signature-self-published", Basis: BasisAdvice, Note: "§8.4.3 lets a client take the key from the kid and jku; a key set on the card's own origin shows the card and the key come from one publisher, not who signed.", Refs: []refSpec{{refA2A, v10, "8.4.3", ""}, {refRFC, "7515", "4.1.2", ""}}},
	{Code: "signature-untrusted", Basis: BasisMust, Note: "§8.4.3 step 2: the key comes from kid and jku or from a trusted key store; with the operator's store none verifies, and RFC 7515 §10.3 asks that a key's origin be authenticated, which a key the signer publishes for itself is not.", Refs: []refSpec{{refA2A, v10, "8.4.3", ""}, {refRFC, "7515", "10.3", ""}}},
	{Code: "signature-unverifiable", Basis: BasisMust, Note: "RFC 7515 §4.1.11: a JWS whose crit names an extension the recipient does not implement is invalid; §8.4.3 verifies with a public key, which an HMAC or an unknown alg cannot be checked with.", Refs: []refSpec{{refA2A, v10, "8.4.2", ""}, {refA2A, v10, "8.4.3", ""}, {refRFC, "7515", "4.1.11", ""}, {refRFC, "7518", "3.1", ""}}},
	{Code: "signature-unchecked", Basis: BasisToolLimit, Note: "No A2A text limits signatures; this tool checks at most 16 per card and caps the work spent on them.", Refs: []refSpec{}},
	{Code: "signature-verified", Basis: BasisAdvice, Note: "A successful verification (§8.4.3), reported so that a check with keys shows what it proved.", Refs: []refSpec{{refA2A, v10, "8.4.3", ""}}},
	{Code: "http-body-too-large", Basis: BasisToolLimit, Note: "No A2A text limits the size of a served card; this tool reads at most 512 KiB of a response.", Refs: []refSpec{}},
	{Code: "http-cache-max-age", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "8.6.1", ""}}},
	{Code: "http-content-type", Basis: BasisAdvice, Note: "No content type is required for the card: §14.1.1 ties application/a2a+json to the HTTP+JSON binding, a2a-go serves cards as application/json and neither SDK resolver looks at the header.", Refs: []refSpec{{refA2A, v10, "14.1.1", ""}, {refGoSDK, "a2asrv/agentcard.go", "", ""}}},
	{Code: "http-cors-missing", Basis: BasisAdvice, Note: "Browsers let pages read a card from another origin only with CORS headers; the specification does not ask for them, and a2a-go's card handler (a2asrv) sends them by default.", Refs: []refSpec{{refDoc, "Fetch Standard", "CORS protocol", "https://fetch.spec.whatwg.org/#http-cors-protocol"}, {refGoSDK, "a2asrv/agentcard.go", "", ""}}},
	{Code: "http-etag-missing", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "8.6.1", ""}}},
	{Code: "http-insecure-url", Basis: BasisShould, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refA2A, v10, "8.2", ""}, {refA2A, v10, "7.1", ""}}},
	{Code: "http-last-modified-missing", Basis: BasisAdvice, Refs: []refSpec{{refA2A, v10, "8.6.1", ""}}},
	{Code: "http-legacy-path", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "8.2", ""}, {refA2A, v10, "14.3", ""}, {refA2A, v03, "5.3", ""}, {refA2A, v02, "5.3", ""}}},
	{Code: "http-not-json", Basis: BasisMust, Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refRFC, "8259", "", ""}}},
	{Code: "http-redirects", Basis: BasisSDK, Note: "a2a-python's resolver (A2ACardResolver.get_agent_card: httpx without follow_redirects, then raise_for_status) fails on a redirect, read from its source; a2a-go's resolver follows redirects.", Refs: []refSpec{{refA2A, v10, "8.2", ""}, {refPySDK, "src/a2a/client/card_resolver.py", "", ""}, {refGoSDK, "a2aclient/agentcard/resolver.go", "", ""}}},
	{Code: "http-unreachable", Basis: BasisMust, Note: "§8.1 has servers make their card available at the well-known URI (§8.2); a URL that gives no answer offers none.", Refs: []refSpec{{refA2A, v10, "8.1", ""}, {refA2A, v10, "8.2", ""}}},
	{Code: "http-status-not-ok", Basis: BasisMust, Note: "§14.3: the resource at the well-known URI MUST return an AgentCard; a2a-go's resolver accepts only status 200.", Refs: []refSpec{{refA2A, v10, "14.3", ""}, {refA2A, v10, "8.1", ""}, {refGoSDK, "a2aclient/agentcard/resolver.go", "", ""}}},
	{Code: "http-varies-by-version", Basis: BasisSDK, Note: "a2a-go's resolver sends no A2A-Version header, so a server that varies the card by that header gives a 1.0 client built on a2a-go the 0.3 card; §3.6.2 only says how servers read a missing header.", Refs: []refSpec{{refA2A, v10, "3.6.2", ""}, {refA2A, v10, "3.6.1", ""}, {refGoSDK, "a2aclient/agentcard/resolver.go", "", ""}, {refJSSDK, "src/client/card-resolver.ts", "", ""}}},
	{Code: "extended-card-identity-differs", Basis: BasisLikelyFailure, Note: "§13.3 has clients use the extended card in place of the public one; a different name, provider or version then shows another agent.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "4.4.1", ""}}},
	{Code: "extended-card-invalid", Basis: BasisLikelyFailure, Note: "The extended card is an AgentCard like the public one (§3.1.11), so its errors fail the same way.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "4.4.1", ""}}},
	{Code: "extended-card-new-interface", Basis: BasisAdvice, Note: "An interface only for authenticated callers is allowed; the finding makes it visible.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "8.3.1", ""}}},
	{Code: "extended-card-public", Basis: BasisMust, Note: "§3.1.11 makes the extended card an authenticated operation (the client MUST authenticate with a scheme of the public card) and §13.3 puts it under access control; answering anonymous callers discloses what the public card keeps back.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "13.3", ""}, {refA2A, v03, "7.10", ""}}},
	{Code: "extended-card-skills-missing", Basis: BasisLikelyFailure, Note: "§13.3 has clients use the extended card in place of the public one, so skills it lacks are no longer offered.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "4.4.5", ""}}},
	{Code: "extended-card-unavailable", Basis: BasisLikelyFailure, Note: "§3.3.4: an agent that declares the extended card and has none configured answers ExtendedAgentCardNotConfiguredError, so the promise fails every client that relies on it.", Refs: []refSpec{{refA2A, v10, "3.1.11", ""}, {refA2A, v10, "3.3.4", ""}, {refA2A, v03, "7.10", ""}}},
	{Code: "claim-contradicted", Basis: BasisMust, Note: "§3.3.4: an agent MUST answer UnsupportedOperation (push: PushNotificationNotSupported; extended card: ExtendedAgentCardNotConfigured) for what its card does not declare, so those answers to a capability the card declares show the card claims what the server does not do; a2a-go's a2asrv answers exactly so under WithCapabilityChecks (v2.4.0).", Refs: []refSpec{{refA2A, v10, "3.3.4", ""}, {refA2A, v10, "4.4.3", ""}, {refA2A, v10, "3.1.6", ""}, {refGoSDK, "a2asrv/handler.go", "", ""}}},
	{Code: "server-error-mapping", Basis: BasisMust, Note: "§5.4 fixes the JSON-RPC code and HTTP status of every A2A error and §11.6 the google.rpc.Status with ErrorInfo; @a2a-js/sdk 1.3.0 behind its Express handlers answers TaskNotFound as -32001 (measured in core/sdk's and core/probe's tests). The finding is about the server, never the card, hence a warning.", Refs: []refSpec{{refA2A, v10, "5.4", ""}, {refA2A, v10, "11.6", ""}, {refA2A, v10, "3.3.4", ""}, {refJSSDK, "src/server/express/json_rpc_handler.ts", "", ""}}},
	{Code: "server-ignores-version", Basis: BasisMust, Note: "§3.6.2: a server MUST answer VersionNotSupported for a version it does not support; a2a-go's a2asrv (v2.4.0) ignores A2A-Version and answers as if it were absent. The finding is about the server, never the card, hence a warning.", Refs: []refSpec{{refA2A, v10, "3.6.2", ""}, {refA2A, v10, "6.4", ""}, {refGoSDK, "a2asrv/jsonrpc.go", "", ""}}},
	{Code: "answer-shape", Basis: BasisMust, Note: "§5.5: the JSON of 1.0 MUST use the camelCase names of the ProtoJSON mapping, and §9.4.1 and §11.4 wrap a result in the member of its oneof; 0.3 (§7.1 of 0.3.0) answers the Task or Message itself with its kind, so one version's shape cannot be read as the other's.", Refs: []refSpec{{refA2A, v10, "5.5", ""}, {refA2A, v10, "9.4.1", ""}, {refA2A, v10, "11.4", ""}, {refA2A, v03, "7.1", ""}}},
	{Code: "answer-required-field", Basis: BasisMust, Note: "§5.7: fields marked REQUIRED in the data model MUST be present; a2a.proto marks them with field_behavior REQUIRED (the table is compared with a2a-go v2.4.0's descriptors in core/probe/reply's tests).", Refs: []refSpec{{refA2A, v10, "5.7", ""}, {refA2A, v10, "4.1.1", ""}, {refA2A, v10, "4.1.4", ""}}},
	{Code: "answer-enum", Basis: BasisMust, Note: "§5.6: enum values are written as the names a2a.proto gives them (TASK_STATE_CANCELED, ROLE_AGENT); 0.3.0's schema lists its lower-case values; no other spelling is defined.", Refs: []refSpec{{refA2A, v10, "5.6", ""}, {refA2A, v10, "4.1.3", ""}, {refA2A, v10, "4.1.5", ""}}},
	{Code: "answer-oneof", Basis: BasisMust, Note: "§4.1.6: a Part MUST contain exactly one of text, raw, url or data; §9.4.1 and §9.4.2 make the SendMessage result and each stream event one member of a oneof.", Refs: []refSpec{{refA2A, v10, "4.1.6", ""}, {refA2A, v10, "9.4.1", ""}, {refA2A, v10, "9.4.2", ""}}},
	{Code: "answer-unknown-field", Basis: BasisLikelyFailure, Note: "The data model defines no such member; §5.7 has receivers ignore it, so what it carries is lost (protobuf's ProtoJSON parsers refuse it unless told to discard unknown members).", Refs: []refSpec{{refA2A, v10, "5.5", ""}, {refA2A, v10, "5.7", ""}, {refA2A, v10, "4.1.4", ""}}},
	{Code: "answer-cut", Basis: BasisToolLimit, Note: "agentcard's own bounds of a conversation (4 MiB, 1,000 events, a stated time limit); §3.1.2 and §11.7 have the stream close once the task reaches a terminal or interrupted state.", Refs: []refSpec{{refA2A, v10, "3.1.2", ""}, {refA2A, v10, "11.7", ""}}},
	{Code: "probe-auth-required", Basis: BasisAdvice, Note: "A protected endpoint is allowed; the card's security schemes are how callers learn what it asks for (§7.3).", Refs: []refSpec{{refA2A, v10, "7.3", ""}, {refA2A, v10, "4.5.1", ""}}},
	{Code: "probe-unreachable", Basis: BasisLikelyFailure, Refs: []refSpec{{refA2A, v10, "8.3.1", ""}, {refA2A, v10, "7.1", ""}}},
	{Code: "probe-version-refused", Basis: BasisSDK, Note: "a2a-go's client sends the selected entry's protocol version as A2A-Version with every call, so a server that refuses that version fails them all.", Refs: []refSpec{{refA2A, v10, "3.6.2", ""}, {refA2A, v10, "3.6.1", ""}, {refA2A, v10, "8.3.1", ""}, {refGoSDK, "a2aclient/client.go", "", ""}}},
	{Code: "probe-wrong-binding", Basis: BasisSDK, Note: "a2a-go's JSON-RPC and HTTP+JSON client transports decode every answer as their binding's messages and fail on anything else.", Refs: []refSpec{{refA2A, v10, "8.3.1", ""}, {refA2A, v10, "4.4.6", ""}, {refGoSDK, "a2aclient/jsonrpc.go", "", ""}, {refGoSDK, "a2aclient/rest.go", "", ""}}},
	{Code: "extension-uri-unversioned", Basis: BasisShould, Note: "§4.6.3: extensions SHOULD include version information in their URI, and breaking changes MUST get a new URI.", Refs: []refSpec{{refA2A, v10, "4.6.3", ""}, {refA2A, v10, "4.4.4", ""}}},
	{Code: "sdk-card-unreadable", Basis: BasisSDK, Note: "a2a-go v2.4.0's default card parser (agentcard.DefaultCardParser: encoding/json into a2a.AgentCard) reads a requirement's scopes into a2a.SecuritySchemeScopes, a []string, and fails on the specification's StringList object.", Refs: []refSpec{{refA2A, v10, "4.4.1", ""}, {refA2A, v10, "4.5.1", ""}, {refGoSDK, "a2a/auth.go", "", ""}, {refGoSDK, "a2aclient/agentcard/resolver.go", "", ""}}},
	{Code: "legacy-preferred-transport-missing", Basis: BasisMust, Note: "0.3 §5.6.1 makes preferredTransport REQUIRED although the 0.3 JSON Schema gives it a JSONRPC default; a2a-python assumes JSONRPC (read from its source).", Refs: []refSpec{{refA2A, v03, "5.6.1", ""}, {refA2A, v03, "5.6.4", ""}, {refPySDK, "src/a2a/client/card_resolver.py", "", ""}}},
}

// ruleSourceEntry is one rule's entry of ruleSourceList.
type ruleSourceEntry struct {
	Code  string
	Basis BasisKind
	Note  string
	Refs  []refSpec
}

type refKind uint8

const (
	refA2A   refKind = iota // a: version, b: section
	refRFC                  // a: number, b: section
	refGoSDK                // a: file of a2a-go
	refPySDK                // a: file of a2a-python
	refJSSDK                // a: file of a2a-js
	refDoc                  // a: document, b: section, c: URL
)

// refSpec is a reference as constant data (see card.Ref for what each
// kind becomes).
type refSpec struct {
	kind    refKind
	a, b, c string
}

func (r refSpec) ref() card.Ref {
	switch r.kind {
	case refA2A:
		return a2a(r.a, r.b)
	case refRFC:
		n, err := strconv.Atoi(r.a)
		if err != nil {
			panic("lint: RFC number " + r.a)
		}
		return rfc(n, r.b)
	case refGoSDK:
		return goSDK(r.a)
	case refPySDK:
		return pySDK(r.a)
	case refJSSDK:
		return jsSDK(r.a)
	}
	return card.DocRef(r.a, r.b, r.c)
}

// resolvedSources is ruleSourceList sorted by code, with the references
// made and joined. A code listed twice is a programming error.
func resolvedSources(t *testing.T) []ruleSource {
	t.Helper()
	var out []ruleSource
	for _, e := range ruleSourceList {
		refs := make([]card.Ref, len(e.Refs))
		for i, r := range e.Refs {
			refs[i] = r.ref()
		}
		spec := card.RefsText(refs)
		if spec == "" {
			spec = "not a specification rule: " + e.Basis.Label()
		}
		out = append(out, ruleSource{Code: e.Code, Basis: e.Basis, Note: e.Note, Spec: spec, Refs: refs})
	}
	slices.SortStableFunc(out, func(a, b ruleSource) int { return strings.Compare(a.Code, b.Code) })
	for i := 1; i < len(out); i++ {
		if out[i].Code == out[i-1].Code {
			t.Fatalf("two ruleSourceList entries for %s", out[i].Code)
		}
	}
	return out
}

const ruleSourcesFile = "rulesources_table.go"

var basisNames = map[BasisKind]string{BasisMust: "BasisMust", BasisShould: "BasisShould", BasisSDK: "BasisSDK",
	BasisLikelyFailure: "BasisLikelyFailure", BasisAdvice: "BasisAdvice", BasisToolLimit: "BasisToolLimit"}

// ruleSourcesSource is rulesources_table.go as ruleSourceList makes it:
// one entry per rule by code. (Each entry has its own list of references:
// a list shared through a variable is copied by the package's init
// function, not laid out by the compiler.)
func ruleSourcesSource(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("// Code generated by `go generate` (TestRuleSourceTable -update) from ruleSourceList in rulesources_test.go; DO NOT EDIT.\n\n")
	b.WriteString("package lint\n\nimport \"github.com/agentcard/agentcard/core/card\"\n\n")
	b.WriteString("// ruleSourceTable is every rule's source, sorted by code (ruleSourceOf).\n")
	b.WriteString("var ruleSourceTable = [...]ruleSource{\n")
	for _, s := range resolvedSources(t) {
		lit := "[]card.Ref{"
		for j, r := range s.Refs {
			if j > 0 {
				lit += ", "
			}
			lit += fmt.Sprintf("{Doc: %q, Version: %q, Section: %q, Title: %q, URL: %q}", r.Doc, r.Version, r.Section, r.Title, r.URL)
		}
		lit += "}"
		name := lit
		basis, ok := basisNames[s.Basis]
		if !ok {
			t.Fatalf("%s: basis %q", s.Code, s.Basis)
		}
		fmt.Fprintf(&b, "\t{Code: %q, Basis: %s, Note: %s, Spec: %q, Refs: %s},\n", s.Code, basis, strconv.Quote(s.Note), s.Spec, name)
	}
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRuleSourceTable: rulesources_table.go is what ruleSourceList says
// (run go generate ./core/lint after editing it).
func TestRuleSourceTable(t *testing.T) {
	want := ruleSourcesSource(t)
	if *update {
		if err := os.WriteFile(ruleSourcesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(ruleSourcesFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what ruleSourceList says: run go generate ./core/lint", ruleSourcesFile)
	}
}
