package sdk

import "github.com/agentcard/agentcard/core/selection"

// Claim is one statement the product makes about what an official SDK's
// client does (in a rule's words or a lesson), with the check that proves
// it in claims_test.go: a case of the sweep run through the real library
// (a2a-go, a2a-js), or a focused test of the real library. a2a-python
// cannot be run here: its claims are checked against its model (or, for
// its HTTP resolver, which has no model, only stated), Running is false,
// and every text making such a claim says it is read from its source.
type Claim struct {
	ID  string
	SDK selection.SDK
	// Running: the check runs the library itself.
	Running bool
	// Says is the claim in one English sentence.
	Says string
}

// Claims lists every claim the product's words may tie to (the rules'
// ties in testdata/rule-claims.json and the lessons' claims: front
// matter). The list is built when asked for (by the tests), never at
// package initialisation.
func Claims() []Claim {
	return []Claim{
		goClaim("go.scopes-bare-list", "a2a-go v2.4.0's card parser refuses securityRequirements scopes written as {\"list\": [...]} and reads a bare list"),
		goClaim("go.scopes-parser-workaround", "a resolver CardParser that decodes with protojson into a2apb/v1.AgentCard and converts with pbconv.FromProtoAgentCard reads the specification's shape"),
		goClaim("go.binding-exact", "a2a-go matches protocolBinding with its transports exactly: jsonrpc, JSON-RPC and REST match nothing"),
		goClaim("go.default-transports", "a2a-go's default client has transports for JSONRPC and HTTP+JSON only, and fails when no entry has one"),
		goClaim("go.version-semver-major", "a2a-go takes any semantic version of major 1 (v1, 1, 1.1, 1.0.0) and skips latest, 2.0, 0.3 and the empty version"),
		goClaim("go.supported-only", "a2a-go's default card parser reads only supportedInterfaces: a 0.3 card gives no interface, a mixed card its 1.0 half"),
		goClaim("go.wrong-type-refused", "a2a-go refuses the whole card on a value of the wrong JSON type"),
		goClaim("go.scheme-one-of", "a2a-go refuses the whole card when a security scheme has no wrapper, two, or the 0.3 type shape"),
		goClaim("go.flows-one-of", "a2a-go refuses the whole card when an OAuth 2.0 scheme has no flow"),
		goClaim("go.legacy-requirement-empty", "a2a-go reads a 0.3-shaped entry of securityRequirements as a requirement naming no scheme"),
		goClaim("go.extended-flag-only-capabilities", "a2a-go reads the extended-card offer from capabilities.extendedAgentCard only"),
		goClaim("go.duplicates-last", "a2a-go keeps the last value of a repeated member"),
		goClaim("go.snake-ignored", "a2a-go ignores snake_case proto names"),
		goClaim("go.tenant", "a2a-go's client sends the selected entry's tenant"),
		goClaim("go.sends-version", "a2a-go's client sends the selected entry's protocol version as A2A-Version"),
		goClaim("go.resolver-status-200", "a2a-go's card resolver accepts only status 200"),
		goClaim("go.resolver-no-version", "a2a-go's card resolver sends no A2A-Version header"),
		goClaim("go.resolver-follows-redirects", "a2a-go's card resolver follows redirects"),
		goClaim("go.no-verifier", "a2a-go v2.4.0 has no verifier for card signatures"),
		goClaim("go.url-leading-space", "a2a-go's client cannot send a request to an interface URL that starts with a space"),
		goClaim("go.wrong-binding-fails", "a2a-go's JSON-RPC transport fails on an answer that is not JSON-RPC"),
		goClaim("go.auth-skips-undefined", "a2a-go's auth interceptor sends no credential for a requirement naming an undeclared scheme"),
		goClaim("go.invalid-utf8-replaced", "a2a-go (encoding/json) replaces invalid UTF-8 with U+FFFD"),
		goClaim("go.card-handler-cors", "a2a-go's card handler (a2asrv) sends CORS headers"),
		goClaim("go.resolver-ignores-content-type", "a2a-go's card resolver reads a card whatever its Content-Type"),
		jsClaim("js.resolver-ignores-content-type", "a2a-js's card resolver reads a card whatever its Content-Type"),
		goClaim("go.card-order", "a2a-go's default client takes the first usable entry in the card's order"),
		goClaim("go.client-preference", "a2a-go's client can put its own preferred transports first (Config.PreferredTransports)"),
		jsClaim("js.binding-any-case", "a2a-js looks protocolBinding up in any letter case; JSON-RPC and REST still match nothing"),
		jsClaim("js.default-transports", "a2a-js's default client has transports for JSONRPC and HTTP+JSON only"),
		jsClaim("js.version-first-entry", "a2a-js takes a binding's first entry whatever its version (latest, v1, 2.0) unless a later one says exactly 1.0"),
		jsClaim("js.last-1.0-wins", "a2a-js lets a later entry saying exactly 1.0 replace an earlier one of the same binding"),
		jsClaim("js.supported-only", "a2a-js (legacy compatibility off by default) reads only supportedInterfaces"),
		jsClaim("js.extended-flag-only-capabilities", "a2a-js reads the extended-card offer from capabilities.extendedAgentCard only"),
		jsClaim("js.duplicates-last", "a2a-js keeps the last value of a repeated member"),
		jsClaim("js.tenant", "a2a-js's client sends the selected entry's tenant"),
		jsClaim("js.legacy-requirement-empty", "a2a-js reads a 0.3-shaped entry of securityRequirements as a requirement naming no scheme"),
		jsClaim("js.verifier-requires-typ", "a2a-js 1.3.0's verifier rejects a signature whose protected header has no typ (or no kid)"),
		jsClaim("js.verifier-any-typ", "a2a-js's verifier accepts any typ value, \"JWT\" included"),
		jsClaim("js.verifier-strips-empty", "a2a-js's verifier removes empty values first: it rejects a signature over the specification's payload of a card with \"capabilities\": {} and accepts one over the stripped payload"),
		jsClaim("js.resolver-sends-version", "a2a-js's card resolver sends A2A-Version 1.0"),
		jsClaim("js.reads-scopes", "a2a-js reads the specification's {\"list\": [...]} scopes, and loses the scopes of a bare list"),
		jsClaim("js.client-preference", "a2a-js's client can put its own preferred transports first (preferredTransports)"),
		goClaim("go.server-ignores-version", "a2a-go v2.4.0's a2asrv answers a call in A2A-Version 99.0 as it answers it in 1.0 (GetTask of an unknown task: TaskNotFound), over JSON-RPC and HTTP+JSON"),
		goClaim("go.server-version-interceptor", "a call interceptor that returns a2a.ErrVersionNotSupported for a version service parameter makes a2a-go v2.4.0's a2asrv refuse that version with VersionNotSupported"),
		goClaim("go.server-capability-checks", "a2a-go v2.4.0's a2asrv with WithCapabilityChecks answers SubscribeToTask of an unknown task with UnsupportedOperation when streaming is off and TaskNotFound when on, its push-notification config list with PushNotificationNotSupported when push is off and TaskNotFound when on (WithPushNotifications), and GetExtendedAgentCard with UnsupportedOperation, over JSON-RPC and HTTP+JSON"),
		goClaim("go.server-extended-card", "a2a-go v2.4.0's a2asrv answers GetExtendedAgentCard with the card WithExtendedAgentCard gives it, and without one with ExtendedAgentCardNotConfigured"),
		goClaim("go.client-error-kinds", "a2a-go v2.4.0's client fails a call the server refuses with that error's kind (a2a.ErrTaskNotFound, a2a.ErrUnsupportedOperation, a2a.ErrVersionNotSupported), and one answered InternalError (-32603) with a2a.ErrInternalError, which is neither"),
		jsClaim("js.server-error-codes", "@a2a-js/sdk 1.3.0's server (its Express handlers around DefaultRequestHandler) answers TaskNotFound, UnsupportedOperation and PushNotificationNotSupported with their own codes, over JSON-RPC (-32001, -32004, -32003) and HTTP+JSON (404 TASK_NOT_FOUND, 400 UNSUPPORTED_OPERATION, 400 PUSH_NOTIFICATION_NOT_SUPPORTED)"),
		jsClaim("js.server-refuses-version", "@a2a-js/sdk 1.3.0's server refuses a call in A2A-Version 99.0 with VersionNotSupported (-32009; over HTTP+JSON, VERSION_NOT_SUPPORTED)"),
		// the answer rules (core/probe/reply): the clients reading answers
		goClaim("go.protojson-enum-refused", "a2a-go v2.4.0's ProtoJSON types (protojson into a2apb/v1) refuse a task state off the list: TASK_STATE_CANCELLED, 0.3's completed"),
		goClaim("go.protojson-oneof-refused", "a2a-go v2.4.0's ProtoJSON types (protojson into a2apb/v1) refuse a Part with two members and a result with both a task and a message"),
		goClaim("go.protojson-unknown-refused", "protobuf's ProtoJSON parser (Go's protojson into a2a-go v2.4.0's a2apb/v1) refuses an answer with a member its type does not define, and reads it with DiscardUnknown"),
		goClaim("go.answer-enum-kept", "a2a-go v2.4.0's client takes a task state off the list (TASK_STATE_CANCELLED, completed) as it is, a state that is not terminal"),
		jsClaim("js.answer-enum-unrecognized", "a2a-js 1.3.0's client reads a task state off the list (TASK_STATE_CANCELLED, completed) as UNRECOGNIZED (-1), without an error"),
		goClaim("go.answer-oneof-refused", "a2a-go v2.4.0's client refuses an answer with a Part of two members or none, a result with a task and a message, or an empty result"),
		jsClaim("js.answer-oneof-one-kept", "a2a-js 1.3.0's client keeps one member of a Part or result that has several (text over data, task over message) and drops the others without an error; it fails on an empty result"),
		goClaim("go.answer-required-missing", "a2a-go v2.4.0's client takes an answer lacking REQUIRED fields (a message's messageId, a task's id or status) without an error, the fields empty"),
		jsClaim("js.answer-required-missing", "a2a-js 1.3.0's client takes an answer lacking REQUIRED fields (a message's messageId, a task's id or status) without an error, the fields empty or absent"),
		goClaim("go.answer-0.3-fails", "a2a-go v2.4.0's client fails on a 0.3-shaped answer (a Task or Message with its kind) to a 1.0 SendMessage"),
		jsClaim("js.answer-0.3-fails", "a2a-js 1.3.0's client fails on a 0.3-shaped answer (a Task or Message with its kind) to a 1.0 SendMessage"),
		goClaim("go.server-answers-1.0", "a2a-go v2.4.0's a2asrv JSON-RPC handler answers SendMessage in 1.0's JSON (the result wrapped in its member, no kind), with the task's ids and state filled from events built from the executor's context (a2a.NewSubmittedTask, a2a.NewStatusUpdateEvent)"),
		goClaim("go.stream-no-bound", "a2a-go v2.4.0's streaming client has no bound of its own: it reads a stream that stays open until its caller's context ends"),
		pyClaim("py.scopes-bare-lost", "a2a-python's ParseDict reads a bare list of scopes without error, as the scheme with no scopes"),
		pyClaim("py.reads-spec-scopes", "a2a-python reads the specification's {\"list\": [...]} scopes"),
		pyClaim("py.binding-exact", "a2a-python compares protocolBinding exactly"),
		pyClaim("py.jsonrpc-only", "a2a-python's default client speaks only JSONRPC"),
		pyClaim("py.version-rank", "a2a-python prefers an entry saying exactly 1.0, then one above 1.0, then 0.3 or later, and skips words such as latest"),
		pyClaim("py.legacy-fallback", "a2a-python reads supportsAuthenticatedExtendedCard and security when the 1.0 members are absent"),
		pyClaim("py.legacy-interfaces", "a2a-python builds an interface from a 0.3 card's url"),
		pyClaim("py.default-jsonrpc", "a2a-python assumes JSONRPC for a 0.3 url without preferredTransport"),
		pyClaim("py.wrong-type-refused", "a2a-python's ParseDict refuses a value of the wrong JSON type"),
		pyClaim("py.proto-name-both-later-wins", "a2a-python's ParseDict reads a member given under both its JSON and its proto name, the later one winning; only a one-of member is refused"),
		pyClaim("py.snake-read", "a2a-python's ParseDict reads a snake_case proto name as the field"),
		pyClaim("py.legacy-scheme-converted", "a2a-python converts a 0.3 security scheme to its 1.0 wrapper"),
		pyClaim("py.scheme-type-half", "a2a-python reads a security scheme that has a 0.3 type from its 0.3 members and ignores a 1.0 wrapper beside them, so a 0.3 oauth2 half with two flows makes it refuse the card"),
		pyClaim("py.verifier-json-dumps", "a2a-python's verifier serializes its payload with json.dumps (non-ASCII escaped), not RFC 8785"),
		pyClaim("py.resolver-no-redirects", "a2a-python's resolver fails on a redirect (httpx without follow_redirects, raise_for_status)"),
		pyClaim("py.resolver-2xx", "a2a-python's resolver accepts any 2xx status (raise_for_status)"),
		pyClaim("py.drops-legacy-half", "a2a-python's card parser drops the legacy members of a card with supportedInterfaces"),
	}
}

func goClaim(id, says string) Claim {
	return Claim{ID: id, SDK: selection.SDKGo, Running: true, Says: says}
}
func jsClaim(id, says string) Claim {
	return Claim{ID: id, SDK: selection.SDKJS, Running: true, Says: says}
}
func pyClaim(id, says string) Claim { return Claim{ID: id, SDK: selection.SDKPython, Says: says} }
