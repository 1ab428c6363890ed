// Package reply checks an agent's answers to a conversation (SendMessage,
// SendStreamingMessage, GetTask, CancelTask, ListTasks) against the
// protocol's JSON for the interface's version: for 1.0 the ProtoJSON
// names, enum spellings, REQUIRED fields and oneofs of a2a.proto and no
// 0.3 `kind`; for 0.3 the 0.3 shapes with their `kind`. It is pure (no
// network, no clock): `agentcard send`, `conform --send` and, later, the
// playground's Talk panel check every answer and every stream event with
// it. Findings are ordinary diagnostics with a JSON pointer into the
// answer (the event's own document for a stream event).
package reply

import (
	"encoding/base64"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Expect is what an answer should hold.
type Expect int

const (
	// SendResult is SendMessage's result: 1.0 SendMessageResponse (task or
	// message), 0.3 a Task or a Message.
	SendResult Expect = iota
	// StreamEvent is one event of SendStreamingMessage: 1.0
	// StreamResponse, 0.3 a Task, Message, status-update or
	// artifact-update.
	StreamEvent
	// TaskResult is GetTask's and CancelTask's result: a Task.
	TaskResult
	// TaskList is ListTasks' result (1.0 only).
	TaskList
)

// JSON-RPC and HTTP+JSON, as the card names them.
const (
	JSONRPC  = "JSONRPC"
	HTTPJSON = "HTTP+JSON"
)

// MaxFindings bounds the findings of one answer; a hostile answer of a
// million wrong parts costs no more.
const MaxFindings = 50

// Answer is one answer to check.
type Answer struct {
	Doc     *jsonpos.Doc
	Binding string // JSONRPC or HTTP+JSON
	Version string // the interface's protocolVersion ("1.0", "0.3", …)
	Expect  Expect
	// Where names the answer in messages: phrase.reply.answer, or
	// phrase.reply.event with the event's number.
	Where i18n.Text
}

// Checked is what Check found.
type Checked struct {
	// Payload is the result: the JSON-RPC result member, or the
	// HTTP+JSON body (1.0's StreamResponse for a stream event); nil when
	// the answer has none.
	Payload *jsonpos.Node
	// Error is a JSON-RPC error object the agent answered with (its code
	// and message); nil otherwise. An HTTP+JSON error is told by its
	// status, which the caller has.
	Error       *jsonpos.Node
	Diagnostics []diag.Diagnostic
}

// Legacy reports whether a protocolVersion is a 0.x one (the 0.3 shapes).
func Legacy(version string) bool {
	v := strings.TrimSpace(version)
	return strings.HasPrefix(v, "0.")
}

type checker struct {
	a      Answer
	legacy bool
	out    []diag.Diagnostic
}

// Check checks one answer. A document that is not JSON is one
// answer-shape finding.
func Check(a Answer) Checked {
	c := &checker{a: a, legacy: Legacy(a.Version)}
	if a.Where.IsZero() {
		c.a.Where = i18n.T("phrase.reply.answer")
	}
	var res Checked
	if a.Doc == nil || a.Doc.Root == nil || len(a.Doc.Problems) > 0 {
		c.report(diag.CodeAnswerShape, nil, "msg.answer-shape.not-json")
		res.Diagnostics = c.out
		return res
	}
	root := a.Doc.Root
	payload := root
	if a.Binding == JSONRPC {
		payload, res.Error = c.envelope(root)
	}
	if payload != nil {
		res.Payload = payload
		c.payload(payload)
	}
	res.Diagnostics = c.out
	return res
}

// envelope checks a JSON-RPC 2.0 response and returns its result or error.
func (c *checker) envelope(n *jsonpos.Node) (result, rpcErr *jsonpos.Node) {
	if n.Kind != jsonpos.Object {
		c.report(diag.CodeAnswerShape, n, "msg.answer-shape.type", "JSON-RPC response", i18n.Phrase("phrase.reply.object"))
		return nil, nil
	}
	if v := n.Get("jsonrpc"); v == nil || v.Text() != "2.0" {
		c.report(diag.CodeAnswerShape, orSelf(v, n), "msg.answer-shape.jsonrpc")
	}
	result, rpcErr = n.Get("result"), n.Get("error")
	switch {
	case result != nil && rpcErr != nil:
		c.report(diag.CodeAnswerOneof, n, "msg.answer-oneof.many", "JSON-RPC response", "result, error")
		return nil, nil
	case result == nil && rpcErr == nil:
		c.report(diag.CodeAnswerRequiredField, n, "msg.answer-required-field", "result", "JSON-RPC response")
		return nil, nil
	case rpcErr != nil:
		if rpcErr.Kind != jsonpos.Object || rpcErr.Get("code") == nil || rpcErr.Get("code").Kind != jsonpos.Number {
			c.report(diag.CodeAnswerShape, rpcErr, "msg.answer-shape.rpc-error")
		}
		return nil, rpcErr
	}
	return result, nil
}

func orSelf(n, self *jsonpos.Node) *jsonpos.Node {
	if n != nil {
		return n
	}
	return self
}

// payload checks the result against what was expected.
func (c *checker) payload(n *jsonpos.Node) {
	if c.legacy {
		switch c.a.Expect {
		case SendResult:
			c.union(n, "Result")
		case StreamEvent:
			c.union(n, "Event")
		case TaskResult:
			c.object(n, "Task")
		case TaskList:
			// 0.3 had no ListTasks; there is nothing to hold it to.
		}
		return
	}
	name := map[Expect]string{SendResult: "SendMessageResponse", StreamEvent: "StreamResponse", TaskResult: "Task", TaskList: "ListTasksResponse"}[c.a.Expect]
	if n.Kind == jsonpos.Object && (c.a.Expect == SendResult || c.a.Expect == StreamEvent) {
		if k := n.Get("kind"); k != nil {
			// the whole result in the 0.3 shape: a Task or Message with
			// its kind, where 1.0 wraps it in {"task": …} or {"message": …}
			c.report(diag.CodeAnswerShape, k, "msg.answer-shape.v03-result", jsonpos.QuoteClipped(k.Text()), name)
			return
		}
	}
	c.object(n, name)
}

// union checks a 0.3 union read by its kind.
func (c *checker) union(n *jsonpos.Node, union string) {
	if n.Kind != jsonpos.Object {
		c.report(diag.CodeAnswerShape, n, "msg.answer-shape.type", union, i18n.Phrase("phrase.reply.object"))
		return
	}
	k := n.Get("kind")
	if k == nil {
		if union != "Part" && (n.Has("task") || n.Has("message") || n.Has("statusUpdate") || n.Has("artifactUpdate")) {
			c.report(diag.CodeAnswerShape, n, "msg.answer-shape.v10-result", c.a.Version)
			return
		}
		c.report(diag.CodeAnswerRequiredField, n, "msg.answer-required-field", "kind", union)
		return
	}
	typ, ok := kinds03[union][k.Text()]
	if !ok {
		c.report(diag.CodeAnswerEnum, k, "msg.answer-enum", jsonpos.QuoteClipped(k.Text()), "kind", strings.Join(keys(kinds03[union]), ", "))
		return
	}
	c.object(n, typ)
}

func keys(m map[string]string) []string {
	order := []string{"task", "message", "status-update", "artifact-update", "text", "file", "data"}
	var out []string
	for _, k := range order {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

// object checks n as the message type name of the answer's era.
func (c *checker) object(n *jsonpos.Node, name string) {
	if c.full() {
		return
	}
	tab := schema10
	if c.legacy {
		tab = schema03
	}
	o := tab[name]
	if n.Kind != jsonpos.Object {
		c.report(diag.CodeAnswerShape, n, "msg.answer-shape.type", name, i18n.Phrase("phrase.reply.object"))
		return
	}
	oneofs := map[string][]string{}
	for _, m := range n.Children {
		f, ok := o.get(m.Key)
		if !ok {
			c.unknown(m, name, o)
			continue
		}
		if m.Kind == jsonpos.Null {
			continue // ProtoJSON: null is the default, unset
		}
		if f.oneof != "" && set(m) {
			oneofs[f.oneof] = append(oneofs[f.oneof], f.name)
		}
		c.value(m, f, name)
	}
	for _, f := range o.fields {
		if !f.required {
			continue
		}
		m := n.Get(f.name)
		if m == nil || m.Kind == jsonpos.Null || (m.Kind == jsonpos.String && m.Str == "") {
			c.report(diag.CodeAnswerRequiredField, n, "msg.answer-required-field", f.name, name)
		}
	}
	if c.legacy && o.kind != "" {
		if k := n.Get("kind"); k != nil && k.Kind == jsonpos.String && k.Str != o.kind {
			c.report(diag.CodeAnswerEnum, k, "msg.answer-enum", jsonpos.QuoteClipped(k.Str), name+".kind", o.kind)
		}
	}
	// every oneof of the type: exactly one member set
	seen := map[string]bool{}
	for _, f := range o.fields {
		if f.oneof == "" || seen[f.oneof] {
			continue
		}
		seen[f.oneof] = true
		switch got := oneofs[f.oneof]; {
		case len(got) == 0:
			c.report(diag.CodeAnswerOneof, n, "msg.answer-oneof.none", name, strings.Join(members(o, f.oneof), ", "))
		case len(got) > 1:
			c.report(diag.CodeAnswerOneof, n, "msg.answer-oneof.many", name, strings.Join(got, ", "))
		}
	}
}

func members(o object, group string) []string {
	var out []string
	for _, f := range o.fields {
		if f.oneof == group {
			out = append(out, f.name)
		}
	}
	return out
}

// set reports whether a member holds a value other than its default, as
// proto3 presence reads it (a message member is set when present).
func set(n *jsonpos.Node) bool {
	switch n.Kind {
	case jsonpos.Null:
		return false
	case jsonpos.String:
		return n.Str != ""
	case jsonpos.Array:
		return len(n.Children) > 0
	case jsonpos.Bool:
		return n.Bool
	case jsonpos.Number:
		return strings.Trim(n.Str, "0.-") != "" && !strings.HasPrefix(strings.TrimLeft(n.Str, "-0."), "e")
	}
	return true
}

// unknown reports a member the type does not have: 0.3's kind in a 1.0
// answer, a snake_case spelling of a field, or something else.
func (c *checker) unknown(m *jsonpos.Node, name string, o object) {
	key := jsonpos.QuoteClipped(m.Key)
	if !c.legacy && m.Key == "kind" {
		c.report(diag.CodeAnswerShape, m, "msg.answer-shape.kind", name)
		return
	}
	for _, f := range o.fields {
		if (f.proto != "" && f.proto == m.Key) || (f.proto == "" && strings.EqualFold(f.name, m.Key)) {
			c.report(diag.CodeAnswerShape, m, "msg.answer-shape.name", key, name, f.name)
			return
		}
		if c.legacy && snake(f.name) == m.Key && snake(f.name) != f.name {
			c.report(diag.CodeAnswerShape, m, "msg.answer-shape.name", key, name, f.name)
			return
		}
	}
	c.report(diag.CodeAnswerUnknownField, m, "msg.answer-unknown-field", key, name)
}

// snake is the snake_case spelling of a camelCase name.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r + 'a' - 'A')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// value checks one member's value against its field's type.
func (c *checker) value(n *jsonpos.Node, f field, owner string) {
	typ := f.typ
	where := owner + "." + f.name
	if elem, ok := strings.CutPrefix(typ, "[]"); ok {
		if n.Kind != jsonpos.Array {
			c.report(diag.CodeAnswerShape, n, "msg.answer-shape.type", where, i18n.Phrase("phrase.reply.array"))
			return
		}
		for _, e := range n.Children {
			if c.full() {
				return
			}
			c.value(e, field{name: f.name, typ: elem}, owner)
		}
		return
	}
	want := ""
	switch typ {
	case "string", "timestamp", "bytes":
		if n.Kind != jsonpos.String {
			want = "phrase.reply.string"
			break
		}
		switch typ {
		case "timestamp":
			if _, err := time.Parse(time.RFC3339Nano, n.Str); err != nil {
				c.report(diag.CodeAnswerShape, n, "msg.answer-shape.timestamp", where, jsonpos.QuoteClipped(n.Str))
			}
		case "bytes":
			if !base64ish(n.Str) {
				c.report(diag.CodeAnswerShape, n, "msg.answer-shape.bytes", where)
			}
		}
	case "bool":
		if n.Kind != jsonpos.Bool {
			want = "phrase.reply.bool"
		}
	case "int":
		if n.Kind != jsonpos.Number && n.Kind != jsonpos.String {
			want = "phrase.reply.number"
		}
	case "struct":
		if n.Kind != jsonpos.Object {
			want = "phrase.reply.object"
		}
	case "value":
	default:
		if enum, ok := strings.CutPrefix(typ, "enum:"); ok {
			c.enum(n, enum, where)
			return
		}
		if c.legacy && typ == "Part" {
			c.union(n, "Part")
			return
		}
		c.object(n, typ)
		return
	}
	if want != "" {
		c.report(diag.CodeAnswerShape, n, "msg.answer-shape.type", where, i18n.Phrase(want))
	}
}

// base64ish accepts standard and URL-safe base64, padded or not, as
// ProtoJSON parsers do.
func base64ish(s string) bool {
	s = strings.TrimRight(s, "=")
	if _, err := base64.RawStdEncoding.DecodeString(s); err == nil {
		return true
	}
	_, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil
}

// enum checks an enum value: the exact spelling of the era (1.0 also
// takes the number, as ProtoJSON parsers do).
func (c *checker) enum(n *jsonpos.Node, enum, where string) {
	values := enums10[enum]
	if c.legacy {
		values = enums03[enum]
	}
	if n.Kind == jsonpos.Number && !c.legacy {
		return
	}
	if n.Kind == jsonpos.String {
		for _, v := range values {
			if n.Str == v {
				return
			}
		}
	}
	shown := n.Str
	if n.Kind != jsonpos.String {
		shown = string(c.a.Doc.Src[n.Start:n.End])
	}
	c.report(diag.CodeAnswerEnum, n, "msg.answer-enum", jsonpos.QuoteClipped(shown), where, near(shown, values))
}

// near names the value meant, when the answer's is a near miss (another
// era's spelling, a British "CANCELLED"), else every value.
func near(got string, values []string) string {
	g := norm(got)
	for _, v := range values {
		if norm(v) == g {
			return v
		}
	}
	return strings.Join(values, ", ")
}

func norm(s string) string {
	s = strings.ToLower(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "task_state_"), "role_")
	s = strings.NewReplacer("-", "", "_", "", "cancelled", "canceled").Replace(s)
	return s
}

func (c *checker) full() bool { return len(c.out) >= MaxFindings }

// report adds one finding of code at n (the whole answer when nil).
func (c *checker) report(code string, n *jsonpos.Node, id string, args ...any) {
	if c.full() {
		return
	}
	_, sev, ok := diag.CheckedElsewhere(code)
	if !ok {
		return
	}
	msg := i18n.T(id, append([]any{c.a.Where}, args...)...)
	d := diag.Diagnostic{Code: code, Severity: sev, MessageID: msg.ID, Args: msg.Args,
		Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), diag.MaxMessage), URL: diag.RuleURL(code),
		Range: diag.Range{Start: diag.Position{Line: 1, Column: 1}, End: diag.Position{Line: 1, Column: 1}}}
	if n == nil && c.a.Doc != nil {
		n = c.a.Doc.Root
	}
	if n != nil {
		d.Pointer, d.Range = n.BoundedPointer(), c.a.Doc.Range(n)
	}
	c.out = append(c.out, d)
}

// Event names stream event n (1-based) as the Where of its answer.
func Event(n int) i18n.Text { return i18n.T("phrase.reply.event", n) }
