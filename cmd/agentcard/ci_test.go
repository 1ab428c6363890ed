package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/toolchain"
)

// Tests of the parts of `agentcard lint` that CI and editors use (issue
// 18): directories, several outputs, column units, safe and unsafe
// fixes, baselines, --print-config, init, and reports validated against
// the schemas their readers use.

// writeTree writes files (path → content) under a new directory, which
// becomes the working directory, with a .git so configuration lookups
// stop there.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

// jsonInputs lists the inputs of `lint --format json` output.
func jsonInputs(t *testing.T, out string) []string {
	t.Helper()
	var doc struct {
		Results []struct {
			Input string `json:"input"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	var in []string
	for _, r := range doc.Results {
		in = append(in, r.Input)
	}
	return in
}

// Done when: `agentcard lint DIR` on a tree with .well-known/agent-card.json,
// .well-known/assetlinks.json and a copy under node_modules/ checks
// exactly the first.
func TestLintDirectory(t *testing.T) {
	card := lint.BaseCard
	writeTree(t, map[string]string{
		"site/.well-known/agent-card.json":           card,
		"site/.well-known/assetlinks.json":           `[{"relation": ["delegate_permission/common.handle_all_urls"]}]`,
		"site/node_modules/some-sdk/agent-card.json": `{"name": "not ours"`,
	})
	for _, arg := range []string{"site", "site/", "."} {
		out, errOut, code := runCLI(t, "", "lint", "--format", "json", arg)
		want := filepath.Join(strings.TrimSuffix(arg, "/"), "site", ".well-known", "agent-card.json")
		if arg != "." {
			want = filepath.Join(strings.TrimSuffix(arg, "/"), ".well-known", "agent-card.json")
		}
		if got := jsonInputs(t, out); code != exitOK || !slices.Equal(got, []string{filepath.Clean(want)}) {
			t.Errorf("lint %s: exit %d, inputs %q, want [%s]; stderr %s", arg, code, got, want, errOut)
		}
	}
	// a directory listed in --from FILE is expanded the same way (paths
	// in a list need --from-paths: issue 36, B22)
	os.WriteFile("list.txt", []byte("site\nsite/.well-known/agent-card.json\n"), 0o644)
	out, _, _ := runCLI(t, "", "lint", "--format", "json", "--from-paths", "--from", "list.txt")
	if got := jsonInputs(t, out); !slices.Equal(got, []string{filepath.Join("site", ".well-known", "agent-card.json")}) {
		t.Errorf("--from with a directory: %q", got)
	}
	// the directory and a file inside it: the file is checked once
	out, _, _ = runCLI(t, "", "lint", "--format", "json", "site", "site/.well-known/agent-card.json", "./site/.well-known/agent-card.json")
	if got := jsonInputs(t, out); len(got) != 1 {
		t.Errorf("a file named three ways: %q", got)
	}
}

// Inputs are de-duplicated: the same file by two paths or a link, '-'
// twice, a URL twice.
func TestInputsDeduplicated(t *testing.T) {
	dir := writeTree(t, map[string]string{"a/agent-card.json": lint.BaseCard})
	if runtime.GOOS != "windows" {
		if err := os.Symlink(filepath.Join(dir, "a", "agent-card.json"), filepath.Join(dir, "link.json")); err != nil {
			t.Fatal(err)
		}
	}
	out, _, _ := runCLI(t, "", "lint", "--format", "json", "a/agent-card.json", "a/agent-card.json", "a/../a/agent-card.json", "link.json")
	if got := jsonInputs(t, out); !slices.Equal(got, []string{"a/agent-card.json"}) {
		t.Errorf("one file four ways: %q", got)
	}
	out, _, _ = runCLI(t, lint.BaseCard, "lint", "--format", "json", "-", "-")
	if got := jsonInputs(t, out); !slices.Equal(got, []string{"-"}) {
		t.Errorf("lint - -: %q", got)
	}
}

// Done when: --format github --format sarif=out.sarif prints annotations
// and writes valid SARIF 2.1.0, validated against the OASIS schema.
func TestSeveralOutputs(t *testing.T) {
	inCards(t)
	out := filepath.Join(t.TempDir(), "reports", "out.sarif")
	stdout, errOut, code := runCLI(t, "", "lint", "--format", "github", "--format", "sarif="+out, "broken-common-mistakes.json", "minimal-1.0.json")
	if code != exitFound {
		t.Fatalf("exit %d; stderr %s", code, errOut)
	}
	if !strings.Contains(stdout, "::error file=broken-common-mistakes.json,line=6,col=13") || strings.Contains(stdout, `"$schema"`) {
		t.Errorf("standard output is not the annotations alone:\n%s", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, data)
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs[0].Results) == 0 {
		t.Errorf("SARIF file without results: %v", err)
	}
	// the same report once per run: a second run replaces the file
	// (local: the sample card's example.com URLs are not this test's subject)
	runCLI(t, "", "lint", "--profile", "local", "--format", "sarif="+out, "minimal-1.0.json")
	data, _ = os.ReadFile(out)
	log = sarifLog{} // Unmarshal would keep the first run's fields
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs[0].Results) != 1 || log.Runs[0].Results[0].RuleID != "skill-no-examples" {
		t.Errorf("the second run did not replace the SARIF file (want minimal-1.0.json's one finding): %v\n%s", err, data)
	}

	for _, bad := range [][]string{
		{"--format", "json", "--format", "github"},                // two to stdout
		{"--format", "sarif=a.sarif", "--format", "json=a.sarif"}, // one file twice
		{"--format", "sarif="},
		{"--format", "xml"},
		{"--columns", "chars"},
		{"--unsafe-fixes"},
		{"--update-baseline"},
	} {
		_, errOut, code := runCLI(t, "", append(append([]string{"lint"}, bad...), "minimal-1.0.json")...)
		if code != exitUsage || errOut == "" {
			t.Errorf("lint %v: exit %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
}

// sarifValidator is the OASIS SARIF 2.1.0 schema, compiled once.
func sarifValidator(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join(testdataDir(t), "schemas", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const id = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("SARIF is not JSON: %v", err)
	}
	if err := sarifValidator(t).Validate(inst); err != nil {
		t.Errorf("SARIF does not validate against the OASIS 2.1.0 schema: %v", err)
	}
}

// testdataDir is this package's testdata, whatever the working directory.
func testdataDir(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller")
	}
	return filepath.Join(filepath.Dir(file), "testdata")
}

// SARIF for every sample card, standard input and a URL validates; the
// driver's version is the build's, and a URL's results carry
// properties.url and no location GitHub could not place.
func TestSARIFSchema(t *testing.T) {
	inCards(t)
	out, _, _ := runCLI(t, "", append([]string{"lint", "--format", "sarif"}, allCards...)...)
	validateSARIF(t, []byte(out))
	var log sarifLog
	json.Unmarshal([]byte(out), &log)
	if v := log.Runs[0].Tool.Driver.Version; v == "" || v == "0.1.0" {
		t.Errorf("driver version %q, want the build's", v)
	}

	out, _, _ = runCLI(t, `{"name": 1, // c`+"\n}", "lint", "--format", "sarif", "-")
	validateSARIF(t, []byte(out))

	body := []byte(`{"name": "Remote", "supportedInterfaces": []}`)
	useDoer(t, discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		return &discovery.Response{Status: 200, Body: body, Header: http.Header{"Content-Type": {"text/plain"}}}, nil
	}))
	out, _, _ = runCLI(t, "", "lint", "--format", "sarif", "agent.example.com")
	validateSARIF(t, []byte(out))
	log = sarifLog{} // Unmarshal would keep the local cards' locations
	json.Unmarshal([]byte(out), &log)
	if len(log.Runs[0].Results) == 0 {
		t.Fatal("no results for the remote card")
	}
	for _, r := range log.Runs[0].Results {
		if len(r.Locations) != 0 || len(r.RelatedLocations) != 0 || len(r.Fixes) != 0 {
			t.Errorf("%s: a URL input has a location: %+v", r.RuleID, r.Locations)
		}
		if u, _ := r.Properties["url"].(string); !strings.HasPrefix(u, "https://agent.example.com/") {
			t.Errorf("%s: properties.url = %v", r.RuleID, r.Properties)
		}
	}
}

// JUnit validates against the strict Ant schema with xmllint, and
// carries timestamp, hostname and time.
func TestJUnitSchema(t *testing.T) {
	xmllint := toolchain.Command(t, "xmllint", "Debian: apt-get install libxml2-utils; .ci/run installs it")
	xsd := filepath.Join(testdataDir(t), "schemas", "JUnit.xsd")
	inCards(t)
	cases := map[string][]string{
		"all cards": append([]string{"lint", "--format", "junit"}, allCards...),
		"clean":     {"lint", "--format", "junit", "minimal-1.0.json"},
		"stdin":     {"lint", "--format", "junit", "-"},
		"chinese":   {"lint", "--lang", "zh-CN", "--format", "junit", "broken-duplicate-key-cjk.json"},
	}
	for name, args := range cases {
		out, _, _ := runCLI(t, `{"a": 1,}`, args...)
		f := filepath.Join(t.TempDir(), "report.xml")
		os.WriteFile(f, []byte(out), 0o644)
		cmd := exec.Command(xmllint, "--noout", "--schema", xsd, f)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: xmllint: %v\n%s\n%s", name, err, msg, out)
		}
		for _, attr := range []string{`timestamp="2026-12-01T09:30:00"`, `hostname="ci-runner"`, ` time="`} {
			if !strings.Contains(out, attr) {
				t.Errorf("%s: no %s", name, attr)
			}
		}
	}
}

// cjkDuplicate is the example: a duplicate key after Chinese.
// The first "name" is at byte column 51 and character (and UTF-16)
// column 31; the second at 64 and 44.
const cjkDuplicate = `{"description": "把会议录音整理成纪要", "name": "a", "name": "b"}`

// Done when: on the example the position in the duplicate-key
// message and the finding's column are in the same unit, for every format
// and --columns value.
func TestColumnsAgree(t *testing.T) {
	want := map[string][2]int{"byte": {51, 64}, "char": {31, 44}, "utf16": {31, 44}}
	msgCol := regexp.MustCompile(`first at line 1, column (\d+)`)
	for _, columns := range []string{"", "char", "byte", "utf16"} {
		for _, format := range lintFormats {
			args := []string{"lint", "--format", format}
			if columns != "" {
				args = append(args, "--columns", columns)
			}
			out, errOut, _ := runCLI(t, cjkDuplicate, append(args, "--stdin-filename", "agent-card.json", "-")...)
			unit := string(unitFor(format, jsonpos.Unit(columns)))
			m := msgCol.FindStringSubmatch(out)
			if m == nil {
				t.Errorf("%s --columns %q: no position in the message:\n%s%s", format, columns, out, errOut)
				continue
			}
			quoted, _ := strconv.Atoi(m[1])
			col := findingColumn(t, format, out)
			if quoted != want[unit][0] || col != want[unit][1] {
				t.Errorf("%s --columns %q (%s): message quotes column %d, finding at column %d; want %d and %d",
					format, columns, unit, quoted, col, want[unit][0], want[unit][1])
			}
		}
	}
}

// findingColumn reads the duplicate-key finding's column from an output.
func findingColumn(t *testing.T, format, out string) int {
	t.Helper()
	var re *regexp.Regexp
	switch format {
	case "text":
		re = regexp.MustCompile(`agent-card.json:1:(\d+): \S+ json-duplicate-key `)
	case "compact":
		re = regexp.MustCompile(`agent-card.json:1:(\d+): warning: [^\n]*\[json-duplicate-key\]`)
	case "markdown":
		re = regexp.MustCompile(`agent-card.json:1:(\d+) \| \[json-duplicate-key\]`)
	case "junit":
		re = regexp.MustCompile(`json-duplicate-key agent-card.json:1:(\d+)`)
	case "github":
		re = regexp.MustCompile(`line=1,col=(\d+),[^:]*title=json-duplicate-key`)
	case "json":
		var doc struct {
			Results []struct{ Diagnostics []lint.Diagnostic }
		}
		json.Unmarshal([]byte(out), &doc)
		for _, d := range doc.Results[0].Diagnostics {
			if d.Code == "json-duplicate-key" {
				return d.Range.Start.Column
			}
		}
	case "sarif":
		var log sarifLog
		json.Unmarshal([]byte(out), &log)
		for _, r := range log.Runs[0].Results {
			if r.RuleID == "json-duplicate-key" && len(r.Locations) == 1 && r.Locations[0].PhysicalLocation.Region != nil {
				return r.Locations[0].PhysicalLocation.Region.StartColumn
			}
		}
	}
	if re == nil {
		t.Fatalf("%s: no finding", format)
	}
	m := re.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("%s: no column in\n%s", format, out)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
