package discovery

import "fmt"

// Kind says what went wrong when no card could be checked. Each kind maps to
// one HTTP status in the Worker and one error page.
type Kind string

const (
	KindBadInput         Kind = "bad-input"          // the input is not a domain or URL we can read
	KindRefused          Kind = "refused-target"     // the policy forbids fetching it
	KindNotFound         Kind = "not-found"          // 404/410 at the well-known path and the legacy path
	KindRemoteStatus     Kind = "remote-status"      // another non-success status
	KindTimeout          Kind = "timeout"            // no complete answer in time
	KindUnreachable      Kind = "unreachable"        // connection failed (DNS, refused, TLS, reset)
	KindNotJSON          Kind = "not-json"           // the answer is HTML or other non-JSON text
	KindTooLarge         Kind = "too-large"          // the body is over the cap
	KindRedirectLoop     Kind = "redirect-loop"      // a redirect came back to a URL already visited
	KindTooManyRedirects Kind = "too-many-redirects" // more hops than the policy allows
	KindBadRedirect      Kind = "bad-redirect"       // a 3xx without a usable Location
	KindRequestCap       Kind = "request-cap"        // the check needed more requests than one check may make
	KindNotACard         Kind = "not-a-card"         // JSON, but not a document the engine recognises as a card (/api/card)
)

// Error is a failure to check a card, with a message that says what
// happened and a hint that says what to try. Facts holds what was learned
// about the HTTP exchange before the failure (nil when nothing was sent).
type Error struct {
	Kind    Kind
	Message string
	Hint    string
	URL     string
	Facts   *Facts
	// RemoteStatus is the status the target itself answered, when it
	// answered (a 404 is reported as such, even though the Worker's own
	// answer is a 502).
	RemoteStatus int
	// Reason refines KindUnreachable: one of the Reason* codes, or "".
	Reason string
}

// What a KindUnreachable failure was, for tests and JSON.
const (
	ReasonConnRefused = "connection-refused"
	ReasonNoSuchHost  = "no-such-host"
	ReasonTLS         = "tls"
	ReasonConnLost    = "connection-lost"
)

func (e *Error) Error() string { return e.Message }

// HTTPStatus is the status the Worker answers with: 400 for input it cannot
// read, 422 for targets it refuses, 504 for timeouts and 502 for everything
// the remote side got wrong.
func (e *Error) HTTPStatus() int {
	switch e.Kind {
	case KindBadInput:
		return 400
	case KindRefused, KindNotACard:
		return 422
	case KindTimeout:
		return 504
	default:
		return 502
	}
}

func errorf(kind Kind, hint, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...), Hint: hint}
}
