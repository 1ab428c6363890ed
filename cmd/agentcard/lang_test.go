package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/companiontest"
	"github.com/agentcard/agentcard/internal/testcards"
)

// TestMain clears the locale variables: the goldens and every test that
// does not ask for a language expect English, whatever the machine's
// locale. Tests that need a locale set it with t.Setenv. It builds the
// companion agentcard-a2a and points $AGENTCARD_A2A at it, so that the
// gRPC probe and the a2a-go row run through the real child process.
func TestMain(m *testing.M) {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		os.Unsetenv(k)
	}
	if os.Getenv(b26ChildFile) != "" {
		// the child of TestB26OtherUsersFile, run as nobody, needs no
		// companion (and could not build one)
		os.Exit(m.Run())
	}
	os.Exit(companiontest.Main(m.Run))
}

// b26ChildFile names the file TestB26Child runs `lint --fix` on, in the
// copy of this test binary that TestB26OtherUsersFile starts as nobody.
const b26ChildFile = "AGENTCARD_B26_FILE"

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// lintJSON is the part of `lint --format json` these tests read.
type lintJSON struct {
	Results []struct {
		Input       string            `json:"input"`
		Diagnostics []json.RawMessage `json:"diagnostics"`
	} `json:"results"`
}

type finding struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	MessageID string `json:"messageId"`
	URL       string `json:"url"`
	Fixes     []struct {
		Title string `json:"title"`
	} `json:"fixes"`
	Related []struct {
		Message string `json:"message"`
	} `json:"related"`
}

func decodeLint(t *testing.T, out string) lintJSON {
	t.Helper()
	var doc lintJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return doc
}

// Done-when check of the Chinese CLI: every finding on every sample card
// has a Chinese message (and Chinese fix titles and related labels), and
// its url is the rule's Chinese page.
func TestLangLintChineseEveryCard(t *testing.T) {
	for _, path := range testcards.Cards(t) {
		out, errOut, code := runCLI(t, "", "lint", "--lang", "zh-CN", "--format", "json", path)
		if code == exitUsage {
			t.Fatalf("%s: exit %d: %s", path, code, errOut)
		}
		for _, raw := range decodeLint(t, out).Results[0].Diagnostics {
			var f finding
			if err := json.Unmarshal(raw, &f); err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path) + ": " + f.Code
			if !hasHan(f.Message) {
				t.Errorf("%s: message is not Chinese: %q (%s)", name, f.Message, f.MessageID)
			}
			if f.URL != lint.RuleURLIn(i18n.Chinese, f.Code) {
				t.Errorf("%s: url %q, want the Chinese rule page", name, f.URL)
			}
			for _, fx := range f.Fixes {
				if !hasHan(fx.Title) {
					t.Errorf("%s: fix title is not Chinese: %q", name, fx.Title)
				}
			}
			for _, r := range f.Related {
				if !hasHan(r.Message) {
					t.Errorf("%s: related label is not Chinese: %q", name, r.Message)
				}
			}
		}
	}
}

// The language changes words only: English and Chinese JSON have the same
// findings with the same members, codes, ranges, ids and arguments.
func TestLangJSONSameShape(t *testing.T) {
	inCards(t)
	en, _, _ := runCLI(t, "", append([]string{"lint", "--format", "json"}, allCards...)...)
	zh, _, _ := runCLI(t, "", append([]string{"lint", "--format", "json", "--lang", "zh-CN"}, allCards...)...)
	e, z := decodeLint(t, en), decodeLint(t, zh)
	if len(e.Results) != len(z.Results) {
		t.Fatalf("%d results in English, %d in Chinese", len(e.Results), len(z.Results))
	}
	words := map[string]bool{"message": true, "title": true, "url": true}
	for i := range e.Results {
		if len(e.Results[i].Diagnostics) != len(z.Results[i].Diagnostics) {
			t.Fatalf("%s: %d findings in English, %d in Chinese", e.Results[i].Input, len(e.Results[i].Diagnostics), len(z.Results[i].Diagnostics))
		}
		for j := range e.Results[i].Diagnostics {
			var a, b any
			json.Unmarshal(e.Results[i].Diagnostics[j], &a)
			json.Unmarshal(z.Results[i].Diagnostics[j], &b)
			if d := sameShape(a, b, words, ""); d != "" {
				t.Errorf("%s finding %d: %s", e.Results[i].Input, j, d)
			}
			var f finding
			json.Unmarshal(e.Results[i].Diagnostics[j], &f)
			if f.URL != lint.RuleURL(f.Code) {
				t.Errorf("%s: English url %q, want %q", f.Code, f.URL, lint.RuleURL(f.Code))
			}
		}
	}
}

