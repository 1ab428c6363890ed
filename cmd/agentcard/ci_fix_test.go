package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/internal/toolchain"
)

// More of issue 18: safe and unsafe fixes, a refused write, baselines,
// --print-config, init, --stdin-filename, the compact format read by
// Vim's errorformat, and the smaller items.

// fixCard has a comment (a safe fix) and the binding "REST" (an unsafe
// fix: the rule asks a person to check the endpoint first).
const fixCard = `{
  "name": "Invoice Extractor",
  // a comment
  "description": "Reads supplier invoices (PDF or image) and returns the totals, due date and line items as JSON.",
  "version": "1.0.0",
  "supportedInterfaces": [
    {"url": "https://agent.example.com/a2a", "protocolBinding": "REST", "protocolVersion": "1.0"}
  ],
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["application/json"],
  "skills": [{"id": "extract", "name": "Extract invoice", "description": "Returns totals, due date and line items of one invoice.", "tags": ["invoices"], "examples": ["Extract this invoice"]}]
}
`

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Done when: --fix leaves "protocolBinding": "REST" alone; --fix
// --unsafe-fixes rewrites it; deleting a comment leaves no blank line.
func TestFixSafeAndUnsafe(t *testing.T) {
	writeTree(t, map[string]string{"agent-card.json": fixCard})
	out, errOut, code := runCLI(t, "", "lint", "--fix", "agent-card.json")
	got := readFile(t, "agent-card.json")
	if code != exitFound || strings.Contains(got, "// a comment") || !strings.Contains(got, `"protocolBinding": "REST"`) {
		t.Fatalf("--fix: exit %d, file:\n%s\nstdout:\n%s\nstderr:\n%s", code, got, out, errOut)
	}
	if !strings.Contains(got, "\"Invoice Extractor\",\n  \"description\"") {
		t.Errorf("the comment's line was left behind:\n%s", got)
	}
	// the finding left is listed with its fix marked unsafe
	if !strings.Contains(out, "interface-binding-variant") || !strings.Contains(out, "fix (unsafe, --unsafe-fixes): Use HTTP+JSON") {
		t.Errorf("the unsafe fix left is not shown as such:\n%s", out)
	}

	out, _, code = runCLI(t, "", "lint", "--diff", "--unsafe-fixes", "agent-card.json")
	if code != exitOK || !strings.Contains(out, `+    {"url": "https://agent.example.com/a2a", "protocolBinding": "HTTP+JSON"`) || readFile(t, "agent-card.json") != got {
		t.Errorf("--diff --unsafe-fixes: exit %d\n%s", code, out)
	}
	_, _, code = runCLI(t, "", "lint", "--fix", "--unsafe-fixes", "agent-card.json")
	if got := readFile(t, "agent-card.json"); code != exitOK || !strings.Contains(got, `"protocolBinding": "HTTP+JSON"`) {
		t.Errorf("--fix --unsafe-fixes: exit %d\n%s", code, got)
	}
}

// A write that is refused reports the file as it is (not as it would
// have been) and exits 2.
func TestFixWriteRefused(t *testing.T) {
	writeTree(t, map[string]string{"agent-card.json": fixCard})
	if err := os.Chmod("agent-card.json", 0o444); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "lint", "--fix", "agent-card.json")
	if code != exitUsage || readFile(t, "agent-card.json") != fixCard {
		t.Fatalf("read-only file: exit %d; stderr %s", code, errOut)
	}
	if !strings.Contains(out, "json-comment") || !strings.Contains(out, "2 errors") {
		t.Errorf("the output is not the file's real state:\n%s", out)
	}
	if !strings.Contains(errOut, "unchanged") {
		t.Errorf("stderr does not say the file is unchanged: %s", errOut)
	}
}

