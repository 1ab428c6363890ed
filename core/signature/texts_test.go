package signature

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

var idPattern = regexp.MustCompile(`"((?:msg|phrase)\.signature-[a-z0-9.\-]+)"`)

// TestTextsInCatalogues: every id the package uses is in the English and
// the Chinese catalogue, and every id of signature.json is used.
func TestTextsInCatalogues(t *testing.T) {
	used := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range idPattern.FindAllStringSubmatch(string(src), -1) {
			if !strings.HasSuffix(m[1], ".") { // a prefix completed at run time
				used[m[1]] = true
			}
		}
	}
	for _, v := range Variants() {
		if v != Spec {
			used["msg.signature-invalid."+string(v)] = true // built from the variant
		}
	}
	if len(used) < 40 {
		t.Fatalf("only %d ids found", len(used))
	}
	en, zh := catalog.Of(i18n.English), catalog.Of(i18n.Chinese)
	for id := range used {
		if _, ok := en.Lookup(id); !ok {
			t.Errorf("%s: not in the English catalogue", id)
		}
		if _, ok := zh.Lookup(id); !ok {
			t.Errorf("%s: not in the Chinese catalogue", id)
		}
	}
	for _, id := range en.Keys() {
		if (strings.HasPrefix(id, "msg.signature-card.") || strings.HasPrefix(id, "msg.signature-jwk.") || strings.HasPrefix(id, "msg.signature-key.") ||
			strings.HasPrefix(id, "msg.signature-verified") || strings.HasPrefix(id, "msg.signature-invalid") || strings.HasPrefix(id, "msg.signature-key-unavailable") ||
			strings.HasPrefix(id, "msg.signature-alg-refused") || strings.HasPrefix(id, "msg.signature-malformed") || strings.HasPrefix(id, "phrase.signature-")) &&
			id != "phrase.signature-member" && !used[id] {
			t.Errorf("%s: in signature.json but never used", id)
		}
	}
}

// TestTextsRender renders the texts of many outcomes in both languages
// and checks that their arguments fit the formats.
func TestTextsRender(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	k := testKey(t, "ES256")
	signed := must(Sign(card, k, SignOptions{Kid: "k1", JKU: "https://k.example/jwks"}))
	var texts []i18n.Text
	add := func(o Options) {
		for _, r := range mustVerify(t, signed, o).Results {
			texts = append(texts, r.Text)
		}
	}
	add(Options{Keys: keySet(t, "k1", k)})
	add(Options{Keys: keySet(t, "other", k)})
	add(Options{Keys: keySet(t, "k1", testKey(t, "EdDSA"))})
	add(Options{})
	add(Options{Fetch: func(context.Context, string) ([]byte, error) { return []byte("{"), nil }})
	changed := []byte(strings.Replace(string(signed), "Weather", "Whether", 1))
	for _, r := range mustVerify(t, changed, Options{Keys: keySet(t, "k1", k)}).Results {
		texts = append(texts, r.Text)
	}
	for _, in := range []string{`{"a":1,"a":2}`, `{"a":1e999}`, `{`} {
		_, err := Canonical([]byte(in))
		texts = append(texts, err.(*Error).Text)
	}
	for _, c := range []*i18n.Catalogue{catalog.Of(i18n.English), catalog.Of(i18n.Chinese)} {
		for _, tx := range texts {
			s := c.Render(tx)
			if strings.Contains(s, "%!") || strings.Contains(s, "signature-") {
				t.Errorf("%s %s: %s", c.Lang(), tx.ID, s)
			}
		}
	}
}
