package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Claims: what the card says its agent does, checked harmlessly on every
// entry the probe found speaking its binding (`agentcard conform`,
// docs/ARCHITECTURE.md, Contracts). Each check is one call that creates
// nothing and runs no model, for a task id that cannot exist, without the
// caller's credentials, in the entry's binding and version, through the
// same Doer (policy, budget) as the probes:
//
//   - streaming: SubscribeToTask (0.3: tasks/resubscribe). TaskNotFound
//     means the server would stream; UnsupportedOperation (or a JSON-RPC
//     server that does not know the method) means it does not. a2a-go's
//     a2asrv (v2.3.1, v2.4.0) answers so, as an SSE stream whose first
//     event is the error; the stream is read to its first event only.
//   - pushNotifications: list the task's push-notification configs.
//     PushNotificationNotSupported (or UnsupportedOperation) means push is
//     off; TaskNotFound or a list means it is on (a2asrv answers an empty
//     list).
//   - extendedAgentCard: GetExtendedAgentCard without credentials. An
//     authentication challenge (or a card) means there is one;
//     UnsupportedOperation or ExtendedAgentCardNotConfigured means none.
//   - errors: the probe's GetTask must have been answered with the
//     spec's TaskNotFound (-32001, or 404 with ErrorInfo TASK_NOT_FOUND),
//     every HTTP+JSON error of a 1.0 entry must carry a google.rpc.Status
//     with an ErrorInfo reason, and a GetTask for an A2A-Version no server
//     speaks must be refused with VersionNotSupported (§3.6.2). These are
//     the server's doing, not claims of the card: a deviation is a
//     warning naming the servers known to behave so (a2asrv v2.4.0
//     ignores the version header), and an errors claim the server's
//     mapping hides is unknown, never contradicted.
//
// gRPC entries are not checked today (their client runs in the CLI's
// companion); their claims are unknown with that reason.

// Claim names (the `claim` member).
const (
	ClaimBinding   = "binding"
	ClaimVersion   = "version"
	ClaimStreaming = "streaming"
	ClaimPush      = "pushNotifications"
	ClaimExtended  = "extendedAgentCard"
	ClaimErrors    = "errors"
)

// ClaimVerdict is what the answers made of a claim.
type ClaimVerdict string

const (
	Holds        ClaimVerdict = "holds"
	Contradicted ClaimVerdict = "contradicted"
	Unknown      ClaimVerdict = "unknown"
)

// ClaimRequests is what the claims of one entry may send: SubscribeToTask,
// the push-config list, GetExtendedAgentCard and a GetTask in a version
// no server speaks. MaxClaimEntries entries are checked, in card order
// (later ones get unknown claims, at no cost): at most
// MaxClaimRequests calls per run beside the probes.
const (
	ClaimRequests    = 4
	MaxClaimEntries  = 4
	MaxClaimRequests = ClaimRequests * MaxClaimEntries
)

// UnspeakableVersion is the A2A-Version of the negotiation check: a
// well-formed Major.Minor that no specification defines.
const UnspeakableVersion = "99.0"

// ClaimAnswer bounds the bytes read of each answer to a claim check (an
// SSE stream is also cut after its first event).
const ClaimAnswer = 16 << 10

// Claim is one claim of one entry: the `claims` item of `conform --format
// json` (claim, index, url, binding, version, declared, observed, verdict,
// detail, plus source, detailId and detailArgs).
type Claim struct {
	Claim   string `json:"claim"`
	Index   int    `json:"index"`
	Source  string `json:"source"`
	URL     string `json:"url"`
	Binding string `json:"binding"`
	Version string `json:"version"`
	// Declared is what the card says ("true", "false", a binding, a
	// version); Observed the answer that decided, named as the
	// specification names it ("UnsupportedOperation -32004", "HTTP 404
	// TASK_NOT_FOUND"), or "" when nothing was asked.
	Declared string       `json:"declared"`
	Observed string       `json:"observed"`
	Verdict  ClaimVerdict `json:"verdict"`
	Detail   i18n.Text    `json:"-"`
	Message  string       `json:"detail"`
	// Deviation is a server deviation the answers showed (an errors
	// claim), reported as a warning of the rule DeviationCode; it is the
	// server's doing, never a claim of the card.
	Deviation     i18n.Text `json:"-"`
	DeviationCode string    `json:"-"`
}

