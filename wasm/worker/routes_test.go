package main

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestRoutesRunWorkerFirst: wrangler.toml's run_worker_first covers every
// route of the table (otherwise a static asset, or the site's 404,
// answers first), and each of its patterns covers a route of the table
// (a stale pattern would keep its paths from their assets). A prefix
// route counts for its paths with an id; an exact route for itself.
func TestRoutesRunWorkerFirst(t *testing.T) {
	b, err := os.ReadFile("../../wrangler.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^run_worker_first\s*=\s*\[(.*)\]`).FindSubmatch(b)
	if m == nil {
		t.Fatal("wrangler.toml has no run_worker_first list")
	}
	var patterns []string
	for _, f := range strings.Split(string(m[1]), ",") {
		p, err := strconv.Unquote(strings.TrimSpace(f))
		if err != nil {
			t.Fatalf("run_worker_first entry %s: %v", f, err)
		}
		patterns = append(patterns, p)
	}
	// a path a route answers, and one it stands for in the patterns
	sample := func(rt workerRoute) string {
		if rt.prefix {
			return rt.path + "abcdefghijklmnop"
		}
		return rt.path
	}
	covers := func(pattern, path string) bool {
		if base, ok := strings.CutSuffix(pattern, "*"); ok {
			return strings.HasPrefix(path, base)
		}
		return pattern == path
	}
	for _, rt := range routes {
		p := sample(rt)
		if !slices.ContainsFunc(patterns, func(pat string) bool { return covers(pat, p) }) {
			t.Errorf("route %s: no run_worker_first pattern covers %s", rt.path, p)
		}
		if got := routeOf(p); got == nil || got.path != rt.path {
			t.Errorf("%s is not answered by its route %s", p, rt.path)
		}
	}
	for _, pat := range patterns {
		if !slices.ContainsFunc(routes, func(rt workerRoute) bool { return covers(pat, sample(rt)) }) {
			t.Errorf("run_worker_first pattern %q covers no route of the table", pat)
		}
	}
}
