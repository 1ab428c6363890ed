package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/internal/a2afixture"
)

// echoAgent is a real a2asrv agent with the echoing executor, serving at
// its well-known path a card whose entries are entries(s) (JSON-RPC
// first, then HTTP+JSON, by default); it returns the card's URL and the
// server.
func echoAgent(t *testing.T, entries func(s *a2afixture.Server) [][3]string) (string, *a2afixture.Server) {
	t.Helper()
	s := a2afixture.Start(t, func(s *a2afixture.Server) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", a2afixture.EchoHandler())
		list := [][3]string{{s.URL("/jsonrpc"), "JSONRPC", "1.0"}, {s.URL("/rest"), "HTTP+JSON", "1.0"}}
		if entries != nil {
			list = entries(s)
		}
		text := cardWithEntries(list...)
		mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(text))
		})
		return mux
	})
	return s.URL("/.well-known/agent-card.json"), s
}

type sendDoc struct {
	Selection struct{ URL, ProtocolBinding string }
	Exchange  []struct {
		Method, URL string
		Status      int
		MS          *int64 `json:"ms"`
	}
	Answers     []json.RawMessage
	Events      int
	Errors      int
	AgentError  *struct{ Code int }
	Diagnostics []struct{ Code, Pointer, Message, URL string }
}

func sendJSON(t *testing.T, args ...string) (sendDoc, int) {
	t.Helper()
	out, errOut, code := runCLI(t, "", append([]string{args[0], "--format", "json"}, args[1:]...)...)
	var doc sendDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON (%v), exit %d, stderr %s: %s", err, code, errOut, out)
	}
	return doc, code
}

