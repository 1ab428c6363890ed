package actiontest

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
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
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

type step struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	If    string            `yaml:"if"`
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
// inputs, the action's own ref and path and earlier steps' outputs, and
// only in env:/with:/if:/outputs (a ${{ }} inside a script is pasted into
// the shell source: script injection); the CLI comes from a release asset
// checked against SHA256SUMS, or is built from the action's own source;
// go.mod declares the module path go install resolves.
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
	for _, want := range []string{"files", "url", "version", "format", "args", "headers", "sarif-file", "upload-sarif", "summary"} {
		if _, ok := a.Inputs[want]; !ok {
			t.Errorf("input %s is missing", want)
		}
	}
	for _, want := range []string{"errors", "warnings", "sarif-file"} {
		if o, ok := a.Outputs[want]; !ok || o.Description == "" || !strings.Contains(o.Value, "steps.lint.outputs."+want) {
			t.Errorf("output %s is missing or not the lint step's", want)
		}
	}
	if d := a.Inputs["format"].Default; d != "github" {
		t.Errorf("format defaults to %q, want github (annotations)", d)
	}
	ids := map[string]bool{}
	readable := func(i int, ref string) bool {
		if name, ok := strings.CutPrefix(ref, "inputs."); ok {
			_, declared := a.Inputs[name]
			return declared
		}
		if ref == "github.action_ref" || ref == "github.action_path" {
			return true
		}
		// steps.ID.outputs.NAME of an earlier step
		parts := strings.Split(ref, ".")
		return len(parts) == 4 && parts[0] == "steps" && ids[parts[1]] && parts[2] == "outputs"
	}
	uploads := false
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
		var values []string
		for _, v := range s.Env {
			values = append(values, v)
		}
		for _, v := range s.With {
			values = append(values, v)
		}
		for _, v := range values {
			for _, m := range expr.FindAllStringSubmatch(v, -1) {
				if !readable(i, m[1]) {
					t.Errorf("step %d: expression %q reads something other than a declared input, the action's ref or path, or an earlier step's output", i, m[0])
				}
			}
		}
		for _, c := range conditions(t, s.If) {
			if !readable(i, c.ref) {
				t.Errorf("step %d: if: reads %q", i, c.ref)
			}
		}
		if strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
			uploads = s.With["sarif_file"] != "" && strings.Contains(s.If, "inputs.upload-sarif == 'true'")
		}
		if s.ID != "" {
			ids[s.ID] = true
		}
	}
	if !ids["download"] || !ids["build"] || !ids["lint"] {
		t.Errorf("steps %v; want download, build and lint", ids)
	}
	if !uploads {
		t.Error("no upload-sarif step conditional on the upload-sarif input")
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

// condition is one `REF == 'value'` (or !=) of an if: joined with &&, the
// only form the action uses.
type condition struct {
	ref, op, value string
}

var conditionRE = regexp.MustCompile(`^([A-Za-z0-9_.-]+)\s*(==|!=)\s*'([^']*)'$`)

func conditions(t *testing.T, expr string) []condition {
	t.Helper()
	if strings.TrimSpace(expr) == "" {
		return nil
	}
	var out []condition
	for _, part := range strings.Split(expr, "&&") {
		m := conditionRE.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			t.Fatalf("if: %q: the test reads only REF == 'value' joined with &&", expr)
		}
		out = append(out, condition{m[1], m[2], m[3]})
	}
	return out
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
	exit    int // exit code of the step that failed, or 0
	failed  string
	output  string // every step's stdout and stderr: the log
	ran     []string
	outputs map[string]string // the action's outputs
	summary string            // what was written to the job summary
}

// runOptions change how runSteps runs the action.
type runOptions struct {
	// ref is github.action_ref ("" as for a local action).
	ref string
	// env is added to every step's environment, over the step's own
	// (e.g. AGENTCARD_RELEASES pointing at a test server).
	env map[string]string
	// realBuild runs the build step (go build of the action's source)
	// instead of putting the test's own build on the path.
	realBuild bool
}

