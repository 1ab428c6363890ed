package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"

	"github.com/agentcard/agentcard/internal/testcards"
)

// jsIndex is what JavaScript's String.prototype.indexOf would say: the
// number of UTF-16 units before byte offset off (valid UTF-8 only).
func jsIndex(src []byte, off int) int {
	return len(utf16.Encode([]rune(string(src[:off]))))
}

// sharedCard reads a sample card of testdata/cards.
func sharedCard(t testing.TB, name string) []byte { return testcards.Card(t, name) }

func TestLintUTF16Offsets(t *testing.T) {
	cases := map[string][]byte{
		"cjk-duplicate-key": sharedCard(t, "broken-duplicate-key-cjk.json"),
		"common-mistakes":   sharedCard(t, "broken-common-mistakes.json"),
		"emoji": []byte("{\"name\": \"🤖🤖 helper\", \"description\": \"An AI assistant 🤖.\", \"version\": \"1\",\n" +
			"\"supportedInterfaces\": [{\"url\": \"{BASE_URL}/🤖\", \"protocolBinding\": \"jsonrpc\", \"protocolVersion\": \"1.0.0\"}]}"),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			res := Lint(src)
			if len(res.Diagnostics) == 0 {
				t.Fatal("expected findings")
			}
			fixes := 0
			for _, d := range res.Diagnostics {
				if want := jsIndex(src, d.Range.Start.Offset); d.From != want {
					t.Errorf("%s: from = %d, want %d", d.Code, d.From, want)
				}
				if want := jsIndex(src, d.Range.End.Offset); d.To != want {
					t.Errorf("%s: to = %d, want %d", d.Code, d.To, want)
				}
				for _, f := range d.Fixes {
					for _, e := range f.Edits {
						fixes++
						if e.From != jsIndex(src, e.Range.Start.Offset) || e.To != jsIndex(src, e.Range.End.Offset) {
							t.Errorf("%s fix %q: edit %d..%d has wrong UTF-16 offsets", d.Code, f.Title, e.From, e.To)
						}
					}
				}
			}
			if name != "cjk-duplicate-key" && fixes == 0 {
				t.Error("expected at least one fix with edits")
			}
		})
	}
}

// The mode "文本" sits after Chinese text on line 1: its UTF-16 range must
// cover exactly the string in a JavaScript view of the text.
func TestLintCJKModeRange(t *testing.T) {
	src := sharedCard(t, "broken-duplicate-key-cjk.json")
	res := Lint(src)
	js := utf16.Encode([]rune(string(src)))
	found := false
	for _, d := range res.Diagnostics {
		got := string(utf16.Decode(js[d.From:d.To]))
		if strings.Contains(got, "文本") {
			found = true
			if got != `"文本"` && got != "文本" {
				t.Errorf("%s covers %q, want the string \"文本\"", d.Code, got)
			}
		}
	}
	if !found {
		t.Fatalf("no diagnostic covers the mode 文本: %+v", res.Diagnostics)
	}
}

func TestUTF16MapMatchesUTF16Offset(t *testing.T) {
	src := []byte("a重🤖\xffb\n复🤖x")
	var offs []int
	for i := 0; i <= len(src)+2; i++ {
		offs = append(offs, i)
	}
	m := jsonpos.UTF16Offsets(src, append([]int(nil), offs...))
	for _, off := range offs {
		if got, want := m[off], jsonpos.UTF16Offset(src, off); got != want {
			t.Errorf("offset %d: %d, want %d", off, got, want)
		}
	}
}

func TestLintResultJSONShape(t *testing.T) {
	res := Lint([]byte(`{}`))
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	for _, k := range []string{"input", "era", "errors", "warnings", "infos", "diagnostics"} {
		if _, ok := m[k]; !ok {
			t.Errorf("result JSON lacks %q: %s", k, b)
		}
	}
	d := m["diagnostics"].([]any)[0].(map[string]any)
	for _, k := range []string{"code", "severity", "message", "pointer", "range", "from", "to"} {
		if _, ok := d[k]; !ok {
			t.Errorf("diagnostic JSON lacks %q", k)
		}
	}
	if s := d["severity"]; s != "error" && s != "warning" && s != "info" {
		t.Errorf("severity = %v", s)
	}
	// Empty input must still give an array, never null.
	if b, _ := json.Marshal(Lint([]byte(`{"name":"x"}`))); strings.Contains(string(b), `"diagnostics":null`) {
		t.Error("diagnostics is null")
	}
}