// TestSendA2AGo: send, send --stream, task get and task cancel against a
// real a2asrv agent, in text and JSON.
func TestSendA2AGo(t *testing.T) {
	url, _ := echoAgent(t, nil)
	out, errOut, code := runCLI(t, "", "send", url, "hello")
	if code != exitOK || !strings.Contains(out, "echo: hello") || !strings.Contains(out, "TASK_STATE_COMPLETED") || !strings.Contains(out, "SendMessage") {
		t.Fatalf("send: exit %d, stderr %s\n%s", code, errOut, out)
	}
	out, _, code = runCLI(t, "", "send", "--stream", url, "hello")
	if code != exitOK || !strings.Contains(out, "TASK_STATE_WORKING") || !strings.Contains(out, "artifact echo: echo: hello") || !strings.Contains(out, "TASK_STATE_COMPLETED") {
		t.Fatalf("send --stream: exit %d\n%s", code, out)
	}
	doc, code := sendJSON(t, "send", url, "first")
	if code != exitOK || len(doc.Exchange) != 1 || doc.Exchange[0].Status != 200 || doc.Exchange[0].MS == nil || doc.Exchange[0].Method != "SendMessage" || len(doc.Answers) != 1 || doc.Errors != 0 {
		t.Fatalf("send --format json: exit %d %+v", code, doc)
	}
	var first struct {
		Result struct {
			Task struct{ ID, ContextID string } `json:"task"`
		} `json:"result"`
	}
	json.Unmarshal(doc.Answers[0], &first)
	if first.Result.Task.ID == "" {
		t.Fatalf("no task in %s", doc.Answers[0])
	}
	// continue the conversation in its context
	doc, _ = sendJSON(t, "send", "--context", first.Result.Task.ContextID, url, "second")
	if !strings.Contains(string(doc.Answers[0]), first.Result.Task.ContextID) {
		t.Errorf("--context not carried: %s", doc.Answers[0])
	}
	out, _, code = runCLI(t, "", "task", "get", first.Result.Task.ID, url)
	if code != exitOK || !strings.Contains(out, first.Result.Task.ID) || !strings.Contains(out, "TASK_STATE_COMPLETED") || !strings.Contains(out, "echo: first") {
		t.Errorf("task get: exit %d\n%s", code, out)
	}
	doc, _ = sendJSON(t, "send", "--binding", "HTTP+JSON", url, "wait")
	if doc.Selection.ProtocolBinding != "HTTP+JSON" || !strings.Contains(doc.Exchange[0].URL, "/rest/message:send") {
		t.Errorf("--binding HTTP+JSON: %+v", doc)
	}
	json.Unmarshal(doc.Answers[0], &first.Result)
	out, _, code = runCLI(t, "", "task", "cancel", "--binding", "HTTP+JSON", first.Result.Task.ID, url)
	if code != exitOK || !strings.Contains(out, "TASK_STATE_CANCELED") {
		t.Errorf("task cancel: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "task", "get", "no-such-task", url)
	if code != exitFound || !strings.Contains(out, "-32001") {
		t.Errorf("task get of a missing task: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "send", "--verbose", url, "hi")
	if !strings.Contains(out, "> POST "+strings.TrimSuffix(url, "/.well-known/agent-card.json")+"/jsonrpc") || !strings.Contains(out, `< {"jsonrpc":"2.0"`) {
		t.Errorf("--verbose without the raw exchange:\n%s", out)
	}
	zh, _, _ := runCLI(t, "", "send", "--lang", "zh-CN", url, "hi")
	if !strings.Contains(zh, "任务") || !strings.Contains(zh, "代理说") {
		t.Errorf("zh-CN:\n%s", zh)
	}
}

// TestSendHeaderScope: --header reaches the agent the card declares and
// is never printed, even with --verbose.
func TestSendHeaderScope(t *testing.T) {
	url, s := echoAgent(t, nil)
	out, errOut, code := runCLI(t, "", "send", "--verbose", "--header", "Authorization: Bearer s3cret", url, "hi")
	if code != exitOK || strings.Contains(out+errOut, "s3cret") {
		t.Fatalf("exit %d, or the secret was printed:\n%s%s", code, out, errOut)
	}
	var got string
	for _, r := range s.Requests() {
		if r.Path == "/jsonrpc" {
			got = r.Header.Get("Authorization")
		}
	}
	if got != "Bearer s3cret" {
		t.Errorf("the agent got Authorization %q", got)
	}
}

// TestSendWrongAnswers: our own agents that answer what no SDK answers.
func TestSendWrongAnswers(t *testing.T) {
	fixture := func(h http.HandlerFunc) string {
		s := a2afixture.Start(t, func(s *a2afixture.Server) http.Handler {
			mux := http.NewServeMux()
			mux.Handle("/a2a", h)
			text := cardWithEntries([3]string{s.URL("/a2a"), "JSONRPC", "1.0"})
			mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Write([]byte(text))
			})
			return mux
		})
		return s.URL("/.well-known/agent-card.json")
	}
	v03 := fixture(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"old"}]}}`)
	})
	doc, code := sendJSON(t, "send", v03, "hi")
	if code != exitFound || doc.Errors == 0 || doc.Diagnostics[0].Code != "answer-shape" || doc.Diagnostics[0].Pointer != "/result/kind" || doc.Diagnostics[0].URL == "" {
		t.Errorf("0.3 shape: exit %d %+v", code, doc)
	}
	out, _, _ := runCLI(t, "", "send", v03, "hi")
	if !strings.Contains(out, "answer-shape /result/kind") {
		t.Errorf("text without the finding:\n%s", out)
	}
	endless := fixture(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; r.Context().Err() == nil; i++ {
			fmt.Fprint(w, "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"statusUpdate\":{\"taskId\":\"t\",\"contextId\":\"c\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}}\n\n")
		}
	})
	doc, code = sendJSON(t, "send", "--stream", endless, "hi")
	if code != exitFound || doc.Events != 1000 || len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Code != "answer-cut" {
		t.Errorf("endless stream: exit %d, %d events, %+v", code, doc.Events, doc.Diagnostics)
	}
}

// TestSendRefusals: usage errors, a gRPC-only card, an unreachable agent.
func TestSendRefusals(t *testing.T) {
	grpcOnly, _ := echoAgent(t, func(s *a2afixture.Server) [][3]string { return [][3]string{{s.Addr(), "GRPC", "1.0"}} })
	_, errOut, code := runCLI(t, "", "send", "--binding", "GRPC", grpcOnly, "hi")
	if code != exitUsage || !strings.Contains(errOut, "gRPC") {
		t.Errorf("--binding GRPC: exit %d: %s", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "send", grpcOnly, "hi")
	if code != exitUsage || !strings.Contains(errOut, "JSONRPC@1.0|0.3") {
		t.Errorf("gRPC-only card: exit %d: %s", code, errOut)
	}
	down, _ := echoAgent(t, func(s *a2afixture.Server) [][3]string {
		return [][3]string{{"http://127.0.0.1:1/a2a", "JSONRPC", "1.0"}}
	})
	if _, errOut, code = runCLI(t, "", "send", down, "hi"); code != exitUsage {
		t.Errorf("unreachable agent: exit %d: %s", code, errOut)
	}
	for name, args := range map[string][]string{
		"no text":     {"send", "a.json"},
		"bad format":  {"send", "--format", "sarif", "a.json", "hi"},
		"task action": {"task", "delete", "x", "a.json"},
		"task args":   {"task", "get", "a.json"},
	} {
		if _, errOut, code := runCLI(t, "", args...); code != exitUsage || errOut == "" {
			t.Errorf("%s: exit %d: %s", name, code, errOut)
		}
	}
	if out, _, code := runCLI(t, "", "send", "--help"); code != exitOK || !strings.Contains(out, "60 seconds") {
		t.Errorf("send --help does not state the time limit:\n%s", out)
	}
}

// TestConformSend: conform --send talks to the agent on the interface the
// client picks, and again as a stream when the card claims streaming;
// each conversation is a message claim and the result lists the
// exchange.
func TestConformSend(t *testing.T) {
	s := a2afixture.Start(t, func(s *a2afixture.Server) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", a2afixture.EchoHandler())
		text := cardWithEntries([3]string{s.URL("/jsonrpc"), "JSONRPC", "1.0"}, [3]string{s.URL("/rest"), "HTTP+JSON", "1.0"})
		text = strings.Replace(text, `"capabilities": {}`, `"capabilities": {"streaming": true}`, 1)
		mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(text))
		})
		return mux
	})
	url := s.URL("/.well-known/agent-card.json")
	out, errOut, code := runCLI(t, "", "conform", "--send", "hello", "--format", "json", url)
	var doc struct {
		Results []struct {
			Claims   []struct{ Claim, Binding, Declared, Observed, Verdict string }
			Exchange []struct {
				Method, URL string
				Status      int
				MS          *int64 `json:"ms"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 1 {
		t.Fatalf("exit %d, stderr %s: %s", code, errOut, out)
	}
	if code != exitOK {
		t.Errorf("exit %d, want 0: %s", code, out)
	}
	r := doc.Results[0]
	var messages []string
	for _, c := range r.Claims {
		if c.Claim == "message" {
			messages = append(messages, c.Binding+" "+c.Declared+" "+c.Verdict)
		}
	}
	if strings.Join(messages, ", ") != "JSONRPC SendMessage holds, JSONRPC SendStreamingMessage holds" {
		t.Errorf("message claims %v", messages)
	}
	if len(r.Exchange) != 2 || r.Exchange[0].Method != "SendMessage" || r.Exchange[1].Method != "SendStreamingMessage" ||
		r.Exchange[0].Status != 200 || r.Exchange[0].MS == nil || !strings.HasSuffix(r.Exchange[0].URL, "/jsonrpc") {
		t.Errorf("exchange %+v", r.Exchange)
	}
	text, _, _ := runCLI(t, "", "conform", "--send", "hello", url)
	if !strings.Contains(text, "SendStreamingMessage") {
		t.Errorf("text without the message claims:\n%s", text)
	}
	// without --send: no message claim, no exchange
	out, _, _ = runCLI(t, "", "conform", "--format", "json", url)
	if strings.Contains(out, `"exchange"`) || strings.Contains(out, `"claim": "message"`) {
		t.Errorf("conform without --send talked:\n%s", out)
	}
}

