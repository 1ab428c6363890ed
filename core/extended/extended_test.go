//go:build !js

package extended_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
)

// check fetches the fixture's public card and runs Check on it with the
// given headers through a native Doer under the loopback policy.
func check(t *testing.T, s *server, headers http.Header) extended.Result {
	t.Helper()
	doc, final := fetchPublic(t, s.URL("/.well-known/agent-card.json"))
	p := loopback()
	return extended.Check(context.Background(), doc, discovery.NewHTTPDoer(p), extended.Options{Credentials: scope(t, doc, headers, final), Policy: p, Linter: lint.Lint})
}

// scope is the check's credential scope (core/check builds it the same
// way): for a card served from final, the headers go to its origin and its
// declared endpoints; for a card without origin (final ""), only to the
// origins named for them.
func scope(t *testing.T, doc *jsonpos.Doc, headers http.Header, final string, origins ...string) *discovery.Credentials {
	t.Helper()
	var named *url.URL
	if final != "" {
		var err error
		if named, err = url.Parse(final); err != nil {
			t.Fatal(err)
		}
	}
	c, err := discovery.NewCredentials(headers, named, origins)
	if err != nil {
		t.Fatal(err)
	}
	c.Fetched(&discovery.Facts{FinalURL: final})
	var urls []string
	for _, e := range probe.Entries(doc.Root) {
		urls = append(urls, e.URL)
	}
	c.AllowDeclared(urls)
	return c
}

func codesOf(ds []lint.Diagnostic) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, d.Code)
	}
	return out
}

func outcomes(rs []extended.Request) []string {
	out := []string{}
	for _, r := range rs {
		cred := "anon"
		if r.Credentials {
			cred = "creds"
		}
		out = append(out, r.Method+" "+r.Binding+" "+cred+" "+string(r.Outcome))
	}
	return out
}

func same(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

// A conforming agent built with a2a-go's server package, asked over each
// binding and version it serves: with the right credentials it returns the
// extended card (linted, no findings: same identity, one skill more);
// without them it refuses; no finding either way.
func TestConformingAgent(t *testing.T) {
	for _, tc := range []struct {
		name       string
		interfaces [][3]string
		method     string
		path       string
	}{
		{"JSONRPC 1.0", [][3]string{{"/jsonrpc", "JSONRPC", "1.0"}}, "POST", "/jsonrpc"},
		{"HTTP+JSON 1.0", [][3]string{{"/rest", "HTTP+JSON", "1.0"}}, "GET", "/rest/extendedAgentCard"},
		// GRPC first: skipped, the first binding the Doer can speak is asked.
		{"GRPC then HTTP+JSON", [][3]string{{"127.0.0.1:1", "GRPC", "1.0"}, {"/rest", "HTTP+JSON", "1.0"}}, "GET", "/rest/extendedAgentCard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := agent{interfaces: tc.interfaces}.serve(t)
			res := check(t, s, bearer())
			if !res.Declared || !res.Fetched || len(res.Diagnostics) != 0 {
				t.Fatalf("declared %v fetched %v findings %v; requests %v", res.Declared, res.Fetched, res.Diagnostics, res.Requests)
			}
			binding := tc.interfaces[len(tc.interfaces)-1][1]
			want := []string{tc.method + " " + binding + " creds card", tc.method + " " + binding + " anon auth-refused"}
			if got := outcomes(res.Requests); !same(got, want) {
				t.Errorf("requests %q, want %q", got, want)
			}
			if res.Lint == nil || res.Lint.Errors != 0 {
				t.Errorf("extended card lint: %+v", res.Lint)
			}
			if !strings.Contains(string(res.Card), `"book"`) {
				t.Errorf("card without the authenticated skill: %s", res.Card)
			}
			// The fixture saw the card fetch (twice: with and without
			// A2A-Version), then exactly the two calls, the first with the token.
			var calls []seen
			for _, r := range s.requests() {
				if r.Path == tc.path {
					calls = append(calls, r)
				}
			}
			if len(calls) != 2 || calls[0].Authorization != token || calls[1].Authorization != "" || calls[0].Method != tc.method {
				t.Errorf("fixture got %+v", calls)
			}
		})
	}
}

