package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/testcards"
)

// Golden files live in testdata/golden. After an intended change of
// output, rewrite them with:
//
//	go test ./cmd/agentcard/ -run Golden -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// runCLI runs the command line in dir (testdata/cards when
// dir is "cards") and returns stdout, stderr and the exit code.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// inCards makes testdata/cards the working directory, so
// output names the files without machine-specific paths.
func inCards(t *testing.T) {
	t.Helper()
	dir := filepath.Join(testcards.Require(t), "cards")
	t.Chdir(dir)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file (run with -update): %v", err)
	}
	if string(want) != got {
		t.Errorf("output differs from %s (run with -update if the change is intended)\n%s", path, firstDiff(got, string(want)))
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n  got:  %s\n  want: %s", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}

var goldenDir = func() string {
	wd, _ := os.Getwd()
	return filepath.Join(wd, "testdata", "golden")
}()

var allCards = []string{
	"broken-common-mistakes.json", "broken-duplicate-key-cjk.json", "broken-not-json.json", "full-1.0.json",
	"legacy-0.3.json", "minimal-1.0.json", "mixed-consistent.json", "mixed-inconsistent.json",
	"not-a-card-mcp.json", "seed-document-search.json", "seed-three-interfaces.json",
}

func TestGoldenLint(t *testing.T) {
	inCards(t)
	for _, format := range []string{"text", "json", "sarif"} {
		t.Run(format, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"lint", "--format", format}, allCards...)...)
			if code != exitFound {
				t.Errorf("exit %d, want %d (some cards are broken); stderr: %s", code, exitFound, errOut)
			}
			golden(t, "lint-all."+format, out)
		})
	}
}

func TestGoldenSelect(t *testing.T) {
	inCards(t)
	for _, tc := range []struct {
		name, client, card string
		code               int
	}{
		{"seed-jsonrpc", "JSONRPC@1.0", "seed-three-interfaces.json", exitOK},
		{"seed-http-json", "HTTP+JSON@1.0", "seed-three-interfaces.json", exitOK},
		{"seed-grpc-http-json", "GRPC@1.0,HTTP+JSON@1.0", "seed-three-interfaces.json", exitOK},
		{"seed-none", "https://example.com/bindings/ws@1.0", "seed-three-interfaces.json", exitFound},
		{"full-tenant", "JSONRPC@1.0", "full-1.0.json", exitOK},
		{"legacy-http-json", "HTTP+JSON@0.3", "legacy-0.3.json", exitOK},
		{"not-a-card", "JSONRPC@1.0", "not-a-card-mcp.json", exitFound},
	} {
		for _, format := range []string{"text", "json"} {
			t.Run(tc.name+"-"+format, func(t *testing.T) {
				out, errOut, code := runCLI(t, "", "select", "--client", tc.client, "--format", format, tc.card)
				if code != tc.code {
					t.Errorf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
				}
				golden(t, "select-"+tc.name+"."+format, out)
			})
		}
	}
}

// The §4 selection table through the CLI's JSON contract.
func TestSelectJSONContract(t *testing.T) {
	inCards(t)
	for _, tc := range []struct {
		client  string
		outcome string
		index   int
		tenant  string
		card    string
	}{
		{"JSONRPC@1.0", "selected", 0, "", "seed-three-interfaces.json"},
		{"HTTP+JSON@1.0", "selected", 2, "", "seed-three-interfaces.json"},
		{"GRPC@1.0,HTTP+JSON@1.0", "selected", 1, "", "seed-three-interfaces.json"},
		{"https://example.com/bindings/ws@1.0", "no-compatible-interface", -1, "", "seed-three-interfaces.json"},
		{"JSONRPC@1.0", "selected", 0, "clinics-north", "full-1.0.json"},
	} {
		out, _, _ := runCLI(t, "", "select", "--format", "json", "--client", tc.client, tc.card)
		var m struct {
			Outcome         string  `json:"outcome"`
			Index           int     `json:"index"`
			URL             *string `json:"url"`
			ProtocolBinding *string `json:"protocolBinding"`
			ProtocolVersion *string `json:"protocolVersion"`
			Tenant          *string `json:"tenant"`
			Trace           []struct {
				Index    *int   `json:"index"`
				Decision string `json:"decision"`
				Reason   string `json:"reason"`
			} `json:"trace"`
		}
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("%s: %v\n%s", tc.client, err, out)
		}
		if m.Outcome != tc.outcome || m.Index != tc.index || m.URL == nil || m.ProtocolBinding == nil || m.ProtocolVersion == nil || m.Tenant == nil || *m.Tenant != tc.tenant {
			t.Errorf("%s on %s: %s", tc.client, tc.card, out)
		}
		if len(m.Trace) == 0 {
			t.Errorf("%s: empty trace", tc.client)
		}
		for _, st := range m.Trace {
			if st.Index == nil || st.Decision == "" || st.Reason == "" {
				t.Errorf("%s: incomplete trace step %+v", tc.client, st)
			}
		}
	}
}

