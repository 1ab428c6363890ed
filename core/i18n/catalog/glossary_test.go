package catalog_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
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
	// AvoidRe are regular expressions (Go syntax) a Chinese text must not
	// match, for an avoided word that is a prefix of the right one
	// (扩展卡 but not 扩展卡片).
	AvoidRe []string `json:"avoidRe"`
	// AvoidWithEn are words a catalogue text must not use when the
	// English text of the same id matches Re: 问题 is a fine word for a
	// problem, but not for what the English calls a finding.
	AvoidWithEn *struct {
		Re    string   `json:"re"`
		Words []string `json:"words"`
	} `json:"avoidWithEn"`
	Note string `json:"note"`
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
		for _, r := range term.AvoidRe {
			re, err := regexp.Compile(r)
			if err != nil {
				out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): avoidRe "+r+": "+err.Error())
			} else if re.MatchString(term.Zh) {
				out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): avoidRe "+r+" matches its own zh")
			}
		}
		if w := term.AvoidWithEn; w != nil {
			if _, err := regexp.Compile(w.Re); err != nil || len(w.Words) == 0 {
				out = append(out, "term "+strconv.Itoa(i)+" ("+en+"): avoidWithEn needs a valid re and words")
			}
		}
	}
	return out
}

// avoidedWords lists, for one Chinese text, every avoided word it uses, as
// "word (for term; use zh)".
func avoidedWords(terms []glossaryTerm, text string) []string {
	return avoidedWordsEn(terms, text, "")
}

// avoidedWordsEn is avoidedWords for a catalogue text whose English (the
// same id's) is en, so the words avoided only beside an English word are
// checked too.
func avoidedWordsEn(terms []glossaryTerm, text, en string) []string {
	var out []string
	for _, term := range terms {
		for _, w := range term.Avoid {
			if w != "" && strings.Contains(text, w) {
				out = append(out, w+" (for "+term.En+"; use "+term.Zh+")")
			}
		}
		for _, r := range term.AvoidRe {
			re, err := regexp.Compile(r)
			if err != nil {
				continue // reported by glossaryProblems
			}
			if m := re.FindString(text); m != "" {
				out = append(out, strings.TrimSpace(m)+" (for "+term.En+"; use "+term.Zh+")")
			}
		}
		if w := term.AvoidWithEn; w != nil && en != "" {
			if re, err := regexp.Compile(w.Re); err == nil && re.MatchString(en) {
				for _, word := range w.Words {
					if strings.Contains(text, word) {
						out = append(out, word+" (for "+term.En+", as the English says; use "+term.Zh+")")
					}
				}
			}
		}
	}
	return out
}

// TestGlossary keeps the Chinese catalogue and course to one word per
// concept: it fails when any Chinese text (every id of every zh-CN
// catalogue file, every line of every lesson under site/learn/zh) uses a
// word the glossary says to avoid, or when the glossary itself is
// malformed. The synthetic cases prove both checks can fail.
func TestGlossary(t *testing.T) {
	terms := loadGlossary(t)

	t.Run("checks", func(t *testing.T) {
		synthetic := []glossaryTerm{
			{En: "endpoint", Zh: "服务地址", Avoid: []string{"端点"}},
			{En: "credential", Zh: "凭据", Avoid: []string{"凭证"}},
		}
		finding := glossaryTerm{En: "finding", Zh: "检查结果"}
		finding.AvoidWithEn = &struct {
			Re    string   `json:"re"`
			Words []string `json:"words"`
		}{Re: `(?i)\bfindings?\b`, Words: []string{"问题"}}
		cases := []struct {
			name  string
			terms []glossaryTerm
			text  string
			en    string   // the English of the same catalogue id
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
			{name: "avoided prefix", terms: []glossaryTerm{{En: "extended card", Zh: "扩展卡片", AvoidRe: []string{"扩展卡(?:[^片]|$)"}}}, text: "读取扩展卡。", want: []string{"扩展卡。 (for extended card; use 扩展卡片)"}},
			{name: "avoided prefix at the end", terms: []glossaryTerm{{En: "extended card", Zh: "扩展卡片", AvoidRe: []string{"扩展卡(?:[^片]|$)"}}}, text: "读取扩展卡", want: []string{"扩展卡 (for extended card; use 扩展卡片)"}},
			{name: "right word, not its prefix", terms: []glossaryTerm{{En: "extended card", Zh: "扩展卡片", AvoidRe: []string{"扩展卡(?:[^片]|$)"}}}, text: "读取扩展卡片。"},
			{name: "word avoided beside an English word", terms: []glossaryTerm{finding}, en: "3 findings", text: "3 个问题", want: []string{"问题 (for finding, as the English says; use 检查结果)"}},
			{name: "the same word elsewhere", terms: []glossaryTerm{finding}, en: "the card has a problem", text: "卡片有问题"},
			{name: "bad regular expression", terms: []glossaryTerm{{En: "x", Zh: "甲", AvoidRe: []string{"("}}}, bad: 1},
			{name: "regular expression matching its own zh", terms: []glossaryTerm{{En: "x", Zh: "甲乙", AvoidRe: []string{"甲"}}}, bad: 1},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got := avoidedWordsEn(tc.terms, tc.text, tc.en)
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

	t.Run("Chinese course", func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join("..", "..", "..", "site", "learn", "zh", "*.md"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Chinese lessons under site/learn/zh (%v)", err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for n, line := range strings.Split(string(data), "\n") {
				if words := avoidedWords(terms, line); len(words) > 0 {
					t.Errorf("%s:%d uses %s: %s", filepath.Base(f), n+1, strings.Join(words, ", "), line)
				}
			}
		}
	})

	t.Run("zh-CN catalogue", func(t *testing.T) {
		zh, en := catalog.Of(i18n.Chinese), catalog.Of(i18n.English)
		keys := zh.Keys()
		if len(keys) == 0 {
			t.Fatal("the Chinese catalogue is empty")
		}
		sort.Strings(keys)
		for _, k := range keys {
			text, _ := zh.Lookup(k)
			english, _ := en.Lookup(k)
			if words := avoidedWordsEn(terms, text, english); len(words) > 0 {
				t.Errorf("%s uses %s: %s", k, strings.Join(words, ", "), text)
			}
		}
	})
}
