package i18n

import (
	"encoding/json"
	"io/fs"
	"maps"
	"testing"

	"github.com/agentcard/agentcard/core/i18n/catalog/en"
)

// TestParseFlat: the reflection-free reader says what json.Unmarshal into
// a map[string]string says, for every English catalogue file and for the
// escapes, duplicates and mistakes a file can have.
func TestParseFlat(t *testing.T) {
	files := map[string][]byte{}
	names, _ := fs.Glob(en.FS, "*.json")
	for _, n := range names {
		files[n], _ = fs.ReadFile(en.FS, n)
	}
	for name, s := range map[string]string{
		"empty":          `{}`,
		"spaces":         " \t\r\n{ \"a\" : \"b\" , \"c\":\"d\" }\n",
		"escapes":        `{"a": "x\"y\\z\/\b\f\n\r\t", "b": "\u00e9\u4e2d\ud83d\ude00", "c": "\ud800 lone", "d": "\udc00\u0041"}`,
		"utf8":           `{"中文": "智能体卡片 🙂"}`,
		"duplicate":      `{"a": "1", "a": "2"}`,
		"not-string":     `{"a": 1}`,
		"nested":         `{"a": {"b": "c"}}`,
		"array":          `["a"]`,
		"trailing":       `{"a": "b"} x`,
		"comma":          `{"a": "b",}`,
		"control":        "{\"a\": \"b\x01\"}",
		"bad-escape":     `{"a": "\x"}`,
		"bad-u":          `{"a": "\u12"}`,
		"truncated":      `{"a": "b`,
		"invalid":        "{\"a\": \"\xff\"}",
		"null":           `null`,
		"null-space":     " null\n",
		"truncated-utf8": "{\"a\": \"\xe4\xb8 \xf0\x9f\"}",
		"utf8-outside":   "{\"a\": \"b\"\xff}",
		"utf8-name":      "{\"\xc3\": \"b\"}",
	} {
		files[name] = []byte(s)
	}
	for name, data := range files {
		got, err := parseFlat(data)
		var want map[string]string
		werr := json.Unmarshal(data, &want)
		if (err != nil) != (werr != nil) {
			t.Errorf("%s: error %v, json.Unmarshal %v", name, err, werr)
			continue
		}
		if err == nil && !maps.Equal(got, want) {
			t.Errorf("%s: %q, json.Unmarshal %q", name, got, want)
		}
	}
}

// FuzzParseFlat: on any input, parseFlat and json.Unmarshal into a
// map[string]string agree on whether it is a catalogue and on what it says.
func FuzzParseFlat(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": "b"}`, `{"a": "\u00e9\ud83d\ude00"}`, "{\"a\": \"\xff\"}", `null`, `{"a": 1}`, `{"a": "b",}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := parseFlat(data)
		var want map[string]string
		werr := json.Unmarshal(data, &want)
		if (err != nil) != (werr != nil) {
			t.Fatalf("%q: error %v, json.Unmarshal %v", data, err, werr)
		}
		if err == nil && want != nil && !maps.Equal(got, want) {
			t.Fatalf("%q: %q, json.Unmarshal %q", data, got, want)
		}
	})
}

func BenchmarkLoadEnglish(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := load(English, en.FS, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFlat and its baseline, json.Unmarshal of the same files
// into a map, in the same run.
func BenchmarkParseFlat(b *testing.B) {
	data := englishFiles(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range data {
			parseFlat(d)
		}
	}
}

func BenchmarkParseFlatBaseline(b *testing.B) {
	data := englishFiles(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range data {
			var m map[string]string
			json.Unmarshal(d, &m)
		}
	}
}

func englishFiles(b *testing.B) [][]byte {
	names, _ := fs.Glob(en.FS, "*.json")
	var out [][]byte
	for _, n := range names {
		d, err := fs.ReadFile(en.FS, n)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}
