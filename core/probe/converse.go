package probe

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/probe/reply"
)

// Conversations (`agentcard send`, `agentcard task`, `conform --send`;
// docs/ARCHITECTURE.md, Contracts): one call that does work on the agent
// (it sends a message, reads or cancels a task), on one interface the
// caller chose, through the same Doer as every other request (policy,
// credential scope, budget). Every answer and every stream event is
// checked by core/probe/reply; the answer is bounded (§6: 4 MiB, 1,000
// events, a time limit) and cut with an answer-cut finding past a bound.

// Methods of a conversation (the 1.0 names; a 0.x interface is asked the
// 0.3 way).
const (
	MethodSend       = "SendMessage"
	MethodStream     = "SendStreamingMessage"
	MethodGetTask    = "GetTask"
	MethodCancelTask = "CancelTask"
	MethodListTasks  = "ListTasks"
)

// Bounds of one conversation.
const (
	MaxReply        = 4 << 20
	MaxEvents       = 1000
	ConverseTimeout = 60 * time.Second
)

// Conversation is one call to make.
type Conversation struct {
	Method string
	// Text is the message's text (Send, Stream); ContextID and TaskID
	// continue a conversation (Send, Stream) or name the task (GetTask,
	// CancelTask).
	Text, ContextID, TaskID string
	// MessageID is the new message's id; "" makes a random one.
	MessageID string
	// Timeout bounds the whole call (ConverseTimeout when zero);
	// MaxReply and MaxEvents bound the answer (the constants when zero or
	// larger).
	Timeout   time.Duration
	MaxReply  int64
	MaxEvents int
	// Policy is the run's policy: the entry's URL is checked against it
	// before anything is sent.
	Policy discovery.Policy
	// OnEvent sees every answer (one for a unary call, one per stream
	// event) as soon as it is read and checked; nil sees none.
	OnEvent func(Event)
	// OnSend sees the request just before it is sent (method, URL,
	// body; never its headers, which may carry credentials).
	OnSend func(method, url string, body []byte)
}

// Event is one answer, or one event of a stream, checked.
type Event struct {
	// N counts the events of a stream from 1; 0 for a unary answer.
	N   int
	Raw []byte
	reply.Checked
	// Doc is the parsed answer (Checked's pointers point into it).
	Doc *jsonpos.Doc
	// AgentError is the agent's error answer, when it is one.
	AgentError *AgentError
}

// AgentError is an error the agent answered: a JSON-RPC error (Code,
// Message), or an HTTP+JSON error (Status, Reason from its ErrorInfo,
// Message).
type AgentError struct {
	Code    int    `json:"code,omitempty"`
	Status  int    `json:"status,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message"`
}

// Exchange is one request and its answer: the `exchange` item of
// `conform --send --format json` (method, url, status, ms), with the raw
// request and answer for `send --verbose`.
type Exchange struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Status int    `json:"status"`
	MS     int64  `json:"ms"`
	// Request and Answer are the bytes sent and read (the answer as far
	// as it was read, at most MaxReply).
	Request []byte `json:"-"`
	Answer  []byte `json:"-"`
}

// Talk is what a conversation came to.
type Talk struct {
	Entry    card.Interface
	Method   string
	Exchange []Exchange
	Events   int
	// Diagnostics are the findings about the answers (reply's, and
	// answer-cut), each pointing into its answer.
	Diagnostics []diag.Diagnostic
	// AgentError is the first error the agent answered with.
	AgentError *AgentError
	// Failed says why nothing (or nothing readable) came back: refused by
	// the policy, unreachable, a binding this client cannot speak. Zero
	// when an answer was read.
	Failed i18n.Text
}

