package probe_test

import (
	"context"
	"encoding/json"
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
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// countingListener counts the connections a fixture accepted, so that a
// test can show that a refused probe sent nothing.
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

// fixture is a loopback server started by a test, with the number of
// connections it accepted.
type fixture struct {
	srv   *httptest.Server
	conns *atomic.Int64
}

func (f *fixture) URL(path string) string { return f.srv.URL + path }

// serve starts h on 127.0.0.1 (httptest never listens elsewhere) and closes
// it when the test ends.
func serve(t *testing.T, h http.Handler) *fixture {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	f := &fixture{srv: srv, conns: &atomic.Int64{}}
	srv.Listener = countingListener{Listener: srv.Listener, n: f.conns}
	srv.Start()
	t.Cleanup(srv.Close)
	return f
}

// idleExecutor is an agent that is never asked to work: the probes only
// read tasks, which the SDK's handler answers from its task store.
type idleExecutor struct{}

func (idleExecutor) Execute(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		yield(a2a.NewMessage(a2a.MessageRoleAgent, a2a.NewTextPart("idle")), nil)
	}
}

func (idleExecutor) Cancel(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(func(a2a.Event, error) bool) {}
}

// refuseVersion is a CallInterceptor that refuses one A2A-Version the way
// a server that does not implement it answers (a2a.ErrVersionNotSupported,
// which each SDK transport encodes in its binding's own error shape).
type refuseVersion struct {
	a2asrv.PassthroughCallInterceptor
	version string
}

func (r refuseVersion) Before(ctx context.Context, cc *a2asrv.CallContext, _ *a2asrv.Request) (context.Context, any, error) {
	if v, ok := cc.ServiceParams().Get(a2a.SvcParamVersion); ok && len(v) > 0 && v[0] == r.version {
		return ctx, nil, a2a.ErrVersionNotSupported
	}
	return ctx, nil, nil
}

// sdkAgent is a real A2A server built with a2a-go's server package: its
// JSON-RPC handler at /jsonrpc and its HTTP+JSON handler under /rest.
func sdkAgent(t *testing.T, opts ...a2asrv.RequestHandlerOption) *fixture {
	t.Helper()
	h := a2asrv.NewHandler(idleExecutor{}, opts...)
	mux := http.NewServeMux()
	mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))
	mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(h)))
	return serve(t, mux)
}

// html404 is a web server that knows no agent: every path is an HTML 404.
func html404(t *testing.T) *fixture {
	return serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, "<!doctype html><title>404</title><h1>Page not found</h1>")
	}))
}

// bearerOnly wants a Bearer token before it looks at anything.
func bearerOnly(t *testing.T) *fixture {
	return serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="agent", error="invalid_token"`)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":{"code":401,"status":"UNAUTHENTICATED","message":"unauthenticated"}}`)
	}))
}

// silent accepts connections and never answers; it lets go of its
// requests when the test ends.
func silent(t *testing.T) *fixture {
	done := make(chan struct{})
	var once sync.Once
	f := serve(t, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { once.Do(func() { close(done) }) })
	// Close runs after the channel is closed (cleanups run last-in first-out).
	return f
}

// legacyJSONRPC is a 0.3 JSON-RPC server as 0.3 defined it: it knows
// tasks/get and answers -32001 for an unknown task; it records the
// methods and versions it was asked.
func legacyJSONRPC(t *testing.T, seen *[]string) *fixture {
	var mu sync.Mutex
	return serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		_ = json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&req)
		mu.Lock()
		*seen = append(*seen, r.Method+" "+req.Method+" "+r.Header.Get("A2A-Version"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		code, msg := -32601, "Method not found"
		if req.Method == "tasks/get" {
			code, msg = -32001, "Task not found"
		}
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": code, "message": msg}})
	}))
}

// cardWith builds a 1.0 card whose supportedInterfaces are the given
// (url, binding, version) triples.
func cardWith(entries ...[3]string) string {
	var b strings.Builder
	b.WriteString(`{"name":"Probe fixture","description":"d","version":"1.0.0","supportedInterfaces":[`)
	for i, e := range entries {
		if i > 0 {
			b.WriteString(",\n")
		}
		j, _ := json.Marshal(map[string]string{"url": e[0], "protocolBinding": e[1], "protocolVersion": e[2]})
		b.Write(j)
	}
	b.WriteString(`],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}`)
	return b.String()
}
