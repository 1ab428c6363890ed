package main

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// Every rule page states its basis and links each reference to the
// published text: A2A references to a section anchor of the version they
// name, SDK references to a file of a tagged release.
func TestRulePagesShowBasis(t *testing.T) {
	for _, r := range lint.Rules() {
		d := ruleDoc(r)
		if d.BasisKind == "" || d.BasisLabel == "" {
			t.Errorf("%s: no basis on its page", r.Code)
		}
		if len(d.Refs) != len(r.Refs) {
			t.Errorf("%s: %d references on the page, %d in the catalogue", r.Code, len(d.Refs), len(r.Refs))
		}
		for i, ref := range d.Refs {
			src := r.Refs[i]
			switch {
			case !strings.HasPrefix(ref.URL, "https://"):
				t.Errorf("%s: %s links to %q", r.Code, ref.Text, ref.URL)
			case src.Doc == "A2A" && !strings.Contains(ref.URL, "/v"+strings.TrimSuffix(src.Version, ".0")) && !strings.Contains(ref.URL, "/latest/"):
				t.Errorf("%s: %s links to %q, not to version %s", r.Code, ref.Text, ref.URL, src.Version)
			case src.Doc == "A2A" && !strings.Contains(ref.URL, "#"):
				t.Errorf("%s: %s has no section anchor", r.Code, ref.Text)
			}
		}
	}
}
