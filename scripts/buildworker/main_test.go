package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

const (
	catalogPkg = "github.com/agentcard/agentcard/core/i18n/catalog"
	chinesePkg = catalogPkg + "/zh-CN"
)

// deps lists the packages the js/wasm build of ./wasm/worker links, with
// the given build tags.
func deps(t *testing.T, tags string) map[string]bool {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-tags="+tags, "./wasm/worker")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	m := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		m[p] = true
	}
	return m
}

// TestBundleLeavesChineseOut: the Worker's bundle, built as buildworker
// builds it, links the catalogue package but not the Chinese files (the
// Worker reads them from its static assets); without the tag it would
// link them, so the tag is what keeps them out.
func TestBundleLeavesChineseOut(t *testing.T) {
	if !strings.Contains(strings.Join(goBuild(programs("build")[0], "app.wasm", ""), " "), "-tags="+buildTags) {
		t.Fatalf("the build command does not use the tags %q", buildTags)
	}
	worker := deps(t, buildTags)
	if !worker[catalogPkg] {
		t.Fatalf("the Worker does not link %s: this test lists the wrong program", catalogPkg)
	}
	if worker[chinesePkg] {
		t.Errorf("the Worker's bundle links %s", chinesePkg)
	}
	if !deps(t, "")[chinesePkg] {
		t.Errorf("without -tags=%s the Worker does not link %s either: the test proves nothing", buildTags, chinesePkg)
	}
}

// TestCheckerColdLinked: every package the checker compiles without
// inlining is one it links, and the build command names each (a stale
// entry would only lengthen the command; a missing flag would cost the
// bundle its size).
func TestCheckerColdLinked(t *testing.T) {
	checker := programs("build")[0]
	cmd := strings.Join(goBuild(checker, "app.wasm", ""), " ")
	worker := deps(t, buildTags)
	for _, p := range checker.cold {
		if !worker[p] {
			t.Errorf("%s is not linked by the checker: drop it from checkerCold", p)
		}
		if !strings.Contains(cmd, "-gcflags="+p+"=-l") {
			t.Errorf("the build command does not compile %s without inlining", p)
		}
	}
}

// TestWriteCatalogues: the Worker's copy of every language but English
// is written at catalog.AssetPath, is what catalog.JSON gives, and reads
// back as that language's catalogue.
func TestWriteCatalogues(t *testing.T) {
	site := t.TempDir()
	if err := writeCatalogues(site); err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		p := filepath.Join(site, filepath.FromSlash(catalog.AssetPath(l)))
		got, err := os.ReadFile(p)
		if l == i18n.English {
			if err == nil {
				t.Errorf("English is compiled in, but %s was written", p)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		want, _ := catalog.JSON(l)
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from catalog.JSON(%s)", p, l)
		}
		c, err := i18n.Parse(l, got)
		if err != nil || len(c.Keys()) != len(catalog.Of(l).Keys()) {
			t.Errorf("%s: %v, %d ids", p, err, len(c.Keys()))
		}
	}
	if err := writeCatalogues(site); err != nil { // unchanged: left alone
		t.Fatal(err)
	}
}
