package lint

// HTTP-level rules (topic "http") are checked and reported by core/discovery,
// which fetches the card; their data lives here so that the catalogue is the
// same whichever packages a program links (the editor links no discovery).
// Their examples are HTTP transcripts: one or more exchanges, each a
// "GET url" line, a status line, headers, a blank line and the body.
// "{card}" stands for a valid card.
const (
	CodeHTTPStatus          = "http-status-not-ok"
	CodeHTTPContentType     = "http-content-type"
	CodeHTTPCacheMaxAge     = "http-cache-max-age"
	CodeHTTPETag            = "http-etag-missing"
	CodeHTTPLastModified    = "http-last-modified-missing"
	CodeHTTPRedirects       = "http-redirects"
	CodeHTTPInsecure        = "http-insecure-url"
	CodeHTTPCORS            = "http-cors-missing"
	CodeHTTPLegacyPath      = "http-legacy-path"
	CodeHTTPTooLarge        = "http-body-too-large"
	CodeHTTPNotJSON         = "http-not-json"
	CodeHTTPVariesByVersion = "http-varies-by-version"
)

const httpOKHeaders = "HTTP/1.1 200 OK\nContent-Type: application/a2a+json\nCache-Control: public, max-age=300\nETag: \"v1\"\nLast-Modified: Tue, 05 May 2026 10:00:00 GMT\nAccess-Control-Allow-Origin: *\n"

