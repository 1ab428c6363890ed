package sdk

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/internal/a2afixture"
)

// Claims about the SDKs' servers (the claims check's rules say what they
// answer): each check starts the real server on 127.0.0.1, a2a-go's
// a2asrv through internal/a2afixture and @a2a-js/sdk's Express handlers
// through a2afixture.JSAgent (the servers core/probe's claims tests probe),
// and asks it the calls the claims check sends, over JSON-RPC and
// HTTP+JSON, reading the wire answer itself: the claim is about what the
// server puts on the wire, so no client library stands between.
//
// The checks live here and not in core/probe: the registry (Claims) and
// TestClaimsChecked are core/sdk's, and its tests may import internal/
// (only core's programs may not, core/layout_test.go); they need nothing
// of core/probe but the servers, which internal/a2afixture holds.

// noTask is a task id no server knows.
const noTask = "agentcard-claims-0f3a"

// wireCall is one call of the claims check in both bindings.
type wireCall struct {
	rpc    string         // JSON-RPC method
	params map[string]any // its params
	verb   string         // HTTP+JSON method
	path   string         // HTTP+JSON path under the binding's base
}

var (
	wireGetTask   = wireCall{"GetTask", map[string]any{"id": noTask}, "GET", "/tasks/" + noTask}
	wireSubscribe = wireCall{"SubscribeToTask", map[string]any{"id": noTask}, "POST", "/tasks/" + noTask + ":subscribe"}
	wireListPush  = wireCall{"ListTaskPushNotificationConfigs", map[string]any{"taskId": noTask}, "GET", "/tasks/" + noTask + "/pushNotificationConfigs"}
	wireExtended  = wireCall{"GetExtendedAgentCard", map[string]any{}, "GET", "/extendedAgentCard"}
)

// firstJSON is the body of an answer, or the data of its first event when
// it is a stream.
func firstJSON(resp *http.Response) ([]byte, error) {
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if d, ok := strings.CutPrefix(sc.Text(), "data:"); ok {
			return []byte(strings.TrimSpace(d)), nil
		}
	}
	return nil, fmt.Errorf("a stream without an event (%v)", sc.Err())
}

// rpcAnswer sends c over JSON-RPC to url in A2A-Version version and says
// what came back: "result", or the error's code ("-32001").
func rpcAnswer(url, version string, c wireCall) (string, error) {
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "c1", "method": c.rpc, "params": c.params})
	return wireAnswer("POST", url, version, body, func(resp *http.Response, b []byte) (string, error) {
		var m struct {
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			return "", fmt.Errorf("HTTP %d, not JSON-RPC: %.200s", resp.StatusCode, b)
		}
		if m.Error != nil {
			return fmt.Sprint(m.Error.Code), nil
		}
		return "result", nil
	})
}

// restAnswer sends c over HTTP+JSON to base in A2A-Version version and
// says what came back: "200", or the status and the ErrorInfo reason of
// its google.rpc.Status ("404 TASK_NOT_FOUND"; in a stream, the Status of
// its first event).
func restAnswer(base, version string, c wireCall) (string, error) {
	var body []byte
	if c.verb == "POST" {
		body = []byte("{}")
	}
	return wireAnswer(c.verb, base+c.path, version, body, func(resp *http.Response, b []byte) (string, error) {
		var st struct {
			Error *struct {
				Code    int `json:"code"`
				Details []struct {
					Reason string `json:"reason"`
				} `json:"details"`
			} `json:"error"`
		}
		_ = json.Unmarshal(b, &st)
		if st.Error == nil {
			if resp.StatusCode/100 != 2 {
				return "", fmt.Errorf("HTTP %d without a google.rpc.Status: %.200s", resp.StatusCode, b)
			}
			return fmt.Sprint(resp.StatusCode), nil
		}
		// a stream carries the error in its first event, whose code is
		// the HTTP status the error stands for
		code := resp.StatusCode
		if code/100 == 2 && st.Error.Code != 0 {
			code = st.Error.Code
		}
		reason := "(no ErrorInfo)"
		for _, d := range st.Error.Details {
			if d.Reason != "" {
				reason = d.Reason
			}
		}
		return fmt.Sprintf("%d %s", code, reason), nil
	})
}

