package lint

import (
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
)

func TestModeNotMediaType(t *testing.T) {
	var cases []findingCase
	for in, want := range map[string]string{
		"text": "text/plain", "Text": "text/plain", "json": "application/json", "markdown": "text/markdown", "html": "text/html",
		"pdf": "application/pdf", "文本": "text/plain", "csv": "text/csv", "png": "image/png",
	} {
		cases = append(cases, findingCase{name: "certain " + in, card: `"defaultInputModes": [` + jsonpos.Quote(in) + `]`, code: codeModeNotMediaType, want: 1,
			pointer: "/defaultInputModes/0", id: "msg.mode-not-media-type.known", args: []any{jsonpos.Quote(in), jsonpos.Quote(want)}, fix: jsonpos.Quote(want)})
	}
	for in, want := range map[string]any{"image": guessImage, "audio": guessAudio, "video": "video/mp4", "file": guessFile, "图片": guessImage} {
		cases = append(cases, findingCase{name: "guess " + in, card: `"defaultOutputModes": [` + jsonpos.Quote(in) + `]`, code: codeModeNotMediaType, want: 1,
			id: "msg.mode-not-media-type.family", args: []any{want}, fix: "-"})
	}
	cases = append(cases,
		findingCase{name: "unknown top-level type", card: `"defaultInputModes": ["file/pdf"]`, code: codeModeNotMediaType, want: 1, id: "msg.mode-not-media-type.top-level", args: []any{`"file"`}, fix: "-"},
		findingCase{name: "bad token", card: `"defaultInputModes": ["text/pl ain"]`, code: codeModeNotMediaType, want: 1, id: "msg.mode-not-media-type.syntax"},
		findingCase{name: "bad parameter", card: `"defaultInputModes": ["text/plain; charset"]`, code: codeModeNotMediaType, want: 1},
		findingCase{name: "unknown word", card: `"defaultInputModes": ["whatever"]`, code: codeModeNotMediaType, want: 1, id: "msg.mode-not-media-type", fix: "-"},
		findingCase{name: "text next to text/plain is removed", card: `"defaultInputModes": ["text/plain", "text"]`, code: codeModeNotMediaType, want: 1, fix: "<delete>"},
		findingCase{name: "skill modes", card: `"skills": [{"id": "s", "name": "S", "description": "Summarises one PDF report into five bullet points.", "tags": ["pdf"], "inputModes": ["application/pdf"], "outputModes": ["markdown"]}]`,
			code: codeModeNotMediaType, want: 1, pointer: "/skills/0/outputModes/0", args: []any{"skills[0].outputModes[0]"}, fix: `"text/markdown"`},
		findingCase{name: "valid types", card: `"defaultInputModes": ["text/plain", "application/json; charset=utf-8", "image/svg+xml", "application/vnd.api+json", "Text/Plain", "application/x-ndjson"]`,
			code: codeModeNotMediaType, want: 0},
		findingCase{name: "wildcards are not this rule", card: `"defaultInputModes": ["*/*", "image/*"]`, code: codeModeNotMediaType, want: 0},
		findingCase{name: "empty string is not this rule", card: `"defaultInputModes": [""]`, code: codeModeNotMediaType, want: 0},
		findingCase{name: "wildcard", card: `"defaultInputModes": ["text/plain", "*/*"]`, code: codeModeMediaRange, want: 1, id: "msg.mode-media-range", args: []any{"defaultInputModes[1]", `"*/*"`}, pointer: "/defaultInputModes/1"},
		findingCase{name: "subtype wildcard", card: `"defaultOutputModes": ["image/*"]`, code: codeModeMediaRange, want: 1},
	)
	checkFindingCases(t, cases)
}

func TestIsMediaType(t *testing.T) {
	for in, want := range map[string]bool{
		"text/plain": true, "application/json": true, "application/ld+json": true, "text/plain;charset=utf-8": true, "TEXT/HTML": true,
		"text": false, "json": false, "text/": false, "/plain": false, "text/plain/x": false, "*/*": false, "text/*": false, "文本": false,
		"file/pdf": false, "x-custom/thing": true,
	} {
		if got := isMediaType(in); got != want {
			t.Errorf("isMediaType(%q) = %v, want %v", in, got, want)
		}
	}
}
