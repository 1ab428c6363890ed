package grpcprobe_test

import (
	"context"
	"io"
	"iter"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	a2agrpc "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"google.golang.org/grpc"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/probe/grpcprobe"
)

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

type idleExecutor struct{}

func (idleExecutor) Execute(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(func(a2a.Event, error) bool) {}
}

func (idleExecutor) Cancel(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(func(a2a.Event, error) bool) {}
}

// refuseVersion refuses one A2A-Version as a server that does not
// implement it does.
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

// grpcAgent is a real A2A gRPC server (a2a-go's a2agrpc handler) on
// 127.0.0.1, without TLS; it returns its address and accepted-connection
// count.
func grpcAgent(t *testing.T, opts ...a2asrv.RequestHandlerOption) (string, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n := &atomic.Int64{}
	srv := grpc.NewServer()
	a2agrpc.NewHandler(a2asrv.NewHandler(idleExecutor{}, opts...)).RegisterWith(srv)
	go srv.Serve(countingListener{Listener: ln, n: n})
	t.Cleanup(srv.Stop)
	return ln.Addr().String(), n
}

func loopback() discovery.Policy {
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	return p
}

func entry(i int, url string) card.Interface {
	return card.Interface{Index: i, URL: url, Binding: "GRPC", Version: "1.0", Source: "supportedInterfaces"}
}

// TestProbe: through probe.Run with the gRPC prober, a conforming a2a-go
// gRPC server (declared as http://host:port and as bare host:port) speaks
// the declared binding, one that refuses 1.0 is version-refused, a web
// server declared as GRPC is not a gRPC server, TLS to a plain-text server
// fails its handshake and a closed port refuses the connection.
func TestProbe(t *testing.T) {
	ok, _ := grpcAgent(t)
	refusing, _ := grpcAgent(t, a2asrv.WithCallInterceptors(refuseVersion{version: "1.0"}))
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(404)
		io.WriteString(w, "<h1>Not found</h1>")
	}))
	t.Cleanup(web.Close)
	entries := []card.Interface{
		entry(0, "http://"+ok),
		entry(1, ok),
		entry(2, "http://"+refusing),
		entry(3, web.URL),
		entry(4, "https://"+ok),
		entry(5, "http://"+closed(t)),
	}
	p := loopback()
	res := probe.Run(context.Background(), entries, discovery.NewHTTPDoer(p),
		probe.Options{Policy: p, GRPC: grpcprobe.New(), Timeout: 2 * time.Second})
	want := []struct {
		outcome probe.Outcome
		status  int
		detail  string
	}{
		{probe.SpeaksDeclared, 5, "msg.probe.speaks.grpc"},
		{probe.SpeaksDeclared, 5, "msg.probe.speaks.grpc"},
		{probe.VersionRefused, 9, "msg.probe.version-refused.grpc"},
		{probe.WrongBinding, -1, "msg.probe.wrong.not-grpc"},
		{probe.Unreachable, 0, "phrase.net.tls"},
		{probe.Unreachable, 0, "phrase.net.refused"},
	}
	for i, w := range want {
		r := res[i]
		if r.Outcome != w.outcome || (w.status >= 0 && r.Status != w.status) || (w.detail != "" && r.Detail.ID != w.detail) {
			t.Errorf("entry %d (%s): %s %d %s (%s), want %s %d %s", i, r.URL, r.Outcome, r.Status, r.Detail.ID, r.Message, w.outcome, w.status, w.detail)
		}
	}
}

// TestRefusedBeforeConnecting: without loopback in the policy, a gRPC
// entry on loopback is refused by probe.Run's URL check, and Probe itself
// refuses the address when it dials (a name that resolves to loopback):
// the server accepts no connection either way.
func TestRefusedBeforeConnecting(t *testing.T) {
	addr, conns := grpcAgent(t)
	p := discovery.DefaultPolicy()
	res := probe.Run(context.Background(), []card.Interface{entry(0, "http://"+addr)}, discovery.NewHTTPDoer(p),
		probe.Options{Policy: p, GRPC: grpcprobe.New()})
	if res[0].Outcome != probe.RefusedByPolicy {
		t.Errorf("Run: %s %s, want refused-by-policy", res[0].Outcome, res[0].Message)
	}
	// Probe called directly with a URL the policy would pass (as a public
	// name would) still checks the address it dials.
	e := entry(0, "http://"+addr)
	tgt := probe.Target{Entry: e, Policy: p, TaskID: "t", MaxAnswer: probe.MaxAnswer, Timeout: time.Second}
	tgt.URL = mustURL(t, "http://"+addr)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if v := grpcprobe.Probe(ctx, tgt); v.Outcome != probe.RefusedByPolicy || v.Detail.ID != "msg.probe.refused" {
		t.Errorf("Probe: %s %s, want refused-by-policy", v.Outcome, v.Detail.ID)
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the gRPC fixture accepted %d connections", n)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// closed is a loopback address where nothing listens any more.
func closed(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}
