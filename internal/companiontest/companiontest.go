// Package companiontest builds the companion program agentcard-a2a
// (cmd/agentcard-a2a) for tests, so that what runs through it in the CLI
// (the gRPC probe, the a2a-go row of the SDK matrix) is tested through
// the real child process.
package companiontest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// Build builds agentcard-a2a into a new temporary directory and returns
// its path and a function that removes it.
func Build() (string, func(), error) {
	dir, err := os.MkdirTemp("", "agentcard-a2a-test")
	if err != nil {
		return "", nil, err
	}
	done := func() { os.RemoveAll(dir) }
	exe := filepath.Join(dir, "agentcard-a2a")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	gotool, err := exec.LookPath("go")
	if err != nil {
		gotool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(gotool, "build", "-o", exe, "github.com/agentcard/agentcard/cmd/agentcard-a2a")
	if out, err := cmd.CombinedOutput(); err != nil {
		done()
		return "", nil, fmt.Errorf("go build agentcard-a2a: %v\n%s", err, out)
	}
	return exe, done, nil
}

// Main builds the companion, points $AGENTCARD_A2A (cmd/internal/companion.EnvPath)
// at it and runs the tests: a TestMain of a package whose tests run it.
func Main(run func() int) int {
	exe, done, err := Build()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer done()
	os.Setenv("AGENTCARD_A2A", exe)
	return run()
}
