package fix

import (
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// Each count in the summary takes its own singular or plural: "1 fix
// applied; 2 findings left", never "1 findings left".
func TestSummaryPlurals(t *testing.T) {
	en := i18n.EnglishCatalogue()
	cases := []struct {
		name            string
		applied, remain int
		want            string
	}{
		{"one-and-many", 1, 2, "1 fix applied; 2 findings left"},
		{"many-and-one", 3, 1, "3 fixes applied; 1 finding left"},
		{"none-left", 2, 0, "2 fixes applied; 0 findings left"},
		{"nothing-to-fix", 0, 1, "nothing to fix; 1 finding left"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Result{Stable: true, Applied: make([]Applied, c.applied), Remaining: make([]lint.Diagnostic, c.remain)}
			if got := en.Render(r.Summary()); got != c.want {
				t.Errorf("summary = %q, want %q", got, c.want)
			}
		})
	}
}

// A code Skip accepts keeps its fixes: nothing of it is applied, and its
// fix left on offer does not make the result unstable.
func TestApplySkip(t *testing.T) {
	tried := 0
	for _, r := range lint.Rules() {
		if r.External || r.Bad == "" {
			continue
		}
		src := []byte(lint.ExampleDocument(r.Bad))
		all, err := Apply(src, lint.Lint, Options{})
		if err != nil || len(all.Applied) == 0 || all.Applied[0].Code != r.Code {
			continue
		}
		tried++
		skip := func(code string) bool { return code == r.Code }
		got, err := Apply(src, lint.Lint, Options{Skip: skip})
		if err != nil {
			t.Fatalf("%s: %v", r.Code, err)
		}
		for _, a := range got.Applied {
			if a.Code == r.Code {
				t.Errorf("%s: fix applied although skipped", r.Code)
			}
		}
		if all.Stable && !got.Stable {
			t.Errorf("%s: skipped fixes count as fixes on offer", r.Code)
		}
		if tried == 5 {
			break
		}
	}
	if tried == 0 {
		t.Fatal("no rule example with a fix of its own code")
	}
}
