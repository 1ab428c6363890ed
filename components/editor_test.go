package components

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/selection"
)

func TestEditorPage(t *testing.T) {
	d := render(t, EditorPage(EditorView{
		Assets:  EditorAssets{CSS: []string{"/assets/site.abc.css"}, WasmExec: "/assets/wasm_exec.1.js", Script: "/assets/editor.2.js", Wasm: "/assets/editor.3.wasm", WasmSize: 1234, Worker: "/assets/engine-worker.4.js"},
		Version: "9.9",
	}))
	for _, id := range []string{"format", "samples", "share", "open-url", "share-url", "editor", "diagnostics", "simulator", "sim-profile", "preview", "message", "status"} {
		if d.Find(`[data-testid="`+id+`"]`).Length() != 1 {
			t.Errorf("no single data-testid=%q", id)
		}
	}
	root := d.Find("#playground")
	if v, _ := root.Attr("data-wasm-size"); v != "1234" {
		t.Errorf("data-wasm-size = %q", v)
	}
	if v, _ := root.Attr("data-wasm"); v != "/assets/editor.3.wasm" {
		t.Errorf("data-wasm = %q", v)
	}
	// The engine's worker and wasm_exec.js are named for the page's script.
	if v, _ := root.Attr("data-worker"); v != "/assets/engine-worker.4.js" {
		t.Errorf("data-worker = %q", v)
	}
	if v, _ := root.Attr("data-wasm-exec"); v != "/assets/wasm_exec.1.js" {
		t.Errorf("data-wasm-exec = %q", v)
	}
	// The severity filter is in the page before any script runs (its
	// place is kept), one toggle per severity, all pressed.
	var sevs []string
	d.Find(`[data-testid="severity-filter"]`).Each(func(_ int, s *goquery.Selection) {
		if p, _ := s.Attr("aria-pressed"); p != "true" {
			t.Errorf("filter %s starts unpressed", s.Text())
		}
		v, _ := s.Attr("data-severity-filter")
		sevs = append(sevs, v)
	})
	if strings.Join(sevs, " ") != "error warning info" {
		t.Errorf("severity filters %v", sevs)
	}
	if got := d.Find(`[data-testid="shortcut"][data-action="field-docs"] dt`).Text(); got != "Ctrl+K then Ctrl+I" {
		t.Errorf("field-docs shortcut reads %q", got)
	}
	// Scripts are external and deferred, wasm_exec.js first; no inline script.
	var srcs []string
	d.Find("script").Each(func(_ int, s *goquery.Selection) {
		src, ok := s.Attr("src")
		if !ok || s.Text() != "" {
			t.Errorf("inline script: %q", s.Text())
		}
		if _, ok := s.Attr("defer"); !ok {
			t.Errorf("script %s is not deferred", src)
		}
		srcs = append(srcs, src)
	})
	if len(srcs) != 2 || srcs[0] != "/assets/wasm_exec.1.js" || srcs[1] != "/assets/editor.2.js" {
		t.Errorf("scripts = %v", srcs)
	}
	if href, _ := d.Find(`link[rel="stylesheet"]`).Attr("href"); href != "/assets/site.abc.css" {
		t.Errorf("stylesheet = %q", href)
	}
	if n := d.Find(`[data-testid="sim-preset"]`).Length(); n != len(selection.Presets) {
		t.Errorf("%d presets, want %d", n, len(selection.Presets))
	}
	for _, p := range selection.Presets {
		if _, err := selection.ParseProfile(p.Profile); err != nil {
			t.Errorf("preset %s: %v", p.ID, err)
		}
	}
	if cur, _ := d.Find(`nav a[aria-current="page"]`).Attr("href"); cur != "/" {
		t.Errorf("current nav entry = %q", cur)
	}
}
