package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/internal/toolchain"
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

// The pages' modules build from site/ and node_modules with code
// splitting: the playground's module loads playground.js (samples inlined
// as text) with a dynamic import, and the lesson's editor and the
// playground share the CodeMirror chunk. The head script and the engine's
// worker are classic scripts.
func TestBundle(t *testing.T) {
	b := testBuilder(t)
	toolchain.NodeModule(t, b.root, "codemirror")
	if err := b.bundleModules(pageModules); err != nil {
		t.Fatal(err)
	}
	read := func(public string) string {
		data, err := os.ReadFile(filepath.Join(b.out, filepath.FromSlash(strings.TrimPrefix(public, "/"))))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	main, lesson := b.modules["site/editor/main.js"], b.modules["site/learn/js/lesson.js"]
	if len(read(main.Path)) > 4<<10 {
		t.Errorf("the playground's module is %d bytes; it should only wait and import", len(read(main.Path)))
	}
	var editorCode string
	for _, f := range main.Lazy {
		if s := read(f); strings.Contains(s, "Timesheet Checker") {
			editorCode = s
		}
	}
	if editorCode == "" {
		t.Error("samples are not in the playground's chunks")
	}
	shared := 0
	for _, f := range main.Lazy {
		if slices.Contains(lesson.Lazy, f) && strings.Contains(read(f), "cm-content") {
			shared++
		}
	}
	if shared != 1 {
		t.Errorf("%d CodeMirror chunks shared by the playground and the lesson's editor, want 1", shared)
	}
	// The playground preloads what shows the text and its first findings,
	// not CodeMirror: that comes on the reader's first intent.
	if len(main.Next) == 0 {
		t.Error("the playground's module loads nothing at once")
	}
	for _, f := range append(append([]string(nil), main.Imports...), main.Next...) {
		if strings.Contains(read(f), "cm-content") {
			t.Errorf("the playground loads CodeMirror at once (%s)", f)
		}
	}
	for _, f := range lesson.Imports {
		if strings.Contains(read(f), "cm-content") {
			t.Errorf("a lesson page loads CodeMirror at once (%s)", f)
		}
	}
	for _, entry := range []string{"site/editor/boot.js", "site/editor/worker.js"} {
		js, err := b.bundle(entry)
		if err != nil {
			t.Fatal(err)
		}
		if s := string(js); strings.Contains(s, "import ") && strings.Contains(s, ` from "`) {
			t.Errorf("%s still has ES module imports", entry)
		}
	}
	if w, _ := b.bundle("site/editor/worker.js"); !strings.Contains(string(w), "importScripts") {
		t.Error("the engine worker does not load wasm_exec.js")
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

// TestColdPackagesLinked: every package of coldPackages is linked into the
// editor wasm or its verifier build. An entry for a package the editor no
// longer links (regexp/syntax, once the scanners replaced the regexps)
// changes nothing and misleads whoever reads the list.
func TestColdPackagesLinked(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	linked := map[string]bool{}
	for _, tags := range []string{"", "verifier"} {
		cmd := exec.Command("go", "list", "-tags", tags, "-deps", "./wasm/editor")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags %q -deps ./wasm/editor: %v", tags, err)
		}
		for _, p := range strings.Fields(string(out)) {
			linked[p] = true
		}
	}
	for _, p := range coldPackages {
		if !linked[p] {
			t.Errorf("coldPackages names %s, which the editor does not link", p)
		}
	}
}
