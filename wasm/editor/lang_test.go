package main

import (
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/selection"
)

// The Chinese catalogue reaches the engine as the site's asset does: one
// JSON text (tests may import the catalogues; the wasm does not).
func chineseJSON(t *testing.T) string {
	t.Helper()
	b, err := catalog.JSON(i18n.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// english puts the engine back in English after a test that changed it.
func english(t *testing.T) {
	t.Cleanup(func() {
		if r := SetLanguage("en", ""); r.Error != "" || r.Lang != "en" {
			t.Errorf("back to English: %+v", r)
		}
	})
}

// TestSetLanguageChinese: after setLanguage("zh-CN", catalogue) every
// finding, fix title, related label, rule, field explanation and trace
// reason is the engine's own data rendered in Chinese, rule links lead to
// the Chinese rule pages, and setLanguage("en") brings English back.
func TestSetLanguageChinese(t *testing.T) {
	english(t)
	src := sharedCard(t, "broken-common-mistakes.json")
	dup := sharedCard(t, "broken-duplicate-key-cjk.json")
	enLint := Lint(src)

	r := SetLanguage("zh-CN", chineseJSON(t))
	if r.Error != "" || r.Lang != "zh-CN" || r.Messages < 100 {
		t.Fatalf("setLanguage: %+v", r)
	}
	zh := catalog.Of(i18n.Chinese)
	for _, in := range [][]byte{src, dup} {
		want := lint.Lint(in, lint.Options{})
		want.Localize(zh)
		got := Lint(in)
		if len(got.Diagnostics) != len(want.Diagnostics) || len(got.Diagnostics) == 0 {
			t.Fatalf("%d findings, want %d", len(got.Diagnostics), len(want.Diagnostics))
		}
		for i, d := range got.Diagnostics {
			w := want.Diagnostics[i]
			if d.Code != w.Code || d.Message != w.Message {
				t.Errorf("finding %d: %s %q, want %s %q", i, d.Code, d.Message, w.Code, w.Message)
			}
			if !hasHan(d.Message) {
				t.Errorf("%s: message without Chinese: %q", d.Code, d.Message)
			}
			if d.URL != "/zh/rules/"+d.Code+"/" {
				t.Errorf("%s: url %q", d.Code, d.URL)
			}
			for j, f := range d.Fixes {
				if f.Title != w.Fixes[j].Title || !hasHan(f.Title) {
					t.Errorf("%s: fix title %q, want %q in Chinese", d.Code, f.Title, w.Fixes[j].Title)
				}
			}
			for j, rel := range d.Related {
				if rel.Message != w.Related[j].Message || !hasHan(rel.Message) {
					t.Errorf("%s: related label %q", d.Code, rel.Message)
				}
			}
		}
	}

	rules := Rules()
	for i, rule := range lint.Rules() {
		l := rule.Localized(zh)
		if rules[i].Title != l.Title || rules[i].HowToFix != l.HowToFix || !hasHan(rules[i].Title) {
			t.Errorf("rule %s: title %q, want %q", rule.Code, rules[i].Title, l.Title)
		}
	}
	if !strings.Contains(RulesJSON(), rules[0].Title) {
		t.Error("RulesJSON is not the Chinese rule list")
	}
	chineseDocs := 0
	for _, f := range Fields() {
		if hasHan(f.Doc) {
			chineseDocs++
		}
	}
	if chineseDocs < len(Fields())/2 {
		t.Errorf("only %d of %d field explanations are Chinese", chineseDocs, len(Fields()))
	}

	sel := Select(sharedCard(t, "seed-three-interfaces.json"), "HTTP+JSON@1.0")
	want := selection.Select(jsonpos.Parse(sharedCard(t, "seed-three-interfaces.json"), jsonpos.Options{}), mustProfile(t, "HTTP+JSON@1.0"))
	want.Localize(zh)
	if sel.Message != want.Message || !hasHan(sel.Message) {
		t.Errorf("select message %q, want %q", sel.Message, want.Message)
	}
	for i, s := range sel.Trace {
		if s.Reason != want.Trace[i].Reason || !hasHan(s.Reason) {
			t.Errorf("trace %d: %q, want %q", i, s.Reason, want.Trace[i].Reason)
		}
	}
	if bad := Select(src, "JSONRPC"); bad.Error == "" || !hasHan(bad.Error) {
		t.Errorf("profile error %q is not Chinese", bad.Error)
	}
	if f := Format([]byte(`{"a": 1,}`)); f.Code != "syntax" || !hasHan(f.Error) {
		t.Errorf("format refusal %+v is not Chinese", f)
	}

	// Back to English: the same answers as before the switch.
	if r := SetLanguage("en", ""); r.Error != "" || r.Lang != "en" {
		t.Fatalf("setLanguage en: %+v", r)
	}
	again := Lint(src)
	for i, d := range again.Diagnostics {
		if d.Message != enLint.Diagnostics[i].Message || d.URL != enLint.Diagnostics[i].URL {
			t.Errorf("%s after English again: %q %s", d.Code, d.Message, d.URL)
		}
	}
	if Rules()[0].Title != lint.Rules()[0].Title {
		t.Errorf("rules stayed Chinese: %q", Rules()[0].Title)
	}
}

func mustProfile(t *testing.T, s string) selection.Profile {
	t.Helper()
	p, err := selection.ParseProfile(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSetLanguageRefused: a catalogue that is not a JSON object of ids to
// texts, a missing one, or a language the checker does not speak is
// refused with a message naming the problem, and the engine keeps
// speaking English.
func TestSetLanguageRefused(t *testing.T) {
	english(t)
	src := sharedCard(t, "broken-common-mistakes.json")
	before := Lint(src)
	cases := []struct{ name, lang, catalogue, says string }{
		{"not JSON", "zh-CN", "{not json", "not a JSON object"},
		{"an array", "zh-CN", `["msg.x"]`, "not a JSON object"},
		{"numbers for texts", "zh-CN", `{"msg.x": 1}`, "not a JSON object"},
		{"null", "zh-CN", "null", "no messages"},
		{"empty object", "zh-CN", "{}", "no messages"},
		{"no catalogue", "zh-CN", "", "no catalogue"},
		{"traditional Chinese", "zh-TW", chineseJSON(t), "not one the checker speaks"},
		{"unknown language", "fr", chineseJSON(t), "not one the checker speaks"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := SetLanguage(c.lang, c.catalogue)
			if r.Error == "" || !strings.Contains(r.Error, c.says) {
				t.Errorf("error %q, want one saying %q", r.Error, c.says)
			}
			if r.Lang != "en" {
				t.Errorf("lang = %q, want en kept", r.Lang)
			}
			after := Lint(src)
			for i, d := range after.Diagnostics {
				if d.Message != before.Diagnostics[i].Message {
					t.Errorf("%s: message changed to %q", d.Code, d.Message)
				}
			}
		})
	}
}

// TestSetLanguageSpellings: the language is read as browsers and systems
// write it.
func TestSetLanguageSpellings(t *testing.T) {
	english(t)
	cat := chineseJSON(t)
	for _, s := range []string{"zh", "zh-CN", "zh-Hans", "zh_CN.UTF-8"} {
		if r := SetLanguage(s, cat); r.Lang != "zh-CN" || r.Error != "" {
			t.Errorf("%s: %+v", s, r)
		}
	}
	for _, s := range []string{"en", "en-GB", "EN"} {
		if r := SetLanguage(s, ""); r.Lang != "en" || r.Error != "" {
			t.Errorf("%s: %+v", s, r)
		}
	}
}
