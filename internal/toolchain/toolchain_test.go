package toolchain

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMissingDecides runs this test binary again on TestMissingChild under
// each setting of the variables and reads what the child reported: a skip
// with the reason by default, a failure under AGENTCARD_REQUIRE_ALL=1 or
// under the suite's own switch, and a skip again when a variable is set
// to anything but 1.
func TestMissingDecides(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want string
	}{
		{nil, "--- SKIP"},
		{[]string{RequireAll + "=1"}, "--- FAIL"},
		{[]string{"AGENTCARD_SUITE=1"}, "--- FAIL"},
		{[]string{RequireAll + "=0", "AGENTCARD_SUITE=yes"}, "--- SKIP"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissingChild$", "-test.v")
		cmd.Env = append(os.Environ(), "TOOLCHAIN_CHILD=1", RequireAll+"=", "AGENTCARD_SUITE=")
		cmd.Env = append(cmd.Env, c.env...)
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), c.want) || !strings.Contains(string(out), "no-such-tool-here is not installed (how to get it)") {
			t.Errorf("%v: want %s with the reason, got\n%s", c.env, c.want, out)
		}
	}
}

// TestMissingChild is TestMissingDecides's child: it needs a program that
// does not exist.
func TestMissingChild(t *testing.T) {
	if os.Getenv("TOOLCHAIN_CHILD") != "1" {
		t.Skip("run by TestMissingDecides")
	}
	Command(t, "no-such-tool-here", "how to get it", "AGENTCARD_SUITE")
	t.Error("Command went on without the program")
}
