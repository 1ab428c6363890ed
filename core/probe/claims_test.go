package probe_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// claimsCard is cardWith's card with the given capabilities object.
func claimsCard(caps string, entries ...[3]string) string {
	return strings.Replace(cardWith(entries...), `"capabilities":{}`, `"capabilities":`+caps, 1)
}

// runClaims probes the card and checks its claims, as conform does.
func runClaims(t *testing.T, text string) ([]probe.Claim, []lint.Diagnostic) {
	t.Helper()
	doc := parse(t, text)
	p := loopback()
	d := discovery.NewHTTPDoer(p)
	opts := probe.Options{Policy: p, Timeout: 2 * time.Second}
	entries := probe.Entries(doc.Root)
	results := probe.Run(context.Background(), entries, d, opts)
	return probe.Claims(context.Background(), doc, entries, results, d, opts)
}

func verdicts(cs []probe.Claim) map[string]probe.ClaimVerdict {
	out := map[string]probe.ClaimVerdict{}
	for _, c := range cs {
		out[c.Source+" "+c.Claim] = c.Verdict
	}
	return out
}

func diagCodes(ds []lint.Diagnostic) map[string]int {
	out := map[string]int{}
	for _, d := range ds {
		out[d.Code]++
	}
	return out
}

// TestClaimsHonestA2AGoAgent: a2a-go's a2asrv offering streaming and push,
// behind a card that claims both, on JSON-RPC and HTTP+JSON: every claim
// holds, and the only finding is a2asrv's ignored A2A-Version (a warning
// per entry, never an error).
func TestClaimsHonestA2AGoAgent(t *testing.T) {
	agent := a2afixture.Agent(t, a2afixture.Capabilities(a2a.AgentCapabilities{Streaming: true, PushNotifications: true})...)
	text := claimsCard(`{"streaming":true,"pushNotifications":true}`,
		[3]string{agent.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{agent.URL("/rest"), "HTTP+JSON", "1.0"})
	cs, diags := runClaims(t, text)
	if len(cs) != 12 {
		t.Fatalf("got %d claims, want 6 per entry: %+v", len(cs), cs)
	}
	for _, c := range cs {
		if c.Verdict != probe.Holds {
			t.Errorf("%s %s: %s (observed %q: %s)", c.Source, c.Claim, c.Verdict, c.Observed, c.Message)
		}
	}
	// a2asrv v2.3.1 lists no configs for an unknown task; v2.4.0 answers
	// TaskNotFound: both mean push is on.
	want := map[string][]string{"streaming": {"TaskNotFound -32001"}, "pushNotifications": {"result", "TaskNotFound -32001"},
		"extendedAgentCard": {"UnsupportedOperation -32004"}}
	for _, c := range cs {
		if w, ok := want[c.Claim]; ok && c.Binding == "JSONRPC" && !slices.Contains(w, c.Observed) {
			t.Errorf("JSONRPC %s observed %q, want one of %q", c.Claim, c.Observed, w)
		}
		if c.Claim == "streaming" && c.Binding == "HTTP+JSON" && c.Observed != "HTTP 404 TASK_NOT_FOUND" {
			t.Errorf("HTTP+JSON streaming observed %q", c.Observed)
		}
	}
	if got := diagCodes(diags); len(got) != 1 || got[lint.CodeServerIgnoresVersion] != 2 {
		t.Errorf("findings %v, want server-ignores-version on both entries only", got)
	}
	for _, d := range diags {
		if d.Severity != lint.Warning || d.Pointer == "" {
			t.Errorf("deviation finding %+v: want a warning on the entry's url", d)
		}
	}
}

// TestClaimsContradictedA2AGoAgent: the same card on an a2asrv whose
// capability checks allow neither streaming nor push: both claims are
// contradicted on both entries, each an error finding on the capability.
func TestClaimsContradictedA2AGoAgent(t *testing.T) {
	agent := a2afixture.Agent(t, a2afixture.Capabilities(a2a.AgentCapabilities{})...)
	text := claimsCard(`{"streaming":true,"pushNotifications":true}`,
		[3]string{agent.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{agent.URL("/rest"), "HTTP+JSON", "1.0"})
	cs, diags := runClaims(t, text)
	v := verdicts(cs)
	for _, src := range []string{"supportedInterfaces[0]", "supportedInterfaces[1]"} {
		for _, claim := range []string{"streaming", "pushNotifications"} {
			if v[src+" "+claim] != probe.Contradicted {
				t.Errorf("%s %s: %s, want contradicted", src, claim, v[src+" "+claim])
			}
		}
		for _, claim := range []string{"binding", "version", "extendedAgentCard", "errors"} {
			if v[src+" "+claim] != probe.Holds {
				t.Errorf("%s %s: %s, want holds", src, claim, v[src+" "+claim])
			}
		}
	}
	if n := diagCodes(diags)[lint.CodeClaimContradicted]; n != 4 {
		t.Errorf("%d claim-contradicted findings, want 4: %+v", n, diags)
	}
	for _, d := range diags {
		if d.Code == lint.CodeClaimContradicted && d.Severity != lint.Error {
			t.Errorf("contradicted claim is not an error: %+v", d)
		}
		if d.Code == lint.CodeClaimContradicted && !strings.HasPrefix(d.Pointer, "/capabilities/") {
			t.Errorf("finding at %q, want the capability", d.Pointer)
		}
	}
}

// TestClaimsRequestsBounded: an entry costs one probe and at most
// ClaimRequests claim calls, and a stream that never ends is read to its
// first event only (the claim is settled long before the time-out).
func TestClaimsRequestsBounded(t *testing.T) {
	hold := make(chan struct{})
	t.Cleanup(func() { close(hold) })
	srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		_ = json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&req)
		if req.Method == "SubscribeToTask" {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, ": hello\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32001,\"message\":\"no task\"}}\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-hold:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"no task"}}`)
	}))
	text := claimsCard(`{"streaming":true}`, [3]string{srv.URL("/a2a"), "JSONRPC", "1.0"})
	start := time.Now()
	cs, _ := runClaims(t, text)
	if took := time.Since(start); took > time.Second {
		t.Errorf("claims took %v: the open stream was not cut after its first event", took)
	}
	if v := verdicts(cs)["supportedInterfaces[0] streaming"]; v != probe.Holds {
		t.Errorf("streaming %s, want holds", v)
	}
	if n := len(srv.Requests()); n > 1+probe.ClaimRequests {
		t.Errorf("%d requests for one entry, want at most %d", n, 1+probe.ClaimRequests)
	}
}

