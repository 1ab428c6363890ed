// Command buildsite builds the static site into dist/site/: the playground
// and learn pages rendered from templ, the editor bundle (CodeMirror + our
// code, bundled by esbuild), the style sheet, Go's wasm_exec.js and the
// editor wasm. Static assets get content-hashed names; HTML and CSS are
// minified with tdewolff/minify, JS by esbuild. It ends with a size report
// (raw, gzip, brotli per asset) checked against the budgets of docs/PERFORMANCE.md.
//
//	go run ./scripts/buildsite [-out dist/site] [-work build] [-wasm=false]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	out := flag.String("out", "dist/site", "output directory (replaced)")
	work := flag.String("work", "build/site", "directory for intermediate files and the size report")
	buildWasm := flag.Bool("wasm", true, "build the editor wasm (false: reuse WORK/editor.wasm)")
	version := flag.String("version", envOr("AGENTCARD_VERSION", "0.1.0"), "version shown by the playground")
	flag.Parse()

	root, err := moduleRoot()
	if err != nil {
		fail(err)
	}
	b := &builder{
		root:    root,
		out:     abs(root, *out),
		work:    abs(root, *work),
		version: *version,
	}
	start := time.Now()
	if err := b.run(context.Background(), *buildWasm); err != nil {
		fail(err)
	}
	fmt.Printf("site built in %s: %s\n", time.Since(start).Round(time.Millisecond), rel(root, b.out))
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func abs(root, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

func rel(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil {
		return r
	}
	return p
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "buildsite:", err)
	os.Exit(1)
}

// moduleRoot walks up from the working directory to the go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
}
