package probe_test

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/toolchain"
)

// jsAgent starts testdata/jsagent.mjs: @a2a-js/sdk's own Express handlers
// (from node_modules) offering caps, on 127.0.0.1. It returns the base
// URL; the process ends with the test (its standard input closes).
func jsAgent(t *testing.T, caps string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	toolchain.NodeModule(t, root, "@a2a-js/sdk")
	toolchain.NodeModule(t, root, "express")
	node := toolchain.Command(t, "node", "Node.js, to run @a2a-js/sdk")
	cmd := exec.Command(node, "testdata/jsagent.mjs", caps)
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

// TestClaimsA2AJSAgent: @a2a-js/sdk 1.0.1's server (its Express handlers
// around DefaultRequestHandler, as its README serves it) behind a card
// that claims streaming and push. Measured: it refuses A2A-Version 99.0
// with VersionNotSupported (no server-ignores-version, unlike a2asrv),
// but answers every error DefaultRequestHandler raises (TaskNotFound,
// PushNotificationNotSupported, ...) as InternalError -32603 / HTTP 500:
// its Express entry point carries its own copy of the error classes. So
// errors is a server deviation (a warning, never an error of the card),
// and what those answers would settle stays unknown: the honest card has
// no contradicted claim. Errors raised by the transport itself keep
// their code: a server without streaming answers SubscribeToTask with
// UnsupportedOperation, so that claim is still contradicted.
func TestClaimsA2AJSAgent(t *testing.T) {
	for _, tc := range []struct {
		name, caps string
		streaming  probe.ClaimVerdict
	}{
		{"honest", `{"streaming":true,"pushNotifications":true}`, probe.Unknown},
		{"refusing", `{"streaming":false,"pushNotifications":false}`, probe.Contradicted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := jsAgent(t, tc.caps)
			text := claimsCard(`{"streaming":true,"pushNotifications":true}`,
				[3]string{base + "/jsonrpc", "JSONRPC", "1.0"}, [3]string{base + "/rest", "HTTP+JSON", "1.0"})
			cs, diags := runClaims(t, text)
			for _, c := range cs {
				want := probe.Unknown
				switch c.Claim {
				case probe.ClaimBinding, probe.ClaimVersion:
					want = probe.Holds
				case probe.ClaimStreaming:
					want = tc.streaming
				}
				if c.Verdict != want {
					t.Errorf("%s %s %s: %s, want %s (observed %q: %s)", c.Source, c.Binding, c.Claim, c.Verdict, want, c.Observed, c.Message)
				}
			}
			codes := diagCodes(diags)
			wantContradicted := 0
			if tc.streaming == probe.Contradicted {
				wantContradicted = 2
			}
			if codes[lint.CodeServerIgnoresVersion] != 0 || codes[lint.CodeServerErrorMapping] != 2 || codes[lint.CodeClaimContradicted] != wantContradicted {
				t.Errorf("findings %v; want server-error-mapping on both entries and %d claim-contradicted", codes, wantContradicted)
			}
		})
	}
}
