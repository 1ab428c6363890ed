package e2e

import (
	"github.com/chromedp/chromedp"
	"strings"
	"testing"
)

// related is a related-location control of the findings panel as the page
// renders it.
type related struct {
	Code string `json:"code"`
	Text string `json:"text"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// A duplicate key's finding links its first occurrence: the panel shows
// "first defined here: line N", clicking it selects the first "name" (not
// the duplicate), and the editor marks that place.
func TestE2ERelatedFirstOccurrence(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")
	card := readCard(t, "broken-duplicate-key-cjk.json")
	typeCard(t, ctx, card)
	links := eval[[]related](t, ctx, `[...document.querySelectorAll('[data-testid="related"]')].map(e => ({
		code: e.closest('[data-testid="diagnostic"]').dataset.code, text: e.textContent, from: +e.dataset.from, to: +e.dataset.to}))`)
	if len(links) != 1 {
		t.Fatalf("related links = %+v, want one", links)
	}
	l := links[0]
	if l.Code != "json-duplicate-key" || l.Text != "first defined here: line 1" {
		t.Errorf("related link = %+v, want json-duplicate-key's \"first defined here: line 1\"", l)
	}
	first := strings.Index(card, `"name"`)
	// The card's text before the first "name" is ASCII, so the UTF-16 and
	// byte offsets agree there.
	if l.From != first {
		t.Errorf("related link starts at %d, want the first \"name\" at %d", l.From, first)
	}

	// Put the cursor elsewhere, then follow the link.
	do(t, ctx, chromedp.Click(`[data-testid="diagnostic"][data-code="json-duplicate-key"] .diag-loc`))
	dupFrom := eval[int](t, ctx, `agentcardPlayground.view.state.selection.main.from`)
	if dupFrom == first {
		t.Fatalf("the finding itself is at the first occurrence (%d)", dupFrom)
	}
	do(t, ctx, chromedp.Click(`[data-testid="related"]`))
	sel := eval[[]any](t, ctx, `(() => { const s = agentcardPlayground.view.state.selection.main; return [s.from, agentcardPlayground.view.state.sliceDoc(s.from, s.to)] })()`)
	if int(sel[0].(float64)) != first || sel[1] != `"name"` {
		t.Errorf("the related link selected %v, want %q at %d", sel, `"name"`, first)
	}

	// The editor marks the first occurrence with a secondary mark.
	marks := eval[[]string](t, ctx, `[...document.querySelectorAll('.cm-related')].map(e => e.textContent)`)
	if len(marks) != 1 || marks[0] != `"name"` {
		t.Errorf("secondary marks cover %q, want the first \"name\"", marks)
	}
	screenshot(t, ctx, "playground-related.png")
}
