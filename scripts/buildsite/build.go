package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/a-h/templ"
	"github.com/evanw/esbuild/pkg/api"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/js"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	sitecss "github.com/agentcard/agentcard/site/css"
)

type builder struct {
	root, out, work, version string
	stage                    string // where files are written until the site is complete
	min                      *minify.M
	files                    []string // every file written under out, relative
	// modules are the pages' ES modules (modules), by entry point.
	modules map[string]module
}

// assets are the public paths of the hashed files, filled as they are written.
type assets struct {
	CSS, WasmExec, Script, Wasm string
	Boot                        string   // the playground's head module: starts the worker (site/editor/boot.js)
	Chunks                      []string // the modules Script imports
	Worker                      string   // the editor engine's Web Worker script
	WasmSize                    int
	// Verifier is wasm/editor built with -tags verifier: signature
	// verification, which the playground loads only when a reader checks
	// a signed card (its crypto would put the editor wasm over budget).
	Verifier string
	// Catalogs are the catalogue assets of the languages other than
	// English, one JSON object each (catalog.JSON): the playground fetches
	// its reader's and hands it to the engine, which compiles in English only.
	Catalogs map[i18n.Lang]string
}

func (b *builder) run(ctx context.Context, buildWasm bool) error {
	b.min = minify.New()
	b.min.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	b.min.AddFunc("text/css", css.Minify)
	b.min.AddFunc("application/javascript", js.Minify)

	if err := os.MkdirAll(b.work, 0o755); err != nil {
		return err
	}
	// Everything is written into a fresh directory next to out and moved
	// in at the end (publish), so a server running on out (make dev) never
	// sees a missing or half-written site.
	if err := os.MkdirAll(filepath.Dir(b.out), 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(filepath.Dir(b.out), "."+filepath.Base(b.out)+".new-")
	if err != nil {
		return err
	}
	if err := os.Chmod(stage, 0o755); err != nil {
		return err
	}
	b.stage = stage
	defer os.RemoveAll(stage)
	wasmPath := filepath.Join(b.work, "editor.wasm")
	verifierPath := filepath.Join(b.work, "verifier.wasm")
	if buildWasm {
		if err := b.goBuildWasm(ctx, wasmPath); err != nil {
			return err
		}
		if err := b.goBuildWasm(ctx, verifierPath, "verifier"); err != nil {
			return err
		}
	}
	var a assets

	// Style sheet and icon, under the names components computes from
	// their sources (the Worker's pages link the same names).
	cssMin, err := b.min.Bytes("text/css", sitecss.Source)
	if err != nil {
		return fmt.Errorf("minify css: %w", err)
	}
	a.CSS = components.DefaultCSS
	if err := b.write(strings.TrimPrefix(a.CSS, "/"), cssMin); err != nil {
		return err
	}
	if err := b.write(strings.TrimPrefix(components.Favicon, "/"), components.FaviconSVG()); err != nil {
		return err
	}
	ico, err := faviconICO()
	if err != nil {
		return err
	}
	if err := b.write("favicon.ico", ico); err != nil {
		return err
	}

	// Go's wasm_exec.js, from the toolchain that built the wasm.
	we, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib/wasm/wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("wasm_exec.js: %w", err)
	}
	weMin, err := b.min.Bytes("application/javascript", we)
	if err != nil {
		return fmt.Errorf("minify wasm_exec.js: %w", err)
	}
	if a.WasmExec, err = b.writeHashed("assets/wasm_exec.js", weMin); err != nil {
		return err
	}

	// The playground's and the lessons' scripts, as ES modules sharing
	// their chunks (CodeMirror once, for both).
	if err := b.bundleModules(pageModules); err != nil {
		return err
	}
	// The playground's module loads first.js (the text and its first
	// findings, no editor) at once: it is preloaded. first.js loads
	// playground.js (and CodeMirror) on the reader's first intent: not
	// preloaded, so that it does not compete with the page and the wasm.
	main := b.modules["site/editor/main.js"]
	a.Script, a.Chunks = main.Path, append(append([]string(nil), main.Imports...), main.Next...)
	boot, err := b.bundle("site/editor/boot.js")
	if err != nil {
		return err
	}
	if a.Boot, err = b.writeHashed("assets/boot.js", boot); err != nil {
		return err
	}
	worker, err := b.bundle("site/editor/worker.js")
	if err != nil {
		return err
	}
	// Go's wasm_exec.js goes in the worker's own script: fetched apart,
	// it was asked for after the wasm, and a server compressing the wasm
	// as it sends it (workerd under make dev) answered it only then, 250
	// ms of a 1.2 s start. The page's synchronous instance (agentcard.sync)
	// still loads the file.
	worker = append(append(append([]byte(nil), weMin...), ";\n"...), worker...)
	if a.Worker, err = b.writeHashed("assets/engine-worker.js", worker); err != nil {
		return err
	}

	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return fmt.Errorf("editor wasm: %w (run without -wasm=false)", err)
	}
	if a.Wasm, err = b.writeHashed("assets/editor.wasm", wasm); err != nil {
		return err
	}
	a.WasmSize = len(wasm)
	verifier, err := os.ReadFile(verifierPath)
	if err != nil {
		return fmt.Errorf("verifier wasm: %w (run without -wasm=false)", err)
	}
	if a.Verifier, err = b.writeHashed("assets/verifier.wasm", verifier); err != nil {
		return err
	}

	a.Catalogs = map[i18n.Lang]string{}
	for _, l := range i18n.Langs() {
		if l == i18n.English {
			continue
		}
		data, err := catalog.JSON(l)
		if err != nil {
			return fmt.Errorf("catalogue %s: %w", l, err)
		}
		if a.Catalogs[l], err = b.writeHashed("assets/catalog."+string(l)+".json", data); err != nil {
			return err
		}
		// The Worker's copy, at a fixed path it reads through its assets
		// binding (its bundle leaves the catalogue out; catalog.AssetPath).
		if err := b.write(catalog.AssetPath(l), data); err != nil {
			return err
		}
	}

	if err := b.pages(ctx, a); err != nil {
		return err
	}
	if err := b.write("_headers", []byte(headersFile())); err != nil {
		return err
	}
	if err := b.sizeReport(); err != nil {
		return err
	}
	// The files of the build being replaced, recorded by it in WORK.
	record := filepath.Join(b.work, "site-files.txt")
	var previous []string
	if data, err := os.ReadFile(record); err == nil {
		previous = strings.Fields(string(data))
	}
	if err := publish(stage, b.out, previous); err != nil {
		return err
	}
	return os.WriteFile(record, []byte(strings.Join(b.files, "\n")+"\n"), 0o644)
}

