package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the files scaffold reads into a temporary root.
func copyTree(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join("..", "..", f))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestScaffold(t *testing.T) {
	root := copyTree(t, "core/lint/skills.go", ZHFile)
	files, err := scaffold(root, "skill-scaffold-example", "skills")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("files = %v", files)
	}
	src, err := os.ReadFile(filepath.Join(root, "core/lint/skills.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Code: "skill-scaffold-example", Severity: Info, Topic: "skills"`,
		`Basis:       Basis{Kind: BasisAdvice}`,
		`{ID: "msg.skill-scaffold-example", Text: "TODO %s"}`,
		`Check: checkSkillScaffoldExample}`,
		"func checkSkillScaffoldExample(c *Context) {",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("skills.go lacks %q", want)
		}
	}
	data, err := os.ReadFile(filepath.Join(root, ZHFile))
	if err != nil {
		t.Fatal(err)
	}
	var zh map[string]string
	if err := json.Unmarshal(data, &zh); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rule.skill-scaffold-example.title", "rule.skill-scaffold-example.explanation", "rule.skill-scaffold-example.howToFix", "msg.skill-scaffold-example"} {
		if _, ok := zh[k]; !ok {
			t.Errorf("rules.json lacks %s", k)
		}
	}
	// The members already there keep their text and order.
	orig, _ := os.ReadFile(filepath.Join("..", "..", ZHFile))
	if !strings.HasPrefix(string(data), strings.TrimSuffix(string(orig), "\n}\n")) {
		t.Error("rules.json's existing members changed")
	}
	// A second run refuses: the keys are there.
	if _, err := scaffold(root, "skill-scaffold-example", "skills"); err == nil {
		t.Error("a second scaffold of the same code succeeded")
	}
}

func TestScaffoldRefuses(t *testing.T) {
	root := copyTree(t, "core/lint/skills.go", ZHFile)
	for _, tc := range []struct{ name, code, topic string }{
		{"one word", "shouts", "skills"},
		{"capitals", "Skill-Name", "skills"},
		{"no topic file", "skill-scaffold-example", "nosuchtopic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := scaffold(root, tc.code, tc.topic); err == nil {
				t.Error("accepted")
			}
		})
	}
}
