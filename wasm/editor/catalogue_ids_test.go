//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n/catalog/en"
)

// catalogueID matches a quoted catalogue id in Go source, as
// core/i18n/catalog's TestIDsUsedAndKnown reads them; one ending in "."
// is the prefix of ids built at run time ("phrase.kind." + kind).
var catalogueID = regexp.MustCompile("[\"'`]((?:msg|fix|hint|related|phrase|cli|ui|migrate|fixall|probe|signature|lsp)\\.[A-Za-z0-9_.+-]*)[\"'`]")

// wasmList runs go list for the browser build with tags.
func wasmList(t *testing.T, tags string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-tags", tags}, args...)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return string(out)
}

// TestEditorCatalogueHasEveryID: the engine's wasm embeds only some
// English catalogue files (en.EditorFiles, carried as en.Editor). Every
// id that a package it links names in its source (the editor's and the
// verifier's programs) must be in them, or the playground would show
// the bare id; and the split must leave files out, or it buys nothing.
func TestEditorCatalogueHasEveryID(t *testing.T) {
	// The files the browser build carries (as en.Editor, generated from
	// them), and their ids.
	const enPkg = "github.com/agentcard/agentcard/core/i18n/catalog/en"
	dir := strings.TrimSpace(wasmList(t, "", "-f", "{{.Dir}}", enPkg))
	var embedded []string
	for _, p := range strings.Fields(en.EditorFiles) {
		m, err := filepath.Glob(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			embedded = append(embedded, filepath.Base(f))
		}
	}
	all, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(embedded) == 0 || len(embedded) >= len(all) {
		t.Fatalf("the editor embeds %d of %d English files: the split is gone", len(embedded), len(all))
	}
	if e := strings.TrimSpace(wasmList(t, "", "-f", `{{join .EmbedFiles " "}}`, enPkg)); e != "" {
		t.Errorf("the editor build embeds %s besides its generated table", e)
	}
	editor := map[string]bool{}
	for _, name := range embedded {
		var m map[string]string
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for k := range m {
			editor[k] = true
		}
	}
	// Every English id, and the file it is in (what to embed when one
	// is missing).
	fileOf := map[string]string{}
	files, _ := en.FS.ReadDir(".")
	for _, f := range files {
		b, _ := en.FS.ReadFile(f.Name())
		var m map[string]string
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		for k := range m {
			fileOf[k] = f.Name()
		}
	}
	checked := 0
	for _, tags := range []string{"", "verifier"} {
		for _, line := range strings.Split(strings.TrimSpace(wasmList(t, tags, "-deps", "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}`, ".")), "\n") {
			parts := strings.SplitN(line, "|", 3)
			if len(parts) != 3 || !strings.HasPrefix(parts[0], "github.com/agentcard/agentcard/") {
				continue
			}
			for _, name := range strings.Split(parts[2], ",") {
				src, err := os.ReadFile(filepath.Join(parts[1], name))
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range catalogueID.FindAllStringSubmatch(string(src), -1) {
					id := m[1]
					for k, file := range fileOf {
						// a prefix ("msg.skill-id.") names its variants; a bare
						// namespace ("msg.", a prefix test) names no message
						named := k == id || k == id+".one" || (strings.HasSuffix(id, ".") && strings.Count(id, ".") > 1 && strings.HasPrefix(k, id))
						if !named {
							continue
						}
						checked++
						if !editor[k] {
							t.Errorf("%s/%s (tags %q) names %q; its English (%s) is not embedded in the editor: add the file to en.EditorFiles", parts[0], name, tags, k, file)
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d ids checked: is the source scan right?", checked)
	}
}