// Without credentials only the anonymous call is made, and a refusal is
// the right answer: no finding.
func TestAnonymousRefused(t *testing.T) {
	s := agent{interfaces: [][3]string{{"/jsonrpc", "JSONRPC", "1.0"}, {"/rest", "HTTP+JSON", "1.0"}}}.serve(t)
	res := check(t, s, nil)
	if res.Fetched || res.Lint != nil || len(res.Diagnostics) != 0 {
		t.Fatalf("fetched %v lint %v findings %v", res.Fetched, res.Lint, res.Diagnostics)
	}
	if got := outcomes(res.Requests); !same(got, []string{"POST JSONRPC anon auth-refused"}) {
		t.Errorf("requests %q", got)
	}
}

// Misbehaving agents: each gives its finding, placed on the public card's
// promise, with the arguments that name what is wrong.
func TestMisbehavingAgents(t *testing.T) {
	rpc := [][3]string{{"/jsonrpc", "JSONRPC", "1.0"}}
	for _, tc := range []struct {
		name    string
		agent   agent
		headers http.Header
		codes   []string
		args    func(t *testing.T, ds []lint.Diagnostic)
	}{
		{name: "served to anyone, asked anonymously", agent: agent{open: true, interfaces: rpc},
			codes: []string{lint.CodeExtendedPublic}},
		{name: "served to anyone, asked with credentials", agent: agent{open: true, interfaces: rpc}, headers: bearer(),
			codes: []string{lint.CodeExtendedPublic}},
		{name: "another name", headers: bearer(),
			agent: agent{interfaces: rpc, change: func(c *a2a.AgentCard) { c.Name = "Travel Agent (internal)" }},
			codes: []string{lint.CodeExtendedIdentityDiffers},
			args: func(t *testing.T, ds []lint.Diagnostic) {
				if ds[0].Args[0] != "name" || ds[0].Args[1] != `"Travel Agent (internal)"` || ds[0].Args[2] != `"Travel Agent"` {
					t.Errorf("args %v", ds[0].Args)
				}
			}},
		{name: "another provider and version", headers: bearer(),
			agent: agent{interfaces: rpc, change: func(c *a2a.AgentCard) { c.Provider = nil; c.Version = "2.0.0" }},
			codes: []string{lint.CodeExtendedIdentityDiffers, lint.CodeExtendedIdentityDiffers, lint.CodeExtendedIdentityDiffers},
			args: func(t *testing.T, ds []lint.Diagnostic) {
				fields := []any{ds[0].Args[0], ds[1].Args[0], ds[2].Args[0]}
				if fields[0] != "version" || fields[1] != "provider.organization" || fields[2] != "provider.url" {
					t.Errorf("fields %v", fields)
				}
				if ds[1].Args[1] != i18n.Phrase("phrase.extended.absent") {
					t.Errorf("absent provider shown as %v", ds[1].Args[1])
				}
			}},
		{name: "fewer skills", headers: bearer(),
			agent: agent{interfaces: rpc, change: func(c *a2a.AgentCard) { c.Skills = []a2a.AgentSkill{skill("search"), skill("book")} }},
			codes: []string{lint.CodeExtendedSkillsMissing},
			args: func(t *testing.T, ds []lint.Diagnostic) {
				if ds[0].Args[0] != 1 || ds[0].Args[1] != `"compare"` {
					t.Errorf("args %v", ds[0].Args)
				}
			}},
		{name: "an interface more", headers: bearer(),
			agent: agent{interfaces: rpc, change: func(c *a2a.AgentCard) {
				c.SupportedInterfaces = append(c.SupportedInterfaces, &a2a.AgentInterface{URL: "https://partners.example.com/a2a", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"})
			}},
			codes: []string{lint.CodeExtendedNewInterface},
			args: func(t *testing.T, ds []lint.Diagnostic) {
				if ds[0].Severity != lint.Info || ds[0].Args[0] != "supportedInterfaces[1]" || ds[0].Args[3] != `"https://partners.example.com/a2a"` {
					t.Errorf("%v %v", ds[0].Severity, ds[0].Args)
				}
			}},
		{name: "an extended card with errors", headers: bearer(),
			agent: agent{interfaces: rpc, change: func(c *a2a.AgentCard) { c.SupportedInterfaces[0].URL = "/jsonrpc" }},
			codes: []string{lint.CodeExtendedInvalid, lint.CodeExtendedNewInterface}},
		{name: "none configured, asked with credentials", agent: agent{noExtended: true, interfaces: rpc}, headers: bearer(),
			codes: []string{lint.CodeExtendedUnavailable},
			args: func(t *testing.T, ds []lint.Diagnostic) {
				if d := ds[0].Args[3].(i18n.Text); d.ID != "msg.extended.answer.not-configured" {
					t.Errorf("detail %v", d)
				}
			}},
		{name: "none configured, asked anonymously", agent: agent{noExtended: true, interfaces: rpc},
			codes: []string{lint.CodeExtendedUnavailable}},
		{name: "wrong credentials", agent: agent{interfaces: [][3]string{{"/rest", "HTTP+JSON", "1.0"}}},
			headers: http.Header{"Authorization": {"Bearer wrong"}},
			codes:   []string{lint.CodeExtendedUnavailable},
			args: func(t *testing.T, ds []lint.Diagnostic) {
				if d := ds[0].Args[3].(i18n.Text); d.ID != "msg.extended.answer.http-auth" || d.Args[0] != 401 {
					t.Errorf("detail %v", d)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.agent.serve(t)
			res := check(t, s, tc.headers)
			if got := codesOf(res.Diagnostics); !same(got, tc.codes) {
				t.Fatalf("findings %v, want %v; requests %+v", got, tc.codes, res.Requests)
			}
			for _, d := range res.Diagnostics {
				if d.Pointer != "/capabilities/extendedAgentCard" || d.Range.Start.Line == 0 || d.MessageID != "msg."+d.Code || d.Severity != lint.RuleFor(d.Code).Severity {
					t.Errorf("%s: pointer %q range %v id %q severity %v", d.Code, d.Pointer, d.Range, d.MessageID, d.Severity)
				}
			}
			if tc.args != nil {
				tc.args(t, res.Diagnostics)
			}
		})
	}
}

// A 0.3 card promises with supportsAuthenticatedExtendedCard and is asked
// with the 0.3 method; findings go on that member.
func TestLegacyCard(t *testing.T) {
	public := `{"name":"Travel Agent","description":"d","version":"2.1.0","protocolVersion":"0.3.0",
"url":"%s","preferredTransport":"JSONRPC","supportsAuthenticatedExtendedCard":true,
"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"search","name":"s","description":"d","tags":["t"]}]}`
	for _, open := range []bool{false, true} {
		var methods []string
		var s *server
		s = legacyAgent(t, `{"name":"Travel Agent","description":"Plans trips.","version":"2.1.0","protocolVersion":"0.3.0",
"url":"https://a.example.com/rpc","preferredTransport":"JSONRPC","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
"skills":[{"id":"search","name":"Search","description":"Finds trips.","tags":["search"]},{"id":"book","name":"Book","description":"Books trips.","tags":["book"]}]}`, open, &methods)
		doc := jsonpos.Parse([]byte(strings.Replace(public, "%s", s.URL("/rpc"), 1)), jsonpos.Options{})
		p := loopback()
		res := extended.Check(context.Background(), doc, discovery.NewHTTPDoer(p), extended.Options{Credentials: scope(t, doc, bearer(), "", s.URL("/")), Policy: p, Linter: lint.Lint})
		want := []string{lint.CodeExtendedNewInterface} // the example url differs from the fixture's
		if open {
			want = []string{lint.CodeExtendedPublic, lint.CodeExtendedNewInterface}
		}
		if got := codesOf(res.Diagnostics); !same(got, want) || !res.Fetched {
			t.Fatalf("open %v: findings %v; requests %+v", open, got, res.Requests)
		}
		if res.Diagnostics[0].Pointer != "/supportsAuthenticatedExtendedCard" || res.Diagnostics[0].Args[0] != "supportsAuthenticatedExtendedCard" && open {
			t.Errorf("placed at %q, args %v", res.Diagnostics[0].Pointer, res.Diagnostics[0].Args)
		}
		if !same(methods, []string{"agent/getAuthenticatedExtendedCard", "agent/getAuthenticatedExtendedCard"}) {
			t.Errorf("methods %q", methods)
		}
		if res.Lint == nil || res.Lint.Era != "0.3" {
			t.Errorf("lint of the 0.3 card: %+v", res.Lint)
		}
	}
}

// The caller's headers go to the card's origin and to declared endpoints
// only. The card lives on one server and declares its JSON-RPC endpoint on
// a second (another port: another origin, but declared, so it gets them);
// its HTTP+JSON endpoint redirects to a third, undeclared one, which must
// not get them.
func TestHeadersOnlyToDeclaredOrigins(t *testing.T) {
	declared := agent{interfaces: [][3]string{{"/jsonrpc", "JSONRPC", "1.0"}}}.serve(t)
	stranger := agent{open: true, interfaces: [][3]string{{"/rest", "HTTP+JSON", "1.0"}}}.serve(t)
	redirector := start(t, func(*server) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, stranger.URL("/rest/extendedAgentCard"), http.StatusTemporaryRedirect)
		})
	})
	home := agent{interfaces: [][3]string{{declared.URL("/jsonrpc"), "JSONRPC", "1.0"}}}.serve(t)
	doc, final := fetchPublic(t, home.URL("/.well-known/agent-card.json"))
	p := loopback()
	res := extended.Check(context.Background(), doc, discovery.NewHTTPDoer(p), extended.Options{Credentials: scope(t, doc, bearer(), final), Policy: p, Linter: lint.Lint})
	if !res.Fetched || len(res.Diagnostics) != 0 {
		t.Fatalf("declared endpoint: fetched %v, findings %v", res.Fetched, res.Diagnostics)
	}
	if r := declared.requests(); len(r) != 2 || r[0].Authorization != token {
		t.Errorf("declared endpoint got %+v", r)
	}

	// Now a card read from a file (no origin), its headers meant for the
	// origin of its HTTP+JSON endpoint, which answers with a redirect
	// elsewhere.
	src := `{"name":"Travel Agent","description":"d","version":"2.1.0","capabilities":{"extendedAgentCard":true},
"supportedInterfaces":[{"url":"` + redirector.URL("/rest") + `","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}],
"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`
	doc = jsonpos.Parse([]byte(src), jsonpos.Options{})
	res = extended.Check(context.Background(), doc, discovery.NewHTTPDoer(p), extended.Options{Credentials: scope(t, doc, bearer(), "", redirector.URL("/")), Policy: p, Linter: lint.Lint})
	for _, r := range stranger.requests() {
		if r.Authorization != "" {
			t.Errorf("the undeclared origin got the caller's Authorization: %+v", r)
		}
	}
	if len(stranger.requests()) == 0 {
		t.Fatal("the redirect was not followed")
	}
	var withheld, sent int
	for _, r := range res.Requests {
		if r.Withheld {
			withheld++
		}
		if r.Credentials {
			sent++
		}
	}
	if withheld != 1 || sent != 1 {
		t.Errorf("requests %+v", res.Requests)
	}
	if r := redirector.requests(); len(r) == 0 || r[0].Authorization != token {
		t.Errorf("the declared endpoint got %+v", r)
	}
	// The stranger serves its card to anyone: the redirected anonymous call
	// got it, which is the finding (the stranger's card then differs from
	// this one in provider, version and interface too).
	if got := codesOf(res.Diagnostics); len(got) == 0 || got[0] != lint.CodeExtendedPublic {
		t.Errorf("findings %v", got)
	}
}

