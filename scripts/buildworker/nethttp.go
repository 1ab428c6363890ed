package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The Worker's build links no net/http (wasm/worker/web, core/discovery's
// Header): importing it, even for one type, links crypto/tls and the
// initialisers of every curve, cipher and certificate type it knows,
// 220 KB of the bundle's gzip size. templ, whose generated code every
// page is, imports net/http for helpers the Worker never calls
// (templ.Handler, the CSS middleware, flushing an http.Flusher). So the
// Worker is built against a copy of templ made at build time from the
// module cache, in a temporary directory, in which the declarations that
// use net/http are left out and http.Flusher, the one use in code that
// stays, is written as its own definition, interface{ Flush() }; a
// temporary go.mod (-modfile) replaces templ with that copy. Nothing of
// templ is copied into this repository, and the version is the one
// go.mod names. (`go build -overlay` cannot do it: it refuses files in
// the module cache.) A templ release that uses net/http where code stays
// fails this build with the file's name.

// templModule is the module rewritten; overlaidPackages its packages
// that import net/http.
const templModule = "github.com/a-h/templ"

var overlaidPackages = []string{"github.com/a-h/templ", "github.com/a-h/templ/runtime"}

// replaceableHTTP are net/http's types that are plain interfaces, written
// out where code that stays uses them.
var replaceableHTTP = map[string]string{"Flusher": "interface{ Flush() }"}

// writeTemplCopy copies the templ module the Worker links into dir/templ,
// rewriting the files that import net/http, and writes dir/go.mod (this
// repository's go.mod replacing templ with the copy) and dir/go.sum. It
// answers the go.mod's path, for -modfile.
func writeTemplCopy(dir string, env []string) (string, error) {
	// go mod download, not go list -m: on a fresh machine the module may
	// not be in the cache yet, and go list -m then answers an empty Dir.
	c := exec.Command("go", "mod", "download", "-json", templModule)
	c.Env = env
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w", templModule, err)
	}
	var dl struct{ Dir, Error string }
	if err := json.Unmarshal(out, &dl); err != nil || dl.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory (%s%v)", templModule, dl.Error, err)
	}
	modDir := dl.Dir
	copyDir := filepath.Join(dir, "templ")
	// the packages of templ the Worker links, each copied whole
	c = exec.Command("go", "list", "-deps", "-tags="+buildTags, "-f", "{{if .Module}}{{.Module.Path}} {{.Dir}} {{join .EmbedFiles \" \"}}{{end}}", "./wasm/worker")
	c.Env = env
	c.Stderr = os.Stderr
	if out, err = c.Output(); err != nil {
		return "", fmt.Errorf("go list -deps: %w", err)
	}
	if err := copyFiles(modDir, copyDir, []string{"go.mod"}); err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != templModule {
			continue
		}
		rel, err := filepath.Rel(modDir, f[1])
		if err != nil {
			return "", err
		}
		if err := copyFiles(f[1], filepath.Join(copyDir, rel), f[2:]); err != nil {
			return "", err
		}
	}
	for _, pkg := range overlaidPackages {
		c := exec.Command("go", "list", "-tags="+buildTags, "-f", "{{.Dir}}\n{{join .GoFiles \"\\n\"}}", pkg)
		c.Env = env
		c.Stderr = os.Stderr
		out, err := c.Output()
		if err != nil {
			return "", fmt.Errorf("go list %s: %w", pkg, err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		files, err := withoutNetHTTP(lines[0], lines[1:])
		if err != nil {
			return "", fmt.Errorf("%s: %w", pkg, err)
		}
		rel, err := filepath.Rel(modDir, lines[0])
		if err != nil {
			return "", err
		}
		for name, src := range files {
			if err := os.WriteFile(filepath.Join(copyDir, rel, name), src, 0o644); err != nil {
				return "", err
			}
		}
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return "", err
	}
	mod = append(mod, []byte("\nreplace "+templModule+" => "+copyDir+"\n")...)
	modfile := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(modfile, mod, 0o644); err != nil {
		return "", err
	}
	return modfile, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// copyFiles copies the .go files (not tests) of one package directory,
// and the other files named (what it embeds).
func copyFiles(src, dst string, more []string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	names := append([]string(nil), more...)
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			names = append(names, n)
		}
	}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(src, n))
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, n)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, n), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// withoutNetHTTP rewrites the files of one package (in dir) that import
// net/http: every top-level declaration that still uses net/http after
// replaceableHTTP is written out goes, and so does every declaration that
// uses one that went (a method of a dropped type, a constructor), across
// the package's files, until nothing is left to drop. The answer is the
// rewritten files by name; a package whose files do not import net/http
// gives none.
func withoutNetHTTP(dir string, names []string) (map[string][]byte, error) {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	httpName := map[string]string{} // file → the name net/http is imported as
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files[n] = f
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "net/http" {
				httpName[n] = "http"
				if im.Name != nil {
					httpName[n] = im.Name.Name
				}
			}
		}
	}
	if len(httpName) == 0 {
		return nil, nil
	}
	for n, hn := range httpName {
		replaceHTTPTypes(files[n], hn)
	}
	// dropped holds the names of the declarations left out so far.
	dropped := map[string]bool{}
	removed := map[ast.Decl]bool{}
	for changed := true; changed; {
		changed = false
		for n, f := range files {
			for _, d := range f.Decls {
				if removed[d] || isImport(d) {
					continue
				}
				if (httpName[n] != "" && usesPackage(d, httpName[n])) || usesNames(d, dropped) {
					removed[d] = true
					for _, name := range declNames(d) {
						dropped[name] = true
					}
					changed = true
				}
			}
		}
	}
	out := map[string][]byte{}
	for n, f := range files {
		touched := httpName[n] != ""
		var keep []ast.Decl
		for _, d := range f.Decls {
			if removed[d] {
				touched = true
				continue
			}
			keep = append(keep, d)
		}
		if !touched {
			continue
		}
		f.Decls = keep
		f.Comments = commentsOutside(f, removed)
		pruneImports(f)
		if hn := httpName[n]; hn != "" && usesPackage(f, hn) {
			return nil, fmt.Errorf("%s still uses net/http after the rewrite", n)
		}
		var buf bytes.Buffer
		if err := format.Node(&buf, fset, f); err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out[n] = buf.Bytes()
	}
	return out, nil
}

