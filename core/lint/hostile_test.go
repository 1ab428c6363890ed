package lint

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/agentcard/agentcard/internal/hostile"
)

// Bounds every hostile input must stay within (see MaxPerGroup,
// MaxFindings). maxHostileJSON is the size of the JSON result: at most
// about MaxFindings findings of bounded message (MaxMessage) and pointer
// (jsonpos.MaxPointer), plus fixes.
const (
	maxHostileFindings = MaxFindings + MaxFindings/MaxPerGroup + 1 + 40 // + parser summaries
	maxHostileJSON     = 4 << 20
)

// TestHostileBounded runs the robustness test set: every case gives a
// bounded number of findings and a bounded JSON result, and each capped
// case says how much it left out. No timing here: see BenchmarkHostile.
func TestHostileBounded(t *testing.T) {
	for _, hc := range hostile.Cases() {
		t.Run(hc.Name, func(t *testing.T) {
			res := Lint(hc.Data, Options{})
			if n := len(res.Diagnostics); n == 0 || n > maxHostileFindings {
				t.Errorf("%d findings, want 1..%d", n, maxHostileFindings)
			}
			out, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			if len(out) > maxHostileJSON {
				t.Errorf("JSON result is %d bytes, limit %d", len(out), maxHostileJSON)
			}
			for _, d := range res.Diagnostics {
				if len(d.Message) > MaxMessage || len(d.Pointer) > 256 {
					t.Errorf("%s: message %d bytes, pointer %d bytes", d.Code, len(d.Message), len(d.Pointer))
				}
				if d.Code == codeCapped && (d.Omitted <= 0 || d.OmittedCode == "") {
					t.Errorf("findings-capped without a count: %+v", d)
				}
			}
		})
	}
}

// TestCaps checks the caps on known counts: 200 skills without any member
// give MaxPerGroup required-field findings and one summary counting the
// other 780 (4 missing members each), and a card with many groups stops at
// MaxFindings with one too-many-findings.
func TestCaps(t *testing.T) {
	src := []byte(`{"name": "n", "description": "d", "version": "1", "supportedInterfaces": [{"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}], "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [` + repeat(`{}`, 200) + `]}`)
	res := Lint(src, Options{})
	kept, summaries := 0, 0
	for _, d := range res.Diagnostics {
		switch {
		case d.Code == codeRequired:
			kept++
		case d.Code == codeCapped && d.OmittedCode == codeRequired:
			summaries++
			if d.Omitted != 4*200-MaxPerGroup || d.Pointer != "/skills/5/id" {
				t.Errorf("summary omits %d at %s, want %d at /skills/5", d.Omitted, d.Pointer, 4*200-MaxPerGroup)
			}
		}
	}
	if kept != MaxPerGroup || summaries != 1 {
		t.Errorf("%d required-field and %d summaries, want %d and 1", kept, summaries, MaxPerGroup)
	}

	// 800 security schemes with 2 findings each: 1,600 findings in 800
	// groups, none of them capped by group.
	var b []byte
	b = append(b, `{"name": "n", "description": "d", "version": "1", "capabilities": {}, "supportedInterfaces": [{"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}], "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "a", "name": "a", "description": "a", "tags": ["a"]}], "securitySchemes": {`...)
	for i := 0; i < 800; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `"s`+strconv.Itoa(i)+`": {"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "http://x"}}}`...)
	}
	b = append(b, "}}"...)
	res = Lint(b, Options{})
	tooMany := 0
	for _, d := range res.Diagnostics {
		if d.Code == codeTooMany {
			tooMany++
		}
	}
	// kept findings, plus at most one summary per group of MaxPerGroup
	// kept ones, plus too-many-findings
	limit := MaxFindings + MaxFindings/MaxPerGroup + 1
	if tooMany != 1 || len(res.Diagnostics) > limit {
		t.Errorf("%d findings with %d too-many-findings, want at most %d with 1", len(res.Diagnostics), tooMany, limit)
	}
}

func repeat(s string, n int) string {
	out := make([]byte, 0, (len(s)+1)*n)
	for i := 0; i < n; i++ {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, s...)
	}
	return string(out)
}

// BenchmarkHostile lints each hostile case, with encoding/json decoding the
// same bytes as the baseline in the same run (Baseline/<case>), so the
// ratio can be read: go test -run '^$' -bench Hostile -benchmem ./core/lint/
// (a case that is not valid JSON fails the baseline at once, which is then
// only the time to find the first error).
func BenchmarkHostile(b *testing.B) {
	for _, hc := range hostile.Cases() {
		b.Run("Lint/"+hc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(hc.Data)))
			b.ReportAllocs()
			for b.Loop() {
				Lint(hc.Data, Options{})
			}
		})
		b.Run("Baseline/"+hc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(hc.Data)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				_ = json.Unmarshal(hc.Data, &v)
			}
		})
	}
}