// coldPackages are linked into the editor wasm but never run on a
// keystroke, or run there only a few times (once per finding, once per
// lint): share links, migration, fixes, formatting and the SDK matrix run
// when a user asks; the client simulator (core/selection) when it is open
// and once per lint for one rule; the adapter (main) once per answer;
// fmt and reflect once per finding's message; the rest at start or
// never. Every entry must be linked by the editor (or its verifier
// build): TestColdPackagesLinked fails for one that is not. They are compiled without
// inlining (-gcflags=-l): inlined copies of small functions cost the
// module size and buy speed only where code is hot (the parser, the
// rules, the runtime, strings). The second group took 25 KB off the
// brotli size with lint of the 100 KB card in wasm no slower (node,
// p10 of 150 runs, interleaved). The third (message rendering in
// core/i18n, base64, errors, godebug, the JS boundary) took 5.6 KB off,
// with the 3 KB card's lint and JSON in wasm no slower (0.85 against
// 0.87 ms, medians of 8 interleaved runs of 1,000). Inlining everywhere
// off saved more but made lint in the wasm about 1.4x slower
// (docs/PERFORMANCE.md).
var coldPackages = []string{
	"compress/flate", "time", "os", "syscall", "io/fs",
	"github.com/pmezard/go-difflib/difflib",
	"github.com/agentcard/agentcard/core/migrate", "github.com/agentcard/agentcard/core/fix",
	"github.com/agentcard/agentcard/core/format", "github.com/agentcard/agentcard/core/share",
	"github.com/agentcard/agentcard/core/sdk",
	"fmt", "reflect", "internal/reflectlite", "internal/fmtsort", "net/url", "net/netip", "unique", "embed",
	"path", "sort", "bufio", "io", "internal/bisect",
	"github.com/agentcard/agentcard/core/selection", "github.com/agentcard/agentcard/wasm/editor",
	"github.com/agentcard/agentcard/core/i18n", "encoding/base64", "errors", "internal/godebug", "syscall/js",
	// core/lint does run on every keystroke: it is here for the size
	// budget, not because it is cold. With the rules added since (the
	// example, mixed-card, claims and answer rules, with their words) the
	// editor was 1,168,810 bytes brotli, 15 KB over its 1.1 MiB; without
	// inlining in core/lint it is 1,138,991, and a lint in the wasm
	// (Node, wasm/editor's BenchmarkEditor*, medians of 3) takes 1.2x as
	// long: 0.57 -> 0.67 ms for the 3 KB card, 5.0 -> 6.0 ms for 100 KB.
	"github.com/agentcard/agentcard/core/lint",
}

