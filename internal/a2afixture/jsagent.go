package a2afixture

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/internal/toolchain"
)

// jsAgentScript is jsagent.mjs beside this file, and root the repository
// (whose node_modules it imports from).
func jsAgentScript() (script, root string) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Dir(file)
	return filepath.Join(dir, "jsagent.mjs"), filepath.Join(dir, "..", "..")
}

// JSAgentMissing says why JSAgent cannot start here (node, or
// @a2a-js/sdk or express in node_modules, is missing), or "" when it can.
// A test that cannot skip (one check among many) asks it first.
func JSAgentMissing() string {
	_, root := jsAgentScript()
	for _, pkg := range []string{"@a2a-js/sdk", "express"} {
		if !toolchain.HasNodeModule(root, pkg) {
			return pkg + " is not installed in node_modules (run npm ci, or make deps)"
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		return "node is not installed (Node.js, to run @a2a-js/sdk)"
	}
	return ""
}

// JSAgent starts jsagent.mjs: a real A2A server built with @a2a-js/sdk's
// own Express handlers (from node_modules), JSON-RPC at /jsonrpc and
// HTTP+JSON at /rest, offering caps (the JSON of its capabilities), on
// 127.0.0.1. It returns the base URL; the process ends with the test (its
// standard input closes). Without node or the packages, t ends through
// internal/toolchain (a skip, or a failure under AGENTCARD_REQUIRE_ALL=1).
func JSAgent(t testing.TB, caps string) string { return startJS(t, caps) }

// JSEcho is JSAgent with streaming on and an executor that echoes each
// message: submitted, working, an artifact "echo", then completed with
// "echo: TEXT" (the conversation tests).
func JSEcho(t testing.TB) string { return startJS(t, `{"streaming":true}`, "echo") }

func startJS(t testing.TB, args ...string) string {
	t.Helper()
	script, root := jsAgentScript()
	toolchain.NodeModule(t, root, "@a2a-js/sdk")
	toolchain.NodeModule(t, root, "express")
	node := toolchain.Command(t, "node", "Node.js, to run @a2a-js/sdk")
	cmd := exec.Command(node, append([]string{script}, args...)...)
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
		if err := cmd.Wait(); err != nil {
			t.Logf("jsagent: %v", err)
		}
	})
	port, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("jsagent did not start: %v", err)
	}
	return "http://127.0.0.1:" + strings.TrimSpace(port)
}
