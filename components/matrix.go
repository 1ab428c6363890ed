package components

import (
	"context"
	"html"
	"io"
	"strings"

	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/sdk"
)

// SDKMatrixView is the compatibility matrix (core/sdk.Check) in one
// language: per official SDK at its pinned release, does its card reader
// load the card, which entry does its client select, does its verifier
// accept a signature, and where the row comes from.
type SDKMatrixView struct {
	Lang i18n.Lang
	// Rows are core/sdk's, their sentences in Lang.
	Rows []sdk.Row
}

// NewSDKMatrix describes core/sdk's rows in language l (the caller's rows
// are left as they are); nil without rows.
func NewSDKMatrix(l i18n.Lang, rows []sdk.Row) *SDKMatrixView {
	if len(rows) == 0 {
		return nil
	}
	v := &SDKMatrixView{Lang: l, Rows: append([]sdk.Row(nil), rows...)}
	cat := Catalogue(l)
	for i := range v.Rows {
		v.Rows[i].Localize(cat)
	}
	return v
}

// said reports whether a cell's sentence is worth a line under the table:
// a refusal, an error, a signature verdict (not a plain yes about the
// card, nor "no signatures").
func said(c sdk.Cell) bool {
	return c.Answer == sdk.No || c.Answer == sdk.Error || c.Answer == sdk.Unchecked
}

// SDKMatrix renders the matrix: a table of official SDK × loads / selects
// / verifies (each cell a short word with its sentence as a tooltip), then
// the sentences behind the answers that need one (a refusal with its
// upstream issue, a signature verdict) and a2a-python's "not verified
// against the running SDK". It is written out by hand rather than in
// templ: the generated code would be four times the size in the Worker's
// size-limited bundle. Every text is escaped; card-given text is clipped.
func SDKMatrix(m *SDKMatrixView) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		if m == nil || len(m.Rows) == 0 {
			return nil
		}
		l, cat := m.Lang, Catalogue(m.Lang)
		var b strings.Builder
		esc := func(s string) string { return html.EscapeString(clip(s, maxMessage)) }
		b.WriteString(`<div class="sdk-matrix" data-testid="sdk-matrix"><h3>` + esc(tr(l, "ui.matrix.title")) + `</h3><p class="note">` + esc(tr(l, "ui.matrix.note")) +
			`</p><div class="table-scroll"><table><thead><tr>`)
		for _, id := range []string{"ui.matrix.sdk", "ui.matrix.loads", "ui.matrix.selects", "ui.matrix.verifies", "ui.matrix.basis"} {
			b.WriteString(`<th scope="col">` + esc(tr(l, id)) + `</th>`)
		}
		b.WriteString(`</tr></thead><tbody>`)
		cols := [3]string{"loads", "selects", "verifies"}
		for _, r := range m.Rows {
			cells, words := [3]sdk.Cell{r.Loads, r.Selects, r.Verifies}, r.Labels(cat)
			b.WriteString(`<tr data-testid="sdk-matrix-row" data-sdk="` + esc(string(r.SDK)) + `" data-basis="` + esc(string(r.Basis)) + `"`)
			for i, c := range cells {
				b.WriteString(` data-` + cols[i] + `="` + esc(string(c.Answer)) + `"`)
			}
			b.WriteString(`><th scope="row">` + esc(r.SDK.Name()) + `</th>`)
			for i, c := range cells {
				b.WriteString(`<td data-col="` + cols[i] + `" data-answer="` + esc(string(c.Answer)) + `" title="` + esc(c.Message) +
					`"><span class="badge ` + matrixBadge(c.Answer) + `">` + esc(words[i]) + `</span></td>`)
			}
			source := ""
			if len(r.Sources) > 0 {
				source = r.Sources[0].URL
			}
			b.WriteString(`<td class="note" data-testid="sdk-matrix-basis">` + linkHTML(source, r.BasisLabel(cat), "") + `</td></tr>`)
		}
		b.WriteString(`</tbody></table></div><ul class="notes">`)
		for _, r := range m.Rows {
			for _, c := range [2]sdk.Cell{r.Loads, r.Verifies} {
				if !said(c) {
					continue
				}
				b.WriteString(`<li data-testid="sdk-matrix-note" data-sdk="` + esc(string(r.SDK)) + `">` + esc(c.Message))
				if c.Issue != "" {
					b.WriteString(" " + linkHTML(c.Issue, tr(l, "ui.matrix.issue", c.Issue), "sdk-matrix-issue"))
				}
				b.WriteString(`</li>`)
			}
			if r.Basis == sdk.Unverified {
				b.WriteString(`<li data-testid="sdk-matrix-unverified" data-sdk="` + esc(string(r.SDK)) + `">` + esc(r.Note) + `</li>`)
			}
		}
		b.WriteString(`</ul></div>`)
		_, err := io.WriteString(w, b.String())
		return err
	})
}

// linkHTML is text as an external link to href when NewLink accepts it
// (http or https with a host), else as plain text.
func linkHTML(href, text, testid string) string {
	l := NewLink(href)
	if l.Href == "" {
		return html.EscapeString(text)
	}
	a := `<a href="` + html.EscapeString(string(l.Href)) + `" rel="nofollow noopener noreferrer"`
	if testid != "" {
		a += ` data-testid="` + testid + `"`
	}
	return a + `>` + html.EscapeString(clip(text, maxMessage)) + `</a>`
}

// matrixBadge is a cell's badge class: yes is fine, no and error are
// errors, the rest (not reached, n/a, needs the key) information.
func matrixBadge(a sdk.Answer) string {
	switch a {
	case sdk.Yes:
		return "ok"
	case sdk.No, sdk.Error:
		return "error"
	}
	return "info"
}
