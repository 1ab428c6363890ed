package probe_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/agentcard/agentcard/internal/a2afixture"
)

// The fixtures are internal/a2afixture's: real a2asrv agents and the ways
// real endpoints misbehave, on 127.0.0.1, counting connections.
type fixture = a2afixture.Server

var (
	serve      = a2afixture.Serve
	sdkAgent   = a2afixture.Agent
	html404    = a2afixture.HTML404
	bearerOnly = a2afixture.BearerOnly
	silent     = a2afixture.Silent
)

// legacyJSONRPC is a 0.3 JSON-RPC server as 0.3 defined it: it knows
// tasks/get and answers -32001 for an unknown task; it records the
// methods and versions it was asked.
func legacyJSONRPC(t *testing.T, seen *[]string) *fixture {
	var mu sync.Mutex
	return serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		_ = json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&req)
		mu.Lock()
		*seen = append(*seen, r.Method+" "+req.Method+" "+r.Header.Get("A2A-Version"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		code, msg := -32601, "Method not found"
		if req.Method == "tasks/get" {
			code, msg = -32001, "Task not found"
		}
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": code, "message": msg}})
	}))
}

// cardWith builds a 1.0 card whose supportedInterfaces are the given
// (url, binding, version) triples.
func cardWith(entries ...[3]string) string {
	var b strings.Builder
	b.WriteString(`{"name":"Probe fixture","description":"d","version":"1.0.0","supportedInterfaces":[`)
	for i, e := range entries {
		if i > 0 {
			b.WriteString(",\n")
		}
		j, _ := json.Marshal(map[string]string{"url": e[0], "protocolBinding": e[1], "protocolVersion": e[2]})
		b.Write(j)
	}
	b.WriteString(`],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}`)
	return b.String()
}
