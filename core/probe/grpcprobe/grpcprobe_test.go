package grpcprobe_test

import (
	"context"
	"encoding/json"
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
	for _, via := range probers(t) {
		res := probe.Run(context.Background(), entries, discovery.NewHTTPDoer(p),
			probe.Options{Policy: p, GRPC: via.prober, Timeout: 2 * time.Second})
		checkProbe(t, via.name, res)
	}
}

func checkProbe(t *testing.T, via string, res []probe.Result) {
	t.Helper()
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
			t.Errorf("%s: entry %d (%s): %s %d %s (%s), want %s %d %s", via, i, r.URL, r.Outcome, r.Status, r.Detail.ID, r.Message, w.outcome, w.status, w.detail)
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
	// The companion applies the policy it is sent: a request it gets
	// directly (not through probe.Run) for loopback under the default
	// policy is refused before it dials.
	var out probe.RemoteVerdict
	in := probe.RemoteTarget{URL: "http://" + addr, Binding: "GRPC", Version: "1.0", Policy: p, TaskID: "t", TimeoutMS: 1000}
	if err := overTheWire(context.Background(), in, &out); err != nil {
		t.Fatal(err)
	}
	if out.Outcome != probe.RefusedByPolicy {
		t.Errorf("the companion: %s %+v, want refused-by-policy", out.Outcome, out.Detail)
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the gRPC fixture accepted %d connections", n)
	}
}

// overTheWire is what the companion agentcard-a2a does with a
// "probe-grpc" request (cmd/agentcard-a2a), without the process: the
// target as JSON, probe.ServeRemote with this prober, the verdict as JSON.
// The process and its protocol are tested under cmd/ (the companion's
// package and `agentcard lint --probe`); the engine's half is tested here.
func overTheWire(ctx context.Context, in probe.RemoteTarget, out *probe.RemoteVerdict) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	var got probe.RemoteTarget
	if err := json.Unmarshal(b, &got); err != nil {
		return err
	}
	if b, err = json.Marshal(probe.ServeRemote(ctx, grpcprobe.New(), got)); err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

// probers are the prober in this process and the same as the CLI runs it
// in the companion (probe.Remote), over the wire.
func probers(t *testing.T) []struct {
	name   string
	prober probe.Prober
} {
	return []struct {
		name   string
		prober probe.Prober
	}{{"in process", grpcprobe.New()}, {"over the companion's wire", probe.Remote(overTheWire)}}
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
