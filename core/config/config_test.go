package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// tree writes files (path → content; a path ending in / is a directory)
// under a new temporary directory and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestFind(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		from  string // directory searched from, relative to the tree
		want  string // file found, relative to the tree; "" none
		err   string // catalogue id of the error
	}{
		{"in the input's directory", map[string]string{"repo/.git/": "", "repo/cards/.agentcard.yaml": ""}, "repo/cards", "repo/cards/.agentcard.yaml", ""},
		{"in a parent", map[string]string{"repo/.git/": "", "repo/.agentcard.yml": "", "repo/a/b/c/": ""}, "repo/a/b/c", "repo/.agentcard.yml", ""},
		{"json", map[string]string{"repo/.git/": "", "repo/a/.agentcard.json": "{}", "repo/a/b/": ""}, "repo/a/b", "repo/a/.agentcard.json", ""},
		{"nearest wins", map[string]string{"repo/.git/": "", "repo/.agentcard.yaml": "", "repo/a/.agentcard.json": "{}", "repo/a/b/": ""}, "repo/a/b", "repo/a/.agentcard.json", ""},
		{"the repository root counts", map[string]string{"repo/.git/": "", "repo/.agentcard.yaml": "", "repo/x/": ""}, "repo/x", "repo/.agentcard.yaml", ""},
		{"not above the repository root", map[string]string{".agentcard.yaml": "", "repo/.git/": "", "repo/x/": ""}, "repo/x", "", ""},
		{".git as a file (worktree) stops too", map[string]string{".agentcard.yaml": "", "repo/.git": "gitdir: ../x", "repo/x/": ""}, "repo/x", "", ""},
		{"a directory of that name is not a file", map[string]string{"repo/.git/": "", "repo/.agentcard.yaml/": "", "repo/x/": ""}, "repo/x", "", ""},
		{"two in one directory", map[string]string{"repo/.git/": "", "repo/.agentcard.yaml": "", "repo/.agentcard.json": "{}"}, "repo", "", "cli.config.ambiguous"},
		{"none", map[string]string{"repo/.git/": "", "repo/x/": ""}, "repo/x", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := tree(t, tc.files)
			got, err := Find(filepath.Join(root, tc.from))
			if tc.err != "" {
				var es Errors
				if !errors.As(err, &es) || es[0].Text.ID != tc.err {
					t.Fatalf("Find = %q, %v; want error %s", got, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			if tc.want != "" {
				want = filepath.Join(root, filepath.FromSlash(tc.want))
			}
			if got != want {
				t.Errorf("Find = %q, want %q", got, want)
			}
		})
	}
}

// TestFindStopsAtRoot: without a .git the search ends at the filesystem
// root instead of looping.
func TestFindStopsAtRoot(t *testing.T) {
	root := tree(t, map[string]string{"a/b/": ""})
	for _, name := range Names {
		if _, err := os.Stat(filepath.Join(string(filepath.Separator), name)); err == nil {
			t.Skipf("this machine has /%s", name)
		}
	}
	got, err := Find(filepath.Join(root, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	// Anything found must be above the temporary tree, never inside it.
	if strings.HasPrefix(got, root) {
		t.Errorf("Find = %q inside a tree without configuration", got)
	}
}

type wantErr struct {
	id        string
	line, col int
	args      []any
}

func TestParse(t *testing.T) {
	cases := []struct {
		name, file, src string
		want            *Config // without File and Dir
		errs            []wantErr
	}{
		{"yaml, every key", "p/.agentcard.yaml", "# team settings\nrules:\n  skill-no-examples: off\n  name-generic: error\n  interface-duplicate: 'warning'\nignore:\n  - drafts/**\n  - \"**/*.tmpl.json\"\nprofile: local\n",
			&Config{Rules: map[string]Level{"skill-no-examples": LevelOff, "name-generic": LevelError, "interface-duplicate": LevelWarning}, Ignore: []string{"drafts/**", "**/*.tmpl.json"}, Profile: Local}, nil},
		{"json, every key", "p/.agentcard.json", `{"rules": {"skill-no-examples": "info"}, "ignore": ["x/*.json"], "profile": "publish"}`,
			&Config{Rules: map[string]Level{"skill-no-examples": LevelInfo}, Ignore: []string{"x/*.json"}, Profile: Publish}, nil},
		{"empty yaml", ".agentcard.yaml", "", &Config{}, nil},
		{"only a comment", ".agentcard.yaml", "# nothing yet\n", &Config{}, nil},
		{"null document", ".agentcard.yml", "~\n", &Config{}, nil},
		{"one ignore pattern without a list", ".agentcard.yaml", "ignore: drafts/**\n", &Config{Ignore: []string{"drafts/**"}}, nil},
		{"anchors and aliases", ".agentcard.yaml", "rules:\n  name-generic: &quiet off\n  skill-no-examples: *quiet\n",
			&Config{Rules: map[string]Level{"name-generic": LevelOff, "skill-no-examples": LevelOff}}, nil},

		{"misspelt key", ".agentcard.yaml", "rule:\n  name-generic: off\n", nil, []wantErr{{"cli.config.unknown-key.suggest", 1, 1, []any{`"rule"`, "rules"}}}},
		{"unknown key", ".agentcard.yaml", "profile: local\nextends: recommended\n", nil, []wantErr{{"cli.config.unknown-key", 2, 1, []any{`"extends"`, "rules, ignore, include, profile"}}}},
		{"misspelt rule code", ".agentcard.yaml", "rules:\n  skill-no-example: off\n", nil, []wantErr{{"cli.config.unknown-rule.suggest", 2, 3, []any{`"skill-no-example"`, "skill-no-examples"}}}},
		{"unknown rule code", ".agentcard.yaml", "rules:\n  no-such-thing-at-all: off\n", nil, []wantErr{{"cli.config.unknown-rule", 2, 3, []any{`"no-such-thing-at-all"`}}}},
		{"unknown level", ".agentcard.yaml", "rules:\n  name-generic: warn\n", nil, []wantErr{{"cli.config.level", 2, 17, []any{"name-generic", `"warn"`, "off, error, warning, info"}}}},
		{"boolean is not off", ".agentcard.yaml", "rules:\n  name-generic: false\n", nil, []wantErr{{"cli.config.level", 2, 17, []any{"name-generic", `"false"`, "off, error, warning, info"}}}},
		{"level as a list", ".agentcard.yaml", "rules:\n  name-generic: [off]\n", nil, []wantErr{{"cli.config.level", 2, 17, []any{"name-generic", `""`, "off, error, warning, info"}}}},
		{"both code and level wrong", ".agentcard.yaml", "rules:\n  nam-generic: of\n", nil, []wantErr{
			{"cli.config.unknown-rule.suggest", 2, 3, []any{`"nam-generic"`, "name-generic"}},
			{"cli.config.level", 2, 16, []any{"nam-generic", `"of"`, "off, error, warning, info"}}}},
		{"rules as a list", ".agentcard.yaml", "rules:\n  - name-generic\n", nil, []wantErr{{"cli.config.rules-not-mapping", 2, 3, []any{"off, error, warning, info"}}}},
		{"unknown profile", ".agentcard.yaml", "profile: dev\n", nil, []wantErr{{"cli.config.profile", 1, 10, []any{`"dev"`, "publish, local"}}}},
		{"ignore as a mapping", ".agentcard.yaml", "ignore:\n  drafts: yes\n", nil, []wantErr{{"cli.config.ignore-not-list", 2, 3, nil}}},
		{"ignore with a number", ".agentcard.yaml", "ignore:\n  - 12\n", nil, []wantErr{{"cli.config.ignore-not-list", 2, 5, nil}}},
		{"bad glob", ".agentcard.yaml", "ignore:\n  - \"cards/[a-\"\n", nil, []wantErr{{"cli.config.bad-glob", 2, 5, []any{`"cards/[a-"`}}}},
		{"duplicate key", ".agentcard.yaml", "profile: local\nprofile: publish\n", nil, []wantErr{{"cli.config.duplicate-key", 2, 1, []any{`"profile"`, 1}}}},
		{"yaml syntax", ".agentcard.yaml", "rules: [name-generic,\nprofile: local\n", nil, []wantErr{{"cli.config.yaml", 2, 0, nil}}},
		// the library says "line 4" (before the mapping that holds the
		// problem); the key indented under rules: {} is on line 8
		{"yaml syntax, the line named", ".agentcard.yaml", "# a\n# b\n# c\n# d\nprofile: publish\n\nrules: {}\n  skill-no-examples: off\n\nignore: []\n", nil, []wantErr{{"cli.config.yaml", 8, 0, nil}}},
		// init writes each section as a key with commented examples
		{"sections left empty", ".agentcard.yaml", "profile: publish\n\nrules:\n  # skill-no-examples: off\n\nignore:\n  # - drafts/**\n\ninclude:\n", &Config{Profile: Publish}, nil},
		{"top level is a list", ".agentcard.yaml", "- rules\n", nil, []wantErr{{"cli.config.not-mapping", 1, 1, nil}}},
		{"errors in file order", ".agentcard.yaml", "rulez: {}\nprofile: prod\n", nil, []wantErr{
			{"cli.config.unknown-key.suggest", 1, 1, []any{`"rulez"`, "rules"}},
			{"cli.config.profile", 2, 10, []any{`"prod"`, "publish, local"}}}},

		{"json trailing comma", ".agentcard.json", "{\"profile\": \"local\",\n}\n", nil, []wantErr{{"msg.json-trailing-comma.object", 1, 20, []any{jsonpos.Position{Line: 1, Column: 20, Offset: 19}}}}},
		{"json duplicate key", ".agentcard.json", "{\"profile\": \"local\",\n \"profile\": \"publish\"}", nil, []wantErr{{"msg.json-duplicate-key", 2, 2, nil}}},
		{"json level must be a string", ".agentcard.json", `{"rules": {"name-generic": false}}`, nil, []wantErr{{"cli.config.level", 1, 28, []any{"name-generic", `"false"`, "off, error, warning, info"}}}},
		{"json profile must be a string", ".agentcard.json", `{"profile": 1}`, nil, []wantErr{{"cli.config.profile", 1, 13, []any{`"1"`, "publish, local"}}}},
		{"json empty", ".agentcard.json", "", nil, []wantErr{{"", 1, 1, nil}}},
		{"json array", ".agentcard.json", "[]", nil, []wantErr{{"cli.config.not-mapping", 1, 1, nil}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Parse(tc.file, []byte(tc.src), lint.Catalogue())
			if tc.errs == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if cfg.File != tc.file || cfg.Dir != filepath.Dir(tc.file) {
					t.Errorf("File, Dir = %q, %q", cfg.File, cfg.Dir)
				}
				cfg.File, cfg.Dir = "", ""
				if !reflect.DeepEqual(cfg, tc.want) {
					t.Errorf("got %+v, want %+v", cfg, tc.want)
				}
				return
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("got %v, %v; want Errors", cfg, err)
			}
			if cfg != nil {
				t.Error("a configuration with errors is returned")
			}
			if len(es) != len(tc.errs) {
				t.Fatalf("%d errors, want %d:\n%v", len(es), len(tc.errs), err)
			}
			for i, w := range tc.errs {
				e := es[i]
				if e.File != tc.file {
					t.Errorf("error %d: File %q", i, e.File)
				}
				if w.id != "" && e.Text.ID != w.id || w.id == "" && !strings.HasPrefix(e.Text.ID, "msg.json-") {
					t.Errorf("error %d: id %s, want %s (%v)", i, e.Text.ID, w.id, e)
				}
				if e.Line != w.line || (w.col != 0 && e.Column != w.col) {
					t.Errorf("error %d: at %d:%d, want %d:%d (%v)", i, e.Line, e.Column, w.line, w.col, e)
				}
				if w.args != nil && !reflect.DeepEqual(e.Text.Args, w.args) {
					t.Errorf("error %d: args %#v, want %#v", i, e.Text.Args, w.args)
				}
				if !i18n.EnglishCatalogue().Has(e.Text.ID) {
					t.Errorf("error %d: id %s is not in the English catalogue", i, e.Text.ID)
				}
			}
		})
	}
}

// TestErrorsBounded: a hostile file gets a bounded answer.
func TestErrorsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("rules:\n")
	for i := range 5000 {
		b.WriteString("  bogus-" + strings.Repeat("x", i%7) + "-" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26)) + ": loud\n")
	}
	_, err := Parse(".agentcard.yaml", []byte(b.String()), lint.Catalogue())
	var es Errors
	if !errors.As(err, &es) || len(es) != maxErrors {
		t.Fatalf("got %d errors, want %d", len(es), maxErrors)
	}
}

