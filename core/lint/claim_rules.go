package lint

// Claim rules (topic "capabilities") are reported by core/probe's claims
// check (`agentcard conform`), which asks each interface that answered the
// probe calls that create nothing: SubscribeToTask, the list of a task's
// push-notification configs and GetExtendedAgentCard for a task id that
// cannot exist and without credentials, and GetTask in an A2A-Version no
// server speaks. Their examples are transcripts like the probe rules'
// (core/lint/probe_rules.go), with a second line "card: {…}" holding the
// card's claims, and the one exchange that decides.
const (
	CodeClaimContradicted    = "claim-contradicted"
	CodeServerIgnoresVersion = "server-ignores-version"
)

// ByClaims: core/probe's claims check reports it (`agentcard conform`).
const ByClaims = "claims"

const (
	claimEntry = "entry: supportedInterfaces[0] JSONRPC 1.0 https://agent.example.com/a2a\n"
	claimCall  = "POST https://agent.example.com/a2a\nA2A-Version: 1.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"c1","method":"SubscribeToTask","params":{"id":"agentcard-probe-0f3a"}}` + "\n\n"
	claimVersionCall = "POST https://agent.example.com/a2a\nA2A-Version: 99.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"c1","method":"GetTask","params":{"id":"agentcard-probe-0f3a"}}` + "\n\n"
)

func claimRules() []*Rule {
	return []*Rule{
		&Rule{Code: CodeClaimContradicted, Severity: Error, Topic: "capabilities", External: true, EmittedBy: ByClaims,
			Title:       "The server does not do what the card claims",
			Explanation: "The card claims a capability (streaming, push notifications, an extended card) or the A2A error answers of its binding, and the server behind a declared interface says otherwise when asked a call that creates nothing. For streaming the call is SubscribeToTask of a task that cannot exist: a server that streams answers TaskNotFound, one that does not answers UnsupportedOperation (-32004). For push notifications it lists the push-notification configs of that task: PushNotificationNotSupported (-32003) means push is off. For the extended card it asks GetExtendedAgentCard without credentials: UnsupportedOperation or ExtendedAgentCardNotConfigured (-32007) means there is none. Clients read the card to decide what to call, so each such call fails for every client that trusts it. a2a-go's server (a2asrv with WithCapabilityChecks) answers exactly these errors when its capabilities are fewer than the card's.",
			HowToFix:    "Make the card say what the server does: set the capability to false (or remove it), or turn the feature on in the server (for a2a-go: the capabilities passed to WithCapabilityChecks, WithPushNotifications with a store and a sender, an extended card producer). For errors, answer GetTask of an unknown task with -32001, or over HTTP+JSON with 404 and a google.rpc.Status whose ErrorInfo reason is TASK_NOT_FOUND.",
			Spec:        "§4.4.3, §3.3.4, §5.4",
			Bad: claimEntry + `card: {"capabilities":{"streaming":true}}` + "\n" + claimCall +
				"HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n" +
				`data: {"jsonrpc":"2.0","id":"c1","error":{"code":-32004,"message":"unsupported operation"}}`,
			Good: claimEntry + `card: {"capabilities":{"streaming":true}}` + "\n" + claimCall +
				"HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n" +
				`data: {"jsonrpc":"2.0","id":"c1","error":{"code":-32001,"message":"task not found"}}`},
		&Rule{Code: CodeServerIgnoresVersion, Severity: Warning, Topic: "capabilities", External: true, EmittedBy: ByClaims,
			Title:       "The server ignores an A2A-Version it cannot speak",
			Explanation: "Asked GetTask with A2A-Version 99.0, a version no specification defines, the server answered as if the header were absent (TaskNotFound) instead of refusing with VersionNotSupported (-32009, or VERSION_NOT_SUPPORTED over HTTP+JSON) as §3.6.2 requires. A client that speaks only a later version would then get answers it may misread. This is a deviation of the server, not a fault of the card: a2a-go's a2asrv (v2.3.1 and v2.4.0) behaves this way, so an agent built on it gets this warning whatever its card says.",
			HowToFix:    "Nothing to change in the card. In the server, refuse requests whose A2A-Version it does not implement (with a2a-go, a call interceptor that checks the version service parameter and returns a2a.ErrVersionNotSupported), or wait for the SDK to do it.",
			Spec:        "§3.6.2, §6.4",
			Bad: claimEntry + `card: {"capabilities":{}}` + "\n" + claimVersionCall +
				"HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"c1","error":{"code":-32001,"message":"task not found"}}`,
			Good: claimEntry + `card: {"capabilities":{}}` + "\n" + claimVersionCall +
				"HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"c1","error":{"code":-32009,"message":"version not supported"}}`},
	}
}