func TestBaseline(t *testing.T) {
	writeTree(t, map[string]string{"cards/agent-card.json": fixCard})
	_, errOut, code := runCLI(t, "", "lint", "--baseline", "baseline.json", "--update-baseline", "cards")
	if code != exitOK || !strings.Contains(errOut, "baseline.json") {
		t.Fatalf("--update-baseline: exit %d, %s", code, errOut)
	}
	var b struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal([]byte(readFile(t, "baseline.json")), &b); err != nil || b.Version == 0 {
		t.Fatalf("baseline file: %v\n%s", err, readFile(t, "baseline.json"))
	}
	out, _, code := runCLI(t, "", "lint", "--format", "json", "--baseline", "baseline.json", "cards")
	if code != exitOK || strings.Contains(out, `"code"`) {
		t.Errorf("with the baseline: exit %d\n%s", code, out)
	}
	// an edit elsewhere keeps the known findings known; a new one shows
	edited := strings.Replace(fixCard, `"version": "1.0.0",`, `"version": "1.0.0", "iconUrl": "http://example.com/i.png",`, 1)
	edited = strings.Replace(edited, `"name": "Invoice Extractor",`, "\n\n"+`"name": "Invoice Extractor",`, 1)
	os.WriteFile(filepath.Join("cards", "agent-card.json"), []byte(edited), 0o644)
	out, _, code = runCLI(t, "", "lint", "--format", "compact", "--baseline", "baseline.json", "cards")
	if strings.Contains(out, "json-comment") || strings.Contains(out, "interface-binding-variant") || !strings.Contains(out, "identity-url-not-https") {
		t.Errorf("after an edit: exit %d\n%s", code, out)
	}
}