func TestShareRoundTrip(t *testing.T) {
	src := sharedCard(t, "broken-duplicate-key-cjk.json")
	enc := EncodeShare(string(src))
	if enc.Error != "" || !strings.HasPrefix(enc.Fragment, "1.") {
		t.Fatalf("encode: %+v", enc)
	}
	for _, in := range []string{enc.Fragment, "#c=" + enc.Fragment} {
		dec := DecodeShare(in)
		if dec.Error != "" || dec.Text != string(src) {
			t.Fatalf("decode(%.12q) = %+v", in, dec)
		}
	}
	// Each refusal carries a code the page keys its message on.
	for in, code := range map[string]string{
		"#c=1.!!!": "damaged",
		"#c=7.abc": "version",
		"#c=":      "empty",
		"#c=" + share.Encode([]byte(strings.Repeat("{}", share.MaxDecoded/2+1))): "too-large",
	} {
		if dec := DecodeShare(in); dec.Error == "" || dec.Code != code || dec.Text != "" {
			t.Errorf("DecodeShare(%.20q) = code %q error %q, want code %q", in, dec.Code, dec.Error, code)
		}
	}
	if long := EncodeShare(strings.Repeat("x🤖", 1)); long.Long {
		t.Fatal("short text flagged long")
	}
}

func TestFormat(t *testing.T) {
	if r := Format([]byte(`{"a":[1]}`)); r.Error != "" || r.Text != "{\n  \"a\": [\n    1\n  ]\n}\n" {
		t.Fatalf("%+v", r)
	}
	// Broken JSON: where it breaks, with the syntax finding's code, and
	// From in UTF-16 units (the CJK value before it counts 2, not 6).
	r := Format([]byte("{\"名前\": \"重复\",\n  \"a\": 1,}"))
	if r.Error == "" || r.Code != "syntax" || r.Finding != "json-trailing-comma" || r.Line != 2 || r.From != len([]rune("{\"名前\": \"重复\",\n  \"a\": 1")) {
		t.Fatalf("broken JSON: %+v", r)
	}
}

func TestCatalogues(t *testing.T) {
	fields := Fields()
	var iface, binding *FieldView
	for i := range fields {
		f := &fields[i]
		if f.Object == "AgentCard" && f.Name == "supportedInterfaces" {
			iface = f
		}
		if f.Object == "AgentInterface" && f.Name == "protocolBinding" {
			binding = f
		}
	}
	if iface == nil || iface.Elem != "AgentInterface" || !iface.List || !iface.Required {
		t.Errorf("supportedInterfaces entry: %+v", iface)
	}
	if binding == nil || len(binding.Values) == 0 {
		t.Errorf("protocolBinding has no values: %+v", binding)
	}
	rules := Rules()
	if len(rules) == 0 || rules[0].Code == "" || rules[0].Explanation == "" {
		t.Errorf("rules: %+v", rules[:1])
	}
	var parsed []map[string]any
	if err := json.Unmarshal([]byte(FieldsJSON()), &parsed); err != nil || len(parsed) != len(fields) {
		t.Fatalf("FieldsJSON: %v", err)
	}
	if _, ok := parsed[0]["required"].(bool); !ok {
		t.Errorf("field JSON has no boolean required: %v", parsed[0])
	}
}

// TestLintTopics: every finding carries its rule's topic and the topic's
// place in lint.Topics, so the page groups findings before it has asked
// for the rule list.
func TestLintTopics(t *testing.T) {
	res := Lint([]byte(`{"name": 1, "skills": "x"}`))
	if len(res.Diagnostics) == 0 {
		t.Fatal("no findings")
	}
	for _, d := range res.Diagnostics {
		r := lint.RuleFor(d.Code)
		if r == nil {
			t.Fatalf("%s: no rule", d.Code)
		}
		if d.Topic != r.Topic || d.TopicRank < 0 || d.TopicRank >= len(lint.Topics) || lint.Topics[d.TopicRank] != r.Topic {
			t.Errorf("%s: topic %q rank %d, want %q", d.Code, d.Topic, d.TopicRank, r.Topic)
		}
	}
	if topic, rank := topicOf("no-such-code"); topic != "other" || rank != len(lint.Topics) {
		t.Errorf("unknown code: %q %d", topic, rank)
	}
}
