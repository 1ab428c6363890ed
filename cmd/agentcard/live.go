package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"google.golang.org/grpc/metadata"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/probe/grpcprobe"
	"github.com/agentcard/agentcard/core/signature"
)

// Live checks (`lint --probe`, `--header`, `--key`, `--extended`) talk to
// the agent behind a card, not only read its text. They run under the
// CLI's one fetch policy, discovery.LocalPolicy (like curl: loopback,
// private hosts and plain http allowed, since the user runs the CLI on
// their own machine against agents they choose), through the native Doer,
// which checks every address it dials against that policy.
//
// Signatures are verified when --key is given (the supplied keys first,
// then a signature's jku) or when --probe is given (keys from each
// signature's jku only): a plain `lint` stays offline for files and makes
// only the card's own requests for URLs, so it never fetches a URL the
// card names unless the user asked for checks that talk to the agent.

// liveFlags are lint's options that talk to the agent.
type liveFlags struct {
	probe    bool
	extended bool
	keyFile  string
	keys     signature.KeySet
	// headers are the caller's --header values: secrets for one agent,
	// never printed (not in findings, not in JSON, not in errors).
	headers http.Header
}

// on reports whether any live check was asked for.
func (l *liveFlags) on() bool {
	return l.probe || l.extended || l.keyFile != "" || len(l.headers) > 0
}

// verify reports whether signatures are checked (see above).
func (l *liveFlags) verify() bool { return l.keyFile != "" || l.probe }

// reservedHeaders are headers --header may not set: they describe the
// connection or the body, or they are the ones the checks set themselves
// (core/extended keeps the same list out of what it forwards).
var reservedHeaders = map[string]bool{
	"Host": true, "Content-Length": true, "Transfer-Encoding": true, "Connection": true, "Keep-Alive": true,
	"Te": true, "Trailer": true, "Upgrade": true, "Proxy-Connection": true, "Expect": true,
	"User-Agent": true, "Accept": true, "Content-Type": true, "A2A-Version": true,
}

