package probe

import (
	"context"
	"errors"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// A Prober can run in another process: the CLI keeps the gRPC client out
// of its own binary (it would cost every run its package initialisers)
// and runs it in the companion program agentcard-a2a (cmd/internal/companion),
// which serves RemoteTarget requests with ServeRemote. Everything the
// probe may do travels with the request, decided here by the engine: the
// policy (the child checks the URL against it again, and every address
// it dials), the credentials the check's scope let go to this target,
// the task id, the bounds.

// RemoteTarget is a Target as it crosses to the process that probes it.
type RemoteTarget struct {
	Index     int              `json:"index"`
	Source    string           `json:"source"`
	URL       string           `json:"url"` // the entry's url as written
	Binding   string           `json:"binding"`
	Version   string           `json:"version"`
	Tenant    string           `json:"tenant,omitempty"`
	HasTenant bool             `json:"hasTenant,omitempty"`
	Policy    discovery.Policy `json:"policy"`
	TaskID    string           `json:"taskId"`
	UserAgent string           `json:"userAgent"`
	MaxAnswer int64            `json:"maxAnswer"`
	// TimeoutMS is the run's time limit per entry; the child's deadline
	// is the smaller of it and LeftMS, what was left of the caller's.
	TimeoutMS int64 `json:"timeoutMs"`
	LeftMS    int64 `json:"leftMs"`
	// Header holds the caller's credentials for this target only (the
	// check's credential scope decided; nil otherwise).
	Header map[string][]string `json:"header,omitempty"`
}

// RemoteVerdict is a Verdict as it comes back.
type RemoteVerdict struct {
	Outcome Outcome    `json:"outcome"`
	Status  int        `json:"status"`
	Scheme  string     `json:"scheme,omitempty"`
	Detail  *i18n.Wire `json:"detail,omitempty"`
}

// Remote is a Prober that sends each target to call (the companion's
// "probe-grpc" op) and reads its verdict. When call fails (the companion
// is not installed, or broke), the entry is not probed, with call's
// error's words when it has some (i18n.AsText).
func Remote(call func(ctx context.Context, in RemoteTarget, out *RemoteVerdict) error) Prober {
	return func(ctx context.Context, t Target) Verdict {
		in := RemoteTarget{Index: t.Entry.Index, Source: t.Entry.Source, URL: t.Entry.URL, Binding: t.Entry.Binding,
			Version: t.Entry.Version, Tenant: t.Entry.Tenant, HasTenant: t.Entry.HasTenant,
			Policy: t.Policy, TaskID: t.TaskID, UserAgent: t.UserAgent, MaxAnswer: t.MaxAnswer,
			TimeoutMS: t.Timeout.Milliseconds(), Header: t.Header}
		if d, ok := ctx.Deadline(); ok {
			in.LeftMS = max(time.Until(d).Milliseconds(), 1)
		}
		var out RemoteVerdict
		if err := call(ctx, in, &out); err != nil {
			var at i18n.AsText
			switch {
			case ctx.Err() != nil:
				return Verdict{Outcome: Unreachable, Detail: i18n.T("phrase.net.timeout", int(t.Timeout.Milliseconds()))}
			case errors.As(err, &at):
				return notProbed("msg.probe.not-probed.companion", at.AsText())
			}
			return notProbed("msg.probe.not-probed.companion", err.Error())
		}
		return Verdict{Outcome: out.Outcome, Status: out.Status, Scheme: out.Scheme, Detail: out.Detail.Text()}
	}
}

// ServeRemote probes one RemoteTarget with p, in the child: the entry is
// read again as probe.Run reads it (its URL parsed, checked against the
// request's policy), so a request can ask for nothing the policy would
// refuse, and the deadline and bounds are the caller's.
func ServeRemote(ctx context.Context, p Prober, in RemoteTarget) RemoteVerdict {
	v := serveRemote(ctx, p, in)
	return RemoteVerdict{Outcome: v.Outcome, Status: v.Status, Scheme: v.Scheme, Detail: i18n.ToWire(v.Detail)}
}

func serveRemote(ctx context.Context, p Prober, in RemoteTarget) Verdict {
	if in.Binding != GRPC {
		return notProbed("msg.probe.not-probed.binding", jsonpos.QuoteClipped(in.Binding))
	}
	u, bare, ok := endpoint(in.URL, true)
	if !ok {
		return notProbed("msg.probe.not-probed.url", jsonpos.QuoteClipped(in.URL))
	}
	if err := in.Policy.Check(u); err != nil {
		return refused(err)
	}
	timeout := time.Duration(in.TimeoutMS) * time.Millisecond
	if timeout <= 0 || timeout > DefaultTimeout*10 {
		timeout = DefaultTimeout
	}
	limit := timeout
	if in.LeftMS > 0 {
		limit = min(limit, time.Duration(in.LeftMS)*time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	if in.MaxAnswer <= 0 || in.MaxAnswer > MaxAnswer {
		in.MaxAnswer = MaxAnswer
	}
	var h discovery.Header
	if len(in.Header) > 0 {
		h = discovery.Header(in.Header)
	}
	e := card.Interface{Index: in.Index, Source: in.Source, URL: in.URL, Binding: in.Binding, Version: in.Version, Tenant: in.Tenant, HasTenant: in.HasTenant}
	return p(ctx, Target{Entry: e, URL: u, Bare: bare, Policy: in.Policy, TaskID: in.TaskID, UserAgent: in.UserAgent,
		MaxAnswer: in.MaxAnswer, Timeout: timeout, Header: h})
}
