package e2e

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestE2EPlaygroundBeforeEditor: what a reader sees before the editor
// exists (docs/ARCHITECTURE.md, Browser API): the card's text in the editor's box,
// its findings listed and data-checker="ready", with no CodeMirror loaded;
// the first click into the text makes the editor with the caret where the
// reader clicked, the text where it was and the findings marked in it; a
// finding's position pressed before the editor exists selects its place
// in the editor made for it.
func TestE2EPlaygroundBeforeEditor(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	sample, err := os.ReadFile(filepath.Join(repoRoot(t), "site", "samples", "minimal.json"))
	if err != nil {
		t.Fatal(err)
	}
	notLoaded := `!document.querySelector(".cm-editor") && typeof agentcardPlayground === "undefined" && !document.getElementById("playground").dataset.editor`

	// A first visit: the first sample.
	resetRequested()
	do(t, ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#playground[data-checker="ready"]`))
	if !eval[bool](t, ctx, notLoaded) {
		t.Fatal("the editor was made before the reader asked for it")
	}
	// Go's wasm_exec.js is part of the engine worker's script: a request
	// of its own waited behind the wasm (scripts/buildsite).
	if os.Getenv("AGENTCARD_E2E_BASE") == "" {
		if n := requested("/assets/wasm_exec."); n != 0 {
			t.Errorf("wasm_exec.js was requested %d times for the first findings; the worker's script has it", n)
		}
		if requested("/assets/engine-worker.") == 0 || requested("/assets/editor.") == 0 {
			t.Error("the request count missed the worker's script or the wasm")
		}
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll('[data-testid="editor-light"] .el-tx')].map((e) => e.textContent.replace(/\u200b/g, "")).join("\n")`); got != string(sample) && got+"\n" != string(sample) {
		t.Errorf("the text shown is not the first sample:\n%s", got)
	}
	if s := eval[string](t, ctx, `document.getElementById("diag-summary").textContent`); s == "" {
		t.Error("no summary of the findings before the editor exists")
	}

	// A reader's own saved text with findings: listed before the editor.
	card := readCard(t, "broken-common-mistakes.json")
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("agentcard.editor.text", %s), true)`, jsString(card)))
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(`#playground[data-checker="ready"]`))
	if !eval[bool](t, ctx, notLoaded) {
		t.Fatal("the editor was made before the reader asked for it (saved text)")
	}
	before := panel(t, ctx)
	if len(before) == 0 {
		t.Fatal("no findings listed before the editor exists")
	}
	for _, d := range before {
		if d.Code == "" || d.Severity == "" || d.Line < 1 {
			t.Errorf("finding without code, severity or line: %+v", d)
		}
	}
	status := eval[string](t, ctx, `document.getElementById("status").textContent`)
	if status == "" {
		t.Error("the status line says nothing once the findings are shown")
	}

	// Click into the text, inside the word "name" of the first key.
	target := eval[map[string]float64](t, ctx, `(() => {
		const tx = [...document.querySelectorAll('[data-testid="editor-light"] .el-tx')].find((e) => e.textContent.includes('"name"'));
		const i = tx.textContent.indexOf('"name"') + 3;
		const r = document.createRange(); r.setStart(tx.firstChild, i); r.setEnd(tx.firstChild, i + 1);
		const b = r.getBoundingClientRect();
		return {x: b.left + 1, y: b.top + b.height / 2, offset: Number(tx.dataset.from) + i, lineTop: tx.getBoundingClientRect().top, lineLeft: tx.getBoundingClientRect().left,
			box: document.querySelector('[data-testid="editor"]').getBoundingClientRect().height,
			heading: document.getElementById("diag-title").getBoundingClientRect().top} })()`)
	do(t, ctx, chromedp.MouseClickXY(target["x"], target["y"]), chromedp.WaitVisible(`.cm-content`))
	waitFor(t, ctx, `document.getElementById("playground").dataset.editor === "ready"`)
	got := eval[map[string]any](t, ctx, fmt.Sprintf(`(() => {
		const v = agentcardPlayground.view;
		const line = [...document.querySelectorAll(".cm-line")].find((e) => e.textContent.includes('"name"')).getBoundingClientRect();
		return {head: v.state.selection.main.head, focused: v.hasFocus, text: v.state.doc.toString() === %s, lineTop: line.top, lineLeft: line.left,
			box: document.querySelector('[data-testid="editor"]').getBoundingClientRect().height,
			heading: document.getElementById("diag-title").getBoundingClientRect().top} })()`, jsString(card)))
	if got["head"] != target["offset"] {
		t.Errorf("the caret is at %v after the first click, want %v (where the reader clicked)", got["head"], target["offset"])
	}
	if got["focused"] != true || got["text"] != true {
		t.Errorf("after the first click: focused %v, the saved text %v", got["focused"], got["text"])
	}
	for _, k := range []string{"lineTop", "lineLeft", "box", "heading"} {
		if d := math.Abs(got[k].(float64) - target[k]); d > 3 {
			t.Errorf("%s moved by %.1f px when the editor replaced the text", k, d)
		}
	}
	waitFor(t, ctx, `document.querySelectorAll(".cm-lintRange, .cm-lint-marker").length > 0`)
	if after := panel(t, ctx); len(after) != len(before) {
		t.Errorf("%d findings with the editor, %d before it", len(after), len(before))
	}

	// A finding's position pressed before the editor exists.
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(`#playground[data-checker="ready"]`))
	if !eval[bool](t, ctx, notLoaded) {
		t.Fatal("the editor was made before the reader asked for it (reload)")
	}
	want := eval[map[string]float64](t, ctx, `(() => { const d = [...document.querySelectorAll('[data-testid="diagnostic"]')].find((e) => +e.dataset.to > +e.dataset.from);
		d.querySelector(".diag-loc").click(); return {from: +d.dataset.from, to: +d.dataset.to} })()`)
	waitFor(t, ctx, `window.agentcardPlayground && agentcardPlayground.view.hasFocus && agentcardPlayground.view.state.selection.main.to > 0`)
	sel := eval[map[string]float64](t, ctx, `(() => { const s = agentcardPlayground.view.state.selection.main; return {from: s.from, to: s.to} })()`)
	if sel["from"] != want["from"] || sel["to"] != want["to"] {
		t.Errorf("the finding pressed before the editor existed selects %v, want %v", sel, want)
	}

	// The relaxed profile kept in this browser: the summary a reader sees
	// before the editor says so exactly as the editor's own summary does.
	eval[bool](t, ctx, `(localStorage.setItem("agentcard.lint.profile", "local"), true)`)
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(`#playground[data-checker="ready"]`))
	if !eval[bool](t, ctx, notLoaded) {
		t.Fatal("the editor was made before the reader asked for it (local profile)")
	}
	summary := `(() => { const s = document.getElementById("diag-summary"); return s.dataset.profile + "|" + s.textContent })()`
	first := eval[string](t, ctx, summary)
	eval[bool](t, ctx, `agentcardEditor()`)
	waitFor(t, ctx, `document.getElementById("playground").dataset.editor === "ready"`)
	eval[bool](t, ctx, `(() => { document.getElementById("diag-summary").textContent = ""; agentcardPlayground.lintNow(); return true })()`)
	waitFor(t, ctx, `document.getElementById("diag-summary").textContent !== ""`)
	if after := eval[string](t, ctx, summary); !strings.HasPrefix(first, "local|") || first != after {
		t.Errorf("summary before the editor %q, the editor's %q (want the same, in the local profile)", first, after)
	}
}
