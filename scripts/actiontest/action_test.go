package actiontest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/agentcard/agentcard/internal/testcards"
)

// modulePath is the path users pass to go install; go.mod must declare it.
const modulePath = "github.com/agentcard/agentcard"

// action is the part of the action metadata syntax we use. Decoding with
// KnownFields makes a misspelt key (defualt, shel) a test failure instead
// of a silently ignored line.
type action struct {
	Name        string            `yaml:"name"`
	Description string            `yaml:"description"`
	Author      string            `yaml:"author"`
	Branding    map[string]string `yaml:"branding"`
	Inputs      map[string]struct {
		Description string `yaml:"description"`
		Required    bool   `yaml:"required"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

type step struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	Uses  string            `yaml:"uses"`
	With  map[string]string `yaml:"with"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
}

// root is the repository root (two levels up from this package).
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func decodeStrict(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
}

func loadAction(t *testing.T) action {
	t.Helper()
	var a action
	decodeStrict(t, filepath.Join(root(t), "action.yml"), &a)
	return a
}

// expr matches a ${{ … }} expression.
var expr = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// TestActionDefinition checks what GitHub checks when it loads the action
// and what keeps it safe: a composite action whose run steps name their
// shell, inputs with descriptions, expressions that only read declared
// inputs and only in env:/with: (a ${{ }} inside a script is pasted into
// the shell source: script injection), and an install step that installs
// this module's CLI, which go install can only do when go.mod declares
// that path and has no replace or exclude directives.
func TestActionDefinition(t *testing.T) {
	a := loadAction(t)
	if a.Name == "" || a.Description == "" {
		t.Error("name and description are required")
	}
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
	}
	for _, want := range []string{"files", "url", "version", "format", "args"} {
		if _, ok := a.Inputs[want]; !ok {
			t.Errorf("input %s is missing", want)
		}
	}
	if d := a.Inputs["format"].Default; d != "github" {
		t.Errorf("format defaults to %q, want github (annotations)", d)
	}
	var install *step
	for i, s := range a.Runs.Steps {
		if (s.Uses == "") == (s.Run == "") {
			t.Errorf("step %d: exactly one of uses and run", i)
		}
		if s.Run != "" && s.Shell != "bash" {
			t.Errorf("step %d: shell = %q; composite run steps must name it, and the scripts are bash", i, s.Shell)
		}
		if m := expr.FindString(s.Run); m != "" {
			t.Errorf("step %d: %s inside the script; pass it through env:", i, m)
		}
		values := slices.Collect(func(yield func(string) bool) {
			for _, v := range s.Env {
				yield(v)
			}
			for _, v := range s.With {
				yield(v)
			}
		})
		for _, v := range values {
			for _, m := range expr.FindAllStringSubmatch(v, -1) {
				name, ok := strings.CutPrefix(m[1], "inputs.")
				if _, declared := a.Inputs[name]; !ok || !declared {
					t.Errorf("step %d: expression %q reads something other than a declared input", i, m[0])
				}
			}
		}
		if s.ID == "install" {
			install = &a.Runs.Steps[i]
		}
	}
	if install == nil {
		t.Fatal("no step with id install (the test replaces it)")
	}
	if !strings.Contains(install.Run, `go install "`+modulePath+`/cmd/agentcard@`) {
		t.Errorf("install step does not go install %s/cmd/agentcard:\n%s", modulePath, install.Run)
	}
	gomod, err := os.ReadFile(filepath.Join(root(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(gomod), "\n"); first != "module "+modulePath {
		t.Errorf("go.mod starts with %q, want module %s (go install resolves the path)", first, modulePath)
	}
	for _, l := range strings.Split(string(gomod), "\n") {
		if strings.HasPrefix(l, "replace") || strings.HasPrefix(l, "exclude") {
			t.Errorf("go.mod has %q: go install pkg@version refuses a main module with replace or exclude directives", l)
		}
	}
}

// The CLI is built once per test binary, into cliDir.
var (
	cliOnce sync.Once
	cliDir  string
	cliErr  error
)

// cli builds this checkout's CLI once and returns its directory.
func cli(t *testing.T) string {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "actiontest")
		if err != nil {
			cliErr = err
			return
		}
		cliDir = dir
		name := "agentcard"
		if runtime.GOOS == "windows" {
			name += ".exe"
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, name), "./cmd/agentcard")
		cmd.Dir = root(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			cliErr = errors.New("go build ./cmd/agentcard: " + err.Error() + "\n" + string(out))
		}
	})
	if cliErr != nil {
		t.Fatal(cliErr)
	}
	return cliDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if cliDir != "" {
		os.RemoveAll(cliDir)
	}
	os.Exit(code)
}

