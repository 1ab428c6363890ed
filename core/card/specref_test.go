package card

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// specTable reads testdata/spec/sections/v<version>.txt: the real headings
// of one specification version (its first line names the source).
func specTable(t *testing.T, version string) map[string][2]string {
	t.Helper()
	name := "v" + version + ".txt"
	f, err := os.Open(filepath.Join("..", "..", "testdata", "spec", "sections", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][2]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("%s: malformed line %q", name, line)
		}
		if cols[0] != "" {
			out[cols[0]] = [2]string{cols[1], cols[2]}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// SpecTables loads every version's table, for this package's and other
// packages' reference tests.
func specTables(t *testing.T) map[string]map[string][2]string {
	return map[string]map[string][2]string{
		Spec10: specTable(t, Spec10), Spec030: specTable(t, Spec030), Spec026: specTable(t, Spec026),
	}
}

// Every cited section must exist in the version it names, with the title
// and anchor the published text has: a section number taken from the
// wrong version, or renumbered by a new release, fails here.
func TestSpecSectionsMatchTestdata(t *testing.T) {
	tables := specTables(t)
	for _, row := range SpecSections() {
		v, sec, title, anchor := row[0], row[1], row[2], row[3]
		got, ok := tables[v][sec]
		switch {
		case !ok:
			t.Errorf("v%s has no section %s", v, sec)
		case got[0] != title || got[1] != anchor:
			t.Errorf("v%s §%s is %q (#%s), table says %q (#%s)", v, sec, got[0], got[1], title, anchor)
		}
	}
}

// CheckRefs reports references that name an unknown section or carry no
// link; the rule and field catalogue tests call it.
func CheckRefs(refs []Ref) []string {
	var bad []string
	for _, r := range refs {
		switch {
		case r.URL == "":
			bad = append(bad, r.String()+": no link")
		case r.Doc == "A2A" && r.Title == "":
			bad = append(bad, "A2A v"+r.Version+" §"+r.Section+": not a cited section")
		}
	}
	return bad
}

func TestFieldRefs(t *testing.T) {
	for _, f := range Fields() {
		if len(f.Refs) == 0 {
			t.Errorf("%s.%s has no reference", f.Object, f.Name)
		}
		for _, p := range CheckRefs(f.Refs) {
			t.Errorf("%s.%s: %s", f.Object, f.Name, p)
		}
		if f.In&V10 == 0 && hasVersion(f.Refs, Spec10) && !hasVersion(f.Refs, Spec030) && !hasVersion(f.Refs, Spec026) {
			t.Errorf("%s.%s is a legacy field but cites only 1.0 sections", f.Object, f.Name)
		}
		if f.In&V10 != 0 && !hasVersion(f.Refs, Spec10) {
			t.Errorf("%s.%s exists in 1.0 but cites no 1.0 section", f.Object, f.Name)
		}
	}
}

func hasVersion(refs []Ref, v string) bool {
	for _, r := range refs {
		if r.Doc == "A2A" && r.Version == v {
			return true
		}
	}
	return false
}

func TestSpecRefURL(t *testing.T) {
	tests := []struct {
		name, version, section, want string
	}{
		{"1.0 section", Spec10, "4.4.6", "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
		{"1.0.1-only section links latest", Spec10, "5.8", "https://a2a-protocol.org/latest/specification/#58-custom-binding-identification"},
		{"0.3 section", Spec030, "5.6.1", "https://a2a-protocol.org/v0.3.0/specification/#561-main-url-and-preferred-transport"},
		{"0.2 section", Spec026, "5.3", "https://a2a-protocol.org/v0.2.6/specification/#53-recommended-location"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SpecRef(tc.version, tc.section).URL; got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	if got := SpecRef(Spec10, "5.9"); got.Title != "" || len(CheckRefs([]Ref{got})) != 1 {
		t.Errorf("§5.9 does not exist in 1.0 but was accepted: %+v", got)
	}
}
