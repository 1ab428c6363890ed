package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"google.golang.org/protobuf/encoding/protojson"
)

// ---- checks of the answer rules' claims: the real clients reading
// answers (core/probe/reply's rules answer-*) ----

// sendAnswers are the results of a 1.0 SendMessage the checks serve, by name.
var sendAnswers = map[string]string{
	"cancelled":    `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELLED"}}}`,
	"0.3 state":    `{"task":{"id":"t1","contextId":"c1","status":{"state":"completed"}}}`,
	"two part":     `{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hello","data":{"n":1}}]}}`,
	"empty part":   `{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{}]}}`,
	"task and msg": `{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hello"}]},"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`,
	"empty result": `{}`,
	"no messageId": `{"message":{"role":"ROLE_AGENT","parts":[{"text":"hello"}]}}`,
	"no task id":   `{"task":{"contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`,
	"no status":    `{"task":{"id":"t1","contextId":"c1"}}`,
	"0.3 task":     `{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"}}`,
	"0.3 message":  `{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}`,
}

// serveAnswer answers every JSON-RPC request with the named result (the
// request's id echoed).
func serveAnswer(name string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &req)
		if len(req.ID) == 0 {
			req.ID = json.RawMessage(`"1"`)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, req.ID, sendAnswers[name])
	}))
}

// goSend is a2a-go's default client sending one message to a server
// answering with the named result.
func goSend(name string) (a2a.SendMessageResult, error) {
	srv := serveAnswer(name)
	defer srv.Close()
	ctx, cancel := quietCtx()
	defer cancel()
	client, err := newGoClient(ctx, srv.URL, "JSONRPC")
	if err != nil {
		return nil, err
	}
	return client.SendMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("hi"))})
}

// jsSent is what a2a-js's default client made of an answer.
type jsSent struct {
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Detail string          `json:"detail"`
}

// jsSend is a2a-js's default client (conformance.mjs --send) sending one
// message to a server answering with the named result.
func jsSend(w *World, name string) (jsSent, error) {
	RequireJS(w.T)
	srv := serveAnswer(name)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "node", filepath.Join(testdataDir(w.T), "conformance.mjs"), "--send", srv.URL).Output()
	var s jsSent
	if err == nil {
		err = json.Unmarshal(out, &s)
	}
	return s, err
}

// goReads fails unless a2a-go's client takes the named answer without an
// error and what it read passes ok.
func goReads(name string, ok func(a2a.SendMessageResult) bool) error {
	res, err := goSend(name)
	if err != nil || !ok(res) {
		return fmt.Errorf("%s: a2a-go read %#v, %v", name, res, err)
	}
	return nil
}

func goRefuses(name string) error {
	if res, err := goSend(name); err == nil {
		return fmt.Errorf("%s: a2a-go read %#v without an error", name, res)
	}
	return nil
}

// jsReads fails unless a2a-js's client takes the named answer without an
// error and its reading holds every fragment.
func jsReads(w *World, name string, frags ...string) error {
	s, err := jsSend(w, name)
	if err != nil || !s.OK {
		return fmt.Errorf("%s: a2a-js: %s %v", name, s.Detail, err)
	}
	for _, f := range frags {
		if !strings.Contains(string(s.Result), f) {
			return fmt.Errorf("%s: a2a-js read %s, without %s", name, s.Result, f)
		}
	}
	return nil
}

func jsRefuses(w *World, name string) error {
	s, err := jsSend(w, name)
	if err != nil {
		return err
	}
	if s.OK {
		return fmt.Errorf("%s: a2a-js read %s without an error", name, s.Result)
	}
	return nil
}

func taskState(res a2a.SendMessageResult) a2a.TaskState {
	if t, ok := res.(*a2a.Task); ok {
		return t.Status.State
	}
	return "not a task"
}

func checkGoProtoJSONEnum(*World) error {
	var errs []error
	for _, state := range []string{"TASK_STATE_CANCELLED", "completed"} {
		var t a2apb.Task
		if err := protojson.Unmarshal([]byte(`{"id":"t1","contextId":"c1","status":{"state":"`+state+`"}}`), &t); err == nil {
			errs = append(errs, fmt.Errorf("protojson reads the state %s", state))
		}
	}
	var t a2apb.Task
	if err := protojson.Unmarshal([]byte(`{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELED"}}`), &t); err != nil {
		errs = append(errs, fmt.Errorf("protojson refuses even TASK_STATE_CANCELED: %v", err))
	}
	return all(errs...)
}

func checkGoProtoJSONOneof(*World) error {
	var m a2apb.Message
	if err := protojson.Unmarshal([]byte(`{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hello","data":{"n":1}}]}`), &m); err == nil {
		return errors.New("protojson reads a Part with text and data")
	}
	var r a2apb.SendMessageResponse
	if err := protojson.Unmarshal([]byte(sendAnswers["task and msg"]), &r); err == nil {
		return errors.New("protojson reads a result with a task and a message")
	}
	return nil
}

func checkGoProtoJSONUnknown(*World) error {
	src := []byte(`{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hi"}],"mood":"happy"}`)
	var m a2apb.Message
	if err := protojson.Unmarshal(src, &m); err == nil {
		return errors.New("protojson reads a message with a member Message does not define")
	}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(src, &m); err != nil || m.GetMessageId() != "m1" {
		return fmt.Errorf("protojson with DiscardUnknown: %v", err)
	}
	return nil
}

