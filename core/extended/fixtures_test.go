//go:build !js

package extended_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// token is the credential the fixtures accept.
const token = "Bearer s3cret-token"

// seen is one request a fixture received: whether it carried an
// Authorization header, and which.
type seen struct {
	Method, Path, Authorization string
}

// server is a loopback server of internal/a2afixture, recording the
// requests and connections it got.
type server struct{ *a2afixture.Server }

func (s *server) requests() []seen {
	var out []seen
	for _, r := range s.Requests() {
		out = append(out, seen{r.Method, r.Path, r.Header.Get("Authorization")})
	}
	return out
}

// start serves the handler h builds (h may name the server's own URL, so
// that cards can point at it) on 127.0.0.1.
func start(t *testing.T, h func(s *server) http.Handler) *server {
	t.Helper()
	return &server{a2afixture.Start(t, func(fs *a2afixture.Server) http.Handler { return h(&server{fs}) })}
}

// agent describes a fixture agent built with a2a-go's server package.
type agent struct {
	// open serves the extended card without checking credentials.
	open bool
	// noExtended configures no extended card (a2a-go answers
	// ExtendedAgentCardNotConfigured).
	noExtended bool
	// interfaces lists the public card's entries as (path or URL, binding,
	// version); a path is made absolute on this server.
	interfaces [][3]string
	// change edits the extended card after it was copied from the public one.
	change func(*a2a.AgentCard)
}

func skill(id string) a2a.AgentSkill {
	return a2a.AgentSkill{ID: id, Name: id, Description: "Does " + id + ".", Tags: []string{id}}
}

// publicCard is the fixture's public card, its interfaces on base.
func (a agent) publicCard(base string) *a2a.AgentCard {
	c := &a2a.AgentCard{
		Name: "Travel Agent", Description: "Plans trips and books them.", Version: "2.1.0",
		Provider:           &a2a.AgentProvider{Org: "Example Travel", URL: "https://travel.example.com"},
		Capabilities:       a2a.AgentCapabilities{ExtendedAgentCard: true},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             []a2a.AgentSkill{skill("search"), skill("compare")},
		// Only the scheme: a2a-go writes securityRequirements' scopes as a
		// bare list, which the linter reports against the 1.0 proto shape.
		SecuritySchemes: a2a.NamedSecuritySchemes{"bearer": a2a.HTTPAuthSecurityScheme{Scheme: "Bearer"}},
	}
	for _, e := range a.interfaces {
		u := e[0]
		if len(u) > 0 && u[0] == '/' {
			u = base + u
		}
		c.SupportedInterfaces = append(c.SupportedInterfaces, &a2a.AgentInterface{URL: u, ProtocolBinding: a2a.TransportProtocol(e[1]), ProtocolVersion: a2a.ProtocolVersion(e[2])})
	}
	return c
}

// extendedCard is the public card plus a skill for authenticated callers,
// then a.change.
func (a agent) extendedCard(base string) *a2a.AgentCard {
	c := a.publicCard(base)
	c.Skills = append(c.Skills, skill("book"))
	if a.change != nil {
		a.change(c)
	}
	return c
}

// serve starts the agent: its public card at the well-known path, a2a-go's
// JSON-RPC handler at /jsonrpc and its HTTP+JSON handler under /rest.
func (a agent) serve(t *testing.T) *server {
	return start(t, func(s *server) http.Handler {
		base := s.URL("")
		var opts []a2asrv.RequestHandlerOption
		if !a.noExtended {
			ext := a.extendedCard(base)
			opts = append(opts, a2asrv.WithExtendedAgentCardProducer(a2asrv.ExtendedAgentCardProducerFn(
				func(ctx context.Context, _ *a2a.GetExtendedAgentCardRequest) (*a2a.AgentCard, error) {
					if a.open {
						return ext, nil
					}
					cc, ok := a2asrv.CallContextFrom(ctx)
					if !ok {
						return nil, a2a.ErrUnauthenticated
					}
					if v, _ := cc.ServiceParams().Get("Authorization"); len(v) == 1 && v[0] == token {
						return ext, nil
					}
					return nil, a2a.ErrUnauthenticated
				})))
		}
		h := a2asrv.NewHandler(a2afixture.IdleExecutor{}, opts...)
		mux := http.NewServeMux()
		mux.Handle("/.well-known/agent-card.json", a2asrv.NewStaticAgentCardHandler(a.publicCard(base)))
		mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))
		mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(h)))
		return mux
	})
}

// loopback is the policy of the tests: the explicit loopback switch, as
// the Worker's ALLOW_LOOPBACK=1 sets it; nothing private, no plain http
// to public hosts.
func loopback() discovery.Policy {
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	p.Timeout = 3 * time.Second
	return p
}

// fetchPublic fetches the card at url the way the front ends do and
// parses it.
func fetchPublic(t *testing.T, url string) (*jsonpos.Doc, string) {
	t.Helper()
	p := loopback()
	f, err := discovery.FetchRaw(context.Background(), discovery.NewHTTPDoer(p), url, p)
	if err != nil {
		t.Fatalf("fetch %s: %v", url, err)
	}
	return jsonpos.Parse(f.Body, jsonpos.Options{}), f.Facts.FinalURL
}

func bearer() http.Header { return http.Header{"Authorization": {token}} }

// legacyAgent is a 0.3 JSON-RPC server as 0.3 defines the operation
// (a2a-go's 0.3 compatibility package needs the 0.x module, which this
// module does not depend on): agent/getAuthenticatedExtendedCard returns
// card, to callers with the token unless open; anything else is method
// not found. It records the methods it was asked.
func legacyAgent(t *testing.T, card string, open bool, methods *[]string) *server {
	var mu sync.Mutex
	return start(t, func(*server) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var req struct {
				ID     any             `json:"id"`
				Method string          `json:"method"`
				Params json.RawMessage `json:"params"`
			}
			_ = json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&req)
			mu.Lock()
			*methods = append(*methods, req.Method)
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			out := map[string]any{"jsonrpc": "2.0", "id": req.ID}
			switch {
			case req.Method != "agent/getAuthenticatedExtendedCard":
				out["error"] = map[string]any{"code": -32601, "message": "Method not found"}
			case !open && r.Header.Get("Authorization") != token:
				w.WriteHeader(http.StatusUnauthorized)
				out["error"] = map[string]any{"code": -32600, "message": "authentication required"}
			default:
				out["result"] = json.RawMessage(card)
			}
			json.NewEncoder(w).Encode(out)
		})
	})
}
