package lint

import (
	"strings"
	"testing"
)

// Every rule's bad example must trigger it and its good example must not:
// the catalogue documents what the engine really does.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		if r.External {
			continue
		}
		t.Run(r.Code, func(t *testing.T) {
			if r.Bad == "" {
				t.Fatalf("rule %s has no bad example", r.Code)
			}
			opts := Options{Examples: r.Code != codeExamplePlaceholder}
			bad := Lint([]byte(ExampleDocument(r.Bad)), opts)
			if !hasCode(bad, r.Code) {
				t.Errorf("bad example does not trigger %s:\n%s\nfindings: %v", r.Code, ExampleDocument(r.Bad), codes(bad))
			}
			good := Lint([]byte(ExampleDocument(r.Good)), opts)
			if hasCode(good, r.Code) {
				t.Errorf("good example triggers %s:\n%s\nfindings: %v", r.Code, ExampleDocument(r.Good), good.Diagnostics)
			}
		})
	}
}

func TestRuleCatalogueComplete(t *testing.T) {
	for _, r := range Rules() {
		if r.Explanation == "" || r.HowToFix == "" || r.Spec == "" || r.Topic == "" || r.Bad == "" {
			t.Errorf("rule %s is missing catalogue text", r.Code)
		}
		if topicRank(r.Topic) == len(Topics) {
			t.Errorf("rule %s has unknown topic %q", r.Code, r.Topic)
		}
	}
}

func TestBaseCardsAreClean(t *testing.T) {
	for name, src := range map[string]string{"BaseCard": BaseCard} {
		res := Lint([]byte(src), Options{Examples: true})
		for _, d := range res.Diagnostics {
			if d.Severity != Info {
				t.Errorf("%s: unexpected %s %s: %s", name, d.Severity, d.Code, d.Message)
			}
		}
	}
	res := Lint([]byte(BaseLegacyCard), Options{Examples: true})
	if res.Errors != 0 {
		t.Errorf("BaseLegacyCard has errors: %v", res.Diagnostics)
	}
}

func hasCode(r *Result, code string) bool {
	for _, d := range r.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

func codes(r *Result) []string {
	var out []string
	for _, d := range r.Diagnostics {
		out = append(out, d.Code+"@"+d.Range.Start.String())
	}
	return out
}

// TestMessagesArePlainText: messages are shown as plain text in HTML,
// terminals and editors, so they name fields without Markdown backticks.
func TestMessagesArePlainText(t *testing.T) {
	for _, r := range Rules() {
		if r.External {
			continue
		}
		for _, d := range Lint([]byte(ExampleDocument(r.Bad)), Options{}).Diagnostics {
			if strings.Contains(d.Message, "`") {
				t.Errorf("%s (bad example of %s): message has a backtick: %s", d.Code, r.Code, d.Message)
			}
			for _, f := range d.Fixes {
				if strings.Contains(f.Title, "`") {
					t.Errorf("%s: fix title has a backtick: %s", d.Code, f.Title)
				}
			}
		}
	}
}

// "$schema" at the top of a card is what `agentcard schema --help`
// recommends for editors: no finding above info. Anywhere else, or not a
// string, it is an unknown member like any other.
func TestSchemaMemberAccepted(t *testing.T) {
	withSchema := `{"$schema": "https://agentcard.dev/schema/1.0/agent-card.json",` + BaseCard[1:]
	res := Lint([]byte(withSchema), Options{Examples: true})
	for _, d := range res.Diagnostics {
		if d.Severity != Info {
			t.Errorf("$schema: %s %s: %s", d.Severity, d.Code, d.Message)
		}
	}
	nested := strings.Replace(BaseCard, `"capabilities": {}`, `"capabilities": {"$schema": "x"}`, 1)
	if nested == BaseCard {
		t.Fatal("BaseCard has no capabilities object")
	}
	if !hasCode(Lint([]byte(nested), Options{}), "unknown-field") {
		t.Error("$schema inside capabilities is not reported")
	}
	number := `{"$schema": 1,` + BaseCard[1:]
	if !hasCode(Lint([]byte(number), Options{}), "unknown-field") {
		t.Error("a $schema that is not a string is not reported")
	}
}