// MarshalJSON adds the detail as data, as Result does.
func (c Claim) MarshalJSON() ([]byte, error) {
	type plain Claim
	return json.Marshal(struct {
		plain
		DetailID   string `json:"detailId,omitempty"`
		DetailArgs []any  `json:"detailArgs,omitempty"`
	}{plain(c), c.Detail.ID, c.Detail.Args})
}

// LocalizeClaims renders every claim's detail in cat's language.
func LocalizeClaims(cs []Claim, cat *i18n.Catalogue) {
	if cat == nil {
		return
	}
	for i := range cs {
		if !cs[i].Detail.IsZero() {
			cs[i].Message = cat.Render(cs[i].Detail)
		}
	}
}

// declared is what a card claims about its agent.
type declared struct {
	streaming, push, extended bool
	// nodes are where a finding about each claim goes.
	nodes map[string]*jsonpos.Node
}

func readDeclared(root *jsonpos.Node) declared {
	d := declared{nodes: map[string]*jsonpos.Node{}}
	if root == nil {
		return d
	}
	flag := func(n *jsonpos.Node, key string) (bool, *jsonpos.Node) {
		if n == nil || n.Kind != jsonpos.Object {
			return false, nil
		}
		v := n.Get(key)
		return v != nil && v.Kind == jsonpos.Bool && v.Bool, v
	}
	caps := root.Get("capabilities")
	d.streaming, d.nodes[ClaimStreaming] = flag(caps, "streaming")
	d.push, d.nodes[ClaimPush] = flag(caps, "pushNotifications")
	d.extended, d.nodes[ClaimExtended] = flag(caps, "extendedAgentCard")
	if !d.extended {
		// 0.3 put the promise at the top level.
		if ok, n := flag(root, "supportsAuthenticatedExtendedCard"); ok {
			d.extended, d.nodes[ClaimExtended] = true, n
		}
	}
	return d
}

// Claims checks the claims of every probed entry (results are probe.Run's
// for entries, in the same order) and returns them, entry by entry in
// card order, with the findings they amount to. d must carry no
// credentials; requests are counted by d when it is a *discovery.Budget,
// otherwise capped here at ClaimRequests per entry.
func Claims(ctx context.Context, doc *jsonpos.Doc, entries []card.Interface, results []Result, d discovery.Doer, opts Options) ([]Claim, []diag.Diagnostic) {
	opts = opts.withDefaults()
	if opts.MaxAnswer > ClaimAnswer {
		opts.MaxAnswer = ClaimAnswer
	}
	if doc == nil || doc.Root == nil || len(results) == 0 {
		return []Claim{}, nil
	}
	n := min(len(results), len(entries), opts.MaxEntries)
	checked := min(n, MaxClaimEntries)
	if _, ok := d.(*discovery.Budget); !ok {
		d = discovery.NewBudget(d, checked*ClaimRequests)
	}
	decl := readDeclared(doc.Root)
	per := make([][]Claim, n)
	for i := checked; i < n; i++ {
		per[i] = unknownAll(entries[i], results[i], decl, i18n.T("msg.claims.unknown.cap", MaxClaimEntries))
	}
	var wg sync.WaitGroup
	for i := range checked {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					per[i] = unknownAll(entries[i], results[i], decl, i18n.T("msg.probe.internal", fmt.Sprint(v)))
				}
			}()
			per[i] = entryClaims(ctx, entries[i], results[i], decl, d, opts)
		}()
	}
	wg.Wait()
	out := []Claim{}
	for _, cs := range per {
		out = append(out, cs...)
	}
	en := i18n.EnglishCatalogue()
	for i := range out {
		out[i].Message = en.Render(out[i].Detail)
	}
	return out, ClaimDiagnostics(doc, entries[:n], out)
}

