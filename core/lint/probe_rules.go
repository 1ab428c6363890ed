package lint

import "github.com/agentcard/agentcard/core/diag"

// Probe rules (topic "interfaces") are reported by core/probe, which sends
// each declared interface one read-only request (get a task that cannot
// exist) when the user asks for it (`agentcard lint --probe`,
// `/check?probe=1`). Their data lives here so that every program shows the
// same catalogue, whether or not it links core/probe. Their examples are
// transcripts of the probe: the entry probed, the request sent and the
// answer ("POST url" or "GET url", headers, a blank line, the body, then
// the status line, headers, a blank line and the body of the answer).
//
// Their codes are core/diag's (diag.Elsewhere), so that the package
// that checks them need not import this one.
const (
	CodeProbeWrongBinding   = diag.CodeProbeWrongBinding
	CodeProbeVersionRefused = diag.CodeProbeVersionRefused
	CodeProbeUnreachable    = diag.CodeProbeUnreachable
	CodeProbeAuthRequired   = diag.CodeProbeAuthRequired
)

const (
	probeJSONRPC = "entry: supportedInterfaces[0] JSONRPC 1.0 https://agent.example.com/a2a\n" +
		"POST https://agent.example.com/a2a\nA2A-Version: 1.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"p1","method":"GetTask","params":{"id":"agentcard-probe-0f3a"}}` + "\n\n"
	probeREST = "entry: supportedInterfaces[0] HTTP+JSON 1.0 https://agent.example.com/rest\n" +
		"GET https://agent.example.com/rest/tasks/agentcard-probe-0f3a\nA2A-Version: 1.0\n\n\n"
	probeTaskNotFound = probeJSONRPC + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"p1","error":{"code":-32001,"message":"task not found"}}`
)

func probeRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: CodeProbeWrongBinding, Topic: "interfaces", External: true, Title: "The endpoint does not speak the declared binding",
			Explanation: "Asked to read a task that does not exist, the endpoint answered something no server of the declared binding answers: an HTML page, a web server's 404, JSON of another protocol, or a JSON-RPC server that does not know the A2A method. Every call through this entry goes there and fails on the answer, typically with a decoding error that hides the real cause: a2a-go's JSON-RPC transport, for one, fails on an HTML answer. Common reasons: the URL points at the site instead of the agent's route, a path prefix is missing, or the binding names the wrong one of the server's endpoints.",
			HowToFix:    "Put the URL of the agent's own endpoint for that binding into the entry (the route the server mounts its JSON-RPC, HTTP+JSON or gRPC handler on), or change protocolBinding to what the URL really serves. A conforming server answers the probe with task not found: JSON-RPC error -32001, or HTTP 404 with reason TASK_NOT_FOUND.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's JSON-RPC and HTTP+JSON client transports decode every answer as their binding's messages and fail on anything else."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/jsonrpc.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/jsonrpc.go"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/rest.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/rest.go"},
			},
			Bad:  probeJSONRPC + "HTTP/1.1 404 Not Found\nContent-Type: text/html\n\n<!doctype html><title>Not Found</title>",
			Good: probeTaskNotFound}},
		&Rule{Rule: diag.Rule{Code: CodeProbeVersionRefused, Topic: "interfaces", External: true, Title: "The endpoint refuses the declared protocol version",
			Explanation: "The probe sent the entry's protocolVersion in the A2A-Version header and the server answered that it does not support that version (JSON-RPC error -32009, or VERSION_NOT_SUPPORTED over HTTP+JSON). §3.6.1 has clients send the A2A-Version of the entry they selected, and a2a-go does so with every call in this project's tests, so every call through this entry is refused before it reaches the agent.",
			HowToFix:    "Declare the version the server really implements, or upgrade the server (for a server that speaks both, declare one entry per version). Check that a proxy in front of the agent passes the A2A-Version header through.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's client sends the selected entry's protocol version as A2A-Version with every call, so a server that refuses that version fails them all."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6.2", Title: "Server Responsibilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#362-server-responsibilities"},
				{Doc: "A2A", Version: "1.0", Section: "3.6.1", Title: "Client Responsibilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#361-client-responsibilities"},
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/client.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/client.go"},
			},
			Bad: probeJSONRPC + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"p1","error":{"code":-32009,"message":"this version is not supported"}}`,
			Good: probeTaskNotFound}},
		&Rule{Rule: diag.Rule{Code: CodeProbeUnreachable, Topic: "interfaces", External: true, Title: "The endpoint does not answer",
			Explanation: "The probe got no answer from the entry's URL: nothing accepts connections on that port, the host name does not resolve, the TLS handshake failed, the request timed out, or a gateway answered that the agent behind it is down. Any call through this entry fails the same way. It can be temporary, and an endpoint reachable only from inside a network fails here too, so this is a warning rather than an error; but when none of the declared endpoints answers, the agent cannot be used at all, and the findings are errors (lint --probe then exits 1).",
			HowToFix:    "Check that the agent is running and reachable from the internet at exactly this URL (scheme, host, port and path), with a certificate valid for the host. If the endpoint is only for internal callers, publish it in a card that only they read.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "A2A", Version: "1.0", Section: "7.1", Title: "Protocol Security", URL: "https://a2a-protocol.org/v1.0.0/specification/#71-protocol-security"},
			},
			Bad:  probeJSONRPC + "(no answer within 3 s)",
			Good: probeTaskNotFound}},
		&Rule{Rule: diag.Rule{Code: CodeProbeAuthRequired, Topic: "interfaces", External: true, Title: "The endpoint asks for credentials",
			Explanation: "The endpoint answered 401 or 403 before looking at the request, naming the authentication scheme in WWW-Authenticate. That is fine for a protected agent, and the probe cannot look further without credentials. §7.3 has callers learn what to send from the card's securitySchemes and securityRequirements, so those should name the scheme this endpoint asks for.",
			HowToFix:    "Nothing to fix when the card's security schemes describe this scheme. If they do not, add the scheme (for a Bearer challenge, an httpAuthSecurityScheme with scheme \"Bearer\", or the OAuth 2.0 or OpenID Connect scheme that issues the token) and require it.",
			Basis:       Basis{Kind: BasisAdvice, Note: "A protected endpoint is allowed; the card's security schemes are how callers learn what it asks for (§7.3)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "7.3", Title: "Client Authentication Process", URL: "https://a2a-protocol.org/v1.0.0/specification/#73-client-authentication-process"},
				{Doc: "A2A", Version: "1.0", Section: "4.5.1", Title: "SecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#451-securityscheme"},
			},
			Bad: probeREST + "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"agent\"\nContent-Type: application/json\n\n" +
				`{"error":{"code":401,"status":"UNAUTHENTICATED","message":"unauthenticated"}}`,
			Good: probeREST + "HTTP/1.1 404 Not Found\nContent-Type: application/json\n\n" +
				`{"error":{"code":404,"status":"NOT_FOUND","message":"task not found","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org"}]}}`}},
	}
}
