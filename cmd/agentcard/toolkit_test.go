package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/schema"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/internal/testcards"
)

// copyCards copies every sample card into a fresh directory (holding a
// .git, so that no configuration above it applies) and makes it the
// working directory.
func copyCards(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range testcards.Cards(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

// lint --fix on a copy of every sample card: what core/fix refuses is
// left byte for byte; everything else is rewritten so that it still
// parses, no finding offers a safe fix any more, a second run changes nothing,
// and --diff shows the same change without writing. The exit status
// follows the findings that are left.
func TestFixEveryCard(t *testing.T) {
	copyCards(t)
	fixedSome := 0
	for _, name := range allCards {
		orig, _ := os.ReadFile(name)
		want, refusal := fix.Apply(orig, lint.Lint, fix.Options{})

		diff, errOut, code := runCLI(t, "", "lint", "--diff", name)
		if after, _ := os.ReadFile(name); !bytes.Equal(after, orig) {
			t.Errorf("%s: --diff wrote the file", name)
		}
		if refusal == nil && want.Changed && diff != fix.Diff(name, orig, want.Output) {
			t.Errorf("%s: --diff is not core/fix's diff:\n%s", name, diff)
		}
		if refusal != nil && (diff != "" || !strings.Contains(errOut, name+": ")) {
			t.Errorf("%s: refused by core/fix, yet --diff printed %q; stderr %q", name, diff, errOut)
		}

		out, errOut, code2 := runCLI(t, "", "lint", "--fix", "--format", "json", name)
		after, _ := os.ReadFile(name)
		if refusal != nil {
			if !bytes.Equal(after, orig) {
				t.Errorf("%s: core/fix refuses it, but --fix changed the file", name)
			}
			continue
		}
		if code != code2 {
			t.Errorf("%s: --diff exit %d, --fix exit %d", name, code, code2)
		}
		if want.Changed {
			fixedSome++
		}
		if !bytes.Equal(after, want.Output) {
			t.Errorf("%s: the file is not core/fix's output", name)
		}
		res := lint.Lint(after, lint.Options{})
		for _, d := range res.Diagnostics {
			if strings.HasPrefix(d.Code, "json-") && d.Code != "json-duplicate-key" {
				t.Errorf("%s: the fixed file does not parse cleanly: %s", name, d.Code)
			}
			for _, f := range d.Fixes {
				if f.Safe {
					t.Errorf("%s: %s still offers a safe fix after --fix", name, d.Code)
				}
			}
		}
		// the findings printed are the fixed file's, and decide the exit
		var printed struct {
			Results []struct{ Errors int } `json:"results"`
		}
		if err := json.Unmarshal([]byte(out), &printed); err != nil || len(printed.Results) != 1 {
			t.Fatalf("%s: --fix --format json: %v\n%s", name, err, out)
		}
		if printed.Results[0].Errors != res.Errors || (code2 == exitFound) != (res.Errors > 0) {
			t.Errorf("%s: printed %d errors, exit %d; the fixed file has %d errors", name, printed.Results[0].Errors, code2, res.Errors)
		}
		if want.Changed && !strings.Contains(errOut, name+": fixed ") {
			t.Errorf("%s: stderr does not list the applied fixes: %q", name, errOut)
		}
		if _, _, _ = runCLI(t, "", "lint", "--fix", name); true {
			again, _ := os.ReadFile(name)
			if !bytes.Equal(again, after) {
				t.Errorf("%s: a second --fix changed the file again", name)
			}
		}
	}
	if fixedSome < 2 {
		t.Errorf("only %d sample cards had something to fix", fixedSome)
	}
}

// --fix writes only files; --fix and --diff exclude each other; a diff
// is text.
func TestFixUsage(t *testing.T) {
	inCards(t)
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"lint", "--fix", "-"}, `"-" is not a file`},
		{[]string{"lint", "--fix", "minimal-1.0.json", "agent.example.com"}, `"agent.example.com" is not a file`},
		{[]string{"lint", "--fix", "--diff", "minimal-1.0.json"}, "give one of them"},
		{[]string{"lint", "--diff", "--format", "json", "minimal-1.0.json"}, "--format json"},
		{[]string{"lint", "--max-warnings", "-1", "minimal-1.0.json"}, `"-1"`},
		{[]string{"lint", "--max-warnings", "many", "minimal-1.0.json"}, `"many"`},
	} {
		_, errOut, code := runCLI(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q (want %q)", tc.args, code, errOut, tc.stderr)
		}
	}
	// standard input can be shown as a diff, named "-"
	src := testcards.Card(t, "broken-not-json.json")
	out, errOut, _ := runCLI(t, string(src), "lint", "--fix-dry-run", "-")
	if !strings.HasPrefix(out, "--- -\n+++ -\n") || !strings.Contains(errOut, "-: would fix json-comment") {
		t.Errorf("--fix-dry-run on stdin:\n%s\n%s", out, errOut)
	}
	// the report of what would be fixed is in the chosen language
	_, errOut, _ = runCLI(t, string(src), "lint", "--diff", "--lang", "zh-CN", "-")
	if !strings.Contains(errOut, "将修复 json-comment") || !hasHan(errOut) {
		t.Errorf("fix report in Chinese: %q", errOut)
	}
}