func boolText(b bool) string { return strconv.FormatBool(b) }

func newClaim(name string, e card.Interface, declared string) Claim {
	return Claim{Claim: name, Index: e.Index, Source: e.Source, URL: e.URL, Binding: e.Binding, Version: e.Version, Declared: declared}
}

// unknownAll: every capability claim of an entry is unknown, for why.
func unknownAll(e card.Interface, r Result, decl declared, why i18n.Text) []Claim {
	cs := probeClaims(e, r)
	for _, c := range []Claim{
		newClaim(ClaimStreaming, e, boolText(decl.streaming)),
		newClaim(ClaimPush, e, boolText(decl.push)),
		newClaim(ClaimExtended, e, boolText(decl.extended)),
		newClaim(ClaimErrors, e, e.Binding),
	} {
		c.Verdict, c.Detail = Unknown, why
		cs = append(cs, c)
	}
	return cs
}

// probeClaims are the binding and version claims: today's probe.
func probeClaims(e card.Interface, r Result) []Claim {
	b, v := newClaim(ClaimBinding, e, e.Binding), newClaim(ClaimVersion, e, e.Version)
	b.Observed, v.Observed = string(r.Outcome), string(r.Outcome)
	b.Detail, v.Detail = r.Detail, r.Detail
	switch r.Outcome {
	case SpeaksDeclared:
		b.Verdict, v.Verdict = Holds, Holds
	case VersionRefused:
		b.Verdict, v.Verdict = Holds, Contradicted
	case WrongBinding:
		b.Verdict, v.Verdict = Contradicted, Unknown
	default:
		b.Verdict, v.Verdict = Unknown, Unknown
	}
	return []Claim{b, v}
}

// entryClaims checks one entry's claims, one call after the other.
func entryClaims(ctx context.Context, e card.Interface, r Result, decl declared, d discovery.Doer, opts Options) []Claim {
	switch {
	case e.Binding == GRPC:
		return unknownAll(e, r, decl, i18n.T("msg.claims.unknown.grpc"))
	case r.Outcome != SpeaksDeclared:
		return unknownAll(e, r, decl, i18n.T("msg.claims.unknown.probe", string(r.Outcome)))
	}
	u, _, ok := endpoint(e.URL, false)
	if !ok {
		return unknownAll(e, r, decl, i18n.T("msg.probe.not-probed.url", jsonpos.QuoteClipped(e.URL)))
	}
	if err := opts.Policy.Check(u); err != nil {
		return unknownAll(e, r, decl, refused(err).Detail)
	}
	legacy := isLegacy(e.Version)
	id := opts.TaskID()
	ask := func(c call, version string) answer {
		cctx, cancel := context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
		req := c.request(u, e, id, legacy)
		req.Header.Set("User-Agent", opts.Policy.UserAgent)
		if version != "" {
			req.Header.Set("A2A-Version", version)
		}
		req.MaxBody = opts.MaxAnswer
		req.FirstEvent = true
		res, err := d.Do(cctx, req)
		if err != nil {
			return answer{failed: failed(cctx, u, err, opts.Timeout).Detail}
		}
		return readAnswer(res, e.Binding)
	}
	version := strings.TrimSpace(e.Version)
	cs := probeClaims(e, r)
	var errs []answer

	st := ask(callSubscribe, version)
	errs = append(errs, st)
	cs = append(cs, capability(newClaim(ClaimStreaming, e, boolText(decl.streaming)), decl.streaming, st,
		[]string{"TaskNotFound"}, []string{"UnsupportedOperation", "MethodNotFound"}, "SubscribeToTask", false))

	pu := ask(callListPush, version)
	errs = append(errs, pu)
	cs = append(cs, capability(newClaim(ClaimPush, e, boolText(decl.push)), decl.push, pu,
		[]string{"TaskNotFound"}, []string{"PushNotificationNotSupported", "UnsupportedOperation", "MethodNotFound"}, "ListTaskPushNotificationConfigs", false))

	ex := ask(callExtended, version)
	errs = append(errs, ex)
	cs = append(cs, capability(newClaim(ClaimExtended, e, boolText(decl.extended)), decl.extended, ex,
		nil, []string{"UnsupportedOperation", "ExtendedAgentCardNotConfigured", "MethodNotFound"}, "GetExtendedAgentCard", true))

	var neg *answer
	if !legacy {
		a := ask(callGetTask, UnspeakableVersion)
		neg = &a
		errs = append(errs, a)
	}
	cs = append(cs, errorsClaim(newClaim(ClaimErrors, e, e.Binding), r, legacy, errs, neg))
	return cs
}

