package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// The tree: a card at the well-known location, an ordinary
// well-known file beside it, and a copy inside node_modules. Only the
// first is a card to check.
func TestDiscoverWellKnown(t *testing.T) {
	root := tree(t, map[string]string{
		".git/":                                     "",
		".well-known/agent-card.json":               "{}",
		".well-known/assetlinks.json":               "[]",
		".well-known/openid-configuration.json":     "{}",
		"node_modules/some-sdk/agent-card.json":     "{}",
		"node_modules/.well-known/agent-card.json":  "{}",
		"vendor/x/agent.json":                       "{}",
		".git/agent-card.json":                      "{}",
		"package.json":                              "{}",
		"site/public/.well-known/Agent-Card.JSON":   "{}",
		"legacy/agent.json":                         "{}",
		"docs/agent-card.json.bak":                  "{}",
		"docs/my-agent-card.json":                   "{}",
		"examples/agent-card.jsonc":                 "{}",
		"examples/deep/er/still/agent-card.json":    "{}",
		"examples/not-a-dir-named/agent-card.json/": "",
	})
	l := Loader{Rules: lint.Catalogue()}
	got, err := l.Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".well-known/agent-card.json",
		"examples/deep/er/still/agent-card.json",
		"legacy/agent.json",
		"site/public/.well-known/Agent-Card.JSON",
	}
	if rel := rels(t, root, got.Files); !reflect.DeepEqual(rel, want) {
		t.Errorf("Discover = %q, want %q", rel, want)
	}
}

// include: adds files by glob; ignore: drops files and whole directories;
// a nested project's configuration rules its own files.
func TestDiscoverConfig(t *testing.T) {
	root := tree(t, map[string]string{
		".git/":                     "",
		".agentcard.yaml":           "include:\n  - \"cards/*.json\"\nignore:\n  - drafts\n  - \"**/old-*.json\"\n",
		"cards/billing.json":        "{}",
		"cards/old-a.json":          "{}",
		"cards/readme.md":           "",
		"drafts/agent-card.json":    "{}",
		"drafts/x/agent.json":       "{}",
		"nested/.agentcard.yaml":    "include: [\"*.card.json\"]\n",
		"nested/a.card.json":        "{}",
		"nested/cards/billing.json": "{}", // the nested config has its own include
		"nested/drafts/agent.json":  "{}", // the root's "drafts" is relative to the root
		"agent-card.json":           "{}",
	})
	l := Loader{Rules: lint.Catalogue()}
	got, err := l.Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"agent-card.json", "cards/billing.json", "nested/a.card.json", "nested/drafts/agent.json"}
	if rel := rels(t, root, got.Files); !reflect.DeepEqual(rel, want) {
		t.Errorf("Discover = %q, want %q", rel, want)
	}
	if got.Ignored != 1 { // cards/old-a.json; drafts/ is never entered
		t.Errorf("Ignored = %d, want 1", got.Ignored)
	}
}

// A link loop does not make the walk endless; a link to a card file is
// found (de-duplication by real path is the caller's).
func TestDiscoverLinks(t *testing.T) {
	root := tree(t, map[string]string{"a/agent-card.json": "{}"})
	if err := os.Symlink(root, filepath.Join(root, "a", "loop")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Join(root, "a", "agent-card.json"), filepath.Join(root, "agent.json")); err != nil {
		t.Fatal(err)
	}
	l := Loader{Rules: lint.Catalogue()}
	got, err := l.Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if rel := rels(t, root, got.Files); !reflect.DeepEqual(rel, []string{"a/agent-card.json", "agent.json"}) {
		t.Errorf("Discover = %q", rel)
	}
}

func TestDiscoverBadConfig(t *testing.T) {
	root := tree(t, map[string]string{".git/": "", "x/.agentcard.yaml": "rulez: {}\n", "x/agent-card.json": "{}"})
	l := Loader{Rules: lint.Catalogue()}
	if _, err := l.Discover(root); err == nil || !strings.Contains(err.Error(), "rulez") {
		t.Errorf("Discover with a broken configuration: %v", err)
	}
}

// The pre-commit hook's files: pattern is CardPattern: the same names
// Discover takes, in any directory.
func TestCardPattern(t *testing.T) {
	for path, want := range map[string]bool{
		"agent-card.json": true, ".well-known/agent-card.json": true, "a/b/agent.json": true,
		".well-known/assetlinks.json": false, ".well-known/openid-configuration.json": false,
		"my-agent-card.json": false, "agent-card.json.bak": false, "agent.jsonc": false,
	} {
		if got := IsCardName(path); got != want {
			t.Errorf("IsCardName(%q) = %v, want %v", path, got, want)
		}
	}
}