// testCard is a valid 1.0 card with a generic name, a skill without
// examples and the given interface URL.
func testCard(name, url string) string {
	return `{"name": "` + name + `", "description": "Answers questions about invoices for the accounts team.", "version": "1.0.0",
  "supportedInterfaces": [{"url": "` + url + `", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "ask", "name": "Ask", "description": "Answers one question about an invoice.", "tags": ["invoices"]}]}
`
}

func codesIn(t *testing.T, out string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, r := range decodeLint(t, out).Results {
		for _, raw := range r.Diagnostics {
			var d struct{ Code, Severity, Pointer string }
			json.Unmarshal(raw, &d)
			got[d.Code] = d.Severity
		}
	}
	return got
}

// A project configuration, found upward from the INPUT or named with
// --config, changes severities, turns rules off and skips ignored inputs;
// --rule goes over it.
func TestConfiguration(t *testing.T) {
	if lint.RuleFor("name-generic") == nil || lint.RuleFor("skill-no-examples") == nil {
		t.Fatal("the rule codes this test configures are gone")
	}
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	os.MkdirAll(filepath.Join(dir, "cards", "drafts"), 0o755)
	card := testCard("Bot", "https://invoices.example.com/a2a")
	os.WriteFile(filepath.Join(dir, "cards", "card.json"), []byte(card), 0o644)
	os.WriteFile(filepath.Join(dir, "cards", "drafts", "wip.json"), []byte(`{"name": 1}`), 0o644)
	t.Chdir(dir)

	// without a configuration: both are infos, exit 0
	out, _, code := runCLI(t, "", "lint", "--format", "json", "cards/card.json")
	got := codesIn(t, out)
	if code != exitOK || got["name-generic"] != "info" || got["skill-no-examples"] != "info" {
		t.Fatalf("defaults: exit %d, %v", code, got)
	}
	os.WriteFile(filepath.Join(dir, ".agentcard.yaml"), []byte("rules:\n  skill-no-examples: off\n  name-generic: error\nignore:\n  - \"cards/drafts/**\"\n"), 0o644)
	out, _, code = runCLI(t, "", "lint", "--format", "json", "cards/card.json")
	got = codesIn(t, out)
	if code != exitFound || got["name-generic"] != "error" || got["skill-no-examples"] != "" {
		t.Errorf("with .agentcard.yaml: exit %d, %v", code, got)
	}
	// (local: the card's example.com URL is not this test's subject)
	text, _, _ := runCLI(t, "", "lint", "--profile", "local", "cards/card.json")
	if !strings.Contains(text, "error name-generic") || strings.Contains(text, "skill-no-examples") || !strings.Contains(text, "1 error, 0 warnings, 0 infos") {
		t.Errorf("text output under the configuration:\n%s", text)
	}
	// --rule over the file
	_, _, code = runCLI(t, "", "lint", "--rule", "name-generic=warning", "cards/card.json")
	if code != exitOK {
		t.Errorf("--rule name-generic=warning over the file's error: exit %d", code)
	}
	// the ignored draft is skipped with a note; the exit is the card's
	out, errOut, code := runCLI(t, "", "lint", "cards/card.json", "cards/drafts/wip.json")
	if strings.Contains(out, "wip.json") || !strings.Contains(errOut, "wip.json: skipped") || !strings.Contains(out, "1 input checked") || code != exitFound {
		t.Errorf("ignore: exit %d\n%s\n%s", code, out, errOut)
	}
	// --config names a file from anywhere; a broken one is exit 2 with its place
	other := filepath.Join(t.TempDir(), "ci.json")
	os.WriteFile(other, []byte(`{"rules": {"skill-no-examples": "error"}}`), 0o644)
	out, _, code = runCLI(t, "", "lint", "--config", other, "--format", "json", "cards/card.json")
	if got := codesIn(t, out); code != exitFound || got["skill-no-examples"] != "error" || got["name-generic"] != "info" {
		t.Errorf("--config: exit %d, %v", code, got)
	}
	os.WriteFile(other, []byte(`{"rules": {"skill-no-example": "off"}}`), 0o644)
	_, errOut, code = runCLI(t, "", "lint", "--config", other, "cards/card.json")
	if code != exitUsage || !strings.Contains(errOut, other+":1:") || !strings.Contains(errOut, "skill-no-examples") {
		t.Errorf("a broken --config: exit %d, %q", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "lint", "--lang", "zh-CN", "--config", other, "cards/card.json")
	if code != exitUsage || !hasHan(errOut) {
		t.Errorf("a broken --config in Chinese: exit %d, %q", code, errOut)
	}
	for _, bad := range [][]string{{"--rule", "name-generic"}, {"--rule", "no-such-rule=off"}, {"--rule", "name-generic=loud"}, {"--profile", "dev"}} {
		_, errOut, code := runCLI(t, "", append(append([]string{"lint"}, bad...), "cards/card.json")...)
		if code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d, %q", bad, code, errOut)
		}
	}
}

