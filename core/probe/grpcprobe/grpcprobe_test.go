package grpcprobe_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/probe/grpcprobe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// grpcAgent is a real A2A gRPC server (internal/a2afixture) on 127.0.0.1.
var grpcAgent = a2afixture.GRPCAgent

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
	refusing, _ := grpcAgent(t, a2asrv.WithCallInterceptors(a2afixture.RefuseVersion{Version: "1.0"}))
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
