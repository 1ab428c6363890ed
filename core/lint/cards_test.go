package lint

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/testcards"
)

// Every sample card in testdata/cards gets the verdict testdata/README.md gives.

func lintShared(t *testing.T, name string) (*Result, []byte) {
	t.Helper()
	src := testcards.Card(t, name)
	res := Lint(src, Options{})
	res.Input = name
	return res, src
}

func TestSharedCardsClean(t *testing.T) {
	for name, era := range map[string]string{
		"seed-document-search.json":  "1.0",
		"seed-three-interfaces.json": "1.0",
		"minimal-1.0.json":           "1.0",
		"full-1.0.json":              "1.0",
		"legacy-0.3.json":            "0.3",
		"mixed-consistent.json":      "mixed",
	} {
		t.Run(name, func(t *testing.T) {
			res, _ := lintShared(t, name)
			if string(res.Era) != era {
				t.Errorf("era %s, want %s", res.Era, era)
			}
			for _, d := range res.Diagnostics {
				if d.Severity == Error {
					t.Errorf("unexpected error %s at %s: %s", d.Code, d.Range.Start, d.Message)
				}
			}
		})
	}
}

// Every card in the directory is covered by a test here, so a new sample
// card cannot slip in without a verdict.
func TestSharedCardsAllCovered(t *testing.T) {
	known := map[string]bool{
		"seed-document-search.json": true, "seed-three-interfaces.json": true, "minimal-1.0.json": true,
		"full-1.0.json": true, "legacy-0.3.json": true, "mixed-consistent.json": true, "mixed-inconsistent.json": true,
		"broken-common-mistakes.json": true, "broken-not-json.json": true, "broken-duplicate-key-cjk.json": true,
		"not-a-card-mcp.json": true,
	}
	for _, p := range testcards.Cards(t) {
		if !known[filepath.Base(p)] {
			t.Errorf("sample card %s has no verdict test", filepath.Base(p))
		}
	}
}

func TestSharedBrokenNotJSON(t *testing.T) {
	res, _ := lintShared(t, "broken-not-json.json")
	if res.Era != "unknown" {
		t.Errorf("era %s, want unknown", res.Era)
	}
	wantAt(t, res, "json-comment", 2, Error)
	wantAt(t, res, "json-trailing-comma", 7, Error) // on the comma, at the end of line 7
}

func TestSharedDuplicateKeyCJK(t *testing.T) {
	res, src := lintShared(t, "broken-duplicate-key-cjk.json")
	wantAt(t, res, "json-duplicate-key", 1, Warning)
	// the mode "文本" is not a media type; its position must be right in
	// bytes (the engine's unit) and in UTF-16 (the browser's unit).
	quoteOff := bytes.Index(src, []byte(`"文本"`))
	var found *Diagnostic
	for i, d := range res.Diagnostics {
		if strings.HasPrefix(d.Code, "mode-") && d.Range.Start.Offset >= quoteOff && d.Range.Start.Offset <= quoteOff+1 {
			found = &res.Diagnostics[i]
		}
	}
	if found == nil {
		t.Fatalf("no mode finding on \"文本\" (offset %d); findings: %v", quoteOff, codes(res))
	}
	if found.Pointer != "/skills/0/inputModes/0" {
		t.Errorf("pointer %q, want /skills/0/inputModes/0", found.Pointer)
	}
	start := found.Range.Start
	// byte column 513 and UTF-16 column 435 for the opening quote (one
	// more for each if the range starts inside the quotes)
	inside := start.Offset - quoteOff
	if start.Line != 1 || start.Column != 513+inside {
		t.Errorf("start %d:%d, want 1:%d (bytes)", start.Line, start.Column, 513+inside)
	}
	if got := jsonpos.UTF16Column(src, start); got != 435+inside {
		t.Errorf("UTF-16 column %d, want %d", got, 435+inside)
	}
	if got := string(src[start.Offset:found.Range.End.Offset]); !strings.Contains(got, "文本") {
		t.Errorf("range covers %q", got)
	}
}

