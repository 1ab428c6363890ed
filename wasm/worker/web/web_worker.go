//go:build worker

package web

import (
	"context"
	"io"
	"net/url"

	"github.com/agentcard/agentcard/core/discovery"
)

// Header is the engine's header map (net/http's shape, see
// core/discovery's Header).
type Header = discovery.Header

// Request is an incoming request as the bridge builds it from the
// runtime's Request: the fields of http.Request the handler reads.
type Request struct {
	Method string
	// URL is absolute (the runtime hands over the whole URL).
	URL        *url.URL
	Proto      string
	ProtoMajor int
	ProtoMinor int
	Header     Header
	Body       io.ReadCloser
	// ContentLength is the body's length, -1 when unknown.
	ContentLength int64
	Host          string
	// RemoteAddr is the client's address (CF-Connecting-IP).
	RemoteAddr string
	RequestURI string
	// TLS is always nil: the handler reads the scheme from URL.
	TLS *struct{}
	ctx context.Context
}

// Context is the request's context (context.Background when none).
func (r *Request) Context() context.Context {
	if r.ctx != nil {
		return r.ctx
	}
	return context.Background()
}

// WithContext is a shallow copy of r with ctx, as http.Request's.
func (r *Request) WithContext(ctx context.Context) *Request {
	if ctx == nil {
		panic("nil context")
	}
	c := *r
	c.ctx = ctx
	return &c
}

// ResponseWriter is what a handler answers through.
type ResponseWriter interface {
	Header() Header
	Write([]byte) (int, error)
	WriteHeader(statusCode int)
}

// Handler answers a request.
type Handler interface {
	ServeHTTP(ResponseWriter, *Request)
}

// HandlerFunc is a function as a Handler.
type HandlerFunc func(ResponseWriter, *Request)

func (f HandlerFunc) ServeHTTP(w ResponseWriter, r *Request) { f(w, r) }

// NoBody is an empty request body.
var NoBody io.ReadCloser = noBody{}

type noBody struct{}

func (noBody) Read([]byte) (int, error) { return 0, io.EOF }
func (noBody) Close() error             { return nil }
