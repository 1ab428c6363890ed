package catalog_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// idLiteral matches a quoted catalogue id in source: "msg.x", 'ui.y',
// `fix.z`. A literal ending in "." is the prefix of ids built at run time
// ("phrase.severity." + name).
var idLiteral = regexp.MustCompile("[\"'`]((?:msg|fix|hint|related|phrase|cli|ui|migrate|fixall|probe|signature|lsp)\\.[A-Za-z0-9_.+-]*)[\"'`]")

// templatePrefix matches the fixed start of an id built in a JavaScript
// template literal: `ui.playground.sample.${id}.title`.
var templatePrefix = regexp.MustCompile("`((?:ui|phrase|msg)\\.[A-Za-z0-9_.-]*)\\$\\{")

// sources reads every file of the repository that can name an id: Go
// (tests excluded), templ and the playground's JavaScript.
func sources(t *testing.T) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "dist", "build", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_templ.go") {
			return nil
		}
		if !strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, ".templ") && !strings.HasSuffix(name, ".js") && !strings.HasSuffix(name, ".mjs") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(b, []byte("// Code generated ")) {
			return nil // generated from sources read here (editor_table.go: the catalogue itself)
		}
		out[path] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIDsUsedAndKnown fails when source names an id the English catalogue
// does not have (a typo shows the reader the bare id), and when the
// English catalogue has an id no source names (dead wording that
// translators would keep paying for).
func TestIDsUsedAndKnown(t *testing.T) {
	en := catalog.Of(i18n.English)
	exact := map[string]bool{}
	var prefixes []string
	for path, src := range sources(t) {
		for _, m := range templatePrefix.FindAllStringSubmatch(src, -1) {
			prefixes = append(prefixes, m[1])
		}
		for _, m := range idLiteral.FindAllStringSubmatch(src, -1) {
			id := m[1]
			if strings.HasSuffix(id, ".") {
				prefixes = append(prefixes, id)
				continue
			}
			exact[id] = true
			if !en.Has(id) && !strings.HasPrefix(id, "rule.") && !strings.HasPrefix(id, "field.") {
				t.Errorf("%s names %q, which the English catalogue does not have", path, id)
			}
		}
	}
	var unused []string
	for _, k := range en.Keys() {
		base := strings.TrimSuffix(k, ".one")
		if exact[base] || exact[k] {
			continue
		}
		used := false
		for _, p := range prefixes {
			if strings.HasPrefix(base, p) {
				used = true
				break
			}
		}
		if !used {
			unused = append(unused, k)
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("%d English ids are named by no source file (remove them, or name them where they are used):\n  %s", len(unused), strings.Join(unused, "\n  "))
	}
}
