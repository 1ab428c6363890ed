package sdk

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/selection"
)

// specShaped is a complete 1.0 card whose security requirement has the
// specification's shape ({"list": [...]}) and nothing else to report.
const specShaped = `{
  "name": "Parcel Desk", "description": "Tracks parcels across three carriers and says when they arrive.", "version": "2.4.0",
  "supportedInterfaces": [{"url": "https://agents.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["application/json"],
  "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
  "securityRequirements": [{"schemes": {"bearer": {"list": ["parcels:read"]}}}],
  "skills": [{"id": "track", "name": "Track a parcel", "description": "Returns the last scan of a parcel.", "tags": ["parcels"], "examples": ["Where is NW-1?"]}]
}`

func findings(t *testing.T, src string, code string) []lint.Diagnostic {
	t.Helper()
	var out []lint.Diagnostic
	for _, d := range lint.Lint([]byte(src), lint.Options{}).Diagnostics {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// TestSpecShapedCardUnreadableByGo: the spec-shaped card gets
// sdk-card-unreadable naming a2a-go and its release, and a2a-go's own
// card parser refuses it; without the requirement every SDK reads the card
// and there is no such finding.
func TestSpecShapedCardUnreadableByGo(t *testing.T) {
	ds := findings(t, specShaped, "sdk-card-unreadable")
	if len(ds) != 1 || ds[0].Severity != lint.Warning || ds[0].Args[0] != "a2a-go" || ds[0].Args[1] != "v2.4.0" {
		t.Fatalf("findings %+v, want one warning naming a2a-go v2.4.0", ds)
	}
	if ds[0].Pointer != "/securityRequirements/0/schemes/bearer" || ds[0].Args[3] != selection.IssueGoScopes {
		t.Errorf("pointer %s, upstream %v", ds[0].Pointer, ds[0].Args[3])
	}
	_, err := agentcard.DefaultCardParser([]byte(specShaped))
	if err == nil || !strings.Contains(err.Error(), "SecuritySchemeScopes") {
		t.Fatalf("a2a-go's parser: %v, want the refusal of the StringList object", err)
	}
	var card map[string]any
	if err := json.Unmarshal([]byte(specShaped), &card); err != nil {
		t.Fatal(err)
	}
	delete(card, "securityRequirements")
	readable, _ := json.Marshal(card)
	if ds := findings(t, string(readable), "sdk-card-unreadable"); len(ds) != 0 {
		t.Errorf("a card every SDK reads gets %v", ds)
	}
	if _, err := agentcard.DefaultCardParser(readable); err != nil {
		t.Errorf("a2a-go refuses the card without requirements: %v", err)
	}
	for _, s := range selection.SDKs() {
		if r := selection.ReadCard(mustParse(t, readable), s); r.Refusal != nil {
			t.Errorf("%s refuses the card without requirements: %v", s, r.Refusal.Text)
		}
	}
}

func mustParse(t *testing.T, src []byte) *jsonpos.Node {
	t.Helper()
	doc := jsonpos.Parse(src, jsonpos.Options{})
	if doc.Root == nil || len(doc.Problems) > 0 {
		t.Fatalf("not a clean JSON document: %s", src)
	}
	return doc.Root
}

// TestGoRefusalsAreReported: over the sweep, every card a2a-go itself
// refuses gets a finding that says why (an error, sdk-card-unreadable,
// legacy-card for a 0.3 card, which a2a-go cannot use anyway, or
// null-value for a null scheme), and every sdk-card-unreadable naming
// a2a-go is a card a2a-go refuses; the linter's scan (SpecShapedRefusals)
// finds what the reader model finds.
func TestGoRefusalsAreReported(t *testing.T) {
	for _, c := range sweep(t) {
		res := lint.Lint(c.Card, lint.Options{})
		unreadable, errs := false, 0
		for _, d := range res.Diagnostics {
			if d.Code == "sdk-card-unreadable" && d.Args[0] == "a2a-go" {
				unreadable = true
			}
			if d.Severity == lint.Error || d.Code == "legacy-card" || d.Code == "null-value" {
				errs++
			}
		}
		_, err := agentcard.DefaultCardParser(c.Card)
		if unreadable && err == nil {
			t.Errorf("%s: sdk-card-unreadable names a2a-go, which reads the card", c.Name)
		}
		if err != nil && !unreadable && errs == 0 {
			t.Errorf("%s: a2a-go refuses the card (%v) and the linter reports neither an error nor sdk-card-unreadable", c.Name, err)
		}
		root := jsonpos.Parse(c.Card, jsonpos.Options{}).Root
		model := selection.ReadCard(root, selection.SDKGo).Refusal
		scan := selection.SpecShapedRefusals(root)
		if model != nil && model.SpecShaped && len(scan) == 0 || len(scan) > 0 && model == nil {
			t.Errorf("%s: the reader model's refusal %+v, the linter's scan %+v", c.Name, model, scan)
		}
	}
}

// TestTraceNeverSaysNoClient: wherever an SDK's client selects an entry of
// a sweep card, the specification's trace (the simulator's words, in every
// language) does not say that no client can match it.
func TestTraceNeverSaysNoClient(t *testing.T) {
	zh := catalog.Of(i18n.Chinese)
	for _, c := range sweep(t) {
		doc := jsonpos.Parse(c.Card, jsonpos.Options{})
		some := false
		for _, s := range selection.SDKs() {
			some = some || selection.SelectSDK(doc, s, selection.SDKOptions{}).Outcome == selection.Selected
		}
		if !some {
			continue
		}
		r := selection.Select(doc, selection.MustParseProfile(selection.SpecRowProfile))
		for _, cat := range []*i18n.Catalogue{i18n.EnglishCatalogue(), zh} {
			texts := []string{cat.Render(r.MessageText)}
			for _, st := range r.Trace {
				texts = append(texts, cat.Render(st.ReasonText))
			}
			for _, s := range texts {
				if strings.Contains(s, "no client") || strings.Contains(s, "任何客户端") {
					t.Errorf("%s: an SDK selects an entry, and the trace says %q", c.Name, s)
				}
			}
		}
	}
}
