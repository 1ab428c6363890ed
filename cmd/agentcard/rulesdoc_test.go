package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// docs/RULES.md is the rule list the README links to. It is generated from
// the catalogue so it cannot drift; this test fails when it is stale and
// `go test ./cmd/agentcard/ -run Golden -update` rewrites it.
func TestGoldenRulesDoc(t *testing.T) {
	var b strings.Builder
	rules := lint.Rules()
	b.WriteString("# Rules\n\n")
	b.WriteString("Generated from the rule catalogue (`core/lint`, `core/discovery`) by\n")
	b.WriteString("`go test ./cmd/agentcard/ -run Golden -update`; do not edit by hand.\n")
	fmt.Fprintf(&b, "%d rules. `agentcard rules CODE` prints one in full, with its examples;\n", len(rules))
	b.WriteString("the site has a page per rule at `/rules/<code>/`.\n")
	b.WriteString("\n## Limits\n\n")
	b.WriteString("Every input's work and output are bounded, whatever it holds:\n\n")
	fmt.Fprintf(&b, "- at most %d findings of one code under one group (the outermost array holding the value, such as `skills`, else its parent object; for syntax problems, the document), then one `%s` finding whose `omitted` and `omittedCode` fields count the rest;\n", lint.MaxPerGroup, jsonpos.CodeCapped)
	fmt.Fprintf(&b, "- at most %d findings in all, then one `too-many-findings` finding, and no further rule runs;\n", lint.MaxFindings)
	fmt.Fprintf(&b, "- a message is at most %d bytes, and names or values quoted in it at most 120 bytes;\n", lint.MaxMessage)
	fmt.Fprintf(&b, "- a `pointer` is at most %d bytes; a longer one is cut at a character boundary and ends in `%s`.\n", jsonpos.MaxPointer, jsonpos.PointerEllipsis)
	topic := ""
	for _, r := range rules {
		if r.Topic != topic {
			topic = r.Topic
			fmt.Fprintf(&b, "\n## %s\n\n| code | severity | what it finds | spec |\n|---|---|---|---|\n", topic)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.Code, r.Severity, mdCell(r.Title), mdCell(r.Spec))
	}
	got := b.String()
	path := filepath.Join("..", "..", "docs", "RULES.md")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing %s (run with -update): %v", path, err)
	}
	if string(want) != got {
		t.Errorf("%s is stale (run with -update)\n%s", path, firstDiff(got, string(want)))
	}
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
