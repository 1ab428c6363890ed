package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

type sizeRow struct {
	File   string `json:"file"`
	Raw    int    `json:"raw"`
	Gzip   int    `json:"gzip"`
	Brotli int    `json:"brotli"`
}

type budget struct {
	what  string
	limit int
	value func(rows []sizeRow) int
}

func gz(data []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return buf.Len()
}

func br(data []byte) int {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
	w.Write(data)
	w.Close()
	return buf.Len()
}

// sizeReport prints raw/gzip/brotli per asset and the budgets of
// docs/PERFORMANCE.md that concern the site, and saves it to WORK/site-sizes.json.
func (b *builder) sizeReport() error {
	// Compressing at the best levels takes most of a build's time (brotli
	// on the two wasm files above all): files are measured in parallel,
	// and the sizes of content measured before are read from WORK.
	cachePath := filepath.Join(b.work, "size-cache.json")
	cache := map[string][2]int{} // sha256 of the content -> gzip, brotli
	if data, err := os.ReadFile(cachePath); err == nil {
		json.Unmarshal(data, &cache)
	}
	var rows []sizeRow
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, f := range b.files {
		if f == "_headers" {
			continue
		}
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			data, err := os.ReadFile(filepath.Join(b.stage, f))
			if err != nil {
				mu.Lock()
				firstErr = err
				mu.Unlock()
				return
			}
			sum := sha256.Sum256(data)
			key := hex.EncodeToString(sum[:])
			mu.Lock()
			c, ok := cache[key]
			mu.Unlock()
			if !ok {
				c = [2]int{gz(data), br(data)}
			}
			mu.Lock()
			cache[key] = c
			rows = append(rows, sizeRow{File: f, Raw: len(data), Gzip: c[0], Brotli: c[1]})
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if data, err := json.Marshal(cache); err == nil {
		os.WriteFile(cachePath, data, 0o644)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].File < rows[j].File })
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Raw > rows[j].Raw })

	fmt.Printf("%-44s %10s %10s %10s\n", "asset", "raw", "gzip", "brotli")
	for _, r := range rows {
		if strings.HasPrefix(r.File, "rules/") && r.File != "rules/index.html" {
			continue // one line per rule page would drown the report
		}
		fmt.Printf("%-44s %10s %10s %10s\n", r.File, kb(r.Raw), kb(r.Gzip), kb(r.Brotli))
	}
	find := func(prefix, suffix string) sizeRow {
		for _, r := range rows {
			if strings.HasPrefix(r.File, prefix) && strings.HasSuffix(r.File, suffix) {
				return r
			}
		}
		return sizeRow{}
	}
	wasm := find("assets/editor.", ".wasm")
	// What the playground loads besides the wasm: the page, its style
	// sheet, its head script, its module and every chunk that imports,
	// and the worker (Go's wasm_exec.js is part of its script).
	pageGzip := find("index.html", "").Gzip + find("assets/site.", ".css").Gzip + find("assets/boot.", ".js").Gzip +
		find("assets/engine-worker.", ".js").Gzip
	m := b.modules["site/editor/main.js"]
	for _, f := range append(append([]string{m.Path}, m.Imports...), m.Lazy...) {
		if f != "" {
			pageGzip += find(strings.TrimPrefix(f, "/"), "").Gzip
		}
	}
	fmt.Println()
	check := func(what string, v, limit, stretch int) {
		verdict := "ok"
		if v > limit {
			verdict = "OVER BUDGET"
		} else if v <= stretch {
			verdict = "ok (stretch met)"
		}
		fmt.Printf("budget: %-42s %10s  (budget %s, stretch %s) %s\n", what, kb(v), kb(limit), kb(stretch), verdict)
	}
	check("editor wasm, brotli", wasm.Brotli, 1126<<10, 1024<<10) // 1.1 MiB
	check("playground page without wasm, gzip", pageGzip, 250<<10, 100<<10)

	rep := map[string]any{"assets": rows, "editorWasmBrotli": wasm.Brotli, "editorWasmGzip": wasm.Gzip,
		"editorWasmRaw": wasm.Raw, "pageWithoutWasmGzip": pageGzip}
	data, _ := json.MarshalIndent(rep, "", "  ")
	return os.WriteFile(filepath.Join(b.work, "site-sizes.json"), append(data, '\n'), 0o644)
}

func kb(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}
