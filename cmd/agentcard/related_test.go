package main

import (
	"encoding/json"
	"github.com/agentcard/agentcard/core/i18n"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// relatedCard has CJK text before the first "name", so byte columns
// (JSON output) and UTF-16 columns (SARIF) of the first occurrence differ.
const relatedCard = "{\"description\": \"整理纪要\", \"name\": \"a\",\n  \"name\": \"b\"}\n"

func writeRelatedCard(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile(filepath.Join(dir, "dup.json"), []byte(relatedCard), 0o644); err != nil {
		t.Fatal(err)
	}
	return "dup.json"
}

// The JSON output links the duplicate key's first occurrence by range,
// and every finding carries its rule page.
func TestLintJSONRelated(t *testing.T) {
	name := writeRelatedCard(t)
	out, _, _ := runCLI(t, "", "lint", "--format", "json", name)
	var doc struct {
		Results []struct {
			Diagnostics []lint.Diagnostic `json:"diagnostics"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	firstAt := strings.Index(relatedCard, `"name"`)
	var found bool
	for _, d := range doc.Results[0].Diagnostics {
		if d.URL != lint.RuleURL(d.Code) {
			t.Errorf("%s: url = %q, want %q", d.Code, d.URL, lint.RuleURL(d.Code))
		}
		if d.Code != jsonpos.CodeDuplicateKey {
			continue
		}
		found = true
		if len(d.Related) != 1 {
			t.Fatalf("related = %+v", d.Related)
		}
		r := d.Related[0].Range
		if r.Start.Offset != firstAt || r.End.Offset != firstAt+len(`"name"`) || r.Start.Line != 1 || r.Start.Column != firstAt+1 {
			t.Errorf("related range = %+v, want offset %d line 1 column %d", r, firstAt, firstAt+1)
		}
		if d.Related[0].Message != i18n.EnglishCatalogue().S(jsonpos.RelatedFirstKey) {
			t.Errorf("related message = %q", d.Related[0].Message)
		}
	}
	if !found {
		t.Fatalf("no %s finding in %s", jsonpos.CodeDuplicateKey, out)
	}
}

// SARIF lists the first occurrence in relatedLocations, in UTF-16 columns.
func TestSARIFRelatedLocations(t *testing.T) {
	name := writeRelatedCard(t)
	out, _, _ := runCLI(t, "", "lint", "--format", "sarif", name)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID           string          `json:"ruleId"`
				Locations        []sarifLocation `json:"locations"`
				RelatedLocations []sarifLocation `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	firstAt := strings.Index(relatedCard, `"name"`)
	wantCol := len(utf16.Encode([]rune(relatedCard[:firstAt]))) + 1
	var found bool
	for _, r := range log.Runs[0].Results {
		if r.RuleID != jsonpos.CodeDuplicateKey {
			if len(r.RelatedLocations) != 0 {
				t.Errorf("%s has related locations", r.RuleID)
			}
			continue
		}
		found = true
		if len(r.RelatedLocations) != 1 {
			t.Fatalf("relatedLocations = %+v", r.RelatedLocations)
		}
		rl := r.RelatedLocations[0]
		want := sarifRegion{StartLine: 1, StartColumn: wantCol, EndLine: 1, EndColumn: wantCol + len(`"name"`)}
		if rl.PhysicalLocation.Region == nil || *rl.PhysicalLocation.Region != want {
			t.Errorf("related region = %+v, want %+v", rl.PhysicalLocation.Region, want)
		}
		if rl.ID == nil || *rl.ID != 0 || rl.Message == nil || rl.Message.Text != i18n.EnglishCatalogue().S(jsonpos.RelatedFirstKey) {
			t.Errorf("related id/message = %v %v", rl.ID, rl.Message)
		}
		if rl.PhysicalLocation.ArtifactLocation != r.Locations[0].PhysicalLocation.ArtifactLocation {
			t.Errorf("related artifact %v differs from the result's", rl.PhysicalLocation.ArtifactLocation)
		}
		if r.Locations[0].PhysicalLocation.Region.StartLine != 2 {
			t.Errorf("primary location = %+v, want line 2", r.Locations[0].PhysicalLocation.Region)
		}
	}
	if !found {
		t.Fatalf("no %s result", jsonpos.CodeDuplicateKey)
	}
}
