package components

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/selection"
)

func TestEditorPage(t *testing.T) {
	d := render(t, EditorPage(EditorView{
		Assets: EditorAssets{CSS: []string{"/assets/site.abc.css"}, WasmExec: "/assets/wasm_exec.1.js", Script: "/assets/editor.2.js", Wasm: "/assets/editor.3.wasm", WasmSize: 1234, Worker: "/assets/engine-worker.4.js",
			Boot: "/assets/boot.5.js", Chunks: []string{"/assets/chunk.6.js"}},
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
	// Scripts are external, no inline script: the head's engine script
	// (async, its settings as data attributes; the page itself loads no
	// wasm_exec.js), then the editor's module (deferred as modules are),
	// its chunks preloaded from the head.
	type script struct{ src, typ, async string }
	var got []script
	d.Find("script").Each(func(_ int, s *goquery.Selection) {
		src, ok := s.Attr("src")
		if !ok || s.Text() != "" {
			t.Errorf("inline script: %q", s.Text())
		}
		typ, _ := s.Attr("type")
		_, async := s.Attr("async")
		got = append(got, script{src, typ, map[bool]string{true: "async"}[async]})
	})
	want := []script{{"/assets/boot.5.js", "", "async"}, {"/assets/editor.2.js", "module", ""}}
	if !slices.Equal(got, want) {
		t.Errorf("scripts = %v, want %v", got, want)
	}
	boot := d.Find("script[data-engine]")
	for attr, v := range map[string]string{"data-worker": "/assets/engine-worker.4.js", "data-wasm": "/assets/editor.3.wasm",
		"data-wasm-exec": "/assets/wasm_exec.1.js", "data-wasm-size": "1234", "data-version": "9.9"} {
		if got, _ := boot.Attr(attr); got != v {
			t.Errorf("boot script %s = %q, want %q", attr, got, v)
		}
	}
	var pre []string
	d.Find(`link[rel="modulepreload"]`).Each(func(_ int, s *goquery.Selection) { h, _ := s.Attr("href"); pre = append(pre, h) })
	if !slices.Equal(pre, []string{"/assets/chunk.6.js"}) {
		t.Errorf("module preloads %v", pre)
	}
	// The worker fetches the wasm itself; a page preload would only hold
	// back the worker's own script and the first paint.
	if d.Find(`link[rel="preload"]`).Length() != 0 {
		t.Error("the page preloads something")
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

// TestEditorPageChinese: the page rendered in Chinese says its words in
// Chinese (what a reader sees first: the buttons and the panel headings),
// marks every word the script re-renders with an id both catalogues
// have, and names the Chinese catalogue asset for the script to fetch.
func TestEditorPageChinese(t *testing.T) {
	v := EditorView{Lang: i18n.Chinese, Assets: EditorAssets{Catalogs: map[i18n.Lang]string{i18n.Chinese: "/assets/catalog.zh-CN.5.json"}}}
	d := render(t, EditorPage(v))
	if lang, _ := d.Find("html").Attr("lang"); lang != "zh-CN" {
		t.Errorf("html lang = %q", lang)
	}
	zh := catalog.Of(i18n.Chinese)
	for sel, id := range map[string]string{
		`[data-testid="format"]`:         "ui.playground.format",
		`[data-testid="share"]`:          "ui.playground.share",
		`[data-testid="findings-title"]`: "ui.playground.findings",
		`#sim-title`:                     "ui.playground.simulator",
	} {
		want, _ := zh.Lookup(id)
		if got := d.Find(sel).Text(); got != want || want == "" {
			t.Errorf("%s reads %q, want %q (%s)", sel, got, want, id)
		}
	}
	if v, _ := d.Find("#playground").Attr("data-catalogs"); v != "zh-CN=/assets/catalog.zh-CN.5.json" {
		t.Errorf("data-catalogs = %q", v)
	}
	if v, _ := d.Find("#playground").Attr("data-lang"); v != "zh-CN" {
		t.Errorf("data-lang = %q", v)
	}
	// The profile help keeps its code elements inside the Chinese sentence.
	if n := d.Find("#sim-profile-help code").Length(); n != 2 {
		t.Errorf("profile help has %d code elements, want 2", n)
	}
	marked := 0
	for _, attr := range []string{"data-i18n", "data-i18n-title", "data-i18n-aria-label"} {
		d.Find("[" + attr + "]").Each(func(_ int, s *goquery.Selection) {
			marked++
			id, _ := s.Attr(attr)
			if _, ok := zh.Lookup(id); !ok || !i18n.EnglishCatalogue().Has(id) {
				t.Errorf("%s=%q is not in both catalogues", attr, id)
			}
		})
	}
	if marked < 30 {
		t.Errorf("only %d marked words; the script could not re-render the page", marked)
	}
	// The header's switch offers English at its own address (the script
	// switches in place and moves there); the nav's playground is /zh/.
	sw := d.Find(`[data-testid="lang-switch"]`)
	if l, _ := sw.Attr("data-lang"); l != "en" || sw.Text() != "English" {
		t.Errorf("language switch offers %q (%q)", l, sw.Text())
	}
	if href, _ := sw.Attr("href"); href != "/" {
		t.Errorf("language switch href = %q", href)
	}
	if href := d.Find(`.site-header nav a`).First().AttrOr("href", ""); href != "/zh/" {
		t.Errorf("the nav's playground is %q, want /zh/", href)
	}
	if href := d.Find(`link[rel=alternate][hreflang=zh-CN]`).AttrOr("href", ""); !strings.HasSuffix(href, "/zh/") {
		t.Errorf("hreflang zh-CN = %q", href)
	}
}

// TestEditorScriptIDs: every catalogue id the playground's scripts name
// ("ui.playground.…" literally, or a template with the end filled in from
// a known list) is in the English catalogue, so no reader sees an id.
func TestEditorScriptIDs(t *testing.T) {
	files, err := filepath.Glob("../site/editor/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	en := i18n.EnglishCatalogue()
	lit := regexp.MustCompile("[\"`](ui\\.[A-Za-z0-9.-]*[A-Za-z0-9])[\"`]")
	tmpl := regexp.MustCompile("`(ui\\.[A-Za-z0-9.-]+)\\$\\{[^}]*\\}([A-Za-z0-9.]*)`")
	// The values the templates are filled with.
	ends := []string{"error", "warning", "info", "selected", "skipped", "not-reached", "too-large", "damaged", "version", "empty", "slow"}
	// signature outcomes (core/signature.Outcome), for the signatures panel
	ends = append(ends, "verified", "invalid", "key-unavailable", "alg-refused", "malformed")
	for _, s := range selection.Presets {
		ends = append(ends, s.ID)
	}
	for _, topic := range []string{"syntax", "structure", "identity", "interfaces", "legacy", "capabilities", "modes", "skills", "security", "signatures", "http", "other"} {
		ends = append(ends, topic)
	}
	for _, id := range []string{"minimal", "full", "three-interfaces", "legacy", "mixed", "broken"} {
		ends = append(ends, id)
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(data), -1) {
			n++
			if !en.Has(m[1]) {
				t.Errorf("%s: %s is not in the English catalogue", filepath.Base(f), m[1])
			}
		}
		for _, m := range tmpl.FindAllStringSubmatch(string(data), -1) {
			found := 0
			for _, e := range ends {
				if en.Has(m[1] + e + m[2]) {
					found++
				}
			}
			if found == 0 {
				t.Errorf("%s: no id matches %s…%s", filepath.Base(f), m[1], m[2])
			}
			n++
		}
	}
	// Every topic of the rule catalogue has a heading.
	for _, r := range lint.Rules() {
		if !en.Has("ui.playground.topic." + r.Topic) {
			t.Errorf("topic %s of %s has no heading", r.Topic, r.Code)
		}
	}
	if n < 60 {
		t.Errorf("only %d ids found in the scripts; is the pattern right?", n)
	}
}

// The tools are in the page before any script runs: Fix all, Migrate
// (hidden until the script sees a legacy card), the profile switch with
// publish pressed, the SDK list and the signatures panel (hidden until a
// signed card), with the verifier's asset named for the script. In
// Chinese their words come from the catalogue.
func TestEditorPageTools(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Chinese} {
		d := render(t, EditorPage(EditorView{Lang: lang, Assets: EditorAssets{Wasm: "/assets/editor.3.wasm", Verifier: "/assets/verifier.5.wasm"}}))
		for _, id := range []string{"fix-all", "migrate", "lint-profile", "sim-sdks", "signatures", "sig-key", "sig-verify", "tool-report"} {
			if d.Find(`[data-testid="`+id+`"]`).Length() != 1 {
				t.Errorf("%s: no single data-testid=%q", lang, id)
			}
		}
		if v, _ := d.Find("#playground").Attr("data-verifier"); v != "/assets/verifier.5.wasm" {
			t.Errorf("data-verifier = %q", v)
		}
		for _, id := range []string{"migrate", "signatures", "tool-report"} {
			if _, hidden := d.Find(`[data-testid="` + id + `"]`).Attr("hidden"); !hidden {
				t.Errorf("%s is shown before the script knows the card", id)
			}
		}
		var pressed []string
		d.Find(`[data-testid="lint-profile-choice"]`).Each(func(_ int, s *goquery.Selection) {
			p, _ := s.Attr("data-lint-profile")
			a, _ := s.Attr("aria-pressed")
			pressed = append(pressed, p+"="+a)
		})
		if strings.Join(pressed, " ") != "publish=true local=false" {
			t.Errorf("profile switch %v", pressed)
		}
		want := catalog.Of(lang).Render(i18n.T("ui.playground.fixAll"))
		if got := d.Find(`[data-testid="fix-all"]`).Text(); got != want {
			t.Errorf("%s: Fix all reads %q, want %q", lang, got, want)
		}
	}
}
