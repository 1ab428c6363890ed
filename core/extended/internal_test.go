package extended

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// A JSON-RPC POST follows 307/308 with its body, but a 302 would turn it
// into a GET: that is a bad answer, not followed.
func TestPostRedirects(t *testing.T) {
	for _, tc := range []struct {
		status   int
		requests int
		outcome  Outcome
	}{{307, 2, GotCard}, {308, 2, GotCard}, {302, 1, BadAnswer}, {303, 1, BadAnswer}} {
		var methods []string
		d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
			methods = append(methods, r.Method+" "+string(r.Body[:10]))
			if r.URL == "https://agent.example.com/a2a" {
				return &discovery.Response{Status: tc.status, Header: http.Header{"Location": {"/v2/a2a"}}}, nil
			}
			return &discovery.Response{Status: 200, Body: []byte(`{"jsonrpc":"2.0","id":"x","result":{"name":"A"}}`)}, nil
		})
		c := &checker{d: d, opts: Options{}.withDefaults()}
		c.opts.Policy.MaxRedirects = 5
		var res Result
		root := jsonpos.Parse([]byte(`{"supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`), jsonpos.Options{}).Root
		a := c.call(context.Background(), Targets(root)[0], false, &res)
		if a.outcome != tc.outcome || len(res.Requests) != tc.requests {
			t.Errorf("%d: outcome %s, requests %+v", tc.status, a.outcome, res.Requests)
		}
		for _, m := range methods {
			if m != `POST {"id":"age` {
				t.Errorf("%d: sent %q", tc.status, m)
			}
		}
		if tc.requests == 2 && res.Requests[1].URL != "https://agent.example.com/v2/a2a" {
			t.Errorf("%d: followed to %s", tc.status, res.Requests[1].URL)
		}
	}
}

// The operation's address per binding and version: a 1.0 tenant is the
// first path segment below the entry's URL; 0.3 uses /v1/card.
func TestBelow(t *testing.T) {
	root := jsonpos.Parse([]byte(`{"supportedInterfaces":[
  {"url":"https://a.example.com/rest/?x=1","protocolBinding":"HTTP+JSON","protocolVersion":"1.0","tenant":"t 1"}]}`), jsonpos.Options{}).Root
	e := Targets(root)[0]
	u, _ := url.Parse(e.URL)
	if got := below(u, e, false).String(); got != "https://a.example.com/rest/t%201/extendedAgentCard" {
		t.Errorf("1.0: %s", got)
	}
	if got := below(u, e, true).String(); got != "https://a.example.com/rest/v1/card" {
		t.Errorf("0.3: %s", got)
	}
	if b := string(rpcBody(e, false)); b != `{"id":"agentcard-extended","jsonrpc":"2.0","method":"GetExtendedAgentCard","params":{"tenant":"t 1"}}` {
		t.Errorf("1.0 body %s", b)
	}
	if b := string(rpcBody(e, true)); b != `{"id":"agentcard-extended","jsonrpc":"2.0","method":"agent/getAuthenticatedExtendedCard"}` {
		t.Errorf("0.3 body %s", b)
	}
}

// Hostile or odd answers give an outcome and a detail, never a panic or a
// card: HTML, JSON that is not JSON-RPC, a result that is not a card,
// null error codes, a Location that cannot be followed.
func TestOddAnswers(t *testing.T) {
	for _, tc := range []struct {
		binding string
		status  int
		body    string
		header  http.Header
		want    Outcome
	}{
		{"JSONRPC", 200, `<!doctype html><h1>hi</h1>`, nil, BadAnswer},
		{"JSONRPC", 404, `<h1>not found</h1>`, nil, Unsupported},
		{"JSONRPC", 200, `{"jsonrpc":"2.0","id":1,"result":[1]}`, nil, BadAnswer},
		{"JSONRPC", 200, `{"jsonrpc":"2.0","id":1,"error":{"code":null}}`, nil, BadAnswer},
		{"JSONRPC", 200, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}`, nil, Unsupported},
		{"JSONRPC", 200, `{"error":{"code":404,"status":"NOT_FOUND"}}`, nil, BadAnswer},
		{"JSONRPC", 302, ``, http.Header{"Location": {"javascript:alert(1)"}}, BadAnswer},
		{"HTTP+JSON", 200, `{"ok":true}`, nil, BadAnswer},
		{"HTTP+JSON", 200, `{"name":`, nil, BadAnswer},
		{"HTTP+JSON", 400, `{"error":{"code":400,"status":"FAILED_PRECONDITION","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"EXTENDED_AGENT_CARD_NOT_CONFIGURED"}]}}`, nil, Unsupported},
		{"HTTP+JSON", 500, `{"error":{"status":"UNAUTHENTICATED"}}`, nil, AuthRefused},
		{"HTTP+JSON", 301, ``, http.Header{"Location": {"\\\\evil.example"}}, BadAnswer},
	} {
		d := discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
			return &discovery.Response{Status: tc.status, Header: tc.header, Body: []byte(tc.body)}, nil
		})
		c := &checker{d: d, opts: Options{}.withDefaults()}
		src := `{"supportedInterfaces":[{"url":"https://a.example.com/x","protocolBinding":"` + tc.binding + `","protocolVersion":"1.0"}]}`
		var res Result
		a := c.call(context.Background(), Targets(jsonpos.Parse([]byte(src), jsonpos.Options{}).Root)[0], false, &res)
		if a.outcome != tc.want || a.detail.IsZero() || a.card != nil || res.Requests[0].Message == "" {
			t.Errorf("%s %d %s: %s %v", tc.binding, tc.status, tc.body, a.outcome, a.detail)
		}
	}
}
