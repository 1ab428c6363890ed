package catalog_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// glossaryTerm is one concept of core/i18n/glossary.json: its English,
// the one Chinese word translators use for it, and the Chinese words that
// must not stand for it.
type glossaryTerm struct {
	En    string   `json:"en"`
	Zh    string   `json:"zh"`
	Avoid []string `json:"avoid"`
	Note  string   `json:"note"`
}

type glossaryFile struct {
	Terms []glossaryTerm `json:"terms"`
}

// loadGlossary reads the glossary from the source tree (it is a file for
// translators, not compiled into any program).
func loadGlossary(t *testing.T) []glossaryTerm {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "glossary.json"))
	if err != nil {
		t.Fatalf("reading the glossary: %v", err)
	}
	var g glossaryFile
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("glossary.json is not valid: %v", err)
	}
	if len(g.Terms) == 0 {
		t.Fatal("glossary.json has no terms")
	}
	return g.Terms
}

// glossaryProblems checks a glossary on its own: every term has English
// and Chinese, no English term appears twice, and no term lists its own
// Chinese word as one to avoid (a translator could then satisfy neither).
func glossaryProblems(terms []glossaryTerm) []string {
	var out []string
	seen := map[string]int{}
	for i, term := range terms {
		en := strings.TrimSpace(term.En)
		if en == "" {
			out = append(out, "term "+strconv.Itoa(i)+": no en")
		}
		if strings.TrimSpace(term.Zh) == "" {
			out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): no zh")
		}
		key := strings.ToLower(en)
		if j, dup := seen[key]; dup && en != "" {
			out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): same en as term "+strconv.Itoa(j))
		} else {
			seen[key] = i
		}
		for _, w := range term.Avoid {
			if strings.TrimSpace(w) == "" {
				out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): empty avoid entry")
			} else if strings.Contains(term.Zh, w) {
				out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): avoids "+w+", which its own zh contains")
			}
		}
	}
	return out
}

// avoidedWords lists, for one Chinese text, every avoided word it uses, as
// "word (for term; use zh)".
func avoidedWords(terms []glossaryTerm, text string) []string {
	var out []string
	for _, term := range terms {
		for _, w := range term.Avoid {
			if w != "" && strings.Contains(text, w) {
				out = append(out, w+" (for "+term.En+"; use "+term.Zh+")")
			}
		}
	}
	return out
}

// TestGlossary keeps the Chinese catalogue to one word per concept: it
// fails when any Chinese text (every id of every zh-CN catalogue file)
// uses a word the glossary says to avoid, or when the glossary itself is
// malformed. The synthetic cases prove both checks can fail.
func TestGlossary(t *testing.T) {
	terms := loadGlossary(t)

	t.Run("checks", func(t *testing.T) {
		synthetic := []glossaryTerm{
			{En: "endpoint", Zh: "服务地址", Avoid: []string{"端点"}},
			{En: "credential", Zh: "凭据", Avoid: []string{"凭证"}},
		}
		cases := []struct {
			name  string
			terms []glossaryTerm
			text  string
			want  []string // avoided words found in text
			bad   int      // glossary problems expected
		}{
			{name: "clean text", terms: synthetic, text: "请检查服务地址和凭据。"},
			{name: "one avoided word", terms: synthetic, text: "请检查端点。", want: []string{"端点 (for endpoint; use 服务地址)"}},
			{name: "two avoided words", terms: synthetic, text: "端点需要凭证", want: []string{"端点 (for endpoint; use 服务地址)", "凭证 (for credential; use 凭据)"}},
			{name: "missing zh", terms: []glossaryTerm{{En: "agent"}}, bad: 1},
			{name: "missing en", terms: []glossaryTerm{{Zh: "代理"}}, bad: 1},
			{name: "duplicate en", terms: []glossaryTerm{{En: "agent", Zh: "代理"}, {En: "Agent", Zh: "智能体"}}, bad: 1},
			{name: "avoids its own word", terms: []glossaryTerm{{En: "agent", Zh: "代理", Avoid: []string{"代理"}}}, bad: 1},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got := avoidedWords(tc.terms, tc.text)
				if strings.Join(got, "|") != strings.Join(tc.want, "|") {
					t.Errorf("avoidedWords(%q) = %q, want %q", tc.text, got, tc.want)
				}
				if p := glossaryProblems(tc.terms); len(p) != tc.bad {
					t.Errorf("glossaryProblems = %q, want %d problems", p, tc.bad)
				}
			})
		}
	})

	t.Run("glossary", func(t *testing.T) {
		for _, p := range glossaryProblems(terms) {
			t.Error(p)
		}
	})

	t.Run("zh-CN catalogue", func(t *testing.T) {
		zh := catalog.Of(i18n.Chinese)
		keys := zh.Keys()
		if len(keys) == 0 {
			t.Fatal("the Chinese catalogue is empty")
		}
		sort.Strings(keys)
		for _, k := range keys {
			text, _ := zh.Lookup(k)
			if words := avoidedWords(terms, text); len(words) > 0 {
				t.Errorf("%s uses %s: %s", k, strings.Join(words, ", "), text)
			}
		}
	})
}
