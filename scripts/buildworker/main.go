// Command buildworker builds the two Cloudflare Workers: the checker into
// build/ (wasm/worker: the site's dynamic routes) and the signature
// verifier into build/verifier/ (wasm/verifier, reached from the checker
// through a service binding). Each is a Go program compiled to
// WebAssembly (app.wasm), our entry wasm/worker/worker.mjs (worker.mjs:
// one Go instance per isolate serves every request) and the loader glue
// of syumai/workers (runtime.mjs, wasm_exec.js). It runs binaryen's
// wasm-opt when asked, prints each bundle's raw and gzip sizes, and fails
// when either is over the budget: 2.5 MiB gzip, the headroom
// docs/PERFORMANCE.md keeps under the Workers free plan's hard 3 MiB.
//
// The checker is built with -tags worker,remoteverify: remoteverify
// leaves the cryptography out (core/signature's Verify and ParseKeys,
// core/check's LocalVerifier; the verifier Worker has them), worker
// leaves net/http out (nethttp.go) and the Chinese catalogue
// (core/i18n/catalog): the Worker reads it
// from its static assets instead, so buildworker also writes it where
// the site's assets are (dist/site/_worker/catalog.zh-CN.json, as
// scripts/buildsite does), keeping it in step with the bundle when only
// the Worker is rebuilt (wrangler's [build] on a change under core/).
//
//	go run ./scripts/buildworker [-o build] [-site dist/site] [-opt auto|on|off]
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// budget is the gzip size each bundle must stay within (2.5 MiB, of the
// free plan's hard 3 MiB: room for what comes next).
const budget = 5 << 19

// buildTags select the checker's build of the packages (see the package
// comment); the test lists the same build's packages.
const buildTags = "worker,remoteverify"

// program is one Worker this command builds.
type program struct {
	name, pkg, tags, dir string
	// leftOut are packages it must not link (checkLinked).
	leftOut []string
	// cold are packages compiled without inlining (-gcflags=PKG=-l).
	cold []string
}

// checkerCold run once per answer at most, after the check's own work
// (rendering a report, the SDK comparison, the clients' selections, the
// Chinese words): inlined copies of their small functions cost the
// checker bundle about 45 KB of gzip (measured on the bundle, the same
// build with and without) and buy speed only where code is hot, which
// these are not (the native handler benchmarks, the Worker's CPU budget,
// are not affected by how the wasm is compiled). The editor does the same
// for its cold packages (scripts/buildsite).
var checkerCold = []string{
	"github.com/agentcard/agentcard/components",
	"github.com/agentcard/agentcard/core/sdk",
	"github.com/agentcard/agentcard/core/selection",
	"github.com/agentcard/agentcard/core/i18n/catalog",
	"github.com/a-h/templ",
	// core/lint runs once per check here (the editor, which lints on
	// every keystroke, leaves it uninlined too, for its own budget): 43 KB
	// of gzip (2,615,933 -> 2,573,302 bytes), after one entry per rule
	// built the rules' words in code and left 5 KB under the budget.
	"github.com/agentcard/agentcard/core/lint",
}

// programs: the checker (in -o) and the verifier (in -o/verifier).
func programs(out string) []program {
	return []program{
		{name: "checker", pkg: "./wasm/worker", tags: buildTags, dir: out, leftOut: checkerLeftOut, cold: checkerCold},
		{name: "verifier", pkg: "./wasm/verifier", tags: "worker", dir: filepath.Join(out, "verifier"), leftOut: verifierLeftOut},
	}
}

func main() {
	out := flag.String("o", "build", "output directory")
	site := flag.String("site", filepath.Join("dist", "site"), "the static assets directory (wrangler.toml [assets] directory)")
	opt := flag.String("opt", "off", "run binaryen's wasm-opt -O1: off or on")
	flag.Parse()
	err := run(*out, *opt)
	if err == nil {
		err = writeCatalogues(*site)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "buildworker:", err)
		os.Exit(1)
	}
}

// writeCatalogues writes the catalogue of every language but English
// (compiled in) to its catalog.AssetPath under site, each file replaced
// in one rename so that a running wrangler dev never reads half of one.
func writeCatalogues(site string) error {
	for _, l := range i18n.Langs() {
		if l == i18n.English {
			continue
		}
		data, err := catalog.JSON(l)
		if err != nil {
			return err
		}
		dst := filepath.Join(site, filepath.FromSlash(catalog.AssetPath(l)))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		// An unchanged file is left alone: wrangler dev reloads on writes.
		if old, err := os.ReadFile(dst); err != nil || !bytes.Equal(old, data) {
			tmp := dst + ".tmp"
			if err := os.WriteFile(tmp, data, 0o644); err != nil {
				return err
			}
			if err := os.Rename(tmp, dst); err != nil {
				return err
			}
		}
		fmt.Printf("%-16s %12d %12d  (read through the assets binding, not in the bundle)\n", filepath.Base(dst), len(data), gz(data))
	}
	return nil
}