// sameShape compares two decoded JSON values, ignoring the values (not
// the presence) of members named in words; it returns the first
// difference.
func sameShape(a, b any, words map[string]bool, at string) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return at + ": members differ"
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok {
				return at + "/" + k + ": missing in Chinese"
			}
			if words[k] {
				if _, isStr := w.(string); isStr {
					continue
				}
			}
			if d := sameShape(v, w, words, at+"/"+k); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return at + ": lists differ"
		}
		for i := range x {
			if d := sameShape(x[i], y[i], words, at); d != "" {
				return d
			}
		}
		return ""
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		return at + ": " + string(ja) + " vs " + string(jb)
	}
	return ""
}

// Done-when check: `rules --lang zh-CN --format json` gives every rule a
// Chinese title, explanation and how-to-fix, and its Chinese page.
func TestLangRulesChinese(t *testing.T) {
	out, errOut, code := runCLI(t, "", "rules", "--lang", "zh-CN", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Rules []struct {
			Code        string `json:"code"`
			Title       string `json:"title"`
			Explanation string `json:"explanation"`
			HowToFix    string `json:"howToFix"`
			HelpURI     string `json:"helpUri"`
		} `json:"rules"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Rules) != len(lint.Rules()) {
		t.Fatalf("%d rules, want %d", len(doc.Rules), len(lint.Rules()))
	}
	for _, r := range doc.Rules {
		for part, s := range map[string]string{"title": r.Title, "explanation": r.Explanation, "howToFix": r.HowToFix} {
			if !hasHan(s) {
				t.Errorf("%s: %s is not Chinese: %q", r.Code, part, s)
			}
		}
		if r.HelpURI != lint.RuleURLIn(i18n.Chinese, r.Code) {
			t.Errorf("%s: helpUri %q", r.Code, r.HelpURI)
		}
	}
}

// The field catalogue's explanations in Chinese.
func TestLangFieldsChinese(t *testing.T) {
	out, _, code := runCLI(t, "", "fields", "--format", "json", "--lang", "zh-CN")
	var doc struct {
		Fields []struct {
			Object, Name, Doc string
		} `json:"fields"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitOK || len(doc.Fields) == 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	for _, f := range doc.Fields {
		if !hasHan(f.Doc) {
			t.Errorf("%s.%s: doc is not Chinese: %q", f.Object, f.Name, f.Doc)
		}
	}
	text, _, _ := runCLI(t, "", "fields", "--lang", "zh-CN")
	if !strings.Contains(text, "必填") {
		t.Errorf("fields text in Chinese does not say which fields are required:\n%.300s", text)
	}
}

// The locale variables choose the language when --lang is absent, in
// POSIX order; --lang overrides them.
func TestLangFromEnvironment(t *testing.T) {
	inCards(t)
	for _, tc := range []struct {
		name              string
		lcAll, lcMsg, lng string
		args              []string
		chinese           bool
	}{
		{name: "LANG Chinese", lng: "zh_CN.UTF-8", chinese: true},
		{name: "LC_MESSAGES before LANG", lcMsg: "zh_CN.UTF-8", lng: "en_US.UTF-8", chinese: true},
		{name: "LC_ALL before the rest", lcAll: "C", lng: "zh_CN.UTF-8", chinese: false},
		{name: "no locale", chinese: false},
		{name: "--lang over LANG", lng: "zh_CN.UTF-8", args: []string{"--lang", "en"}, chinese: false},
		{name: "--lang= over LANG", lng: "en_US.UTF-8", args: []string{"--lang=zh-CN"}, chinese: true},
		{name: "--lang before the command", lng: "en_US.UTF-8", args: []string{"BEFORE", "--lang", "zh"}, chinese: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("LC_ALL", tc.lcAll)
			t.Setenv("LC_MESSAGES", tc.lcMsg)
			t.Setenv("LANG", tc.lng)
			args := []string{"lint", "broken-common-mistakes.json"}
			if len(tc.args) > 0 && tc.args[0] == "BEFORE" {
				args = append(tc.args[1:], args...)
			} else {
				args = append(args, tc.args...)
			}
			out, errOut, code := runCLI(t, "", args...)
			if code != exitFound {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			last := strings.TrimSpace(out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:])
			if got := hasHan(last); got != tc.chinese {
				t.Errorf("summary %q: Chinese = %v, want %v", last, got, tc.chinese)
			}
			if tc.chinese && !strings.Contains(out, " 错误 ") {
				t.Errorf("severity word not in Chinese:\n%.400s", out)
			}
		})
	}
}

