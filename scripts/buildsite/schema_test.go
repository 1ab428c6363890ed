package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

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
