// Package sharedcards finds the project's shared test material (sample
// cards, JSON Schemas, docs). CI clones the repository with ../shared beside
// it, read-only; tests that need it skip when it is absent.
package sharedcards

import (
	"os"
	"path/filepath"
	"sort"
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

// Dir returns <root>/../shared, or "" when it does not exist.
func Dir() string {
	root := Root()
	if root == "" {
		return ""
	}
	dir := filepath.Join(root, "..", "shared")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return filepath.Clean(dir)
}

// Require returns the shared directory, or skips the test when it is
// missing.
func Require(tb testing.TB) string {
	tb.Helper()
	dir := Dir()
	if dir == "" {
		tb.Skip("../shared is not next to the repository; skipping tests that need the shared cards")
	}
	return dir
}

// Cards returns the paths of every sample card (shared/cards/*.json),
// sorted, skipping the test when the shared directory is missing.
func Cards(tb testing.TB) []string {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(Require(tb), "cards", "*.json"))
	if err != nil || len(paths) == 0 {
		tb.Skip("no sample cards in ../shared/cards")
	}
	sort.Strings(paths)
	return paths
}

// Card reads one sample card by file name, skipping the test when the
// shared directory is missing and failing it when the file is.
func Card(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(Require(tb), "cards", name))
	if err != nil {
		tb.Fatalf("read sample card: %v", err)
	}
	return b
}
