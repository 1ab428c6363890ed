package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/agentcard/agentcard/core/selection"
)

// The four rows of the selection table on the seed card (Chinese text
// before the entries, so UTF-16 and byte offsets differ).
func TestSelectSeedThreeInterfaces(t *testing.T) {
	src := sharedCard(t, "seed-three-interfaces.json")
	js := utf16.Encode([]rune(string(src)))
	cases := []struct {
		profile string
		outcome string
		index   int
		url     string
	}{
		{"JSONRPC@1.0", "selected", 0, "https://agent.example.com/a2a/jsonrpc"},
		{"HTTP+JSON@1.0", "selected", 2, "https://agent.example.com/a2a/http"},
		{"GRPC@1.0,HTTP+JSON@1.0", "selected", 1, "https://agent.example.com/a2a/grpc"},
		{"JSONRPC@0.3", "no-compatible-interface", -1, ""},
	}
	for _, c := range cases {
		t.Run(c.profile, func(t *testing.T) {
			r := Select(src, c.profile)
			if r.Error != "" || r.Outcome != c.outcome || r.Index != c.index || r.URL != c.url {
				t.Fatalf("got %+v", r)
			}
			if len(r.Trace) != 3 {
				t.Fatalf("trace has %d steps", len(r.Trace))
			}
			for _, s := range r.Trace {
				entry := string(utf16.Decode(js[s.From:s.To]))
				if !strings.HasPrefix(entry, "{") || !strings.Contains(entry, `"url"`) {
					t.Errorf("step %d range covers %q", s.Index, entry)
				}
			}
			if c.outcome == "selected" {
				if got := string(utf16.Decode(js[r.From:r.To])); !strings.Contains(got, c.url) {
					t.Errorf("selected range covers %q", got)
				}
			}
		})
	}
}

func TestSelectTenantAndBadProfile(t *testing.T) {
	r := Select(sharedCard(t, "full-1.0.json"), "JSONRPC@1.0")
	if r.Tenant != "clinics-north" {
		t.Errorf("tenant = %q", r.Tenant)
	}
	if r := Select([]byte(`{}`), "not a profile@@"); r.Error == "" {
		t.Error("bad profile gave no error")
	}
}

// A card with thousands of interfaces gives a bounded trace that still
// holds the selected entry, and says how many steps it left out.
func TestSelectTraceBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name": "n", "supportedInterfaces": [`)
	const n = 5000
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		binding := "GRPC"
		if i == n-1 {
			binding = "JSONRPC"
		}
		b.WriteString(`{"url": "https://a.example/` + strings.Repeat("x", i%7) + `", "protocolBinding": "` + binding + `", "protocolVersion": "1.0"}`)
	}
	b.WriteString(`]}`)
	r := Select([]byte(b.String()), "JSONRPC@1.0")
	if r.Outcome != "selected" || r.Index != n-1 {
		t.Fatalf("outcome %s index %d", r.Outcome, r.Index)
	}
	if len(r.Trace) != selection.MaxTrace+1 || r.TraceOmitted != n-selection.MaxTrace-1 {
		t.Fatalf("%d steps, %d omitted", len(r.Trace), r.TraceOmitted)
	}
	if last := r.Trace[len(r.Trace)-1]; last.Index != n-1 || last.Decision != "selected" {
		t.Errorf("last step %+v, want the selected entry", last.Step)
	}
	// The page reads the count from the JSON.
	b2, _ := json.Marshal(r)
	var back struct {
		TraceOmitted int               `json:"traceOmitted"`
		Trace        []json.RawMessage `json:"trace"`
	}
	if err := json.Unmarshal(b2, &back); err != nil || back.TraceOmitted != r.TraceOmitted || len(back.Trace) != len(r.Trace) {
		t.Errorf("JSON carries traceOmitted %d and %d steps (%v)", back.TraceOmitted, len(back.Trace), err)
	}
}