// --profile local: a card served from 127.0.0.1 over http during
// development has no error (nor warning) for that URL: the findings the
// publish profile gives it become infos.
func TestProfileLocal(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	t.Chdir(dir)
	os.WriteFile("card.json", []byte(testCard("Invoice Helper", "http://127.0.0.1:9001/a2a")), 0o644)
	urlProblems := func(args ...string) (n int, code int) {
		out, _, code := runCLI(t, "", append([]string{"lint", "--format", "json"}, append(args, "card.json")...)...)
		for _, raw := range decodeLint(t, out).Results[0].Diagnostics {
			var d struct{ Severity, Pointer string }
			json.Unmarshal(raw, &d)
			if d.Severity != "info" && strings.HasPrefix(d.Pointer, "/supportedInterfaces/0/url") {
				n++
			}
		}
		return n, code
	}
	if n, _ := urlProblems(); n == 0 {
		t.Fatalf("publish profile: no error or warning on the URL; the test card no longer shows the difference")
	}
	if n, code := urlProblems("--profile", "local"); n != 0 || code != exitOK {
		t.Errorf("--profile local: %d errors or warnings on the URL, exit %d", n, code)
	}
	// the same with plain http on a private address, which publish calls an error
	os.WriteFile("card.json", []byte(testCard("Invoice Helper", "http://10.0.0.7:9001/a2a")), 0o644)
	if _, code := urlProblems(); code != exitFound {
		t.Errorf("http://10.0.0.7 under publish: exit %d, want an error", code)
	}
	if n, code := urlProblems("--profile", "local"); n != 0 || code != exitOK {
		t.Errorf("http://10.0.0.7 under --profile local: %d errors or warnings, exit %d", n, code)
	}
}