func checkGoClientEnum(*World) error {
	var errs []error
	for _, name := range []string{"cancelled", "0.3 state"} {
		errs = append(errs, goReads(name, func(res a2a.SendMessageResult) bool {
			s := taskState(res)
			return s != "not a task" && !s.Terminal() && s != a2a.TaskStateCanceled && s != a2a.TaskStateCompleted
		}))
	}
	return all(errs...)
}

func checkJSClientEnum(w *World) error {
	return all(jsReads(w, "cancelled", `"state":-1`), jsReads(w, "0.3 state", `"state":-1`))
}

func checkGoClientOneof(*World) error {
	return all(goRefuses("two part"), goRefuses("empty part"), goRefuses("task and msg"), goRefuses("empty result"))
}

func checkJSClientOneof(w *World) error {
	err := jsReads(w, "two part", `"$case":"text"`)
	if s, e := jsSend(w, "two part"); e == nil && strings.Contains(string(s.Result), `"n"`) {
		err = errors.Join(err, fmt.Errorf("a2a-js kept the data member: %s", s.Result))
	}
	return all(err, jsReads(w, "task and msg", `"id":"t1"`), jsRefuses(w, "empty result"))
}

func checkGoClientRequired(*World) error {
	return all(
		goReads("no messageId", func(r a2a.SendMessageResult) bool { m, ok := r.(*a2a.Message); return ok && m.ID == "" }),
		goReads("no task id", func(r a2a.SendMessageResult) bool { t, ok := r.(*a2a.Task); return ok && t.ID == "" }),
		goReads("no status", func(r a2a.SendMessageResult) bool { return taskState(r) == a2a.TaskStateUnspecified }))
}

func checkJSClientRequired(w *World) error {
	err := jsReads(w, "no status", `"id":"t1"`)
	if s, e := jsSend(w, "no status"); e == nil && strings.Contains(string(s.Result), `"status"`) {
		err = errors.Join(err, fmt.Errorf("a2a-js made up a status: %s", s.Result))
	}
	return all(jsReads(w, "no messageId", `"messageId":""`), jsReads(w, "no task id", `"id":""`), err)
}

func checkGoClient03(*World) error {
	return all(goRefuses("0.3 task"), goRefuses("0.3 message"))
}

func checkJSClient03(w *World) error {
	return all(jsRefuses(w, "0.3 task"), jsRefuses(w, "0.3 message"))
}

// statusExecutor answers every message with a task built by
// a2a.NewSubmittedTask and a status update built by
// a2a.NewStatusUpdateEvent, both from the executor's context.
type statusExecutor struct{}

func (statusExecutor) Execute(_ context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		if yield(a2a.NewSubmittedTask(ec, ec.Message), nil) {
			yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateCompleted, nil), nil)
		}
	}
}

func (statusExecutor) Cancel(_ context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateCanceled, nil), nil)
	}
}

// checkGoServerAnswer: a2a-go's a2asrv JSON-RPC handler answers a
// SendMessage in 1.0's JSON, the result wrapped in its member, no kind,
// with the task's ids and state filled from the executor's events.
func checkGoServerAnswer(*World) error {
	srv := httptest.NewServer(a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(statusExecutor{})))
	defer srv.Close()
	req := `{"jsonrpc":"2.0","id":"1","method":"SendMessage","params":{"message":{"messageId":"u1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}`
	hr, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(req))
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("A2A-Version", "1.0")
	resp, err := srv.Client().Do(hr)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var got struct {
		Result struct {
			Task *struct {
				ID        string `json:"id"`
				ContextID string `json:"contextId"`
				Status    struct {
					State string `json:"state"`
				} `json:"status"`
			} `json:"task"`
		} `json:"result"`
	}
	if err := json.Unmarshal(b, &got); err != nil || got.Result.Task == nil || strings.Contains(string(b), `"kind"`) {
		return fmt.Errorf("a2asrv answered %s (%v)", b, err)
	}
	if t := got.Result.Task; t.ID == "" || t.ContextID == "" || t.Status.State != "TASK_STATE_COMPLETED" {
		return fmt.Errorf("a2asrv answered %s", b)
	}
	return nil
}

// checkGoStreamNoBound: a2a-go's streaming client reads a stream that
// stays open, event after event, until its caller's context ends.
func checkGoStreamNoBound(*World) error {
	event := `data: {"jsonrpc":"2.0","id":"1","result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}}` + "\n\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for {
			if _, err := io.WriteString(w, event); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	defer srv.Close()
	ctx, cancel := quietCtx()
	defer cancel()
	card := &a2a.AgentCard{Name: "n", Capabilities: a2a.AgentCapabilities{Streaming: true},
		SupportedInterfaces: []*a2a.AgentInterface{{URL: srv.URL, ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"}}}
	client, err := a2aclient.NewFromCard(ctx, card)
	if err != nil {
		return err
	}
	const window = 1500 * time.Millisecond
	sctx, scancel := context.WithTimeout(ctx, window)
	defer scancel()
	start, n := time.Now(), 0
	var last error
	for _, err := range client.SendStreamingMessage(sctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("hi"))}) {
		if err != nil {
			last = err
			break
		}
		n++
	}
	if took := time.Since(start); n < 10 || took < window || last == nil || !errors.Is(sctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("the stream ended after %d events and %v: %v", n, took, last)
	}
	return nil
}