func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// TestErrorMessage: the place prefix is file:line:column, and the message
// follows the reader's language.
func TestErrorMessage(t *testing.T) {
	_, err := Parse("cfg/.agentcard.yaml", []byte("rules:\n  skill-no-example: off\n"), lint.Catalogue())
	var es Errors
	if !errors.As(err, &es) {
		t.Fatal(err)
	}
	if en := es.Error(); !strings.HasPrefix(en, "cfg/.agentcard.yaml:2:3: ") || !strings.Contains(en, `"skill-no-example"`) || !strings.Contains(en, "skill-no-examples") {
		t.Errorf("English: %q", en)
	}
	zh := es.Message(catalog.Of(i18n.Chinese))
	if !strings.HasPrefix(zh, "cfg/.agentcard.yaml:2:3: ") || !hasHan(zh) {
		t.Errorf("Chinese: %q", zh)
	}
	noPlace := (&Error{Text: i18n.T("cli.config.not-mapping")}).Error()
	if strings.HasPrefix(noPlace, ":") || noPlace == "" {
		t.Errorf("without a file: %q", noPlace)
	}
	lineOnly := (&Error{File: "f.yaml", Line: 4, Text: i18n.T("cli.config.not-mapping")}).Error()
	if !strings.HasPrefix(lineOnly, "f.yaml:4: ") {
		t.Errorf("line only: %q", lineOnly)
	}
}

