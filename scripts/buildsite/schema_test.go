package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"

	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/schema"
)

// The site serves each schema at the address its $id names, with the
// bytes `agentcard schema` prints.
func TestSchemasPublished(t *testing.T) {
	b := testBuilder(t)
	if err := b.schemas(); err != nil {
		t.Fatal(err)
	}
	for _, v := range schema.Versions {
		got, err := os.ReadFile(filepath.Join(b.stage, filepath.FromSlash(schema.Path(v))))
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		want, _ := schema.Generate(v)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: published schema differs from schema.Generate", v)
		}
		var doc struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(got, &doc); err != nil || doc.ID != lint.SiteURL+schema.Path(v) {
			t.Errorf("%s: $id %q, want the published address %q", v, doc.ID, lint.SiteURL+schema.Path(v))
		}
	}
}

// A replacement written in words reads in the page's language; a path
// stays code, written as JSONPath writes it.
func TestReplacementWords(t *testing.T) {
	zh := catalog.Of(i18n.Chinese)
	for _, f := range card.Fields() {
		if f.Replacement == "" {
			continue
		}
		got := replacementWords(zh, f)
		if strings.ContainsRune(f.Replacement, ' ') && !hasHan(got) {
			t.Errorf("%s.%s: replacement %q on the Chinese page is not Chinese", f.Object, f.Name, got)
		}
		if strings.Contains(got, "[]") {
			t.Errorf("%s.%s: replacement %q shows a Go-looking []", f.Object, f.Name, got)
		}
	}
}
