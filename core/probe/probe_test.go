package probe_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// loopback is the Worker's policy under ALLOW_LOOPBACK=1 (make dev).
func loopback() discovery.Policy {
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	return p
}

// agents are the fixture agents of the issue, one per outcome, each behind
// the entry of a card that declares it.
type agents struct {
	sdk, refusing, html, auth, hang *fixture
	card                            string
}

func startAgents(t *testing.T) agents {
	a := agents{
		sdk:      sdkAgent(t),
		refusing: sdkAgent(t, a2asrv.WithCallInterceptors(a2afixture.RefuseVersion{Version: "1.0"})),
		html:     html404(t),
		auth:     bearerOnly(t),
		hang:     silent(t),
	}
	a.card = cardWith(
		[3]string{a.sdk.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{a.sdk.URL("/rest"), "HTTP+JSON", "1.0"},
		[3]string{a.html.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{a.refusing.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{a.refusing.URL("/rest"), "HTTP+JSON", "1.0"},
		[3]string{a.auth.URL("/a2a/v1"), "HTTP+JSON", "1.0"},
		[3]string{a.hang.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{a.sdk.URL("/grpc"), "GRPC", "1.0"},
	)
	return a
}

func (a agents) fixtures() map[string]*fixture {
	return map[string]*fixture{"sdk": a.sdk, "refusing": a.refusing, "html": a.html, "auth": a.auth, "hang": a.hang}
}

func parse(t *testing.T, text string) *jsonpos.Doc {
	t.Helper()
	doc := jsonpos.Parse([]byte(text), jsonpos.Options{})
	if len(doc.Problems) > 0 || doc.Root == nil {
		t.Fatalf("fixture card does not parse: %v", doc.Problems)
	}
	return doc
}

// TestCheckClassifiesFixtureAgents: each fixture agent gets the outcome
// that describes it, with the status and scheme it answered, and the
// findings land on the url of the entry they are about.
func TestCheckClassifiesFixtureAgents(t *testing.T) {
	a := startAgents(t)
	doc := parse(t, a.card)
	p := loopback()
	opts := probe.Options{Policy: p, Timeout: 400 * time.Millisecond}
	start := time.Now()
	results, diags := probe.Check(context.Background(), doc, discovery.NewHTTPDoer(p), opts)
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("the probes ran one after another or ignored the timeout: %v", took)
	}
	want := []struct {
		outcome probe.Outcome
		status  int
		detail  string
	}{
		{probe.SpeaksDeclared, 200, "msg.probe.speaks.jsonrpc"},
		{probe.SpeaksDeclared, 404, "msg.probe.speaks.rest"},
		{probe.WrongBinding, 404, "msg.probe.wrong.html"},
		{probe.VersionRefused, 200, "msg.probe.version-refused.jsonrpc"},
		{probe.VersionRefused, 400, "msg.probe.version-refused.rest"},
		{probe.AuthRequired, 401, "msg.probe.auth"},
		{probe.Unreachable, 0, "phrase.net.timeout"},
		{probe.NotProbed, 0, "msg.probe.not-probed.grpc"},
	}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d: %+v", len(results), len(want), results)
	}
	for i, w := range want {
		r := results[i]
		if r.Index != i || r.Outcome != w.outcome || r.Status != w.status || r.Detail.ID != w.detail {
			t.Errorf("entry %d (%s %s): got %s %d %s (%s), want %s %d %s", i, r.Binding, r.URL, r.Outcome, r.Status, r.Detail.ID, r.Message, w.outcome, w.status, w.detail)
		}
		if r.Message == "" || strings.Contains(r.Message, "%!") {
			t.Errorf("entry %d: detail renders as %q", i, r.Message)
		}
	}
	if results[5].Scheme != "Bearer" {
		t.Errorf("auth-required entry: scheme %q, want Bearer", results[5].Scheme)
	}
	if args := results[3].Detail.Args; len(args) < 2 || args[0] != "1.0" || args[1] != -32009 {
		t.Errorf("version-refused detail args %v, want the version and -32009", args)
	}

	wantDiags := map[string]string{
		"/supportedInterfaces/2/url": lint.CodeProbeWrongBinding,
		"/supportedInterfaces/3/url": lint.CodeProbeVersionRefused,
		"/supportedInterfaces/4/url": lint.CodeProbeVersionRefused,
		"/supportedInterfaces/5/url": lint.CodeProbeAuthRequired,
		"/supportedInterfaces/6/url": lint.CodeProbeUnreachable,
	}
	if len(diags) != len(wantDiags) {
		t.Errorf("%d findings, want %d: %+v", len(diags), len(wantDiags), diags)
	}
	entries := probe.Entries(doc.Root)
	for _, d := range diags {
		code, ok := wantDiags[d.Pointer]
		if !ok || d.Code != code {
			t.Errorf("finding %s at %q, want %q there", d.Code, d.Pointer, code)
			continue
		}
		if d.MessageID != "msg."+code || d.Severity != lint.RuleFor(code).Severity || d.URL != lint.RuleURL(code) {
			t.Errorf("%s: messageId %q, severity %s, url %q", code, d.MessageID, d.Severity, d.URL)
		}
		idx := int(d.Pointer[len("/supportedInterfaces/")] - '0')
		if got := string(doc.Src[d.Range.Start.Offset:d.Range.End.Offset]); got != jsonpos.Quote(entries[idx].URL) {
			t.Errorf("%s: range covers %s, want the entry's url", code, got)
		}
		if len(d.Args) == 0 || d.Args[0] != entries[idx].Source {
			t.Errorf("%s: args %v do not start with the entry's source", code, d.Args)
		}
	}
}

// TestRefusedWithoutLoopback: under the Worker's production policy every
// probe of a loopback agent is refused before anything is sent: no
// fixture accepts a single connection.
func TestRefusedWithoutLoopback(t *testing.T) {
	a := startAgents(t)
	doc := parse(t, a.card)
	p := discovery.DefaultPolicy()
	results, diags := probe.Check(context.Background(), doc, discovery.NewHTTPDoer(p), probe.Options{Policy: p})
	if len(results) != 8 {
		t.Fatalf("%d results, want 8", len(results))
	}
	for _, r := range results {
		if r.Outcome != probe.RefusedByPolicy || r.Detail.ID != "msg.probe.refused" {
			t.Errorf("entry %d (%s): %s %s, want refused-by-policy", r.Index, r.URL, r.Outcome, r.Detail.ID)
		}
	}
	if len(diags) != 0 {
		t.Errorf("a refused probe says nothing about the card, got %+v", diags)
	}
	for name, f := range a.fixtures() {
		if n := f.Conns(); n != 0 {
			t.Errorf("fixture %s accepted %d connections", name, n)
		}
	}
}

// TestAddressCheckedAtDial: a policy that passes the URL but refuses the
// address (a name that resolves to loopback) is refused by the native
// Doer before it connects; the probe says refused-by-policy, not unreachable.
func TestAddressCheckedAtDial(t *testing.T) {
	f := sdkAgent(t)
	port := f.Addr()
	port = port[strings.LastIndexByte(port, ':'):]
	entries := []card.Interface{{Index: 0, URL: "http://agent.example.com" + port + "/jsonrpc", Binding: "JSONRPC", Version: "1.0", Source: "supportedInterfaces[0]"}}
	urlPolicy := discovery.DefaultPolicy()
	urlPolicy.AllowHTTP = true // lets the public-looking URL through
	dialer := discovery.DoerFunc(func(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
		// Resolve the name to the fixture, as a hostile DNS answer would,
		// and dial through a Doer whose policy forbids loopback.
		r.URL = strings.Replace(r.URL, "agent.example.com", "127.0.0.1", 1)
		return discovery.NewHTTPDoer(discovery.DefaultPolicy()).Do(ctx, r)
	})
	res := probe.Run(context.Background(), entries, dialer, probe.Options{Policy: urlPolicy})
	if len(res) != 1 || res[0].Outcome != probe.RefusedByPolicy {
		t.Fatalf("got %+v, want refused-by-policy", res)
	}
	if n := f.Conns(); n != 0 {
		t.Errorf("the fixture accepted %d connections", n)
	}
}

// TestLegacyEntries: a 0.3 card's url + preferredTransport is asked with
// the 0.3 method (tasks/get) and its version in A2A-Version; the finding
// for a legacy entry goes on the top-level url.
func TestLegacyEntries(t *testing.T) {
	var seen []string
	f := legacyJSONRPC(t, &seen)
	html := html404(t)
	text := `{"name":"Legacy","description":"d","version":"1","protocolVersion":"0.3.0","url":` + jsonpos.Quote(f.URL("/rpc")) +
		`,"preferredTransport":"JSONRPC","additionalInterfaces":[{"url":` + jsonpos.Quote(html.URL("/v1")) + `,"transport":"HTTP+JSON"}]}`
	doc := parse(t, text)
	p := loopback()
	results, diags := probe.Check(context.Background(), doc, discovery.NewHTTPDoer(p), probe.Options{Policy: p})
	if len(results) != 2 || results[0].Outcome != probe.SpeaksDeclared || results[1].Outcome != probe.WrongBinding {
		t.Fatalf("got %+v", results)
	}
	if len(seen) != 1 || seen[0] != "POST tasks/get 0.3" {
		t.Errorf("the 0.3 server was asked %q, want one POST of tasks/get with A2A-Version 0.3", seen)
	}
	if len(diags) != 1 || diags[0].Pointer != "/additionalInterfaces/0/url" {
		t.Errorf("findings %+v, want one on additionalInterfaces[0].url", diags)
	}
}

// TestEntriesOfMixedCard: a mixed card's legacy endpoints are probed too,
// unless supportedInterfaces already lists them at the same version.
func TestEntriesOfMixedCard(t *testing.T) {
	doc := parse(t, `{"supportedInterfaces":[{"url":"https://a.example/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
		"protocolVersion":"0.3.0","url":"https://a.example/rpc","preferredTransport":"JSONRPC",
		"additionalInterfaces":[{"url":"https://a.example/rpc","transport":"JSONRPC"},{"url":"https://a.example/v03","transport":"HTTP+JSON"}]}`)
	got := probe.Entries(doc.Root)
	var sources []string
	for _, e := range got {
		sources = append(sources, e.Source+" "+e.Version)
	}
	want := "supportedInterfaces[0] 1.0|url + preferredTransport 0.3|additionalInterfaces[1] 0.3"
	if strings.Join(sources, "|") != want {
		t.Errorf("entries %q, want %q", strings.Join(sources, "|"), want)
	}
}

// TestBounds: at most eight entries are probed, and a shared request
// budget stops the rest with not-probed rather than sending more.
func TestBounds(t *testing.T) {
	var sent int
	var mu = make(chan struct{}, 1)
	mu <- struct{}{}
	d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		<-mu
		sent++
		mu <- struct{}{}
		return &discovery.Response{Status: 404, Header: map[string][]string{"Content-Type": {"text/html"}}, Body: []byte("<html>")}, nil
	})
	var entries []card.Interface
	for i := range 12 {
		entries = append(entries, card.Interface{Index: i, URL: "https://agent.example.com/a2a", Binding: "JSONRPC", Version: "1.0"})
	}
	if res := probe.Run(context.Background(), entries, d, probe.Options{}); len(res) != probe.MaxEntries || sent != probe.MaxEntries {
		t.Errorf("%d results, %d requests; want %d of each", len(res), sent, probe.MaxEntries)
	}
	sent = 0
	budget := discovery.NewBudget(d, 3)
	res := probe.Run(context.Background(), entries, budget, probe.Options{MaxEntries: 5})
	capped := 0
	for _, r := range res {
		if r.Outcome == probe.NotProbed && r.Detail.ID == "msg.probe.not-probed.cap" {
			capped++
		}
	}
	if len(res) != 5 || sent != 3 || capped != 2 {
		t.Errorf("%d results, %d sent, %d capped; want 5, 3, 2", len(res), sent, capped)
	}
}

