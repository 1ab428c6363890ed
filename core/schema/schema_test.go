package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/testcards"
)

var update = flag.Bool("update", false, "rewrite the golden schemas in testdata/")

func goldenPath(version string) string {
	return filepath.Join("testdata", "agent-card-"+version+".json")
}

// TestGolden pins the generated schemas: a change to the catalogue shows
// up as a reviewed diff of the published files.
func TestGolden(t *testing.T) {
	for _, v := range Versions {
		got, err := Generate(v)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(goldenPath(v), got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(goldenPath(v))
		if err != nil {
			t.Fatalf("%v (run go test ./core/schema/ -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("schema %s differs from %s; run go test ./core/schema/ -update and review the diff", v, goldenPath(v))
		}
	}
}

// TestDeterministic: nothing in the output may depend on map order.
func TestDeterministic(t *testing.T) {
	for _, v := range Versions {
		first := MustGenerate(v)
		for range 20 {
			if !bytes.Equal(first, MustGenerate(v)) {
				t.Fatalf("schema %s differs between runs", v)
			}
		}
	}
}

// compile compiles a version's schema with the maintained validator,
// which also checks it against the draft 2020-12 meta-schema.
func compile(t *testing.T, version string, assertFormat bool) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(MustGenerate(version)))
	if err != nil {
		t.Fatalf("schema %s is not JSON: %v", version, err)
	}
	c := jsonschema.NewCompiler()
	if assertFormat {
		c.AssertFormat()
	}
	if err := c.AddResource(ID(version), doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(ID(version))
	if err != nil {
		t.Fatalf("schema %s does not compile: %v", version, err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, src []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		t.Fatalf("test input is not JSON: %v", err)
	}
	return s.Validate(inst)
}

func TestHeader(t *testing.T) {
	for _, v := range Versions {
		var head struct {
			Schema string         `json:"$schema"`
			ID     string         `json:"$id"`
			Ref    string         `json:"$ref"`
			Defs   map[string]any `json:"$defs"`
		}
		if err := json.Unmarshal(MustGenerate(v), &head); err != nil {
			t.Fatal(err)
		}
		if head.Schema != Draft || head.ID != "https://agentcard.dev/schema/agent-card-"+v+".json" || head.Ref != "#/$defs/AgentCard" {
			t.Errorf("%s: header %q %q %q", v, head.Schema, head.ID, head.Ref)
		}
		if !strings.HasSuffix(ID(v), Path(v)) {
			t.Errorf("%s: Path %q is not the end of ID %q", v, Path(v), ID(v))
		}
		if head.Defs["AgentCard"] == nil {
			t.Errorf("%s: no AgentCard definition", v)
		}
	}
}

func TestUnknownVersion(t *testing.T) {
	for _, v := range []string{"", "0.2", "1", "2.0", "1.0 "} {
		_, err := Generate(v)
		var ve *VersionError
		if !errors.As(err, &ve) || ve.Version != v {
			t.Errorf("Generate(%q) = %v, want a *VersionError", v, err)
			continue
		}
		if id := ve.Text().ID; !i18n.EnglishCatalogue().Has(id) {
			t.Errorf("VersionError id %q is not in the English catalogue", id)
		}
	}
}

// schemaDoc is the part of a generated schema the structural tests read.
type schemaDoc struct {
	Defs map[string]struct {
		Properties map[string]struct {
			Description string   `json:"description"`
			Enum        []string `json:"enum"`
			Ref         string   `json:"$ref"`
		} `json:"properties"`
		Required []string `json:"required"`
	} `json:"$defs"`
}

// TestFromCatalogue: every member the catalogue defines in the era is in
// the schema, with the catalogue's explanation, and required exactly where
// the catalogue requires it; no member of another era leaks in.
func TestFromCatalogue(t *testing.T) {
	for _, v := range Versions {
		e, _ := eraOf(v)
		var doc schemaDoc
		if err := json.Unmarshal(MustGenerate(v), &doc); err != nil {
			t.Fatal(err)
		}
		count := 0
		for name, def := range doc.Defs {
			for prop, p := range def.Properties {
				f := card.Lookup(name, prop, e.set)
				if f == nil {
					t.Errorf("%s: %s.%s is not a member of this era", v, name, prop)
					continue
				}
				count++
				if p.Description != f.Doc {
					t.Errorf("%s: %s.%s description %q, want the catalogue's", v, name, prop, p.Description)
				}
				if got, want := slices.Contains(def.Required, prop), f.Required&e.set != 0; got != want {
					t.Errorf("%s: %s.%s required = %v, want %v", v, name, prop, got, want)
				}
			}
			for _, f := range card.ObjectFields(name) {
				if f.In&e.set != 0 {
					if _, ok := def.Properties[f.Name]; !ok {
						t.Errorf("%s: %s.%s is missing", v, name, f.Name)
					}
				}
			}
		}
		if count < 40 {
			t.Errorf("%s: only %d members described", v, count)
		}
	}
	// The eras differ where the catalogue says they do.
	var v10, v03 schemaDoc
	_ = json.Unmarshal(MustGenerate("1.0"), &v10)
	_ = json.Unmarshal(MustGenerate("0.3"), &v03)
	if _, ok := v10.Defs["AgentCard"].Properties["supportedInterfaces"]; !ok {
		t.Error("1.0: no supportedInterfaces")
	}
	if _, ok := v03.Defs["AgentCard"].Properties["supportedInterfaces"]; ok {
		t.Error("0.3: has supportedInterfaces")
	}
	if !slices.Contains(v03.Defs["AgentCard"].Required, "url") || slices.Contains(v10.Defs["AgentCard"].Required, "url") {
		t.Error("url must be required in 0.3 only")
	}
	if _, ok := v10.Defs["LegacySecurityScheme"]; ok {
		t.Error("1.0: LegacySecurityScheme defined")
	}
	if _, ok := v03.Defs["LegacySecurityScheme"]; !ok {
		t.Error("0.3: LegacySecurityScheme missing")
	}
}

// TestClosedValues: each closed set names a catalogue field with values,
// and only those become enums.
func TestClosedValues(t *testing.T) {
	for key := range closedValues {
		object, name, _ := strings.Cut(key, ".")
		f := card.LookupAny(object, name)
		if f == nil || len(f.Values) == 0 {
			t.Errorf("closedValues: %s is not a catalogue field with values", key)
		}
	}
	for _, v := range Versions {
		var doc schemaDoc
		_ = json.Unmarshal(MustGenerate(v), &doc)
		for name, def := range doc.Defs {
			for prop, p := range def.Properties {
				if len(p.Enum) > 0 && !closedValues[name+"."+prop] {
					t.Errorf("%s: %s.%s has an enum but its set is open", v, name, prop)
				}
			}
		}
	}
}

// TestCompiles: both schemas are valid draft 2020-12 schemas for the
// maintained validator, with and without format assertion.
func TestCompiles(t *testing.T) {
	for _, v := range Versions {
		compile(t, v, false)
		compile(t, v, true)
	}
}

// cardEras says which schemas a card of era e must satisfy. A mixed card
// is a 1.0 card; its legacy half is a complete 0.3 card only when it was
// written as one (the linter requires only url of it, and warns about a
// missing protocolVersion), so legacyHalf says whether to check it too.
func cardEras(e card.Era, legacyHalf bool) []string {
	switch e {
	case card.Era10:
		return []string{"1.0"}
	case card.Era03:
		return []string{"0.3"}
	case card.EraMixed:
		if legacyHalf {
			return []string{"1.0", "0.3"}
		}
		return []string{"1.0"}
	}
	return nil
}

// TestAcceptsValidCards: every sample card the linter finds free of
// errors is accepted by the schema of its era (both, for a mixed card),
// with formats asserted. The cards testdata/README.md calls valid must be
// among them, so the test cannot pass by linting them as broken.
func TestAcceptsValidCards(t *testing.T) {
	schemas := map[string]*jsonschema.Schema{}
	for _, v := range Versions {
		schemas[v] = compile(t, v, true)
	}
	accepted := map[string][]string{}
	for _, path := range testcards.Cards(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		res := lint.Lint(src, lint.Options{})
		if res.Errors > 0 {
			continue
		}
		// testdata/README.md: the mixed sample cards keep a complete 0.3 half
		for _, v := range cardEras(res.Era, true) {
			if err := validate(t, schemas[v], src); err != nil {
				t.Errorf("%s (era %s, no lint errors) is rejected by the %s schema:\n%v", name, res.Era, v, err)
				continue
			}
			accepted[v] = append(accepted[v], name)
		}
	}
	want := map[string][]string{
		"1.0": {"full-1.0.json", "minimal-1.0.json", "mixed-consistent.json", "seed-document-search.json", "seed-three-interfaces.json"},
		"0.3": {"legacy-0.3.json", "mixed-consistent.json"},
	}
	for v, names := range want {
		for _, n := range names {
			if !slices.Contains(accepted[v], n) {
				t.Errorf("%s schema: valid card %s was not checked and accepted (accepted: %v)", v, n, accepted[v])
			}
		}
	}
}

// TestAcceptsErrorFreeExamples widens the valid set to every rule example
// (bad and good) that the linter finds free of errors and of explicit
// nulls (a warning for the linter, a type error for any schema): the
// schema must never be stricter than the linter's errors.
func TestAcceptsErrorFreeExamples(t *testing.T) {
	schemas := map[string]*jsonschema.Schema{}
	for _, v := range Versions {
		schemas[v] = compile(t, v, false)
	}
	checked := 0
	for _, r := range lint.Rules() {
		if r.External {
			continue
		}
		for kind, ex := range map[string]string{"bad": r.Bad, "good": r.Good} {
			src := []byte(lint.ExampleDocument(ex))
			res := lint.Lint(src, lint.Options{})
			if res.Errors > 0 || slices.ContainsFunc(res.Diagnostics, func(d lint.Diagnostic) bool { return d.Code == "null-value" }) {
				continue
			}
			for _, v := range cardEras(res.Era, false) {
				checked++
				if err := validate(t, schemas[v], src); err != nil {
					t.Errorf("%s %s example (era %s, no lint errors) is rejected by the %s schema:\n%s\n%v", r.Code, kind, res.Era, v, src, err)
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d error-free examples checked", checked)
	}
}

// TestRejectsBrokenCard: the sample card full of mistakes has structural
// ones (capabilities as an array, empty required lists).
func TestRejectsBrokenCard(t *testing.T) {
	if err := validate(t, compile(t, "1.0", false), testcards.Card(t, "broken-common-mistakes.json")); err == nil {
		t.Error("broken-common-mistakes.json is accepted by the 1.0 schema")
	}
}

// TestRejectsStructurallyInvalid mutates a valid card of each era into a
// structurally invalid one. Each case must be rejected by the schema and
// reported as an error by the linter with the code named, so the two
// agree on what is structurally wrong.
func TestRejectsStructurallyInvalid(t *testing.T) {
	type mutation func(card map[string]any)
	obj := func(m map[string]any, path ...any) map[string]any {
		var cur any = m
		for _, p := range path {
			switch k := p.(type) {
			case string:
				cur = cur.(map[string]any)[k]
			case int:
				cur = cur.([]any)[k]
			}
		}
		return cur.(map[string]any)
	}
	bearer10 := map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}}
	cases := []struct {
		name, base, version, code string
		mut                       mutation
	}{
		{"name is a number", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) { c["name"] = 42 }},
		{"capabilities is an array", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) { c["capabilities"] = []any{"streaming"} }},
		{"streaming is a string", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) { c["capabilities"] = map[string]any{"streaming": "true"} }},
		{"skills is an object", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) { c["skills"] = map[string]any{} }},
		{"tags holds a number", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) { obj(c, "skills", 0)["tags"] = []any{1} }},
		{"interface is a string", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) { c["supportedInterfaces"] = []any{"https://a.example.com/a2a"} }},
		{"no name", "minimal-1.0.json", "1.0", "required-field", func(c map[string]any) { delete(c, "name") }},
		{"no supportedInterfaces", "minimal-1.0.json", "1.0", "required-field", func(c map[string]any) { delete(c, "supportedInterfaces") }},
		{"interface without protocolVersion", "minimal-1.0.json", "1.0", "required-field", func(c map[string]any) { delete(obj(c, "supportedInterfaces", 0), "protocolVersion") }},
		{"skill without id", "minimal-1.0.json", "1.0", "required-field", func(c map[string]any) { delete(obj(c, "skills", 0), "id") }},
		{"provider without url", "minimal-1.0.json", "1.0", "required-field", func(c map[string]any) { c["provider"] = map[string]any{"organization": "Example"} }},
		{"empty name", "minimal-1.0.json", "1.0", "required-field-empty", func(c map[string]any) { c["name"] = "" }},
		{"api key location outside the set", "minimal-1.0.json", "1.0", "security-apikey-location", func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"key": map[string]any{"apiKeySecurityScheme": map[string]any{"location": "body", "name": "X-Key"}}}
		}},
		{"scheme with two kinds", "minimal-1.0.json", "1.0", "security-scheme-one-of", func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"two": map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}, "mtlsSecurityScheme": map[string]any{}}}
		}},
		{"scheme with no kind", "minimal-1.0.json", "1.0", "security-scheme-one-of", func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"none": map[string]any{"description": "ask us"}}
		}},
		{"oauth2 with two flows", "minimal-1.0.json", "1.0", "security-oauth-flows-one-of", func(c map[string]any) {
			flow := map[string]any{"tokenUrl": "https://auth.example.com/token", "scopes": map[string]any{}}
			c["securitySchemes"] = map[string]any{"o": map[string]any{"oauth2SecurityScheme": map[string]any{"flows": map[string]any{"clientCredentials": flow, "password": flow}}}}
		}},
		{"requirement scopes not a list object", "minimal-1.0.json", "1.0", "wrong-type", func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"bearer": bearer10}
			c["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": []any{}}}}
		}},
		{"0.3: url is a number", "legacy-0.3.json", "0.3", "wrong-type", func(c map[string]any) { c["url"] = 8080 }},
		{"0.3: no url", "legacy-0.3.json", "0.3", "required-field", func(c map[string]any) { delete(c, "url") }},
		{"0.3: no protocolVersion", "legacy-0.3.json", "0.3", "required-field", func(c map[string]any) { delete(c, "protocolVersion") }},
		{"0.3: interface without transport", "legacy-0.3.json", "0.3", "required-field", func(c map[string]any) { delete(obj(c, "additionalInterfaces", 0), "transport") }},
		{"0.3: scheme type outside the set", "legacy-0.3.json", "0.3", "security-scheme-type", func(c map[string]any) { obj(c, "securitySchemes", "bearer")["type"] = "token" }},
		{"0.3: scheme without type", "legacy-0.3.json", "0.3", "security-scheme-type", func(c map[string]any) { delete(obj(c, "securitySchemes", "bearer"), "type") }},
		{"0.3: security scopes not strings", "legacy-0.3.json", "0.3", "wrong-type", func(c map[string]any) { c["security"] = []any{map[string]any{"bearer": "read"}} }},
		{"0.3: stateTransitionHistory is a string", "legacy-0.3.json", "0.3", "wrong-type", func(c map[string]any) { obj(c, "capabilities")["stateTransitionHistory"] = "yes" }},
	}
	schemas := map[string]*jsonschema.Schema{}
	for _, v := range Versions {
		schemas[v] = compile(t, v, false)
	}
	for _, tc := range cases {
		var c map[string]any
		if err := json.Unmarshal(testcards.Card(t, tc.base), &c); err != nil {
			t.Fatal(err)
		}
		tc.mut(c)
		src, _ := json.MarshalIndent(c, "", "  ")
		if err := validate(t, schemas[tc.version], src); err == nil {
			t.Errorf("%s: accepted by the %s schema:\n%s", tc.name, tc.version, src)
		}
		res := lint.Lint(src, lint.Options{})
		if !slices.ContainsFunc(res.Diagnostics, func(d lint.Diagnostic) bool { return d.Code == tc.code && d.Severity == lint.Error }) {
			var codes []string
			for _, d := range res.Diagnostics {
				codes = append(codes, d.Code+"/"+d.Severity.String())
			}
			t.Errorf("%s: the linter does not report %s as an error (got %v)", tc.name, tc.code, codes)
		}
	}
}

// An empty skills list is a linter warning (the specification's signed
// example in §8.4 has one; A2A issue #2122), so the 1.0 schema accepts it,
// while an absent skills is refused by both.
func TestEmptySkillsAccepted(t *testing.T) {
	s := compile(t, "1.0", false)
	var c map[string]any
	if err := json.Unmarshal(testcards.Card(t, "minimal-1.0.json"), &c); err != nil {
		t.Fatal(err)
	}
	c["skills"] = []any{}
	src, _ := json.Marshal(c)
	if err := validate(t, s, src); err != nil {
		t.Errorf("the schema refuses an empty skills list: %v", err)
	}
	if res := lint.Lint(src, lint.Options{}); res.Errors != 0 || res.Warnings == 0 {
		t.Errorf("the linter: %d errors, %d warnings", res.Errors, res.Warnings)
	}
	delete(c, "skills")
	src, _ = json.Marshal(c)
	if err := validate(t, s, src); err == nil {
		t.Error("the schema accepts a card without skills")
	}
}
