package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/selection"
)

// send and task talk to the agent behind a card (docs/ARCHITECTURE.md,
// Contracts): the card is read as lint reads it, the interface is the
// one the specification's client picks (card order, the bindings this
// client speaks: JSON-RPC and HTTP+JSON, 1.0 and 0.3), and the one call
// goes through the engine's pipeline (core/check's Converse stage: the
// CLI's policy, the credential scope of --header, the budgets). Every
// answer is checked by core/probe/reply.

// defaultClient is what send speaks: both HTTP bindings in both eras.
const defaultClient = "JSONRPC@1.0|0.3,HTTP+JSON@1.0|0.3"

// talkFlags are the flags send and task share.
type talkFlags struct {
	c       *command
	format  *string
	binding *string
	verbose *bool
	live    liveFlags
	problem i18n.Text
}

func (e *env) talkCommand(name, usage string) *talkFlags {
	f := &talkFlags{c: e.newCommand(name, usage)}
	f.format = f.c.fs.String("format", "text", "")
	f.binding = f.c.fs.String("binding", "", "")
	f.verbose = f.c.fs.Bool("verbose", false, "")
	f.c.fs.Func("header", "", func(v string) error {
		name, value, problem := parseHeader(v)
		if !problem.IsZero() {
			if f.problem.IsZero() {
				f.problem = problem
			}
			return nil
		}
		if f.live.headers == nil {
			f.live.headers = http.Header{}
		}
		f.live.headers.Add(name, value)
		return nil
	})
	f.c.fs.Func("header-origin", "", func(v string) error {
		o, problem := parseHeaderOrigin(v)
		if !problem.IsZero() {
			if f.problem.IsZero() {
				f.problem = problem
			}
			return nil
		}
		f.live.headerOrigins = append(f.live.headerOrigins, o)
		return nil
	})
	return f
}

// send: agentcard send [--stream] [--context ID] [--task ID] ... INPUT TEXT
func (e *env) send(args []string) int {
	f := e.talkCommand("send", "cli.send.usage")
	stream := f.c.fs.Bool("stream", false, "")
	contextID := f.c.fs.String("context", "", "")
	taskID := f.c.fs.String("task", "", "")
	pos, code, done := f.c.parse(args)
	if done {
		return code
	}
	if len(pos) != 2 {
		return f.c.fail("cli.send.args", len(pos))
	}
	conv := probe.Conversation{Method: probe.MethodSend, Text: pos[1], ContextID: *contextID, TaskID: *taskID}
	if *stream {
		conv.Method = probe.MethodStream
	}
	return e.talk(f, pos[0], conv)
}

// taskCmd: agentcard task get|cancel ID ... INPUT, agentcard task list INPUT
func (e *env) taskCmd(args []string) int {
	f := e.talkCommand("task", "cli.task.usage")
	pos, code, done := f.c.parse(args)
	if done {
		return code
	}
	if len(pos) == 0 {
		return f.c.fail("cli.task.action", "")
	}
	conv := probe.Conversation{}
	switch pos[0] {
	case "get", "cancel":
		if len(pos) != 3 {
			return f.c.fail("cli.task.args", pos[0])
		}
		conv.Method, conv.TaskID = probe.MethodGetTask, pos[1]
		if pos[0] == "cancel" {
			conv.Method = probe.MethodCancelTask
		}
		return e.talk(f, pos[2], conv)
	case "list":
		if len(pos) != 2 {
			return f.c.fail("cli.task.args", pos[0])
		}
		conv.Method = probe.MethodListTasks
		return e.talk(f, pos[1], conv)
	}
	return f.c.fail("cli.task.action", jsonpos.QuoteClipped(pos[0]))
}