// claimTranscript splits a claim rule's example into the declared card
// fragment and a probe transcript (rules_test.go's format).
func claimTranscript(t *testing.T, text string) (caps, method string, tr transcript) {
	t.Helper()
	lines := strings.SplitN(text, "\n", 3)
	caps, ok := strings.CutPrefix(lines[1], "card: ")
	if !ok {
		t.Fatalf("no card line: %q", lines[1])
	}
	_, rest, _ := strings.Cut(text, `"method":"`)
	method, _, _ = strings.Cut(rest, `"`)
	return caps, `"method":"` + method + `"`, parseTranscript(t, lines[0]+"\n"+lines[2])
}

// TestClaimRuleExamples: every rule the claims check reports is in the
// catalogue with its data; played to the claims check, the bad
// transcript's exchange triggers it and the good one's does not (every
// other call gets TaskNotFound).
func TestClaimRuleExamples(t *testing.T) {
	n := 0
	for _, r := range lint.Rules() {
		if r.EmittedBy != lint.ByClaims {
			continue
		}
		n++
		t.Run(r.Code, func(t *testing.T) {
			if !r.External || r.Check != nil || r.Explanation == "" || r.HowToFix == "" || r.Bad == "" || r.Good == "" {
				t.Fatalf("rule is missing catalogue data: %+v", r)
			}
			for _, ex := range []struct {
				text string
				want bool
			}{{r.Bad, true}, {r.Good, false}} {
				caps, method, tr := claimTranscript(t, ex.text)
				var rootCaps struct {
					Capabilities json.RawMessage `json:"capabilities"`
				}
				if err := json.Unmarshal([]byte(caps), &rootCaps); err != nil {
					t.Fatal(err)
				}
				played := false
				d := discovery.DoerFunc(func(ctx context.Context, req *discovery.Request) (*discovery.Response, error) {
					if req.Method+" "+req.URL == tr.request && req.Header.Get("A2A-Version") == tr.version && strings.Contains(string(req.Body), method) {
						played = true
						return tr.answer, nil
					}
					return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}},
						Body: []byte(`{"jsonrpc":"2.0","id":"x","error":{"code":-32001,"message":"task not found"}}`)}, nil
				})
				doc := parse(t, claimsCard(string(rootCaps.Capabilities), [3]string{tr.entry.URL, tr.entry.Binding, tr.entry.Version}))
				opts := probe.Options{Policy: discovery.DefaultPolicy(), TaskID: func() string { return "agentcard-probe-0f3a" }, Timeout: 50e6}
				entries := probe.Entries(doc.Root)
				results := probe.Run(context.Background(), entries, d, opts)
				_, diags := probe.Claims(context.Background(), doc, entries, results, d, opts)
				if !played {
					t.Errorf("the claims check never sent the transcript's request %q", tr.request)
				}
				if got := diagCodes(diags)[r.Code] > 0; got != ex.want {
					t.Errorf("example (bad=%v) triggers %s: %v; findings %+v", ex.want, r.Code, got, diags)
				}
			}
		})
	}
	if n != 3 {
		t.Errorf("%d rules emitted by the claims check, want 3", n)
	}
}

// TestClaimsNotCheckedWithoutProbe: an entry that did not answer the
// probe as its binding gets unknown claims and costs no claim call.
func TestClaimsNotCheckedWithoutProbe(t *testing.T) {
	h := html404(t)
	e := card.Interface{Source: "supportedInterfaces[0]", URL: h.URL("/a2a"), Binding: "JSONRPC", Version: "1.0"}
	text := claimsCard(`{"streaming":true}`, [3]string{e.URL, e.Binding, e.Version})
	cs, diags := runClaims(t, text)
	v := verdicts(cs)
	if v["supportedInterfaces[0] binding"] != probe.Contradicted || v["supportedInterfaces[0] streaming"] != probe.Unknown {
		t.Errorf("verdicts %v", v)
	}
	if len(diags) != 0 || len(h.Requests()) != 1 {
		t.Errorf("findings %v and %d requests; want none and the probe only", diags, len(h.Requests()))
	}
}
