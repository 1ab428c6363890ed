package lint

import (
	"net/url"
	"slices"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Interface rules check each entry clients choose from: its URL, binding,
// version and tenant, and the list as a whole. Missing or empty members and
// `transport` inside supportedInterfaces are structure findings.
const (
	codeIfaceURLNotAbsolute = "interface-url-not-absolute"
	codeIfaceURLNotHTTPS    = "interface-url-not-https"
	codeIfaceURLInternal    = "interface-url-internal"
	codeIfaceBindingVariant = "interface-binding-variant"
	codeIfaceBindingUnknown = "interface-binding-unknown"
	codeIfaceVersionPatch   = "interface-version-patch"
	codeIfaceVersionInvalid = "interface-version-invalid"
	codeIfaceVersionUnknown = "interface-version-unknown"
	codeIfaceDuplicate      = "interface-duplicate"
	codeIfaceURLConflict    = "interface-url-binding-conflict"
	codeIfaceNoCoreBinding  = "interface-no-core-binding"
	codeIfaceTenant         = "interface-tenant"
)

func interfaceRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeIfaceURLNotAbsolute, Severity: Error, Topic: "interfaces", Title: "Interface URL is not an absolute URL",
			Explanation: "The proto says url must be a valid absolute HTTPS URL in production, and §8.3.2 has a client use the selected entry's url as written. A template left unfilled ({BASE_URL}, ${HOST}, <your-url>), a path such as /a2a or a host without a scheme cannot be requested: the card was published before its build step ran, or was written for one server only. §12.7 requires custom bindings to give the full URL too. The absolute https form is required of the HTTP bindings (JSONRPC, HTTP+JSON) only: for GRPC a host:port such as grpc.example.com:443, the target gRPC libraries dial, is accepted, as the specification's main branch says after 1.0.1 (§4.4.6 AgentInterface, A2A pull request #1997, queued for 1.0.2).",
			HowToFix:    "Write the public URL in full, such as https://agent.example.com/a2a/v1. If the card is generated, fill the template at build or request time, not in the published file.",
			Basis:       Basis{Kind: BasisMust, Note: "The absolute-URL MUST holds for the HTTP bindings (JSONRPC, HTTP+JSON) and, by §12.7, for custom ones. A GRPC url given as host:port is accepted: the specification's main branch, after 1.0.1, says so in §4.4.6 AgentInterface (A2A pull request #1997, queued for 1.0.2)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "A2A", Version: "1.0", Section: "12.7", Title: "Agent Card Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#127-agent-card-declaration"},
				{Doc: "A2A main branch, after 1.0.1", Version: "", Section: "§4.4.6 AgentInterface (pull request #1997)", Title: "", URL: "https://github.com/a2aproject/A2A/pull/1997"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-url-not-absolute", Text: "%s %s is not a valid absolute URL"},
				{ID: "msg.interface-url-not-absolute.placeholder", Text: "%s %s contains the unfilled placeholder %s; clients would request it literally. Write the real public URL"},
				{ID: "msg.interface-url-not-absolute.relative", Text: "%s %s is not an absolute URL; clients cannot tell which host it is relative to. Write the full URL, such as https://agent.example.com%s"},
				{ID: "msg.interface-url-not-absolute.custom-no-scheme", Text: "%s %s has no scheme; a custom binding must give the full URL of its endpoint (§12.7), such as wss://agent.example.com/a2a"},
				{ID: "msg.interface-url-not-absolute.no-scheme", Text: "%s %s has no scheme, so clients cannot request it"},
				{ID: "msg.interface-url-not-absolute.custom-host-port", Text: "%s %s is in host:port form; a custom binding must give the full URL of its endpoint, scheme included (§12.7)"},
				{ID: "msg.interface-url-not-absolute.host-port", Text: "%s %s is in host:port form, which only GRPC accepts; %s needs a full http(s) URL"},
				{ID: "msg.interface-url-not-absolute.scheme", Text: "%s %s uses the scheme %s:, but %s is carried over HTTP; write an https URL"},
			},
			Bad:  `"supportedInterfaces": [{"url": "{BASE_URL}/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`,
			Good: `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "invoices.example.com:443", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]`}, Check: checkIfaceURLNotAbsolute},
		&Rule{Rule: diag.Rule{Code: codeIfaceURLNotHTTPS, Severity: Error, Topic: "interfaces", Title: "Interface URL is not encrypted (http, or gRPC without TLS)",
			Explanation: "Requests and responses, including credentials in headers, travel unencrypted over http. The specification requires encrypted communication in production: HTTPS for the HTTP-based bindings and TLS for gRPC (§7.1, repeated in §13.4), so an http:// URL on any entry, GRPC included, is an error. Loopback addresses are not reported: they are local development, which the internal-address rule covers.",
			HowToFix:    "Serve the endpoint over TLS and change the scheme to https. For gRPC, serve it with TLS and publish an https URL; a host:port, which this tool also accepts, leaves TLS to the caller's settings.",
			Basis:       Basis{Kind: BasisMust, Note: "§7.1: production deployments MUST use HTTPS for HTTP-based bindings and TLS for gRPC."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "7.1", Title: "Protocol Security", URL: "https://a2a-protocol.org/v1.0.0/specification/#71-protocol-security"},
				{Doc: "A2A", Version: "1.0", Section: "13.4", Title: "General Security Best Practices", URL: "https://a2a-protocol.org/v1.0.0/specification/#134-general-security-best-practices"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-url-not-https", Text: "%s %s uses plain http: requests and credentials travel unencrypted; production endpoints must use https (§7.1)"},
				{ID: "msg.interface-url-not-https.grpc", Text: "%s %s declares gRPC without TLS; production gRPC must use TLS (§7.1)"},
			},
			Bad:  `"supportedInterfaces": [{"url": "http://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`,
			Good: `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`}, Check: checkIfaceURLNotHTTPS},
		&Rule{Rule: diag.Rule{Code: codeIfaceURLInternal, Severity: Warning, Topic: "interfaces", Title: "Interface URL is internal or temporary",
			Explanation: "The host is a loopback, private, link-local or local-network address (localhost, 10.x, 192.168.x, *.local, *.internal, a container name) or a temporary tunnel (ngrok, trycloudflare, localtunnel). Nobody outside that network can connect, and a published card should not reveal internal details (§14.3). It is a warning on every entry, the first one included: nothing in the specification forbids such a URL, but nobody outside that network reaches it.",
			HowToFix:    "Publish the URL that callers reach from outside (behind your load balancer or gateway). Keep development URLs in a separate, unpublished card.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-url-internal", Text: "%s %s points at %s, %s; a public card should list only public endpoints"},
				{ID: "msg.interface-url-internal.first", Text: "%s %s points at %s, %s; it is the first (preferred) entry, so clients elsewhere cannot use this agent"},
			},
			Bad:  `"supportedInterfaces": [{"url": "http://localhost:8000/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`,
			Good: ``}, Check: checkIfaceURLInternal},
		&Rule{Rule: diag.Rule{Code: codeIfaceBindingVariant, Severity: Error, Topic: "interfaces", Title: "Misspelt core protocol binding",
			Explanation: "The proto names the core bindings JSONRPC, GRPC and HTTP+JSON and calls protocolBinding an open string, without a rule on letter case. The SDKs differ: a2a-go and a2a-python compare the binding with their transports' names exactly, so jsonrpc or http+json matches nothing there and they skip the entry, while a2a-js looks bindings up in any letter case and uses it. JSON-RPC or REST matches no SDK's transport at all.",
			HowToFix:    "Write the binding exactly as the specification spells it: JSONRPC, GRPC or HTTP+JSON. REST means HTTP+JSON; a bare HTTP is ambiguous, since JSON-RPC is carried over HTTP too, so check which protocol the endpoint speaks before accepting the suggested fix.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go and a2a-python compare protocolBinding with their transports' names exactly and skip an entry that spells a core binding another way; a2a-js looks bindings up without regard to letter case. No MUST governs the spelling: the proto calls protocolBinding an open string."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "A2A", Version: "1.0", Section: "8.3.2", Title: "Client Protocol Selection", URL: "https://a2a-protocol.org/v1.0.0/specification/#832-client-protocol-selection"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/factory.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/factory.go"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/client_factory.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/client_factory.py"},
				{Doc: "a2a-js", Version: "v1.3.0", Section: "src/client/factory.ts", Title: "", URL: "https://github.com/a2aproject/a2a-js/blob/v1.3.0/src/client/factory.ts"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-binding-variant", Text: "%s %s is not a core binding as written; write %s: a2a-go and a2a-python compare bindings exactly, case included (only a2a-js ignores case)"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"}]`,
			Good: ``}, Check: checkIfaceBindingVariant},
		&Rule{Rule: diag.Rule{Code: codeIfaceBindingUnknown, Severity: Warning, Topic: "interfaces", Title: "Unknown protocol binding",
			Explanation: "The binding is neither one of the core values (JSONRPC, GRPC, HTTP+JSON) nor a URI. Custom bindings are allowed, but they should be named by a URI (§5.8) so that two different protocols cannot share a name. a2a-go, a2a-python and a2a-js have no transport for it and skip the entry.",
			HowToFix:    "Use a core binding if the endpoint speaks one; otherwise name the custom binding with a URI you control, such as https://example.com/a2a/bindings/websocket/v1.",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.8", Title: "Custom Binding Identification", URL: "https://a2a-protocol.org/latest/specification/#58-custom-binding-identification"},
				{Doc: "A2A", Version: "1.0", Section: "12.7", Title: "Agent Card Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#127-agent-card-declaration"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-binding-unknown", Text: "%s %s is not a core binding (JSONRPC, GRPC, HTTP+JSON) and not a URI; ordinary clients skip this entry, and a custom binding should be named by a URI"},
				{ID: "msg.interface-binding-unknown.empty", Text: "preferredTransport is empty; write the binding spoken at url (JSONRPC when unsure)"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "wss://invoices.example.com/ws", "protocolBinding": "websocket", "protocolVersion": "1.0"}]`,
			Good: `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "wss://invoices.example.com/ws", "protocolBinding": "https://example.com/a2a/bindings/websocket/v1", "protocolVersion": "1.0"}]`}, Check: checkIfaceBindingUnknown},
		&Rule{Rule: diag.Rule{Code: codeIfaceVersionPatch, Severity: Warning, Topic: "interfaces", Title: "Protocol version has a patch number",
			Explanation: "protocolVersion is Major.Minor. Patch releases never change compatibility: §3.6 says patch numbers SHOULD NOT appear in cards and MUST NOT count when versions are negotiated. The SDKs read \"1.0.0\" differently: a2a-go takes it as major version 1 and uses the entry, a2a-python ranks it below an entry that says exactly \"1.0\" (read from its source), and a2a-js lets a later \"1.0\" entry of the same binding replace it.",
			HowToFix:    "Drop the patch number: \"1.0.0\" becomes \"1.0\", \"0.3.0\" becomes \"0.3\".",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6", Title: "Versioning", URL: "https://a2a-protocol.org/v1.0.0/specification/#36-versioning"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-version-patch", Text: "%s %s has a patch number; interface versions are Major.Minor, write %s"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0.0"}]`,
			Good: ``}, Check: checkIfaceVersionPatch},
		&Rule{Rule: diag.Rule{Code: codeIfaceVersionInvalid, Severity: Error, Topic: "interfaces", Title: "Protocol version is not a version",
			Explanation: "§3.6 identifies protocol versions by Major.Minor, and the proto's examples are \"0.3\" and \"1.0\". A word such as latest or stable is no version at all: a2a-go and a2a-python skip the entry, while a2a-js still uses it when it is its binding's first entry, so the SDKs disagree about the card. \"v1\" and \"1\" name only a major version; a2a-go and a2a-python read them as 1, and a2a-js, which compares versions only with \"1.0\", treats them like any other version that is not \"1.0\", so for those the finding is a warning.",
			HowToFix:    "Write the A2A version the endpoint speaks as Major.Minor: \"1.0\" or \"0.3\".",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go (semantic versions of major 1 only) and a2a-python (PEP 440 versions only, read from its source) skip an entry whose protocolVersion is a word such as latest. No MUST of §3.6 covers the value in a card."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6", Title: "Versioning", URL: "https://a2a-protocol.org/v1.0.0/specification/#36-versioning"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/factory.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/factory.go"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/client_factory.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/client_factory.py"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-version-invalid", Text: "%s %s is not a protocol version; write the A2A version the endpoint speaks as Major.Minor, such as \"1.0\""},
				{ID: "msg.interface-version-invalid.legacy", Text: "protocolVersion %s is not a protocol version; 0.3 cards use \"0.3.0\""},
				{ID: "msg.interface-version-invalid.major", Text: "%s %s names only the major version; a2a-go and a2a-python read it as 1, a2a-js as just another version that is not \"1.0\", and §3.6 identifies versions by Major.Minor, such as \"1.0\""},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "latest"}]`,
			Good: ``}, Check: checkIfaceVersionInvalid},
		&Rule{Rule: diag.Rule{Code: codeIfaceVersionUnknown, Severity: Info, Topic: "interfaces", Title: "Protocol version is neither 1.0 nor 0.3",
			Explanation: "The released A2A versions are 1.0 and 0.3 (§3.6). Another version such as \"2.0\" is legal, but the SDKs disagree on it: a2a-go skips it (its default transports speak major version 1), a2a-python prefers it to a 0.3 entry and speaks 1.0 to it (read from its source), and a2a-js uses it when it is its binding's first entry.",
			HowToFix:    "Check the value; if the endpoint speaks 1.0 or 0.3, write that.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6", Title: "Versioning", URL: "https://a2a-protocol.org/v1.0.0/specification/#36-versioning"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/factory.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/factory.go"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/client_factory.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/client_factory.py"},
				{Doc: "a2a-js", Version: "v1.3.0", Section: "src/client/factory.ts", Title: "", URL: "https://github.com/a2aproject/a2a-js/blob/v1.3.0/src/client/factory.ts"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-version-unknown", Text: "%s %s is neither 1.0 nor 0.3; clients that do not know A2A %s skip this entry"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "2.0"}]`,
			Good: ``}, Check: checkIfaceVersionUnknown},
		&Rule{Rule: diag.Rule{Code: codeIfaceDuplicate, Severity: Info, Topic: "interfaces", Title: "Duplicate interface entry",
			Explanation: "Two entries have the same URL, binding and version. Under §8.3.2 the first copy is always preferred, so the second adds nothing (a2a-js, which takes the last \"1.0\" entry of a binding, calls the same URL through it), and a repeat usually means a copy-paste where one of them should have been different.",
			HowToFix:    "Delete the repeated entry, or correct the value that should differ.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.2", Title: "Client Protocol Selection", URL: "https://a2a-protocol.org/v1.0.0/specification/#832-client-protocol-selection"},
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-duplicate", Text: "%s repeats %s (%s, %s %s); clients never reach the second copy"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`,
			Good: `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "https://invoices.example.com/a2a/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]`}, Check: checkIfaceDuplicate},
		&Rule{Rule: diag.Rule{Code: codeIfaceURLConflict, Severity: Warning, Topic: "interfaces", Title: "0.2/0.3 card declares one URL as GRPC and as an HTTP binding",
			Explanation: "The 0.3 text says one URL must not be declared with conflicting transports (§5.6.4), while also letting entries reuse a URL when the endpoint serves several (§5.6.2); gRPC beside JSON-RPC or HTTP+JSON on one URL is the case most likely to be a mistake. 1.0 explicitly allows one URL for several bindings (§8.3.1: URLs may be reused when the endpoint serves them all), so 1.0 entries are not checked.",
			HowToFix:    "Make sure the endpoint really serves both protocols; otherwise give each transport the URL it listens on.",
			Basis:       Basis{Kind: BasisMust, Note: "Only the 0.3 text forbids declaring conflicting transports for one URL (§5.6.4); 1.0 §8.3.1 lets one URL serve several bindings, so 1.0 entries are not checked."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.6.4", Title: "Validation Requirements", URL: "https://a2a-protocol.org/v0.3.0/specification/#564-validation-requirements"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.6.2", Title: "Additional Interfaces", URL: "https://a2a-protocol.org/v0.3.0/specification/#562-additional-interfaces"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-url-binding-conflict", Text: "%s %s is declared as %s here and as %s in %s; the 0.3 text forbids conflicting transports on one URL"},
			},
			Bad:  `"url": "https://invoices.example.com/a2a", "additionalInterfaces": [{"url": "https://invoices.example.com/a2a", "transport": "GRPC"}]`,
			Good: `"url": "https://invoices.example.com/a2a", "additionalInterfaces": [{"url": "https://grpc.invoices.example.com", "transport": "GRPC"}]`}, Check: checkIfaceURLConflict},
		&Rule{Rule: diag.Rule{Code: codeIfaceNoCoreBinding, Severity: Warning, Topic: "interfaces", Title: "No interface with a core binding",
			Explanation: "Every entry uses a custom or unknown binding. a2a-go and a2a-js have default transports only for JSONRPC and HTTP+JSON, and a2a-python only for JSONRPC, so none of them finds an entry to use.",
			HowToFix:    "Add an entry with a core binding, even if the custom one stays first.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's client factory keeps only entries whose binding it has a transport for, and fails with no compatible transport when none is left."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.2", Title: "Client Protocol Selection", URL: "https://a2a-protocol.org/v1.0.0/specification/#832-client-protocol-selection"},
				{Doc: "A2A", Version: "1.0", Section: "12", Title: "Custom Binding Guidelines", URL: "https://a2a-protocol.org/v1.0.0/specification/#12-custom-binding-guidelines"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/factory.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/factory.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-no-core-binding", Text: "no entry of supportedInterfaces uses JSONRPC, GRPC or HTTP+JSON; clients built on the official SDKs find nothing to connect to"},
				{ID: "msg.interface-no-core-binding.legacy", Text: "no interface of this card uses JSONRPC, GRPC or HTTP+JSON; clients built on the official SDKs find nothing to connect to"},
			},
			Bad:  `"supportedInterfaces": [{"url": "wss://invoices.example.com/ws", "protocolBinding": "https://example.com/a2a/bindings/websocket/v1", "protocolVersion": "1.0"}]`,
			Good: `"supportedInterfaces": [{"url": "wss://invoices.example.com/ws", "protocolBinding": "https://example.com/a2a/bindings/websocket/v1", "protocolVersion": "1.0"}, {"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`}, Check: checkIfaceNoCoreBinding},
		&Rule{Rule: diag.Rule{Code: codeIfaceTenant, Severity: Info, Topic: "interfaces", Title: "Interface requires a tenant",
			Explanation: "When an entry has a tenant, §8.3.2 requires clients to send exactly that value in the tenant field of every request to that entry; without it the server may route the request to the wrong tenant or refuse it. a2a-go and a2a-js send the selected entry's tenant in this project's tests, and a client you write yourself must do the same.",
			HowToFix:    "Nothing to change if the tenant is intended: the finding is a reminder and stays. If it is a leftover (the URL serves one customer only), remove it and keep the URL, as below. A client that is not built on an SDK must send it with every request to the entry (§8.3.2).",
			Basis:       Basis{Kind: BasisAdvice, Note: "§8.3.2 requires clients to send the tenant of the chosen entry; this only reminds the author."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.2", Title: "Client Protocol Selection", URL: "https://a2a-protocol.org/v1.0.0/specification/#832-client-protocol-selection"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-tenant", Text: "%s sets tenant %s: clients must send exactly this value as the tenant of every request to that interface"},
				{ID: "msg.interface-tenant.shared", Text: "%s set tenant %s: clients must send exactly this value as the tenant of every request to those interfaces"},
				{ID: "msg.interface-tenant.several", Text: "%s set tenants (%s): clients must send each interface's own tenant, exactly, with every request to it"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme-eu"}]`,
			Good: `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`}, Check: checkIfaceTenant},
	}
}