// result is one run of the action.
type result struct {
	exit   int // exit code of the step that failed, or 0
	failed string
	output string // every step's stdout and stderr
	ran    []string
}

// runAction runs the action's steps in workspace with the given inputs
// (defaults for the others), as described in the package comment.
func runAction(t *testing.T, a action, workspace string, inputs map[string]string) result {
	t.Helper()
	return runSteps(t, a, workspace, inputs, nil)
}

// runSteps is runAction; with installEnv set, the install step runs for
// real with that environment added (TestGoInstall) instead of being
// replaced by a local build.
func runSteps(t *testing.T, a action, workspace string, inputs map[string]string, installEnv []string) result {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to run the action's steps: ", err)
	}
	runner := t.TempDir()
	pathFile := filepath.Join(runner, "github_path")
	if err := os.WriteFile(pathFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	value := func(name string) string {
		if v, ok := inputs[name]; ok {
			return v
		}
		return a.Inputs[name].Default
	}
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("test passes input %q, which the action does not declare", name)
		}
	}
	var res result
	var out bytes.Buffer
	for i, s := range a.Runs.Steps {
		switch {
		case s.Uses != "":
			continue // actions/setup-go: the test's own Go is used
		case s.ID == "install" && installEnv == nil:
			// instead of go install …@version: this checkout's binary,
			// added to the path the way the step adds GOBIN
			if err := os.WriteFile(pathFile, []byte(cli(t)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			res.ran = append(res.ran, "install (local build)")
			continue
		}
		script := filepath.Join(runner, "step.sh")
		if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		// GitHub's command for shell: bash
		cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = workspace
		paths, err := os.ReadFile(pathFile)
		if err != nil {
			t.Fatal(err)
		}
		path := os.Getenv("PATH")
		for _, p := range strings.Fields(string(paths)) {
			path = p + string(os.PathListSeparator) + path
		}
		cmd.Env = []string{
			"PATH=" + path, "HOME=" + runner, "LANG=C.UTF-8",
			"GITHUB_ACTIONS=true", "GITHUB_WORKSPACE=" + workspace, "GITHUB_PATH=" + pathFile,
			"GITHUB_OUTPUT=" + filepath.Join(runner, "github_output"),
		}
		if s.ID == "install" {
			cmd.Env = append(cmd.Env, installEnv...)
		}
		for k, v := range s.Env {
			v = expr.ReplaceAllStringFunc(v, func(m string) string {
				name := strings.TrimPrefix(expr.FindStringSubmatch(m)[1], "inputs.")
				return value(name)
			})
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		cmd.Stdout, cmd.Stderr = &out, &out
		res.ran = append(res.ran, s.ID)
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("step %d: %v", i, err)
			}
			res.exit, res.failed = exit.ExitCode(), s.ID
			break
		}
	}
	res.output = out.String()
	return res
}