// --max-warnings N fails a run with more than N warnings; --quiet prints
// error findings only.
func TestMaxWarningsAndQuiet(t *testing.T) {
	inCards(t)
	// legacy-0.3.json has warnings and no error
	res := lint.Lint(testcards.Card(t, "legacy-0.3.json"), lint.Options{})
	if res.Errors != 0 || res.Warnings == 0 {
		t.Fatalf("legacy-0.3.json: %d errors, %d warnings", res.Errors, res.Warnings)
	}
	n := strconv.Itoa(res.Warnings)
	if _, errOut, code := runCLI(t, "", "lint", "--max-warnings", strconv.Itoa(res.Warnings-1), "legacy-0.3.json"); code != exitFound || !strings.Contains(errOut, "too many warnings: "+n) {
		t.Errorf("over --max-warnings: exit %d, %q", code, errOut)
	}
	if _, _, code := runCLI(t, "", "lint", "--max-warnings", n, "legacy-0.3.json"); code != exitOK {
		t.Errorf("at --max-warnings: exit %d", code)
	}
	out, _, _ := runCLI(t, "", "lint", "--quiet", "legacy-0.3.json", "broken-not-json.json")
	if strings.Contains(out, " warning ") || strings.Contains(out, " info ") || !strings.Contains(out, " error json-comment") || strings.Contains(out, "legacy-0.3.json") {
		t.Errorf("--quiet:\n%s", out)
	}
}

// Text, github and markdown columns count characters, so file:line:col
// lands on the finding in an editor on a Chinese card; JSON keeps bytes.
func TestColumnsInCharacters(t *testing.T) {
	inCards(t)
	const name = "broken-duplicate-key-cjk.json"
	src := testcards.Card(t, name)
	doc := jsonpos.Parse(src, jsonpos.Options{})
	out, _, _ := runCLI(t, "", "lint", "--format", "json", name)
	text, _, _ := runCLI(t, "", "lint", name)
	gh, _, _ := runCLI(t, "", "lint", "--format", "github", name)
	differ := 0
	for _, raw := range decodeLint(t, out).Results[0].Diagnostics {
		var d struct {
			Code  string
			Range lint.Range
		}
		json.Unmarshal(raw, &d)
		s := d.Range.Start
		ls, _ := doc.LineBounds(s.Line)
		if s.Column != s.Offset-ls+1 {
			t.Errorf("%s: JSON column %d is not the byte column %d", d.Code, s.Column, s.Offset-ls+1)
		}
		chars := utf8.RuneCount(src[ls:s.Offset]) + 1
		if chars != s.Column {
			differ++
		}
		if want := name + ":" + strconv.Itoa(s.Line) + ":" + strconv.Itoa(chars) + ": "; !strings.Contains(text, want) {
			t.Errorf("%s: text output lacks %q", d.Code, want)
		}
		if want := "line=" + strconv.Itoa(s.Line) + ",col=" + strconv.Itoa(chars) + ","; !strings.Contains(gh, want) {
			t.Errorf("%s: github output lacks %q", d.Code, want)
		}
	}
	if differ == 0 {
		t.Error("no finding of the CJK card sits after a Chinese character; the test shows nothing")
	}
}

