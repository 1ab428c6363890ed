package e2e

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// The preview's interface table shows the engine's list (card.Interfaces),
// row by row as the user reads it: the legacy card's version cut to "0.3"
// (the page once showed "0.3.0"), a 1.0 entry's transport not read as its
// binding, and supportedInterfaces winning over the legacy members.
func TestE2EPreviewInterfaces(t *testing.T) {
	cases := []struct{ name, text string }{
		{"legacy-0.3", readCard(t, "legacy-0.3.json")},
		{"mixed-inconsistent", readCard(t, "mixed-inconsistent.json")},
		{"transport in a 1.0 entry", `{"name": "x", "supportedInterfaces": [{"url": "https://a.example/x", "transport": "GRPC", "protocolVersion": "1.0"}]}`},
	}
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A text that is not an object clears the preview, so the table
			// read below is the one drawn for this card.
			typeCard(t, ctx, `[]`)
			run(t, ctx, chromedp.Poll[bool](`!document.querySelector('#preview .card-summary')`, chromedp.WithPollingTimeout(5*time.Second)))
			typeCard(t, ctx, c.text)
			rows := run(t, ctx, chromedp.Poll[[][]string](`document.querySelector('#preview .card-summary') &&
				[...document.querySelectorAll('#preview table.interfaces tbody tr')].map(tr => [...tr.cells].map(td => td.textContent))`,
				chromedp.WithPollingTimeout(5*time.Second)))
			want := card.Interfaces(jsonpos.Parse([]byte(c.text), jsonpos.Options{}).Root)
			if len(want) == 0 {
				t.Fatal("the case has no interfaces: it would check nothing")
			}
			if len(rows) != len(want) {
				t.Fatalf("preview shows %d interfaces %q, engine has %d", len(rows), rows, len(want))
			}
			for i, w := range want {
				exp := []string{strconv.Itoa(w.Index), w.Binding, w.Version, w.URL, w.Tenant}
				if fmt.Sprint(rows[i]) != fmt.Sprint(exp) {
					t.Errorf("row %d reads %q, engine has %q", i, rows[i], exp)
				}
			}
		})
	}
}