func rels(t *testing.T, root string, files []string) []string {
	t.Helper()
	out := []string{}
	for _, f := range files {
		r, err := filepath.Rel(root, f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

// Findings named by pointer and rule are dropped; file: scopes an entry;
// a pointer covers the places inside it.
func TestIgnoreFindings(t *testing.T) {
	cfg, err := Parse(".agentcard.yaml", []byte(`ignore:
  - pointer: /skills/3/examples
    rule: skill-no-examples
  - pointer: /provider
  - rule: name-generic
    file: "legacy/**"
`), lint.Catalogue())
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.IgnoreFindings) != 3 || cfg.IgnoreFindings[0].Line != 2 {
		t.Fatalf("IgnoreFindings = %+v", cfg.IgnoreFindings)
	}
	diags := []lint.Diagnostic{
		{Code: "skill-no-examples", Pointer: "/skills/3/examples"},
		{Code: "skill-no-examples", Pointer: "/skills/2/examples"},
		{Code: "required-field", Pointer: "/skills/3/examples"},
		{Code: "identity-url-invalid", Pointer: "/provider/url"},
		{Code: "name-generic", Pointer: "/name"},
		{Code: "provider-missing", Pointer: "/providerx"},
	}
	codes := func(ds []lint.Diagnostic) string {
		var s []string
		for _, d := range ds {
			s = append(s, d.Code+d.Pointer)
		}
		return strings.Join(s, " ")
	}
	if got := codes(ApplyFor(cfg, "cards/agent-card.json", diags)); got != "skill-no-examples/skills/2/examples required-field/skills/3/examples name-generic/name provider-missing/providerx" {
		t.Errorf("cards: %s", got)
	}
	if got := codes(ApplyFor(cfg, "legacy/agent.json", diags)); strings.Contains(got, "name-generic") {
		t.Errorf("legacy: name-generic kept: %s", got)
	}
	if got := codes(ApplyFor(cfg, "", diags)); !strings.Contains(got, "name-generic") {
		t.Errorf("stdin: a file-scoped entry applied: %s", got)
	}
}

func TestIgnoreFindingsInvalid(t *testing.T) {
	for src, id := range map[string]string{
		"ignore:\n  - pointer: skills/0\n":              "cli.config.ignore-pointer",
		"ignore:\n  - rule: skill-no-exampels\n":        "cli.config.unknown-rule.suggest",
		"ignore:\n  - file: \"a/**\"\n":                 "cli.config.ignore-empty",
		"ignore:\n  - pointr: /a\n":                     "cli.config.unknown-key.suggest",
		"ignore:\n  - pointer: [1]\n":                   "cli.config.ignore-value",
		"include: 3\n":                                  "cli.config.include-not-list",
		"include:\n  - \"[\"\n":                         "cli.config.bad-glob",
		"ignore:\n  - pointer: /a~2\n":                  "cli.config.ignore-pointer",
		"ignore:\n  - {pointer: /a, rule: nope-nope}\n": "cli.config.unknown-rule",
	} {
		_, err := Parse(".agentcard.yaml", []byte(src), lint.Catalogue())
		es, ok := err.(Errors)
		if !ok || len(es) == 0 || es[0].Text.ID != id {
			t.Errorf("%q: %v, want %s", src, err, id)
		}
	}
}

// A rule whose findings mean the text is not JSON cannot be turned off or
// lowered (issue 18: --rule json-comment=off let a file no JSON parser
// accepts pass); the parser's other findings can.
func TestNotJSONRulesStayErrors(t *testing.T) {
	var c Config
	for _, flag := range []string{"json-comment=off", "json-trailing-comma=warning", "json-bom=info", "json-syntax=off"} {
		err := c.ParseRuleFlag(flag, lint.Catalogue())
		es, ok := err.(Errors)
		if !ok || es[0].Text.ID != "cli.config.not-json-rule" {
			t.Errorf("--rule %s: %v", flag, err)
		}
	}
	for _, flag := range []string{"json-comment=error", "json-duplicate-key=off", "json-invalid-utf8=info", "json-too-large=warning"} {
		if err := c.ParseRuleFlag(flag, lint.Catalogue()); err != nil {
			t.Errorf("--rule %s: %v", flag, err)
		}
	}
	if _, err := Parse(".agentcard.yaml", []byte("rules:\n  json-comment: off\n"), lint.Catalogue()); err == nil {
		t.Error("a configuration turned json-comment off")
	}
}