// HTTP findings of a fetched card have no place in it: text and github
// output show none (no 1:1, no excerpt of line 1).
func TestHTTPFindingsWithoutPlace(t *testing.T) {
	body := []byte(testCard("Invoice Helper", "https://invoices.example.com/a2a"))
	useDoer(t, discovery.DoerFunc(func(context.Context, *discovery.Request) (*discovery.Response, error) {
		return &discovery.Response{Status: 200, Body: body, Header: http.Header{"Content-Type": {"text/plain"}}}, nil
	}))
	text, _, _ := runCLI(t, "", "lint", "agent.example.com")
	gh, _, _ := runCLI(t, "", "lint", "--format", "github", "agent.example.com")
	httpLines := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, " http-") {
			httpLines++
			if !strings.HasPrefix(l, "agent.example.com: ") {
				t.Errorf("an HTTP finding with a place: %q", l)
			}
		}
	}
	if httpLines == 0 || strings.Contains(text, "    1 | {") {
		t.Errorf("text output of a served card:\n%s", text)
	}
	for _, l := range strings.Split(gh, "\n") {
		if strings.Contains(l, "title=http-") && (strings.Contains(l, "line=") || strings.Contains(l, "file=") || !strings.Contains(l, "::agent.example.com: ")) {
			t.Errorf("github annotation of an HTTP finding: %q", l)
		}
	}
}

// github: workflow commands with GitHub's escaping, one per finding.
func TestGitHubEscaping(t *testing.T) {
	if got := ghData("50% done\r\nnext"); got != "50%25 done%0D%0Anext" {
		t.Errorf("ghData: %q", got)
	}
	if got := ghProperty("a:b,c%"); got != "a%3Ab%2Cc%25" {
		t.Errorf("ghProperty: %q", got)
	}
	// a card whose values have percent signs, quoted in the messages
	out, _, _ := runCLI(t, `{"name": "x", "supportedInterfaces": [{"url": "https://a.example.com/100%zz", "protocolBinding": "JsonRpc%", "protocolVersion": "1.0"}]}`, "lint", "--format", "github", "-")
	re := regexp.MustCompile(`^::(error|warning|notice) (line=\d+,(col=\d+,(endColumn=\d+,)?|endLine=\d+,))?title=[a-z0-9-]+::[^\n]*$`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		if !re.MatchString(l) {
			t.Errorf("not a workflow command: %q", l)
		}
	}
	if !strings.Contains(out, `100%25zz`) || strings.Contains(out, "100%zz") {
		t.Errorf("%% not escaped:\n%s", out)
	}
}

// github: file paths as the pull request names them.
func TestGitHubPaths(t *testing.T) {
	ws := t.TempDir()
	t.Setenv("GITHUB_WORKSPACE", ws)
	for in, want := range map[string]string{
		"./cards/card.json":                       "cards/card.json",
		filepath.Join(ws, "cards", "card.json"):   "cards/card.json",
		"card.json":                               "card.json",
		filepath.Join(t.TempDir(), "x", "a.json"): "", // outside the workspace: kept absolute
	} {
		got := ghPath(in)
		if want == "" {
			want = filepath.ToSlash(filepath.Clean(in))
		}
		if got != want {
			t.Errorf("ghPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// markdown: text from the card cannot add cells, links or mentions.
func TestMarkdownEscaping(t *testing.T) {
	if got := mdText("a|b [x](y) @team <b>&"); got != `a\|b \[x\](y) &#64;team \<b\>&amp;` {
		t.Errorf("mdText: %q", got)
	}
	out, _, _ := runCLI(t, `{"name": "A | B", "description": 1}`, "lint", "--format", "markdown", "-")
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| ") && strings.Count(strings.ReplaceAll(l, `\|`, ""), "|") != 5 {
			t.Errorf("a row with extra cells: %q", l)
		}
	}
}

func TestGoldenFormats(t *testing.T) {
	inCards(t)
	for _, format := range []string{"github", "junit", "markdown"} {
		t.Run(format, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"lint", "--format", format}, allCards...)...)
			if code != exitFound {
				t.Errorf("exit %d, want %d; stderr: %s", code, exitFound, errOut)
			}
			golden(t, "lint-all."+format, out)
		})
	}
	t.Run("zh-CN", func(t *testing.T) {
		out, _, _ := runCLI(t, "", "lint", "--lang", "zh-CN", "--format", "markdown", "broken-duplicate-key-cjk.json", "broken-not-json.json", "minimal-1.0.json")
		golden(t, "lint-cjk.zh-CN.markdown", out)
		out, _, _ = runCLI(t, "", "lint", "--lang", "zh-CN", "broken-duplicate-key-cjk.json")
		golden(t, "lint-cjk.zh-CN.text", out)
	})
	t.Run("junit-valid", func(t *testing.T) {
		out, _, _ := runCLI(t, "", append([]string{"lint", "--format", "junit"}, allCards...)...)
		var doc junitSuites
		if err := xml.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		failures := 0
		for _, s := range doc.Suites {
			failures += s.Failures
			if s.Timestamp != "2026-12-01T09:30:00" || s.Hostname != "ci-runner" || s.Time == "" {
				t.Errorf("suite %s: timestamp %q, hostname %q, time %q", s.Name, s.Timestamp, s.Hostname, s.Time)
			}
		}
		if len(doc.Suites) != len(allCards) || failures == 0 {
			t.Errorf("%d suites, %d failures", len(doc.Suites), failures)
		}
	})
}