// runAction runs the action's steps in workspace with the given inputs
// (defaults for the others), as described in the package comment.
func runAction(t *testing.T, a action, workspace string, inputs map[string]string) result {
	t.Helper()
	return runSteps(t, a, workspace, inputs, runOptions{})
}

// runSteps runs the action as GitHub does: each step whose if: holds, in
// order, until one fails; ${{ }} in env:, with: and outputs resolved from
// the inputs, the action's ref and path and the steps' outputs (read from
// $GITHUB_OUTPUT after each step); $GITHUB_PATH, $GITHUB_STEP_SUMMARY and
// $RUNNER_TEMP as on a runner. uses: steps are recorded, not run.
func runSteps(t *testing.T, a action, workspace string, inputs map[string]string, opts runOptions) result {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to run the action's steps: ", err)
	}
	runner := t.TempDir()
	pathFile := filepath.Join(runner, "github_path")
	summaryFile := filepath.Join(runner, "step_summary.md")
	temp := filepath.Join(runner, "temp")
	for _, f := range []string{pathFile, summaryFile} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(temp, 0o755); err != nil {
		t.Fatal(err)
	}
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("test passes input %q, which the action does not declare", name)
		}
	}
	stepOutputs := map[string]map[string]string{}
	lookup := func(ref string) string {
		if name, ok := strings.CutPrefix(ref, "inputs."); ok {
			if v, ok := inputs[name]; ok {
				return v
			}
			return a.Inputs[name].Default
		}
		switch ref {
		case "github.action_ref":
			return opts.ref
		case "github.action_path":
			return root(t)
		}
		if parts := strings.Split(ref, "."); len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs" {
			return stepOutputs[parts[1]][parts[3]]
		}
		t.Fatalf("the test cannot resolve %q", ref)
		return ""
	}
	resolve := func(v string) string {
		return expr.ReplaceAllStringFunc(v, func(m string) string { return lookup(expr.FindStringSubmatch(m)[1]) })
	}
	var res result
	var out bytes.Buffer
	for i, s := range a.Runs.Steps {
		holds := true
		for _, c := range conditions(t, s.If) {
			if (lookup(c.ref) == c.value) != (c.op == "==") {
				holds = false
			}
		}
		switch {
		case !holds:
			continue
		case s.Uses != "":
			// actions/setup-go: the test's own Go is used;
			// upload-sarif: recorded with the file it would upload
			name, _, _ := strings.Cut(s.Uses, "@")
			if f := s.With["sarif_file"]; f != "" {
				name += " " + resolve(f)
			}
			res.ran = append(res.ran, name)
			continue
		case s.ID == "build" && !opts.realBuild:
			// instead of go build of the action's source: this checkout's
			// binary, added to the path the way the step adds its own
			f, err := os.OpenFile(pathFile, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString(cli(t) + "\n")
			f.Close()
			res.ran = append(res.ran, "build (local build)")
			continue
		}
		script := filepath.Join(runner, "step.sh")
		if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		outputFile := filepath.Join(runner, "output-"+s.ID)
		if err := os.WriteFile(outputFile, nil, 0o644); err != nil {
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
		runnerOS := map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS]
		runnerArch := map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
		cmd.Env = []string{
			"PATH=" + path, "HOME=" + runner, "LANG=C.UTF-8",
			"GOCACHE=" + goenv(t, "GOCACHE"), "GOMODCACHE=" + goenv(t, "GOMODCACHE"), "GOPROXY=off",
			"GITHUB_ACTIONS=true", "GITHUB_WORKSPACE=" + workspace, "GITHUB_PATH=" + pathFile,
			"GITHUB_OUTPUT=" + outputFile, "GITHUB_STEP_SUMMARY=" + summaryFile,
			"RUNNER_TEMP=" + temp, "RUNNER_OS=" + runnerOS, "RUNNER_ARCH=" + runnerArch,
		}
		for k, v := range s.Env {
			if o, ok := opts.env[k]; ok {
				v = o
			}
			cmd.Env = append(cmd.Env, k+"="+resolve(v))
		}
		cmd.Stdout, cmd.Stderr = &out, &out
		res.ran = append(res.ran, s.ID)
		err = cmd.Run()
		if s.ID != "" {
			stepOutputs[s.ID] = readOutputs(t, outputFile)
		}
		if err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("step %d: %v", i, err)
			}
			res.exit, res.failed = exit.ExitCode(), s.ID
			break
		}
	}
	res.output = out.String()
	res.outputs = map[string]string{}
	for name, o := range a.Outputs {
		res.outputs[name] = resolve(o.Value)
	}
	summary, _ := os.ReadFile(summaryFile)
	res.summary = string(summary)
	return res
}

