// Package testcards finds the project's own test material: the sample
// cards under testdata/cards and the published JSON Schemas under
// testdata/spec (see testdata/README.md). It lives in the repository, so a
// test that needs it fails when it is missing instead of skipping: a clone
// from a code host tests exactly as much as CI does.
package testcards

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Root returns the repository root: the nearest directory, from the working
// directory up, that holds go.mod. It returns "" when there is none.
func Root() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Dir returns <root>/testdata, or "" outside the repository.
func Dir() string {
	root := Root()
	if root == "" {
		return ""
	}
	dir := filepath.Join(root, "testdata")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return dir
}

// Require returns the testdata directory and fails the test when it is
// missing: it is part of the repository, so its absence is a broken
// checkout, not an optional fixture.
func Require(tb testing.TB) string {
	tb.Helper()
	dir := Dir()
	if dir == "" {
		tb.Fatal("testdata/ is missing from the repository root; the sample cards and schemas are part of the repository")
	}
	return dir
}

// Cards returns the paths of every sample card (testdata/cards/*.json),
// sorted.
func Cards(tb testing.TB) []string {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(Require(tb), "cards", "*.json"))
	if err != nil || len(paths) == 0 {
		tb.Fatal("no sample cards in testdata/cards")
	}
	sort.Strings(paths)
	return paths
}

// Card reads one sample card by file name.
func Card(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(Require(tb), "cards", name))
	if err != nil {
		tb.Fatalf("read sample card: %v", err)
	}
	return b
}

// Sized is the sample card full-1.0.json grown to at least size bytes with
// realistic skills (English with a little Chinese): the card the
// playground's browser benchmark types into and the lint benchmarks
// measure, so both speak of the same 100 KB card.
func Sized(tb testing.TB, size int) string {
	tb.Helper()
	base := string(Card(tb, "full-1.0.json"))
	if len(base) >= size {
		return base
	}
	var skills []string
	for i := 0; ; i++ {
		skills = append(skills, fmt.Sprintf(`    {"id": "route-plan-%d", "name": "Route plan %d", "description": "Plans delivery route %d for one depot so that every van returns before the workshop closes; 路线 %d.", "tags": ["routes", "fleet"], "examples": ["Plan route %d for tomorrow"]}`, i, i, i, i, i))
		if len(base)+len(strings.Join(skills, ",\n")) >= size {
			break
		}
	}
	i := strings.LastIndex(base, "]")
	return base[:i] + "  ,\n" + strings.Join(skills, ",\n") + "\n  " + base[i:]
}
