package probe_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

func talk(t *testing.T, e card.Interface, c probe.Conversation) (probe.Talk, []probe.Event) {
	t.Helper()
	var evs []probe.Event
	c.Policy = discovery.LocalPolicy()
	c.Policy.Timeout = probe.ConverseTimeout
	c.OnEvent = func(ev probe.Event) { evs = append(evs, ev) }
	return probe.Converse(context.Background(), e, discovery.NewHTTPDoer(c.Policy), c), evs
}

func codes(ds []lint.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code+" "+d.Pointer)
	}
	return out
}

// TestConverseA2AGo: a real a2asrv agent (the echoing executor) over
// JSON-RPC and HTTP+JSON: send, stream, get and cancel, every answer
// valid.
func TestConverseA2AGo(t *testing.T) {
	s := a2afixture.Serve(t, a2afixture.EchoHandler())
	for _, e := range []card.Interface{
		{URL: s.URL("/jsonrpc"), Binding: probe.JSONRPC, Version: "1.0"},
		{URL: s.URL("/rest"), Binding: probe.HTTPJSON, Version: "1.0"},
	} {
		t.Run(e.Binding, func(t *testing.T) {
			res, evs := talk(t, e, probe.Conversation{Method: probe.MethodSend, Text: "hello"})
			if !res.Failed.IsZero() || res.AgentError != nil || len(res.Diagnostics) > 0 || len(evs) != 1 {
				t.Fatalf("send: %+v %v", res, codes(res.Diagnostics))
			}
			if !strings.Contains(string(evs[0].Raw), "echo: hello") || res.Exchange[0].Status != 200 {
				t.Errorf("send answer %s", evs[0].Raw)
			}
			task := evs[0].Payload.Get("task")
			if task == nil {
				t.Fatalf("no task in %s", evs[0].Raw)
			}
			id := task.Get("id").Text()
			res, evs = talk(t, e, probe.Conversation{Method: probe.MethodStream, Text: "again", ContextID: task.Get("contextId").Text()})
			if !res.Failed.IsZero() || res.AgentError != nil || len(res.Diagnostics) > 0 || res.Events < 3 || len(evs) != res.Events {
				t.Fatalf("stream: %d events, %+v %v", res.Events, res, codes(res.Diagnostics))
			}
			res, evs = talk(t, e, probe.Conversation{Method: probe.MethodGetTask, TaskID: id})
			if len(res.Diagnostics) > 0 || res.AgentError != nil || !strings.Contains(string(evs[0].Raw), "TASK_STATE_COMPLETED") {
				t.Errorf("get: %v %s", codes(res.Diagnostics), evs[0].Raw)
			}
			_, evs = talk(t, e, probe.Conversation{Method: probe.MethodSend, Text: "wait"})
			waiting := evs[0].Payload.Get("task").Get("id").Text()
			res, evs = talk(t, e, probe.Conversation{Method: probe.MethodCancelTask, TaskID: waiting})
			if len(res.Diagnostics) > 0 || res.AgentError != nil || !strings.Contains(string(evs[0].Raw), "TASK_STATE_CANCELED") {
				t.Errorf("cancel: %v %+v %s", codes(res.Diagnostics), res.AgentError, evs[0].Raw)
			}
			// a2asrv v2.4.0 lists tasks only for an authenticated caller:
			// an anonymous ListTasks is its error, in the binding's shape
			res, _ = talk(t, e, probe.Conversation{Method: probe.MethodListTasks})
			if len(res.Diagnostics) > 0 || res.AgentError == nil || (res.AgentError.Code != -31401 && res.AgentError.Reason != "UNAUTHENTICATED") {
				t.Errorf("list: %v %+v %s", codes(res.Diagnostics), res.AgentError, res.Exchange[0].Answer)
			}
			res, _ = talk(t, e, probe.Conversation{Method: probe.MethodGetTask, TaskID: "no-such-task"})
			if res.AgentError == nil || len(res.Diagnostics) > 0 {
				t.Errorf("get of a missing task: %+v %v", res.AgentError, codes(res.Diagnostics))
			}
		})
	}
}

