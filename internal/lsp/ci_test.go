package lsp

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// Issue 18: what editors send routinely gets no error, requests before
// initialize get ServerNotInitialized, the trailing-comma finding sits on
// the comma with its fix there, unsafe fixes are offered and marked, and
// "apply every safe fix" is a source action.

// syncBuffer is a log the server writes from its own goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// callRaw sends a request and returns the answer, error or not.
func (c *client) callRaw(method string, params any) message {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	ch := make(chan message, 1)
	c.mu.Lock()
	c.resps[id] = ch
	c.mu.Unlock()
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	select {
	case m := <-ch:
		return m
	case <-time.After(wait):
		c.t.Fatalf("%s: no answer in %s", method, wait)
		return message{}
	}
}

func TestNotInitialized(t *testing.T) {
	t.Parallel()
	var log syncBuffer
	c := startServer(t, Options{Lang: i18n.English, Log: &log})
	// a notification before initialize is dropped, a request refused
	open(c, cardURI, brokenCard(t))
	m := c.callRaw("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": lspPos{0, 3}})
	if m.Error == nil || m.Error.Code != -32002 {
		t.Fatalf("hover before initialize: %+v", m)
	}
	initialize(t, c)
	if m := c.callRaw("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": lspPos{0, 3}}); m.Error != nil {
		t.Errorf("hover after initialize: %+v", m.Error)
	}
}

// Routine notifications (and ones no handler knows) leave no log line;
// a changed watched file reloads the configuration and checks the open
// documents again.
func TestRoutineNotifications(t *testing.T) {
	t.Parallel()
	var log syncBuffer
	var mu sync.Mutex
	off := false
	reloads := 0
	c := startServer(t, Options{Lang: i18n.English, Log: &log,
		Config: func(string) (*config.Config, error) {
			mu.Lock()
			defer mu.Unlock()
			if !off {
				return nil, nil
			}
			return &config.Config{Rules: map[string]config.Level{"wrong-type": config.LevelOff}}, nil
		},
		Reload: func() { mu.Lock(); reloads++; mu.Unlock() },
	})
	initialize(t, c)
	open(c, cardURI, brokenCard(t))
	before := c.diagnostics()
	byCode(t, before, "wrong-type")
	td := map[string]any{"uri": cardURI}
	c.notify("textDocument/didSave", map[string]any{"textDocument": td})
	c.notify("textDocument/willSave", map[string]any{"textDocument": td, "reason": 1})
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"agentcard": map[string]any{}}})
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{}, "removed": []any{}}})
	c.notify("some/clientNotification", map[string]any{})
	mu.Lock()
	off = true
	mu.Unlock()
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": "file:///project/.agentcard.yaml", "type": 2}}})
	after := c.diagnostics()
	for _, d := range after.Diagnostics {
		if d.Code == "wrong-type" {
			t.Errorf("the reloaded configuration was not applied: %+v", d)
		}
	}
	mu.Lock()
	if reloads != 1 {
		t.Errorf("%d reloads", reloads)
	}
	mu.Unlock()
	c.call("shutdown", nil, nil)
	if l := log.String(); l != "" {
		t.Errorf("log lines for routine notifications:\n%s", l)
	}
}

func TestFixKinds(t *testing.T) {
	t.Parallel()
	c := startServer(t, Options{Lang: i18n.English})
	initialize(t, c)
	text := strings.Replace(lint.BaseCard, `"capabilities": {},`, `"capabilities": {},`+"\n"+`  "defaultInputModes": ["text/plain",],`, 1)
	text = strings.Replace(text, `"protocolBinding": "JSONRPC"`, `"protocolBinding": "REST"`, 1)
	open(c, cardURI, text)
	p := c.diagnostics()

	// the trailing comma: on the comma, with its safe fix there
	comma := byCode(t, p, "json-trailing-comma")
	at := posOf(t, text, `"text/plain"`, `,]`)
	if comma.Range.Start != at {
		t.Errorf("trailing comma at %+v, the comma is at %+v", comma.Range.Start, at)
	}
	var actions []codeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": cardURI},
		"range": lspRange{at, at}, "context": map[string]any{"diagnostics": []lspDiag{comma}, "only": []string{"quickfix"}}}, &actions)
	if len(actions) == 0 || !actions[0].IsPreferred || actions[0].Diagnostics[0].Code != "json-trailing-comma" || strings.Contains(actions[0].Title, "unsafe") {
		t.Fatalf("actions on the comma: %+v", actions)
	}

	// REST: an unsafe fix, offered, marked, not preferred
	rest := byCode(t, p, "interface-binding-variant")
	actions = nil
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": cardURI},
		"range": rest.Range, "context": map[string]any{"diagnostics": []lspDiag{rest}, "only": []string{"quickfix"}}}, &actions)
	if len(actions) != 1 || actions[0].IsPreferred || !strings.Contains(actions[0].Title, "unsafe") || actions[0].Edit.Changes[cardURI][0].NewText != `"HTTP+JSON"` {
		t.Fatalf("actions on REST: %+v", actions)
	}

	// fix all safe: the comma goes, REST stays; asked for as "source"
	actions = nil
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": cardURI},
		"range": lspRange{}, "context": map[string]any{"diagnostics": []any{}, "only": []string{"source"}}}, &actions)
	if len(actions) != 1 || actions[0].Kind != "source.fixAll.agentcard" {
		t.Fatalf("source actions: %+v", actions)
	}
	fixed := applyEdits(t, text, actions[0].Edit.Changes[cardURI])
	if strings.Contains(fixed, `"text/plain",]`) || !strings.Contains(fixed, `"text/plain"]`) || !strings.Contains(fixed, `"REST"`) {
		t.Errorf("after fix all safe:\n%s", fixed)
	}
	// only quickfix: no source action
	actions = nil
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": cardURI},
		"range": lspRange{}, "context": map[string]any{"diagnostics": []any{}, "only": []string{"quickfix"}}}, &actions)
	for _, a := range actions {
		if a.Kind != "quickfix" {
			t.Errorf("only quickfix gave %+v", a)
		}
	}
}
