package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/agentcard/agentcard/internal/a2afixture"
)

// conformAgent is a real a2asrv agent offering caps, serving at its
// well-known path a card that claims streaming and push notifications
// on its JSON-RPC and HTTP+JSON endpoints; it returns the card's URL.
func conformAgent(t *testing.T, caps a2a.AgentCapabilities) string {
	t.Helper()
	s := a2afixture.Start(t, func(s *a2afixture.Server) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", a2afixture.AgentHandler(a2afixture.Capabilities(caps)...))
		text := cardWithEntries([3]string{s.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{s.URL("/rest"), "HTTP+JSON", "1.0"})
		text = strings.Replace(text, `"capabilities": {}`, `"capabilities": {"streaming": true, "pushNotifications": true}`, 1)
		mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(text))
		})
		return mux
	})
	return s.URL("/.well-known/agent-card.json")
}

type conformJSON struct {
	Results []struct {
		Errors      int `json:"errors"`
		Diagnostics []struct{ Code, Severity string }
		Claims      []struct {
			Claim, URL, Binding, Version, Declared, Observed, Verdict, Detail string
			Index                                                             int
		} `json:"claims"`
	} `json:"results"`
}

func conformVerdicts(t *testing.T, out string) map[string]string {
	t.Helper()
	var doc conformJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 1 {
		t.Fatalf("not conform's JSON document (%v): %s", err, out)
	}
	v := map[string]string{}
	for _, c := range doc.Results[0].Claims {
		v[c.Binding+" "+c.Claim] = c.Verdict
		if c.Detail == "" || c.URL == "" || c.Declared == "" {
			t.Errorf("claim without its data: %+v", c)
		}
	}
	return v
}

// TestConformHonestA2AGoAgent: a2asrv with streaming and push on, behind
// a card that claims both: exit 0, both hold on both bindings.
func TestConformHonestA2AGoAgent(t *testing.T) {
	url := conformAgent(t, a2a.AgentCapabilities{Streaming: true, PushNotifications: true})
	out, errOut, code := runCLI(t, "", "conform", "--format", "json", url)
	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr %s\n%s", code, errOut, out)
	}
	v := conformVerdicts(t, out)
	for _, k := range []string{"JSONRPC streaming", "JSONRPC pushNotifications", "HTTP+JSON streaming", "HTTP+JSON pushNotifications"} {
		if v[k] != "holds" {
			t.Errorf("%s: %q, want holds (%v)", k, v[k], v)
		}
	}
	text, _, code := runCLI(t, "", "conform", url)
	if code != exitOK || !strings.Contains(text, "streaming") || !strings.Contains(text, "holds") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
	zh, _, _ := runCLI(t, "", "conform", "--lang", "zh-CN", url)
	if !strings.Contains(zh, "成立") {
		t.Errorf("zh-CN table without its verdict words:\n%s", zh)
	}
}

// TestConformContradictedA2AGoAgent: the same card on an a2asrv whose
// capability checks allow neither: exit 1, both contradicted on both.
func TestConformContradictedA2AGoAgent(t *testing.T) {
	url := conformAgent(t, a2a.AgentCapabilities{})
	out, errOut, code := runCLI(t, "", "conform", "--format", "json", url)
	if code != exitFound {
		t.Fatalf("exit %d, want 1; stderr %s\n%s", code, errOut, out)
	}
	v := conformVerdicts(t, out)
	for _, k := range []string{"JSONRPC streaming", "JSONRPC pushNotifications", "HTTP+JSON streaming", "HTTP+JSON pushNotifications"} {
		if v[k] != "contradicted" {
			t.Errorf("%s: %q, want contradicted (%v)", k, v[k], v)
		}
	}
	text, _, _ := runCLI(t, "", "conform", url)
	if !strings.Contains(text, "claim-contradicted") || !strings.Contains(text, "contradicted") {
		t.Errorf("text output lacks the finding or the verdict:\n%s", text)
	}
}

// TestConformUsage: usage errors and an unreadable card exit 2.
func TestConformUsage(t *testing.T) {
	for name, args := range map[string][]string{
		"no input":      {"conform"},
		"two inputs":    {"conform", "a.json", "b.json"},
		"bad format":    {"conform", "--format", "sarif", "a.json"},
		"send, no card": {"conform", "--send", "hi", "a.json"},
		"missing":       {"conform", "/nonexistent/card.json"},
	} {
		if _, _, code := runCLI(t, "", args...); code != exitUsage {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
	}
}

// TestConformClaimsWithoutCredentials: with --header, the card's fetch
// and the probes carry the caller's header (the credential scope lets it
// go to the card's origin and its declared endpoints), the claim checks
// never do.
func TestConformClaimsWithoutCredentials(t *testing.T) {
	srv := a2afixture.Start(t, func(s *a2afixture.Server) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", a2afixture.AgentHandler(a2afixture.Capabilities(a2a.AgentCapabilities{Streaming: true})...))
		text := cardWithEntries([3]string{s.URL("/rest"), "HTTP+JSON", "1.0"})
		mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(text))
		})
		return mux
	})
	_, errOut, code := runCLI(t, "", "conform", "--header", "Authorization: "+secret, srv.URL("/.well-known/agent-card.json"))
	if code == exitUsage {
		t.Fatalf("exit 2: %s", errOut)
	}
	probes, claims := 0, 0
	for _, r := range srv.Requests() {
		has := r.Header.Get("Authorization") == secret
		switch {
		case r.Path == "/.well-known/agent-card.json":
		case r.Method == http.MethodGet && strings.HasPrefix(r.Path, "/rest/tasks/") && !strings.Contains(r.Path[len("/rest/tasks/"):], "/") &&
			r.Header.Get("A2A-Version") == "1.0":
			probes++
			if !has {
				t.Errorf("the probe %s %s went without the caller's header", r.Method, r.Path)
			}
		default:
			claims++
			if r.Header.Get("Authorization") != "" {
				t.Errorf("the claim check %s %s carried the caller's header", r.Method, r.Path)
			}
		}
	}
	if probes != 1 || claims != 4 {
		t.Errorf("%d probes and %d claim calls, want 1 and 4", probes, claims)
	}
}
