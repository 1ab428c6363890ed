package lint

import "github.com/agentcard/agentcard/core/diag"

// HTTP-level rules (topic "http") are checked and reported by core/discovery,
// which fetches the card; their data lives here so that the catalogue is the
// same whichever packages a program links (the editor links no discovery).
// Their examples are HTTP transcripts: one or more exchanges, each a
// "GET url" line, a status line, headers, a blank line and the body.
// "{card}" stands for a valid card.
//
// Their codes are core/diag's (diag.Elsewhere), so that the package
// that checks them need not import this one.
const (
	CodeHTTPStatus          = diag.CodeHTTPStatus
	CodeHTTPContentType     = diag.CodeHTTPContentType
	CodeHTTPCacheMaxAge     = diag.CodeHTTPCacheMaxAge
	CodeHTTPETag            = diag.CodeHTTPETag
	CodeHTTPLastModified    = diag.CodeHTTPLastModified
	CodeHTTPRedirects       = diag.CodeHTTPRedirects
	CodeHTTPInsecure        = diag.CodeHTTPInsecure
	CodeHTTPCORS            = diag.CodeHTTPCORS
	CodeHTTPLegacyPath      = diag.CodeHTTPLegacyPath
	CodeHTTPTooLarge        = diag.CodeHTTPTooLarge
	CodeHTTPNotJSON         = diag.CodeHTTPNotJSON
	CodeHTTPVariesByVersion = diag.CodeHTTPVariesByVersion
	CodeHTTPUnreachable     = diag.CodeHTTPUnreachable
)

// httpOKHeaders are the headers of a well-served card: the media type the
// course recommends (lesson 9: application/json), caching headers and
// CORS. Each example card has its own ETag: two different cards never
// share one (RFC 9110 §8.8.3).
const httpOKHeaders = "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: public, max-age=300\nETag: \"card-1.0-5c1f\"\nLast-Modified: Tue, 05 May 2026 10:00:00 GMT\nAccess-Control-Allow-Origin: *\n"

// httpOKHeaders03 are the same headers for the 0.3 card a version-varying
// server sends header-less clients: another body, so another ETag.
const httpOKHeaders03 = "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: public, max-age=300\nETag: \"card-0.3-9e02\"\nLast-Modified: Tue, 05 May 2026 10:00:00 GMT\nAccess-Control-Allow-Origin: *\n"