// capability judges one capability from the answer to its call: yes are
// the errors that mean the server has it, no those that mean it has not;
// any success (a result, a stream event, a card) and, when authYes, an
// authentication challenge mean it has it.
func capability(c Claim, declared bool, a answer, yes, no []string, method string, authYes bool) Claim {
	c.Observed = a.observed()
	has, settled := false, false
	switch {
	case !a.failed.IsZero():
		c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.unknown.no-answer", method, a.failed)
		return c
	case a.auth && !authYes:
		c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.unknown.auth", method, c.Observed)
		return c
	case a.auth, a.result:
		has, settled = true, true
	case contains(yes, a.name):
		has, settled = true, true
	case contains(no, a.name):
		has, settled = false, true
	}
	if !settled {
		c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.unknown.unsettled", method, c.Observed)
		return c
	}
	switch {
	case declared && !has:
		c.Verdict, c.Detail = Contradicted, i18n.T("msg.claims.contradicted", c.Claim, method, c.Observed)
	case declared:
		c.Verdict, c.Detail = Holds, i18n.T("msg.claims.holds.on", c.Claim, method, c.Observed)
	case has:
		c.Verdict, c.Detail = Holds, i18n.T("msg.claims.holds.more", c.Claim, method, c.Observed)
	default:
		c.Verdict, c.Detail = Holds, i18n.T("msg.claims.holds.off", c.Claim, method, c.Observed)
	}
	return c
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if s != "" && x == s {
			return true
		}
	}
	return false
}

// errorsClaim judges the error mapping: the probe's TaskNotFound, the
// shape of every HTTP+JSON error of a 1.0 entry, and the refusal of a
// version no server speaks (neg; nil for a 0.x entry, which has no
// version header).
func errorsClaim(c Claim, r Result, legacy bool, answers []answer, neg *answer) Claim {
	var observed []string
	switch r.Detail.ID {
	case "msg.probe.speaks.jsonrpc":
		observed = append(observed, "GetTask: TaskNotFound -32001")
	case "msg.probe.speaks.rest":
		observed = append(observed, "GetTask: HTTP 404 "+fmt.Sprint(r.Detail.Args[len(r.Detail.Args)-1]))
	case "msg.probe.speaks.jsonrpc-other", "msg.probe.speaks.rest-other":
		// The server maps TaskNotFound to another error: a deviation of
		// the server, not a claim of the card, so it is a warning and the
		// mapping is unknown rather than contradicted.
		if r.Detail.ID == "msg.probe.speaks.jsonrpc-other" {
			code, _ := r.Detail.Args[1].(int)
			c.Observed = "GetTask: " + answer{code: code, name: nameOf(code, "")}.observed()
		} else {
			c.Observed = fmt.Sprintf("GetTask: HTTP %v %v", r.Detail.Args[1], r.Detail.Args[2])
		}
		c.DeviationCode = diag.CodeServerErrorMapping
		c.Deviation = i18n.T("msg.server-error-mapping", c.Source, jsonpos.QuoteClipped(c.URL), c.Observed)
		c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.errors.task-not-found", c.Observed)
		return c
	default:
		c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.unknown.errors", r.Detail)
		return c
	}
	if c.Binding == HTTPJSON && !legacy {
		for _, a := range answers {
			if a.restError && a.reason == "" {
				c.Observed = a.observed()
				c.DeviationCode = diag.CodeServerErrorMapping
				c.Deviation = i18n.T("msg.server-error-mapping", c.Source, jsonpos.QuoteClipped(c.URL), c.Observed)
				c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.errors.no-error-info", a.observed())
				return c
			}
		}
	}
	c.Verdict, c.Detail = Holds, i18n.T("msg.claims.errors.holds")
	if neg != nil {
		observed = append(observed, "A2A-Version "+UnspeakableVersion+": "+neg.observed())
		switch {
		case neg.name == "VersionNotSupported":
			c.Detail = i18n.T("msg.claims.errors.holds-version", UnspeakableVersion)
		case neg.name == "TaskNotFound":
			c.DeviationCode = diag.CodeServerIgnoresVersion
			c.Deviation = i18n.T("msg.server-ignores-version", c.Source, jsonpos.QuoteClipped(c.URL), UnspeakableVersion, neg.observed())
			c.Detail = i18n.T("msg.claims.errors.version-ignored", UnspeakableVersion, neg.observed())
		}
	}
	c.Observed = strings.Join(observed, "; ")
	return c
}

