package discovery

import (
	"github.com/agentcard/agentcard/core/i18n"
)

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
//
// Text and HintText are the message and the hint as data (catalogue ids
// with arguments, core/i18n), so that every program can say them in its
// reader's language; Message and Hint are their English renderings, kept
// for callers that only speak English. Localize re-renders both.
type Error struct {
	Kind     Kind
	Message  string
	Hint     string
	Text     i18n.Text
	HintText i18n.Text
	URL      string
	Facts    *Facts
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
	ReasonHTTPAnswer  = "http-answer" // the server speaks http on that port, not https
	ReasonConnLost    = "connection-lost"
	ReasonConnFailed  = "connection-failed" // refused or lost: the runtime cannot tell (ErrConnFailed)
)

func (e *Error) Error() string { return e.Message }

// Localizable is the failure as data, for packages that word errors of
// their own and accept any error that carries a message id (core/signature
// reading a key set through KeySetFetcher).
func (e *Error) Localizable() i18n.Text { return e.Text }

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

// Localize renders the message and the hint in cat's language. A program
// calls it once, at its edge, before showing the error.
func (e *Error) Localize(cat *i18n.Catalogue) {
	if e == nil || cat == nil {
		return
	}
	if !e.Text.IsZero() {
		e.Message = cat.Render(e.Text)
	}
	if !e.HintText.IsZero() {
		e.Hint = cat.Render(e.HintText)
	}
}

// fail builds an Error from its message and hint as data, with their
// English renderings filled in. hint may be zero (no hint).
func fail(kind Kind, url string, msg, hint i18n.Text) *Error {
	e := &Error{Kind: kind, URL: url, Text: msg, HintText: hint}
	e.setText(msg)
	if !hint.IsZero() {
		e.Hint = i18n.EnglishCatalogue().Render(hint)
	}
	return e
}

// setText replaces the message (data and English) of e.
func (e *Error) setText(msg i18n.Text) {
	e.Text = msg
	e.Message = i18n.EnglishCatalogue().Render(msg)
}

// hint is a hint without arguments.
func hint(id string) i18n.Text { return i18n.T(id) }