// readOutputs reads a $GITHUB_OUTPUT file of name=value lines.
func readOutputs(t *testing.T, file string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			out[k] = v
		}
	}
	return out
}

func goenv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
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

// TestActionDefaults: with the inputs' defaults the action lints every
// card of the repository, found by the CLI (.well-known included, not
// node_modules, not other .well-known files), annotates each finding at
// its file, writes the job summary and the counts, and fails the job on
// an error finding (exit 1) in its last step, after the reports.
func TestActionDefaults(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{
		".well-known/agent-card.json":           "broken-common-mistakes.json",
		".well-known/assetlinks.json":           "broken-not-json.json",
		"node_modules/some-sdk/agent-card.json": "broken-not-json.json",
	})
	res := runAction(t, a, ws, nil)
	if res.exit != 1 || res.failed != "result" {
		t.Fatalf("exit %d in step %q, want 1 in result; output:\n%s", res.exit, res.failed, res.output)
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
	for _, an := range got {
		if !strings.Contains(an, " .well-known/agent-card.json ") {
			t.Errorf("annotation for another file: %s", an)
		}
	}
	if res.outputs["errors"] == "" || res.outputs["errors"] == "0" || res.outputs["warnings"] == "" || res.outputs["sarif-file"] != "" {
		t.Errorf("outputs %v; want the error and warning counts and no SARIF file", res.outputs)
	}
	if !strings.Contains(res.summary, "| error | .well-known/agent-card.json:6:13 |") {
		t.Errorf("job summary:\n%s", res.summary)
	}
	if !slices.Equal(res.ran[:2], []string{"download", "actions/setup-go"}) || !slices.Contains(res.ran, "build (local build)") || slices.Contains(res.ran, "github/codeql-action/upload-sarif") {
		t.Errorf("steps run: %q", res.ran)
	}
}

