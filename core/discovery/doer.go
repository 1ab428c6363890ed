package discovery

import (
	"bytes"
	"context"
	"errors"
	"time"
)

// Request is one outgoing request: a GET, or, for the JSON-RPC calls of
// core/probe and core/extended, a POST with a small body. Discovery itself
// never sends cookies or credentials; credentials a person supplies for a
// protected card (core/extended, the CLI's --header) are added only by the
// code that decides where they may go: the card's own origin and the
// endpoints it declares.
type Request struct {
	URL     string
	Header  Header
	MaxBody int64 // read at most this many bytes; more sets Response.Truncated
	// Method is "GET" when empty. Body is sent only with "POST".
	Method string
	Body   []byte
	// FirstEvent stops reading an answer labelled text/event-stream once
	// its first event is complete (FirstEventEnd), closing the stream:
	// the claims check needs one event, and a server may keep a stream
	// open for as long as it likes. MaxBody and the deadline still bound
	// it. A Doer that cannot stop early reads as usual.
	FirstEvent bool
	// Stream, when set, is handed every piece of a text/event-stream
	// answer as it is read (res holds the status and header, no body), so
	// that a conversation shows events as they come and stops reading
	// when it returns false. MaxBody and the deadline still bound it; when
	// the deadline passes mid-stream the Doer returns what it read with
	// the error. A Doer that cannot stream reads as usual and calls it
	// once with the whole body.
	Stream func(res *Response, chunk []byte) bool
}

// Response is what one hop answered. Redirects are not followed by a Doer:
// a 3xx comes back as is, with its Location header, so that discovery can
// check every hop against the policy.
type Response struct {
	Status     int
	StatusText string
	Header     Header
	Body       []byte // at most MaxBody bytes
	Truncated  bool   // the body was longer than MaxBody and was cut
}

// Doer performs one HTTP request (a GET, or the POST Request.Method asks
// for) without following redirects. Natively it is
// backed by net/http (NewHTTPDoer); in the Worker by the runtime's fetch.
// Implementations must honour ctx cancellation and return an error wrapping
// ErrTimeout when the deadline passes.
type Doer interface {
	Do(ctx context.Context, req *Request) (*Response, error)
}

// ErrTimeout is wrapped by Doer errors caused by the deadline.
var ErrTimeout = errors.New("timed out")

// Errors a Doer wraps so that discovery can say what happened in its own
// words, the same natively and in the Worker, without passing on the
// runtime's text (workerd's "internal error; reference = …").
var (
	ErrConnRefused = errors.New("connection refused") // nothing listens on the port
	ErrNoSuchHost  = errors.New("no such host")       // the name does not resolve
	ErrTLS         = errors.New("TLS failure")        // handshake or certificate
	// ErrPlainHTTP: an https request was answered in plain HTTP (a
	// development server on host:port): no certificate is involved.
	ErrPlainHTTP = errors.New("plain HTTP answer to an https request")
	ErrConnLost  = errors.New("connection lost") // reset or closed mid-answer
	// ErrConnFailed: no answer, and the runtime cannot say whether the
	// connection was refused or lost (workerd's fetch says "Network
	// connection lost." for both). The Worker reports it as such rather
	// than asking the port itself: a bare connection to tell the two apart
	// told strangers which ports are open (issue 16, B9).
	ErrConnFailed = errors.New("connection failed")
)

// DoerFunc adapts a function to the Doer interface.
type DoerFunc func(ctx context.Context, req *Request) (*Response, error)

// Do calls f.
func (f DoerFunc) Do(ctx context.Context, req *Request) (*Response, error) { return f(ctx, req) }

// Defaults of the fetch policy (docs/ARCHITECTURE.md, Security model).
const (
	DefaultMaxBody      = 512 << 10
	DefaultMaxRedirects = 5
	DefaultTimeout      = 5 * time.Second
	UserAgent           = "agentcard-checker/1.0 (+https://github.com/agentcard/agentcard)"
)

// FirstEventEnd is the length of the first complete event of a
// text/event-stream body (up to and including the blank line that ends
// it), or -1 while none is complete. Comment-only blocks (": keep-alive")
// do not count as events.
func FirstEventEnd(b []byte) int {
	off := 0
	for off < len(b) {
		end, sep := -1, 0
		for i := off; i < len(b); i++ {
			if b[i] != '\n' {
				continue
			}
			if i+1 < len(b) && b[i+1] == '\n' {
				end, sep = i, 2
				break
			}
			if i+2 < len(b) && b[i+1] == '\r' && b[i+2] == '\n' {
				end, sep = i, 3
				break
			}
		}
		if end < 0 {
			return -1
		}
		block := b[off:end]
		for line := range bytes.SplitSeq(block, []byte("\n")) {
			line = bytes.TrimRight(line, "\r")
			if len(line) > 0 && line[0] != ':' {
				return end + sep
			}
		}
		off = end + sep
	}
	return -1
}
