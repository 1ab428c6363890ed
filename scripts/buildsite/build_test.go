package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func testBuilder(t *testing.T) *builder {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	return &builder{root: root, out: out, stage: out, work: t.TempDir()}
}

func TestWriteHashed(t *testing.T) {
	b := testBuilder(t)
	p1, err := b.writeHashed("assets/editor.js", []byte("a"))
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := b.writeHashed("assets/editor.js", []byte("b"))
	if !regexp.MustCompile(`^/assets/editor\.[0-9a-f]{10}\.js$`).MatchString(p1) || p1 == p2 {
		t.Fatalf("hashed names %q %q", p1, p2)
	}
	if data, err := os.ReadFile(filepath.Join(b.out, p1)); err != nil || string(data) != "a" {
		t.Fatalf("content %q %v", data, err)
	}
}

// The editor bundle builds from site/ and node_modules, as one classic
// script with the samples inlined as text.
func TestBundle(t *testing.T) {
	b := testBuilder(t)
	if _, err := os.Stat(filepath.Join(b.root, "node_modules", "codemirror")); err != nil {
		t.Skip("node_modules not installed (npm ci)")
	}
	js, err := b.bundle("site/editor/main.js")
	if err != nil {
		t.Fatal(err)
	}
	if w, err := b.bundle("site/editor/worker.js"); err != nil || !strings.Contains(string(w), "importScripts") {
		t.Errorf("engine worker bundle: %v", err)
	}
	s := string(js)
	if strings.Contains(s, "import ") && strings.Contains(s, ` from "`) {
		t.Error("bundle still has ES module imports")
	}
	if !strings.Contains(s, "Timesheet Checker") {
		t.Error("samples are not in the bundle")
	}
}

func TestPretty(t *testing.T) {
	cases := map[string]string{
		`"a": 1, "b": [true]`:   "\"a\": 1,\n\"b\": [\n  true\n]",
		`{"a":1}`:               "{\n  \"a\": 1\n}",
		"{// comment\n\"a\":1}": "{// comment\n\"a\":1}",
		"":                      "",
	}
	for in, want := range cases {
		if got := pretty(in); got != want {
			t.Errorf("pretty(%q) = %q, want %q", in, got, want)
		}
	}
}
