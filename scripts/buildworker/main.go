// Command buildworker builds the Cloudflare Worker into build/: the Go
// program compiled to WebAssembly (build/app.wasm), our entry
// wasm/worker/worker.mjs (build/worker.mjs: one Go instance per isolate
// serves every request) and the loader glue of syumai/workers
// (build/runtime.mjs, wasm_exec.js). It runs
// binaryen's wasm-opt when it is installed, prints the bundle's raw and
// gzip sizes, and fails when the gzip size is over the Workers free plan's
// 3 MiB.
//
//	go run ./scripts/buildworker [-o build] [-opt auto|on|off]
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

const budget = 3 << 20 // gzip bytes, Workers free plan

func main() {
	out := flag.String("o", "build", "output directory")
	opt := flag.String("opt", "off", "run binaryen's wasm-opt -O1: off or on")
	flag.Parse()
	if err := run(*out, *opt); err != nil {
		fmt.Fprintln(os.Stderr, "buildworker:", err)
		os.Exit(1)
	}
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
	if err := cmd(nil, "go", "run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-o", glue); err != nil {
		return err
	}
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
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if err := cmd(env, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./wasm/worker"); err != nil {
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
	return report(out)
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

func report(out string) error {
	names := append([]string(nil), bundleFiles...)
	sort.Strings(names)
	var raw, zipped int64
	fmt.Printf("%-16s %12s %12s\n", "worker bundle", "raw", "gzip")
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
	fmt.Printf("%-16s %12d %12d  (gzip %.2f MiB of %.0f MiB budget)\n", "total", raw, zipped, float64(zipped)/(1<<20), float64(budget)/(1<<20))
	if zipped > budget {
		return fmt.Errorf("the bundle is %s gzip, over the %s budget", human(zipped), human(budget))
	}
	return nil
}