// Converse makes one call on entry through d.
func Converse(ctx context.Context, entry card.Interface, d discovery.Doer, c Conversation) Talk {
	out := Talk{Entry: entry, Method: c.Method}
	if c.Timeout <= 0 {
		c.Timeout = ConverseTimeout
	}
	if c.MaxReply <= 0 || c.MaxReply > MaxReply {
		c.MaxReply = MaxReply
	}
	if c.MaxEvents <= 0 || c.MaxEvents > MaxEvents {
		c.MaxEvents = MaxEvents
	}
	if c.Policy.UserAgent == "" {
		c.Policy.UserAgent = discovery.UserAgent
	}
	switch entry.Binding {
	case JSONRPC, HTTPJSON:
	case GRPC:
		out.Failed = i18n.T("msg.converse.grpc")
		return out
	default:
		out.Failed = i18n.T("msg.probe.not-probed.binding", jsonpos.QuoteClipped(entry.Binding))
		return out
	}
	u, _, ok := endpoint(entry.URL, false)
	if !ok {
		out.Failed = i18n.T("msg.probe.not-probed.url", jsonpos.QuoteClipped(entry.URL))
		return out
	}
	if err := c.Policy.Check(u); err != nil {
		out.Failed = refused(err).Detail
		return out
	}
	if c.MessageID == "" {
		c.MessageID = "agentcard-" + strings.TrimPrefix(randomTaskID(), "agentcard-probe-")
	}
	legacy := reply.Legacy(entry.Version)
	req := conversationRequest(u, entry, c, legacy)
	req.Header.Set("User-Agent", c.Policy.UserAgent)
	if v := strings.TrimSpace(entry.Version); v != "" {
		req.Header.Set("A2A-Version", v)
	}
	req.MaxBody = c.MaxReply
	expect := map[string]reply.Expect{MethodSend: reply.SendResult, MethodStream: reply.StreamEvent,
		MethodGetTask: reply.TaskResult, MethodCancelTask: reply.TaskResult, MethodListTasks: reply.TaskList}[c.Method]

	cctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	start := time.Now()
	ex := Exchange{Method: c.Method, URL: req.URL, Request: req.Body}
	var sse *sseReader
	if c.Method == MethodStream {
		sse = &sseReader{max: c.MaxEvents, each: func(n int, data []byte) {
			out.see(c, entry, expect, n, data, 0)
		}}
		req.Stream = func(_ *discovery.Response, chunk []byte) bool {
			sse.feed(chunk)
			return !sse.full
		}
	}
	if c.OnSend != nil {
		c.OnSend(req.Method, req.URL, req.Body)
	}
	res, err := d.Do(cctx, req)
	ex.MS = time.Since(start).Milliseconds()
	if res != nil {
		ex.Status, ex.Answer = res.Status, res.Body
	}
	out.Exchange = append(out.Exchange, ex)
	if err != nil && res == nil {
		out.Failed = failed(cctx, u, err, c.Timeout).Detail
		return out
	}
	if sse != nil && mediaType(res) == "text/event-stream" {
		switch {
		case errors.Is(err, discovery.ErrTimeout):
			out.cut(i18n.T("msg.answer-cut.time", int(c.Timeout.Seconds())))
		case err != nil:
			out.Failed = failed(cctx, u, err, c.Timeout).Detail
		case sse.full:
			out.cut(i18n.T("msg.answer-cut.events", c.MaxEvents))
		case res.Truncated:
			out.cut(i18n.T("msg.answer-cut.size", i18n.T("phrase.reply.answer"), sizeText(c.MaxReply)))
		case sse.rest():
			out.Diagnostics = append(out.Diagnostics, answerFinding(diag.CodeAnswerShape, "msg.answer-shape.sse",
				i18n.T("phrase.reply.answer"), i18n.Phrase("phrase.converse.sse-unfinished")))
		case sse.n == 0:
			out.Diagnostics = append(out.Diagnostics, answerFinding(diag.CodeAnswerShape, "msg.answer-shape.sse",
				i18n.T("phrase.reply.answer"), i18n.Phrase("phrase.converse.sse-empty")))
		}
		out.Events = sse.n
		return out
	}
	if res.Truncated {
		out.cut(i18n.T("msg.answer-cut.size", i18n.T("phrase.reply.answer"), sizeText(c.MaxReply)))
		return out
	}
	if sse != nil {
		expect = reply.StreamEvent
	}
	out.see(c, entry, expect, 0, res.Body, res.Status)
	if sse != nil && out.AgentError == nil {
		// a stream was asked for and something else came
		out.Diagnostics = append([]diag.Diagnostic{answerFinding(diag.CodeAnswerShape, "msg.answer-shape.media-type",
			i18n.T("phrase.reply.answer"), jsonpos.QuoteClipped(res.Header.Get("Content-Type")))}, out.Diagnostics...)
	}
	return out
}

// sizeText writes a bound: whole MiB, else bytes.
func sizeText(n int64) string {
	if n%(1<<20) == 0 {
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

// cut adds the answer-cut finding for why.
func (o *Talk) cut(why i18n.Text) {
	o.Diagnostics = append(o.Diagnostics, diagnostic(diag.CodeAnswerCut, why))
}

func diagnostic(code string, msg i18n.Text) diag.Diagnostic {
	return diag.Diagnostic{Code: code, Severity: diag.SeverityOf(code), MessageID: msg.ID, Args: msg.Args,
		Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), diag.MaxMessage), URL: diag.RuleURL(code),
		Range: diag.Range{Start: diag.Position{Line: 1, Column: 1}, End: diag.Position{Line: 1, Column: 1}}}
}

