// Command agentcard-a2a is agentcard's companion: it holds what runs the
// real a2a-go and gRPC code, which agentcard keeps out of its own binary
// so that it starts in a few milliseconds (cmd/internal/companion says why).
// agentcard runs it as a child process when, and only when, a command
// needs it, and talks to it in JSON lines on its standard input and
// output:
//
//   - "probe-grpc": the gRPC probe of `agentcard lint --probe`
//     (core/probe/grpcprobe, grpc-go with a2a-go's A2AService stubs),
//     under the policy and with the credentials the request carries,
//     both decided by agentcard's engine;
//   - "a2a-go": a2a-go's card parser and client factory on a card, for
//     the a2a-go row of `agentcard select --sdk` (core/sdk/gorun).
//
// Install it next to agentcard, from the same clone or commit (README,
// Install the CLI):
//
//	go install ./cmd/agentcard ./cmd/agentcard-a2a
//
// `agentcard-a2a version` prints its build; with no arguments it serves.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/agentcard/agentcard/cmd/internal/companion"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/probe/grpcprobe"
	"github.com/agentcard/agentcard/core/sdk/gorun"
	"github.com/agentcard/agentcard/internal/buildinfo"
)

func main() {
	version := buildinfo.Get().Version
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "version", "--version":
			fmt.Printf("%s %s (protocol %d)\n", companion.Name, buildinfo.Get(), companion.Protocol)
			return
		}
		fmt.Fprintf(os.Stderr, "%s: agentcard runs this program itself (it answers JSON lines on stdin); `%s version` prints its build\n", companion.Name, companion.Name)
		os.Exit(2)
	}
	if err := companion.Serve(context.Background(), os.Stdin, os.Stdout, version, handlers()); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", companion.Name, err)
		os.Exit(1)
	}
}

func handlers() map[string]companion.Handler {
	grpc := grpcprobe.New()
	return map[string]companion.Handler{
		"probe-grpc": func(ctx context.Context, raw json.RawMessage) (any, error) {
			var in probe.RemoteTarget
			if err := json.Unmarshal(raw, &in); err != nil {
				return nil, err
			}
			return probe.ServeRemote(ctx, grpc, in), nil
		},
		"a2a-go": func(ctx context.Context, raw json.RawMessage) (any, error) {
			var src []byte
			if err := json.Unmarshal(raw, &src); err != nil {
				return nil, err
			}
			return gorun.Run(ctx, src), nil
		},
	}
}