// parseHeader reads one --header 'Name: value'. The problem, when there is
// one, names the header but never repeats its value.
func parseHeader(v string) (name, value string, problem i18n.Text) {
	n, val, ok := strings.Cut(v, ":")
	n = strings.TrimSpace(n)
	if !ok || n == "" {
		return "", "", i18n.T("cli.live.header-form")
	}
	for i := 0; i < len(n); i++ {
		if c := n[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return "", "", i18n.T("cli.live.header-name", jsonpos.QuoteClipped(n))
		}
	}
	for r := range reservedHeaders {
		if strings.EqualFold(n, r) {
			return "", "", i18n.T("cli.live.header-reserved", r)
		}
	}
	n = http.CanonicalHeaderKey(n)
	val = strings.TrimSpace(val)
	if strings.ContainsAny(val, "\r\n\x00\x7f") {
		return "", "", i18n.T("cli.live.header-value", n)
	}
	return n, val, i18n.Text{}
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
// findings: the JSON result's `probes`, `signatures` and `extended`.
type liveResult struct {
	probes     []probe.Result
	signatures *signatureReport
	extended   *extended.Result
	// withheld is set when the caller's headers were kept from the
	// endpoints because the card came from another origin than the one
	// named (a redirect elsewhere).
	withheld bool
}

// signatureReport is `signatures` in JSON: the canonical payload the
// specification signs, and the check of each signature.
type signatureReport struct {
	Payload   string          `json:"payload"`
	Results   []signatureItem `json:"results"`
	Unchecked int             `json:"unchecked,omitempty"`
}

// signatureItem is one signature's check; message is in the output's
// language, messageId and args are the same in every language.
type signatureItem struct {
	Index     int                 `json:"index"`
	Outcome   signature.Outcome   `json:"outcome"`
	Alg       string              `json:"alg,omitempty"`
	Kid       string              `json:"kid,omitempty"`
	JKU       string              `json:"jku,omitempty"`
	KeySource signature.KeySource `json:"keySource,omitempty"`
	Variant   signature.Variant   `json:"variant,omitempty"`
	Message   string              `json:"message"`
	MessageID string              `json:"messageId"`
	Args      []any               `json:"args,omitempty"`
}

// newLiveDoer is the Doer of the live checks (the native one, which
// checks every dialled address against the policy).
var newLiveDoer = func(p discovery.Policy) discovery.Doer { return discovery.NewHTTPDoer(p) }

// liveCheck runs the live checks asked for on one INPUT and adds their
// findings to res. A document that is not a card object is not probed.
func (e *env) liveCheck(ctx context.Context, in *input, res *lint.Result, lf *liveFlags) *liveResult {
	out := &liveResult{}
	if lf.probe {
		out.probes = []probe.Result{}
	}
	if res == nil || res.Doc == nil || res.Doc.Root == nil || res.Doc.Root.Kind != jsonpos.Object {
		return out
	}
	policy := discovery.LocalPolicy()
	base := newLiveDoer(policy)
	doc := res.Doc

	// Where the caller's headers may go: the origin the user named (for a
	// fetched card) and the endpoints the card declares. A card that came
	// from elsewhere (a redirect to another origin) is not the one the
	// credentials were given for, so its endpoints get none.
	headers := lf.headers
	allowed := map[string]bool{}
	if in.uri != "" {
		if named, final := originOf(in.uri), originOf(in.final); named != "" {
			allowed[named] = true
			if final != "" && final != named {
				out.withheld = len(headers) > 0
				headers = nil
			}
		}
	}
	for _, entry := range probe.Entries(doc.Root) {
		if o := originOf(entry.URL); o != "" {
			allowed[o] = true
		}
	}
	d := credentialDoer{d: base, headers: headers, allowed: allowed}

	var extra []lint.Diagnostic
	if lf.probe {
		results, findings := probe.Check(ctx, doc, d, probe.Options{Policy: policy, GRPC: grpcWithHeaders(headers, allowed)})
		out.probes = results
		extra = append(extra, findings...)
	}
	if lf.verify() {
		out.signatures, extra = e.verifySignatures(ctx, in, doc, lf, policy, base, extra)
	}
	if lf.extended {
		cardURL := ""
		if in.uri != "" && !out.withheld {
			cardURL = in.uri
		}
		r := extended.Check(ctx, doc, base, extended.Options{Headers: headers, CardURL: cardURL, Policy: policy})
		out.extended = &r
		extra = append(extra, r.Diagnostics...)
	}
	mergeLive(res, extra)
	return out
}

// mergeLive adds the live findings to res: those without a place in the
// card in front (as discovery.Merge puts HTTP findings), those placed on
// a member among the card's own findings, before the first that starts
// after them, so that text output stays in the card's order.
func mergeLive(res *lint.Result, extra []lint.Diagnostic) {
	var placed, front []lint.Diagnostic
	for _, d := range extra {
		if placeless(d) {
			front = append(front, d)
		} else {
			placed = append(placed, d)
		}
	}
	discovery.Merge(res, front)
	for _, d := range placed {
		at := len(res.Diagnostics)
		for i, o := range res.Diagnostics {
			if !placeless(o) && o.Range.Start.Offset > d.Range.Start.Offset {
				at = i
				break
			}
		}
		res.Diagnostics = append(res.Diagnostics[:at], append([]lint.Diagnostic{d}, res.Diagnostics[at:]...)...)
		switch d.Severity {
		case lint.Error:
			res.Errors++
		case lint.Warning:
			res.Warnings++
		default:
			res.Infos++
		}
	}
}

// verifySignatures checks the card's signatures with the --key keys and,
// when none matches, the key set a signature's jku names (fetched through
// the policy, without the caller's headers: a key set is public).
func (e *env) verifySignatures(ctx context.Context, in *input, doc *jsonpos.Doc, lf *liveFlags, p discovery.Policy,
	d discovery.Doer, extra []lint.Diagnostic) (*signatureReport, []lint.Diagnostic) {
	src := in.src
	if len(src) == 0 {
		src = doc.Src
	}
	rep, err := signature.Verify(ctx, src, signature.Options{Keys: lf.keys, Fetch: discovery.KeySetFetcher(d, p)})
	if err != nil {
		// A card with no canonical form (broken JSON, a duplicate name)
		// already has syntax findings that say why.
		return nil, extra
	}
	out := &signatureReport{Payload: string(rep.Payload), Results: []signatureItem{}, Unchecked: rep.Unchecked}
	for _, r := range rep.Results {
		out.Results = append(out.Results, signatureItem{Index: r.Index, Outcome: r.Outcome, Alg: r.Alg, Kid: r.Kid,
			JKU: r.JKU, KeySource: r.KeySource, Variant: r.Variant, Message: i18n.EnglishCatalogue().Render(r.Text),
			MessageID: r.Text.ID, Args: r.Text.Args})
	}
	return out, append(extra, signature.Diagnostics(doc, rep)...)
}

// credentialDoer adds the caller's headers to requests whose origin is
// allowed, and sends every other request without them. The checks never
// follow a redirect through the Doer (discovery checks each hop and asks
// again), so each hop is judged on its own URL.
type credentialDoer struct {
	d       discovery.Doer
	headers http.Header
	allowed map[string]bool
}

func (c credentialDoer) Do(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
	if len(c.headers) == 0 || !c.allowed[originOf(r.URL)] {
		return c.d.Do(ctx, r)
	}
	withCreds := *r
	withCreds.Header = r.Header.Clone()
	if withCreds.Header == nil {
		withCreds.Header = http.Header{}
	}
	for k, vs := range c.headers {
		if withCreds.Header.Get(k) == "" {
			withCreds.Header[k] = append([]string(nil), vs...)
		}
	}
	return c.d.Do(ctx, &withCreds)
}

// grpcWithHeaders is the gRPC prober, sending the caller's headers as
// gRPC metadata to an allowed endpoint.
func grpcWithHeaders(h http.Header, allowed map[string]bool) probe.Prober {
	inner := grpcprobe.New()
	if len(h) == 0 {
		return inner
	}
	return func(ctx context.Context, t probe.Target) probe.Verdict {
		if t.URL != nil && allowed[originOf(t.URL.String())] {
			var kv []string
			for k, vs := range h {
				for _, v := range vs {
					kv = append(kv, strings.ToLower(k), v)
				}
			}
			ctx = metadata.AppendToOutgoingContext(ctx, kv...)
		}
		return inner(ctx, t)
	}
}

// originOf is scheme://host:port of an http(s) URL with its host in the
// canonical spelling the checks use (hosts.Canonical) and the default
// port written out, so that every spelling of one origin compares equal;
// a gRPC entry's bare "host:port" is read as https. "" for anything else.
func originOf(raw string) string {
	if raw == "" {
		return ""
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	switch {
	case scheme != "http" && scheme != "https":
		return ""
	case port == "" && scheme == "https":
		port = "443"
	case port == "":
		port = "80"
	}
	host := strings.ToLower(strings.Trim(u.Hostname(), "[]"))
	if c, ok := hosts.Canonical(host); ok {
		host = c
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

// writeLiveText prints what the live checks of one INPUT found that the
// findings do not already say: each probed entry's outcome, the extended
// card's requests, and a note when headers were withheld.
func (e *env) writeLiveText(b *strings.Builder, name string, lr *liveResult) {
	if lr == nil {
		return
	}
	if lr.withheld {
		fmt.Fprintf(b, "%s: %s\n", line(name), line(e.s("cli.live.withheld")))
	}
	if lr.probes != nil {
		if len(lr.probes) == 0 {
			fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.live.probes-none"))
		} else {
			fmt.Fprintf(b, "%s: %s\n", line(name), e.s("cli.live.probes"))
		}
		for _, p := range lr.probes {
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
	if x := lr.extended; x != nil {
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
	probe.Localize(lr.probes, cat)
	lr.extended.Localize(cat)
	if lr.signatures != nil {
		for i := range lr.signatures.Results {
			r := &lr.signatures.Results[i]
			r.Message = cat.Render(i18n.Text{ID: r.MessageID, Args: r.Args})
		}
	}
}

// withResult is the JSON result object of an INPUT with live checks: the
// lint result's members, then `probes` (with --probe), `signatures` (when
// signatures were verified) and `extended` (with --extended).
func (lr *liveResult) withResult(res *lint.Result) (json.RawMessage, error) {
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
	if lr.probes != nil {
		if err := add("probes", lr.probes); err != nil {
			return nil, err
		}
	}
	if lr.signatures != nil {
		if err := add("signatures", lr.signatures); err != nil {
			return nil, err
		}
	}
	if lr.extended != nil {
		if err := add("extended", lr.extended); err != nil {
			return nil, err
		}
	}
	if lr.withheld {
		if err := add("credentialsWithheld", true); err != nil {
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
