package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
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
	b.WriteString(severityPolicy)
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
			fmt.Fprintf(&b, "\n## %s\n\n| code | severity | what it finds | basis | references |\n|---|---|---|---|---|\n", topic)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.Code, r.Severity, mdCell(r.Title), r.Basis.Label, mdRefs(r.Refs))
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

func mdRefs(refs []card.Ref) string {
	if len(refs) == 0 {
		return "—"
	}
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = "[" + mdCell(r.String()) + "](" + r.URL + ")"
	}
	return strings.Join(parts, "; ")
}

// severityPolicy is the rule the catalogue's severities follow; the test
// TestCatalogueBasisAndRefs in core/lint enforces it rule by rule. (@@
// stands for a backquote, which a raw string cannot hold.)
var severityPolicy = strings.ReplaceAll(`
## Severity policy

Every rule records its **basis**, what it rests on, and links to where that
is written. The basis decides the highest severity the rule may have:

- **error**: a MUST or REQUIRED of the card's own specification version
  (basis *MUST / REQUIRED*), or a failure shown in a named official SDK
  (basis *official SDK behaviour*, with the SDK release and file linked);
- **warning**: a SHOULD of the card's version (*SHOULD*), or a failure that
  is likely without being demonstrated (*likely failure*);
- **info**: advice that makes the card better without any text requiring it
  (*advice*).

Every rule with basis *official SDK behaviour* links at least one file of
the SDK at the release it was read at (a2a-go v2.4.0, a2a-python v1.1.0,
a2a-js v1.3.0; the catalogue test fails otherwise). What a rule or a lesson
says an SDK or "clients" do is a claim with an id (@@core/sdk/claims.go@@),
and every claim is checked: against a2a-go itself and against
@@@a2a-js/sdk@@ from npm (the differential tests of @@core/sdk@@, run by
@@make test@@ over a generated sweep of cards), or, for a2a-python, which
cannot be installed here, against its model, which says so ("not verified
against the running SDK") and cites the source lines it follows. A sentence
about clients that is neither the specification's nor tied to a claim fails
@@go test ./core/sdk/@@. @@agentcard select --sdk all@@ prints each SDK's
answers (loads / selects / verifies) for one card.

Rules marked *limit of this tool* (input size, nesting depth, number of
findings) are this checker's own bounds, not requirements of the
specification: their findings say the input was not fully checked.

References name the version they cite: @@A2A v1.0 §4.4.6@@ is section 4.4.6 of
the 1.0 specification (its headings as of v1.0.1), @@A2A v0.3.0 §5.6.1@@ a
section of 0.3.0. Legacy rules cite the legacy version. Links go to the
published text of that version (@@https://a2a-protocol.org/v1.0.0/specification/@@,
@@/v0.3.0/@@, @@/v0.2.6/@@). Caveat: the site publishes the 1.0 release as
v1.0.0, whose headings match v1.0.1 except that §5.8 (Custom Binding
Identification) was added in 1.0.1, so references to §5.8 link to
@@/latest/@@. Every A2A reference is checked against the headings of its
version kept in @@testdata/spec/sections/@@ by @@go test ./core/...@@.
`, "@@", "`")

// The whole catalogue, HTTP rules included, follows the severity policy
// and cites only sections that exist in the versions they name.
func TestCatalogueFollowsPolicy(t *testing.T) {
	for _, p := range lint.CatalogueProblems(lint.Rules()) {
		code, _, _ := strings.Cut(p, ":")
		if why, ok := discoveryPending[code]; ok {
			t.Logf("%s (pending in core/discovery: %s)", p, why)
			continue
		}
		t.Error(p)
	}
}

// discoveryPending are HTTP rules (registered by core/discovery, owned
// elsewhere) whose severity still has to follow the policy. Remove an
// entry when the rule is changed; the test then enforces it.
var discoveryPending = map[string]string{}