func TestSharedNotACard(t *testing.T) {
	res, _ := lintShared(t, "not-a-card-mcp.json")
	if res.Era != "not-a-card" {
		t.Errorf("era %s, want not-a-card", res.Era)
	}
	if len(res.Diagnostics) != 1 || res.Errors != 1 || res.Diagnostics[0].Code != "not-a-card" {
		t.Fatalf("want exactly one not-a-card error, got %v", codes(res))
	}
	if msg := res.Diagnostics[0].Message; !strings.Contains(msg, "MCP") {
		t.Errorf("message does not say what the document looks like: %s", msg)
	}
}

func TestSharedMixedInconsistent(t *testing.T) {
	res, _ := lintShared(t, "mixed-inconsistent.json")
	if res.Era != "mixed" {
		t.Errorf("era %s, want mixed", res.Era)
	}
	for _, d := range res.Diagnostics {
		if d.Severity <= Warning && (d.Pointer == "/url" || d.Pointer == "/preferredTransport" || d.Pointer == "/protocolVersion") {
			return
		}
	}
	t.Errorf("no warning or error about the legacy half (url/preferredTransport); findings: %v", codes(res))
}

func TestSharedLegacyWarning(t *testing.T) {
	res, _ := lintShared(t, "legacy-0.3.json")
	for _, d := range res.Diagnostics {
		if d.Severity == Warning && strings.Contains(d.Message, "1.0") {
			return
		}
	}
	t.Errorf("no warning that 1.0-only clients cannot read a 0.3 card; findings: %v", codes(res))
}

// broken-common-mistakes.json: one finding per mistake the README lists.
// Expected codes come from the rule catalogue; a mistake may be reported
// under one of several codes where the rules leave room.
func TestSharedCommonMistakes(t *testing.T) {
	res, _ := lintShared(t, "broken-common-mistakes.json")
	if res.Errors == 0 {
		t.Fatal("no errors")
	}
	for _, m := range []struct {
		mistake string
		line    int
		codes   []string
	}{
		{"placeholder URL", 6, []string{"interface-url-not-absolute"}},
		{"binding case", 6, []string{"interface-binding-variant"}},
		{"patch version", 6, []string{"interface-version-patch"}},
		{"private address", 7, []string{"interface-url-internal"}},
		{"transport key", 7, []string{"interface-transport-key"}},
		{"unknown binding REST", 8, []string{"interface-binding-variant", "interface-binding-unknown"}},
		{"missing version", 8, []string{"required-field"}},
		{"capabilities array", 10, []string{"wrong-type"}},
		{"0.3-style scheme in a 1.0 card", 11, []string{"security-scheme-legacy-shape"}},
		{"undefined scheme", 12, []string{"security-requirement-undefined"}},
		{"non-media-type mode", 13, []string{"mode-not-media-type"}},
		{"empty defaultOutputModes", 14, []string{"required-field-empty"}},
		{"empty tags", 16, []string{"required-field-empty"}},
		{"id with spaces", 16, []string{"skill-id-not-slug"}},
		{"duplicate skill id", 17, []string{"skill-id-duplicate"}},
		{"generic description", 3, []string{"description-vague"}},
		{"snake_case field", 19, []string{"unknown-field", "field-proto-name-duplicate"}},
		{"credential in the card", 20, []string{"credential-in-card"}},
	} {
		if !hasAt(res, m.codes, m.line) {
			t.Errorf("%s: no %s finding at line %d", m.mistake, strings.Join(m.codes, " or "), m.line)
		}
	}
	// the credential must not be echoed back in full
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "bm90LWEtcmVhbC1rZXk") {
			t.Errorf("%s echoes the secret: %s", d.Code, d.Message)
		}
	}
	if t.Failed() {
		t.Logf("findings: %v", codes(res))
	}
}

func hasAt(res *Result, codes []string, line int) bool {
	for _, d := range res.Diagnostics {
		for _, c := range codes {
			if d.Code == c && d.Range.Start.Line == line {
				return true
			}
		}
	}
	return false
}

func wantAt(t *testing.T, res *Result, code string, line int, sev Severity) {
	t.Helper()
	for _, d := range res.Diagnostics {
		if d.Code == code && d.Range.Start.Line == line {
			if d.Severity != sev {
				t.Errorf("%s at line %d is %s, want %s", code, line, d.Severity, sev)
			}
			return
		}
	}
	t.Errorf("no %s at line %d; findings: %v", code, line, codes(res))
}
