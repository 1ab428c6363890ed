package probe_test

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/toolchain"
)

// jsEcho starts testdata/jsecho.mjs (@a2a-js/sdk's Express handlers, an
// echoing executor) and returns its base URL.
func jsEcho(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	toolchain.NodeModule(t, root, "@a2a-js/sdk")
	toolchain.NodeModule(t, root, "express")
	node := toolchain.Command(t, "node", "Node.js, to run @a2a-js/sdk")
	cmd := exec.Command(node, "testdata/jsecho.mjs")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	port, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("jsecho did not start: %v", err)
	}
	return "http://127.0.0.1:" + strings.TrimSpace(port)
}

// TestConverseA2AJS: @a2a-js/sdk's server, over JSON-RPC and HTTP+JSON:
// send, stream and get, every answer valid.
func TestConverseA2AJS(t *testing.T) {
	base := jsEcho(t)
	for _, e := range []card.Interface{
		{URL: base + "/jsonrpc", Binding: probe.JSONRPC, Version: "1.0"},
		{URL: base + "/rest", Binding: probe.HTTPJSON, Version: "1.0"},
	} {
		t.Run(e.Binding, func(t *testing.T) {
			res, evs := talk(t, e, probe.Conversation{Method: probe.MethodSend, Text: "hello"})
			if !res.Failed.IsZero() || res.AgentError != nil || len(res.Diagnostics) > 0 || len(evs) != 1 || !strings.Contains(string(evs[0].Raw), "echo: hello") {
				t.Fatalf("send: %+v %v %+v\n%s", res.Failed, codes(res.Diagnostics), res.AgentError, res.Exchange[0].Answer)
			}
			id := evs[0].Payload.Get("task").Get("id").Text()
			res, _ = talk(t, e, probe.Conversation{Method: probe.MethodStream, Text: "again"})
			if !res.Failed.IsZero() || res.AgentError != nil || len(res.Diagnostics) > 0 || res.Events < 3 {
				t.Fatalf("stream: %d events %v %+v\n%s", res.Events, codes(res.Diagnostics), res.AgentError, res.Exchange[0].Answer)
			}
			res, evs = talk(t, e, probe.Conversation{Method: probe.MethodGetTask, TaskID: id})
			if len(res.Diagnostics) > 0 || res.AgentError != nil || !strings.Contains(string(evs[0].Raw), "TASK_STATE_COMPLETED") {
				t.Errorf("get: %v %+v %s", codes(res.Diagnostics), res.AgentError, res.Exchange[0].Answer)
			}
		})
	}
}