func answerFinding(code, id string, args ...any) diag.Diagnostic {
	return diagnostic(code, i18n.T(id, args...))
}

// see checks one answer (n = 0) or stream event (n ≥ 1).
func (o *Talk) see(c Conversation, e card.Interface, expect reply.Expect, n int, data []byte, status int) {
	doc := jsonpos.Parse(data, jsonpos.Options{MaxBytes: MaxReply})
	ev := Event{N: n, Raw: data, Doc: doc}
	where := i18n.T("phrase.reply.answer")
	if n > 0 {
		where = reply.Event(n)
	}
	restError := e.Binding == HTTPJSON && (status >= 400 || (doc.Root != nil && doc.Root.Kind == jsonpos.Object && doc.Root.Get("error") != nil && len(doc.Root.Children) == 1))
	// an HTTP error without JSON (a gateway's 502 page) is the server's
	// refusal, not an answer in the wrong shape
	restError = restError || (status >= 400 && (doc.Root == nil || len(doc.Problems) > 0))
	if restError {
		var st googleStatus
		ae := &AgentError{Status: status}
		if json.Unmarshal(data, &st) == nil && st.Error != nil {
			ae.Message, ae.Reason = st.Error.Message, st.reason()
			if ae.Status == 0 {
				ae.Status = st.Error.Code
			}
		} else {
			ae.Message = jsonpos.Clip(strings.TrimSpace(string(data)), 200)
		}
		ev.AgentError = ae
	} else {
		ev.Checked = reply.Check(reply.Answer{Doc: doc, Binding: e.Binding, Version: e.Version, Expect: expect, Where: where})
		if ev.Error != nil {
			var rpcErr struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			}
			_ = json.Unmarshal(data[ev.Error.Start:ev.Error.End], &rpcErr)
			ev.AgentError = &AgentError{Code: rpcErr.Code, Message: rpcErr.Message}
		}
	}
	if ev.AgentError != nil && o.AgentError == nil {
		o.AgentError = ev.AgentError
	}
	if room := reply.MaxFindings*4 - len(o.Diagnostics); room > 0 {
		o.Diagnostics = append(o.Diagnostics, ev.Diagnostics[:min(room, len(ev.Diagnostics))]...)
	}
	if c.OnEvent != nil {
		c.OnEvent(ev)
	}
}

// sseReader splits a server-sent event stream into its events' data as
// pieces arrive, up to max events.
type sseReader struct {
	buf  []byte
	n    int
	max  int
	full bool
	each func(n int, data []byte)
}

func (s *sseReader) feed(chunk []byte) {
	s.buf = append(s.buf, chunk...)
	for !s.full {
		end := discovery.FirstEventEnd(s.buf)
		if end < 0 {
			return
		}
		block := s.buf[:end]
		s.buf = s.buf[end:]
		var data []string
		for line := range strings.SplitSeq(strings.ReplaceAll(string(block), "\r\n", "\n"), "\n") {
			if v, ok := strings.CutPrefix(line, "data:"); ok {
				data = append(data, strings.TrimPrefix(v, " "))
			}
		}
		if len(data) == 0 {
			continue // an event without data (a comment, an id): nothing to read
		}
		if s.n == s.max {
			s.full = true
			return
		}
		s.n++
		s.each(s.n, []byte(strings.Join(data, "\n")))
	}
}

// rest reports whether the stream ended in the middle of an event.
func (s *sseReader) rest() bool { return strings.TrimSpace(string(s.buf)) != "" }