// goBuild is the command line that compiles a Worker's program, with the
// go.mod that keeps net/http out (nethttp.go; "" for none).
func goBuild(p program, wasm, modfile string) []string {
	args := []string{"build", "-trimpath", "-tags=" + p.tags, "-ldflags=-s -w"}
	for _, c := range p.cold {
		args = append(args, "-gcflags="+c+"=-l")
	}
	if modfile != "" {
		args = append(args, "-modfile="+modfile)
	}
	return append(args, "-o", wasm, p.pkg)
}

func run(out, opt string) error {
	// The glue: the generator empties its output directory, and build/
	// holds other outputs (the CLI), so generate elsewhere and copy.
	tmp, err := os.MkdirTemp("", "buildworker")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	glue := filepath.Join(tmp, "glue")
	if err := cmd(nil, "go", "tool", "workers-assets-gen", "-mode=go", "-o", glue); err != nil {
		return err
	}
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	modfile, err := writeTemplCopy(filepath.Join(tmp, "mod"), env)
	if err != nil {
		return err
	}
	var failed []string
	for _, p := range programs(out) {
		if err := build(p, glue, modfile, opt, env); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if err := report(p); err != nil {
			failed = append(failed, err.Error())
		}
	}
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	return nil
}

// build compiles one program into its directory with the glue.
func build(p program, glue, modfile, opt string, env []string) error {
	out := p.dir
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, name := range bundleFiles[:3] {
		src := filepath.Join(glue, name)
		if name == "worker.mjs" {
			// syumai/workers' worker.mjs starts a Go instance per request;
			// ours keeps one (see its header comment).
			src = filepath.Join("wasm", "worker", "worker.mjs")
		}
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			return err
		}
	}
	wasm := filepath.Join(out, "app.wasm")
	if err := cmd(env, "go", goBuild(p, wasm, modfile)...); err != nil {
		return err
	}
	if err := checkLinked(env, modfile, p); err != nil {
		return err
	}
	if opt != "off" {
		path, err := exec.LookPath("wasm-opt")
		switch {
		case err == nil:
			before := size(wasm)
			tmp := wasm + ".opt"
			if err := cmd(nil, path, "-O1", "--enable-bulk-memory", "--enable-sign-ext", "--enable-nontrapping-float-to-int", "--enable-mutable-globals", wasm, "-o", tmp); err != nil {
				return err
			}
			if err := os.Rename(tmp, wasm); err != nil {
				return err
			}
			fmt.Printf("wasm-opt -O1: %s → %s\n", human(before), human(size(wasm)))
		default:
			return fmt.Errorf("wasm-opt not found (apt-get install binaryen)")
		}
	}
	return nil
}

func cmd(env []string, name string, args ...string) error {
	c := exec.Command(name, args...)
	c.Stdout, c.Stderr = os.Stdout, os.Stderr
	c.Env = env
	if err := c.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}

func size(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

func human(n int64) string {
	return fmt.Sprintf("%.2f MiB (%d bytes)", float64(n)/(1<<20), n)
}

// bundleFiles are what wrangler uploads: the glue, then the module.
var bundleFiles = []string{"worker.mjs", "runtime.mjs", "wasm_exec.js", "app.wasm"}

func report(p program) error {
	out := p.dir
	names := append([]string(nil), bundleFiles...)
	sort.Strings(names)
	var raw, zipped int64
	fmt.Printf("%-16s %12s %12s\n", p.name+" bundle", "raw", "gzip")
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(out, n))
		if err != nil {
			return err
		}
		g := int64(gz(b))
		raw += int64(len(b))
		zipped += g
		fmt.Printf("%-16s %12d %12d\n", n, len(b), g)
	}
	fmt.Printf("%-16s %12d %12d  (gzip %.2f MiB of %.1f MiB budget)\n", "total", raw, zipped, float64(zipped)/(1<<20), float64(budget)/(1<<20))
	if zipped > budget {
		return fmt.Errorf("the %s bundle is %s gzip, over the %s budget", p.name, human(zipped), human(budget))
	}
	return nil
}