// workspace copies sample cards into a fresh directory: files maps the
// path in the workspace to the card's name in testdata/cards.
func workspace(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for dst, card := range files {
		b := testcards.Card(t, card)
		p := filepath.Join(dir, filepath.FromSlash(dst))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// annotation is one ::level file=…,line=…,title=CODE::message line.
var annotation = regexp.MustCompile(`(?m)^::(error|warning|notice) ([^:]*)::`)

// annotations lists "level file code" for every workflow command printed.
func annotations(out string) []string {
	var got []string
	for _, m := range annotation.FindAllStringSubmatch(out, -1) {
		props := map[string]string{}
		for _, p := range strings.Split(m[2], ",") {
			k, v, _ := strings.Cut(p, "=")
			props[k] = v
		}
		got = append(got, m[1]+" "+props["file"]+" "+props["title"])
	}
	sort.Strings(got)
	return got
}

// TestActionDefaults: the inputs' defaults lint .well-known/agent-card.json
// of the repository and annotate each finding at its file; an error
// finding fails the step (exit 1), which fails the job.
func TestActionDefaults(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{".well-known/agent-card.json": "broken-common-mistakes.json"})
	res := runAction(t, a, ws, nil)
	if res.exit != 1 || res.failed != "lint" {
		t.Fatalf("exit %d in step %q, want 1 in lint; output:\n%s", res.exit, res.failed, res.output)
	}
	got := annotations(res.output)
	for _, want := range []string{
		"error .well-known/agent-card.json interface-url-not-absolute",
		"error .well-known/agent-card.json interface-binding-variant",
		"warning .well-known/agent-card.json interface-version-patch",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no annotation %q among:\n%s", want, strings.Join(got, "\n"))
		}
	}
}

// TestActionInputs: files is a list with bash globs, args reach the CLI
// (an unknown rule code in --rule is a usage error, exit 2), and a clean
// card gives no error annotation and a passing step.
func TestActionInputs(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{
		"cards/a/agent-card.json": "full-1.0.json",
		"cards/b/agent-card.json": "minimal-1.0.json",
		"broken.json":             "broken-not-json.json",
	})

	res := runAction(t, a, ws, map[string]string{"files": "cards/**/agent-card.json"})
	if res.exit != 0 {
		t.Fatalf("clean cards: exit %d in %q; output:\n%s", res.exit, res.failed, res.output)
	}
	for _, an := range annotations(res.output) {
		if strings.HasPrefix(an, "error ") {
			t.Errorf("clean card annotated: %s", an)
		}
	}

	res = runAction(t, a, ws, map[string]string{"files": "broken.json\ncards/a/agent-card.json"})
	if res.exit != 1 || !slices.Contains(annotations(res.output), "error broken.json json-comment") {
		t.Errorf("two lines of files: exit %d, annotations %q", res.exit, annotations(res.output))
	}

	res = runAction(t, a, ws, map[string]string{"files": "broken.json", "args": "--rule no-such-rule=off"})
	if res.exit != 2 {
		t.Errorf("args with an unknown rule: exit %d, want 2 (usage error); output:\n%s", res.exit, res.output)
	}

	res = runAction(t, a, ws, map[string]string{"files": "cards/a/agent-card.json", "format": "json"})
	if res.exit != 0 || !strings.HasPrefix(strings.TrimSpace(res.output), "{") {
		t.Errorf("format json: exit %d, output:\n%s", res.exit, res.output)
	}
}

// TestActionNoInjection: input values are data. A file name holding shell
// syntax is looked up as a file (and is missing: exit 2); nothing runs.
func TestActionNoInjection(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{"agent-card.json": "minimal-1.0.json"})
	for _, files := range []string{"agent-card.json;touch pwned", "$(touch pwned)", "`touch pwned`"} {
		res := runAction(t, a, ws, map[string]string{"files": files, "args": "$(touch pwned)"})
		if _, err := os.Stat(filepath.Join(ws, "pwned")); err == nil {
			t.Fatalf("files=%q ran a command", files)
		}
		if res.exit != 2 {
			t.Errorf("files=%q: exit %d, want 2 (no such file or option); output:\n%s", files, res.exit, res.output)
		}
	}
}
