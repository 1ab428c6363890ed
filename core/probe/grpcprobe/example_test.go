package grpcprobe_test

import (
	"context"
	"fmt"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/probe/grpcprobe"
)

// The CLI's `lint --probe`: the local policy (like curl, anything the user
// can reach), the native HTTP Doer, and the gRPC prober for GRPC entries.
func ExampleNew() {
	doc := jsonpos.Parse([]byte(`{"supportedInterfaces":[{"url":"grpc.agent.example.com:443","protocolBinding":"GRPC","protocolVersion":"1.0"}]}`), jsonpos.Options{})
	policy := discovery.LocalPolicy()
	results, findings := probe.Check(context.Background(), doc, discovery.NewHTTPDoer(policy),
		probe.Options{Policy: policy, GRPC: grpcprobe.New()})
	for _, r := range results {
		fmt.Println(r.Index, r.Binding, r.Outcome, r.Message)
	}
	fmt.Println(len(findings), "findings")
}