// legacyCards are the sample cards of a legacy or mixed era.
func legacyCards(t *testing.T) []string {
	var out []string
	for _, name := range allCards {
		doc := jsonpos.Parse(testcards.Card(t, name), jsonpos.Options{})
		if len(doc.Problems) > 0 || doc.Root == nil {
			continue
		}
		switch card.Detect(doc.Root).Era {
		case card.Era02, card.Era03, card.EraMixed:
			out = append(out, name)
		}
	}
	if len(out) < 3 {
		t.Fatalf("only %v are legacy sample cards", out)
	}
	return out
}

// legacyURL is the URL a 0.3 client of binding takes from a card's legacy
// half (url + preferredTransport, then additionalInterfaces).
func legacyURL(src []byte, binding string) string {
	for _, it := range card.LegacyInterfaces(jsonpos.Parse(src, jsonpos.Options{}).Root) {
		if it.Binding == binding {
			return it.URL
		}
	}
	return ""
}

func selectedURL(src []byte, profile string) string {
	r := selection.SelectSource(src, selection.MustParseProfile(profile))
	if r.Outcome != selection.Selected {
		return ""
	}
	return r.URL
}

// The invariant of issue 11 through the CLI: every legacy sample card
// migrates to a card without error findings, on which a 1.0 client of
// each binding selects the URL a 0.3 client of that binding got from the
// original (0.2/0.3 cards); a mixed card already sends 1.0 clients
// somewhere, and they are sent there still. --keep-versions keeps the
// legacy version instead, and then the 0.3 client's choice is kept.
func TestMigrateInvariant(t *testing.T) {
	inCards(t)
	for _, name := range legacyCards(t) {
		orig := testcards.Card(t, name)
		mixed := card.Detect(jsonpos.Parse(orig, jsonpos.Options{}).Root).Era == card.EraMixed
		for _, to := range []string{"1.0", "mixed"} {
			out, errOut, code := runCLI(t, "", "migrate", "--to", to, name)
			if code != exitOK {
				t.Errorf("%s --to %s: exit %d, %s", name, to, code, errOut)
				continue
			}
			migrated := []byte(out)
			res := lint.Lint(migrated, lint.Options{})
			for _, d := range res.Diagnostics {
				if d.Severity == lint.Error {
					t.Errorf("%s --to %s: error %s at %s: %s", name, to, d.Code, d.Pointer, d.Message)
				}
			}
			if want := card.Era(to); res.Era != want && !(to == "1.0" && res.Era == card.Era10) {
				t.Errorf("%s --to %s: era %s", name, to, res.Era)
			}
			if !strings.Contains(errOut, name+": migrated from ") {
				t.Errorf("%s: no report on stderr: %q", name, errOut)
			}
			selectedAny := false
			for _, b := range []string{"JSONRPC", "HTTP+JSON", "GRPC"} {
				want, got := selectedURL(orig, b+"@0.3"), selectedURL(migrated, b+"@1.0")
				if mixed {
					// a 1.0 client keeps its entry; one of a binding only the
					// legacy half offered gets the legacy endpoint
					if want = selectedURL(orig, b+"@1.0"); want == "" {
						want = legacyURL(orig, b)
					}
				}
				if want != got {
					t.Errorf("%s --to %s: %s@1.0 selects %q on the migrated card; the original gave %q", name, to, b, got, want)
				}
				selectedAny = selectedAny || want != ""
			}
			if !selectedAny {
				t.Errorf("%s: no 0.3 client selects anything; the invariant shows nothing", name)
			}
		}
		if mixed {
			continue
		}
		out, errOut, _ := runCLI(t, "", "migrate", "--keep-versions", name)
		for _, b := range []string{"JSONRPC", "HTTP+JSON", "GRPC"} {
			if want, got := selectedURL(orig, b+"@0.3"), selectedURL([]byte(out), b+"@0.3"); want != got {
				t.Errorf("%s --keep-versions: %s@0.3 selects %q, got %q", name, b, want, got)
			}
		}
		if strings.Contains(out, `"protocolVersion": "1.0"`) && !strings.Contains(string(orig), `"1.0"`) {
			t.Errorf("%s --keep-versions declared 1.0:\n%s\n%s", name, out, errOut)
		}
	}
}

