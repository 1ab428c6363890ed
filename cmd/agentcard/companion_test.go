package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/cmd/internal/companion"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// withoutCompanion makes agentcard-a2a unfindable: no $AGENTCARD_A2A,
// nothing next to the test binary, a PATH without it.
func withoutCompanion(t *testing.T) {
	t.Helper()
	if self, err := os.Executable(); err == nil {
		if _, err := os.Stat(filepath.Join(filepath.Dir(self), companion.Name)); err == nil {
			t.Skip("a companion lies next to the test binary")
		}
	}
	t.Setenv(companion.EnvPath, "")
	t.Setenv("PATH", t.TempDir())
}

// TestProbeWithoutCompanion: without agentcard-a2a, `lint --probe` still
// probes the HTTP entries, and reports each GRPC entry as not probed with
// the reason and the command that installs the companion, in both
// languages; no finding, no failure.
func TestProbeWithoutCompanion(t *testing.T) {
	agent := a2afixture.Agent(t)
	grpcAddr, _ := a2afixture.GRPCAgent(t)
	withoutCompanion(t)
	card := writeTemp(t, "card.json", cardWithEntries(
		[3]string{agent.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{grpcAddr, "GRPC", "1.0"},
	))
	out, errOut, code := runCLI(t, "", "lint", "--probe", "--format", "json", card)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
	var v struct {
		Results []struct {
			Probes []struct {
				Outcome  string `json:"outcome"`
				Detail   string `json:"detail"`
				DetailID string `json:"detailId"`
			} `json:"probes"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Results) != 1 || len(v.Results[0].Probes) != 2 {
		t.Fatalf("%v:\n%s", err, out)
	}
	p := v.Results[0].Probes
	if p[0].Outcome != "speaks-declared" {
		t.Errorf("the JSON-RPC entry: %+v", p[0])
	}
	if p[1].Outcome != "not-probed" || p[1].DetailID != "msg.probe.not-probed.companion" ||
		!strings.Contains(p[1].Detail, companion.Name) || !strings.Contains(p[1].Detail, companion.Install) {
		t.Errorf("the GRPC entry: %+v", p[1])
	}
	zh, _, code := runCLI(t, "", "lint", "--probe", "--lang", "zh-CN", card)
	if code != exitOK || !strings.Contains(zh, "未探测 gRPC") || !strings.Contains(zh, companion.Install) {
		t.Errorf("Chinese text (exit %d):\n%s", code, zh)
	}
}

// TestSelectSDKWithoutCompanion: without agentcard-a2a, the a2a-go row of
// `select --sdk` comes from the model, and its basis and note say so.
func TestSelectSDKWithoutCompanion(t *testing.T) {
	withoutCompanion(t)
	out, errOut, code := runCLI(t, "", "select", "--sdk", "a2a-go", "--format", "json", sdkCard)
	if code == exitUsage || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var v struct {
		Matrix []struct {
			SDK, Basis, Note string
		} `json:"matrix"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Matrix) != 1 {
		t.Fatalf("%v:\n%s", err, out)
	}
	if r := v.Matrix[0]; r.SDK != "a2a-go" || r.Basis != "model" || !strings.Contains(r.Note, companion.Install) {
		t.Errorf("a2a-go row: %+v", r)
	}
}

// TestSelectSDKNoCompanionNeeded: a row that is not a2a-go's never
// starts the companion (nothing to find, nothing reported).
func TestSelectSDKNoCompanionNeeded(t *testing.T) {
	withoutCompanion(t)
	out, _, _ := runCLI(t, "", "select", "--sdk", "a2a-js", "--format", "json", sdkCard)
	if strings.Contains(out, companion.Name) {
		t.Errorf("the a2a-js row mentions the companion:\n%s", out)
	}
}
