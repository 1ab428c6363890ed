package probe_test

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// TestConverseA2AJS: @a2a-js/sdk's server, over JSON-RPC and HTTP+JSON:
// send, stream and get, every answer valid.
func TestConverseA2AJS(t *testing.T) {
	base := a2afixture.JSEcho(t)
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
