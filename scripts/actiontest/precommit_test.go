package actiontest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/internal/toolchain"
)

// hook is one entry of .pre-commit-hooks.yaml (the keys pre-commit
// documents; KnownFields rejects others).
type hook struct {
	ID                      string   `yaml:"id"`
	Name                    string   `yaml:"name"`
	Description             string   `yaml:"description"`
	Entry                   string   `yaml:"entry"`
	Language                string   `yaml:"language"`
	Files                   string   `yaml:"files"`
	Exclude                 string   `yaml:"exclude"`
	Types                   []string `yaml:"types"`
	PassFilenames           *bool    `yaml:"pass_filenames"`
	Args                    []string `yaml:"args"`
	RequireSerial           bool     `yaml:"require_serial"`
	MinimumPreCommitVersion string   `yaml:"minimum_pre_commit_version"`
}

// TestPreCommitHook checks the hook as pre-commit would use it: its
// required keys, that language golang builds a command named like the
// entry's program (pre-commit runs `go install ./...`, so the program is
// the directory name of a main package), that the files pattern picks
// cards and nothing else, and that the entry run on picked files
// (entry, then the file names) fails on a broken card and passes a good
// one.
func TestPreCommitHook(t *testing.T) {
	var hooks []hook
	decodeStrict(t, filepath.Join(root(t), ".pre-commit-hooks.yaml"), &hooks)
	if len(hooks) != 1 {
		t.Fatalf("%d hooks, want 1", len(hooks))
	}
	h := hooks[0]
	if h.ID != "agentcard-lint" || h.Name == "" || h.Language != "golang" {
		t.Errorf("id %q, name %q, language %q; want agentcard-lint, a name, golang", h.ID, h.Name, h.Language)
	}
	if h.PassFilenames != nil && !*h.PassFilenames {
		t.Error("pass_filenames is false: the hook would lint nothing")
	}
	entry := strings.Fields(h.Entry)
	if len(entry) < 2 || entry[1] != "lint" {
		t.Fatalf("entry %q, want agentcard lint …", h.Entry)
	}
	if _, err := os.Stat(filepath.Join(root(t), "cmd", entry[0], "main.go")); err != nil {
		t.Errorf("entry program %q is not a command go install ./... builds: %v", entry[0], err)
	}

	// pre-commit matches with Python's re.search; this pattern uses only
	// syntax both engines read alike.
	files, err := regexp.Compile(h.Files)
	if err != nil {
		t.Fatalf("files: %v", err)
	}
	for path, want := range map[string]bool{
		"agent-card.json":                       true,
		"site/public/agent-card.json":           true,
		"agent.json":                            true,
		".well-known/agent-card.json":           true,
		"web/.well-known/agent.json":            true,
		"web/.well-known/openid.json":           false,
		".well-known/assetlinks.json":           false,
		".well-known/openid-configuration.json": false,
		"node_modules/x/agent-card.json":        true, // pre-commit passes only tracked files
		"package.json":                          false,
		"my-agent.json":                         false,
		"agent-card.json.bak":                   false,
		"docs/agent-card.md":                    false,
		"web/.well-known/sub/deeper.json":       false,
		"web/well-known/agent-card.yaml":        false,
		"testdata/cards/minimal-1.0.json":       false,
		"web/.well-known/security.txt":          false,
		"web/not.well-known/agent-card.js":      false,
	} {
		if got := files.MatchString(path); got != want {
			t.Errorf("files pattern on %s: %v, want %v", path, got, want)
		}
	}

	ws := workspace(t, map[string]string{
		"good/.well-known/agent-card.json": "minimal-1.0.json",
		"bad/agent-card.json":              "broken-common-mistakes.json",
	})
	bin := filepath.Join(cli(t), entry[0])
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	run := func(names ...string) int {
		cmd := exec.Command(bin, append(append(entry[1:], h.Args...), names...)...)
		cmd.Dir = ws
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case err == nil:
			return 0
		case errors.As(err, &exit):
			return exit.ExitCode()
		default:
			t.Fatalf("%s: %v\n%s", h.Entry, err, out)
			return -1
		}
	}
	if code := run("good/.well-known/agent-card.json"); code != 0 {
		t.Errorf("hook on a clean card: exit %d, want 0", code)
	}
	if code := run("good/.well-known/agent-card.json", "bad/agent-card.json"); code != 1 {
		t.Errorf("hook on a broken card: exit %d, want 1", code)
	}
}

// TestPreCommitTool runs the real pre-commit (Debian's pre-commit
// package) on a repository with a card and other .well-known files, with
// the hook's files: pattern: pre-commit applies it (Python's re.search on
// each tracked path) and passes the CLI only the cards. The hook runs as
// language: system with the test's build, so nothing is downloaded; the
// golang build of the published hook is what TestGoInstall covers.
func TestPreCommitTool(t *testing.T) {
	precommit := toolchain.Command(t, "pre-commit", "Debian: apt-get install pre-commit; .ci/run installs it")
	var hooks []hook
	decodeStrict(t, filepath.Join(root(t), ".pre-commit-hooks.yaml"), &hooks)
	h := hooks[0]
	ws := workspace(t, map[string]string{
		"site/.well-known/agent-card.json":           "minimal-1.0.json",
		"site/.well-known/assetlinks.json":           "broken-not-json.json",
		"site/.well-known/openid-configuration.json": "broken-not-json.json",
		"docs/example.json":                          "broken-not-json.json",
	})
	home := t.TempDir()
	entry := filepath.Join(cli(t), "agentcard") + " " + strings.TrimPrefix(h.Entry, "agentcard ")
	config := "repos:\n  - repo: local\n    hooks:\n      - id: " + h.ID + "\n        name: " + h.Name +
		"\n        entry: " + entry + " --format compact\n        language: system\n        files: '" + h.Files + "'\n"
	if err := os.WriteFile(filepath.Join(ws, ".pre-commit-config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run := func() (int, string) {
		cmd := exec.Command(precommit, "run", "--all-files", "--verbose")
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "HOME="+home, "PRE_COMMIT_HOME="+filepath.Join(home, "cache"), "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case err == nil:
			return 0, string(out)
		case errors.As(err, &exit):
			return exit.ExitCode(), string(out)
		}
		t.Fatalf("pre-commit: %v\n%s", err, out)
		return -1, ""
	}
	git("init", "-q")
	git("add", ".")
	code, out := run()
	if code != 0 || !strings.Contains(out, "site/.well-known/agent-card.json:12:6: info:") || strings.Contains(out, "assetlinks") || strings.Contains(out, "openid") {
		t.Errorf("pre-commit on a card and other .well-known files: exit %d\n%s", code, out)
	}
	bad, err := os.ReadFile(filepath.Join(ws, "docs", "example.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "docs", "agent.json"), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", ".")
	if code, out := run(); code != 1 || !strings.Contains(out, "docs/agent.json:") {
		t.Errorf("pre-commit with a broken agent.json: exit %d\n%s", code, out)
	}
}