// Without the loopback switch the policy refuses every call before a
// packet is sent.
func TestPolicyRefusesLoopback(t *testing.T) {
	s := agent{interfaces: [][3]string{{"/jsonrpc", "JSONRPC", "1.0"}, {"/rest", "HTTP+JSON", "1.0"}}}.serve(t)
	// One plain GET, not fetchPublic: its header-less request runs beside
	// the main one, and the transport's spare dial for it can be accepted
	// after the count below is read.
	final := s.URL("/.well-known/agent-card.json")
	resp, err := http.Get(final)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	doc := jsonpos.Parse(body, jsonpos.Options{})
	before := s.Conns()
	p := discovery.DefaultPolicy()
	res := extended.Check(context.Background(), doc, discovery.NewHTTPDoer(p), extended.Options{Credentials: scope(t, doc, bearer(), final), Policy: p, Linter: lint.Lint})
	if s.Conns() != before {
		t.Errorf("%d connections under a policy that refuses loopback", s.Conns()-before)
	}
	if len(res.Diagnostics) != 0 || res.Fetched {
		t.Errorf("findings %v", res.Diagnostics)
	}
	for _, r := range res.Requests {
		if r.Outcome != extended.RefusedByPolicy || r.Credentials {
			t.Errorf("request %+v", r)
		}
	}
	if len(res.Requests) != 3 { // both bindings with credentials, then the anonymous call
		t.Errorf("%d requests: %+v", len(res.Requests), res.Requests)
	}
}

