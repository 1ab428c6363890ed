package main

import "time"

// JUnit reports say when and where they were made; the tests fix both so
// that the goldens are reproducible.
func init() {
	fixed := time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)
	clock = func() time.Time { return fixed }
	hostname = func() (string, error) { return "ci-runner", nil }
}
