package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/signature"
)

// Live checks (`lint --probe`, `--header`, `--key`, `--extended`) talk to
// the agent behind a card, not only read its text. They are the engine's
// one pipeline (core/check), run under the CLI's fetch policy,
// discovery.LocalPolicy (like curl: loopback, private hosts and plain
// http allowed, since the user runs the CLI on their own machine against
// agents they choose), through the native Doer, which checks every
// address it dials against that policy. The CLI only parses the flags and
// prints the result; where the caller's headers go and whose keys count
// is decided there, as it is for the Worker.
//
// Signatures are verified when --key is given (only the supplied keys
// count) or when --probe is given (without keys, only a key the card's
// own origin publishes at its jku, reported as self-published): a plain
// `lint` stays offline for files and makes only the card's own requests
// for URLs, so it never fetches a URL the card names unless the user
// asked for checks that talk to the agent.

// liveFlags are lint's options that talk to the agent.
type liveFlags struct {
	probe    bool
	extended bool
	keyFile  string
	keys     signature.KeySet
	// headers are the caller's --header values: secrets for one agent,
	// never printed (not in findings, not in JSON, not in errors).
	headers http.Header
	// headerOrigins are the --header-origin values: where headers may go
	// for a card read from a file, which has no origin of its own.
	headerOrigins []string
}

// on reports whether any live check was asked for.
func (l *liveFlags) on() bool {
	return l.probe || l.extended || l.keyFile != "" || len(l.headers) > 0
}

// options are the pipeline's options for these flags.
func (l *liveFlags) options() check.Options {
	return check.Options{Probe: l.probe, Extended: l.extended, Verify: l.keyFile != "" || l.probe, Keys: l.keys,
		Headers: l.headers, HeaderOrigins: l.headerOrigins, Policy: discovery.LocalPolicy()}
}

// parseHeader reads one --header 'Name: value' and checks it with the
// engine's one rule for a caller's header (discovery.CheckHeader). The
// problem, when there is one, names the header but never repeats its
// value.
func parseHeader(v string) (name, value string, problem i18n.Text) {
	n, val, ok := strings.Cut(v, ":")
	n = strings.TrimSpace(n)
	if !ok || n == "" {
		return "", "", i18n.T("cli.live.header-form")
	}
	canon, p := discovery.CheckHeader(n, strings.TrimSpace(val))
	switch p {
	case discovery.HeaderBadName:
		return "", "", i18n.T("cli.live.header-name", jsonpos.QuoteClipped(n))
	case discovery.HeaderReserved:
		return "", "", i18n.T("cli.live.header-reserved", canon)
	case discovery.HeaderBadValue, discovery.HeaderValueLong:
		return "", "", i18n.T("cli.live.header-value", canon)
	}
	return canon, strings.TrimSpace(val), i18n.Text{}
}

// parseHeaderOrigin reads one --header-origin: an http(s) origin (a path
// after it is ignored).
func parseHeaderOrigin(v string) (string, i18n.Text) {
	if u, ok := discovery.ParseTarget(v); !ok || u.User != nil {
		return "", i18n.T("cli.live.header-origin-value", jsonpos.QuoteClipped(v))
	}
	return strings.TrimSpace(v), i18n.Text{}
}

// readKeys reads --key: a JWK or a JWKS, public keys (a private JWK is
// read for its public part).
func readKeys(path string) (signature.KeySet, i18n.Text) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fileProblem(path, err).texts[0]
	}
	set, err := signature.ParseKeys(b)
	if err != nil {
		var se *signature.Error
		if errors.As(err, &se) {
			return nil, i18n.T("cli.live.key-file", path, se.Text)
		}
		return nil, i18n.T("cli.live.key-file", path, err.Error())
	}
	return set, i18n.Text{}
}

// liveResult is what the live checks of one INPUT found beside its
// findings: the JSON result's `probes`, `signatures`, `extended` and
// `credentialsWithheld`.
type liveResult struct {
	res *check.Result
}

// newLiveDoer is the Doer of the checks (the native one, which checks
// every dialled address against the policy); tests replace it.
var newLiveDoer = func(p discovery.Policy) discovery.Doer { return discovery.NewHTTPDoer(p) }

// runCheck runs the pipeline on one target with the CLI's capabilities.
func (e *env) runCheck(ctx context.Context, t check.Target, o check.Options) (*check.Result, error) {
	if o.Policy.Timeout == 0 {
		o.Policy = discovery.LocalPolicy()
	}
	if t.Body != nil && !o.Probe && !o.Extended && !o.Verify && o.Converse == nil {
		// a card read from a file with no live check sends nothing: lint
		// of a directory builds no HTTP client per card
		return check.Run(ctx, t, o, check.Capabilities{})
	}
	return check.Run(ctx, t, o, check.Capabilities{Doer: newLiveDoer(o.Policy), GRPC: e.grpcProber()})
}

