package components

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
)

func TestRulePages(t *testing.T) {
	r := RuleDoc{Code: "interface-binding-case", Severity: "error", Topic: "Interfaces", Title: "Binding spelled wrong",
		Explanation: "Clients compare <exactly>.", HowToFix: "Write JSONRPC.", Spec: "A2A v1.0 §8.3.1 Supported Interfaces Declaration",
		BasisKind: "must", BasisLabel: "MUST / REQUIRED", BasisNote: "Each interface must declare its binding accurately.",
		Refs: []RefDoc{{Text: "A2A v1.0 §8.3.1 Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"}},
		Bad:  `"protocolBinding": "jsonrpc"`, Good: `"protocolBinding": "JSONRPC"`, Fragment: true,
		BadFindings: []string{"line 3: binding"}, BadLink: "/#c=1.abc", GoodLink: "/#c=1.def"}
	d := render(t, RulePage(i18n.English, r, nil))
	page := d.Find(`[data-testid="rule-page"]`)
	if code, _ := page.Attr("data-code"); code != r.Code {
		t.Errorf("data-code = %q", code)
	}
	if got := d.Find(`[data-testid="rule-explanation"]`).Text(); got != r.Explanation {
		t.Errorf("explanation %q (must be escaped text)", got)
	}
	if href, _ := d.Find(`[data-testid="try-bad"]`).Attr("href"); href != "/#c=1.abc" {
		t.Errorf("try link %q", href)
	}
	if !strings.Contains(d.Find(`[data-testid="example-bad"] pre`).Text(), "jsonrpc") {
		t.Error("bad example missing")
	}
	if kind, _ := d.Find(`[data-testid="rule-basis"]`).Attr("data-basis"); kind != "must" {
		t.Errorf("basis %q", kind)
	}
	if !strings.Contains(d.Find(`[data-testid="rule-basis"]`).Text(), r.BasisNote) {
		t.Error("basis note missing")
	}
	if href, _ := d.Find(`[data-testid="rule-refs"] a`).Attr("href"); href != r.Refs[0].URL {
		t.Errorf("reference links to %q", href)
	}
	if cur, _ := d.Find(`nav a[aria-current="page"]`).Attr("href"); cur != "/rules/" {
		t.Errorf("current nav entry = %q", cur)
	}

	idx := render(t, RulesIndex(i18n.English, []RuleTopic{{ID: "interfaces", Title: "Interfaces", Rules: []RuleDoc{r}}}, nil))
	if href, _ := idx.Find(`[data-testid="rule"] a`).Attr("href"); href != RuleHref(i18n.English, r.Code) {
		t.Errorf("index links to %q", href)
	}
}

func TestFieldsPage(t *testing.T) {
	objs := []FieldObject{{Name: "AgentCard", Fields: []FieldDoc{
		{Object: "AgentCard", Name: "supportedInterfaces", Type: "[]AgentInterface", TypeRef: "AgentInterface", Required: "required", Eras: "1.0"},
		{Object: "AgentCard", Name: "url", Type: "string", Required: "required in 0.3", Eras: "0.2, 0.3", Replacement: "supportedInterfaces[0].url"},
	}}}
	d := render(t, FieldsPage(i18n.English, objs, nil))
	if n := d.Find(`[data-testid="field"]`).Length(); n != 2 {
		t.Fatalf("%d fields", n)
	}
	if id, _ := d.Find(`[data-testid="field"]`).First().Attr("id"); id != "AgentCard.supportedInterfaces" {
		t.Errorf("anchor %q", id)
	}
	if href, _ := d.Find(`[data-testid="field"] a`).First().Attr("href"); href != "#AgentInterface" {
		t.Errorf("type link %q", href)
	}
}