func TestMigrateCommand(t *testing.T) {
	inCards(t)
	tmp := t.TempDir()
	for _, tc := range []struct {
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{args: []string{"migrate"}, code: exitUsage, stderr: "no INPUT"},
		{args: []string{"migrate", "a.json", "b.json"}, code: exitUsage, stderr: "one INPUT, got 2"},
		{args: []string{"migrate", "--to", "2.0", "legacy-0.3.json"}, code: exitUsage, stderr: `unknown target "2.0"`},
		{args: []string{"migrate", "--write", "-"}, code: exitUsage, stderr: `"-" is not a file`},
		{args: []string{"migrate", "--write", "-o", "x.json", "legacy-0.3.json"}, code: exitUsage, stderr: "not both"},
		{args: []string{"migrate", "nope.json"}, code: exitUsage, stderr: "no such file"},
		{args: []string{"migrate", "broken-not-json.json"}, code: exitFound, stderr: "not migrated: line 2, column 3"},
		{args: []string{"migrate", "not-a-card-mcp.json"}, code: exitFound, stderr: "not an Agent Card"},
		{args: []string{"migrate", "-"}, stdin: string(testcardsLegacy(t)), code: exitOK, stderr: "-: migrated from 0.3 to 1.0"},
		{args: []string{"migrate", "--help"}, code: exitOK},
	} {
		_, errOut, code := runCLI(t, tc.stdin, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want %q)", tc.args, code, tc.code, errOut, tc.stderr)
		}
	}
	// -o writes the card there and nothing to stdout; --write replaces the file
	dest := filepath.Join(tmp, "out.json")
	out, _, code := runCLI(t, "", "migrate", "-o", dest, "legacy-0.3.json")
	written, _ := os.ReadFile(dest)
	if code != exitOK || out != "" || !bytes.Contains(written, []byte(`"supportedInterfaces"`)) {
		t.Errorf("-o: exit %d, stdout %q, file %q", code, out, written)
	}
	copyPath := filepath.Join(tmp, "legacy.json")
	os.WriteFile(copyPath, testcards.Card(t, "legacy-0.3.json"), 0o600)
	if _, _, code := runCLI(t, "", "migrate", "--write", copyPath); code != exitOK {
		t.Errorf("--write: exit %d", code)
	}
	if b, _ := os.ReadFile(copyPath); !bytes.Equal(b, written) {
		t.Errorf("--write did not write what -o wrote")
	}
	if fi, _ := os.Stat(copyPath); fi.Mode().Perm() != 0o600 {
		t.Errorf("--write changed the mode to %v", fi.Mode().Perm())
	}
	// the report in Chinese; the card itself is the same in every language
	zh, errOut, _ := runCLI(t, "", "migrate", "--lang", "zh-CN", "legacy-0.3.json")
	en, _, _ := runCLI(t, "", "migrate", "legacy-0.3.json")
	if zh != en || !strings.Contains(errOut, "已从 0.3 迁移到 1.0") || !strings.Contains(errOut, "改动：") {
		t.Errorf("migrate in Chinese: %q", errOut)
	}
}

