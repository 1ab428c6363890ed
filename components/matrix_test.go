package components

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/sdk"
)

// matrixCard has the specification's securityRequirements shape, which
// a2a-go's card reader refuses (a2a-go issue #430), and is signed.
const matrixCard = `{"name":"x","description":"d","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
"supportedInterfaces":[{"url":"https://a.example/1","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
"securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}},
"securityRequirements":[{"schemes":{"bearer":{"list":["read"]}}}],
"signatures":[{"protected":"eyJhbGciOiJFUzI1NiIsImtpZCI6ImsiLCJ0eXAiOiJKT1NFIn0","signature":"AAAA"}]}`

// TestSDKMatrixView: the report's compatibility matrix has a row per SDK
// with its three answers as data attributes and short words, the refusal
// and its upstream issue under the table, a2a-python's row saying it is
// not verified against the running SDK, in both languages.
func TestSDKMatrixView(t *testing.T) {
	rep := discovery.Analyze(fetched(matrixCard), lint.Lint, lint.Options{})
	rows := sdk.Check(rep.Result.Doc, sdk.Options{})
	for _, l := range []i18n.Lang{i18n.English, i18n.Chinese} {
		v := reportView(t, rep, l)
		v.SDKMatrix = NewSDKMatrix(l, rows)
		d := render(t, ReportPage(v))
		m := d.Find(`[data-testid=interfaces] [data-testid=sdk-matrix]`)
		if m.Length() != 1 {
			t.Fatalf("%s: no matrix in the interfaces section", l)
		}
		if h := m.Find("h3").Text(); h != tr(l, "ui.matrix.title") {
			t.Errorf("%s: heading %q", l, h)
		}
		trs := m.Find(`[data-testid=sdk-matrix-row]`)
		if trs.Length() != 3 {
			t.Fatalf("%s: %d rows", l, trs.Length())
		}
		goRow := m.Find(`[data-testid=sdk-matrix-row][data-sdk=a2a-go]`)
		if goRow.AttrOr("data-loads", "") != "no" || goRow.AttrOr("data-selects", "") != "not-reached" || goRow.AttrOr("data-verifies", "") != "n/a" {
			t.Errorf("%s: a2a-go row %v", l, goRow.Nodes[0].Attr)
		}
		if w := goRow.Find(`[data-col=loads] .badge`).Text(); w != tr(l, "ui.matrix.answer.no") {
			t.Errorf("%s: a2a-go loads shows %q", l, w)
		}
		for _, s := range []string{"a2a-python", "a2a-js"} {
			r := m.Find(`[data-testid=sdk-matrix-row][data-sdk=` + s + `]`)
			if r.AttrOr("data-loads", "") != "yes" || r.AttrOr("data-selects", "") != "yes" || r.AttrOr("data-verifies", "") != "unchecked" {
				t.Errorf("%s: %s row %v", l, s, r.Nodes[0].Attr)
			}
			if w := r.Find(`[data-col=selects] .badge`).Text(); w != tr(l, "ui.matrix.entry", 0) {
				t.Errorf("%s: %s selects shows %q", l, s, w)
			}
		}
		if b := m.Find(`[data-sdk=a2a-python] [data-testid=sdk-matrix-basis]`).Text(); strings.TrimSpace(b) != tr(l, "ui.matrix.basis.model-unverified") {
			t.Errorf("%s: a2a-python basis %q", l, b)
		}
		if m.Find(`[data-testid=sdk-matrix-unverified][data-sdk=a2a-python]`).Length() != 1 {
			t.Errorf("%s: a2a-python's row does not say it is not verified against the running SDK", l)
		}
		issue := m.Find(`[data-testid=sdk-matrix-note][data-sdk=a2a-go] [data-testid=sdk-matrix-issue]`)
		if issue.AttrOr("href", "") != "https://github.com/a2aproject/a2a-go/issues/430" {
			t.Errorf("%s: the refusal's upstream issue is not linked: %q", l, issue.AttrOr("href", ""))
		}
		if l == i18n.Chinese && !hasHanText(m.Find(`[data-testid=sdk-matrix-note]`).First().Text()) {
			t.Errorf("the refusal is not in Chinese: %q", m.Find(`[data-testid=sdk-matrix-note]`).First().Text())
		}
	}
	v := reportView(t, rep, i18n.English)
	if d := render(t, ReportPage(v)); d.Find(`[data-testid=sdk-matrix]`).Length() != 0 {
		t.Error("a report without a matrix shows one")
	}
}
