package main

import (
	"github.com/agentcard/agentcard/core/i18n"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentcard/agentcard/internal/hostile"
)

// rawControl returns the first raw control character of s that a terminal
// would act on (C0 other than \n and \t, DEL, C1), or -1; invalid UTF-8
// counts too, since a terminal may read it as C1.
func rawControl(s string) rune {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return rune(s[i])
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f:
			return r
		}
		i += size
	}
	return -1
}

// TestTextHasNoRawControlCharacters: a card carrying ESC sequences (screen
// clear, colours), an OSC 8 link ended by BEL, the one-character CSI
// U+009B, DEL and a non-UTF-8 byte, in names, values and the file name,
// prints them all escaped in every text output.
func TestTextHasNoRawControlCharacters(t *testing.T) {
	evil := "\x1b[2J\x1b]8;;https://evil.example\x07click\x1b]8;;\x07\u009b31m\x7f\xff"
	card := `{"name": "` + evil + `", "description": "` + evil + `", "version": "1", "supportedInterfaces": [{"url": "https://a.example/` + evil + `", "protocolBinding": "` + evil + `", "protocolVersion": "1.0", "tenant": "` + evil + `"}, {"url": "https://b.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}], "` + evil + `": 1, "capabilities": {}, "defaultInputModes": ["` + evil + `"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "` + evil + `", "name": "n", "description": "d", "tags": ["t"]}]}`
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"lint", card, []string{"lint", "-"}},
		{"lint github", card, []string{"lint", "--format", "github", "-"}},
		{"lint junit", card, []string{"lint", "--format", "junit", "-"}},
		{"lint markdown", card, []string{"lint", "--format", "markdown", "-"}},
		{"lint diff", "{\n\"name\": \"" + evil + "\", // " + evil + "\n}", []string{"lint", "--diff", "-"}},
		{"migrate", card, []string{"migrate", "-"}},
		{"migrate refused", "{\n" + evil + "\n}", []string{"migrate", "-"}},
		{"lint broken", "{\n" + evil + "\n}", []string{"lint", "-"}},
		{"select", card, []string{"select", "--client", "JSONRPC@1.0", "-"}},
		{"select none", card, []string{"select", "--client", "GRPC@1.0", "-"}},
		{"select profile", card, []string{"select", "--client", "JSONRPC@1.0,x" + evil + "@1.0", "-"}},
		{"input name", "", []string{"lint", "no-such-file-" + evil + ".json"}},
		{"rule", "", []string{"rules", "json-invalid-utf8"}},
		{"rules", "", []string{"rules"}},
		{"fields", "", []string{"fields"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, _ := runCLI(t, tc.stdin, tc.args...)
			for what, s := range map[string]string{"stdout": out, "stderr": errOut} {
				if r := rawControl(s); r >= 0 {
					t.Errorf("%s holds the raw control character %U:\n%q", what, r, s)
				}
			}
			if tc.name == "lint" && !strings.Contains(out, `\x1b`) {
				t.Errorf("no visible escape in the output:\n%s", out)
			}
		})
	}
}

// TestLintHostileOutputBounded runs every hostile case through the CLI in
// each format: the output stays within maxHostileOutput and holds no raw
// control character in the formats read by people or their tools' logs. Time is measured by BenchmarkHostile in
// core/lint and by /usr/bin/time on the built binary, never asserted here.
func TestLintHostileOutputBounded(t *testing.T) {
	const maxHostileOutput = 4 << 20
	for _, hc := range hostile.Cases() {
		for _, format := range lintFormats {
			t.Run(hc.Name+"/"+format, func(t *testing.T) {
				out, _, code := runCLI(t, string(hc.Data), "lint", "--format", format, "-")
				if code == exitUsage {
					t.Fatalf("exit %d", code)
				}
				if len(out) > maxHostileOutput {
					t.Errorf("%d bytes of output, limit %d", len(out), maxHostileOutput)
				}
				if format != "json" && format != "sarif" {
					if r := rawControl(out); r >= 0 {
						t.Errorf("raw control character %U in text output", r)
					}
				}
			})
		}
	}
}

func TestSummaryPlurals(t *testing.T) {
	for _, tc := range []struct {
		lang                       i18n.Lang
		inputs, errs, warns, infos int
		want                       string
	}{
		{i18n.English, 1, 1, 1, 1, "1 input checked: 1 error, 1 warning, 1 info"},
		{i18n.English, 2, 0, 2, 3, "2 inputs checked: 0 errors, 2 warnings, 3 infos"},
		{i18n.Chinese, 1, 1, 1, 1, "已检查 1 个输入：1 个错误，1 个警告，1 条提示"},
		{i18n.Chinese, 2, 0, 2, 3, "已检查 2 个输入：0 个错误，2 个警告，3 条提示"},
	} {
		e := &env{}
		e.setLang(tc.lang)
		if got := e.summary(tc.inputs, tc.errs, tc.warns, tc.infos); got != tc.want {
			t.Errorf("%s summary = %q, want %q", tc.lang, got, tc.want)
		}
	}
}