func httpRules() []*Rule {
	const card = "GET https://agent.example.com/.well-known/agent-card.json\n"
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: CodeHTTPStatus, Topic: "http", External: true, Title: "The card URL does not answer 200 OK",
			Explanation: "§14.3 requires the resource at the well-known URI to return an AgentCard object, and §8.1 requires servers to make their card available. Any status that is not a success (a 404, a 403 from a firewall rule, a 500) gives no card. a2a-go's resolver accepts only status 200, so a 203 or 206 fails there too, while a2a-python's accepts any 2xx (read from its source).",
			HowToFix:    "Serve the card at its well-known URL with status 200 to anonymous GET requests. Check that authentication middleware, bot protection and rewrite rules leave the path alone.",
			Basis:       Basis{Kind: BasisMust, Note: "§14.3: the resource at the well-known URI MUST return an AgentCard; a2a-go's resolver accepts only status 200."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "1.0", Section: "8.1", Title: "Purpose", URL: "https://a2a-protocol.org/v1.0.0/specification/#81-purpose"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/agentcard/resolver.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/agentcard/resolver.go"},
			},
			Bad:  card + "HTTP/1.1 403 Forbidden\nContent-Type: application/json\n\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPContentType, Topic: "http", External: true, Title: "The card is not served with a JSON content type",
			Explanation: "No A2A version prescribes a media type for the card itself: application/a2a+json belongs to the HTTP+JSON binding's messages (§14.1.1), the official Go SDK serves cards as application/json, and the SDKs' card resolvers do not look at the header. A JSON type is still the honest label: with text/plain, application/octet-stream or none at all, browsers and generic HTTP tools may treat the body as something else.",
			HowToFix:    "Send Content-Type: application/json for the card's path (static hosts usually decide by file extension, so keep the .json name).",
			Basis:       Basis{Kind: BasisAdvice, Note: "No content type is required for the card: §14.1.1 ties application/a2a+json to the HTTP+JSON binding, a2a-go serves cards as application/json and neither SDK resolver looks at the header."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.1.1", Title: "application/a2a+json", URL: "https://a2a-protocol.org/v1.0.0/specification/#1411-applicationa2ajson"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2asrv/agentcard.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2asrv/agentcard.go"},
			},
			Bad:  card + "HTTP/1.1 200 OK\nContent-Type: text/plain\nCache-Control: max-age=300\nETag: \"v1\"\n\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPCacheMaxAge, Topic: "http", External: true, Title: "No Cache-Control max-age on the card",
			Explanation: "Servers SHOULD say how long a card may be cached (§8.6.1). Without max-age the lifetime is each cache's own guess under RFC 9111, so some refetch the card before every task and others keep a stale copy for as long as they like; both hurt once the card changes.",
			HowToFix:    "Send Cache-Control: public, max-age=300 (or another lifetime that matches how often the card changes).",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.6.1", Title: "Server Requirements", URL: "https://a2a-protocol.org/v1.0.0/specification/#861-server-requirements"},
			},
			Bad:  card + "HTTP/1.1 200 OK\nContent-Type: application/json\nETag: \"v1\"\n\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPETag, Topic: "http", External: true, Title: "No ETag on the card",
			Explanation: "An ETag lets a cache revalidate the card with If-None-Match and get a cheap 304 when nothing changed (RFC 9110 §8.8.3). Servers SHOULD send one, derived from the card's version or a hash of its content (§8.6.1).",
			HowToFix:    "Send an ETag header, e.g. the hash of the card's bytes, and answer If-None-Match with 304 Not Modified.",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.6.1", Title: "Server Requirements", URL: "https://a2a-protocol.org/v1.0.0/specification/#861-server-requirements"},
			},
			Bad:  card + "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: max-age=300\n\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPLastModified, Topic: "http", External: true, Title: "No Last-Modified on the card",
			Explanation: "Last-Modified is optional (servers MAY send it), but it gives clients a second way to revalidate and tells people when the card last changed.",
			HowToFix:    "Send Last-Modified with the time the card last changed.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.6.1", Title: "Server Requirements", URL: "https://a2a-protocol.org/v1.0.0/specification/#861-server-requirements"},
			},
			Bad:  card + "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: max-age=300\nETag: \"v1\"\n\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPRedirects, Topic: "http", External: true, Title: "The card is reached through redirects",
			Explanation: "Each redirect costs a round trip, and a redirect to another host moves trust: the card then speaks for that host. Resolvers also differ: a2a-go's follows redirects, while a2a-python's fetches with httpx, which follows none unless told to, and fails on the 3xx answer (read from its source), so a card behind a redirect may not be found there.",
			HowToFix:    "Serve the card directly at the URL that is asked for, or at least keep the chain to one hop on the same host.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-python's resolver (A2ACardResolver.get_agent_card: httpx without follow_redirects, then raise_for_status) fails on a redirect, read from its source; a2a-go's resolver follows redirects."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.2", Title: "Discovery Mechanisms", URL: "https://a2a-protocol.org/v1.0.0/specification/#82-discovery-mechanisms"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/card_resolver.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/card_resolver.py"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/agentcard/resolver.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/agentcard/resolver.go"},
			},
			Bad:  card + "HTTP/1.1 301 Moved Permanently\nLocation: https://www.agent.example.com/.well-known/agent-card.json\n\n\nGET https://www.agent.example.com/.well-known/agent-card.json\n" + httpOKHeaders + "\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPInsecure, Topic: "http", External: true, Title: "The card is served over plain http",
			Explanation: "A card fetched over http can be changed by anyone on the network path, who could point callers at their own endpoints. The specification says the card should be served over HTTPS (a SHOULD, §14.3), while the agent's own endpoints must use TLS in production (§7.1); plain http is only reasonable for an agent on your own machine.",
			HowToFix:    "Serve the card over https and redirect http to https.",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "1.0", Section: "8.2", Title: "Discovery Mechanisms", URL: "https://a2a-protocol.org/v1.0.0/specification/#82-discovery-mechanisms"},
				{Doc: "A2A", Version: "1.0", Section: "7.1", Title: "Protocol Security", URL: "https://a2a-protocol.org/v1.0.0/specification/#71-protocol-security"},
			},
			Bad:  "GET http://agent.example.com/.well-known/agent-card.json\n" + httpOKHeaders + "\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPCORS, Topic: "http", External: true, Title: "Browsers on other sites cannot read the card",
			Explanation: "Without an Access-Control-Allow-Origin header, scripts running in a browser on another origin (inspectors, playgrounds, web agents) cannot read the card (Fetch Standard, CORS protocol). Programs outside a browser are not affected.",
			HowToFix:    "Send Access-Control-Allow-Origin: * for the public card; it carries no secrets. A script that adds the A2A-Version header makes the browser ask first with an OPTIONS preflight (Fetch Standard): answer it with 204, the same Access-Control-Allow-Origin and Access-Control-Allow-Headers: A2A-Version.",
			Basis:       Basis{Kind: BasisAdvice, Note: "Browsers let pages read a card from another origin only with CORS headers; the specification does not ask for them, and a2a-go's card handler (a2asrv) sends them by default."},
			Refs: []diag.Ref{
				{Doc: "Fetch Standard", Version: "", Section: "CORS protocol", Title: "", URL: "https://fetch.spec.whatwg.org/#http-cors-protocol"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2asrv/agentcard.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2asrv/agentcard.go"},
			},
			Bad:  card + "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: max-age=300\nETag: \"card-1.0-5c1f\"\n\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPLegacyPath, Topic: "http", External: true, Title: "The card is only at the legacy path /.well-known/agent.json",
			Explanation: "§8.2 names /.well-known/agent-card.json as the well-known URI, and 0.3 already did (0.3 §5.3). /.well-known/agent.json was the well-known path up to version 0.2.x; a client that follows the current specification does not find this agent.",
			HowToFix:    "Serve the card at /.well-known/agent-card.json. Keep the old path as well (or redirect it) for older tools.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.2", Title: "Discovery Mechanisms", URL: "https://a2a-protocol.org/v1.0.0/specification/#82-discovery-mechanisms"},
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.3", Title: "Recommended Location", URL: "https://a2a-protocol.org/v0.3.0/specification/#53-recommended-location"},
				{Doc: "A2A", Version: "0.2.6", Section: "5.3", Title: "Recommended Location", URL: "https://a2a-protocol.org/v0.2.6/specification/#53-recommended-location"},
			},
			Bad:  card + "HTTP/1.1 404 Not Found\nContent-Type: text/plain\n\nnot found\nGET https://agent.example.com/.well-known/agent.json\n" + httpOKHeaders + "\n{card}",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPUnreachable, Topic: "http", External: true,
			Title:       "The card URL does not answer",
			Explanation: "No answer came from the card's URL: the host name does not resolve, nothing accepts connections on the port, the TLS handshake failed or the request timed out. Without an answer there is no card to discover (§8.1, §8.2). agentcard lint reports this as a finding of that input when it checks a list of cards (--from), so that one dead agent does not stop the others; a single unreachable INPUT is an unreadable input (exit 2).",
			HowToFix:    "Check the host name, that the server is running and reachable from the internet, and its certificate; then check the card again.",
			Basis:       Basis{Kind: BasisMust, Note: "§8.1 has servers make their card available at the well-known URI (§8.2); a URL that gives no answer offers none."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.1", Title: "Purpose", URL: "https://a2a-protocol.org/v1.0.0/specification/#81-purpose"},
				{Doc: "A2A", Version: "1.0", Section: "8.2", Title: "Discovery Mechanisms", URL: "https://a2a-protocol.org/v1.0.0/specification/#82-discovery-mechanisms"},
			},
			Bad:  card + "(no answer: the host name does not resolve)",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPTooLarge, Topic: "http", External: true, Title: "The answer is larger than the checker reads",
			Explanation: "This is a limit of this checker, not of the specification, which sets no size for a card. A card is a small JSON document, usually a few kilobytes; we stop reading after 512 KiB, and an answer that large is almost always something else (a page, a log, a file download).",
			HowToFix:    "Check that the URL serves the card itself. If the card really is that large, move long texts out of it (descriptions belong in documentation) and split huge skill lists across agents.",
			Basis:       Basis{Kind: BasisToolLimit, Note: "No A2A text limits the size of a served card; this tool reads at most 512 KiB of a response."},
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{huge}",
			Good:        card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPNotJSON, Topic: "http", External: true, Title: "The answer is not JSON",
			Explanation: "The URL answered with an HTML page or other text instead of a JSON card. Single-page apps, login walls and custom error pages often answer every path with 200 and HTML, so the status alone does not show it.",
			HowToFix:    "Serve the card file itself at the URL, with a JSON content type. Exclude /.well-known/ from the app's catch-all route.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "RFC 8259", Version: "", Section: "", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc8259"},
			},
			Bad:  card + "HTTP/1.1 200 OK\nContent-Type: text/html\n\n<!doctype html><title>Welcome</title>",
			Good: card + httpOKHeaders + "\n{card}"}},
		&Rule{Rule: diag.Rule{Code: CodeHTTPVariesByVersion, Topic: "http", External: true, Title: "Clients without the A2A-Version header get a different card",
			Explanation: "A server MUST treat a request without the A2A-Version header as 0.3 (§3.6.2), and some servers answer such requests with a 0.3 card and 1.0 requests with a 1.0 card. No text of the specification says the card at the well-known URI may vary that way, and the SDKs' resolvers differ: a2a-go's sends no A2A-Version, so a 1.0 client built on a2a-go gets the 0.3 card, while a2a-js's sends A2A-Version 1.0.",
			HowToFix:    "Serve one card whatever the A2A-Version header says: a mixed card keeps 0.3 callers working. If both answers stay, make them describe the same agent and the same endpoints.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's resolver sends no A2A-Version header, so a server that varies the card by that header gives a 1.0 client built on a2a-go the 0.3 card; §3.6.2 only says how servers read a missing header."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6.2", Title: "Server Responsibilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#362-server-responsibilities"},
				{Doc: "A2A", Version: "1.0", Section: "3.6.1", Title: "Client Responsibilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#361-client-responsibilities"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/agentcard/resolver.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/agentcard/resolver.go"},
				{Doc: "a2a-js", Version: "v1.3.0", Section: "src/client/card-resolver.ts", Title: "", URL: "https://github.com/a2aproject/a2a-js/blob/v1.3.0/src/client/card-resolver.ts"},
			},
			Bad:  card + "A2A-Version: 1.0\n" + httpOKHeaders + "\n{card}\nGET https://agent.example.com/.well-known/agent-card.json\n" + httpOKHeaders03 + "\n{card-0.3}",
			Good: card + httpOKHeaders + "\n{card}"}},
	}
}