func TestExitCodes(t *testing.T) {
	inCards(t)
	tmp := t.TempDir()
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		// stderr must contain this text
		stderr string
	}{
		{name: "clean card", args: []string{"lint", "seed-document-search.json"}, code: exitOK},
		{name: "warnings only are fine", args: []string{"lint", "legacy-0.3.json"}, code: exitOK},
		{name: "error finding", args: []string{"lint", "broken-not-json.json"}, code: exitFound},
		{name: "many inputs, one broken", args: []string{"lint", "minimal-1.0.json", "broken-not-json.json"}, code: exitFound},
		{name: "flags after inputs", args: []string{"lint", "minimal-1.0.json", "--format", "json"}, code: exitOK},
		{name: "stdin", stdin: `{"name": 1}`, args: []string{"lint", "-"}, code: exitFound},
		{name: "missing file", args: []string{"lint", "no-such-card.json"}, code: exitUsage, stderr: "no-such-card.json: no such file"},
		{name: "missing file wins over findings", args: []string{"lint", "broken-not-json.json", "no-such-card.json"}, code: exitUsage},
		{name: "directory without cards", args: []string{"lint", tmp}, code: exitUsage, stderr: "no card files in this directory"},
		{name: "no input", args: []string{"lint"}, code: exitUsage, stderr: "no INPUT"},
		{name: "bad format", args: []string{"lint", "--format", "xml", "minimal-1.0.json"}, code: exitUsage, stderr: `unknown format "xml"`},
		{name: "unknown flag", args: []string{"lint", "--fixes", "minimal-1.0.json"}, code: exitUsage, stderr: "-fixes"},
		{name: "no command", args: nil, code: exitUsage, stderr: "Usage"},
		{name: "unknown command", args: []string{"check"}, code: exitUsage, stderr: `unknown command "check"`},
		{name: "help", args: []string{"--help"}, code: exitOK},
		{name: "lint help", args: []string{"lint", "--help"}, code: exitOK},
		{name: "select help", args: []string{"select", "-h"}, code: exitOK},
		{name: "rules help", args: []string{"rules", "--help"}, code: exitOK},
		{name: "fields help", args: []string{"fields", "--help"}, code: exitOK},
		{name: "select ok", args: []string{"select", "--client", "JSONRPC@1.0", "seed-three-interfaces.json"}, code: exitOK},
		{name: "select none", args: []string{"select", "--client", "GRPC@0.3", "seed-three-interfaces.json"}, code: exitFound},
		{name: "select invalid card", args: []string{"select", "--client", "JSONRPC@1.0", "broken-not-json.json"}, code: exitFound},
		{name: "select no client", args: []string{"select", "seed-three-interfaces.json"}, code: exitUsage, stderr: "--sdk all|a2a-go|a2a-python|a2a-js"},
		{name: "select bad client", args: []string{"select", "--client", "JSONRPC@one", "seed-three-interfaces.json"}, code: exitUsage, stderr: "not a version number"},
		{name: "select two inputs", args: []string{"select", "--client", "JSONRPC@1.0", "a.json", "b.json"}, code: exitUsage, stderr: "one INPUT"},
		{name: "select missing file", args: []string{"select", "--client", "JSONRPC@1.0", "nope.json"}, code: exitUsage, stderr: "no such file"},
		{name: "select stdin", stdin: `{"supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`, args: []string{"select", "--client", "JSONRPC@1.0", "-"}, code: exitOK},
		{name: "rules", args: []string{"rules"}, code: exitOK},
		{name: "rules one", args: []string{"rules", "json-comment"}, code: exitOK},
		{name: "rules unknown code", args: []string{"rules", "no-such-rule"}, code: exitUsage, stderr: "no rule"},
		{name: "fields", args: []string{"fields"}, code: exitOK},
		{name: "fields json", args: []string{"fields", "--format", "json"}, code: exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
			}
			if tc.stderr != "" && !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr %q does not mention %q", errOut, tc.stderr)
			}
		})
	}
}

