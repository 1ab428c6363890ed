package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// A baseline written from one run hides exactly those findings in the
// next, wherever the run starts; a new finding at a known place (one more
// than the count) and a finding in another file are kept.
func TestBaselineRoundTrip(t *testing.T) {
	root := tree(t, map[string]string{"cards/agent-card.json": "{}"})
	path := filepath.Join(root, "agentcard-baseline.json")
	card := filepath.Join(root, "cards", "agent-card.json")
	b := NewBaseline(path)
	known := []lint.Diagnostic{
		{Code: "skill-no-examples", Pointer: "/skills/0"},
		{Code: "skill-no-examples", Pointer: "/skills/0"},
		{Code: "name-generic", Pointer: "/name"},
	}
	b.Add(b.Key(card, true), known)
	b.Add(b.Key("https://agent.example.com", false), known[2:])
	if err := b.Write(path); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	loaded, err := LoadBaseline(path)
	if err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if loaded.Total() != 4 || loaded.Findings[0].File != "cards/agent-card.json" {
		t.Fatalf("loaded %+v", loaded.Findings)
	}
	// the next run, from another directory: the same file by another path
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(filepath.Join(root, "cards")); err != nil {
		t.Fatal(err)
	}
	res := &lint.Result{Diagnostics: append(append([]lint.Diagnostic{}, known...),
		lint.Diagnostic{Code: "skill-no-examples", Pointer: "/skills/0", Severity: lint.Warning},
		lint.Diagnostic{Code: "required-field", Pointer: "/skills", Severity: lint.Error})}
	if n := loaded.Filter(loaded.Key("agent-card.json", true), res); n != 3 {
		t.Errorf("filtered %d, want 3", n)
	}
	if len(res.Diagnostics) != 2 || res.Errors != 1 || res.Warnings != 1 {
		t.Errorf("kept %+v (errors %d warnings %d)", res.Diagnostics, res.Errors, res.Warnings)
	}
	other := &lint.Result{Diagnostics: known[2:]}
	if n := loaded.Filter(loaded.Key("https://agent.example.com", false), other); n != 1 || len(other.Diagnostics) != 0 {
		t.Errorf("URL input: filtered %d, kept %d", n, len(other.Diagnostics))
	}
}

func TestBaselineInvalid(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{
		"v2.json":      `{"version": 2, "findings": []}`,
		"unknown.json": `{"version": 1, "findings": [], "extra": 1}`,
		"count.json":   `{"version": 1, "findings": [{"file": "a", "rule": "x", "pointer": "", "count": 0}]}`,
		"text.json":    `not json`,
	} {
		p := filepath.Join(root, name)
		os.WriteFile(p, []byte(content), 0o644)
		if _, err := LoadBaseline(p); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	if _, err := LoadBaseline(filepath.Join(root, "missing.json")); err == nil || !IsNotExist(filepath.Join(root, "missing.json")) {
		t.Errorf("missing: %v", err)
	}
}