func wireAnswer(verb, url, version string, body []byte, read func(*http.Response, []byte) (string, error)) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, verb, url, r)
	if err != nil {
		return "", err
	}
	req.Header.Set("A2A-Version", version)
	req.Header.Set("Accept", "application/json, text/event-stream")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := firstJSON(resp)
	if err != nil {
		return "", err
	}
	return read(resp, b)
}

// answers is a server's answer to each call, by "JSONRPC <method>" and
// "HTTP+JSON <method>"; it fails when a call gets no answer.
func answers(base, version string, calls ...wireCall) (map[string]string, error) {
	out := map[string]string{}
	var errs []error
	for _, c := range calls {
		a, err := rpcAnswer(base+"/jsonrpc", version, c)
		if err != nil {
			errs = append(errs, fmt.Errorf("JSONRPC %s: %w", c.rpc, err))
		}
		out["JSONRPC "+c.rpc] = a
		if a, err = restAnswer(base+"/rest", version, c); err != nil {
			errs = append(errs, fmt.Errorf("HTTP+JSON %s: %w", c.rpc, err))
		}
		out["HTTP+JSON "+c.rpc] = a
	}
	return out, errors.Join(errs...)
}

// expect fails for every call whose answer is not the one wanted.
func expect(server string, got, want map[string]string) error {
	var errs []error
	for k, w := range want {
		if got[k] != w {
			errs = append(errs, fmt.Errorf("%s: %s answered %q, the claim %q", server, k, got[k], w))
		}
	}
	return errors.Join(errs...)
}

func goAgent(w *World, opts ...a2asrv.RequestHandlerOption) string {
	return strings.TrimSuffix(a2afixture.Agent(w.T, opts...).URL(""), "/")
}

func jsAgent(w *World, caps string) (string, error) {
	if why := a2afixture.JSAgentMissing(); why != "" {
		return "", errors.New(why)
	}
	return a2afixture.JSAgent(w.T, caps), nil
}

// the calls the claims check sends, and what an unknown task gets in
// each binding
var (
	claimCalls = []wireCall{wireGetTask, wireSubscribe, wireListPush, wireExtended}
	offCaps    = `{"streaming":false,"pushNotifications":false}`
	onCaps     = `{"streaming":true,"pushNotifications":true}`
)

func init() {
	ClaimChecks["go.server-ignores-version"] = checkGoServerIgnoresVersion
	ClaimChecks["go.server-version-interceptor"] = checkGoServerVersionInterceptor
	ClaimChecks["go.server-capability-checks"] = checkGoServerCapabilityChecks
	ClaimChecks["go.server-extended-card"] = checkGoServerExtendedCard
	ClaimChecks["go.client-error-kinds"] = checkGoClientErrorKinds
	ClaimChecks["js.server-error-codes"] = checkJSServerErrorCodes
	ClaimChecks["js.server-refuses-version"] = checkJSServerRefusesVersion
}

// checkGoServerIgnoresVersion: a2asrv (as a2afixture serves it, with no
// option) answers every call in A2A-Version 99.0 as it does in 1.0, and
// GetTask of an unknown task with TaskNotFound.
func checkGoServerIgnoresVersion(w *World) error {
	base := goAgent(w)
	v10, err10 := answers(base, "1.0", claimCalls...)
	v99, err99 := answers(base, "99.0", claimCalls...)
	if err := errors.Join(err10, err99); err != nil {
		return err
	}
	var errs []error
	for k, a := range v10 {
		if v99[k] != a {
			errs = append(errs, fmt.Errorf("a2asrv: %s answered %q in 1.0 and %q in 99.0", k, a, v99[k]))
		}
	}
	return errors.Join(append(errs, expect("a2asrv", v99, map[string]string{"JSONRPC GetTask": "-32001", "HTTP+JSON GetTask": "404 TASK_NOT_FOUND"}))...)
}

