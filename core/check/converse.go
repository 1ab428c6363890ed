//go:build !worker

package check

import (
	"context"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/selection"
)

// conversations: this build can talk to an agent (Options.Converse).
const conversations = true

// converse selects the interface o.Converse's client would pick and has
// the conversation there: one request, through the credential scope and
// the check's budget.
func (r *runner) converse(ctx context.Context, lr *lint.Result) (*selection.Result, []probe.Talk) {
	sel := selection.SelectDetected(lr.Doc, lr.Detection, r.o.Converse.Profile)
	if sel.Trace == nil {
		sel.Trace = []selection.Step{}
	}
	if sel.Outcome != selection.Selected {
		return &sel, nil
	}
	e := card.Interface{Index: sel.Index, Source: sel.Source, URL: sel.URL, Binding: sel.ProtocolBinding,
		Version: sel.ProtocolVersion, Tenant: sel.Tenant, HasTenant: sel.HasTenant}
	c := r.o.Converse.Conversation
	c.Policy = r.o.Policy
	calls := []probe.Conversation{c}
	if r.o.Converse.Streaming && c.Method == probe.MethodSend {
		if st := lr.Doc.Root.Get("capabilities").Get("streaming"); st != nil && st.Kind == jsonpos.Bool && st.Bool {
			s := c
			s.Method = probe.MethodStream
			calls = append(calls, s)
		}
	}
	d := discovery.NewBudget(r.creds.Doer(r.total), len(calls))
	var talks []probe.Talk
	for _, call := range calls {
		talks = append(talks, probe.Converse(ctx, e, d, call))
	}
	return &sel, talks
}