// Bounds: an answer over 1 MiB is cut and is no card; a redirect loop
// stops after the policy's hops; the request count stays within them.
func TestBounds(t *testing.T) {
	big := start(t, func(*server) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"name":"` + strings.Repeat("x", extended.MaxCard) + `"}`))
		})
	})
	var loop *server
	loop = start(t, func(*server) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, loop.URL("/again"+r.URL.Path), http.StatusFound)
		})
	})
	p := loopback()
	for _, tc := range []struct {
		url, detail string
		requests    int
	}{
		{big.URL("/rest"), "msg.extended.answer.too-large", 2},
		{loop.URL("/rest"), "msg.extended.answer.too-many-redirects", 2 * (p.MaxRedirects + 1)},
	} {
		src := `{"name":"A","capabilities":{"extendedAgentCard":true},"supportedInterfaces":[{"url":"` + tc.url + `","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}]}`
		doc := jsonpos.Parse([]byte(src), jsonpos.Options{})
		res := extended.Check(context.Background(), doc, discovery.NewHTTPDoer(p), extended.Options{Credentials: scope(t, doc, bearer(), "", tc.url), Policy: p, Linter: lint.Lint})
		if last := res.Requests[len(res.Requests)-1]; len(res.Requests) != tc.requests || last.Detail.ID != tc.detail || res.Fetched {
			t.Errorf("%s: %d requests, last %+v", tc.detail, len(res.Requests), last)
		}
		if got := codesOf(res.Diagnostics); !same(got, []string{lint.CodeExtendedUnavailable}) {
			t.Errorf("%s: findings %v", tc.detail, got)
		}
	}
}

// Nothing is asked of a card that promises nothing, and a card with only
// GRPC interfaces says why it was not asked.
func TestNothingToAsk(t *testing.T) {
	ask := discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		t.Fatal("a request was sent")
		return nil, nil
	})
	for _, src := range []string{
		`{"name":"A","capabilities":{"extendedAgentCard":false},"supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`,
		`{"name":"A","capabilities":{"extendedAgentCard":"true"}}`,
		`[1,2]`, `{`,
	} {
		res := extended.Check(context.Background(), jsonpos.Parse([]byte(src), jsonpos.Options{}), ask, extended.Options{Linter: lint.Lint})
		if res.Declared || len(res.Requests) != 0 || len(res.Diagnostics) != 0 {
			t.Errorf("%s: %+v", src, res)
		}
	}
	src := `{"name":"A","capabilities":{"extendedAgentCard":true},"supportedInterfaces":[{"url":"a.example.com:443","protocolBinding":"GRPC","protocolVersion":"1.0"}]}`
	res := extended.Check(context.Background(), jsonpos.Parse([]byte(src), jsonpos.Options{}), ask, extended.Options{Linter: lint.Lint})
	if !res.Declared || res.Note.ID != "msg.extended.note.no-interface" || res.NoteMessage == "" {
		t.Errorf("%+v", res)
	}
	if r := extended.Check(context.Background(), nil, ask, extended.Options{Linter: lint.Lint}); r.Declared {
		t.Errorf("nil document: %+v", r)
	}
}

// Localize says the findings, the request details and the extended card's
// own findings in Chinese, keeping ids and arguments.
func TestLocalize(t *testing.T) {
	s := agent{interfaces: [][3]string{{"/jsonrpc", "JSONRPC", "1.0"}},
		change: func(c *a2a.AgentCard) { c.Name = "Other"; c.SupportedInterfaces[0].URL = "/jsonrpc" }}.serve(t)
	res := check(t, s, bearer())
	if len(res.Diagnostics) == 0 || res.Lint == nil || len(res.Lint.Diagnostics) == 0 {
		t.Fatalf("findings %v", codesOf(res.Diagnostics))
	}
	english := res.Diagnostics[0].Message
	res.Localize(catalog.Of(i18n.Chinese))
	for _, d := range append(append([]lint.Diagnostic{}, res.Diagnostics...), res.Lint.Diagnostics[0]) {
		if !hasHan(d.Message) || d.Message == english || d.MessageID == "" {
			t.Errorf("%s: %q", d.Code, d.Message)
		}
	}
	for _, r := range res.Requests {
		if !hasHan(r.Message) {
			t.Errorf("request detail %q", r.Message)
		}
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}
