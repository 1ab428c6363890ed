package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// stdJSON is what encoding/json writes for v with HTML escaping off: the
// bytes the hand-written encoder (encode.go) must write.
func stdJSON(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func sameJSON(t *testing.T, what string, got []byte, want any) {
	t.Helper()
	if w := stdJSON(t, want); !bytes.Equal(got, w) {
		i := 0
		for i < len(got) && i < len(w) && got[i] == w[i] {
			i++
		}
		lo := max(0, i-80)
		t.Errorf("%s: the encoder differs from encoding/json at byte %d:\n got %s\nwant %s", what, i,
			got[lo:min(len(got), i+80)], w[lo:min(len(w), i+80)])
	}
}

// encodeCorpus is every testdata card, every rule's bad and good example
// as a whole document, and texts the answers treat specially (empty, not
// JSON, not an object, characters JSON escapes).
func encodeCorpus(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{
		"empty":    nil,
		"not-json": []byte("{not json"),
		"array":    []byte(`[1, 2]`),
		"escapes":  []byte("{\"name\": \"<a & b>\\u2028\\u0001\\t\\\"x\\\" \xff 🤖\", \"supportedInterfaces\": [{\"url\": \"https://a.example/\\u2029\", \"protocolBinding\": \"JSONRPC\", \"protocolVersion\": \"1.0\", \"tenant\": \"t<1>\"}]}"),
	}
	cards, err := filepath.Glob("../../testdata/cards/*.json")
	if err != nil || len(cards) == 0 {
		t.Fatalf("no testdata cards: %v", err)
	}
	for _, p := range cards {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs["card "+filepath.Base(p)] = b
	}
	for _, r := range lint.Rules() {
		if r.External {
			continue
		}
		for kind, ex := range map[string]string{"bad": r.Bad, "good": r.Good} {
			if ex != "" {
				docs["rule "+r.Code+" "+kind] = []byte(lint.ExampleDocument(ex))
			}
		}
	}
	return docs
}

// TestEncoderMatchesEncodingJSON: every answer the page receives, for
// every document of the corpus in both languages, is byte for byte what
// encoding/json wrote before the encoder replaced it.
func TestEncoderMatchesEncodingJSON(t *testing.T) {
	docs := encodeCorpus(t)
	for _, lang := range []string{"en", "zh-CN"} {
		cat := ""
		if lang != "en" {
			cat = chineseJSON(t)
		}
		lr := SetLanguage(lang, cat)
		sameJSON(t, "setLanguage", lr.JSON(), lr)
		defer SetLanguage("en", "")
		sameJSON(t, lang+" fields", encodeFields(Fields()), Fields())
		sameJSON(t, lang+" rules", encodeRules(Rules()), Rules())
		for name, src := range docs {
			what := lang + " " + name
			for _, p := range []string{"publish", "local"} {
				r := LintWith(src, LintOptions{Profile: p})
				sameJSON(t, what+" lint "+p, r.JSON(), r)
			}
			fa := FixAll(src)
			sameJSON(t, what+" fixAll", fa.JSON(), fa)
			for _, target := range []string{"1.0", "mixed", "2.0"} {
				for _, keep := range []bool{false, true} {
					m := Migrate(src, target, MigrateOptions{KeepVersions: keep})
					sameJSON(t, what+" migrate "+target, m.JSON(), m)
				}
			}
			sameJSON(t, what+" sdks", encodeSDKs(SDKs(src)), SDKs(src))
			sameJSON(t, what+" matrix", encodeMatrix(Matrix(src)), Matrix(src))
			for _, prof := range []string{"JSONRPC@1.0,HTTP+JSON@1.0|0.3", "GRPC@1.0", "jsonrpc@0.3", "", "???"} {
				s := Select(src, prof)
				sameJSON(t, what+" select "+prof, s.JSON(), s)
			}
			il := Interfaces(src)
			sameJSON(t, what+" interfaces", il.JSON(), il)
			f := Format(src)
			sameJSON(t, what+" format", f.JSON(), f)
			es := EncodeShare(string(src))
			sameJSON(t, what+" encodeShare", es.JSON(), es)
			ds := DecodeShare(es.Fragment)
			sameJSON(t, what+" decodeShare", ds.JSON(), ds)
		}
	}
	for _, frag := range []string{"", "1.", "1.!!", "2.abc", strings.Repeat("A", 100)} {
		ds := DecodeShare(frag)
		sameJSON(t, "decodeShare "+frag, ds.JSON(), ds)
	}
	for _, bad := range []struct{ lang, cat string }{{"xx", ""}, {"zh-CN", ""}, {"zh-CN", "[1]"}, {"zh-CN", "{}"}} {
		lr := SetLanguage(bad.lang, bad.cat)
		sameJSON(t, "setLanguage "+bad.lang, lr.JSON(), lr)
	}
	sameJSON(t, "error", errorJSON("agentcard.lint failed: <boom> \"x\""), map[string]string{"error": "agentcard.lint failed: <boom> \"x\""})
}