func testcardsLegacy(t *testing.T) []byte { return testcards.Card(t, "legacy-0.3.json") }

func TestSchemaCommand(t *testing.T) {
	for _, v := range schema.Versions {
		want, err := schema.Generate(v)
		if err != nil {
			t.Fatal(err)
		}
		out, _, code := runCLI(t, "", "schema", "--version", v)
		if code != exitOK || out != string(want) {
			t.Errorf("schema --version %s: exit %d, output differs from core/schema", v, code)
		}
	}
	if out, _, _ := runCLI(t, "", "schema"); !strings.Contains(out, schema.ID("1.0")) {
		t.Errorf("the default schema is not 1.0's")
	}
	_, errOut, code := runCLI(t, "", "schema", "--version", "0.2")
	if code != exitUsage || !strings.Contains(errOut, `"0.2"`) || !strings.Contains(errOut, "1.0, 0.3") {
		t.Errorf("schema --version 0.2: exit %d, %q", code, errOut)
	}
	if _, _, code := runCLI(t, "", "schema", "card.json"); code != exitUsage {
		t.Errorf("schema with an INPUT: exit %d", code)
	}
}

func TestVersionCommand(t *testing.T) {
	out, _, code := runCLI(t, "", "version")
	if code != exitOK || !strings.HasPrefix(out, "agentcard ") || !strings.Contains(out, "go1.") {
		t.Errorf("version: exit %d, %q", code, out)
	}
}

// agentcard lsp speaks LSP on its standard streams: initialize,
// shutdown and exit give a response each and status 0 (internal/lsp
// tests the protocol itself).
func TestLSPCommand(t *testing.T) {
	frame := func(s string) string { return "Content-Length: " + strconv.Itoa(len(s)) + "\r\n\r\n" + s }
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) +
		frame(`{"jsonrpc":"2.0","method":"exit"}`)
	out, errOut, code := runCLI(t, in, "lsp", "--stdio")
	if code != exitOK || !strings.Contains(out, `"capabilities"`) || !strings.Contains(out, `"id":2`) {
		t.Errorf("lsp: exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	if _, _, code := runCLI(t, frame(`{"jsonrpc":"2.0","method":"exit"}`), "lsp"); code != exitFound {
		t.Errorf("exit without shutdown: status %d, want 1", code)
	}
}

// --fix leaves alone the findings of a rule the project turned off: the
// file keeps what the team chose to keep.
func TestFixHonoursRulesOff(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	card := strings.Replace(testCard("Invoice Desk", "https://invoices.example.com/a2a"), `"protocolVersion": "1.0"`, `"protocolVersion": "1.0.0"`, 1)
	name := filepath.Join(dir, "card.json")
	os.WriteFile(name, []byte(card), 0o644)
	t.Chdir(dir)
	diff, _, _ := runCLI(t, "", "lint", "--diff", "card.json")
	if !strings.Contains(diff, `+  "supportedInterfaces": [{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],`) {
		t.Fatalf("without configuration the version fix is offered; diff:\n%s", diff)
	}
	os.WriteFile(filepath.Join(dir, ".agentcard.yaml"), []byte("rules:\n  interface-version-patch: off\n"), 0o644)
	runCLI(t, "", "lint", "--fix", "card.json")
	b, _ := os.ReadFile(name)
	if string(b) != card {
		t.Errorf("--fix changed a finding of a rule that is off:\n%s", b)
	}
}
