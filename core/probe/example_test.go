package probe_test

import (
	"context"
	"fmt"
	"net/http"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
)

// How a front end runs the probes after linting a card: `agentcard lint
// --probe` passes discovery.LocalPolicy(), a native HTTP Doer and
// grpcprobe.New(policy) as Options.GRPC; the Worker passes its own policy
// (loopback only under ALLOW_LOOPBACK=1) and the inbound request's
// discovery.Budget, and no GRPC prober. The results are the JSON `probes`;
// the findings join the card's own (discovery.Merge keeps the counts).
// Here a Doer without a network stands in for the agent.
func ExampleCheck() {
	card := []byte(`{"name":"Demo","supportedInterfaces":[
  {"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
  {"url":"https://agent.example.com/","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},
  {"url":"https://agent.example.com/grpc","protocolBinding":"GRPC","protocolVersion":"1.0"}]}`)
	agent := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		if r.Method == http.MethodPost { // the JSON-RPC endpoint: task not found
			return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}},
				Body: []byte(`{"jsonrpc":"2.0","id":"x","error":{"code":-32001,"message":"task not found"}}`)}, nil
		}
		return &discovery.Response{Status: 404, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte("<h1>Not found</h1>")}, nil
	})
	res := lint.Lint(card, lint.Options{})
	policy := discovery.DefaultPolicy()
	probes, findings := probe.Check(context.Background(), res.Doc, discovery.NewBudget(agent, discovery.DefaultMaxRequests), probe.Options{Policy: policy})
	discovery.Merge(res, findings)

	for _, p := range probes {
		fmt.Println(p.Index, p.Binding, p.Outcome, p.Status)
	}
	for _, d := range findings {
		fmt.Println(d.Code, d.Pointer, d.Range.Start)
	}
	probe.Localize(probes, catalog.Of(i18n.Chinese))
	fmt.Println(probes[1].Message)
	// Output:
	// 0 JSONRPC speaks-declared 200
	// 1 HTTP+JSON wrong-binding 404
	// 2 GRPC not-probed 0
	// probe-wrong-binding /supportedInterfaces/1/url 3:10
	// 它返回了 404 和一个 HTML 页面，而不是 HTTP+JSON 应答
}

// Diagnostics places findings on the url of the entry they are about.
func ExampleDiagnostics() {
	doc := jsonpos.Parse([]byte(`{"url":"https://agent.example.com/rpc","protocolVersion":"0.3.0"}`), jsonpos.Options{})
	entries := probe.Entries(doc.Root)
	results := []probe.Result{{Index: 0, Source: entries[0].Source, URL: entries[0].URL, Binding: "JSONRPC", Version: "0.3",
		Outcome: probe.Unreachable, Detail: i18n.T("phrase.net.timeout", 3000)}}
	for _, d := range probe.Diagnostics(doc, entries, results) {
		fmt.Println(d.Code, d.Severity, d.Pointer)
		fmt.Println(d.Message)
	}
	// The card's only endpoint did not answer, so the finding is an
	// error; beside an endpoint that answers it would be a warning.
	// Output:
	// probe-unreachable error /url
	// url + preferredTransport: "https://agent.example.com/rpc" does not answer: no answer within 3000 ms. None of the card's endpoints answered, so no client can use this agent.
}
