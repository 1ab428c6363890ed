// Package wire holds the requests of the course's "Requests on the wire"
// section (lesson 6, cited by lessons 7 and 8): one GetExtendedAgentCard
// call per binding, showing where the tenant, the bearer token and the
// operation travel. The lessons show these very files (```http
// file=wire/jsonrpc.http); this test sends each one, as written, to a
// real A2A server built with a2a-go's server package (a2asrv) and checks
// what that server understood: the operation, the tenant, the token and
// the protocol version, and that it answered with the extended card.
package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	a2agrpc "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/agentcard/agentcard/internal/a2afixture"
)

const (
	tenant = "lyon"
	token  = "Bearer eyJhbGciOiJSUzI1NiJ9.example-access-token"
	host   = "stock.example.com"
)

// seen is what the server's call interceptor saw of one call.
type seen struct {
	Method, Tenant, Authorization, Version string
}

type recorder struct {
	a2asrv.PassthroughCallInterceptor
	mu    sync.Mutex
	calls []seen
}

func (r *recorder) Before(ctx context.Context, cc *a2asrv.CallContext, _ *a2asrv.Request) (context.Context, any, error) {
	first := func(k string) string {
		if v, ok := cc.ServiceParams().Get(k); ok && len(v) > 0 {
			return v[0]
		}
		return ""
	}
	r.mu.Lock()
	r.calls = append(r.calls, seen{cc.Method(), cc.Tenant(), first("authorization"), first(a2a.SvcParamVersion)})
	r.mu.Unlock()
	return ctx, nil, nil
}

func (r *recorder) take() []seen {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

var extended = &a2a.AgentCard{Name: "Stock Checker (extended)", Description: "for signed-in callers", Version: "1.0.0"}

func handler(rec *recorder) a2asrv.RequestHandler {
	return a2asrv.NewHandler(a2afixture.IdleExecutor{}, a2asrv.WithExtendedAgentCard(extended), a2asrv.WithCallInterceptors(rec))
}

// want is the call every example makes.
var want = seen{Method: "GetExtendedAgentCard", Tenant: tenant, Authorization: token, Version: "1.0"}

// sendFile sends an HTTP request written out in file (request line,
// headers, blank line, body) to base, keeping its path and headers.
func sendFile(t *testing.T, file, base string) (*http.Response, []byte) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatalf("%s is not an HTTP request: %v", file, err)
	}
	if req.Host != host {
		t.Errorf("%s: Host %q, want %q (the lesson's card)", file, req.Host, host)
	}
	body, _ := io.ReadAll(req.Body)
	// http.ReadRequest reads a body only as long as Content-Length says;
	// the file gives none, so the rest of the file is the body.
	if _, rest, ok := bytes.Cut(raw, []byte("\n\n")); ok && len(body) == 0 {
		body = bytes.TrimSpace(rest)
	}
	out, err := http.NewRequest(req.Method, base+req.URL.Path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	out.Header = req.Header.Clone()
	res, err := http.DefaultClient.Do(out)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

func check(t *testing.T, rec *recorder, what string) {
	t.Helper()
	calls := rec.take()
	if len(calls) != 1 || calls[0] != want {
		t.Errorf("%s: the server saw %+v, want one call %+v", what, calls, want)
	}
}

func TestJSONRPC(t *testing.T) {
	rec := &recorder{}
	mux := http.NewServeMux()
	mux.Handle("/a2a/jsonrpc", a2asrv.NewJSONRPCHandler(handler(rec)))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	res, body := sendFile(t, "jsonrpc.http", srv.URL)
	var answer struct {
		Result *a2a.AgentCard `json:"result"`
		Error  any            `json:"error"`
	}
	if err := json.Unmarshal(body, &answer); err != nil || res.StatusCode != 200 || answer.Result == nil || answer.Result.Name != extended.Name {
		t.Errorf("JSON-RPC: %d %s (%v)", res.StatusCode, body, err)
	}
	check(t, rec, "JSON-RPC")
}

func TestHTTPJSON(t *testing.T) {
	rec := &recorder{}
	mux := http.NewServeMux()
	// The card's entry is https://stock.example.com/a2a/rest with tenant
	// lyon: the tenant is the first path segment under the entry's URL.
	mux.Handle("/a2a/rest/", http.StripPrefix("/a2a/rest", a2asrv.NewTenantRESTHandler("/{*}", handler(rec))))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	res, body := sendFile(t, "rest.http", srv.URL)
	var got a2a.AgentCard
	if err := json.Unmarshal(body, &got); err != nil || res.StatusCode != 200 || got.Name != extended.Name {
		t.Errorf("HTTP+JSON: %d %s (%v)", res.StatusCode, body, err)
	}
	check(t, rec, "HTTP+JSON")
}

// grpcurl reads the grpcurl command of grpc.sh: its -H headers, its -d
// request and the method it calls.
var (
	grpcHeader = regexp.MustCompile(`-H '([^']*)'`)
	grpcData   = regexp.MustCompile(`-d '([^']*)'`)
	grpcCall   = regexp.MustCompile(`(\S+):443 (\S+)\s*$`)
)

func TestGRPC(t *testing.T) {
	raw, err := os.ReadFile("grpc.sh")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(raw), "\\\n", " ")
	call := grpcCall.FindStringSubmatch(strings.TrimSpace(text))
	data := grpcData.FindStringSubmatch(text)
	if call == nil || data == nil || !strings.HasPrefix(text, "grpcurl ") {
		t.Fatalf("grpc.sh is not a grpcurl call: %q", text)
	}
	if call[1] != host || "/"+call[2] != a2apb.A2AService_GetExtendedAgentCard_FullMethodName {
		t.Errorf("grpc.sh calls %s on %s, want %s on %s", call[2], call[1], a2apb.A2AService_GetExtendedAgentCard_FullMethodName, host)
	}
	md := metadata.MD{}
	for _, h := range grpcHeader.FindAllStringSubmatch(text, -1) {
		k, v, _ := strings.Cut(h[1], ": ")
		md.Append(k, v)
	}
	var req a2apb.GetExtendedAgentCardRequest
	if err := protojson.Unmarshal([]byte(data[1]), &req); err != nil {
		t.Fatalf("grpc.sh: -d is not a GetExtendedAgentCardRequest: %v", err)
	}

	rec := &recorder{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// a2a-go v2.3.1's gRPC handler does not pass the metadata of a
	// GetExtendedAgentCard call on to its interceptors (it does for the
	// other methods), so the metadata is read where gRPC receives it.
	var mdSeen metadata.MD
	gs := grpc.NewServer(grpc.UnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
		mdSeen, _ = metadata.FromIncomingContext(ctx)
		return next(ctx, req)
	}))
	a2agrpc.NewHandler(handler(rec)).RegisterWith(gs)
	go gs.Serve(ln)
	defer gs.Stop()
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var out a2apb.AgentCard
	ctx := metadata.NewOutgoingContext(context.Background(), md)
	if err := conn.Invoke(ctx, "/"+call[2], &req, &out); err != nil || out.GetName() != extended.Name {
		t.Errorf("gRPC: %v, card %q", err, out.GetName())
	}
	calls := rec.take()
	for i := range calls {
		if calls[i].Authorization == "" && calls[i].Version == "" {
			calls[i].Authorization, calls[i].Version = strings.Join(mdSeen.Get("authorization"), ","), strings.Join(mdSeen.Get("a2a-version"), ",")
		}
	}
	if len(calls) != 1 || calls[0] != want {
		t.Errorf("gRPC: the server saw %+v, want one call %+v", calls, want)
	}
}
