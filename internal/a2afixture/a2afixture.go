// Package a2afixture starts the loopback agents the live-check tests talk
// to: real A2A servers built with the official a2a-go SDK's server package
// (a2asrv), and the ways real endpoints misbehave (an HTML 404 page, a
// demand for a Bearer token, silence). Every server listens on 127.0.0.1
// only, counts the connections it accepts (a refused probe must cost
// none) and records the requests it receives. Tests import it; the
// programs never do.
package a2afixture

import (
	"context"
	"io"
	"iter"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	a2agrpc "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"github.com/a2aproject/a2a-go/v2/a2asrv/push"
	"google.golang.org/grpc"
)

// Request is what a fixture saw of one request.
type Request struct {
	Method, Path string
	Header       http.Header
}

// Server is a loopback server started by a test.
type Server struct {
	srv   *httptest.Server
	conns atomic.Int64
	mu    sync.Mutex
	reqs  []Request
}

// URL is the server's address followed by path.
func (s *Server) URL(path string) string { return s.srv.URL + path }

// Conns is the number of connections the server accepted.
func (s *Server) Conns() int64 { return s.conns.Load() }

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

type countingListener struct {
	net.Listener
	n *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.n.Add(1)
	}
	return c, err
}

// Start serves the handler h builds (h may name the server's own URL) on
// 127.0.0.1 and closes the server when the test ends.
func Start(t testing.TB, h func(s *Server) http.Handler) *Server {
	t.Helper()
	s := &Server{}
	var inner http.Handler
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.reqs = append(s.reqs, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone()})
		s.mu.Unlock()
		inner.ServeHTTP(w, r)
	}))
	s.srv.Listener = countingListener{Listener: s.srv.Listener, n: &s.conns}
	s.srv.Start()
	inner = h(s)
	t.Cleanup(s.srv.Close)
	return s
}

// Serve serves h on 127.0.0.1 until the test ends.
func Serve(t testing.TB, h http.Handler) *Server {
	t.Helper()
	return Start(t, func(*Server) http.Handler { return h })
}

// IdleExecutor is an agent that is never asked to work: the live checks
// only read tasks and cards, which the SDK's handler answers itself.
type IdleExecutor struct{}

// Execute answers one message and ends.
func (IdleExecutor) Execute(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		yield(a2a.NewMessage(a2a.MessageRoleAgent, a2a.NewTextPart("idle")), nil)
	}
}

// Cancel has nothing to cancel.
func (IdleExecutor) Cancel(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(func(a2a.Event, error) bool) {}
}

// RefuseVersion is a call interceptor that refuses one A2A-Version the way
// a server that does not implement it answers (a2a.ErrVersionNotSupported,
// which each SDK transport encodes in its binding's own error shape).
type RefuseVersion struct {
	a2asrv.PassthroughCallInterceptor
	Version string
}

// Before refuses the call when it asks for the refused version.
func (r RefuseVersion) Before(ctx context.Context, cc *a2asrv.CallContext, _ *a2asrv.Request) (context.Context, any, error) {
	if v, ok := cc.ServiceParams().Get(a2a.SvcParamVersion); ok && len(v) > 0 && v[0] == r.Version {
		return ctx, nil, a2a.ErrVersionNotSupported
	}
	return ctx, nil, nil
}

// AgentHandler is a real A2A server built with a2a-go's server package: its
// JSON-RPC handler at /jsonrpc and its HTTP+JSON handler under /rest.
func AgentHandler(opts ...a2asrv.RequestHandlerOption) http.Handler {
	h := a2asrv.NewHandler(IdleExecutor{}, opts...)
	mux := http.NewServeMux()
	mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))
	mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(h)))
	return mux
}

// Agent serves AgentHandler on 127.0.0.1.
func Agent(t testing.TB, opts ...a2asrv.RequestHandlerOption) *Server {
	t.Helper()
	return Serve(t, AgentHandler(opts...))
}

// HTML404 is a web server that knows no agent: every path is an HTML 404.
func HTML404(t testing.TB) *Server {
	t.Helper()
	return Serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, "<!doctype html><title>404</title><h1>Page not found</h1>")
	}))
}

