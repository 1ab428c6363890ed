package hostile

import (
	"regexp"
	"testing"
)

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9.]+)*$`)

func TestCases(t *testing.T) {
	cases := Cases()
	if len(cases) != 33 {
		t.Errorf("%d cases, want 33", len(cases))
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("duplicate name %q", c.Name)
		}
		seen[c.Name] = true
		if !kebab.MatchString(c.Name) {
			t.Errorf("name %q is not kebab-case", c.Name)
		}
		if len(c.Data) > MaxBytes {
			t.Errorf("%s: %d bytes, above the parser's limit of %d", c.Name, len(c.Data), MaxBytes)
		}
		if len(c.Data) == 0 {
			t.Errorf("%s: empty", c.Name)
		}
	}
}

// TestDeterministic guards the comparisons between runs: the same call gives
// the same bytes.
func TestDeterministic(t *testing.T) {
	a, b := Cases(), Cases()
	for i := range a {
		if string(a[i].Data) != string(b[i].Data) {
			t.Errorf("%s differs between calls", a[i].Name)
		}
	}
}