// TestConformSendWrongShape: an agent answering a 1.0 call in the 0.3
// shape contradicts the message claim and the finding is the result's.
func TestConformSendWrongShape(t *testing.T) {
	s := a2afixture.Start(t, func(s *a2afixture.Server) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", a2afixture.AgentHandler())
		agent := a2afixture.AgentHandler()
		mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			if !strings.Contains(string(body), `"method":"SendMessage"`) {
				// everything else (the probe, the claim checks) is a2asrv's
				r.Body = io.NopCloser(bytes.NewReader(body))
				r.URL.Path = "/jsonrpc"
				agent.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"old"}]}}`)
		})
		text := cardWithEntries([3]string{s.URL("/old"), "JSONRPC", "1.0"})
		mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(text))
		})
		return mux
	})
	out, _, code := runCLI(t, "", "conform", "--send", "hi", "--format", "json", s.URL("/.well-known/agent-card.json"))
	var doc struct {
		Results []struct {
			Diagnostics []struct{ Code, Pointer string }
			Claims      []struct{ Claim, Verdict string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 1 {
		t.Fatalf("exit %d: %s", code, out)
	}
	verdicts := map[string]string{}
	for _, c := range doc.Results[0].Claims {
		verdicts[c.Claim] = c.Verdict
	}
	found := false
	for _, d := range doc.Results[0].Diagnostics {
		found = found || d.Code == "answer-shape" && d.Pointer == "/result/kind"
	}
	if code != exitFound || verdicts["message"] != "contradicted" || verdicts["binding"] != "holds" || !found {
		t.Errorf("exit %d, claims %v, answer-shape found %v:\n%s", code, verdicts, found, out)
	}
}

// TestSendFileCard: a card read from a file has no origin: --header needs
// --header-origin, and then goes to that origin only.
func TestSendFileCard(t *testing.T) {
	_, s := echoAgent(t, nil)
	file := writeTemp(t, "agent-card.json", cardWithEntries([3]string{s.URL("/jsonrpc"), "JSONRPC", "1.0"}))
	if _, errOut, code := runCLI(t, "", "send", "--header", "Authorization: Bearer f1le", file, "hi"); code != exitUsage || strings.Contains(errOut, "f1le") {
		t.Errorf("--header without --header-origin: exit %d: %s", code, errOut)
	}
	out, errOut, code := runCLI(t, "", "send", "--header", "Authorization: Bearer f1le", "--header-origin", s.URL(""), file, "hi")
	if code != exitOK || !strings.Contains(out, "echo: hi") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	got := ""
	for _, r := range s.Requests() {
		if r.Path == "/jsonrpc" {
			got = r.Header.Get("Authorization")
		}
	}
	if got != "Bearer f1le" {
		t.Errorf("the agent got Authorization %q", got)
	}
}
