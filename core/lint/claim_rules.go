package lint

import "github.com/agentcard/agentcard/core/diag"

// Claim rules (topic "capabilities") are reported by core/probe's claims
// check (`agentcard conform`), which asks each interface that answered the
// probe calls that create nothing: SubscribeToTask, the list of a task's
// push-notification configs and GetExtendedAgentCard for a task id that
// cannot exist and without credentials, and GetTask in an A2A-Version no
// server speaks. Their examples are transcripts like the probe rules'
// (core/lint/probe_rules.go), with a second line "card: {…}" holding the
// card's claims, and the one exchange that decides.
//
// Their codes are core/diag's (diag.Elsewhere), so that core/probe need
// not import this package.
const (
	CodeClaimContradicted    = diag.CodeClaimContradicted
	CodeServerIgnoresVersion = diag.CodeServerIgnoresVersion
	CodeServerErrorMapping   = diag.CodeServerErrorMapping
)

const (
	claimEntry = "entry: supportedInterfaces[0] JSONRPC 1.0 https://agent.example.com/a2a\n"
	claimCall  = "POST https://agent.example.com/a2a\nA2A-Version: 1.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"c1","method":"SubscribeToTask","params":{"id":"agentcard-probe-0f3a"}}` + "\n\n"
	claimGetTask = "POST https://agent.example.com/a2a\nA2A-Version: 1.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"c1","method":"GetTask","params":{"id":"agentcard-probe-0f3a"}}` + "\n\n"
	claimVersionCall = "POST https://agent.example.com/a2a\nA2A-Version: 99.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"c1","method":"GetTask","params":{"id":"agentcard-probe-0f3a"}}` + "\n\n"
)

func claimRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: CodeClaimContradicted, Topic: "capabilities", External: true,
			Title:       "The server does not do what the card claims",
			Explanation: "The card claims a capability (streaming, push notifications, an extended card), and the server behind a declared interface says otherwise when asked a call that creates nothing. For streaming the call is SubscribeToTask of a task that cannot exist: a server that streams answers TaskNotFound, one that does not answers UnsupportedOperation (-32004). For push notifications it lists the push-notification configs of that task: PushNotificationNotSupported (-32003) means push is off. For the extended card it asks GetExtendedAgentCard without credentials: UnsupportedOperation or ExtendedAgentCardNotConfigured (-32007) means there is none. Clients read the card to decide what to call, so each such call fails for every client that trusts it. a2a-go v2.4.0's server (a2asrv with WithCapabilityChecks) answers exactly these errors when its capabilities are fewer than the card's.",
			HowToFix:    "Make the card say what the server does: set the capability to false (or remove it), or turn the feature on in the server (for a2a-go: the capabilities passed to WithCapabilityChecks, WithPushNotifications with a store and a sender, an extended card producer).",
			Basis:       Basis{Kind: BasisMust, Note: "§3.3.4: an agent MUST answer UnsupportedOperation (push: PushNotificationNotSupported; extended card: ExtendedAgentCardNotConfigured) for what its card does not declare, so those answers to a capability the card declares show the card claims what the server does not do; a2a-go's a2asrv answers exactly so under WithCapabilityChecks (v2.4.0)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.3.4", Title: "Capability Validation", URL: "https://a2a-protocol.org/v1.0.0/specification/#334-capability-validation"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.3", Title: "AgentCapabilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#443-agentcapabilities"},
				{Doc: "A2A", Version: "1.0", Section: "3.1.6", Title: "Subscribe to Task", URL: "https://a2a-protocol.org/v1.0.0/specification/#316-subscribe-to-task"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2asrv/handler.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2asrv/handler.go"},
			},
			Bad: claimEntry + `card: {"capabilities":{"streaming":true}}` + "\n" + claimCall +
				"HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n" +
				`data: {"jsonrpc":"2.0","id":"c1","error":{"code":-32004,"message":"unsupported operation"}}`,
			Good: claimEntry + `card: {"capabilities":{"streaming":true}}` + "\n" + claimCall +
				"HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n" +
				`data: {"jsonrpc":"2.0","id":"c1","error":{"code":-32001,"message":"task not found"}}`}},
		&Rule{Rule: diag.Rule{Code: CodeServerErrorMapping, Topic: "capabilities", External: true,
			Title:       "The server answers A2A errors with other codes",
			Explanation: "Asked GetTask for a task that cannot exist, the server did not answer TaskNotFound as §5.4 prescribes (JSON-RPC -32001; over HTTP+JSON, 404 with a google.rpc.Status whose ErrorInfo reason is TASK_NOT_FOUND), or an HTTP+JSON error came without an ErrorInfo reason. Clients then cannot tell a missing task, an unsupported operation or a refused version from a crash, and the other claims cannot be checked from its answers, so they stay unknown. This is the server's doing, not a fault of the card. @a2a-js/sdk 1.3.0, served with its own Express handlers (jsonRpcHandler, restHandler) around DefaultRequestHandler, answers TaskNotFound, UnsupportedOperation and PushNotificationNotSupported with their own codes (measured in core/sdk's and core/probe's tests).",
			HowToFix:    "Nothing to change in the card. In the server, let errors keep their A2A meaning on the wire (with @a2a-js/sdk, upgrade to 1.3.0 or later), or report it to the SDK.",
			Basis:       Basis{Kind: BasisMust, Note: "§5.4 fixes the JSON-RPC code and HTTP status of every A2A error and §11.6 the google.rpc.Status with ErrorInfo; @a2a-js/sdk 1.3.0 behind its Express handlers answers TaskNotFound as -32001 (measured in core/sdk's and core/probe's tests). The finding is about the server, never the card, hence a warning."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.4", Title: "Error Code Mappings", URL: "https://a2a-protocol.org/v1.0.0/specification/#54-error-code-mappings"},
				{Doc: "A2A", Version: "1.0", Section: "11.6", Title: "Error Handling", URL: "https://a2a-protocol.org/v1.0.0/specification/#116-error-handling"},
				{Doc: "A2A", Version: "1.0", Section: "3.3.4", Title: "Capability Validation", URL: "https://a2a-protocol.org/v1.0.0/specification/#334-capability-validation"},
				{Doc: "a2a-js", Version: "v1.3.0", Section: "src/server/express/json_rpc_handler.ts", Title: "", URL: "https://github.com/a2aproject/a2a-js/blob/v1.3.0/src/server/express/json_rpc_handler.ts"},
			},
			Bad: claimEntry + `card: {"capabilities":{}}` + "\n" + claimGetTask +
				"HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"c1","error":{"code":-32603,"message":"Task not found: agentcard-probe-0f3a"}}`,
			Good: claimEntry + `card: {"capabilities":{}}` + "\n" + claimGetTask +
				"HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"c1","error":{"code":-32001,"message":"task not found"}}`}},
		&Rule{Rule: diag.Rule{Code: CodeServerIgnoresVersion, Topic: "capabilities", External: true,
			Title:       "The server ignores an A2A-Version it cannot speak",
			Explanation: "Asked GetTask with A2A-Version 99.0, a version no specification defines, the server answered as if the header were absent (TaskNotFound) instead of refusing with VersionNotSupported (-32009, or VERSION_NOT_SUPPORTED over HTTP+JSON) as §3.6.2 requires. A client that speaks only a later version would then get answers it may misread. This is a deviation of the server, not a fault of the card: a2a-go's a2asrv (v2.4.0) behaves this way, so an agent built on it gets this warning whatever its card says.",
			HowToFix:    "Nothing to change in the card. In the server, refuse requests whose A2A-Version it does not implement (with a2a-go, a call interceptor that checks the version service parameter and returns a2a.ErrVersionNotSupported), or wait for the SDK to do it.",
			Basis:       Basis{Kind: BasisMust, Note: "§3.6.2: a server MUST answer VersionNotSupported for a version it does not support; a2a-go's a2asrv (v2.4.0) ignores A2A-Version and answers as if it were absent. The finding is about the server, never the card, hence a warning."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6.2", Title: "Server Responsibilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#362-server-responsibilities"},
				{Doc: "A2A", Version: "1.0", Section: "6.4", Title: "Version Negotiation Error", URL: "https://a2a-protocol.org/v1.0.0/specification/#64-version-negotiation-error"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2asrv/jsonrpc.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2asrv/jsonrpc.go"},
			},
			Bad: claimEntry + `card: {"capabilities":{}}` + "\n" + claimVersionCall +
				"HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"c1","error":{"code":-32001,"message":"task not found"}}`,
			Good: claimEntry + `card: {"capabilities":{}}` + "\n" + claimVersionCall +
				"HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"c1","error":{"code":-32009,"message":"version not supported"}}`}},
	}
}