func httpRules() []*Rule {
	const card = "GET https://agent.example.com/.well-known/agent-card.json\n"
	return []*Rule{
		&Rule{Code: CodeHTTPStatus, Severity: Error, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The card URL does not answer 200 OK",
			Explanation: "Clients fetch the card with a plain GET and expect 200 OK with the card as the body. Any other status (a 404, a 403 from a firewall rule, a 500, even a 203 or 206) means a client either finds no card or cannot trust that it got the whole one.",
			HowToFix:    "Serve the card at its well-known URL with status 200 to anonymous GET requests. Check that authentication middleware, bot protection and rewrite rules leave the path alone.",
			Spec:        "§8.2 (discovery)",
			Bad:         card + "HTTP/1.1 403 Forbidden\nContent-Type: application/json\n\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPContentType, Severity: Info, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The card is not served with a JSON content type",
			Explanation: "No A2A version prescribes a media type for the card itself: application/a2a+json belongs to the HTTP+JSON binding's messages (§14.1.1), the official Go SDK serves cards as application/json, and the SDKs' card resolvers do not look at the header. A JSON type is still the honest label: with text/plain, application/octet-stream or none at all, browsers and generic HTTP tools may treat the body as something else.",
			HowToFix:    "Send Content-Type: application/json for the card's path (static hosts usually decide by file extension, so keep the .json name).",
			Spec:        "§8.2",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: text/plain\nCache-Control: max-age=300\nETag: \"v1\"\n\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPCacheMaxAge, Severity: Warning, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "No Cache-Control max-age on the card",
			Explanation: "Servers SHOULD say how long a card may be cached. Without max-age, clients either refetch the card before every task or keep a stale copy for as long as they like; both hurt once the card changes.",
			HowToFix:    "Send Cache-Control: public, max-age=300 (or another lifetime that matches how often the card changes).",
			Spec:        "§8.6 (caching)",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: application/json\nETag: \"v1\"\n\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPETag, Severity: Warning, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "No ETag on the card",
			Explanation: "An ETag lets clients revalidate a cached card with If-None-Match and get a cheap 304 when nothing changed. Servers SHOULD send one, derived from the card's version or a hash of its content.",
			HowToFix:    "Send an ETag header, e.g. the hash of the card's bytes, and answer If-None-Match with 304 Not Modified.",
			Spec:        "§8.6 (caching)",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: max-age=300\n\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPLastModified, Severity: Info, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "No Last-Modified on the card",
			Explanation: "Last-Modified is optional (servers MAY send it), but it gives clients a second way to revalidate and tells people when the card last changed.",
			HowToFix:    "Send Last-Modified with the time the card last changed.",
			Spec:        "§8.6 (caching)",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: application/json\nCache-Control: max-age=300\nETag: \"v1\"\n\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPRedirects, Severity: Warning, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The card is reached through redirects",
			Explanation: "Not every client follows redirects: the Python SDK's card resolver treats any answer other than 2xx as a failure, and its HTTP client follows no redirect unless told to, so a card behind a redirect is not found there. Each redirect also costs a round trip, and a redirect to another host moves trust: the card then speaks for that host.",
			HowToFix:    "Serve the card directly at the URL clients ask for, or at least keep the chain to one hop on the same host.",
			Spec:        "§8.2 (discovery)",
			Bad:         card + "HTTP/1.1 301 Moved Permanently\nLocation: https://www.agent.example.com/.well-known/agent-card.json\n\n\nGET https://www.agent.example.com/.well-known/agent-card.json\n" + httpOKHeaders + "\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPInsecure, Severity: Warning, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The card is served over plain http",
			Explanation: "A card fetched over http can be changed by anyone on the network path, who could point clients at their own endpoints. The specification says the card should be served over HTTPS (a SHOULD, §14.3), while the agent's own endpoints must use TLS in production (§7.1); plain http is only reasonable for an agent on your own machine.",
			HowToFix:    "Serve the card over https and redirect http to https.",
			Spec:        "§7 (transport security), §8.2",
			Bad:         "GET http://agent.example.com/.well-known/agent-card.json\n" + httpOKHeaders + "\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPCORS, Severity: Info, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "Browsers on other sites cannot read the card",
			Explanation: "Without an Access-Control-Allow-Origin header, JavaScript clients running in a browser on another origin (inspectors, playgrounds, web agents) cannot read the card. Server-side clients are not affected.",
			HowToFix:    "Send Access-Control-Allow-Origin: * for the public card; it carries no secrets.",
			Spec:        "Fetch standard (CORS); §8.2",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: application/a2a+json\nCache-Control: max-age=300\nETag: \"v1\"\n\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPLegacyPath, Severity: Warning, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The card is only at the legacy path /.well-known/agent.json",
			Explanation: "Current clients look for the card at /.well-known/agent-card.json. /.well-known/agent.json was the specification's own well-known path up to version 0.2.x and was renamed after it; a client that follows the current specification does not find this agent.",
			HowToFix:    "Serve the card at /.well-known/agent-card.json. Keep the old path as well (or redirect it) for older tools.",
			Spec:        "§8.2 (well-known URI)",
			Bad:         card + "HTTP/1.1 404 Not Found\nContent-Type: text/plain\n\nnot found\nGET https://agent.example.com/.well-known/agent.json\n" + httpOKHeaders + "\n{card}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPTooLarge, Severity: Error, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The answer is larger than the checker reads",
			Explanation: "This is a limit of this checker, not of the specification, which sets no size for a card. A card is a small JSON document, usually a few kilobytes; we stop reading after 512 KiB, and an answer that large is almost always something else (a page, a log, a file download).",
			HowToFix:    "Check that the URL serves the card itself. If the card really is that large, move long texts out of it (descriptions belong in documentation) and split huge skill lists across agents.",
			Spec:        "§8.2; the checker's limits",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{huge}",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPNotJSON, Severity: Error, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "The answer is not JSON",
			Explanation: "The URL answered with an HTML page or other text instead of a JSON card. Single-page apps, login walls and custom error pages often answer every path with 200 and HTML, so the status alone does not show it.",
			HowToFix:    "Serve the card file itself at the URL, with a JSON content type. Exclude /.well-known/ from the app's catch-all route.",
			Spec:        "§8.2, RFC 8259",
			Bad:         card + "HTTP/1.1 200 OK\nContent-Type: text/html\n\n<!doctype html><title>Welcome</title>",
			Good:        card + httpOKHeaders + "\n{card}"},
		&Rule{Code: CodeHTTPVariesByVersion, Severity: Info, Topic: "http", External: true, EmittedBy: ByDiscovery,
			Title:       "Clients without the A2A-Version header get a different card",
			Explanation: "A server must treat a request without the A2A-Version header as a 0.3 client, and some servers answer such requests with a 0.3 card and v1.0 clients with a 1.0 card. That is allowed, but both cards must describe the same agent and the same endpoints, so check both.",
			HowToFix:    "Make sure both answers are valid for their version and point at the same endpoints. If you did not mean to vary the card, serve the same bytes to every client.",
			Spec:        "§3.6 (version header), docs/CARD-FORMAT.md §5",
			Bad:         card + "A2A-Version: 1.0\n" + httpOKHeaders + "\n{card}\nGET https://agent.example.com/.well-known/agent-card.json\n" + httpOKHeaders + "\n{card-0.3}",
			Good:        card + httpOKHeaders + "\n{card}"},
	}
}
