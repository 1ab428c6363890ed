package lint

import "github.com/agentcard/agentcard/core/diag"

// Extended-card rules (topic "capabilities") are reported by core/extended,
// which asks the agent for its extended card when the public card promises
// one (capabilities.extendedAgentCard, 0.3 supportsAuthenticatedExtendedCard):
// once without credentials, which must be refused, and once with the
// caller's headers, whose answer is linted and compared with the public
// card. Their data lives here so that every program shows the same
// catalogue. Their examples are transcripts: the request, a blank line,
// then the status line, headers, a blank line and the body of the answer.
//
// Their codes are core/diag's (diag.Elsewhere), so that the package
// that checks them need not import this one.
const (
	CodeExtendedPublic          = diag.CodeExtendedPublic
	CodeExtendedUnavailable     = diag.CodeExtendedUnavailable
	CodeExtendedIdentityDiffers = diag.CodeExtendedIdentityDiffers
	CodeExtendedSkillsMissing   = diag.CodeExtendedSkillsMissing
	CodeExtendedNewInterface    = diag.CodeExtendedNewInterface
	CodeExtendedInvalid         = diag.CodeExtendedInvalid
)

const (
	extendedAsk = "POST https://agent.example.com/a2a\nA2A-Version: 1.0\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"x1","method":"GetExtendedAgentCard","params":{}}` + "\n\n"
	extendedAskAuth = "POST https://agent.example.com/a2a\nA2A-Version: 1.0\nAuthorization: Bearer …\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"x1","method":"GetExtendedAgentCard","params":{}}` + "\n\n"
	extendedRefused = extendedAsk + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
		`{"jsonrpc":"2.0","id":"x1","error":{"code":-31401,"message":"unauthenticated"}}`
	extendedPublic = "public card: {\"name\":\"Travel Agent\",\"version\":\"2.1.0\",\"skills\":[{\"id\":\"search\"}],…}\n"
)

func extendedRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: CodeExtendedPublic, Topic: "capabilities", External: true, Title: "The extended card is served to anyone",
			Explanation: "The extended card is the version of the card meant for callers that authenticated with one of the card's security schemes: it is where an agent lists the skills, interfaces and details it keeps back from the public. Asked without any credentials, this agent returned it anyway, so whatever it holds is public, and a caller has no reason to believe the agent checks credentials on its other operations either.",
			HowToFix:    "Require authentication for GetExtendedAgentCard (0.3: agent/getAuthenticatedExtendedCard; HTTP+JSON: GET /extendedAgentCard) with the schemes the public card lists, answering 401 or 403 (JSON-RPC: an authentication error) to anonymous callers. If the extra details are not secret, put them into the public card and drop extendedAgentCard.",
			Basis:       Basis{Kind: BasisMust, Note: "§3.1.11 makes the extended card an authenticated operation (the client MUST authenticate with a scheme of the public card) and §13.3 puts it under access control; answering anonymous callers discloses what the public card keeps back."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "13.3", Title: "Extended Agent Card Access Control", URL: "https://a2a-protocol.org/v1.0.0/specification/#133-extended-agent-card-access-control"},
				{Doc: "A2A", Version: "0.3.0", Section: "7.10", Title: "agent/getAuthenticatedExtendedCard", URL: "https://a2a-protocol.org/v0.3.0/specification/#710-agentgetauthenticatedextendedcard"},
			},
			Bad: extendedAsk + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent","skills":[…]}}`,
			Good: extendedRefused}},
		&Rule{Rule: diag.Rule{Code: CodeExtendedUnavailable, Topic: "capabilities", External: true, Title: "The promised extended card cannot be fetched",
			Explanation: "The public card says that authenticated callers get an extended card, but asking for it gave no card: the endpoint does not know the method, says no extended card is configured, refused the credentials supplied, or answered something that is not a card. Whoever relies on the promise gets only the public card.",
			HowToFix:    "Serve the extended card on the card's JSON-RPC endpoint (method GetExtendedAgentCard, 0.3: agent/getAuthenticatedExtendedCard) and below its HTTP+JSON URL (GET /extendedAgentCard), or set extendedAgentCard to false. When the credentials were refused, check that they are valid for one of the card's security schemes.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "§3.3.4: an agent that declares the extended card and has none configured answers ExtendedAgentCardNotConfiguredError, so the promise fails every client that relies on it."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "3.3.4", Title: "Capability Validation", URL: "https://a2a-protocol.org/v1.0.0/specification/#334-capability-validation"},
				{Doc: "A2A", Version: "0.3.0", Section: "7.10", Title: "agent/getAuthenticatedExtendedCard", URL: "https://a2a-protocol.org/v0.3.0/specification/#710-agentgetauthenticatedextendedcard"},
			},
			Bad: extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","error":{"code":-32007,"message":"extended card not configured"}}`,
			Good: extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent",…}}`}},
		&Rule{Rule: diag.Rule{Code: CodeExtendedIdentityDiffers, Topic: "capabilities", External: true, Title: "The extended card names another agent",
			Explanation: "§13.3: clients retrieving the extended card SHOULD replace their cached public card with it for the authenticated session. The extended card adds to the public one; it describes the same agent, so its name, provider and version should be the public card's. When they differ, whatever shows or records the card from then on shows another agent than the one its user chose, and a version mismatch usually means one of the two cards is stale.",
			HowToFix:    "Build both cards from one source so that name, provider and version are the same, and add only what authenticated callers may see to the extended one.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "§13.3 has clients use the extended card in place of the public one; a different name, provider or version then shows another agent."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
			},
			Bad: extendedPublic + extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent (internal)","version":"2.0.3",…}}`,
			Good: extendedPublic + extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent","version":"2.1.0",…}}`}},
		&Rule{Rule: diag.Rule{Code: CodeExtendedSkillsMissing, Topic: "capabilities", External: true, Title: "The extended card drops skills of the public card",
			Explanation: "Authenticating should show a caller more, not less. §13.3 has clients replace the public card with the extended one, so skills listed only publicly are no longer seen or offered, although the agent still performs them.",
			HowToFix:    "List every public skill in the extended card too, with the same id, and add the skills for authenticated callers beside them.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "§13.3 has clients use the extended card in place of the public one, so skills it lacks are no longer offered."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
			},
			Bad: extendedPublic + extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent","skills":[{"id":"book"}],…}}`,
			Good: extendedPublic + extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent","skills":[{"id":"search"},{"id":"book"}],…}}`}},
		&Rule{Rule: diag.Rule{Code: CodeExtendedNewInterface, Topic: "capabilities", External: true, Title: "The extended card adds an interface",
			Explanation: "The extended card declares an interface (URL, binding and version) that the public card does not. That can be intended, for example an endpoint only for authenticated partners; this finding says so, so that an interface is not added to the extended card by mistake (a staging URL, a copy of an old card). §13.3 has clients use the extended card in place of the public one, so they select from its list and the new entry can change which URL they call.",
			HowToFix:    "Nothing to fix if the interface is meant for authenticated callers only. Otherwise declare it in the public card as well, or remove it from the extended one.",
			Basis:       Basis{Kind: BasisAdvice, Note: "An interface only for authenticated callers is allowed; the finding makes it visible."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
			},
			Bad: extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{…,"supportedInterfaces":[…,{"url":"https://partners.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}}`,
			Good: extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{…,"supportedInterfaces":[(the public card's entries)]}}`}},
		&Rule{Rule: diag.Rule{Code: CodeExtendedInvalid, Topic: "capabilities", External: true, Title: "The extended card has errors",
			Explanation: "The extended card returned to authenticated callers is checked with the same rules as the public card, and it has errors. It is an AgentCard like the public one (§3.1.11), so each error fails whoever reads it in the same way; nobody sees these errors on the public card's page, because only authenticated callers get this card.",
			HowToFix:    "Fix the extended card's own findings (they are listed with the extended card), ideally by building it from the same source as the public card.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "The extended card is an AgentCard like the public one (§3.1.11), so its errors fail the same way."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
			},
			Bad: extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{"name":"Travel Agent","supportedInterfaces":[{"url":"/a2a","protocolBinding":"jsonrpc"}]}}`,
			Good: extendedAskAuth + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
				`{"jsonrpc":"2.0","id":"x1","result":{(a card without errors)}}`}},
	}
}