// credentialProblem is a refusal of the caller's headers by the pipeline
// in the CLI's words; ok is false for any other error.
func credentialProblem(err error) (i18n.Text, bool) {
	var he *discovery.HeaderError
	var oe *discovery.HeaderOriginError
	switch {
	case errors.Is(err, discovery.ErrHeaderOriginNeeded):
		return i18n.T("cli.live.header-origin-needed"), true
	case errors.Is(err, discovery.ErrHeaderOriginListed):
		return i18n.T("cli.live.header-origin-listed"), true
	case errors.As(err, &oe):
		return i18n.T("cli.live.header-origin-value", jsonpos.QuoteClipped(oe.Value)), true
	case errors.As(err, &he):
		return i18n.T("cli.live.header-value", he.Name), true
	}
	return i18n.Text{}, false
}

// writeLiveText prints what the live checks of one INPUT found that the
// findings do not already say: each probed entry's outcome, the extended
// card's requests, and a note when headers were withheld.
func (e *env) writeLiveText(b *strings.Builder, name string, lr *liveResult) {
	if lr == nil {
		return
	}
	if w := lr.res.Withheld; w != nil {
		fmt.Fprintf(b, "%s: %s\n", line(name), line(w.Message))
	}
	if probes := lr.res.Probes; probes != nil {
		if len(probes) == 0 {
			fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.live.probes-none"))
		} else {
			fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.live.probes"))
		}
		for _, p := range probes {
			style := ansiYellow
			switch p.Outcome {
			case probe.SpeaksDeclared:
				style = ansiGreen
			case probe.WrongBinding, probe.VersionRefused:
				style = ansiRed
			}
			status := e.t("cli.live.probe-time", p.TimeMS)
			if p.Status != 0 {
				status = e.t("cli.live.probe-status", p.Status, p.TimeMS)
			}
			fmt.Fprintf(b, "  %s\n", e.t("cli.live.probe-line", p.Index, e.paint(style, e.probeOutcome(p.Outcome)),
				line(p.Source), line(p.Binding), line(p.Version), line(p.URL), status, line(p.Message)))
		}
	}
	e.writeClaimsText(b, name, lr.res.Claims)
	if x := lr.res.Extended; x != nil {
		switch {
		case !x.Declared:
			fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.live.extended-none"))
		case x.NoteMessage != "":
			fmt.Fprintf(b, "%s: %s\n", line(name), line(x.NoteMessage))
		default:
			fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.live.extended"))
		}
		for _, r := range x.Requests {
			creds := e.s("cli.live.extended-anonymous")
			switch {
			case r.Credentials:
				creds = e.s("cli.live.extended-credentials")
			case r.Withheld:
				creds = e.s("cli.live.extended-withheld")
			}
			fmt.Fprintf(b, "  %s\n", e.t("cli.live.extended-line", line(r.Method), line(r.URL), creds, line(string(r.Outcome)), line(r.Message)))
		}
	}
}

// probeOutcome is an outcome in the output's language; JSON keeps the code.
func (e *env) probeOutcome(o probe.Outcome) string {
	id := "cli.live.outcome." + string(o)
	if s := e.s(id); s != id {
		return s
	}
	return string(o)
}

// localize renders the live results' words in cat's language (the
// findings are localized with the result).
func (lr *liveResult) localize(cat *i18n.Catalogue) {
	if lr == nil || cat == nil {
		return
	}
	probe.Localize(lr.res.Probes, cat)
	probe.LocalizeClaims(lr.res.Claims, cat)
	lr.res.Extended.Localize(cat)
	lr.res.Withheld.Localize(cat)
}

// withResult is the JSON result object of an INPUT with live checks: the
// lint result's members, then `probes` (with --probe), `claims` (with
// conform), `signatures` (when signatures were verified), `extended`
// (with --extended) and
// `credentialsWithheld` with its reason, in cat's language.
func (lr *liveResult) withResult(res *lint.Result, cat *i18n.Catalogue) (json.RawMessage, error) {
	b, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	var extra []byte
	add := func(name string, v any) error {
		vb, err := json.Marshal(v)
		if err != nil {
			return err
		}
		extra = append(extra, ',')
		extra = append(extra, strconv.Quote(name)...)
		extra = append(extra, ':')
		extra = append(extra, vb...)
		return nil
	}
	type member struct {
		name string
		v    any
	}
	r := lr.res
	var members []member
	if r.Probes != nil {
		members = append(members, member{"probes", r.Probes})
	}
	if r.Claims != nil {
		members = append(members, member{"claims", r.Claims})
	}
	if r.Exchange != nil {
		members = append(members, member{"exchange", r.Exchange})
	}
	if s := r.SignaturesJSON(cat); s != nil {
		members = append(members, member{"signatures", s})
	}
	if r.Extended != nil {
		members = append(members, member{"extended", r.Extended})
	}
	if r.Withheld != nil {
		members = append(members, member{"credentialsWithheld", true}, member{"credentialsWithheldReason", r.Withheld})
	}
	for _, m := range members {
		if err := add(m.name, m.v); err != nil {
			return nil, err
		}
	}
	b = bytes.TrimRight(b, " \n")
	if len(b) < 2 || b[len(b)-1] != '}' {
		return nil, errors.New("lint result is not a JSON object")
	}
	out := append(append(b[:len(b)-1:len(b)-1], extra...), '}')
	return out, nil
}
