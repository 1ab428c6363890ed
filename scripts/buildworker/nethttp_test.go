package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// withoutNetHTTP leaves out what uses net/http and what uses what went,
// keeps the rest, writes http.Flusher out and drops the imports left
// unused; the result compiles.
func TestWithoutNetHTTP(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.26\n",
		"a.go": `package p

import (
	"bytes"
	"io"
	"net/http"
)

// Handler serves; it goes.
type Handler struct{ Next http.Handler }

// ServeHTTP goes with its type.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { var b bytes.Buffer; b.WriteString("x") }

// Name stays: nothing of net/http.
func (h Handler) Name() string { return "h" }

// New goes: it makes a Handler.
func New() Handler { return Handler{} }

// Flush stays, with the Flusher written out.
func Flush(w io.Writer) bool {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
		return true
	}
	return false
}
`,
		"b.go": `package p

// Use stays: it uses nothing that went.
func Use() int { return 1 }

// Uses goes: it names a Handler.
func Uses() any { return Handler{} }
`,
	}
	for n, src := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := withoutNetHTTP(dir, []string{"a.go", "b.go"})
	if err != nil {
		t.Fatal(err)
	}
	a, b := string(out["a.go"]), string(out["b.go"])
	for _, gone := range []string{"net/http", "ServeHTTP", "func New", "type Handler", "bytes", "Handler serves"} {
		if strings.Contains(a, gone) {
			t.Errorf("a.go still has %q:\n%s", gone, a)
		}
	}
	for _, kept := range []string{"func Flush(", "w.(interface {", `"io"`} {
		if !strings.Contains(a, kept) {
			t.Errorf("a.go lost %q:\n%s", kept, a)
		}
	}
	if strings.Contains(a, "func (h Handler) Name") {
		t.Errorf("a method of a type that went stayed:\n%s", a)
	}
	if !strings.Contains(b, "func Use()") || strings.Contains(b, "func Uses()") {
		t.Errorf("b.go:\n%s", b)
	}
	for n, src := range out {
		if err := os.WriteFile(filepath.Join(dir, n), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := exec.Command("go", "build", "./...")
	c.Dir = dir
	if msg, err := c.CombinedOutput(); err != nil {
		t.Fatalf("the rewritten package does not build: %v\n%s", err, msg)
	}
}

// The Workers' builds, as buildworker makes them, link none of what they
// leave out (net/http, and for the checker the signature cryptography);
// without the templ copy the checker does (so the copy is what keeps
// net/http out).
func TestWorkerLinksNoNetHTTP(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	t.Chdir(root)
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	modfile, err := writeTemplCopy(t.TempDir(), env)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range programs("build") {
		if err := checkLinked(env, modfile, p); err != nil {
			t.Error(err)
		}
	}
	if err := checkLinked(env, filepath.Join(root, "go.mod"), programs("build")[0]); err == nil || !strings.Contains(err.Error(), "net/http (imported by github.com/a-h/templ)") {
		t.Errorf("without the copy: %v; want templ named as what imports net/http", err)
	}
}
