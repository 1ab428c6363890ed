package probe_test

import (
	"testing"

	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// jsAgent is a2afixture.JSAgent: @a2a-js/sdk's own Express handlers
// offering caps, on 127.0.0.1 (skipped through internal/toolchain without
// node or node_modules).
var jsAgent = a2afixture.JSAgent

// TestClaimsA2AJSAgent: @a2a-js/sdk 1.3.0's server (its Express handlers
// around DefaultRequestHandler, as its README serves it) behind a card
// that claims streaming and push. Measured at 1.3.0: every answer has the
// code the specification prescribes (TaskNotFound -32001 / HTTP 404
// TASK_NOT_FOUND, PushNotificationNotSupported -32003, UnsupportedOperation
// -32004) and A2A-Version 99.0 is refused with VersionNotSupported, so
// every claim is settled: an honest card holds everywhere with no finding,
// and a card claiming what the server refuses is contradicted for
// streaming and push on both bindings. (1.0.1 answered the errors
// DefaultRequestHandler raised as InternalError -32603 / HTTP 500, which
// left those claims unknown with a server-error-mapping warning.)
func TestClaimsA2AJSAgent(t *testing.T) {
	for _, tc := range []struct {
		name, caps string
		verdict    probe.ClaimVerdict // of streaming and pushNotifications
	}{
		{"honest", `{"streaming":true,"pushNotifications":true}`, probe.Holds},
		{"refusing", `{"streaming":false,"pushNotifications":false}`, probe.Contradicted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := jsAgent(t, tc.caps)
			text := claimsCard(`{"streaming":true,"pushNotifications":true}`,
				[3]string{base + "/jsonrpc", "JSONRPC", "1.0"}, [3]string{base + "/rest", "HTTP+JSON", "1.0"})
			cs, diags := runClaims(t, text)
			for _, c := range cs {
				want := probe.Holds
				switch c.Claim {
				case probe.ClaimStreaming, probe.ClaimPush:
					want = tc.verdict
				}
				if c.Verdict != want {
					t.Errorf("%s %s %s: %s, want %s (observed %q: %s)", c.Source, c.Binding, c.Claim, c.Verdict, want, c.Observed, c.Message)
				}
			}
			codes := diagCodes(diags)
			wantContradicted := 0
			if tc.verdict == probe.Contradicted {
				wantContradicted = 4
			}
			if codes[lint.CodeServerIgnoresVersion] != 0 || codes[lint.CodeServerErrorMapping] != 0 || codes[lint.CodeClaimContradicted] != wantContradicted {
				t.Errorf("findings %v; want no server deviation and %d claim-contradicted", codes, wantContradicted)
			}
		})
	}
}