// replaceHTTPTypes writes out, in f, the net/http interfaces of
// replaceableHTTP (hn.Flusher → interface{ Flush() }).
func replaceHTTPTypes(f *ast.File, hn string) {
	ast.Inspect(f, func(n ast.Node) bool {
		ta, ok := n.(*ast.TypeAssertExpr)
		if !ok {
			return true
		}
		if sel, ok := ta.Type.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == hn {
				if src, ok := replaceableHTTP[sel.Sel.Name]; ok {
					if e, err := parser.ParseExpr(src); err == nil {
						ta.Type = e
					}
				}
			}
		}
		return true
	})
}

func isImport(d ast.Decl) bool {
	g, ok := d.(*ast.GenDecl)
	return ok && g.Tok == token.IMPORT
}

// usesPackage reports whether n refers to the package imported as name.
func usesPackage(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == name && x.Obj == nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// usesNames reports whether d mentions one of names (as an identifier or
// as a method's receiver type).
func usesNames(d ast.Decl, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && names[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

// declNames are the package-level names d declares (a method declares
// none: its type's other methods stay unless they use what went).
func declNames(d ast.Decl) []string {
	var out []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			out = append(out, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
	}
	return out
}

// commentsOutside keeps the comments that are not inside a removed
// declaration (its doc comment included).
func commentsOutside(f *ast.File, removed map[ast.Decl]bool) []*ast.CommentGroup {
	var keep []*ast.CommentGroup
	for _, c := range f.Comments {
		inside := false
		for d := range removed {
			start := d.Pos()
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
			case *ast.GenDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
			}
			if c.Pos() >= start && c.End() <= d.End() {
				inside = true
				break
			}
		}
		if !inside {
			keep = append(keep, c)
		}
	}
	return keep
}

// pruneImports drops the imports f no longer uses.
func pruneImports(f *ast.File) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Obj == nil {
				used[x.Name] = true
			}
		}
		return true
	})
	var specs []*ast.ImportSpec
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var keep []ast.Spec
		for _, s := range g.Specs {
			im := s.(*ast.ImportSpec)
			p, _ := strconv.Unquote(im.Path.Value)
			name := p[strings.LastIndex(p, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			if name == "_" || name == "." || used[name] {
				keep = append(keep, s)
				specs = append(specs, im)
			}
		}
		g.Specs = keep
	}
	f.Imports = specs
}

// checkerLeftOut are packages the checker's bundle must not link (their
// import alone costs more than a feature): net/http and what it brings,
// and the cryptography of signatures, which the verifier Worker has;
// verifierLeftOut the verifier's. checkLinked fails the build when one is
// back, naming the package that imports it.
var (
	checkerLeftOut  = []string{"net/http", "crypto/tls", "crypto/x509", "crypto/ecdsa", "crypto/rsa", "crypto/ed25519"}
	verifierLeftOut = []string{"net/http", "crypto/tls", "crypto/x509", "github.com/a-h/templ"}
)

func checkLinked(env []string, modfile string, p program) error {
	c := exec.Command("go", "list", "-deps", "-tags="+p.tags, "-modfile="+modfile,
		"-f", "{{.ImportPath}}: {{join .Imports \" \"}}", p.pkg)
	c.Env = env
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		return fmt.Errorf("go list: %w", err)
	}
	var found []string
	for _, line := range strings.Split(string(out), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		for _, im := range strings.Fields(imports) {
			for _, bad := range p.leftOut {
				if im == bad {
					found = append(found, bad+" (imported by "+pkg+")")
				}
			}
		}
	}
	if len(found) > 0 {
		return fmt.Errorf("the %s links %s; see scripts/buildworker/nethttp.go", p.name, strings.Join(found, ", "))
	}
	return nil
}