// An unknown --lang is a usage error that names the languages, on every
// subcommand; every subcommand accepts --lang.
func TestLangFlagEverySubcommand(t *testing.T) {
	inCards(t)
	for _, cmd := range [][]string{
		{"lint", "minimal-1.0.json"},
		{"select", "--client", "JSONRPC@1.0", "seed-three-interfaces.json"},
		{"rules"},
		{"rules", "json-duplicate-key"},
		{"fields"},
	} {
		_, errOut, code := runCLI(t, "", append(cmd, "--lang", "fr")...)
		if code != exitUsage || !strings.Contains(errOut, `"fr"`) || !strings.Contains(errOut, "en, zh-CN") {
			t.Errorf("%v --lang fr: exit %d, stderr %q", cmd, code, errOut)
		}
		for _, l := range []string{"en", "zh-CN"} {
			out, errOut, code := runCLI(t, "", append(cmd, "--lang", l)...)
			if code == exitUsage || out == "" {
				t.Errorf("%v --lang %s: exit %d, stderr %q", cmd, l, code, errOut)
			}
			if hasHan(out) != (l == "zh-CN") {
				t.Errorf("%v --lang %s: output Chinese = %v:\n%.300s", cmd, l, hasHan(out), out)
			}
		}
		help, _, code := runCLI(t, "", cmd[0], "--help", "--lang", "zh-CN")
		if code != exitOK || !strings.HasPrefix(help, "用法") {
			t.Errorf("%s --help --lang zh-CN: exit %d:\n%.200s", cmd[0], code, help)
		}
	}
	if _, errOut, code := runCLI(t, "", "--lang", "de", "lint", "minimal-1.0.json"); code != exitUsage || !strings.Contains(errOut, "zh-CN") {
		t.Errorf("--lang de before the command: exit %d, %q", code, errOut)
	}
	// usage errors and the top-level usage speak the language too
	_, errOut, code := runCLI(t, "", "lint", "--lang", "zh-CN")
	if code != exitUsage || !hasHan(errOut) {
		t.Errorf("lint without INPUT in Chinese: exit %d, %q", code, errOut)
	}
	_, errOut, _ = runCLI(t, "", "--lang", "zh-CN")
	if !strings.HasPrefix(errOut, "agentcard 用于") {
		t.Errorf("usage in Chinese: %.100s", errOut)
	}
	_, errOut, _ = runCLI(t, "", "select", "--lang", "zh-CN", "--client", "JSONRPC", "seed-three-interfaces.json")
	if !hasHan(errOut) || !strings.Contains(errOut, `"JSONRPC"`) {
		t.Errorf("profile error in Chinese: %q", errOut)
	}
}