// talk reads the card, has the conversation and prints it.
func (e *env) talk(f *talkFlags, name string, conv probe.Conversation) int {
	c := f.c
	if !c.checkFormat(*f.format, "text", "json") {
		return exitUsage
	}
	if !f.problem.IsZero() {
		return c.failText(e.catalogue().Render(f.problem))
	}
	client := defaultClient
	if b := strings.TrimSpace(*f.binding); b != "" {
		client = b + "@1.0|0.3"
	}
	profile, err := selection.ParseProfile(client)
	if err != nil {
		return c.fail("cli.send.binding", jsonpos.QuoteClipped(*f.binding))
	}
	if err := discovery.CheckScope(f.live.headers, f.live.headerOrigins, name == "-" || !isRemote(name), false); err != nil {
		t, _ := credentialProblem(err)
		return c.failText(e.catalogue().Render(t))
	}
	text := *f.format == "text"
	cat := e.catalogue()
	var answers []probe.Event
	conv.OnSend = func(method, url string, body []byte) {
		if text && *f.verbose {
			fmt.Fprintf(e.stdout, "> %s %s\n", method, line(url))
			if len(body) > 0 {
				fmt.Fprintf(e.stdout, "> %s\n", line(string(body)))
			}
		}
	}
	conv.OnEvent = func(ev probe.Event) {
		if !text {
			answers = append(answers, ev)
			return
		}
		if *f.verbose {
			fmt.Fprintf(e.stdout, "< %s\n", line(jsonpos.Clip(string(ev.Raw), 4096)))
		}
		e.writeEvent(e.stdout, ev)
	}
	policy := discovery.LocalPolicy()
	policy.Timeout = probe.ConverseTimeout
	opts := check.Options{Headers: f.live.headers, HeaderOrigins: f.live.headerOrigins, Policy: policy, Private: true,
		Converse: &check.Converse{Profile: profile, Conversation: conv}}
	ctx := context.Background()
	in, err := e.readInputWith(ctx, name, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard %s: %s\n", c.fs.Name(), line(e.inputProblem(err)))
		return exitUsage
	}
	res := in.checked
	if res == nil && in.remote == nil {
		res, err = e.runCheck(ctx, check.Target{Name: name, Body: in.src}, opts)
		if err != nil {
			t, ok := credentialProblem(err)
			if !ok {
				t = i18n.T("cli.input.unreadable", err.Error())
			}
			fmt.Fprintf(e.stderr, "agentcard %s: %s: %s\n", c.fs.Name(), line(name), line(cat.Render(t)))
			return exitUsage
		}
	}
	if res == nil || res.Chosen == nil || !isCard(res.Report.Result) {
		fmt.Fprintf(e.stderr, "agentcard %s: %s: %s\n", c.fs.Name(), line(name), e.s("cli.send.no-card"))
		return exitUsage
	}
	sel := res.Chosen
	sel.Localize(cat)
	if len(res.Talks) == 0 {
		fmt.Fprintf(e.stderr, "agentcard %s: %s: %s\n", c.fs.Name(), line(name), e.t("cli.send.no-interface", profile.String()))
		for _, st := range sel.Trace {
			fmt.Fprintf(e.stderr, "  [%d] %s\n", st.Index, line(st.Reason))
		}
		return exitUsage
	}
	t := &res.Talks[0]
	if !t.Failed.IsZero() {
		fmt.Fprintf(e.stderr, "agentcard %s: %s (%s %s %s)\n", c.fs.Name(), line(cat.Render(t.Failed)),
			line(t.Entry.Binding), line(t.Entry.Version), line(t.Entry.URL))
		return exitUsage
	}
	lint.LocalizeDiagnostics(t.Diagnostics, cat)
	errs := 0
	for _, d := range t.Diagnostics {
		if d.Severity == lint.Error {
			errs++
		}
	}
	if text {
		e.writeTalkText(t)
	} else if !e.writeTalkJSON(name, sel, t, answers) {
		return exitUsage
	}
	if errs > 0 || t.AgentError != nil {
		return exitFound
	}
	return exitOK
}