// call is one claim check's request in both HTTP bindings and both eras.
type call struct {
	rpc, rpc03 string // JSON-RPC methods (1.0, 0.3)
	idParam    string // the params member holding the task id ("" none)
	post       bool   // HTTP+JSON method POST (else GET)
	rest       string // path below the entry's URL, {id} the task id (1.0)
	rest03     string // the same below a 0.3 entry's URL
}

var (
	callSubscribe = call{rpc: "SubscribeToTask", rpc03: "tasks/resubscribe", idParam: "id", post: true,
		rest: "/tasks/{id}:subscribe", rest03: "/v1/tasks/{id}:subscribe"}
	callListPush = call{rpc: "ListTaskPushNotificationConfigs", rpc03: "tasks/pushNotificationConfig/list", idParam: "taskId",
		rest: "/tasks/{id}/pushNotificationConfigs", rest03: "/v1/tasks/{id}/pushNotificationConfigs"}
	callExtended = call{rpc: "GetExtendedAgentCard", rpc03: "agent/getAuthenticatedExtendedCard",
		rest: "/extendedAgentCard", rest03: "/v1/card"}
	callGetTask = call{rpc: methodGetTask, rpc03: methodGetTask03, idParam: "id", rest: "/tasks/{id}", rest03: "/v1/tasks/{id}"}
)

func (c call) request(u *url.URL, e card.Interface, id string, legacy bool) *discovery.Request {
	if e.Binding == JSONRPC {
		params := map[string]string{}
		method := c.rpc
		if legacy {
			method = c.rpc03
			if c.idParam != "" {
				params["id"] = id // 0.3 named every task id "id"
			}
		} else {
			if c.idParam != "" {
				params[c.idParam] = id
			}
			if e.HasTenant && e.Tenant != "" {
				params["tenant"] = e.Tenant
			}
		}
		body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		h := discovery.Header{}
		h.Set("Content-Type", "application/json")
		h.Set("Accept", "application/json, text/event-stream")
		return &discovery.Request{URL: u.String(), Method: "POST", Body: body, Header: h}
	}
	t := *u
	base, raw := strings.TrimRight(t.Path, "/"), strings.TrimRight(t.EscapedPath(), "/")
	if !legacy && e.HasTenant && e.Tenant != "" {
		base += "/" + e.Tenant
		raw += "/" + url.PathEscape(e.Tenant)
	}
	path := c.rest
	if legacy {
		path = c.rest03
	}
	suffix := strings.Replace(path, "{id}", url.PathEscape(id), 1)
	t.RawQuery = ""
	t.Path, t.RawPath = base+suffix, raw+suffix
	h := discovery.Header{}
	h.Set("Accept", "application/a2a+json, application/json, text/event-stream")
	r := &discovery.Request{URL: t.String(), Method: "GET", Header: h}
	if c.post {
		r.Method = "POST"
		h.Set("Content-Type", "application/json")
		r.Body = []byte("{}")
	}
	return r
}

