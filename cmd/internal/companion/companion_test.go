package companion_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/agentcard/agentcard/cmd/internal/companion"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/internal/a2afixture"
	"github.com/agentcard/agentcard/internal/companiontest"
)

func TestMain(m *testing.M) { os.Exit(companiontest.Main(m.Run)) }

// TestCalls: the real companion answers concurrent calls, each with its
// own answer, and an unknown op with an error in words.
func TestCalls(t *testing.T) {
	c := &companion.Client{}
	defer c.Close()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out struct {
				ParseError string `json:"parseError"`
			}
			errs[i] = c.Call(context.Background(), "a2a-go", []byte("{not json"), &out)
			if errs[i] == nil && out.ParseError == "" {
				errs[i] = errors.New("a2a-go accepted broken JSON")
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("call %d: %v", i, err)
		}
	}
	var out any
	err := c.Call(context.Background(), "no-such-op", nil, &out)
	var e *companion.Error
	if !errors.As(err, &e) || e.Text.ID != "msg.companion.failed" || !strings.Contains(err.Error(), "no-such-op") {
		t.Errorf("unknown op: %v", err)
	}
}

// TestProbeGRPC: the real companion probes a real gRPC agent under the
// policy each request carries: with loopback allowed it speaks the
// declared binding; under the default policy it refuses the loopback
// address before it dials, and the agent sees no connection (the engine's
// half is tested in core/probe/grpcprobe, without the process).
func TestProbeGRPC(t *testing.T) {
	addr, conns := a2afixture.GRPCAgent(t)
	c := &companion.Client{}
	defer c.Close()
	call := func(p discovery.Policy) probe.RemoteVerdict {
		t.Helper()
		in := probe.RemoteTarget{URL: "http://" + addr, Binding: "GRPC", Version: "1.0", Policy: p, TaskID: "t", MaxAnswer: probe.MaxAnswer, TimeoutMS: 5000}
		var out probe.RemoteVerdict
		if err := c.Call(context.Background(), "probe-grpc", in, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if out := call(discovery.DefaultPolicy()); out.Outcome != probe.RefusedByPolicy {
		t.Errorf("default policy: %s %+v, want refused-by-policy", out.Outcome, out.Detail)
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the gRPC agent accepted %d connections under the default policy", n)
	}
	p := discovery.DefaultPolicy()
	p.AllowLoopback = true
	if out := call(p); out.Outcome != probe.SpeaksDeclared || out.Detail == nil || out.Detail.ID != "msg.probe.speaks.grpc" {
		t.Errorf("loopback allowed: %s %+v, want speaks-declared", out.Outcome, out.Detail)
	}
}

// TestMissing: no companion anywhere is an *Error that says so, with the
// install command, and IsMissing.
func TestMissing(t *testing.T) {
	t.Setenv(companion.EnvPath, "")
	t.Setenv("PATH", t.TempDir())
	if self, _ := os.Executable(); fileExists(filepath.Join(filepath.Dir(self), companion.Name)) {
		t.Skip("a companion lies next to the test binary")
	}
	c := &companion.Client{}
	defer c.Close()
	var out any
	err := c.Call(context.Background(), "a2a-go", []byte("{}"), &out)
	if !companion.IsMissing(err) || !strings.Contains(err.Error(), companion.Install) {
		t.Fatalf("%v", err)
	}
	var at i18n.AsText
	if !errors.As(err, &at) || at.AsText().ID != "msg.companion.missing" {
		t.Errorf("words: %v", err)
	}
	t.Setenv(companion.EnvPath, filepath.Join(t.TempDir(), "nothing"))
	if _, err := companion.Locate(); !companion.IsMissing(err) || !strings.Contains(err.Error(), companion.EnvPath) {
		t.Errorf("a wrong $%s: %v", companion.EnvPath, err)
	}
}

// TestOtherProtocol: a program that says another protocol's hello is
// refused with words naming both versions; one that says nothing
// sensible is refused too.
func TestOtherProtocol(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	for name, script := range map[string]string{
		"protocol": `echo '{"companion":"agentcard-a2a","protocol":99}'; cat >/dev/null`,
		"stranger": `echo 'hello'; cat >/dev/null`,
		"silent":   `exit 0`,
	} {
		p := filepath.Join(t.TempDir(), "fake")
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		c := &companion.Client{Path: p}
		var out any
		err := c.Call(context.Background(), "a2a-go", []byte("{}"), &out)
		c.Close()
		var e *companion.Error
		if !errors.As(err, &e) || e.Missing {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if name == "protocol" && (e.Text.ID != "msg.companion.protocol" || !strings.Contains(err.Error(), "99")) {
			t.Errorf("%s: %v", name, err)
		}
		if name != "protocol" && e.Text.ID != "msg.companion.start" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
