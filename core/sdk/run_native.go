//go:build !(js && wasm)

package sdk

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

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// goRun is what a2a-go did with a card: its reader's outcome and what it
// read, and its client's choice, in the shapes the models answer with.
type goRun struct {
	reading selection.CardReading
	result  selection.Result
}

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

// runGo runs a2a-go v2.3.1 itself on the card: the default card parser
// (agentcard.DefaultCardParser, encoding/json into a2a.AgentCard), then
// the default client factory (a2aclient.NewFromCard: its transport
// selection and the creation of the chosen transport, which opens no
// connection), then one GetTask call that an interceptor stops before
// anything is sent, to read the URL and protocol version the client
// would use. Logging is discarded; a panic inside the library (a null
// interface entry) is an error outcome.
func runGo(doc *jsonpos.Doc) (out goRun, ok bool) {
	if doc == nil {
		return goRun{}, false
	}
	name := selection.SDKGo.Name()
	fail := func(t i18n.Text) goRun {
		r := selection.Result{Outcome: selection.SDKError, Index: -1, Client: name, SDK: string(selection.SDKGo), Trace: []selection.Step{}}
		r.MessageText = i18n.T("msg.sdk.error", name, t)
		return goRun{reading: out.reading, result: r}
	}
	parsed, err := agentcard.DefaultCardParser(doc.Src)
	if err != nil {
		out.reading.Refusal = &selection.Refusal{SDK: selection.SDKGo, Kind: selection.RefuseType, Text: i18n.T("phrase.sdk.run.error", clipErr(err))}
		if m := selection.ReadCard(doc.Root, selection.SDKGo); m.Refusal != nil && doc.Root != nil {
			// the model names the place and the upstream issue
			out.reading.Refusal.Node, out.reading.Refusal.Issue, out.reading.Refusal.SpecShaped = m.Refusal.Node, m.Refusal.Issue, m.Refusal.SpecShaped
		}
		return fail(i18n.T("phrase.sdk.read.refused", out.reading.Refusal.Text)), true
	}
	out.reading = readingOf(parsed)
	defer func() {
		if p := recover(); p != nil {
			out = fail(i18n.T("phrase.sdk.run.panic", clip(fmt.Sprint(p))))
			ok = true
		}
	}()
	ctx := a2alog.AttachLogger(context.Background(), slog.New(slog.DiscardHandler))
	stop := &stopBefore{}
	client, err := a2aclient.NewFromCard(ctx, parsed, a2aclient.WithCallInterceptors(stop))
	if err != nil {
		if strings.Contains(err.Error(), "no compatible transports") || strings.Contains(err.Error(), "no supported interfaces") {
			r := selection.Result{Outcome: selection.NoCompatibleInterface, Index: -1, Client: name, SDK: string(selection.SDKGo), Trace: []selection.Step{}}
			r.MessageText = i18n.T("msg.sdk.none", name)
			return goRun{reading: out.reading, result: r}, true
		}
		return fail(i18n.T("phrase.sdk.run.error", clipErr(err))), true
	}
	defer client.Destroy()
	if _, err := client.GetTask(ctx, &a2a.GetTaskRequest{ID: "not-sent"}); !errors.Is(err, errStop) {
		return fail(i18n.T("phrase.sdk.run.error", clipErr(err))), true
	}
	// the entry is the one with that URL; the model's reading of the same
	// card gives its place and words when it agrees
	model := selection.SelectSDK(doc, selection.SDKGo, selection.SDKOptions{})
	if model.Outcome == selection.Selected && model.URL == stop.url && model.Speaks == stop.version {
		out.result = model
		return out, true
	}
	r := selection.Result{Outcome: selection.Selected, Index: -1, Client: name, SDK: string(selection.SDKGo), URL: stop.url, Speaks: stop.version, Trace: []selection.Step{}}
	for _, it := range card.Interfaces(doc.Root) {
		if it.URL == stop.url {
			r.Index, r.Source, r.ProtocolBinding, r.ProtocolVersion, r.Tenant = it.Index, it.Source, it.Binding, it.Version, it.Tenant
			break
		}
	}
	r.MessageText = i18n.T("msg.sdk.matrix.go-ran", name, r.Index, jsonpos.QuoteClipped(stop.url), stop.version)
	out.result = r
	return out, true
}

// readingOf is what a2a-go read, in the models' shape.
func readingOf(c *a2a.AgentCard) selection.CardReading {
	out := selection.CardReading{Interfaces: len(c.SupportedInterfaces), SecurityRequirements: []map[string][]string{}, ExtendedCard: c.Capabilities.ExtendedAgentCard}
	for _, req := range c.SecurityRequirements {
		m := map[string][]string{}
		for name, scopes := range req {
			m[string(name)] = append([]string{}, scopes...)
		}
		out.SecurityRequirements = append(out.SecurityRequirements, m)
	}
	return out
}

func clipErr(err error) string { return clip(err.Error()) }

func clip(s string) string { return jsonpos.Clip(s, 300) }