// ifaceEntry is one interface as written: a supportedInterfaces element,
// or a legacy one (url + preferredTransport, an additionalInterfaces
// element). Nodes are nil when absent; strings are "" when not strings.
type ifaceEntry struct {
	Obj     *jsonpos.Node // the entry object; nil for url + preferredTransport
	URL     *jsonpos.Node
	Binding *jsonpos.Node // protocolBinding, preferredTransport or transport
	Version *jsonpos.Node // protocolVersion (1.0 entries only)
	Tenant  *jsonpos.Node
	// Label names the entry in messages: "supportedInterfaces[1]".
	Label string
	// BindingText is the effective binding: the written one, JSONRPC for a
	// legacy url without preferredTransport, or a misplaced transport.
	BindingText string
	First       bool
	Legacy      bool
}

func (e ifaceEntry) urlText() string {
	if e.URL == nil || e.URL.Kind != jsonpos.String {
		return ""
	}
	return e.URL.Str
}

// field names a member of the entry for messages.
func (e ifaceEntry) field(key string) string {
	if e.Obj == nil {
		return key
	}
	return e.Label + "." + key
}

// ifaceLists returns the interface lists of the card: the 1.0 list, the
// legacy list, or both for a mixed card.
func ifaceLists(c *Context) [][]ifaceEntry {
	if c.ifacesDone {
		return c.ifaces
	}
	c.ifaces, c.ifacesDone = readIfaceLists(c), true
	return c.ifaces
}