// TestActionInputs: files is a list with bash globs (** reaching
// .well-known), args are one option per line with its value taken whole,
// an unknown rule code is a usage error (exit 2), a clean card gives no
// error annotation and a passing job.
func TestActionInputs(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{
		"cards/a/agent-card.json":             "full-1.0.json",
		"cards/b/.well-known/agent-card.json": "minimal-1.0.json",
		"broken.json":                         "broken-not-json.json",
	})

	res := runAction(t, a, ws, map[string]string{"files": "cards/**/agent-card.json"})
	if res.exit != 0 || res.outputs["errors"] != "0" {
		t.Fatalf("clean cards: exit %d in %q, outputs %v; output:\n%s", res.exit, res.failed, res.outputs, res.output)
	}
	for _, an := range annotations(res.output) {
		if strings.HasPrefix(an, "error ") {
			t.Errorf("clean card annotated: %s", an)
		}
	}
	if !strings.Contains(res.output, "cards/b/.well-known/agent-card.json") {
		t.Errorf("** did not reach .well-known:\n%s", res.output)
	}

	res = runAction(t, a, ws, map[string]string{"files": "broken.json\ncards/a/agent-card.json\n"})
	if res.exit != 1 || !slices.Contains(annotations(res.output), "error broken.json json-comment") {
		t.Errorf("two lines of files: exit %d, annotations %q", res.exit, annotations(res.output))
	}

	res = runAction(t, a, ws, map[string]string{"files": "broken.json", "args": "--rule no-such-rule=off"})
	if res.exit != 2 {
		t.Errorf("args with an unknown rule: exit %d, want 2 (usage error); output:\n%s", res.exit, res.output)
	}
	// (example-placeholder off: the sample card is on example.net, which
	// is not this check's subject)
	res = runAction(t, a, ws, map[string]string{"files": "cards/b", "args": "  --max-warnings 0\n--rule=skill-no-examples=warning\n--rule=example-placeholder=off\n"})
	if res.exit != 1 || res.outputs["warnings"] != "1" {
		t.Errorf("args one per line: exit %d, outputs %v; output:\n%s", res.exit, res.outputs, res.output)
	}

	res = runAction(t, a, ws, map[string]string{"files": "cards/a/agent-card.json", "format": "json", "summary": "false"})
	if res.exit != 0 || !strings.HasPrefix(strings.TrimSpace(res.output), "agentcard: ") || !strings.Contains(res.output, "\n{") || res.summary != "" {
		t.Errorf("format json, no summary: exit %d, summary %q, output:\n%s", res.exit, res.summary, res.output)
	}
}

// Done when: the action writes a SARIF file as its output (not into the
// log) and hands it to upload-sarif.
func TestActionSARIF(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{".well-known/agent-card.json": "broken-common-mistakes.json"})
	res := runAction(t, a, ws, map[string]string{"sarif-file": "reports/agentcard.sarif", "upload-sarif": "true"})
	if res.exit != 1 || res.outputs["sarif-file"] != "reports/agentcard.sarif" {
		t.Fatalf("exit %d, outputs %v; output:\n%s", res.exit, res.outputs, res.output)
	}
	data, err := os.ReadFile(filepath.Join(ws, "reports", "agentcard.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("SARIF file: %v, version %q", err, log.Version)
	}
	if strings.Contains(res.output, `"$schema"`) || strings.Contains(res.output, `"ruleId"`) {
		t.Errorf("SARIF in the log:\n%s", res.output)
	}
	if !slices.Contains(res.ran, "github/codeql-action/upload-sarif reports/agentcard.sarif") {
		t.Errorf("upload-sarif not run with the file: %q", res.ran)
	}
	// upload-sarif alone writes agentcard.sarif
	res = runAction(t, a, ws, map[string]string{"upload-sarif": "true"})
	if res.outputs["sarif-file"] != "agentcard.sarif" || !slices.Contains(res.ran, "github/codeql-action/upload-sarif agentcard.sarif") {
		t.Errorf("upload-sarif without sarif-file: outputs %v, ran %q", res.outputs, res.ran)
	}
}

// Done when: a header secret reaches the server whole and never the log.
func TestActionHeaderSecret(t *testing.T) {
	const secret = "s3cr3t-7f2b9c41e6 with spaces"
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write(testcards.Card(t, "minimal-1.0.json"))
	}))
	defer srv.Close()
	a := loadAction(t)
	ws := workspace(t, map[string]string{".well-known/agent-card.json": "broken-common-mistakes.json"})
	res := runAction(t, a, ws, map[string]string{
		"files":   ".well-known/agent-card.json",
		"url":     srv.URL,
		"headers": "Authorization: Bearer " + secret + "\n",
		"args":    "--profile local\n--header-origin " + srv.URL,
	})
	if res.exit != 1 {
		t.Errorf("exit %d in %q, want 1 (the file's errors); output:\n%s", res.exit, res.failed, res.output)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 || got[0] != "Bearer "+secret {
		t.Errorf("the server got Authorization %q", got)
	}
	for _, piece := range []string{"s3cr3t", "7f2b9c41e6"} {
		if strings.Contains(res.output, piece) || strings.Contains(res.summary, piece) {
			t.Errorf("the log shows %q:\n%s", piece, res.output)
		}
	}
	if !strings.Contains(res.output, "::error file=.well-known/agent-card.json") {
		t.Errorf("no annotations for the file:\n%s", res.output)
	}
}

