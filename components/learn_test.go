package components

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
)

func TestRulePages(t *testing.T) {
	r := RuleDoc{Code: "interface-binding-case", Severity: "error", Topic: "Interfaces", TopicID: "interfaces", Title: "Binding spelled wrong",
		Explanation: "Clients compare <exactly>.", HowToFix: "Write JSONRPC.", Spec: "A2A v1.0 §8.3.1 Supported Interfaces Declaration",
		BasisKind: "must", BasisLabel: "MUST / REQUIRED", BasisNote: "Each interface must declare its binding accurately.",
		Refs: []RefDoc{{Text: "A2A v1.0 §8.3.1 Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"}},
		Bad:  `"protocolBinding": "jsonrpc"`, Good: `"protocolBinding": "JSONRPC"`, Fragment: true,
		BadDiff:     []DiffPiece{{Text: `"protocolBinding": "`}, {Text: "jsonrpc", Op: "del"}, {Text: `"`}},
		Fixed:       []DiffPiece{{Text: `"protocolBinding": "`}, {Text: "JSONRPC", Op: "ins"}, {Text: `"`}},
		Terms:       []Term{{ID: "binding", Title: "Protocol binding"}},
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
	if got := d.Find(`[data-testid="example-bad"] pre del`).Text(); got != "jsonrpc" {
		t.Errorf("the bad example marks %q as removed", got)
	}
	// The fixed example is the good one, whole, with the change marked.
	fixed := d.Find(`[data-testid="example-fixed"]`)
	if fixed.Text() != r.Good || fixed.Find("ins").Text() != "JSONRPC" {
		t.Errorf("fixed example %q, marked %q", fixed.Text(), fixed.Find("ins").Text())
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
	// Glossary terms: the severity badge and the topic's terms.
	if href := d.Find(`[data-testid="rule-severity"]`).AttrOr("href", ""); href != "/learn/glossary/#severity" {
		t.Errorf("severity badge links to %q", href)
	}
	if href := d.Find(`[data-testid="rule-terms"] a`).AttrOr("href", ""); href != "/learn/glossary/#binding" {
		t.Errorf("term links to %q", href)
	}
	if href := d.Find(`[data-testid="rule-breadcrumb"] a`).Last().AttrOr("href", ""); href != "/rules/#interfaces" {
		t.Errorf("breadcrumb topic links to %q", href)
	}

	zh := render(t, RulePage(i18n.Chinese, r, nil))
	if href := zh.Find(`[data-testid="rule-terms"] a`).AttrOr("href", ""); href != "/zh/learn/glossary/#binding" {
		t.Errorf("Chinese term links to %q", href)
	}

	idx := render(t, RulesIndex(i18n.English, []RuleTopic{{ID: "interfaces", Title: "Interfaces", Rules: []RuleDoc{r}}}, nil, "/assets/rules.x.js"))
	if href, _ := idx.Find(`[data-testid="rule"] a`).Attr("href"); href != RuleHref(i18n.English, r.Code) {
		t.Errorf("index links to %q", href)
	}
	row := idx.Find(`[data-testid="rule"]`)
	if row.AttrOr("data-severity", "") != "error" || !strings.Contains(row.AttrOr("data-search", ""), "binding spelled wrong") {
		t.Errorf("rule row attributes %v", row.Nodes[0].Attr)
	}
	if idx.Find(`script[src="/assets/rules.x.js"]`).Length() != 1 {
		t.Error("the filter script is not loaded")
	}
	if idx.Find(`[data-testid="rule-search"]`).Length() != 1 || idx.Find(`[data-testid="rule-severity-filter"]`).Length() != 3 {
		t.Error("no search box or severity filter")
	}
	if idx.Find(`label:has([data-testid="rule-search"]), label[for="rule-search"]`).Length() != 1 {
		t.Error("the search box has no label")
	}
	if got := idx.Find(`[data-testid="rule-topic"]`).AttrOr("data-topic", ""); got != "interfaces" {
		t.Errorf("topic section %q", got)
	}
	if got := idx.Find(`[data-testid="rule-count"]`).Text(); got != tr(i18n.English, "ui.ref.rules.shown", 1, 1) {
		t.Errorf("count %q", got)
	}
}

func TestFieldsPage(t *testing.T) {
	objs := []FieldObject{{Name: "AgentCard", Example: `{"name": "x"}`,
		Refs: []RefDoc{{Text: "A2A v1.0 §4.4.1 AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"}},
		Fields: []FieldDoc{
			{Object: "AgentCard", Name: "supportedInterfaces", Type: "[]AgentInterface", TypeWords: TypeWords(i18n.English, "[]AgentInterface"), TypeRef: "AgentInterface", Required: "required", Eras: "1.0",
				Term: &Term{ID: "interface", Title: "Interface"}},
			{Object: "AgentCard", Name: "url", Type: "string", TypeWords: TypeWords(i18n.English, "string"), Required: "required in 0.3, 0.2", Eras: "0.3, 0.2", Replacement: "supportedInterfaces[0].url"},
		}}}
	d := render(t, FieldsPage(i18n.English, objs, nil))
	if n := d.Find(`[data-testid="field"]`).Length(); n != 2 {
		t.Fatalf("%d fields", n)
	}
	if id, _ := d.Find(`[data-testid="field"]`).First().Attr("id"); id != "AgentCard.supportedInterfaces" {
		t.Errorf("anchor %q", id)
	}
	first := d.Find(`[data-testid="field-type"]`).First()
	if href := first.Find("a").AttrOr("href", ""); href != "#AgentInterface" {
		t.Errorf("type link %q", href)
	}
	if got := strings.TrimSpace(first.Text()); got != "array of AgentInterface objects" {
		t.Errorf("type in words %q", got)
	}
	if d.Find(`[data-testid="object-example"] code`).Text() != `{"name": "x"}` {
		t.Error("no object example")
	}
	if href := d.Find(`[data-testid="object-refs"] a`).AttrOr("href", ""); href != objs[0].Refs[0].URL {
		t.Errorf("object reference links to %q", href)
	}
	if href := d.Find(`[data-testid="fields-versions"] a`).AttrOr("href", ""); href != "/learn/glossary/#era" {
		t.Errorf("era links to %q", href)
	}
	if href := d.Find(`[data-testid="field"] [data-testid="glossary-link"]`).AttrOr("href", ""); href != "/learn/glossary/#interface" {
		t.Errorf("field term links to %q", href)
	}
}

// Every type of the field catalogue reads as JSON people write it, in
// every language: no Go spelling ("[]", "map["), object types as separate
// pieces (linked by the page), the words from the language's catalogue.
func TestTypeWords(t *testing.T) {
	for _, l := range i18n.Langs() {
		for _, f := range card.Fields() {
			got := TypeText(l, f.Type)
			if strings.Contains(got, "[") || strings.Contains(got, "map") && l == i18n.Chinese {
				t.Errorf("%s %s.%s: %q reads %q", l, f.Object, f.Name, f.Type, got)
			}
			var objects []string
			for _, p := range TypeWords(l, f.Type) {
				if p.Object != "" {
					objects = append(objects, p.Object)
				}
			}
			if name := strings.Trim(strings.NewReplacer("[]", "", "map[", "").Replace(f.Type), "]"); isTypeName(name) && (len(objects) != 1 || objects[0] != name) {
				t.Errorf("%s %s: object pieces %v", l, f.Type, objects)
			}
		}
	}
	for expr, want := range map[string]string{
		"string":              "string",
		"boolean":             "boolean",
		"object":              "free-form object",
		"[]string":            "array of strings",
		"[]AgentInterface":    "array of AgentInterface objects",
		"map[SecurityScheme]": "object whose values are SecurityScheme objects",
		"map[string]":         "object whose values are strings",
		"[]map[[]string]":     "array of objects whose values are arrays of strings",
		"AgentProvider":       "AgentProvider object",
		"map[":                "map[", // not a type expression: shown as written
	} {
		if got := TypeText(i18n.English, expr); got != want {
			t.Errorf("%q reads %q, want %q", expr, got, want)
		}
	}
	for expr, want := range map[string]string{
		"[]string":            "字符串数组",
		"map[SecurityScheme]": "值为 SecurityScheme 对象的对象",
		"[]AgentInterface":    "AgentInterface 对象数组",
		"[]map[[]string]":     "值为字符串数组的对象数组",
	} {
		if got := TypeText(i18n.Chinese, expr); got != want {
			t.Errorf("zh %q reads %q, want %q", expr, got, want)
		}
	}
}
