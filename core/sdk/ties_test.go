package sdk

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

// Claims are tests (docs/RULES.md, "Claims about clients"): every sentence
// of a rule's words (explanation, how to fix, basis note) and of a lesson
// that says what an SDK or "clients" do is either a statement of the
// specification (it cites a section, names the specification or uses its
// requirement words) or it carries a claim: a fragment of the sentence
// tied to a claim of Claims(), whose check (claims_test.go) runs the
// real SDK or the models. These tests fail for a sentence that is
// neither, for a claim fragment the text no longer holds, and for a claim
// id the registry does not know.

var (
	clientWordsEn = regexp.MustCompile(`(?i)\b(a2a-go|a2a-python|a2a-js|sdks?|clients?|client librar(?:y|ies)|(?:card|json|protojson|plain json|1\.0|0\.3) readers?)\b`)
	toolWordsEn   = regexp.MustCompile(`(?i)client (simulator|profiles?)|--sdk\b|--client\b`)
	specWordsEn   = regexp.MustCompile(`§|\b[Ss]pecification\b|\bMUST\b|\bSHOULD\b|\bMAY\b|\bREQUIRED\b|\bRFC \d+|\bproto\b`)
	clientWordsZh = regexp.MustCompile(`客户端|SDK|a2a-go|a2a-python|a2a-js|读取器`)
	toolWordsZh   = regexp.MustCompile(`客户端模拟器|客户端配置|--sdk\b`)
	specWordsZh   = regexp.MustCompile(`§|规范|MUST|SHOULD|MAY|REQUIRED|RFC ?\d+|proto`)
)

// aboutClients reports whether a sentence says what clients or SDKs do
// (and is not a statement of the specification).
func aboutClients(l i18n.Lang, s string) bool {
	if l == i18n.Chinese {
		s = toolWordsZh.ReplaceAllString(s, "")
		return clientWordsZh.MatchString(s) && !specWordsZh.MatchString(s)
	}
	s = toolWordsEn.ReplaceAllString(s, "")
	return clientWordsEn.MatchString(s) && !specWordsEn.MatchString(s)
}

var (
	mdLink    = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	fence     = regexp.MustCompile("(?s)```.*?```")
	sentEndEn = regexp.MustCompile(`[.!?]["”)]?\s+`)
	sentEndZh = regexp.MustCompile(`[。！？；]`)
)