// BearerOnly wants a Bearer token before it looks at anything.
func BearerOnly(t testing.TB) *Server {
	t.Helper()
	return Serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="agent", error="invalid_token"`)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":{"code":401,"status":"UNAUTHENTICATED","message":"unauthenticated"}}`)
	}))
}

// Silent accepts connections and never answers; it lets go of its
// requests when the test ends.
func Silent(t testing.TB) *Server {
	t.Helper()
	done := make(chan struct{})
	var once sync.Once
	s := Serve(t, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	// registered after Serve's Close, so it runs first (cleanups run last
	// in, first out) and Close does not wait for the held requests
	t.Cleanup(func() { once.Do(func() { close(done) }) })
	return s
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return s.srv.Listener.Addr().String() }

// GRPCAgent is a real A2A gRPC server (a2a-go's a2agrpc handler) on
// 127.0.0.1 without TLS, until the test ends. It returns its host:port and
// the number of connections it accepted.
func GRPCAgent(t testing.TB, opts ...a2asrv.RequestHandlerOption) (string, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n := &atomic.Int64{}
	srv := grpc.NewServer()
	a2agrpc.NewHandler(a2asrv.NewHandler(IdleExecutor{}, opts...)).RegisterWith(srv)
	go srv.Serve(countingListener{Listener: ln, n: n})
	t.Cleanup(srv.Stop)
	return ln.Addr().String(), n
}

// Capabilities are the a2asrv options of an agent that offers exactly
// caps: WithCapabilityChecks(caps), and push notifications (an in-memory
// store and an HTTP sender that never sends, since no task runs) when
// caps says so. An agent whose card claims more than caps is the case the
// claims check must catch.
func Capabilities(caps a2a.AgentCapabilities) []a2asrv.RequestHandlerOption {
	opts := []a2asrv.RequestHandlerOption{a2asrv.WithCapabilityChecks(&caps)}
	if caps.PushNotifications {
		opts = append(opts, a2asrv.WithPushNotifications(push.NewInMemoryStore(), push.NewHTTPPushSender(nil)))
	}
	return opts
}

// EchoExecutor is an agent that answers every message with its text: a
// task that is submitted, works, yields an artifact "echo" holding
// "echo: TEXT" and completes with the same text as its status message.
// The text "wait" leaves the task waiting for input (for CancelTask:
// a2asrv's SendMessage returns at an interrupted state), and a text
// starting with "message:" is answered with a plain message, no task.
type EchoExecutor struct{}

func textOf(m *a2a.Message) string {
	if m == nil {
		return ""
	}
	var s string
	for _, p := range m.Parts {
		s += p.Text()
	}
	return s
}

// Execute echoes the message.
func (EchoExecutor) Execute(_ context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		text := textOf(ec.Message)
		if strings.HasPrefix(text, "message:") {
			yield(a2a.NewMessageForTask(a2a.MessageRoleAgent, ec, a2a.NewTextPart("echo: "+text)), nil)
			return
		}
		if ec.StoredTask == nil && !yield(a2a.NewSubmittedTask(ec, ec.Message), nil) {
			return
		}
		if !yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateWorking, nil), nil) {
			return
		}
		if text == "wait" {
			yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateInputRequired, a2a.NewMessageForTask(a2a.MessageRoleAgent, ec, a2a.NewTextPart("waiting"))), nil)
			return
		}
		art := a2a.NewArtifactEvent(ec, a2a.NewTextPart("echo: "+text))
		art.Artifact.Name = "echo"
		if !yield(art, nil) {
			return
		}
		yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateCompleted, a2a.NewMessageForTask(a2a.MessageRoleAgent, ec, a2a.NewTextPart("echo: "+text))), nil)
	}
}

// Cancel cancels the task.
func (EchoExecutor) Cancel(_ context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateCanceled, nil), nil)
	}
}

// EchoHandler is AgentHandler with the EchoExecutor: a real a2asrv agent
// that talks, its JSON-RPC handler at /jsonrpc and HTTP+JSON under /rest.
func EchoHandler(opts ...a2asrv.RequestHandlerOption) http.Handler {
	h := a2asrv.NewHandler(EchoExecutor{}, opts...)
	mux := http.NewServeMux()
	mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))
	mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(h)))
	return mux
}