// TestAnswers: answers that are not the declared binding's, one by one,
// through a Doer that answers without a network.
func TestAnswers(t *testing.T) {
	tests := []struct {
		name, binding, version string
		status                 int
		header                 map[string]string
		body                   string
		outcome                probe.Outcome
		detail                 string
	}{
		{"rest error shape on jsonrpc", "JSONRPC", "1.0", 404, map[string]string{"Content-Type": "application/json"}, `{"error":{"code":404,"status":"NOT_FOUND","message":"x"}}`, probe.WrongBinding, "msg.probe.wrong.rest-shape"},
		{"method not found", "JSONRPC", "1.0", 200, nil, `{"jsonrpc":"2.0","id":"1","error":{"code":-32601,"message":"Method not found"}}`, probe.WrongBinding, "msg.probe.wrong.method-not-found"},
		{"json not rpc", "JSONRPC", "1.0", 200, nil, `{"status":"ok"}`, probe.WrongBinding, "msg.probe.wrong.json-not-rpc"},
		{"other rpc error", "JSONRPC", "1.0", 200, nil, `{"jsonrpc":"2.0","id":"1","error":{"code":-32602,"message":"bad params"}}`, probe.SpeaksDeclared, "msg.probe.speaks.jsonrpc-other"},
		{"rpc auth code", "JSONRPC", "1.0", 200, nil, `{"jsonrpc":"2.0","id":"1","error":{"code":-31401,"message":"unauthenticated"}}`, probe.AuthRequired, "msg.probe.auth.jsonrpc"},
		{"empty", "JSONRPC", "1.0", 200, nil, ``, probe.WrongBinding, "msg.probe.wrong.empty"},
		{"plain text", "HTTP+JSON", "1.0", 404, map[string]string{"Content-Type": "text/plain"}, `404 page not found`, probe.WrongBinding, "msg.probe.wrong.not-json"},
		{"jsonrpc on rest", "HTTP+JSON", "1.0", 200, nil, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}`, probe.WrongBinding, "msg.probe.wrong.jsonrpc-shape"},
		{"json 404 without shape", "HTTP+JSON", "1.0", 404, nil, `{"detail":"Not Found"}`, probe.WrongBinding, "msg.probe.wrong.rest-json"},
		{"json 404 of a 0.3 server", "HTTP+JSON", "0.3", 404, nil, `{"detail":"Task not found"}`, probe.SpeaksDeclared, "msg.probe.speaks.rest-legacy"},
		{"redirect", "HTTP+JSON", "1.0", 301, map[string]string{"Location": "https://www.agent.example.com/rest"}, ``, probe.WrongBinding, "msg.probe.wrong.redirect"},
		{"gateway", "JSONRPC", "1.0", 502, map[string]string{"Content-Type": "text/html"}, `<html>Bad Gateway</html>`, probe.Unreachable, "msg.probe.unreachable.gateway"},
		{"forbidden without challenge", "JSONRPC", "1.0", 403, nil, `<html>Forbidden</html>`, probe.AuthRequired, "msg.probe.auth.no-header"},
		{"a task", "HTTP+JSON", "1.0", 200, nil, `{"id":"t1","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"}}`, probe.SpeaksDeclared, "msg.probe.speaks.rest-result"},
		{"catch-all json", "HTTP+JSON", "1.0", 200, nil, `{"ok":true}`, probe.WrongBinding, "msg.probe.wrong.rest-json"},
		{"unknown binding", "SLIMRPC", "1.0", 0, nil, ``, probe.NotProbed, "msg.probe.not-probed.binding"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var asked *discovery.Request
			d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
				asked = r
				h := map[string][]string{}
				for k, v := range tc.header {
					h[k] = []string{v}
				}
				return &discovery.Response{Status: tc.status, Header: h, Body: []byte(tc.body)}, nil
			})
			e := card.Interface{URL: "https://agent.example.com/a2a/", Binding: tc.binding, Version: tc.version, Source: "supportedInterfaces[0]"}
			res := probe.Run(context.Background(), []card.Interface{e}, d, probe.Options{TaskID: func() string { return "t1" }})
			if res[0].Outcome != tc.outcome || res[0].Detail.ID != tc.detail {
				t.Errorf("got %s %s (%s), want %s %s", res[0].Outcome, res[0].Detail.ID, res[0].Message, tc.outcome, tc.detail)
			}
			if asked == nil {
				return
			}
			want := "POST https://agent.example.com/a2a/"
			switch {
			case tc.binding == "HTTP+JSON" && tc.version == "0.3":
				want = "GET https://agent.example.com/a2a/v1/tasks/t1"
			case tc.binding == "HTTP+JSON":
				want = "GET https://agent.example.com/a2a/tasks/t1"
			}
			if got := asked.Method + " " + asked.URL; got != want {
				t.Errorf("asked %s, want %s", got, want)
			}
			if asked.Header.Get("A2A-Version") != tc.version || asked.MaxBody != probe.MaxAnswer {
				t.Errorf("A2A-Version %q, MaxBody %d", asked.Header.Get("A2A-Version"), asked.MaxBody)
			}
		})
	}
}

// TestTenant: a 1.0 entry's tenant is sent as the HTTP+JSON path prefix
// and as the JSON-RPC params' tenant.
func TestTenant(t *testing.T) {
	var asked []*discovery.Request
	d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		asked = append(asked, r)
		return &discovery.Response{Status: 404}, nil
	})
	entries := []card.Interface{
		{Index: 0, URL: "https://agent.example.com/rest", Binding: "HTTP+JSON", Version: "1.0", Tenant: "acme", HasTenant: true},
	}
	probe.Run(context.Background(), entries, d, probe.Options{TaskID: func() string { return "t1" }})
	entries[0].Binding = "JSONRPC"
	probe.Run(context.Background(), entries, d, probe.Options{TaskID: func() string { return "t1" }})
	if len(asked) != 2 || asked[0].URL != "https://agent.example.com/rest/acme/tasks/t1" {
		t.Fatalf("asked %+v", asked)
	}
	var body struct {
		Method string            `json:"method"`
		Params map[string]string `json:"params"`
	}
	if err := json.Unmarshal(asked[1].Body, &body); err != nil || body.Method != "GetTask" || body.Params["tenant"] != "acme" || body.Params["id"] != "t1" {
		t.Errorf("JSON-RPC body %s", asked[1].Body)
	}
}

// A tenant with characters a path must escape stays one segment, escaped
// once: "eu west/1" is eu%20west%2F1, never %2520.
func TestTenantEscapedOnce(t *testing.T) {
	var asked []*discovery.Request
	d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		asked = append(asked, r)
		return &discovery.Response{Status: 404}, nil
	})
	entries := []card.Interface{
		{Index: 0, URL: "https://agent.example.com/a%20b/rest", Binding: "HTTP+JSON", Version: "1.0", Tenant: "eu west/1", HasTenant: true},
	}
	probe.Run(context.Background(), entries, d, probe.Options{TaskID: func() string { return "t1" }})
	if len(asked) != 1 || asked[0].URL != "https://agent.example.com/a%20b/rest/eu%20west%2F1/tasks/t1" {
		t.Fatalf("asked %+v", asked[0].URL)
	}
}

// TestLocalize: details render in Chinese and the JSON form carries the
// detail as data next to the rendered words.
func TestLocalize(t *testing.T) {
	rs := []probe.Result{{Outcome: probe.Unreachable, Detail: i18n.T("phrase.net.timeout", 3000)}}
	probe.Localize(rs, catalog.Of(i18n.Chinese))
	if !strings.Contains(rs[0].Message, "3000") || !strings.Contains(rs[0].Message, "毫秒") {
		t.Errorf("Chinese detail %q", rs[0].Message)
	}
	b, err := json.Marshal(rs[0])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for _, k := range []string{"index", "url", "binding", "version", "outcome", "status", "detail", "timeMs", "detailId", "detailArgs"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON %s lacks %q", b, k)
		}
	}
}

// One dead endpoint beside a live one is a warning; when none of the
// endpoints the probe tried answers, every finding is an error that
// says so (lint --probe exits 1).
func TestNoneAnsweredIsAnError(t *testing.T) {
	doc := jsonpos.Parse([]byte(`{"supportedInterfaces": [{"url": "https://a.northwind.dev/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
	  {"url": "https://a.northwind.dev/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]}`), jsonpos.Options{})
	entries := probe.Entries(doc.Root)
	result := func(i int, o probe.Outcome) probe.Result {
		return probe.Result{Index: entries[i].Index, Source: entries[i].Source, URL: entries[i].URL, Binding: entries[i].Binding, Version: "1.0",
			Outcome: o, Detail: i18n.T("phrase.net.timeout", 3000)}
	}
	one := probe.Diagnostics(doc, entries, []probe.Result{result(0, probe.SpeaksDeclared), result(1, probe.Unreachable)})
	if len(one) != 1 || one[0].Severity != lint.Warning || one[0].MessageID != "msg.probe-unreachable" {
		t.Errorf("one of two unreachable: %+v", one)
	}
	none := probe.Diagnostics(doc, entries, []probe.Result{result(0, probe.Unreachable), result(1, probe.Unreachable)})
	if len(none) != 2 {
		t.Fatalf("%+v", none)
	}
	for _, d := range none {
		if d.Severity != lint.Error || d.MessageID != "msg.probe-unreachable.none" {
			t.Errorf("none answered: %+v", d)
		}
	}
}