// TestCatalogueEntries: every id this package reports exists in English
// and in Chinese, with the same arguments.
func TestCatalogueEntries(t *testing.T) {
	en, zh := catalog.Of(i18n.English), catalog.Of(i18n.Chinese)
	src, err := os.ReadFile("parse.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := os.ReadFile("config.go")
	ids := 0
	for _, part := range strings.Split(string(src)+string(more), `"cli.config.`)[1:] {
		id := "cli.config." + part[:strings.IndexByte(part, '"')]
		ids++
		e, ok1 := en.Lookup(id)
		z, ok2 := zh.Lookup(id)
		if !ok1 || !ok2 {
			t.Errorf("%s: English %v, Chinese %v", id, ok1, ok2)
			continue
		}
		if i18n.Verbs(e) != i18n.Verbs(z) || !hasHan(z) {
			t.Errorf("%s: %q / %q", id, e, z)
		}
	}
	if ids < 12 {
		t.Errorf("found only %d ids in the source", ids)
	}
}

func TestLoad(t *testing.T) {
	root := tree(t, map[string]string{"p/.agentcard.yaml": "profile: local\n"})
	cfg, err := Load(filepath.Join(root, "p", ".agentcard.yaml"), lint.Catalogue())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Profile != Local || cfg.Dir != filepath.Join(root, "p") || cfg.File != filepath.Join(root, "p", ".agentcard.yaml") {
		t.Errorf("got %+v", cfg)
	}
	missing := filepath.Join(root, "nope.yaml")
	_, err = Load(missing, lint.Catalogue())
	var es Errors
	if !errors.As(err, &es) || es[0].Text.ID != "cli.config.read" || es[0].File != missing {
		t.Errorf("missing file: %v", err)
	}
	if strings.Count(err.Error(), missing) != 1 {
		t.Errorf("the path should appear once: %q", err.Error())
	}
}

func TestLoader(t *testing.T) {
	root := tree(t, map[string]string{"r/.git/": "", "r/.agentcard.yaml": "profile: local\n", "r/a/card.json": "{}", "r/b/card.json": "{}", "other/.git/": "", "other/card.json": "{}"})
	l := Loader{Rules: lint.Catalogue()}
	a, err := l.ForFile(filepath.Join(root, "r", "a", "card.json"))
	if err != nil || a == nil || a.Profile != Local {
		t.Fatalf("a: %+v, %v", a, err)
	}
	b, err := l.ForFile(filepath.Join(root, "r", "b", "card.json"))
	if err != nil || b != a {
		t.Errorf("b: the same file should give the same configuration (%p, %p, %v)", a, b, err)
	}
	o, err := l.ForFile(filepath.Join(root, "other", "card.json"))
	if err != nil || o != nil {
		t.Errorf("other: %+v, %v", o, err)
	}
	bad := tree(t, map[string]string{".git/": "", ".agentcard.yaml": "profile: nope\n"})
	if _, err := l.ForDir(bad); err == nil {
		t.Error("an invalid configuration must be an error")
	}
}

func TestFlags(t *testing.T) {
	var c Config
	if err := c.ParseRuleFlag("skill-no-examples=off", lint.Catalogue()); err != nil {
		t.Fatal(err)
	}
	if err := c.ParseRuleFlag(" name-generic = error ", lint.Catalogue()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Rules, map[string]Level{"skill-no-examples": LevelOff, "name-generic": LevelError}) {
		t.Errorf("rules %v", c.Rules)
	}
	for flag, id := range map[string]string{
		"skill-no-examples":       "cli.config.rule-flag",
		"skill-no-example=off":    "cli.config.unknown-rule.suggest",
		"skill-no-examples=quiet": "cli.config.level",
	} {
		var es Errors
		if err := c.ParseRuleFlag(flag, lint.Catalogue()); !errors.As(err, &es) || es[0].Text.ID != id || es[0].File != "" {
			t.Errorf("--rule %s: %v, want %s", flag, err, id)
		}
	}
	if err := c.SetProfile("local"); err != nil || c.EffectiveProfile() != Local {
		t.Errorf("SetProfile(local): %v", err)
	}
	var es Errors
	if err := c.SetProfile("LOCAL"); !errors.As(err, &es) || es[0].Text.ID != "cli.config.profile" || c.Profile != Local {
		t.Errorf("SetProfile(LOCAL): %v", err)
	}
	var nilCfg *Config
	if nilCfg.EffectiveProfile() != Publish || (&Config{}).EffectiveProfile() != Publish {
		t.Error("the default profile is publish")
	}
}

func TestIgnored(t *testing.T) {
	root := t.TempDir()
	c := &Config{Dir: root, Ignore: []string{"drafts/**", "**/*.tmpl.json", "old.json"}}
	cases := map[string]bool{
		"drafts/a.json":           true,
		"drafts/deep/b.json":      true,
		"cards/x.tmpl.json":       true,
		"x.tmpl.json":             true,
		"old.json":                true,
		"cards/old.json":          false,
		"cards/agent-card.json":   false,
		"draftsmanship/card.json": false,
	}
	for rel, want := range cases {
		if got := c.Ignored(filepath.Join(root, filepath.FromSlash(rel))); got != want {
			t.Errorf("Ignored(%s) = %v, want %v", rel, got, want)
		}
	}
	var nilCfg *Config
	if nilCfg.Ignored("drafts/a.json") || (&Config{}).Ignored("drafts/a.json") {
		t.Error("no configuration ignores nothing")
	}
}

// TestIgnoredRelative: a relative input is read from the working
// directory, the patterns from the configuration's directory.
func TestIgnoredRelative(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	c := &Config{Dir: filepath.Dir(wd), Ignore: []string{"config/testdata/**"}}
	if !c.Ignored("testdata/x.json") || c.Ignored("x.json") {
		t.Error("relative paths are not resolved against the working directory")
	}
}

// TestAliasBomb: aliases of aliases cannot make a small file expensive.
func TestAliasBomb(t *testing.T) {
	src := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		src += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	_, err := Parse(".agentcard.yaml", []byte(src), lint.Catalogue())
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 || es[0].Text.ID != "cli.config.too-complex" {
		t.Fatalf("got %v", err)
	}
}