// v10Entries is v10Entries(c.Root), read once per run.
func (c *Context) v10Entries() []ifaceEntry {
	if !c.v10Done {
		c.v10, c.v10Done = v10Entries(c.Root), true
	}
	return c.v10
}

// legacyEntries is legacyEntries(c.Root), read once per run.
func (c *Context) legacyEntries() []ifaceEntry {
	if !c.legacyDone {
		c.legacy, c.legacyDone = legacyEntries(c.Root), true
	}
	return c.legacy
}

// normURL is normURL memoized for the run: rules compare the same URLs
// many times.
func (c *Context) normURL(s string) string {
	if n, ok := c.norm[s]; ok {
		return n
	}
	if c.norm == nil {
		c.norm = map[string]string{}
	}
	n := normURL(s)
	c.norm[s] = n
	return n
}

func readIfaceLists(c *Context) [][]ifaceEntry {
	var out [][]ifaceEntry
	if c.Is10() || c.Root.Has("supportedInterfaces") {
		if l := c.v10Entries(); len(l) > 0 {
			out = append(out, l)
		}
	}
	if c.IsLegacy() || c.Era == card.EraMixed {
		if l := c.legacyEntries(); len(l) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// v10Entries and legacyEntries are card's interface lists (the one model)
// with what messages need: a label, and the binding a reader meant even
// when it is misplaced (transport in a 1.0 entry). Elements that are not
// objects are left to the structure checks.
func v10Entries(root *jsonpos.Node) []ifaceEntry {
	var out []ifaceEntry
	for _, it := range card.V10Interfaces(root) {
		if it.Node.Kind != jsonpos.Object {
			continue
		}
		en := ifaceEntry{Obj: it.Node, URL: it.URLNode, Binding: it.BindingNode, Version: it.VersionNode, Tenant: it.TenantNode,
			Label: it.Source, First: it.Index == 0, BindingText: it.Binding}
		if it.BindingNode == nil {
			en.BindingText = it.Node.Get("transport").Text()
		}
		out = append(out, en)
	}
	return out
}

func legacyEntries(root *jsonpos.Node) []ifaceEntry {
	var out []ifaceEntry
	for _, it := range card.LegacyInterfaces(root) {
		en := ifaceEntry{URL: it.URLNode, Binding: it.BindingNode, Legacy: true, BindingText: it.Binding, Label: it.Source}
		if it.Index == 0 {
			en.Label, en.First = "url", true
		} else if it.Node.Kind != jsonpos.Object {
			continue
		} else {
			en.Obj = it.Node
		}
		out = append(out, en)
	}
	return out
}

// eachEntry calls fn for every entry of every list.
func eachEntry(c *Context, fn func(e ifaceEntry)) {
	for _, l := range ifaceLists(c) {
		for _, e := range l {
			fn(e)
		}
	}
}

// Bindings.

type bindingKind uint8

const (
	bindingEmpty   bindingKind = iota
	bindingCore                // exactly JSONRPC, GRPC or HTTP+JSON
	bindingVariant             // a case or spelling variant of a core binding
	bindingURI                 // a custom binding named by a URI
	bindingUnknown             // anything else
)

// bindingAliases maps a binding with case and punctuation removed to the
// core binding it stands for.
var bindingAliases = map[string]string{
	"jsonrpc": "JSONRPC", "jsonrpc2": "JSONRPC", "jsonrpc20": "JSONRPC", "jrpc": "JSONRPC",
	"grpc":     "GRPC",
	"httpjson": "HTTP+JSON", "jsonhttp": "HTTP+JSON", "rest": "HTTP+JSON", "restful": "HTTP+JSON", "restjson": "HTTP+JSON",
	"jsonrest": "HTTP+JSON", "http": "HTTP+JSON", "https": "HTTP+JSON", "httprest": "HTTP+JSON", "resthttp": "HTTP+JSON",
}

// classifyBinding says what a written binding is and, for core bindings and
// their variants, which core binding it means.
func classifyBinding(s string) (bindingKind, string) {
	if strings.TrimSpace(s) == "" {
		return bindingEmpty, ""
	}
	if slices.Contains(card.CoreBindings, s) {
		return bindingCore, s
	}
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if canon, ok := bindingAliases[b.String()]; ok {
		return bindingVariant, canon
	}
	if isAbsoluteURI(s) {
		return bindingURI, ""
	}
	return bindingUnknown, ""
}

// coreOf returns the core binding an entry means (variants included), or "".
func coreOf(binding string) string {
	k, canon := classifyBinding(binding)
	if k == bindingCore || k == bindingVariant {
		return canon
	}
	return ""
}

func isHTTPBinding(core string) bool { return core == "JSONRPC" || core == "HTTP+JSON" }

// URL checks.

func checkIfaceURLNotAbsolute(c *Context) {
	eachEntry(c, func(e ifaceEntry) {
		if e.URL == nil || e.URL.Kind != jsonpos.String {
			return
		}
		u := c.classifyURL(e.URL.Str)
		core := coreOf(e.BindingText)
		grpc := core == "GRPC"
		name := e.field("url")
		switch u.Form {
		case formPlaceholder:
			c.Report(e.URL, "msg.interface-url-not-absolute.placeholder", name, quote(u.Raw), quote(u.Placeholder))
		case formRelative:
			c.Report(e.URL, "msg.interface-url-not-absolute.relative", name, quote(u.Raw), pathHint(u.Raw))
		case formNoScheme:
			if grpc && !strings.ContainsAny(u.Raw, "/?#") {
				return // a bare host is a valid gRPC target
			}
			if customBinding(e) {
				c.Report(e.URL, "msg.interface-url-not-absolute.custom-no-scheme", name, quote(u.Raw))
				return
			}
			d := c.Report(e.URL, "msg.interface-url-not-absolute.no-scheme", name, quote(u.Raw))
			if !grpc {
				d.WithFix("fix.add-https", c.Replace(e.URL, jsonpos.Quote("https://"+strings.TrimSpace(u.Raw))))
			}
		case formInvalid:
			c.Report(e.URL, "msg.interface-url-not-absolute", name, quote(u.Raw))
		case formHostPort:
			if customBinding(e) {
				// §12.7: custom bindings MUST give the full URL where the
				// binding is available.
				c.Report(e.URL, "msg.interface-url-not-absolute.custom-host-port", name, quote(u.Raw))
				return
			}
			if !isHTTPBinding(core) {
				return // accepted for GRPC (a gRPC target)
			}
			c.Report(e.URL, "msg.interface-url-not-absolute.host-port", name, quote(u.Raw), bindingName(e))
		case formOtherScheme:
			if isHTTPBinding(core) {
				c.Report(e.URL, "msg.interface-url-not-absolute.scheme", name, quote(u.Raw), u.Scheme, bindingName(e))
			}
		}
	})
}

// customBinding reports whether the entry names a binding that is neither
// a core one nor a spelling of one (a URI or an unknown name).
func customBinding(e ifaceEntry) bool {
	k, _ := classifyBinding(e.BindingText)
	return k == bindingURI || k == bindingUnknown
}

// bindingName names the entry's binding in messages: the core binding it
// means, or the words "this binding".
func bindingName(e ifaceEntry) any {
	if core := coreOf(e.BindingText); core != "" {
		return core
	}
	return i18n.Phrase("phrase.this-binding")
}

// pathHint turns a relative URL into the path to show after an example host.
func pathHint(raw string) string {
	p := strings.TrimSpace(raw)
	p = strings.TrimPrefix(p, ".")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}

func checkIfaceURLNotHTTPS(c *Context) {
	eachEntry(c, func(e ifaceEntry) {
		if e.URL == nil || e.URL.Kind != jsonpos.String {
			return
		}
		u := c.classifyURL(e.URL.Str)
		if u.Form != formHTTP || u.Scheme != "http" {
			return
		}
		if u.Where == hostLoopback || u.Where == hostUnspecified {
			return // local development; the internal-host rule speaks
		}
		if coreOf(e.BindingText) == "GRPC" {
			c.Report(e.URL, "msg.interface-url-not-https.grpc", e.field("url"), quote(u.Raw))
			return
		}
		c.Report(e.URL, "msg.interface-url-not-https", e.field("url"), quote(u.Raw))
	})
}

func checkIfaceURLInternal(c *Context) {
	eachEntry(c, func(e ifaceEntry) {
		if e.URL == nil || e.URL.Kind != jsonpos.String {
			return
		}
		u := c.classifyURL(e.URL.Str)
		if !u.Internal() || reservedExampleHost(u.Host) {
			return // a documentation name (.test, .example) is example-placeholder's
		}
		what := i18n.Phrase("phrase.reach.network")
		switch u.Where {
		case hostTunnel:
			what = i18n.Phrase("phrase.reach.tunnel")
		case hostInvalid:
			what = i18n.Phrase("phrase.reach.invalid")
		}
		if e.First {
			c.Report(e.URL, "msg.interface-url-internal.first", e.field("url"), quote(u.Raw), u.Why, what)
			return
		}
		c.Report(e.URL, "msg.interface-url-internal", e.field("url"), quote(u.Raw), u.Why, what)
	})
}

// Binding checks.

func checkIfaceBindingVariant(c *Context) {
	eachEntry(c, func(e ifaceEntry) {
		if e.Binding == nil || e.Binding.Kind != jsonpos.String {
			return
		}
		k, canon := classifyBinding(e.Binding.Str)
		if k != bindingVariant {
			return
		}
		d := c.Report(e.Binding, "msg.interface-binding-variant", bindingField(e), quote(e.Binding.Str), quote(canon))
		if strings.EqualFold(strings.TrimSpace(e.Binding.Str), canon) {
			// the same binding in another case ("jsonrpc"): safe
			d.WithSafeFixText(i18n.T("fix.use", canon), c.Replace(e.Binding, jsonpos.Quote(canon)))
			return
		}
		// another name ("REST" for HTTP+JSON) is right only if the
		// endpoint speaks that binding: a person checks it first
		d.WithFixText(i18n.T("fix.use", canon), c.Replace(e.Binding, jsonpos.Quote(canon)))
	})
}

func bindingField(e ifaceEntry) string {
	switch {
	case e.Obj == nil:
		return "preferredTransport"
	case e.Legacy:
		return e.field("transport")
	}
	return e.field("protocolBinding")
}

func checkIfaceBindingUnknown(c *Context) {
	eachEntry(c, func(e ifaceEntry) {
		if e.Binding == nil || e.Binding.Kind != jsonpos.String {
			return
		}
		k, _ := classifyBinding(e.Binding.Str)
		switch {
		case k == bindingUnknown:
			c.Report(e.Binding, "msg.interface-binding-unknown", bindingField(e), quote(e.Binding.Str))
		case k == bindingEmpty && e.Obj == nil:
			// protocolBinding and transport are required, so structure
			// reports them empty; preferredTransport is not.
			c.Report(e.Binding, "msg.interface-binding-unknown.empty")
		}
	})
}

// Version checks.

// majorOnly reports the spellings of 1.0 that every official SDK still
// reads as major version 1 (core/sdk's claims go.version-semver-major,
// py.version-rank, js.version-first-entry).
func majorOnly(v string) bool { return v == "v1" || v == "1" || v == "v1.0" }

// legacyVersion returns the top-level protocolVersion of a legacy or mixed
// card, or nil.
func legacyVersion(c *Context) *jsonpos.Node {
	if !c.IsLegacy() && c.Era != card.EraMixed {
		return nil
	}
	if v := c.Root.Get("protocolVersion"); v != nil && v.Kind == jsonpos.String {
		return v
	}
	return nil
}

func checkIfaceVersionPatch(c *Context) {
	for _, e := range c.v10Entries() {
		if e.Version == nil || e.Version.Kind != jsonpos.String {
			continue
		}
		mm := patchMajorMinor(e.Version.Str)
		if mm == "" {
			continue
		}
		c.Report(e.Version, "msg.interface-version-patch", e.field("protocolVersion"), quote(e.Version.Str), quote(mm)).
			WithSafeFixText(i18n.T("fix.use", mm), c.Replace(e.Version, jsonpos.Quote(mm)))
	}
}

func checkIfaceVersionInvalid(c *Context) {
	for _, e := range c.v10Entries() {
		if e.Version == nil || e.Version.Kind != jsonpos.String || strings.TrimSpace(e.Version.Str) == "" {
			continue // empty: required-field-empty
		}
		v := e.Version.Str
		if isMajorMinor(v) || patchMajorMinor(v) != "" {
			continue
		}
		var d *Diagnostic
		if majorOnly(v) {
			// a2a-go, a2a-python and a2a-js all read these as 1
			d = c.Report(e.Version, "msg.interface-version-invalid.major", e.field("protocolVersion"), quote(v)).WithSeverity(Warning)
		} else {
			d = c.Report(e.Version, "msg.interface-version-invalid", e.field("protocolVersion"), quote(v))
		}
		if major, minor, ok := looseVersion(v); ok {
			mm := major + "." + minor
			if minor == "" {
				mm = major + ".0"
			}
			d.WithFixText(i18n.T("fix.use", mm), c.Replace(e.Version, jsonpos.Quote(mm)))
		}
	}
	// The legacy protocolVersion is a full version ("0.3.0") by custom; only
	// a value that is no version at all is reported.
	if v := legacyVersion(c); v != nil && strings.TrimSpace(v.Str) != "" {
		if !isMajorMinor(v.Str) && patchMajorMinor(v.Str) == "" {
			c.Report(v, "msg.interface-version-invalid.legacy", quote(v.Str))
		}
	}
}

func checkIfaceVersionUnknown(c *Context) {
	for _, e := range c.v10Entries() {
		if e.Version == nil || e.Version.Kind != jsonpos.String {
			continue
		}
		v := e.Version.Str
		if !isMajorMinor(v) && patchMajorMinor(v) == "" {
			continue
		}
		mm := card.MajorMinor(v)
		if mm == "1.0" || mm == "0.3" {
			continue
		}
		c.Report(e.Version, "msg.interface-version-unknown", e.field("protocolVersion"), quote(v), mm)
	}
}

// List checks.

// normURL makes URLs comparable: scheme and host in lower case, no
// trailing slash.
func normURL(s string) string {
	s = strings.TrimSpace(s)
	if scheme, auth, rest, ok := simpleURL(s); ok {
		return strings.TrimRight(strings.ToLower(scheme)+"://"+strings.ToLower(auth)+rest, "/")
	}
	if p, err := url.Parse(s); err == nil && p.Host != "" {
		p.Scheme = strings.ToLower(p.Scheme)
		p.Host = strings.ToLower(p.Host)
		s = p.String()
	}
	return strings.TrimRight(s, "/")
}

func checkIfaceDuplicate(c *Context) {
	// Only the 1.0 list: 0.3 cards customarily repeat url in
	// additionalInterfaces.
	type key struct{ url, binding, version string }
	seen := map[key]string{}
	for _, e := range c.v10Entries() {
		if e.urlText() == "" || e.BindingText == "" || e.Version.Text() == "" {
			continue
		}
		k := key{c.normURL(e.urlText()), e.BindingText, card.MajorMinor(e.Version.Text())}
		if prev, ok := seen[k]; ok {
			d := c.Report(e.Obj, "msg.interface-duplicate", e.Label, prev, quote(e.urlText()), e.BindingText, e.Version.Text())
			d.WithFix("fix.remove-repeated-entry", c.RemoveMember(e.Obj))
			continue
		}
		seen[k] = e.Label
	}
}

func checkIfaceURLConflict(c *Context) {
	for _, l := range ifaceLists(c) {
		if len(l) == 0 || !l[0].Legacy {
			continue // 1.0 §8.3.1 lets one URL serve several bindings
		}
		grpc := map[string]ifaceEntry{}
		httpb := map[string]ifaceEntry{}
		for _, e := range l {
			u := e.urlText()
			if u == "" {
				continue
			}
			k := c.normURL(u)
			switch core := coreOf(e.BindingText); {
			case core == "GRPC":
				if o, ok := httpb[k]; ok {
					c.Report(e.URL, "msg.interface-url-binding-conflict", e.field("url"), quote(u), "GRPC", coreOf(o.BindingText), o.Label)
				}
				if _, ok := grpc[k]; !ok {
					grpc[k] = e
				}
			case isHTTPBinding(core):
				if o, ok := grpc[k]; ok {
					c.Report(e.URL, "msg.interface-url-binding-conflict", e.field("url"), quote(u), core, "GRPC", o.Label)
				}
				if _, ok := httpb[k]; !ok {
					httpb[k] = e
				}
			}
		}
	}
}

func checkIfaceNoCoreBinding(c *Context) {
	for _, l := range ifaceLists(c) {
		found := false
		for _, e := range l {
			k, _ := classifyBinding(e.BindingText)
			if k == bindingCore || k == bindingVariant || k == bindingEmpty {
				// variants and missing bindings have their own findings
				found = true
				break
			}
		}
		if found {
			continue
		}
		if l[0].Legacy {
			n := l[0].Binding
			if n == nil {
				n = l[0].URL
			}
			c.ReportKey(n, "msg.interface-no-core-binding.legacy")
			continue
		}
		c.ReportKey(l[0].Obj.Parent, "msg.interface-no-core-binding")
	}
}

// Tenants.

// checkIfaceTenant reports the card's tenants once: a card whose three
// interfaces share one tenant is one fact for the user, not three. An empty
// tenant is the proto3 default, that is, no tenant (§8.3.2: the client then
// sends none), so it is not reported.
func checkIfaceTenant(c *Context) {
	var first *jsonpos.Node
	var labels, values []string
	seen := map[string]bool{}
	for _, e := range c.v10Entries() {
		if e.Tenant == nil || e.Tenant.Kind != jsonpos.String || e.Tenant.Str == "" {
			continue
		}
		if first == nil {
			first = e.Tenant
		}
		if len(labels) < 6 {
			labels = append(labels, e.Label)
		} else {
			labels = append(labels, "")
		}
		if !seen[e.Tenant.Str] {
			seen[e.Tenant.Str] = true
			if len(values) < 6 {
				values = append(values, quote(e.Tenant.Str))
			} else {
				values = append(values, "")
			}
		}
	}
	switch {
	case first == nil:
	case len(labels) == 1:
		c.Report(first, "msg.interface-tenant", labels[0], values[0])
	case len(values) == 1:
		c.Report(first, "msg.interface-tenant.shared", labelList(labels), values[0])
	default:
		c.Report(first, "msg.interface-tenant.several", labelList(labels), labelList(values))
	}
}