// conversationRequest builds the call in the entry's binding and era.
func conversationRequest(u *url.URL, e card.Interface, c Conversation, legacy bool) *discovery.Request {
	var message map[string]any
	if c.Method == MethodSend || c.Method == MethodStream {
		message = map[string]any{"messageId": c.MessageID, "role": "ROLE_USER", "parts": []any{map[string]any{"text": c.Text}}}
		if legacy {
			message = map[string]any{"kind": "message", "messageId": c.MessageID, "role": "user",
				"parts": []any{map[string]any{"kind": "text", "text": c.Text}}}
		}
		if c.ContextID != "" {
			message["contextId"] = c.ContextID
		}
		if c.TaskID != "" {
			message["taskId"] = c.TaskID
		}
	}
	h := discovery.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json")
	if c.Method == MethodStream {
		h.Set("Accept", "text/event-stream")
	}
	tenant := !legacy && e.HasTenant && e.Tenant != ""
	if e.Binding == JSONRPC {
		methods := map[string]string{MethodSend: "SendMessage", MethodStream: "SendStreamingMessage", MethodGetTask: "GetTask",
			MethodCancelTask: "CancelTask", MethodListTasks: "ListTasks"}
		if legacy {
			methods = map[string]string{MethodSend: "message/send", MethodStream: "message/stream", MethodGetTask: "tasks/get",
				MethodCancelTask: "tasks/cancel", MethodListTasks: "tasks/list"}
		}
		params := map[string]any{}
		if message != nil {
			params["message"] = message
		} else if c.TaskID != "" {
			params["id"] = c.TaskID
		}
		if tenant {
			params["tenant"] = e.Tenant
		}
		body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.MessageID, "method": methods[c.Method], "params": params})
		return &discovery.Request{URL: u.String(), Method: "POST", Body: body, Header: h}
	}
	t := *u
	base, raw := strings.TrimRight(t.Path, "/"), strings.TrimRight(t.EscapedPath(), "/")
	if legacy {
		base, raw = base+"/v1", raw+"/v1"
	}
	if tenant {
		base += "/" + e.Tenant
		raw += "/" + url.PathEscape(e.Tenant)
	}
	id := url.PathEscape(c.TaskID)
	r := &discovery.Request{Method: "POST", Header: h}
	var suffix string
	switch c.Method {
	case MethodSend:
		suffix = "/message:send"
	case MethodStream:
		suffix = "/message:stream"
	case MethodGetTask:
		suffix, r.Method = "/tasks/"+id, "GET"
	case MethodCancelTask:
		suffix = "/tasks/" + id + ":cancel"
		r.Body = []byte("{}")
	case MethodListTasks:
		suffix, r.Method = "/tasks", "GET"
	}
	if message != nil {
		r.Body, _ = json.Marshal(map[string]any{"message": message})
	}
	if r.Method == "GET" {
		h.Del("Content-Type")
	}
	t.RawQuery = ""
	t.Path, t.RawPath = base+suffix, raw+suffix
	r.URL = t.String()
	return r
}

// ClaimMessage is the claim a conversation checks (`conform --send`):
// the interface takes a message and answers it in its version's JSON.
const ClaimMessage = "message"

// MessageClaim is what one conversation says of its entry: the card
// declares an interface that takes messages (Declared names the method).
// A valid reply holds; an answer with error findings, or a refusal of
// the method, contradicts it; no answer, an authentication demand or
// another error of the agent leaves it unknown.
func MessageClaim(t Talk) Claim {
	c := newClaim(ClaimMessage, t.Entry, t.Method)
	errs, first := 0, ""
	for _, d := range t.Diagnostics {
		if d.Severity == diag.Error {
			if errs == 0 {
				first = d.Code
			}
			errs++
		}
	}
	switch {
	case !t.Failed.IsZero():
		c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.unknown.no-answer", t.Method, t.Failed)
	case t.AgentError != nil:
		a := t.AgentError
		name := nameOf(a.Code, a.Reason)
		c.Observed = answer{code: a.Code, name: name, status: a.Status, restError: a.Code == 0, reason: a.Reason}.observed()
		switch {
		case name == "UnsupportedOperation" || name == "MethodNotFound" || name == "VersionNotSupported" || name == "ContentTypeNotSupported":
			c.Verdict, c.Detail = Contradicted, i18n.T("msg.claims.message.refused", t.Method, c.Observed)
		case name == "Unauthenticated" || name == "Unauthorized" || a.Status == 401 || a.Status == 403:
			c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.message.auth", t.Method, c.Observed)
		default:
			c.Verdict, c.Detail = Unknown, i18n.T("msg.claims.message.error", t.Method, c.Observed)
		}
	case errs > 0:
		c.Observed = strconv.Itoa(errs) + " × " + first
		c.Verdict, c.Detail = Contradicted, i18n.T("msg.claims.message.invalid", t.Method, errs)
	default:
		c.Observed = "result"
		if t.Method == MethodStream {
			c.Observed = strconv.Itoa(t.Events) + " events"
		}
		c.Verdict, c.Detail = Holds, i18n.T("msg.claims.message.holds", t.Method, c.Observed)
	}
	c.Message = i18n.EnglishCatalogue().Render(c.Detail)
	return c
}
