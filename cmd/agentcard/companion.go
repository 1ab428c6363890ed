package main

import (
	"context"
	"time"

	"github.com/agentcard/agentcard/cmd/internal/companion"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/sdk"
)

// What runs the real a2a-go and gRPC code lives in the companion program
// agentcard-a2a (cmd/agentcard-a2a, cmd/internal/companion): its packages'
// initialisers alone took longer than everything else agentcard does at
// start (docs/PERFORMANCE.md). A command starts it when, and only
// when, it needs it: `lint --probe` meeting a GRPC entry, `select --sdk`
// answering the a2a-go row. Without it, the gRPC entries are not probed
// and the a2a-go row comes from the model, each saying why and how to
// install it.

// a2a is the run's companion, started on first use (run closes it).
func (e *env) a2a() *companion.Client {
	if e.companion == nil {
		e.companion = &companion.Client{}
	}
	return e.companion
}

// grpcProber probes GRPC entries in the companion.
func (e *env) grpcProber() probe.Prober {
	c := e.a2a()
	return probe.Remote(func(ctx context.Context, in probe.RemoteTarget, out *probe.RemoteVerdict) error {
		return c.Call(ctx, "probe-grpc", in, out)
	})
}

// goRunTimeout bounds the a2a-go run of one card in the companion.
const goRunTimeout = 30 * time.Second

// goRunner runs a2a-go in the companion for the matrix's a2a-go row.
func (e *env) goRunner() sdk.GoRunner {
	c := e.a2a()
	return func(ctx context.Context, src []byte) (sdk.GoFacts, error) {
		// a2a-go reads and chooses without any I/O; a child that takes
		// longer than this is stuck, and the model answers
		ctx, cancel := context.WithTimeout(ctx, goRunTimeout)
		defer cancel()
		var f sdk.GoFacts
		err := c.Call(ctx, "a2a-go", src, &f)
		return f, err
	}
}
