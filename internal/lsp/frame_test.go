package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// TestFrameCodec: header names in any case, an oversized message skipped
// (and logged) without stopping the stream, and the specific refusals of
// broken framing.
func TestFrameCodec(t *testing.T) {
	var logged []string
	c := frameCodec{max: 16, log: func(id string, args ...any) { logged = append(logged, id+fmt.Sprint(args...)) }}
	in := "content-length: 30\r\n\r\n" + `{"padding":"xxxxxxxxxxxxxxxx"}` +
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH: 8\r\n\r\n" + `{"a": 1}`
	var v map[string]int
	if err := c.ReadObject(bufio.NewReader(strings.NewReader(in)), &v); err != nil || v["a"] != 1 {
		t.Fatalf("ReadObject: %v %v", v, err)
	}
	if len(logged) != 1 || logged[0] != "cli.lsp.frame-too-large30 16" {
		t.Errorf("log: %q", logged)
	}
	for in, id := range map[string]string{
		"X-Other: 1\r\n\r\n{}":                "cli.lsp.no-length",
		"Content-Length: -3\r\n\r\n":          "cli.lsp.bad-length",
		strings.Repeat("X: y\r\n", 1000):      "cli.lsp.header-too-large",
		"Content-Length: many\r\n\r\n{}":      "cli.lsp.bad-length",
		"Content-Length: 2\r\nX-Cut: 1\r\n\r": "",
	} {
		err := c.ReadObject(bufio.NewReader(strings.NewReader(in)), &v)
		var e *Error
		switch {
		case id == "" && err == nil:
			t.Errorf("%q: accepted a header cut short", in)
		case id != "" && (!errors.As(err, &e) || e.Text.ID != id):
			t.Errorf("%q: %v, want %s", in[:min(len(in), 30)], err, id)
		}
	}
}

// TestConfiguration: the configuration hook turns a rule off, ignores a
// file, and a configuration that does not load is shown once and the
// document still checked with the defaults.
func TestConfiguration(t *testing.T) {
	t.Parallel()
	off, err := config.Parse("/project/.agentcard.yaml", []byte("rules:\n  wrong-type: off\nignore:\n  - \"drafts/**\"\n"), lint.Catalogue())
	if err != nil {
		t.Fatal(err)
	}
	_, broken := config.Parse("/other/.agentcard.yaml", []byte("rules:\n  wrong-typo: off\n"), lint.Catalogue())
	if broken == nil {
		t.Fatal("the broken configuration loaded")
	}
	c := startServer(t, Options{Config: func(path string) (*config.Config, error) {
		if strings.HasPrefix(path, "/other/") {
			return nil, broken
		}
		return off, nil
	}})
	initialize(t, c)
	text := brokenCard(t)

	open(c, cardURI, text)
	if p := c.diagnostics(); len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "interface-binding-variant" {
		t.Errorf("wrong-type off: %+v", p.Diagnostics)
	}
	open(c, "file:///project/drafts/agent.json", text)
	if p := c.diagnostics(); len(p.Diagnostics) != 0 {
		t.Errorf("ignored draft: %+v", p.Diagnostics)
	}

	other := "file:///other/agent-card.json"
	open(c, other, text)
	m := c.next("window/showMessage")
	want := i18n.EnglishCatalogue().Sprintf("cli.lsp.config-not-applied", broken.(config.Errors).Message(i18n.EnglishCatalogue()))
	var shown struct {
		Type    int    `json:"type"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(m.Params, &shown); err != nil || shown.Message != want || shown.Type != 2 || !strings.Contains(want, "wrong-typo") {
		t.Errorf("showMessage %s, want %q", m.Params, want)
	}
	if p := c.diagnostics(); len(p.Diagnostics) != 2 {
		t.Errorf("defaults after a broken configuration: %d findings", len(p.Diagnostics))
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": other, "version": 2},
		"contentChanges": []any{map[string]any{"text": text}}})
	for {
		n := c.next("")
		if n.Method == "window/showMessage" {
			t.Fatal("the same configuration error was shown twice")
		}
		if n.Method == "textDocument/publishDiagnostics" {
			break
		}
	}
}
