package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// TestB12SizeCap: a configuration over MaxBytes is refused before it is
// parsed, from a file (of which at most MaxBytes+1 are read) or as text.
func TestB12SizeCap(t *testing.T) {
	big := "rules:\n" + strings.Repeat("  # padding line\n", MaxBytes/16)
	var errs Errors
	if _, err := Parse(".agentcard.yaml", []byte(big), lint.Catalogue()); !errors.As(err, &errs) || errs[0].Text.ID != "cli.config.too-large" {
		t.Fatalf("Parse: %v", err)
	}
	p := filepath.Join(t.TempDir(), ".agentcard.yml")
	os.WriteFile(p, []byte(big), 0o644)
	if _, err := Load(p, lint.Catalogue()); !errors.As(err, &errs) || errs[0].Text.ID != "cli.config.too-large" {
		t.Fatalf("Load: %v", err)
	}
	if _, err := Parse(".agentcard.json", []byte(`{"rules":{}}`+strings.Repeat(" ", MaxBytes)), lint.Catalogue()); !errors.As(err, &errs) || errs[0].Text.ID != "cli.config.too-large" {
		t.Errorf("JSON: %v", err)
	}
}
