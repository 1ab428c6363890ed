package migrate

import (
	"bytes"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

func optionNoteIDs(r Result) map[string]bool {
	ids := map[string]bool{}
	for _, n := range r.Notes {
		ids[n.ID] = true
	}
	return ids
}

// Options.Version declares the converted entries at another version (the
// CLI's default, 1.0, for a card migrated with its server) and says so in
// a note; the zero value, and a value that is not Major.Minor, keep the
// card's own version.
func TestOptionsVersion(t *testing.T) {
	n := 0
	for _, in := range inputs(t) {
		doc := jsonpos.Parse(in.src, jsonpos.Options{})
		if card.Detect(doc.Root).Era == card.EraMixed || len(card.LegacyInterfaces(doc.Root)) == 0 {
			continue
		}
		n++
		plain, err := Migrate(in.src, To10Only)
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		for _, v := range []string{"", "one"} {
			same, _ := MigrateWith(in.src, To10Only, Options{Version: v})
			if !bytes.Equal(same.Output, plain.Output) {
				t.Errorf("%s: Version %q differs from Migrate", in.name, v)
			}
		}
		res, err := MigrateWith(in.src, To10Only, Options{Version: "1.0"})
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		for _, it := range card.Interfaces(jsonpos.Parse(res.Output, jsonpos.Options{}).Root) {
			if it.Version != "1.0" {
				t.Errorf("%s: %s is declared at %q", in.name, it.Source, it.Version)
			}
		}
		notes := optionNoteIDs(res)
		if optionNoteIDs(plain)["migrate.note.version-legacy"] && (!notes["migrate.note.version-declared"] || notes["migrate.note.version-legacy"]) {
			t.Errorf("%s: notes %v", in.name, notes)
		}
		again, err := MigrateWith(res.Output, To10Only, Options{Version: "1.0"})
		if err != nil || !bytes.Equal(again.Output, res.Output) || len(again.Changes) > 0 {
			t.Errorf("%s: migrating the result again changed it", in.name)
		}
	}
	if n < 3 {
		t.Errorf("only %d legacy inputs", n)
	}
}