func TestLintJSONContract(t *testing.T) {
	inCards(t)
	out, _, _ := runCLI(t, "", "lint", "--format", "json", "broken-not-json.json", "seed-document-search.json")
	var doc struct {
		Results []struct {
			Input       string `json:"input"`
			Era         string `json:"era"`
			Errors      *int   `json:"errors"`
			Warnings    *int   `json:"warnings"`
			Infos       *int   `json:"infos"`
			Diagnostics []struct {
				Code     string  `json:"code"`
				Severity string  `json:"severity"`
				Message  string  `json:"message"`
				Pointer  *string `json:"pointer"`
				Range    struct {
					Start struct{ Line, Column, Offset int } `json:"start"`
					End   struct{ Line, Column, Offset int } `json:"end"`
				} `json:"range"`
			} `json:"diagnostics"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Results) != 2 || doc.Results[0].Input != "broken-not-json.json" || doc.Results[1].Era != "1.0" {
		t.Fatalf("results: %s", out)
	}
	r := doc.Results[0]
	if r.Errors == nil || *r.Errors < 2 || r.Warnings == nil || r.Infos == nil {
		t.Errorf("counts missing: %s", out)
	}
	lines := map[string]int{}
	for _, d := range r.Diagnostics {
		if d.Severity == "" || d.Message == "" || d.Pointer == nil || d.Range.Start.Line == 0 {
			t.Errorf("incomplete diagnostic %+v", d)
		}
		lines[d.Code] = d.Range.Start.Line
	}
	if lines["json-comment"] != 2 || lines["json-trailing-comma"] != 7 {
		t.Errorf("syntax findings at %v, want json-comment at 2 and json-trailing-comma at 7 (on the comma)", lines)
	}
	if !strings.Contains(out, `"diagnostics": []`) {
		t.Errorf("a clean card must have an empty diagnostics array: %s", out)
	}
}

// SARIF: the shape code scanning tools need, and UTF-16 columns.
func TestSARIF(t *testing.T) {
	inCards(t)
	out, _, _ := runCLI(t, "", "lint", "--format", "sarif", "broken-duplicate-key-cjk.json", "broken-not-json.json")
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if log["version"] != "2.1.0" || log["$schema"] == nil {
		t.Errorf("version/schema: %v %v", log["version"], log["$schema"])
	}
	runs := log["runs"].([]any)
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	run := runs[0].(map[string]any)
	if run["columnKind"] != "utf16CodeUnits" {
		t.Errorf("columnKind %v", run["columnKind"])
	}
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	rules := driver["rules"].([]any)
	if len(rules) != len(lint.Rules()) {
		t.Errorf("%d SARIF rules, catalogue has %d", len(rules), len(lint.Rules()))
	}
	ids := map[string]int{}
	for i, r := range rules {
		m := r.(map[string]any)
		id := m["id"].(string)
		ids[id] = i
		if !strings.HasSuffix(m["helpUri"].(string), "/rules/"+id+"/") || m["shortDescription"] == nil || m["fullDescription"] == nil {
			t.Errorf("rule %s: %v", id, m)
		}
	}
	results := run["results"].([]any)
	if len(results) == 0 {
		t.Fatal("no results")
	}
	var sawMode bool
	for _, r := range results {
		m := r.(map[string]any)
		id := m["ruleId"].(string)
		if int(m["ruleIndex"].(float64)) != ids[id] {
			t.Errorf("%s: ruleIndex %v, want %d", id, m["ruleIndex"], ids[id])
		}
		switch m["level"] {
		case "error", "warning", "note":
		default:
			t.Errorf("%s: level %v", id, m["level"])
		}
		loc := m["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
		uri := loc["artifactLocation"].(map[string]any)["uri"].(string)
		region := loc["region"].(map[string]any)
		for _, k := range []string{"startLine", "startColumn", "endLine", "endColumn"} {
			if v, ok := region[k].(float64); !ok || v < 1 {
				t.Errorf("%s: region %s = %v", id, k, region[k])
			}
		}
		// "文本" in the CJK card: byte column 409, UTF-16 column 333.
		if uri == "broken-duplicate-key-cjk.json" && strings.Contains(m["message"].(map[string]any)["text"].(string), "文本") {
			sawMode = true
			src, _ := os.ReadFile("broken-duplicate-key-cjk.json")
			off := bytes.Index(src, []byte(`"文本"`))
			wantCol := len([]rune(string(src[:off]))) + 1 // every char here is in the BMP: one UTF-16 unit each
			if got := int(region["startColumn"].(float64)); got != wantCol {
				t.Errorf("文本 startColumn %d, want UTF-16 column %d (byte column %d)", got, wantCol, off+1)
			}
			if got := int(region["endColumn"].(float64)); got != wantCol+4 {
				t.Errorf("文本 endColumn %d, want %d", got, wantCol+4)
			}
		}
	}
	if !sawMode {
		t.Log("no finding on the mode \"文本\" yet (modes rules not in place?): UTF-16 column check skipped")
	}
}

func TestRulesJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "rules", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Rules []map[string]any `json:"rules"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Rules) != len(lint.Rules()) || len(doc.Rules) == 0 {
		t.Fatalf("%d rules, catalogue has %d", len(doc.Rules), len(lint.Rules()))
	}
	for _, r := range doc.Rules {
		for _, k := range []string{"code", "severity", "topic", "title", "explanation", "howToFix", "spec", "bad", "good", "helpUri"} {
			if _, ok := r[k]; !ok {
				t.Errorf("rule %v has no %q", r["code"], k)
			}
		}
	}
}

func TestFieldsJSON(t *testing.T) {
	out, _, _ := runCLI(t, "", "fields", "--format", "json")
	var doc struct {
		Fields []map[string]any `json:"fields"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Fields) == 0 {
		t.Fatal("no fields")
	}
	var sawURL bool
	for _, f := range doc.Fields {
		for _, k := range []string{"object", "name", "type", "eras", "required", "since", "doc", "spec"} {
			if _, ok := f[k]; !ok {
				t.Errorf("field %v.%v has no %q", f["object"], f["name"], k)
			}
		}
		if f["object"] == "AgentCard" && f["name"] == "url" {
			sawURL = true
			if f["replacement"] == nil || f["removed"] != "1.0" {
				t.Errorf("legacy url: %v", f)
			}
		}
	}
	if !sawURL {
		t.Error("AgentCard.url missing from the catalogue")
	}
}

func TestTextExcerptCJK(t *testing.T) {
	// the caret must sit under the duplicate key, after two wide
	// characters ("name" makes it a card: what is not shows no excerpt)
	out, _, _ := runCLI(t, `{"名字": "😀", "名字": 1, "name": "x"}`, "lint", "-")
	want := "      | " + strings.Repeat(" ", 15) + "^~~~~~\n" // 名字 and 😀 are two columns wide each
	// the column counts characters (byte 20 is character 13)
	if !strings.Contains(out, "-:1:13: warning json-duplicate-key") || !strings.Contains(out, want) {
		t.Errorf("excerpt not aligned:\n%s", out)
	}
}

func TestNoColorWhenNotATerminal(t *testing.T) {
	out, _, _ := runCLI(t, `{"x": NaN}`, "lint", "-")
	if strings.Contains(out, "\x1b[") {
		t.Errorf("escape codes in piped output: %q", out)
	}
}

func TestIsRemote(t *testing.T) {
	for in, want := range map[string]bool{
		"https://agent.example.com/.well-known/agent-card.json": true,
		"HTTP://agent.example.com":                              true,
		"agent.example.com":                                     true,
		"agent.example.com:8443/card":                           true,
		"card.json":                                             false,
		"./agent.example.com":                                   false,
		"cards/agent.json":                                      false,
		"-":                                                     false,
		"localhost":                                             true, // an agent on this machine
		"mycard.yaml":                                           false,
		"notes.md":                                              false,
	} {
		if got := isRemote(in); got != want {
			t.Errorf("isRemote(%q) = %v, want %v", in, got, want)
		}
	}
}

// useDoer answers the CLI's requests with d instead of the network.
func useDoer(t *testing.T, d discovery.Doer) {
	orig := newLiveDoer
	t.Cleanup(func() { newLiveDoer = orig })
	newLiveDoer = func(discovery.Policy) discovery.Doer { return d }
}

// Remote inputs go through the pipeline's Doer; the network is replaced
// here.
func TestRemoteInputs(t *testing.T) {
	body := []byte(`{"name": "Remote", "supportedInterfaces": []}`)
	useDoer(t, discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		switch {
		case strings.HasPrefix(r.URL, "https://agent.example.com/"):
			return &discovery.Response{Status: 200, Body: body, Header: http.Header{"Content-Type": {"application/a2a+json"},
				"Cache-Control": {"max-age=300"}, "Etag": {`"1"`}, "Last-Modified": {"Mon, 30 Nov 2026 00:00:00 GMT"},
				"Access-Control-Allow-Origin": {"*"}}}, nil
		case strings.HasPrefix(r.URL, "https://missing.example.com/"):
			return &discovery.Response{Status: 404, Header: http.Header{}}, nil
		}
		return nil, discovery.ErrConnRefused
	}))
	out, errOut, code := runCLI(t, "", "lint", "--format", "json", "agent.example.com")
	if code != exitFound || !strings.Contains(out, `"input": "agent.example.com"`) {
		t.Errorf("remote card: exit %d\n%s\n%s", code, out, errOut)
	}
	out, _, code = runCLI(t, "", "lint", "--format", "json", "missing.example.com")
	if code != exitFound || !strings.Contains(out, "404") {
		t.Errorf("404 should be a finding: exit %d\n%s", code, out)
	}
	_, errOut, code = runCLI(t, "", "lint", "down.example.com")
	if code != exitUsage || !strings.Contains(errOut, "Could not connect") {
		t.Errorf("unreachable should be exit 2: %d %s", code, errOut)
	}
	_, _, code = runCLI(t, "", "select", "--client", "JSONRPC@1.0", "agent.example.com")
	if code != exitFound {
		t.Errorf("select on a remote card with no interfaces: exit %d", code)
	}
}