// writeTalkText prints what follows the events: where the call went,
// the agent's error, the findings about the answers.
func (e *env) writeTalkText(t *probe.Talk) {
	w := e.stdout
	for _, x := range t.Exchange {
		fmt.Fprintf(w, "%s\n", e.t("cli.send.exchange", x.Method, line(t.Entry.Source), line(t.Entry.Binding), line(t.Entry.Version), line(x.URL), x.Status, int(x.MS)))
	}
	if a := t.AgentError; a != nil {
		fmt.Fprintf(w, "%s\n", e.paint(ansiBold+ansiRed, e.t("cli.send.agent-error", line(agentErrorText(a)))))
	}
	for _, d := range t.Diagnostics {
		style := ansiYellow
		if d.Severity == lint.Error {
			style = ansiRed
		}
		where := d.Pointer
		if where == "" {
			where = "/"
		}
		fmt.Fprintf(w, "%s %s %s: %s\n    %s\n", e.paint(style, d.Severity.String()), d.Code, line(where), line(d.Message), d.URL)
	}
}

func agentErrorText(a *probe.AgentError) string {
	var parts []string
	if a.Code != 0 {
		parts = append(parts, strconv.Itoa(a.Code))
	}
	if a.Status != 0 {
		parts = append(parts, "HTTP "+strconv.Itoa(a.Status))
	}
	if a.Reason != "" {
		parts = append(parts, a.Reason)
	}
	if a.Message != "" {
		parts = append(parts, jsonpos.Clip(a.Message, 300))
	}
	return strings.Join(parts, " ")
}

// writeEvent prints one answer or stream event as a person reads it: the
// agent's text, task states, artifacts.
func (e *env) writeEvent(w io.Writer, ev probe.Event) {
	if ev.AgentError != nil || ev.Payload == nil {
		return
	}
	for _, l := range e.readable(ev.Payload) {
		fmt.Fprintln(w, l)
	}
}

// readable turns a payload (1.0 or 0.3 shape) into lines.
func (e *env) readable(p *jsonpos.Node) []string {
	if p == nil || p.Kind != jsonpos.Object {
		return nil
	}
	var out []string
	switch {
	case p.Get("task") != nil:
		return e.readable(p.Get("task"))
	case p.Get("message") != nil && p.Get("messageId") == nil:
		return e.readable(p.Get("message"))
	case p.Get("statusUpdate") != nil:
		return e.readable(p.Get("statusUpdate"))
	case p.Get("artifactUpdate") != nil:
		return e.readable(p.Get("artifactUpdate"))
	case p.Get("tasks") != nil:
		for _, t := range p.Get("tasks").Children {
			out = append(out, e.readable(t)...)
		}
		return out
	case p.Get("messageId") != nil:
		return []string{e.t("cli.send.said", e.role(p.Get("role").Text()), line(partsText(p.Get("parts"))))}
	case p.Get("artifact") != nil:
		a := p.Get("artifact")
		name := a.Get("name").Text()
		if name == "" {
			name = a.Get("artifactId").Text()
		}
		return []string{e.t("cli.send.artifact", line(name), line(partsText(a.Get("parts"))))}
	case p.Get("status") != nil:
		id := p.Get("id").Text()
		if id == "" {
			id = p.Get("taskId").Text()
		}
		st := p.Get("status")
		out = append(out, e.t("cli.send.task", line(id), line(p.Get("contextId").Text()), line(st.Get("state").Text())))
		if m := st.Get("message"); m != nil {
			out = append(out, "  "+e.t("cli.send.said", e.role(m.Get("role").Text()), line(partsText(m.Get("parts")))))
		}
		if arts := p.Get("artifacts"); arts != nil {
			for _, a := range arts.Children {
				name := a.Get("name").Text()
				if name == "" {
					name = a.Get("artifactId").Text()
				}
				out = append(out, "  "+e.t("cli.send.artifact", line(name), line(partsText(a.Get("parts")))))
			}
		}
	}
	return out
}