// checkGoServerVersionInterceptor: the workaround the rule's fix names
// (a2afixture.RefuseVersion) makes a2asrv refuse 99.0 in both bindings.
func checkGoServerVersionInterceptor(w *World) error {
	base := goAgent(w, a2asrv.WithCallInterceptors(a2afixture.RefuseVersion{Version: "99.0"}))
	got, err := answers(base, "99.0", wireGetTask)
	if err != nil {
		return err
	}
	return expect("a2asrv with RefuseVersion", got, map[string]string{"JSONRPC GetTask": "-32009", "HTTP+JSON GetTask": "400 VERSION_NOT_SUPPORTED"})
}

// checkGoServerCapabilityChecks: a2asrv under WithCapabilityChecks (and
// WithPushNotifications when push is on: a2afixture.Capabilities) answers
// the claims check's calls with the errors of a feature that is off, and
// TaskNotFound for one that is on.
func checkGoServerCapabilityChecks(w *World) error {
	off, errOff := answers(goAgent(w, a2afixture.Capabilities(a2a.AgentCapabilities{})...), "1.0", claimCalls...)
	on, errOn := answers(goAgent(w, a2afixture.Capabilities(a2a.AgentCapabilities{Streaming: true, PushNotifications: true})...), "1.0", claimCalls...)
	if err := errors.Join(errOff, errOn); err != nil {
		return err
	}
	return errors.Join(
		expect("a2asrv, capabilities off", off, map[string]string{
			"JSONRPC SubscribeToTask": "-32004", "HTTP+JSON SubscribeToTask": "400 UNSUPPORTED_OPERATION",
			"JSONRPC ListTaskPushNotificationConfigs": "-32003", "HTTP+JSON ListTaskPushNotificationConfigs": "400 PUSH_NOTIFICATION_NOT_SUPPORTED",
			"JSONRPC GetExtendedAgentCard": "-32004", "HTTP+JSON GetExtendedAgentCard": "400 UNSUPPORTED_OPERATION"}),
		expect("a2asrv, streaming and push on", on, map[string]string{
			"JSONRPC SubscribeToTask": "-32001", "HTTP+JSON SubscribeToTask": "404 TASK_NOT_FOUND",
			"JSONRPC ListTaskPushNotificationConfigs": "-32001", "HTTP+JSON ListTaskPushNotificationConfigs": "404 TASK_NOT_FOUND"}))
}

// checkGoServerExtendedCard: a2asrv answers GetExtendedAgentCard with the
// card WithExtendedAgentCard gave it, and without one with
// ExtendedAgentCardNotConfigured.
func checkGoServerExtendedCard(w *World) error {
	with, errWith := answers(goAgent(w, a2asrv.WithExtendedAgentCard(&a2a.AgentCard{Name: "extended"})), "1.0", wireExtended)
	without, errWithout := answers(goAgent(w), "1.0", wireExtended)
	if err := errors.Join(errWith, errWithout); err != nil {
		return err
	}
	return errors.Join(
		expect("a2asrv with an extended card", with, map[string]string{"JSONRPC GetExtendedAgentCard": "result", "HTTP+JSON GetExtendedAgentCard": "200"}),
		expect("a2asrv without one", without, map[string]string{"JSONRPC GetExtendedAgentCard": "-32007", "HTTP+JSON GetExtendedAgentCard": "400 EXTENDED_AGENT_CARD_NOT_CONFIGURED"}))
}

