package lint

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// TestStructureMessages checks the catalogue-driven findings as data: the
// message id, the field and value arguments, and the fix title's id.
func TestStructureMessages(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "list where an object belongs", card: `"capabilities": ["streaming"]`, code: codeWrongType, want: 1, pointer: "/capabilities",
			id: "msg.wrong-type", args: []any{"capabilities", typeText("AgentCapabilities"), foundKind(jsonpos.Array)}, fix: "-"},
		{name: "string where a boolean belongs", card: `"capabilities": {"streaming": "true"}`, code: codeWrongType, want: 1,
			id: "msg.wrong-type.value", args: []any{"streaming (AgentCapabilities)", i18n.T("phrase.type.boolean"), `"true"`}, fix: "true"},
		{name: "number in a list of strings", card: `"defaultInputModes": [1]`, code: codeWrongType, want: 1,
			id: "msg.wrong-type.value", args: []any{i18n.T("phrase.element-of", 0, "defaultInputModes"), "1"}, fix: `"1"`},
		{name: "null member", card: `"iconUrl": null`, code: codeNull, want: 1, id: "msg.null-value", args: []any{"iconUrl"}, fix: "<delete>"},
		{name: "null element", card: `"defaultInputModes": ["text/plain", null]`, code: codeNull, want: 1, id: "msg.null-value.element", args: []any{1, "defaultInputModes"}},
		{name: "required null", card: `"skills": null`, code: codeRequired, want: 1, id: "msg.required-field.null", args: []any{"skills"}},
		{name: "required missing quotes the field's explanation", card: `"provider": {"organization": "Acme"}`, code: codeRequired, want: 1,
			id: "msg.required-field", args: []any{"url (AgentProvider)", i18n.Text{ID: card.FieldKey("AgentProvider", "url")}}},
		{name: "required written in snake_case", card: `"provider": {"organization": "Acme", "URL": "https://acme.example.com"}`, code: codeRequired, want: 1,
			id: "msg.required-field.misspelt", args: []any{`"URL"`}, fix: `"url"`},
		{name: "empty list", card: `"defaultOutputModes": []`, code: codeRequiredEmpty, want: 1, id: "msg.required-field-empty.list", args: []any{"defaultOutputModes"}},
		{name: "unknown with a certain suggestion", card: `"documentation_url": "https://docs.example.com"`, code: codeUnknown, want: 1,
			id: "msg.unknown-field.suggest", args: []any{`"documentation_url"`, "AgentCard", `"documentationUrl"`}, fix: `"documentationUrl"`},
		{name: "unknown without suggestion", card: `"zzzzzzzz": 1`, code: codeUnknown, want: 1, id: "msg.unknown-field", args: []any{`"zzzzzzzz"`, "AgentCard"}, fix: "-"},
		{name: "proto name beside the JSON name", card: `"default_input_modes": ["text/plain"]`, code: codeProtoDuplicate, want: 1,
			id: "msg.field-proto-name-duplicate", args: []any{`"default_input_modes"`, `"defaultInputModes"`}, fix: "<delete>"},
		{name: "legacy field, replacement in words", card: `"additionalInterfaces": []`, code: codeLegacyField, want: 1,
			id: "msg.legacy-field", args: []any{"additionalInterfaces", i18n.Phrase("phrase.replacement.AgentCard.additionalInterfaces")}},
		{name: "legacy field, replacement a path", card: `"protocolVersion": "0.3.0"`, code: codeLegacyField, want: 1,
			id: "msg.legacy-field", args: []any{"protocolVersion", "supportedInterfaces[].protocolVersion"}},
		{name: "newer field in a legacy card", card: `"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "capabilities": {"extendedAgentCard": true}`, code: codeNewerField, want: 1,
			id: "msg.field-newer-than-card", args: []any{"extendedAgentCard (AgentCapabilities)", "0.3"}},
		{name: "spaces around a URL", card: `"documentationUrl": " https://docs.example.com"`, code: codeURLSpace, want: 1, sev: Warning,
			id: "msg.url-whitespace", args: []any{"documentationUrl"}, fix: `"https://docs.example.com"`},
		{name: "spaces around an interface URL", card: si(ie(" https://agent.example.com/a2a", "JSONRPC", "1.0")), code: codeURLSpace, want: 1, sev: Error,
			id: "msg.url-whitespace"},
	})
}

