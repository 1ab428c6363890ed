package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

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
// docs/ARCHITECTURE.md §6 that concern the site, and saves it to WORK/site-sizes.json.
func (b *builder) sizeReport() error {
	var rows []sizeRow
	for _, f := range b.files {
		if f == "_headers" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(b.stage, f))
		if err != nil {
			return err
		}
		rows = append(rows, sizeRow{File: f, Raw: len(data), Gzip: gz(data), Brotli: br(data)})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Raw > rows[j].Raw })

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
	page := find("index.html", "")
	js := find("assets/editor.", ".js")
	css := find("assets/site.", ".css")
	we := find("assets/wasm_exec.", ".js")
	worker := find("assets/engine-worker.", ".js")
	pageGzip := page.Gzip + js.Gzip + css.Gzip + we.Gzip + worker.Gzip
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
	check("editor wasm, brotli", wasm.Brotli, 1536<<10, 1024<<10)
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