func TestPrintConfig(t *testing.T) {
	writeTree(t, map[string]string{
		".agentcard.yaml":        "rules:\n  skill-no-examples: off\nignore:\n  - drafts/**\n  - {pointer: /skills/0/examples, rule: skill-no-examples}\n",
		"agent-card.json":        fixCard,
		"drafts/agent-card.json": fixCard,
	})
	out, errOut, code := runCLI(t, "", "lint", "--print-config", "agent-card.json")
	if code != exitOK || !strings.Contains(out, ".agentcard.yaml") || !strings.Contains(out, "drafts/**") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	found := false
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		found = found || (len(f) >= 2 && f[0] == "skill-no-examples" && f[1] == "off")
	}
	if !found {
		t.Errorf("skill-no-examples is not shown off:\n%s", out)
	}
	out, _, _ = runCLI(t, "", "lint", "--print-config", "drafts/agent-card.json", "--format", "json", "--rule", "null-value=error")
	var doc struct {
		Ignored bool `json:"ignored"`
		Rules   []struct{ Code, Level, From string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || !doc.Ignored {
		t.Fatalf("json: %v\n%s", err, out)
	}
	for _, r := range doc.Rules {
		if r.Code == "null-value" && (r.Level != "error" || r.From != "flag") {
			t.Errorf("null-value: %+v", r)
		}
	}
	if _, _, code := runCLI(t, "", "lint", "--print-config", "agent-card.json", "agent-card.json"); code != exitUsage {
		t.Errorf("--print-config with INPUTs: exit %d", code)
	}
}

// init writes a starter card and configuration that lint clean in the
// local profile (published, they name the placeholders to replace), prints
// the CI and pre-commit snippets, and never overwrites.
func TestInit(t *testing.T) {
	dir := writeTree(t, nil)
	out, errOut, code := runCLI(t, "", "init")
	if code != exitOK || !strings.Contains(out, "uses: agentcard/agentcard@") || !strings.Contains(out, "id: agentcard-lint") {
		t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
	}
	card := filepath.Join(dir, ".well-known", "agent-card.json")
	before := readFile(t, card)
	// published as it is, the starter card says what to replace: its
	// example.com URLs and "Your Company" (example-placeholder); on one
	// machine (--profile local) it is clean
	out, errOut, code = runCLI(t, "", "lint", ".")
	if code != exitOK || !strings.Contains(out, `"agent.example.com"`) || !strings.Contains(out, `"www.example.com"`) ||
		!strings.Contains(out, `"Your Company"`) || !strings.Contains(out, "1 input checked: 0 errors, 2 warnings, 1 info") {
		t.Errorf("the starter card, published: exit %d\n%s%s", code, out, errOut)
	}
	if out, errOut, code := runCLI(t, "", "lint", "--profile", "local", "--max-warnings", "0", "."); code != exitOK || strings.Contains(out, "example-placeholder") ||
		!strings.Contains(out, "1 input checked: 0 errors, 0 warnings, 0 infos") {
		t.Errorf("the starter card, local: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, ".agentcard.yaml")); err != nil {
		t.Error(err)
	}
	_, errOut, code = runCLI(t, "", "init")
	if code != exitOK || !strings.Contains(errOut, "already exists") || readFile(t, card) != before {
		t.Errorf("second init: exit %d, %s", code, errOut)
	}
	// the Chinese starter card is Chinese and as clean
	zh := t.TempDir()
	runCLI(t, "", "init", "--lang", "zh-CN", zh)
	c := readFile(t, filepath.Join(zh, ".well-known", "agent-card.json"))
	if !strings.ContainsFunc(c, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		t.Errorf("Chinese starter card:\n%s", c)
	}
	if _, _, code := runCLI(t, "", "init", "no-such-dir"); code != exitUsage {
		t.Errorf("init of a missing directory: exit %d", code)
	}
}

// --stdin-filename names standard input and brings its configuration.
func TestStdinFilename(t *testing.T) {
	writeTree(t, map[string]string{"sub/.agentcard.yaml": "rules:\n  json-duplicate-key: off\n"})
	out, _, _ := runCLI(t, cjkDuplicate, "lint", "--format", "compact", "--stdin-filename", "sub/agent-card.json", "-")
	if !strings.HasPrefix(out, "sub/agent-card.json:1:") || strings.Contains(out, "json-duplicate-key") {
		t.Errorf("stdin as sub/agent-card.json:\n%s", out)
	}
}

// The compact format read by Vim itself with an errorformat: the
// quickfix column is the byte column Vim jumps to.
func TestCompactInVim(t *testing.T) {
	vim := toolchain.Command(t, "vim", "Debian: apt-get install vim; .ci/run installs it")
	dir := writeTree(t, map[string]string{"agent-card.json": cjkDuplicate})
	out, _, _ := runCLI(t, "", "lint", "--format", "compact", "agent-card.json")
	os.WriteFile("report.txt", []byte(out), 0o644)
	script := `set errorformat=%f:%l:%c:\ %t%*[a-z]:\ %m
cgetfile report.txt
call writefile(map(getqflist(), {_, e -> e.lnum . ':' . e.col . ':' . e.type . ':' . (e.text =~ 'json-duplicate-key' ? 'dup' : '')}), 'qf.txt')
qa!
`
	os.WriteFile("qf.vim", []byte(script), 0o644)
	cmd := exec.Command(vim, "-Nu", "NONE", "-i", "NONE", "-es", "-S", "qf.vim")
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vim: %v\n%s", err, msg)
	}
	qf := readFile(t, filepath.Join(dir, "qf.txt"))
	if !strings.Contains(qf, "1:64:w:dup") {
		t.Errorf("Vim's quickfix list:\n%s\nfrom\n%s", qf, out)
	}
	// Vim's byte column 64 is where the second "name" starts
	if cjkDuplicate[63:69] != `"name"` {
		t.Errorf("byte 64 is %q", cjkDuplicate[63:69])
	}
}

func TestSmallerItems(t *testing.T) {
	inCards(t)
	if out, _, code := runCLI(t, "", "lint", "--version"); code != exitOK || !strings.HasPrefix(out, "agentcard ") {
		t.Errorf("lint --version: exit %d, %q", code, out)
	}
	if _, errOut, code := runCLI(t, "", "rules", "json-comentt"); code != exitUsage || !strings.Contains(errOut, "json-comment?") {
		t.Errorf("rules with a typo: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "", "select", "minimal-1.0.json"); code != exitUsage || !strings.Contains(errOut, "--sdk") {
		t.Errorf("select without options: exit %d, %q", code, errOut)
	}
	out, _, code := runCLI(t, "", "schema", "--lang", "zh-CN")
	var s struct {
		Description string `json:"description"`
	}
	json.Unmarshal([]byte(out), &s)
	if code != exitOK || !strings.ContainsFunc(s.Description, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		t.Errorf("schema --lang zh-CN: exit %d, description %q", code, s.Description)
	}
	for _, rule := range []string{"json-comment=off", "json-trailing-comma=warning"} {
		if _, errOut, code := runCLI(t, `{"name": 1, // x`+"\n}", "lint", "--rule", rule, "-"); code != exitUsage || !strings.Contains(errOut, strings.Split(rule, "=")[0]) {
			t.Errorf("--rule %s: exit %d, %q", rule, code, errOut)
		}
	}
}