// TestFixTitlesAreData: every fix of the structure findings carries its
// catalogue message, not only an English title.
func TestFixTitlesAreData(t *testing.T) {
	for _, src := range []string{`"capabilities": {"streaming": "true"}`, `"defaultInputModes": "text/plain"`, `"version": 1`, `"iconUrl": null`} {
		res := Lint([]byte(ExampleDocument(src)), Options{})
		n := 0
		for _, d := range res.Diagnostics {
			for _, f := range d.Fixes {
				n++
				if f.Text.IsZero() || !i18n.EnglishCatalogue().Has(f.Text.ID) {
					t.Errorf("%s: %s fix %q has no catalogue message", src, d.Code, f.Title)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no fix offered", src)
		}
	}
}

// TestFieldExplanationsRender: a field's explanation quoted in a finding
// renders from the field catalogue in English and from the Chinese
// catalogue in Chinese, never as its id.
func TestFieldExplanationsRender(t *testing.T) {
	key := card.FieldKey("AgentProvider", "url")
	doc := i18n.T(key)
	if got, want := i18n.EnglishCatalogue().Render(doc), card.FieldTexts()[key]; got != want || want == "" {
		t.Errorf("English %q, want the field catalogue's %q", got, want)
	}
	zh := catalog.Of(i18n.Chinese)
	if want, ok := zh.Lookup(key); ok {
		if got := zh.Render(doc); got != want {
			t.Errorf("Chinese %q, want %q", got, want)
		}
	}
	if i18n.EnglishCatalogue().Has("field.NoSuchObject.nothing") {
		t.Error("an unknown field id is reported as known")
	}
}

// TestReplacementPhrases: a legacy field whose replacement is written in
// words has a phrase with exactly those words, so the English of
// legacy-field stays what the field catalogue says.
func TestReplacementPhrases(t *testing.T) {
	en := i18n.EnglishCatalogue()
	for _, f := range card.Fields() {
		if !strings.ContainsRune(f.Replacement, ' ') {
			continue
		}
		p, ok := f.ReplacementText().(i18n.Phrase)
		if !ok {
			t.Fatalf("%s.%s: replacement %q is not a phrase", f.Object, f.Name, f.Replacement)
		}
		if got, ok := en.Lookup(string(p)); !ok || got != f.Replacement {
			t.Errorf("%s: %q, want %q", p, got, f.Replacement)
		}
	}
}

// TestTypeTexts: type names in messages are phrases, nested for lists,
// and every JSON kind has its words in both languages.
func TestTypeTexts(t *testing.T) {
	got := typeText("[]AgentSkill")
	want := i18n.T("phrase.type.list", i18n.T("phrase.elem.named", "AgentSkill"))
	if got.ID != want.ID || len(got.Args) != 1 || got.Args[0].(i18n.Text).ID != "phrase.elem.named" {
		t.Errorf("typeText([]AgentSkill) = %#v, want %#v", got, want)
	}
	zh := catalog.Of(i18n.Chinese)
	for _, k := range []jsonpos.Kind{jsonpos.Null, jsonpos.Bool, jsonpos.Number, jsonpos.String, jsonpos.Object, jsonpos.Array} {
		for _, id := range []string{string(kindName(k)), string(foundKind(k))} {
			if _, ok := i18n.EnglishCatalogue().Lookup(id); !ok {
				t.Errorf("%s: no English", id)
			}
			if _, ok := zh.Lookup(id); !ok {
				t.Errorf("%s: no Chinese", id)
			}
		}
	}
}

// TestNotACardKinds: each kind of foreign document has its own message,
// and the nested card names its wrapper as an argument.
func TestNotACardKinds(t *testing.T) {
	for _, tc := range []struct{ doc, id string }{
		{RuleFor(codeNotACard).Bad, "msg.not-a-card.mcp-server-json"},
		{`{"agentCard": {"name": "Invoice Extractor", "description": "Reads invoices.", "supportedInterfaces": [], "skills": []}}`, "msg.not-a-card.nested"},
		{`{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {}}`, "msg.not-a-card.openapi"},
	} {
		got := withCode(Lint([]byte(tc.doc), Options{}), codeNotACard)
		if len(got) != 1 || got[0].MessageID != tc.id {
			t.Errorf("%s: got %v, want one %s", tc.doc, got, tc.id)
			continue
		}
		if tc.id == "msg.not-a-card.nested" && !hasArg(got[0], `"agentCard"`) {
			t.Errorf("nested card: wrapper not named: %v", got[0].Args)
		}
	}
}
