// Package gorun runs a2a-go v2 itself on a card (the a2a-go row of the
// compatibility matrix, Basis "running-sdk"). It is linked only into the
// companion program agentcard-a2a (cmd/agentcard-a2a) and tests: a2a-go
// brings encoding/gob, protobuf and gRPC, whose package initialisers
// would cost every agentcard start (cmd/internal/companion says more). What the
// facts mean is decided in core/sdk.
package gorun

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	a2alog "github.com/a2aproject/a2a-go/v2/log"

	"github.com/agentcard/agentcard/core/sdk"
)

// errStop stops the one call the client makes before it is sent: it is
// made only to learn where the client would send it.
var errStop = errors.New("stopped before sending")

type stopBefore struct {
	a2aclient.PassthroughInterceptor
	url, version string
}

func (s *stopBefore) Before(ctx context.Context, req *a2aclient.Request) (context.Context, any, error) {
	s.url = req.BaseURL
	if v := req.ServiceParams[a2a.SvcParamVersion]; len(v) > 0 {
		s.version = v[0]
	}
	return ctx, nil, errStop
}

// Run runs a2a-go on src: the default card parser
// (agentcard.DefaultCardParser, encoding/json into a2a.AgentCard), then
// the default client factory (a2aclient.NewFromCard: its transport
// selection and the creation of the chosen transport, which opens no
// connection), then one GetTask call that an interceptor stops before
// anything is sent, to read the URL and protocol version the client
// would use. Logging is discarded; a panic inside the library (a null
// interface entry) is reported as a fact.
func Run(ctx context.Context, src []byte) (out sdk.GoFacts) {
	parsed, err := agentcard.DefaultCardParser(src)
	if err != nil {
		return sdk.GoFacts{ParseError: err.Error()}
	}
	out.Reads = readsOf(parsed)
	defer func() {
		if p := recover(); p != nil {
			out = sdk.GoFacts{Reads: out.Reads, Panic: fmt.Sprint(p)}
		}
	}()
	ctx = a2alog.AttachLogger(ctx, slog.New(slog.DiscardHandler))
	stop := &stopBefore{}
	client, err := a2aclient.NewFromCard(ctx, parsed, a2aclient.WithCallInterceptors(stop))
	if err != nil {
		if strings.Contains(err.Error(), "no compatible transports") || strings.Contains(err.Error(), "no supported interfaces") {
			out.NoneCompatible = true
			return out
		}
		out.ClientError = err.Error()
		return out
	}
	defer client.Destroy()
	if _, err := client.GetTask(ctx, &a2a.GetTaskRequest{ID: "not-sent"}); !errors.Is(err, errStop) {
		out.ClientError = fmt.Sprint(err)
		return out
	}
	out.URL, out.Version = stop.url, stop.version
	return out
}

// readsOf is what a2a-go read, in the matrix's shape.
func readsOf(c *a2a.AgentCard) *sdk.Reads {
	out := &sdk.Reads{Interfaces: len(c.SupportedInterfaces), SecurityRequirements: []map[string][]string{}, ExtendedCard: c.Capabilities.ExtendedAgentCard}
	for _, req := range c.SecurityRequirements {
		m := map[string][]string{}
		for name, scopes := range req {
			m[string(name)] = append([]string{}, scopes...)
		}
		out.SecurityRequirements = append(out.SecurityRequirements, m)
	}
	return out
}
