package check

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/internal/hostile"
)

// site answers requests from memory, one handler per URL prefix, and
// records every request (with its Authorization header).
type site struct {
	mu     sync.Mutex
	routes map[string]func(*discovery.Request) *discovery.Response
	seen   []seenRequest
}

type seenRequest struct {
	Method, URL, Authorization string
}

func (s *site) Do(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
	s.mu.Lock()
	s.seen = append(s.seen, seenRequest{r.Method, r.URL, r.Header.Get("Authorization")})
	var h func(*discovery.Request) *discovery.Response
	best := ""
	for p, f := range s.routes {
		if strings.HasPrefix(r.URL, p) && len(p) > len(best) {
			h, best = f, p
		}
	}
	s.mu.Unlock()
	if h == nil {
		return &discovery.Response{Status: 404, Header: http.Header{}}, nil
	}
	return h(r), nil
}

func (s *site) requests() []seenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seenRequest(nil), s.seen...)
}

func jsonAnswer(body []byte) func(*discovery.Request) *discovery.Response {
	return func(*discovery.Request) *discovery.Response {
		return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: body}
	}
}

// rpcAgent answers every JSON-RPC call as an A2A server does for a task
// that does not exist, and every GET with a 404.
func rpcAgent(r *discovery.Request) *discovery.Response {
	if r.Method == http.MethodPost {
		return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: []byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}`)}
	}
	return &discovery.Response{Status: 404, Header: http.Header{}}
}

// memCache is a Cache in memory, counting reads that hit.
type memCache struct {
	mu   sync.Mutex
	m    map[string][]byte
	hits atomic.Int32
}

func newMemCache() *memCache { return &memCache{m: map[string][]byte{}} }

func (c *memCache) Get(_ context.Context, k string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.m[k]
	if ok {
		c.hits.Add(1)
	}
	return b, ok
}

func (c *memCache) Put(_ context.Context, k string, v []byte, _ time.Duration) {
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

// countingVerifier counts verifications.
type countingVerifier struct{ n atomic.Int32 }

func (v *countingVerifier) VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error) {
	v.n.Add(1)
	return LocalVerifier{}.VerifySignatures(ctx, in)
}

func cardWith(interfaces ...[3]string) []byte {
	var list []map[string]string
	for _, e := range interfaces {
		list = append(list, map[string]string{"url": e[0], "protocolBinding": e[1], "protocolVersion": e[2]})
	}
	b, _ := json.Marshal(map[string]any{"name": "A", "description": "An agent for tests.", "version": "1.0.0",
		"supportedInterfaces": list, "capabilities": map[string]any{"extendedAgentCard": true},
		"defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"}, "skills": []any{}})
	return b
}

func codes(res *Result) map[string]int {
	out := map[string]int{}
	for _, d := range res.Report.Result.Diagnostics {
		out[d.Code]++
	}
	return out
}

// TestB1RedirectWithholdsCredentials: the card at A redirects to B (another
// port), whose card declares endpoints on B and C. Only A's first request
// carries the caller's Authorization; nothing on B or C does, the probes
// and the extended card's calls included; the result says why.
func TestB1RedirectWithholdsCredentials(t *testing.T) {
	const a, b, c = "https://agent.example.com:8443", "https://agent.example.com:9443", "https://c.example.com"
	s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{
		a + "/.well-known/agent-card.json": func(*discovery.Request) *discovery.Response {
			return &discovery.Response{Status: 302, Header: http.Header{"Location": {b + "/card.json"}}}
		},
		b + "/card.json": jsonAnswer(cardWith([3]string{b + "/a2a", "JSONRPC", "1.0"}, [3]string{c + "/a2a", "JSONRPC", "1.0"})),
		b + "/a2a":       rpcAgent,
		c + "/a2a":       rpcAgent,
	}}
	res, err := Run(context.Background(), Target{URL: a}, Options{Probe: true, Extended: true, Verify: true,
		Headers: http.Header{"Authorization": {"Bearer s3cret"}}}, Capabilities{Doer: s})
	if err != nil {
		t.Fatal(err)
	}
	with := 0
	for _, r := range s.requests() {
		if r.Authorization != "" {
			with++
			if !strings.HasPrefix(r.URL, a+"/") {
				t.Errorf("%s %s carried the caller's Authorization", r.Method, r.URL)
			}
		}
	}
	if with == 0 {
		t.Error("the origin named got no Authorization")
	}
	if len(s.requests()) < 4 {
		t.Errorf("only %d requests: the probes did not run", len(s.requests()))
	}
	if w := res.Withheld; w == nil || w.Reason != discovery.WithheldRedirect || w.To != "https://agent.example.com:9443" {
		t.Errorf("withheld %+v", res.Withheld)
	}
}

// TestB2SignatureWork: the review's worst signature card costs at most the
// work budget on its first check, says what it left unchecked, and is not
// verified again within the cache's time, nor by checks running at the
// same time (one verification for sixteen).
func TestB2SignatureWork(t *testing.T) {
	const origin = "https://agent.example.com"
	card, jwks := hostile.SignedCard(origin + "/jwks.json")
	s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{
		origin + "/.well-known/agent-card.json": jsonAnswer(card),
		origin + "/jwks.json":                   jsonAnswer(jwks),
	}}
	v := &countingVerifier{}
	cache := newMemCache()
	mem := NewMemory(8 << 20)
	caps := Capabilities{Doer: s, Cache: cache, Verifier: v, Memory: mem}
	res, err := Run(context.Background(), Target{URL: origin}, Options{Verify: true}, caps)
	if err != nil {
		t.Fatal(err)
	}
	rep := res.Signatures
	if rep == nil || rep.Work > signature.DefaultMaxWork || len(rep.Results) != 16 {
		t.Fatalf("report %+v", rep)
	}
	notChecked := 0
	for _, r := range rep.Results {
		if r.Outcome == signature.NotChecked {
			notChecked++
		}
	}
	if notChecked == 0 || codes(res)[lint.CodeSignatureUnchecked] == 0 {
		t.Errorf("%d not checked, findings %v", notChecked, codes(res))
	}
	if _, err := Run(context.Background(), Target{URL: origin}, Options{Verify: true}, caps); err != nil || v.n.Load() != 1 {
		t.Errorf("a second view verified again (%d verifications, %v)", v.n.Load(), err)
	}
	// A view on a fresh Cache (another instance's, say) is answered by
	// this process's memory of the report: no verification either.
	if _, err := Run(context.Background(), Target{URL: origin}, Options{Verify: true}, Capabilities{Doer: s, Cache: newMemCache(), Verifier: v, Memory: mem}); err != nil || v.n.Load() != 1 {
		t.Errorf("a view on a fresh cache verified again (%d verifications, %v)", v.n.Load(), err)
	}
	// Sixteen first views at once: each check never waits for another's
	// verification (in workerd it would go on in the other request's
	// context), but every view that starts after one finished uses it.
	v2 := &countingVerifier{}
	caps = Capabilities{Doer: s, Cache: newMemCache(), Verifier: slowVerifier{v2}, Memory: NewMemory(8 << 20)}
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, err := Run(context.Background(), Target{URL: origin}, Options{Verify: true}, caps); err != nil || len(res.Signatures.Results) != 16 {
				t.Errorf("parallel view: %v", err)
			}
		}()
	}
	wg.Wait()
	before := v2.n.Load()
	if _, err := Run(context.Background(), Target{URL: origin}, Options{Verify: true}, caps); err != nil || v2.n.Load() != before || before > 16 {
		t.Errorf("%d verifications for 16 parallel views, then %d for one more", before, v2.n.Load()-before)
	}
}

// slowVerifier holds its verification long enough for parallel checks to
// find it running.
type slowVerifier struct{ v Verifier }

func (s slowVerifier) VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error) {
	time.Sleep(200 * time.Millisecond)
	return s.v.VerifySignatures(ctx, in)
}

// TestB8EveryStage: every hostile spelling of a refused host is refused
// by every stage under the production policy, before a request is sent:
// as the card's URL, as the interfaces it declares (probes, extended
// card) and as a redirect hop.
func TestB8EveryStage(t *testing.T) {
	for _, h := range hostile.Hosts() {
		base := strings.TrimSuffix(h, "/")
		s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{
			"https://public.example.com/.well-known/agent-card.json": jsonAnswer(cardWith([3]string{base + "/a2a", "JSONRPC", "1.0"}, [3]string{base + "/rest", "HTTP+JSON", "1.0"})),
			"https://public.example.com/hop": func(*discovery.Request) *discovery.Response {
				return &discovery.Response{Status: 302, Header: http.Header{"Location": {h}}}
			},
		}}
		if _, err := Run(context.Background(), Target{URL: h}, Options{}, Capabilities{Doer: s}); err == nil {
			t.Errorf("%s: the card URL was checked", h)
		}
		if _, err := Run(context.Background(), Target{URL: "https://public.example.com/hop"}, Options{}, Capabilities{Doer: s}); err == nil {
			t.Errorf("%s: a redirect to it was followed", h)
		}
		if _, err := Run(context.Background(), Target{URL: "https://public.example.com"}, Options{Probe: true, Extended: true,
			Headers: http.Header{"Authorization": {"Bearer x"}}}, Capabilities{Doer: s}); err != nil {
			t.Errorf("%s: %v", h, err)
		}
		for _, r := range s.requests() {
			if !strings.HasPrefix(r.URL, "https://public.example.com/") {
				t.Errorf("%s: %s %s was sent", h, r.Method, r.URL)
			}
		}
	}
}

// TestB6FileCardHeaders: a card read from a file with headers and no
// origin named for them is refused before anything is sent; with an
// origin named, only that origin gets them, not the file's other
// endpoints.
func TestB6FileCardHeaders(t *testing.T) {
	card := cardWith([3]string{"https://ours.example.com/a2a", "JSONRPC", "1.0"}, [3]string{"https://theirs.example.com/a2a", "JSONRPC", "1.0"})
	s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{"https://": rpcAgent}}
	h := http.Header{"Authorization": {"Bearer s3cret"}}
	if _, err := Run(context.Background(), Target{Name: "card.json", Body: card}, Options{Probe: true, Headers: h}, Capabilities{Doer: s}); err != discovery.ErrHeaderOriginNeeded {
		t.Errorf("no --header-origin: %v", err)
	}
	if n := len(s.requests()); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
	if _, err := Run(context.Background(), Target{Name: "card.json", Body: card}, Options{Probe: true, Headers: h,
		HeaderOrigins: []string{"https://ours.example.com"}}, Capabilities{Doer: s}); err != nil {
		t.Fatal(err)
	}
	for _, r := range s.requests() {
		if got := r.Authorization != ""; got != strings.HasPrefix(r.URL, "https://ours.example.com/") {
			t.Errorf("%s: Authorization sent %v", r.URL, got)
		}
	}
}

// TestB3NonASCIIHeader: a header value outside visible ASCII refuses the
// check before anything is sent.
func TestB3NonASCIIHeader(t *testing.T) {
	s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{"https://": rpcAgent}}
	_, err := Run(context.Background(), Target{URL: "https://agent.example.com"}, Options{Headers: http.Header{"Authorization": {"Bearer sécret"}}}, Capabilities{Doer: s})
	var he *discovery.HeaderError
	if !asHeaderError(err, &he) || he.Name != "Authorization" || strings.Contains(err.Error(), "sécret") {
		t.Errorf("error %v", err)
	}
	if n := len(s.requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func asHeaderError(err error, he **discovery.HeaderError) bool {
	e, ok := err.(*discovery.HeaderError)
	*he = e
	return ok
}

// TestOneOutboundBudget: however the remote side answers, one check sends
// at most MaxRequests.
func TestOneOutboundBudget(t *testing.T) {
	var n atomic.Int32
	var entries [][3]string
	for i := range 20 {
		entries = append(entries, [3]string{"https://agent.example.com/a2a/" + string(rune('a'+i)), "JSONRPC", "1.0"})
	}
	card := cardWith(entries...)
	d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		n.Add(1)
		if strings.HasSuffix(r.URL, "/.well-known/agent-card.json") {
			return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: card}, nil
		}
		return &discovery.Response{Status: 307, Header: http.Header{"Location": {r.URL + "x"}}}, nil
	})
	if _, err := Run(context.Background(), Target{URL: "agent.example.com"}, Options{Probe: true, Extended: true, Verify: true,
		Headers: http.Header{"Authorization": {"Bearer x"}}}, Capabilities{Doer: d}); err != nil {
		t.Fatal(err)
	}
	if got := int(n.Load()); got > MaxRequests {
		t.Errorf("%d requests, cap %d", got, MaxRequests)
	}
}