// TestActionDownload: a release ref downloads the asset for the runner's
// platform and runs it after checking SHA256SUMS; a tampered asset fails
// the job before it runs; a ref without assets falls back to the build.
func TestActionDownload(t *testing.T) {
	const version = "v9.8.7"
	dist := t.TempDir()
	build := exec.Command("go", "run", "./scripts/release", "-o", dist, "-version", version, "-targets", runtime.GOOS+"/"+runtime.GOARCH)
	build.Dir = root(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("release build: %v\n%s", err, out)
	}
	tampered := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name, ok := strings.CutPrefix(r.URL.Path, "/"+version+"/")
		if !ok || strings.Contains(name, "/") {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if tampered && name != "SHA256SUMS" {
			b = append(b, 0)
		}
		w.Write(b)
	}))
	defer srv.Close()
	a := loadAction(t)
	ws := workspace(t, map[string]string{".well-known/agent-card.json": "minimal-1.0.json"})
	opts := runOptions{ref: version, env: map[string]string{"AGENTCARD_RELEASES": srv.URL}}

	res := runSteps(t, a, ws, nil, opts)
	if res.exit != 0 || !slices.Equal(res.ran, []string{"download", "lint", "result"}) || !strings.Contains(res.output, "agentcard "+version) ||
		!strings.Contains(res.output, "agentcard-a2a "+version) {
		t.Errorf("release assets (the CLI and its companion): exit %d, ran %q; output:\n%s", res.exit, res.ran, res.output)
	}

	tampered = true
	res = runSteps(t, a, ws, nil, opts)
	if res.exit != 2 || res.failed != "download" || !strings.Contains(res.output, "checksum") {
		t.Errorf("tampered asset: exit %d in %q; output:\n%s", res.exit, res.failed, res.output)
	}
	tampered = false

	opts.ref = "v9.9.9" // no such release
	res = runSteps(t, a, ws, nil, opts)
	if res.exit != 0 || !slices.Contains(res.ran, "build (local build)") {
		t.Errorf("missing release: exit %d, ran %q; output:\n%s", res.exit, res.ran, res.output)
	}
}

// TestActionBuild: a branch or commit ref builds the action's own source
// (here, this checkout) with the ref stamped as its version.
func TestActionBuild(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{".well-known/agent-card.json": "minimal-1.0.json"})
	res := runSteps(t, a, ws, nil, runOptions{ref: "main", realBuild: true})
	if res.exit != 0 || !slices.Contains(res.ran, "build") || !strings.Contains(res.output, "agentcard main") || !strings.Contains(res.output, "agentcard-a2a main") {
		t.Errorf("exit %d in %q, ran %q; output:\n%s", res.exit, res.failed, res.ran, res.output)
	}
}

// TestActionNoInjection: input values are data. A file name holding shell
// syntax is looked up as a file (and is missing: exit 2); nothing runs.
func TestActionNoInjection(t *testing.T) {
	a := loadAction(t)
	ws := workspace(t, map[string]string{"agent-card.json": "minimal-1.0.json"})
	for _, files := range []string{"agent-card.json;touch pwned", "$(touch pwned)", "`touch pwned`"} {
		res := runAction(t, a, ws, map[string]string{"files": files, "args": "$(touch pwned)", "headers": "X-A: $(touch pwned)"})
		if _, err := os.Stat(filepath.Join(ws, "pwned")); err == nil {
			t.Fatalf("files=%q ran a command", files)
		}
		if res.exit != 2 {
			t.Errorf("files=%q: exit %d, want 2 (no such file or option); output:\n%s", files, res.exit, res.output)
		}
	}
}
