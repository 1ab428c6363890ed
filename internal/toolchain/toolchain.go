// Package toolchain decides, in one place, what a test does when a tool it
// needs beside Go is missing: Node and the packages of node_modules, the
// a2a-python SDK, vim, xmllint, pre-commit, Chromium, nginx, Caddy, wrk and
// the like. Such a test compares the engine with the real thing (an SDK,
// an editor, a schema validator, a browser, a web server); without the
// thing there is nothing to compare with.
//
// By default it skips, saying what is missing and how to install it, so
// that `go test ./...` is green on a fresh clone. With
// AGENTCARD_REQUIRE_ALL=1 every such skip is a failure instead: make test
// and make test-unit set it, so CI (.ci/run installs every tool) runs every
// comparison, and a tool that went missing there fails the run rather than
// quietly skipping. A suite with its own switch (AGENTCARD_E2E,
// AGENTCARD_SERVING) passes its name, and that switch requires the suite's
// tools too.
package toolchain

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RequireAll is the variable that turns every missing tool into a failure.
const RequireAll = "AGENTCARD_REQUIRE_ALL"

// required names the first of RequireAll and switches that is set to 1,
// or "" when none is.
func required(switches []string) string {
	for _, v := range append([]string{RequireAll}, switches...) {
		if os.Getenv(v) == "1" {
			return v
		}
	}
	return ""
}

// Required reports whether a missing tool fails the test (RequireAll, or
// one of switches, is set to 1).
func Required(switches ...string) bool { return required(switches) != "" }

// Missing ends t because a tool it needs is missing: reason says which
// and how to install it. It skips, or fails when RequireAll (or one of
// switches) is set to 1.
func Missing(t testing.TB, reason string, switches ...string) {
	t.Helper()
	if v := required(switches); v != "" {
		t.Fatalf("%s (%s=1 requires it)", reason, v)
	}
	t.Skipf("%s (skipped; %s=1 makes this a failure)", reason, RequireAll)
}

// Command is the path of the program name, found on PATH; without it, t
// ends through Missing, with install (how to get it) in the reason.
func Command(t testing.TB, name, install string, switches ...string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" is not installed ("+install+")", switches...)
	}
	return p
}

// Lookup is Command for a test that goes on without the program and
// checks less: ok is false, and the reason logged, when name is missing;
// when a missing tool fails (RequireAll, switches), it fails.
func Lookup(t testing.TB, name, install string, switches ...string) (path string, ok bool) {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if Required(switches...) {
			Missing(t, name+" is not installed ("+install+")", switches...)
		}
		t.Logf("%s is not installed (%s): checked less", name, install)
		return "", false
	}
	return p, true
}

// NotInCI ends t because something is missing that CI cannot install
// either (a2a-sdk comes only from PyPI, which CI does not use): it skips
// even under RequireAll, which would otherwise fail every CI run, and
// fails only under the test's own switch (sw=1), for a machine that has it.
func NotInCI(t testing.TB, reason, sw string) {
	t.Helper()
	if os.Getenv(sw) == "1" {
		t.Fatalf("%s (%s=1 requires it)", reason, sw)
	}
	t.Skipf("%s (skipped, also under %s=1, since CI cannot install it; %s=1 makes this a failure)", reason, RequireAll, sw)
}

// NodeModule checks that node_modules in the repository at root holds the
// package pkg (npm ci installs them from package-lock.json); without it,
// t ends through Missing.
func NodeModule(t testing.TB, root, pkg string, switches ...string) {
	t.Helper()
	if !HasNodeModule(root, pkg) {
		Missing(t, pkg+" is not installed in node_modules (run npm ci, or make deps)", switches...)
	}
}

// HasNodeModule reports whether node_modules in the repository at root
// holds the package pkg, for a test that cannot end when it is missing.
func HasNodeModule(root, pkg string) bool {
	_, err := os.Stat(filepath.Join(root, "node_modules", filepath.FromSlash(pkg), "package.json"))
	return err == nil
}