// goBuildWasm builds wasm/editor for the browser, small: no paths, no
// symbol table, no DWARF, no inlining in coldPackages.
// Tags select another program of the package (verifier).
func (b *builder) goBuildWasm(ctx context.Context, dst string, tags ...string) error {
	args := []string{"build", "-trimpath", "-tags", strings.Join(tags, ",")}
	for _, p := range coldPackages {
		args = append(args, "-gcflags="+p+"=-l")
	}
	args = append(args, "-ldflags", "-s -w -X main.Version="+b.version, "-o", dst, "./wasm/editor")
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = b.root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build wasm/editor: %w", err)
	}
	return nil
}

// bundle runs esbuild on a classic script's entry point (the engine's Web
// Worker, the playground's head script, the course's and rules' small
// scripts): one minified script (IIFE), JSON loaded as exact text.
func (b *builder) bundle(entry string) ([]byte, error) {
	res := api.Build(api.BuildOptions{
		AbsWorkingDir:     b.root,
		EntryPoints:       []string{entry},
		Bundle:            true,
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		Platform:          api.PlatformBrowser,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LegalComments:     api.LegalCommentsEndOfFile,
		Loader:            map[string]api.Loader{".json": api.LoaderText},
		Write:             false,
		Outfile:           "editor.js",
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, fmt.Errorf("esbuild:\n%s", strings.Join(msgs, "\n"))
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, fmt.Errorf("esbuild produced no JS")
}

// pageModules are the entry points of the pages' ES modules: the
// playground's editor and a lesson's exercise. (The playground's head
// script, boot.js, is a classic one: an async module would wait for the
// module graph it shares with the editor, and start the engine later.)
var pageModules = []string{"site/editor/main.js", "site/learn/js/lesson.js"}

// module is one entry point's output: its public path, the chunks it
// imports statically, and those its dynamic imports load (with theirs).
type module struct {
	Path    string
	Imports []string
	Lazy    []string
	// Next: what the entry's own dynamic imports load at once (those
	// files and their static imports), not what they load later in turn.
	Next []string
}

// bundleModules builds entries as ES modules with code splitting: code
// two entries (or a dynamic import, such as the lesson's editor) share
// goes into a chunk of its own, loaded once for both. Every file is named
// by esbuild's hash of its content. The outputs land in b.modules.
func (b *builder) bundleModules(entries []string) error {
	res := api.Build(api.BuildOptions{
		AbsWorkingDir:     b.root,
		EntryPoints:       entries,
		Bundle:            true,
		Splitting:         true,
		Format:            api.FormatESModule,
		Target:            api.ES2020,
		Platform:          api.PlatformBrowser,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LegalComments:     api.LegalCommentsEndOfFile,
		Loader:            map[string]api.Loader{".json": api.LoaderText},
		Outdir:            filepath.Join(b.root, "assets"),
		EntryNames:        "[name].[hash]",
		ChunkNames:        "chunk.[hash]",
		Metafile:          true,
		Write:             false,
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return fmt.Errorf("esbuild:\n%s", strings.Join(msgs, "\n"))
	}
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(b.root, f.Path)
		if err != nil {
			return err
		}
		if err := b.write(filepath.ToSlash(rel), f.Contents); err != nil {
			return err
		}
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			Imports    []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return fmt.Errorf("esbuild metafile: %w", err)
	}
	// imports follows a file's imports of the kinds given through chunks.
	var imports func(out string, kinds map[string]bool, seen map[string]bool) []string
	imports = func(out string, kinds map[string]bool, seen map[string]bool) []string {
		var list []string
		for _, im := range meta.Outputs[out].Imports {
			if !kinds[im.Kind] || seen[im.Path] {
				continue
			}
			seen[im.Path] = true
			list = append(list, "/"+im.Path)
			list = append(list, imports(im.Path, kinds, seen)...)
		}
		return list
	}
	static := map[string]bool{"import-statement": true}
	all := map[string]bool{"import-statement": true, "dynamic-import": true}
	b.modules = map[string]module{}
	for out, o := range meta.Outputs {
		if o.EntryPoint == "" || strings.HasSuffix(out, ".map") {
			continue
		}
		m := module{Path: "/" + out, Imports: imports(out, static, map[string]bool{out: true})}
		seen := map[string]bool{out: true}
		for _, f := range m.Imports {
			seen[strings.TrimPrefix(f, "/")] = true
		}
		m.Lazy = imports(out, all, seen)
		next := map[string]bool{out: true}
		for _, f := range m.Imports {
			next[strings.TrimPrefix(f, "/")] = true
		}
		for _, im := range o.Imports {
			if im.Kind != "dynamic-import" || next[im.Path] {
				continue
			}
			next[im.Path] = true
			m.Next = append(m.Next, "/"+im.Path)
			m.Next = append(m.Next, imports(im.Path, static, next)...)
		}
		b.modules[o.EntryPoint] = m
	}
	for _, e := range entries {
		if _, ok := b.modules[e]; !ok {
			return fmt.Errorf("esbuild: no output for %s", e)
		}
	}
	return nil
}

// render renders a templ component, minifies it and writes it to rel.
func (b *builder) render(ctx context.Context, rel string, c templ.Component) error {
	var buf bytes.Buffer
	if err := c.Render(ctx, &buf); err != nil {
		return fmt.Errorf("render %s: %w", rel, err)
	}
	m, err := b.min.Bytes("text/html", buf.Bytes())
	if err != nil {
		return fmt.Errorf("minify %s: %w", rel, err)
	}
	return b.write(rel, m)
}

// writeHashed writes data as name.<hash>.ext and returns its public path.
func (b *builder) writeHashed(name string, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	hashed := strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
	return "/" + hashed, b.write(hashed, data)
}

func (b *builder) write(rel string, data []byte) error {
	p := filepath.Join(b.stage, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	b.files = append(b.files, rel)
	return os.WriteFile(p, data, 0o644)
}

// headersFile is read by Cloudflare's static assets (and by the editor's
// end-to-end test server): the same security headers as the pages the
// Worker renders (components.SecurityHeaders), long caching for the
// content-hashed assets, and a day for the icon at its fixed address.
func headersFile() string {
	var b strings.Builder
	b.WriteString("/*\n")
	for _, h := range components.SecurityHeaders {
		fmt.Fprintf(&b, "  %s: %s\n", h[0], h[1])
	}
	b.WriteString("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n")
	b.WriteString("/favicon.ico\n  Cache-Control: public, max-age=86400\n")
	return b.String()
}