// TestConverseOwnFixtures: what no SDK does on purpose, each with its
// finding, and the bounds.
func TestConverseOwnFixtures(t *testing.T) {
	sse := func(events ...string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			for _, e := range events {
				fmt.Fprint(w, e)
			}
		}
	}
	jsonAnswer := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, body)
		}
	}
	endless := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; r.Context().Err() == nil; i++ {
			fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"statusUpdate\":{\"taskId\":\"t\",\"contextId\":\"c\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}}\n\n")
			if i%100 == 0 {
				w.(http.Flusher).Flush()
			}
		}
	}
	slow := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, ": hello\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}
	huge := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"`)
		chunk := strings.Repeat("x", 1<<20)
		for range 100 {
			if _, err := fmt.Fprint(w, chunk); err != nil {
				return
			}
		}
		fmt.Fprint(w, `"}]}}}`)
	}
	cases := []struct {
		name    string
		h       http.HandlerFunc
		method  string
		timeout time.Duration
		want    []string
	}{
		{"1.0 call answered in the 0.3 shape", jsonAnswer(`{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"}}}`),
			probe.MethodSend, 0, []string{"answer-shape /result/kind"}},
		{"misspelt enums", jsonAnswer(`{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_CANCELLED","message":{"messageId":"m","role":"AGENT","parts":[{"text":"x"}]}}}}}`),
			probe.MethodSend, 0, []string{"answer-enum /result/task/status/state", "answer-enum /result/task/status/message/role"}},
		{"stream event in the 0.3 shape", sse("data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t\",\"contextId\":\"c\",\"status\":{\"state\":\"working\"},\"final\":true}}\n\n"),
			probe.MethodStream, 0, []string{"answer-shape /result/kind"}},
		{"malformed SSE: data not JSON", sse("data: {\"jsonrpc\":\n\n"), probe.MethodStream, 0, []string{"answer-shape "}},
		{"malformed SSE: unfinished event", sse("data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"task\":{\"id\":\"t\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}}"), probe.MethodStream, 0, []string{"answer-shape "}},
		{"malformed SSE: no events", sse(": nothing\n\n"), probe.MethodStream, 0, []string{"answer-shape "}},
		{"stream answered as JSON", jsonAnswer(`{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t","status":{"state":"TASK_STATE_COMPLETED"}}}}`), probe.MethodStream, 0, []string{"answer-shape "}},
		{"stream that never ends", endless, probe.MethodStream, 0, []string{"answer-cut "}},
		{"stream that never answers", slow, probe.MethodStream, 300 * time.Millisecond, []string{"answer-cut "}},
		{"100 MB answer", huge, probe.MethodSend, 0, []string{"answer-cut "}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := a2afixture.Serve(t, c.h)
			res, _ := talk(t, card.Interface{URL: s.URL("/a2a"), Binding: probe.JSONRPC, Version: "1.0"}, probe.Conversation{Method: c.method, Text: "hi", Timeout: c.timeout})
			got := codes(res.Diagnostics)
			if !res.Failed.IsZero() || strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("findings %q, want %q (failed %v)", got, c.want, res.Failed)
			}
			for _, d := range res.Diagnostics {
				if d.Severity != lint.Error || d.URL == "" || d.Message == "" {
					t.Errorf("finding without its data: %+v", d)
				}
			}
			if c.name == "stream that never ends" && res.Events != probe.MaxEvents {
				t.Errorf("%d events read, want %d", res.Events, probe.MaxEvents)
			}
			if c.name == "100 MB answer" && len(res.Exchange[0].Answer) != probe.MaxReply {
				t.Errorf("%d bytes read, want %d", len(res.Exchange[0].Answer), probe.MaxReply)
			}
		})
	}
}

// TestConverseRefused: the policy is asked before anything is sent.
func TestConverseRefused(t *testing.T) {
	s := a2afixture.Serve(t, a2afixture.EchoHandler())
	res := probe.Converse(context.Background(), card.Interface{URL: s.URL("/jsonrpc"), Binding: probe.JSONRPC, Version: "1.0"},
		discovery.NewHTTPDoer(discovery.DefaultPolicy()), probe.Conversation{Method: probe.MethodSend, Text: "hi", Policy: discovery.DefaultPolicy()})
	if res.Failed.IsZero() || s.Conns() != 0 {
		t.Errorf("failed %v, %d connections", res.Failed, s.Conns())
	}
}

// TestAnswerCutExamples: answer-cut's examples are streams; the bad one
// passes the example's lowered event bound, the good one does not.
func TestAnswerCutExamples(t *testing.T) {
	r := lint.RuleFor(lint.CodeAnswerCut)
	if r == nil || r.EmittedBy != lint.ByAnswer || !r.External {
		t.Fatalf("answer-cut: %+v", r)
	}
	run := func(example string) []string {
		head, body, _ := strings.Cut(example, "\n")
		var binding, version, method string
		var events int
		if _, err := fmt.Sscanf(head, "answer: %s %s %s cut: events=%d", &binding, &version, &method, &events); err != nil || method != probe.MethodStream {
			t.Fatalf("bad example head %q: %v", head, err)
		}
		d := discovery.DoerFunc(func(_ context.Context, req *discovery.Request) (*discovery.Response, error) {
			res := &discovery.Response{Status: 200, Header: discovery.Header{}}
			res.Header.Set("Content-Type", "text/event-stream")
			req.Stream(res, []byte(body))
			res.Body = []byte(body)
			return res, nil
		})
		res := probe.Converse(context.Background(), card.Interface{URL: "https://agent.example.com/a2a", Binding: binding, Version: version}, d,
			probe.Conversation{Method: method, Text: "hi", MaxEvents: events, Policy: discovery.DefaultPolicy()})
		return codes(res.Diagnostics)
	}
	if got := run(r.Bad); len(got) != 1 || got[0] != "answer-cut " {
		t.Errorf("bad example: %v", got)
	}
	if got := run(r.Good); len(got) != 0 {
		t.Errorf("good example: %v", got)
	}
}

// TestConverseGatewayError: an HTTP error page where the agent should be
// is an error of the server, not an answer in the wrong shape.
func TestConverseGatewayError(t *testing.T) {
	s := a2afixture.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprint(w, "<h1>502 Bad Gateway</h1>")
	}))
	res, _ := talk(t, card.Interface{URL: s.URL("/a2a"), Binding: probe.JSONRPC, Version: "1.0"}, probe.Conversation{Method: probe.MethodSend, Text: "hi"})
	if res.AgentError == nil || res.AgentError.Status != 502 || len(res.Diagnostics) > 0 {
		t.Errorf("agent error %+v, findings %v", res.AgentError, codes(res.Diagnostics))
	}
}