// checkGoClientErrorKinds: a2a-go's client, calling a2asrv, fails a
// refused call with the error of its kind, and a server that answers
// InternalError (as a server that maps its errors away does) with
// a2a.ErrInternalError, which is none of them.
func checkGoClientErrorKinds(w *World) error {
	ctx, cancel := quietCtx()
	defer cancel()
	kind := func(url string, call func(*a2aclient.Client) error, want, notWant error) error {
		c, err := newGoClient(ctx, url, "JSONRPC")
		if err != nil {
			return err
		}
		if err := call(c); !errors.Is(err, want) || notWant != nil && errors.Is(err, notWant) {
			return fmt.Errorf("a2a-go's client at %s: %v, the claim %v", url, err, want)
		}
		return nil
	}
	getTask := func(c *a2aclient.Client) error {
		_, err := c.GetTask(ctx, &a2a.GetTaskRequest{ID: noTask})
		return err
	}
	subscribe := func(c *a2aclient.Client) error {
		for _, err := range c.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: noTask}) {
			if err != nil {
				return err
			}
		}
		return nil
	}
	off := goAgent(w, a2afixture.Capabilities(a2a.AgentCapabilities{})...)
	refusing := goAgent(w, a2asrv.WithCallInterceptors(a2afixture.RefuseVersion{Version: "1.0"}))
	crash := a2afixture.Serve(w.T, http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		var req struct {
			ID any `json:"id"`
		}
		_ = json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&req)
		rw.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(rw).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32603, "message": "Task not found: " + noTask}})
	}))
	return errors.Join(
		kind(off+"/jsonrpc", getTask, a2a.ErrTaskNotFound, nil),
		kind(off+"/jsonrpc", subscribe, a2a.ErrUnsupportedOperation, nil),
		kind(refusing+"/jsonrpc", getTask, a2a.ErrVersionNotSupported, nil),
		kind(crash.URL("/jsonrpc"), getTask, a2a.ErrInternalError, a2a.ErrTaskNotFound))
}

// checkJSServerErrorCodes: @a2a-js/sdk's server (jsagent.mjs: its Express
// handlers around DefaultRequestHandler) answers each error of the claims
// check with its own code in both bindings.
func checkJSServerErrorCodes(w *World) error {
	offBase, err := jsAgent(w, offCaps)
	if err != nil {
		return err
	}
	onBase, err := jsAgent(w, onCaps)
	if err != nil {
		return err
	}
	off, errOff := answers(offBase, "1.0", claimCalls...)
	on, errOn := answers(onBase, "1.0", claimCalls...)
	if err := errors.Join(errOff, errOn); err != nil {
		return err
	}
	return errors.Join(
		expect("@a2a-js/sdk, capabilities off", off, map[string]string{
			"JSONRPC GetTask": "-32001", "HTTP+JSON GetTask": "404 TASK_NOT_FOUND",
			"JSONRPC SubscribeToTask": "-32004", "HTTP+JSON SubscribeToTask": "400 UNSUPPORTED_OPERATION",
			"JSONRPC ListTaskPushNotificationConfigs": "-32003", "HTTP+JSON ListTaskPushNotificationConfigs": "400 PUSH_NOTIFICATION_NOT_SUPPORTED"}),
		expect("@a2a-js/sdk, streaming and push on", on, map[string]string{
			"JSONRPC SubscribeToTask": "-32001", "HTTP+JSON SubscribeToTask": "404 TASK_NOT_FOUND",
			"JSONRPC ListTaskPushNotificationConfigs": "-32001", "HTTP+JSON ListTaskPushNotificationConfigs": "404 TASK_NOT_FOUND"}))
}

// checkJSServerRefusesVersion: @a2a-js/sdk's server refuses every call of
// the claims check in A2A-Version 99.0 with VersionNotSupported.
func checkJSServerRefusesVersion(w *World) error {
	base, err := jsAgent(w, onCaps)
	if err != nil {
		return err
	}
	got, err := answers(base, "99.0", claimCalls...)
	if err != nil {
		return err
	}
	want := map[string]string{}
	for _, c := range claimCalls {
		want["JSONRPC "+c.rpc], want["HTTP+JSON "+c.rpc] = "-32009", "400 VERSION_NOT_SUPPORTED"
	}
	return expect("@a2a-js/sdk", got, want)
}