// select in Chinese: the trace's reasons and the outcome's message.
func TestLangSelectChinese(t *testing.T) {
	inCards(t)
	out, _, code := runCLI(t, "", "select", "--lang", "zh-CN", "--format", "json", "--client", "GRPC@1.0,HTTP+JSON@1.0", "seed-three-interfaces.json")
	var res struct {
		Outcome, Message string
		Trace            []struct{ Decision, Reason string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != exitOK || res.Outcome != "selected" || len(res.Trace) == 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if !hasHan(res.Message) {
		t.Errorf("message %q", res.Message)
	}
	for _, st := range res.Trace {
		if !hasHan(st.Reason) || hasHan(st.Decision) {
			t.Errorf("step %+v: the reason is Chinese, the decision a code", st)
		}
	}
	text, _, _ := runCLI(t, "", "select", "--lang", "zh-CN", "--client", "GRPC@1.0", "seed-three-interfaces.json")
	if !strings.Contains(text, "已选中") || !strings.Contains(text, "跳过") {
		t.Errorf("select text in Chinese:\n%s", text)
	}
}

// SARIF in Chinese: results, related locations, rules and every helpUri.
func TestLangSARIFChinese(t *testing.T) {
	name := writeRelatedCard(t)
	out, _, _ := runCLI(t, "", "lint", "--format", "sarif", "--lang", "zh-CN", name)
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if !strings.HasSuffix(run.Tool.Driver.InformationURI, "/zh/") {
		t.Errorf("informationUri %q", run.Tool.Driver.InformationURI)
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.HelpURI != lint.RuleURLIn(i18n.Chinese, r.ID) || !hasHan(r.ShortDescription.Text) || !hasHan(r.Help.Text) {
			t.Errorf("rule %s: %q %q %q", r.ID, r.HelpURI, r.ShortDescription.Text, r.Help.Text)
		}
	}
	related := 0
	for _, res := range run.Results {
		if !hasHan(res.Message.Text) {
			t.Errorf("%s: message %q", res.RuleID, res.Message.Text)
		}
		for _, rl := range res.RelatedLocations {
			related++
			if rl.Message == nil || !hasHan(rl.Message.Text) {
				t.Errorf("%s: related location message %+v", res.RuleID, rl.Message)
			}
		}
	}
	if related == 0 {
		t.Error("no related location in the duplicate-key card's SARIF")
	}
}

// Remote inputs in Chinese: a fetch failure (with its hint), the finding a
// 404 amounts to, and the HTTP findings of a served card. The network is
// a Doer that answers from memory.
func TestLangRemoteChinese(t *testing.T) {
	d := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		switch {
		case strings.HasPrefix(r.URL, "https://down.example.com/"):
			return nil, discovery.ErrNoSuchHost
		case strings.HasPrefix(r.URL, "https://bare.example.com/"):
			return &discovery.Response{Status: 200, Header: http.Header{}, Body: []byte(`{"name": "Bare"}`)}, nil
		}
		return &discovery.Response{Status: 404, StatusText: "Not Found", Header: http.Header{}}, nil
	})
	useDoer(t, d)
	_, errOut, code := runCLI(t, "", "lint", "--lang", "zh-CN", "down.example.com")
	if code != exitUsage || !strings.Contains(errOut, "无法解析") || !strings.Contains(errOut, "DNS") {
		t.Errorf("unreachable host in Chinese, with its hint: exit %d, %q", code, errOut)
	}
	for _, host := range []string{"missing.example.com", "bare.example.com"} {
		out, _, _ := runCLI(t, "", "lint", "--lang", "zh-CN", "--format", "json", host)
		n := 0
		for _, raw := range decodeLint(t, out).Results[0].Diagnostics {
			var f finding
			json.Unmarshal(raw, &f)
			if !strings.HasPrefix(f.Code, "http-") {
				continue
			}
			n++
			if !hasHan(f.Message) || f.MessageID == "" || f.URL != lint.RuleURLIn(i18n.Chinese, f.Code) {
				t.Errorf("%s: %s: %q (%s, %s)", host, f.Code, f.Message, f.MessageID, f.URL)
			}
		}
		if n == 0 {
			t.Errorf("%s: no HTTP finding", host)
		}
	}
	out, _, code := runCLI(t, "", "select", "--lang", "zh-CN", "--format", "json", "--client", "JSONRPC@1.0", "missing.example.com")
	var res struct{ Outcome, Message string }
	json.Unmarshal([]byte(out), &res)
	if code != exitFound || res.Outcome != "invalid-card" || !strings.HasPrefix(res.Message, "无法读取任何卡片") || !strings.Contains(res.Message, "404") {
		t.Errorf("select on a missing card in Chinese: exit %d, %+v", code, res)
	}
}

// A clean card in Chinese: no half-width space before the full-width
// parenthesis of the era.
func TestLintCleanChineseSpacing(t *testing.T) {
	src := strings.Replace(string(testcards.Card(t, "minimal-1.0.json")), `"tags": ["expenses", "receipts"]`,
		`"tags": ["expenses", "receipts"], "examples": ["File this receipt"]`, 1)
	path := filepath.Join(t.TempDir(), "clean.json")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// the sample card lives on example.net: the local profile accepts it
	out, _, code := runCLI(t, "", "lint", "--profile", "local", "--lang", "zh-CN", path)
	if code != 0 || !strings.Contains(out, "没有发现问题（") || strings.Contains(out, " （") {
		t.Errorf("exit %d: %q", code, out)
	}
	en, _, _ := runCLI(t, "", "lint", "--profile", "local", "--lang", "en", path)
	if !strings.Contains(en, "no problems found (era 1.0)") {
		t.Errorf("English: %q", en)
	}
}
