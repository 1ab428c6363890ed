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