// role names who spoke, in either era's spelling.
func (e *env) role(r string) string {
	switch strings.ToLower(strings.TrimPrefix(r, "ROLE_")) {
	case "agent":
		return e.s("cli.send.role.agent")
	case "user":
		return e.s("cli.send.role.user")
	}
	return line(r)
}

// partsText is the parts as text: text as is, a url, data as JSON, raw
// bytes by their size; 0.3's kinds too.
func partsText(parts *jsonpos.Node) string {
	if parts == nil {
		return ""
	}
	var out []string
	for _, p := range parts.Children {
		switch {
		case p.Get("text") != nil:
			out = append(out, p.Get("text").Text())
		case p.Get("url") != nil:
			out = append(out, p.Get("url").Text())
		case p.Get("file") != nil:
			f := p.Get("file")
			out = append(out, f.Get("uri").Text()+f.Get("name").Text())
		case p.Get("data") != nil:
			d := p.Get("data")
			out = append(out, jsonpos.Clip(compact(d), 500))
		case p.Get("raw") != nil:
			out = append(out, "("+strconv.Itoa(len(p.Get("raw").Text())*3/4)+" B)")
		}
	}
	return jsonpos.Clip(strings.Join(out, " "), 4000)
}

func compact(n *jsonpos.Node) string {
	b, _ := json.Marshal(nodeValue(n))
	return string(b)
}

// nodeValue is a node as plain Go data (bounded by the answer's size).
func nodeValue(n *jsonpos.Node) any {
	switch n.Kind {
	case jsonpos.Object:
		m := map[string]any{}
		for _, c := range n.Children {
			m[c.Key] = nodeValue(c)
		}
		return m
	case jsonpos.Array:
		a := make([]any, 0, len(n.Children))
		for _, c := range n.Children {
			a = append(a, nodeValue(c))
		}
		return a
	case jsonpos.String:
		return n.Str
	case jsonpos.Number:
		return json.Number(n.Str)
	case jsonpos.Bool:
		return n.Bool
	}
	return nil
}

// talkJSON is send's and task's JSON document.
type talkJSON struct {
	Input      string            `json:"input"`
	Selection  *selection.Result `json:"selection"`
	Exchange   []probe.Exchange  `json:"exchange"`
	Answers    []json.RawMessage `json:"answers"`
	Events     int               `json:"events"`
	AgentError *probe.AgentError `json:"agentError,omitempty"`
	Errors     int               `json:"errors"`
	Warnings   int               `json:"warnings"`
	// Diagnostics are the findings about the answers; each pointer is
	// into its answer (answers[i] holds event i+1 of a stream).
	Diagnostics []lint.Diagnostic `json:"diagnostics"`
}

func (e *env) writeTalkJSON(name string, sel *selection.Result, t *probe.Talk, evs []probe.Event) bool {
	doc := talkJSON{Input: name, Selection: sel, Exchange: t.Exchange, Answers: []json.RawMessage{}, Events: t.Events,
		AgentError: t.AgentError, Diagnostics: t.Diagnostics}
	if doc.Exchange == nil {
		doc.Exchange = []probe.Exchange{}
	}
	if doc.Diagnostics == nil {
		doc.Diagnostics = []lint.Diagnostic{}
	}
	for _, ev := range evs {
		if json.Valid(ev.Raw) {
			doc.Answers = append(doc.Answers, json.RawMessage(ev.Raw))
		} else {
			s, _ := json.Marshal(string(ev.Raw))
			doc.Answers = append(doc.Answers, s)
		}
	}
	for _, d := range t.Diagnostics {
		switch d.Severity {
		case lint.Error:
			doc.Errors++
		case lint.Warning:
			doc.Warnings++
		}
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard: %s\n", err)
		return false
	}
	e.stdout.Write(append(b, '\n'))
	return true
}
