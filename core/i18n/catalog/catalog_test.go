package catalog_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/testcards"
)

// english is every English text a translation must cover: the English
// catalogue files plus the rule and field catalogues' own words.
func english(t *testing.T) map[string]string {
	t.Helper()
	en := catalog.Of(i18n.English)
	m := map[string]string{}
	for _, k := range en.Keys() {
		m[k], _ = en.Lookup(k)
	}
	for k, v := range lint.RuleTexts() {
		m[k] = v
	}
	for k, v := range card.FieldTexts() {
		m[k] = v
	}
	return m
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestTranslationsComplete fails when any English text lacks a Chinese
// translation, when a translation uses other arguments than the English
// (count, order-independent index or verb), when Chinese text has no
// Chinese in it, or when the Chinese catalogue has ids nobody uses.
func TestTranslationsComplete(t *testing.T) {
	en := english(t)
	zh := catalog.Of(i18n.Chinese)
	var missing []string
	for k, v := range en {
		if strings.HasSuffix(k, ".one") {
			if _, ok := en[strings.TrimSuffix(k, ".one")]; !ok {
				t.Errorf("%s: singular form without the plural %s", k, strings.TrimSuffix(k, ".one"))
			}
			continue
		}
		z, ok := zh.Lookup(k)
		if !ok {
			missing = append(missing, k)
			continue
		}
		if i18n.Verbs(z) != i18n.Verbs(v) {
			t.Errorf("%s: Chinese arguments %q differ from English %q\n  en: %s\n  zh: %s", k, i18n.Verbs(z), i18n.Verbs(v), v, z)
		}
		if !hasHan(z) && v != "" {
			t.Errorf("%s: Chinese text has no Chinese: %q", k, z)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d ids have no Chinese translation, first ones:\n  %s", len(missing), strings.Join(missing[:min(40, len(missing))], "\n  "))
	}
	for _, k := range zh.Keys() {
		if _, ok := en[k]; !ok {
			t.Errorf("%s: in the Chinese catalogue but no English text has this id", k)
		}
	}
}

// TestFindingsAreData lints every card in testdata and every rule example
// and checks that each finding, fix title and related label is a
// catalogue message (an id the English catalogue knows), and that its
// Chinese rendering is Chinese.
func TestFindingsAreData(t *testing.T) {
	zh := catalog.Of(i18n.Chinese)
	en := i18n.EnglishCatalogue()
	inputs := map[string][]byte{}
	for _, path := range testcards.Cards(t) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs["testdata/"+filepath.Base(path)] = b
	}
	for _, r := range lint.Rules() {
		if r.External {
			continue
		}
		inputs["rule/"+r.Code+"/bad"] = []byte(lint.ExampleDocument(r.Bad))
		inputs["rule/"+r.Code+"/good"] = []byte(lint.ExampleDocument(r.Good))
	}
	seen := map[string]bool{}
	for name, src := range inputs {
		res := lint.Lint(src, lint.Options{})
		for _, d := range res.Diagnostics {
			key := d.Code + "|" + d.MessageID
			if seen[key] {
				continue
			}
			seen[key] = true
			if d.MessageID == "" || !en.Has(d.MessageID) {
				t.Errorf("%s: %s finding is prose, not a catalogue message: %q", name, d.Code, d.Message)
				continue
			}
			if s := zh.Render(i18n.Text{ID: d.MessageID, Args: d.Args}); !hasHan(s) {
				t.Errorf("%s: %s renders without Chinese: %q", name, d.MessageID, s)
			}
			for _, f := range d.Fixes {
				if f.Text.IsZero() || !en.Has(f.Text.ID) {
					t.Errorf("%s: %s fix title is prose: %q", name, d.Code, f.Title)
				}
			}
			for _, rel := range d.Related {
				if rel.Text.IsZero() || !en.Has(rel.Text.ID) {
					t.Errorf("%s: %s related label is prose: %q", name, d.Code, rel.Message)
				}
			}
		}
	}
}