// answer is what one claim check's answer says, whatever its binding.
type answer struct {
	failed    i18n.Text // no answer: why
	status    int
	stream    bool   // an SSE stream (read to its first event)
	auth      bool   // an authentication challenge
	result    bool   // a success: a result, a stream event, a 2xx body
	code      int    // JSON-RPC error code
	name      string // the A2A error's name (TaskNotFound), "" when not one
	restError bool   // an HTTP+JSON error answer (status ≥ 400, or an error event)
	reason    string // its ErrorInfo reason
	other     string // what else it was, for the observed column
}

// a2aErrors name the errors by JSON-RPC code (1.0 §9.5; 0.3 §8.2; the
// 31xxx codes are a2a-go's for credentials) and ErrorInfo reason (§11.6).
var a2aErrors = []struct {
	code         int
	reason, name string
}{
	{-32001, "TASK_NOT_FOUND", "TaskNotFound"},
	{-32002, "TASK_NOT_CANCELABLE", "TaskNotCancelable"},
	{-32003, "PUSH_NOTIFICATION_NOT_SUPPORTED", "PushNotificationNotSupported"},
	{-32004, "UNSUPPORTED_OPERATION", "UnsupportedOperation"},
	{-32005, "CONTENT_TYPE_NOT_SUPPORTED", "ContentTypeNotSupported"},
	{-32006, "INVALID_AGENT_RESPONSE", "InvalidAgentResponse"},
	{-32007, "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "ExtendedAgentCardNotConfigured"},
	{-32008, "EXTENSION_SUPPORT_REQUIRED", "ExtensionSupportRequired"},
	{-32009, "VERSION_NOT_SUPPORTED", "VersionNotSupported"},
	{-32600, "INVALID_REQUEST", "InvalidRequest"},
	{-32601, "METHOD_NOT_FOUND", "MethodNotFound"},
	{-32602, "INVALID_PARAMS", "InvalidParams"},
	{-32603, "INTERNAL_ERROR", "InternalError"},
	{codeUnauthenticated, "UNAUTHENTICATED", "Unauthenticated"},
	{codeUnauthorized, "UNAUTHORIZED", "Unauthorized"},
}

func nameOf(code int, reason string) string {
	for _, e := range a2aErrors {
		if (code != 0 && e.code == code) || (reason != "" && e.reason == reason) {
			return e.name
		}
	}
	return ""
}

// observed names the answer for the claims table.
func (a answer) observed() string {
	switch {
	case !a.failed.IsZero():
		return ""
	case a.code != 0:
		if a.name != "" {
			return a.name + " " + strconv.Itoa(a.code)
		}
		return "JSON-RPC error " + strconv.Itoa(a.code)
	case a.restError:
		s := "HTTP " + strconv.Itoa(a.status)
		if a.reason != "" {
			s += " " + a.reason
		}
		return s
	case a.result && a.stream:
		return "stream event"
	case a.result:
		return "result"
	case a.auth:
		return "HTTP " + strconv.Itoa(a.status)
	}
	if a.other != "" {
		return a.other
	}
	return "HTTP " + strconv.Itoa(a.status)
}

// firstEventData is the data of the first event of an SSE body.
func firstEventData(b []byte) []byte {
	if end := discovery.FirstEventEnd(b); end >= 0 {
		b = b[:end]
	}
	var data []string
	for line := range strings.SplitSeq(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n") {
		if v, ok := strings.CutPrefix(line, "data:"); ok {
			data = append(data, strings.TrimPrefix(v, " "))
		} else if line == "" && len(data) > 0 {
			break
		}
	}
	return []byte(strings.Join(data, "\n"))
}

// readAnswer reads the answer to a claim check.
func readAnswer(res *discovery.Response, binding string) answer {
	a := answer{status: res.Status}
	if v, ok := common(res); ok {
		if v.Outcome == AuthRequired {
			a.auth = true
			return a
		}
		a.other = "HTTP " + strconv.Itoa(res.Status)
		return a
	}
	body := res.Body
	if mediaType(res) == "text/event-stream" {
		a.stream = true
		body = firstEventData(body)
	}
	b := trimmed(body)
	if len(b) == 0 || b[0] != '{' {
		if res.Status == 405 || res.Status == 501 {
			a.name = "MethodNotFound" // no such route: the method is not served
		}
		a.other = "HTTP " + strconv.Itoa(res.Status) + " (not JSON)"
		return a
	}
	if binding == JSONRPC {
		var msg rpcResponse
		if json.Unmarshal(b, &msg) != nil || msg.JSONRPC != "2.0" {
			a.other = "HTTP " + strconv.Itoa(res.Status) + " (not JSON-RPC)"
			return a
		}
		switch {
		case msg.Error != nil && msg.Error.Code != nil:
			a.code = *msg.Error.Code
			a.name = nameOf(a.code, "")
			a.auth = a.code == codeUnauthenticated || a.code == codeUnauthorized
		case msg.Result != nil:
			a.result = true
		}
		return a
	}
	var st googleStatus
	if json.Unmarshal(b, &st) == nil && st.Error != nil {
		a.restError = true
		if st.Error.Code != 0 && a.stream {
			a.status = st.Error.Code // an error event carries its status inside
		}
		a.reason = st.reason()
		a.name = nameOf(0, a.reason)
		a.auth = a.reason == "UNAUTHENTICATED" || a.reason == "UNAUTHORIZED"
		return a
	}
	if res.Status >= 200 && res.Status < 300 {
		a.result = true
		return a
	}
	if res.Status >= 400 {
		a.restError = true
	}
	return a
}

// Rules the claims report (core/lint/claim_rules.go has their data).
var claimMessage = map[string]string{
	ClaimStreaming: "msg.claim-contradicted.streaming",
	ClaimPush:      "msg.claim-contradicted.push",
	ClaimExtended:  "msg.claim-contradicted.extended",
}

// ClaimDiagnostics turns claims (Claims' for entries of doc, or the same
// read back from a cache) into findings placed in doc: a contradicted
// capability is an error finding (binding and version are the probe's
// findings already); a server that maps errors otherwise or ignores an
// unknown A2A-Version deviates, a warning.
func ClaimDiagnostics(doc *jsonpos.Doc, entries []card.Interface, cs []Claim) []diag.Diagnostic {
	var decl declared
	if doc != nil {
		decl = readDeclared(doc.Root)
	}
	type key struct {
		index  int
		source string
	}
	nodes := map[key]*jsonpos.Node{}
	for _, e := range entries {
		nodes[key{e.Index, e.Source}] = e.Node
	}
	var out []diag.Diagnostic
	add := func(code string, msg i18n.Text, n *jsonpos.Node) {
		_, sev, ok := diag.CheckedElsewhere(code)
		if !ok {
			return
		}
		d := diag.Diagnostic{Code: code, Severity: sev, MessageID: msg.ID, Args: msg.Args,
			Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), diag.MaxMessage), URL: diag.RuleURL(code),
			Range: diag.Range{Start: diag.Position{Line: 1, Column: 1}, End: diag.Position{Line: 1, Column: 1}}}
		if n != nil && doc != nil {
			d.Pointer, d.Range = n.BoundedPointer(), doc.Range(n)
		}
		out = append(out, d)
	}
	for _, c := range cs {
		at := urlNode(nodes[key{c.Index, c.Source}])
		if !c.Deviation.IsZero() {
			add(c.DeviationCode, c.Deviation, at)
		}
		id, ok := claimMessage[c.Claim]
		if !ok || c.Verdict != Contradicted {
			continue
		}
		if n := decl.nodes[c.Claim]; n != nil {
			at = n
		}
		add(diag.CodeClaimContradicted, i18n.T(id, c.Source, jsonpos.QuoteClipped(c.URL), c.Observed), at)
	}
	return out
}