// sentences splits prose (Markdown or plain text) into sentences: code
// blocks and headings dropped, links reduced to their text, list items
// and table rows taken one by one. The items of a list introduced by a
// paragraph that states the specification and ends with a colon ("§8.3.2
// says clients MUST follow these steps:") carry that statement: they
// are marked as the specification's.
func sentences(l i18n.Lang, text string) []string {
	text = fence.ReplaceAllString(text, "")
	var blocks []string
	var cur []string
	inherit, inList := false, false
	flush := func() {
		if len(cur) > 0 {
			b := strings.Join(cur, " ")
			if inList && inherit {
				b = "§ " + b
			}
			blocks = append(blocks, b)
			cur = nil
		}
	}
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		item := strings.HasPrefix(t, "- ") || len(t) > 2 && t[0] >= '0' && t[0] <= '9' && t[1] == '.'
		switch {
		case t == "":
			flush()
		case strings.HasPrefix(t, "#"):
			flush()
		case item || strings.HasPrefix(t, "|"):
			if !inList && len(cur) > 0 {
				p := strings.Join(cur, " ")
				inherit = (strings.HasSuffix(p, ":") || strings.HasSuffix(p, "：")) && (specWordsEn.MatchString(p) || specWordsZh.MatchString(p))
			} else if !inList && len(blocks) > 0 {
				p := blocks[len(blocks)-1]
				inherit = (strings.HasSuffix(p, ":") || strings.HasSuffix(p, "：")) && (specWordsEn.MatchString(p) || specWordsZh.MatchString(p))
			}
			flush()
			inList = true
			cur = append(cur, t)
			if strings.HasPrefix(t, "|") {
				flush()
			}
		default:
			if !inList || len(cur) == 0 {
				inList, inherit = false, false
			}
			cur = append(cur, t)
		}
	}
	flush()
	var out []string
	for _, b := range blocks {
		b = mdLink.ReplaceAllString(b, "$1")
		split := sentEndEn
		if l == i18n.Chinese {
			split = sentEndZh
		}
		marked := strings.HasPrefix(b, "§ ")
		for _, s := range split.Split(b, -1) {
			if s = strings.TrimSpace(s); s != "" {
				if marked && !strings.HasPrefix(s, "§") {
					s = "§ " + s
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// untied lists the sentences of text about clients that hold none of
// the fragments.
func untied(l i18n.Lang, text string, fragments []string) []string {
	var out []string
	for _, s := range sentences(l, text) {
		if !aboutClients(l, s) {
			continue
		}
		tied := false
		for _, f := range fragments {
			if f != "" && strings.Contains(normSpace(s), normSpace(f)) {
				tied = true
			}
		}
		if !tied {
			out = append(out, s)
		}
	}
	return out
}

func normSpace(s string) string {
	return strings.Join(strings.Fields(mdLink.ReplaceAllString(s, "$1")), " ")
}

func knownClaims() map[string]bool {
	m := map[string]bool{}
	for _, c := range Claims() {
		m[c.ID] = true
	}
	return m
}

// ruleClaim ties one sentence of a rule's words to a claim of the
// registry: the claim's id and a fragment of the sentence in each
// language (the English of the rule's literal or basis note, the Chinese
// of the catalogue's rule.<code>.* entry). The ties live in
// testdata/rule-claims.json, beside the test that reads them, so that no
// program carries them.
type ruleClaim struct {
	ID string `json:"id"`
	En string `json:"en"`
	Zh string `json:"zh"`
}

func ruleClaims(t *testing.T) map[string][]ruleClaim {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "rule-claims.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string][]ruleClaim
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("testdata/rule-claims.json: %v", err)
	}
	return m
}

// TestRuleClaimsTied: every rule's sentences about clients, in every
// language, are statements of the specification or carry a claim; every
// claim a rule lists exists and its fragment is in the rule's words.
func TestRuleClaimsTied(t *testing.T) {
	known := knownClaims()
	ties := ruleClaims(t)
	zh := catalog.Of(i18n.Chinese)
	for code := range ties {
		if lint.RuleFor(code) == nil {
			t.Errorf("testdata/rule-claims.json: no rule %s", code)
		}
	}
	for _, r := range lint.Rules() {
		for _, l := range i18n.Langs() {
			rl := *r
			if l != i18n.English {
				rl = r.Localized(zh)
			}
			text := strings.Join([]string{rl.Explanation, rl.HowToFix, rl.Basis.Note}, "\n\n")
			var frags []string
			for _, c := range ties[r.Code] {
				f := c.En
				if l == i18n.Chinese {
					f = c.Zh
				}
				frags = append(frags, f)
				if !known[c.ID] {
					t.Errorf("%s: claim %s is not in the registry (core/sdk Claims)", r.Code, c.ID)
				}
				if f == "" || !strings.Contains(normSpace(text), normSpace(f)) {
					t.Errorf("%s (%s): claim %s: the words no longer hold %q", r.Code, l, c.ID, f)
				}
			}
			for _, s := range untied(l, text, frags) {
				t.Errorf("%s (%s): a sentence about clients is neither the specification's nor tied to a claim: %q", r.Code, l, s)
			}
		}
	}
}

// lessonClaim is one entry of a lesson's `claims:` front matter.
type lessonClaim struct {
	ID   string `yaml:"id"`
	Text string `yaml:"text"`
}

// TestCourseClaimsTied: the same for every page of the course, English
// and Chinese; both languages tie the same claims.
func TestCourseClaimsTied(t *testing.T) {
	known := knownClaims()
	dir := filepath.Join("..", "..", "site", "learn")
	ids := map[string]map[i18n.Lang][]string{}
	for _, l := range i18n.Langs() {
		sub := "en"
		if l == i18n.Chinese {
			sub = "zh"
		}
		files, err := filepath.Glob(filepath.Join(dir, sub, "*.md"))
		if err != nil || len(files) < 14 {
			t.Fatalf("%s: %d pages (%v)", sub, len(files), err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			front, body := splitFront(t, f, data)
			var fm struct {
				Claims []lessonClaim `yaml:"claims"`
			}
			if err := yaml.Unmarshal(front, &fm); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			var frags []string
			name := filepath.Base(f)
			if ids[name] == nil {
				ids[name] = map[i18n.Lang][]string{}
			}
			for _, c := range fm.Claims {
				frags = append(frags, c.Text)
				ids[name][l] = append(ids[name][l], c.ID)
				if !known[c.ID] {
					t.Errorf("%s: claim %s is not in the registry (core/sdk Claims)", f, c.ID)
				}
				if c.Text == "" || !strings.Contains(normSpace(string(body)), normSpace(c.Text)) {
					t.Errorf("%s: claim %s: the page no longer holds %q", f, c.ID, c.Text)
				}
			}
			for _, s := range untied(l, string(body), frags) {
				t.Errorf("%s: a sentence about clients is neither the specification's nor tied to a claim: %q", f, s)
			}
		}
	}
	for name, by := range ids {
		en, zh := uniq(by[i18n.English]), uniq(by[i18n.Chinese])
		if strings.Join(en, " ") != strings.Join(zh, " ") {
			t.Errorf("%s: English ties %v, Chinese %v", name, en, zh)
		}
	}
}

func uniq(ids []string) []string {
	m := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !m[id] {
			m[id] = true
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

func splitFront(t *testing.T, name string, data []byte) ([]byte, []byte) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(data, []byte("---\n")) {
		t.Fatalf("%s: no front matter", name)
	}
	rest := data[4:]
	end := bytes.Index(rest, []byte("\n---\n"))
	if end < 0 {
		t.Fatalf("%s: front matter not closed", name)
	}
	return rest[:end+1], rest[end+5:]
}

// TestDetectorCatches: the checks above can fail.
func TestDetectorCatches(t *testing.T) {
	for _, tc := range []struct {
		l    i18n.Lang
		text string
		want int
	}{
		{i18n.English, "Clients compare bindings exactly.", 1},
		{i18n.English, "§8.3.2: clients take the first entry they support.", 0},
		{i18n.English, "a2a-js looks bindings up in any letter case.", 1},
		{i18n.English, "Type a profile into the client simulator.", 0},
		{i18n.Chinese, "客户端会严格比较绑定。", 1},
		{i18n.Chinese, "按照规范，客户端取第一个条目。", 0},
		{i18n.English, "# What clients do", 0},
		{i18n.English, "§8.3.2 says clients MUST:\n\n1. take the first entry the client supports.\n2. send its tenant.", 0},
		{i18n.English, "Clients are odd:\n\n1. the client re-sorts the list.", 2},
	} {
		if got := len(untied(tc.l, tc.text, nil)); got != tc.want {
			t.Errorf("%q: %d untied, want %d", tc.text, got, tc.want)
		}
	}
	if got := untied(i18n.English, "a2a-js looks bindings up in any letter case.", []string{"looks bindings up in any letter case"}); len(got) != 0 {
		t.Errorf("a tied sentence is reported: %v", got)
	}
}
