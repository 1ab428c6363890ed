package selection

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/testcards"
)

type selCase struct {
	name    string
	card    string // inline card text, or "@file.json" for a shared card
	client  string
	outcome string
	index   int
	url     string
	tenant  string
	// reasons maps a trace index to a substring its reason must contain.
	reasons map[int]string
	// decisions lists the expected decision of every trace step.
	decisions []string
}

func runCases(t *testing.T, cases []selCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var src []byte
			if name, ok := strings.CutPrefix(tc.card, "@"); ok {
				src = testcards.Card(t, name)
			} else {
				src = []byte(tc.card)
			}
			res := SelectSource(src, MustParseProfile(tc.client))
			if res.Outcome != tc.outcome || res.Index != tc.index {
				t.Fatalf("outcome %s index %d, want %s index %d\n%s", res.Outcome, res.Index, tc.outcome, tc.index, dump(res))
			}
			if tc.url != "" && res.URL != tc.url {
				t.Errorf("url %q, want %q", res.URL, tc.url)
			}
			if res.Tenant != tc.tenant {
				t.Errorf("tenant %q, want %q", res.Tenant, tc.tenant)
			}
			for i, want := range tc.reasons {
				if i >= len(res.Trace) {
					t.Errorf("no trace step %d", i)
					continue
				}
				if !strings.Contains(res.Trace[i].Reason, want) {
					t.Errorf("trace[%d].reason = %q, want it to contain %q", i, res.Trace[i].Reason, want)
				}
			}
			if tc.decisions != nil {
				var got []string
				for _, st := range res.Trace {
					got = append(got, st.Decision)
				}
				if strings.Join(got, ",") != strings.Join(tc.decisions, ",") {
					t.Errorf("decisions %v, want %v", got, tc.decisions)
				}
			}
			if res.Message == "" {
				t.Error("empty message")
			}
		})
	}
}

func dump(r Result) string {
	b, _ := json.MarshalIndent(r, "", "  ")
	return string(b)
}

// The table of docs/CARD-FORMAT.md §4, on small inline cards.
func TestSelectionTable(t *testing.T) {
	const jsonrpcFirst = `{"name":"a","supportedInterfaces":[
		{"url":"https://a.example.com/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
		{"url":"https://a.example.com/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}]}`
	const restLast = `{"name":"a","supportedInterfaces":[
		{"url":"a.example.com:443","protocolBinding":"GRPC","protocolVersion":"1.0"},
		{"url":"https://a.example.com/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
		{"url":"https://a.example.com/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}]}`
	runCases(t, []selCase{
		{name: "JSONRPC client, first entry JSONRPC", card: jsonrpcFirst, client: "JSONRPC@1.0",
			outcome: Selected, index: 0, url: "https://a.example.com/rpc", decisions: []string{"selected", "not-reached"}},
		{name: "HTTP+JSON only, earlier entries other bindings", card: restLast, client: "HTTP+JSON@1.0",
			outcome: Selected, index: 2, url: "https://a.example.com/rest", decisions: []string{"skipped", "skipped", "selected"},
			reasons: map[int]string{0: "binding GRPC is not supported by this client (supports HTTP+JSON@1.0)"}},
		{name: "none of the card's bindings", card: restLast, client: "https://example.com/ws@1.0",
			outcome: NoCompatibleInterface, index: -1, decisions: []string{"skipped", "skipped", "skipped"}},
		{name: "several match: the earliest wins, the client's order does not count", card: restLast, client: "HTTP+JSON@1.0,JSONRPC@1.0",
			outcome: Selected, index: 1, url: "https://a.example.com/rpc"},
	})
}

func TestSelectionSharedCards(t *testing.T) {
	runCases(t, []selCase{
		{name: "seed three, JSONRPC client", card: "@seed-three-interfaces.json", client: "JSONRPC@1.0",
			outcome: Selected, index: 0, url: "https://agent.example.com/a2a/jsonrpc"},
		{name: "seed three, HTTP+JSON only", card: "@seed-three-interfaces.json", client: "HTTP+JSON@1.0",
			outcome: Selected, index: 2, url: "https://agent.example.com/a2a/http",
			reasons: map[int]string{0: "binding JSONRPC is not supported", 1: "binding GRPC is not supported"}},
		{name: "seed three, GRPC and HTTP+JSON", card: "@seed-three-interfaces.json", client: "GRPC@1.0,HTTP+JSON@1.0",
			outcome: Selected, index: 1, url: "https://agent.example.com/a2a/grpc", decisions: []string{"skipped", "selected", "not-reached"}},
		{name: "seed three, a client with none", card: "@seed-three-interfaces.json", client: "https://example.com/ws@1.0",
			outcome: NoCompatibleInterface, index: -1},
		{name: "seed three, right binding wrong version", card: "@seed-three-interfaces.json", client: "JSONRPC@0.3",
			outcome: NoCompatibleInterface, index: -1, reasons: map[int]string{0: "only at 0.3, not at 1.0"}},
		{name: "full card reports the tenant", card: "@full-1.0.json", client: "JSONRPC@1.0",
			outcome: Selected, index: 0, tenant: "clinics-north", reasons: map[int]string{0: `send tenant "clinics-north"`}},
		{name: "full card, GRPC host:port", card: "@full-1.0.json", client: "GRPC@1.0",
			outcome: Selected, index: 1, url: "agents.harbourview.example.org:443", tenant: "clinics-north"},
		{name: "full card, 0.3 client gets the untenanted legacy entry", card: "@full-1.0.json", client: "JSONRPC@0.3",
			outcome: Selected, index: 3, url: "https://agents.harbourview.example.org/a2a/legacy", tenant: ""},
		{name: "legacy card, 0.3 JSONRPC client", card: "@legacy-0.3.json", client: "JSONRPC@0.3",
			outcome: Selected, index: 0, url: "https://parcels.example.com/a2a", reasons: map[int]string{0: "JSONRPC 0.3"}},
		{name: "legacy card, 0.3 HTTP+JSON client", card: "@legacy-0.3.json", client: "HTTP+JSON@0.3",
			outcome: Selected, index: 2, url: "https://parcels.example.com/a2a/rest"},
		{name: "legacy card, 1.0-only client", card: "@legacy-0.3.json", client: "JSONRPC@1.0,HTTP+JSON@1.0",
			outcome: NoCompatibleInterface, index: -1, reasons: map[int]string{0: "not at 0.3"}},
		{name: "mixed card reads supportedInterfaces", card: "@mixed-consistent.json", client: "JSONRPC@0.3",
			outcome: Selected, index: 1, url: "https://parcels.example.com/a2a"},
		{name: "mixed inconsistent, 1.0 client", card: "@mixed-inconsistent.json", client: "JSONRPC@1.0",
			outcome: Selected, index: 0, url: "https://parcels.example.com/a2a/v1"},
		{name: "not a card", card: "@not-a-card-mcp.json", client: "JSONRPC@1.0", outcome: InvalidCard, index: -1},
		{name: "not JSON", card: "@broken-not-json.json", client: "JSONRPC@1.0", outcome: InvalidCard, index: -1},
		{name: "duplicate key still readable", card: "@broken-duplicate-key-cjk.json", client: "JSONRPC@1.0", outcome: Selected, index: 0},
	})
}

func TestSelectionEdgeCases(t *testing.T) {
	runCases(t, []selCase{
		{name: "case variant is skipped but named", client: "JSONRPC@1.0",
			card:    `{"supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"jsonrpc","protocolVersion":"1.0"}]}`,
			outcome: NoCompatibleInterface, index: -1, reasons: map[int]string{0: `binding "jsonrpc" is not JSONRPC`}},
		{name: "patch version compared as Major.Minor", client: "JSONRPC@1.0",
			card:    `{"supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0.0"}]}`,
			outcome: Selected, index: 0, reasons: map[int]string{0: "patch numbers never count"}},
		{name: "missing members skipped with reasons", client: "JSONRPC@1.0,HTTP+JSON@1.0",
			card: `{"supportedInterfaces":[
				{"protocolBinding":"JSONRPC","protocolVersion":"1.0"},
				{"url":"https://a.example.com","transport":"HTTP+JSON","protocolVersion":"1.0"},
				{"url":"https://a.example.com","protocolBinding":"JSONRPC"},
				{"url":"","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
				{"url":42,"protocolBinding":"JSONRPC","protocolVersion":"1.0"},
				"https://a.example.com",
				{"url":"https://b.example.com","protocolBinding":"JSONRPC","protocolVersion":"latest"},
				{"url":"https://c.example.com","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}]}`,
			outcome: Selected, index: 7, url: "https://c.example.com",
			reasons: map[int]string{0: "no url", 1: `"transport", the 0.3 name`, 2: "no protocolVersion", 3: "url is empty",
				4: "url is a JSON number", 5: "JSON string, not an object", 6: `"latest" is not a Major.Minor version`}},
		{name: "empty tenant", client: "JSONRPC@1.0",
			card:    `{"supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":""}]}`,
			outcome: Selected, index: 0, reasons: map[int]string{0: "tenant is empty"}},
		{name: "legacy without preferredTransport defaults to JSONRPC", client: "JSONRPC@0.3",
			card:    `{"protocolVersion":"0.3.0","url":"https://a.example.com"}`,
			outcome: Selected, index: 0, reasons: map[int]string{0: "the 0.3 default"}},
		{name: "legacy 0.2 card", client: "JSONRPC@0.2",
			card:    `{"protocolVersion":"0.2.6","url":"https://a.example.com","name":"x","skills":[]}`,
			outcome: Selected, index: 0},
		{name: "legacy without protocolVersion", client: "JSONRPC@0.3",
			card:    `{"url":"https://a.example.com","name":"x","skills":[]}`,
			outcome: NoCompatibleInterface, index: -1, reasons: map[int]string{0: "no card-level protocolVersion"}},
		{name: "empty supportedInterfaces", client: "JSONRPC@1.0", card: `{"supportedInterfaces":[]}`, outcome: InvalidCard, index: -1},
		{name: "supportedInterfaces not an array", client: "JSONRPC@1.0", card: `{"supportedInterfaces":{}}`, outcome: InvalidCard, index: -1},
		{name: "no interfaces", client: "JSONRPC@1.0", card: `{"name":"x","skills":[],"capabilities":{}}`, outcome: InvalidCard, index: -1},
		{name: "array document", client: "JSONRPC@1.0", card: `[{}]`, outcome: InvalidCard, index: -1},
		{name: "empty document", client: "JSONRPC@1.0", card: ``, outcome: InvalidCard, index: -1},
	})
}

// The JSON form keeps the contract's members and names.
func TestResultJSON(t *testing.T) {
	res := SelectSource([]byte(`{"supportedInterfaces":[
		{"url":"a.example.com:443","protocolBinding":"GRPC","protocolVersion":"1.0"},
		{"url":"https://a.example.com/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}]}`), MustParseProfile("HTTP+JSON@1.0"))
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"outcome": "selected", "index": 1.0, "url": "https://a.example.com/rest",
		"protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": ""} {
		if m[k] != want {
			t.Errorf("%s = %#v, want %#v", k, m[k], want)
		}
	}
	trace, _ := m["trace"].([]any)
	if len(trace) != 2 {
		t.Fatalf("trace = %#v", m["trace"])
	}
	first := trace[0].(map[string]any)
	if first["index"] != 0.0 || first["decision"] != "skipped" || first["reason"] == "" {
		t.Errorf("trace[0] = %#v", first)
	}
	if !strings.HasPrefix(string(b), `{"outcome":"selected","index":1,"url":"https://a.example.com/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0","tenant":"","trace":[{"index":0,"decision":"skipped","reason":`) {
		t.Errorf("contract members not first or not in order:\n%s", b)
	}
}

// Byte ranges point at the entries, for editors.
func TestRanges(t *testing.T) {
	src := []byte(`{"supportedInterfaces":[{"url":"u","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`)
	res := SelectSource(src, MustParseProfile("JSONRPC@1.0"))
	if got := string(src[res.Start:res.End]); got != `{"url":"u","protocolBinding":"JSONRPC","protocolVersion":"1.0"}` {
		t.Errorf("selected range covers %q", got)
	}
	legacy := []byte(`{"protocolVersion":"0.3.0", "url": "https://a.example.com"}`)
	res = SelectSource(legacy, MustParseProfile("JSONRPC@0.3"))
	if got := string(legacy[res.Start:res.End]); got != `"url": "https://a.example.com"` {
		t.Errorf("legacy range covers %q", got)
	}
}

// A 0.3 client reads the legacy members whatever else the card holds:
// on a mixed card its legacy half (url + preferredTransport, then
// additionalInterfaces, named so in the trace), on a 1.0-only card
// nothing; Select with the same profile reads supportedInterfaces.
func TestSelectLegacyClient(t *testing.T) {
	p := MustParseProfile(Presets[len(Presets)-1].Profile) // the "0.3 client" preset
	mixed := jsonpos.Parse(testcards.Card(t, "mixed-inconsistent.json"), jsonpos.Options{})
	r := SelectLegacyClient(mixed, p)
	if r.List != ListLegacy || r.Outcome != Selected || r.Source != "url + preferredTransport" || r.URL != "https://old-parcels.example.com/jsonrpc" {
		t.Fatalf("mixed card: list %q outcome %s source %q trace %v", r.List, r.Outcome, r.Source, r.Trace)
	}
	if spec := Select(mixed, p); spec.List != ListSupported {
		t.Errorf("Select with the same profile read %q", spec.List)
	}
	legacy := jsonpos.Parse([]byte(`{"name":"x","protocolVersion":"0.3.0","url":"https://a.example.com/a2a","preferredTransport":"GRPC",
 "additionalInterfaces":[{"url":"https://a.example.com/rpc","transport":"JSONRPC"}]}`), jsonpos.Options{})
	r = SelectLegacyClient(legacy, MustParseProfile("JSONRPC@0.3"))
	var sources []string
	for _, st := range r.Trace {
		sources = append(sources, st.Source)
	}
	if r.Index != 1 || strings.Join(sources, "|") != "url + preferredTransport|additionalInterfaces[0]" {
		t.Errorf("legacy card: index %d, trace sources %q", r.Index, sources)
	}
	only10 := jsonpos.Parse(testcards.Card(t, "minimal-1.0.json"), jsonpos.Options{})
	if r := SelectLegacyClient(only10, p); r.Outcome != InvalidCard || r.MessageText.ID != "msg.select.legacy-no-url" {
		t.Errorf("1.0-only card: %s %q", r.Outcome, r.Message)
	}
}

func TestSelectNilDoc(t *testing.T) {
	if r := Select(nil, MustParseProfile("JSONRPC@1.0")); r.Outcome != InvalidCard {
		t.Errorf("nil doc: %s", r.Outcome)
	}
	if r := SelectRoot(nil, MustParseProfile("JSONRPC@1.0")); r.Outcome != InvalidCard {
		t.Errorf("nil root: %s", r.Outcome)
	}
}

func ExampleSelect() {
	card := []byte(`{
  "name": "Document search",
  "supportedInterfaces": [
    {"url": "https://agent.example.com/a2a/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "https://agent.example.com/a2a/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0"},
    {"url": "https://agent.example.com/a2a/http", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
  ]
}`)
	client, err := ParseProfile("HTTP+JSON@1.0")
	if err != nil {
		panic(err)
	}
	res := Select(jsonpos.Parse(card, jsonpos.Options{}), client)
	fmt.Println(res.Outcome, res.Index, res.URL)
	for _, st := range res.Trace {
		fmt.Printf("%d %s: %s\n", st.Index, st.Decision, st.Reason)
	}
	// Output:
	// selected 2 https://agent.example.com/a2a/http
	// 0 skipped: binding JSONRPC is not supported by this client (supports HTTP+JSON@1.0)
	// 1 skipped: binding GRPC is not supported by this client (supports HTTP+JSON@1.0)
	// 2 selected: first entry this client can use: HTTP+JSON 1.0 at https://agent.example.com/a2a/http; no tenant to send
}

// A card version must be Major.Minor (patch tolerated); the loose forms a
// client profile accepts ("1", "v1.0") do not match in a card.
func TestSelectCardVersionStrict(t *testing.T) {
	for v, want := range map[string]string{"1.0": "selected", "1.0.1": "selected", "1": "no-compatible-interface", "v1.0": "no-compatible-interface", "latest": "no-compatible-interface"} {
		src := `{"supportedInterfaces":[{"url":"https://a.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"` + v + `"}]}`
		if got := SelectSource([]byte(src), MustParseProfile("JSONRPC@1.0")).Outcome; string(got) != want {
			t.Errorf("protocolVersion %q: outcome %s, want %s", v, got, want)
		}
	}
}

// TestProfileVariantBinding: a profile that writes a core binding in lower
// case is the profile's mistake. The simulator used to tell such a user
// that a card saying "JSONRPC" should say "jsonrpc".
func TestProfileVariantBinding(t *testing.T) {
	const card = `{"name":"a","supportedInterfaces":[{"url":"https://a.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`
	p, err := ParseProfile("jsonrpc@1.0,http+json@1.0")
	if err != nil {
		t.Fatal(err)
	}
	if p[0].Binding != "JSONRPC" || p[0].Written != "jsonrpc" || p[1].Binding != "HTTP+JSON" || p[1].Written != "http+json" {
		t.Fatalf("profile read as %+v", p)
	}
	res := SelectSource([]byte(card), p)
	if res.Outcome != Selected || res.Index != 0 || len(res.ProfileNotes) != 2 {
		t.Errorf("outcome %s index %d notes %q, want selected 0 with 2 notes", res.Outcome, res.Index, res.ProfileNotes)
	}

	// A profile built without ParseProfile keeps its spelling: the entry
	// is skipped, and the reason must not ask to change the card.
	raw := Profile{{Binding: "jsonrpc", Versions: []string{"1.0"}}}
	res = SelectSource([]byte(card), raw)
	if res.Outcome != NoCompatibleInterface || strings.Contains(res.Trace[0].Reason, "card should say") {
		t.Errorf("outcome %s, reason %q", res.Outcome, res.Trace[0].Reason)
	}
	// the card's own variant is still the card's mistake
	res = SelectSource([]byte(strings.Replace(card, `"JSONRPC"`, `"jsonrpc"`, 1)), MustParseProfile("JSONRPC@1.0"))
	if !strings.Contains(res.Trace[0].Reason, `card should say "JSONRPC"`) {
		t.Errorf("reason %q", res.Trace[0].Reason)
	}
}

// TestSelectDetected: a detection passed in is used as is (not
// recomputed), so a not-a-card verdict from lint decides.
func TestSelectDetected(t *testing.T) {
	doc := jsonpos.Parse([]byte(`{"name":"a","supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`), jsonpos.Options{})
	p := MustParseProfile("JSONRPC@1.0")
	if r := SelectDetected(doc, card.Detect(doc.Root), p); r.Outcome != Selected {
		t.Errorf("outcome %s", r.Outcome)
	}
	if r := SelectDetected(doc, card.Detection{Era: card.EraNotCard, LooksLike: "x", Node: doc.Root}, p); r.Outcome != InvalidCard {
		t.Errorf("outcome %s with a not-a-card detection", r.Outcome)
	}
}

// TestTraceBounded: a card may list thousands of interfaces; the trace
// keeps MaxTrace steps plus the selected one, counts the rest, and the
// selected entry is still found however late it comes.
func TestTraceBounded(t *testing.T) {
	build := func(n int, last string) string {
		var b strings.Builder
		b.WriteString(`{"name":"n","description":"d","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],"supportedInterfaces":[`)
		for i := 0; i < n-1; i++ {
			b.WriteString(`{},`)
		}
		b.WriteString(last + `]}`)
		return b.String()
	}
	for _, tc := range []struct {
		name      string
		n         int
		last      string
		outcome   string
		steps     int
		omitted   int
		selectIdx int
	}{
		{"selected last of 5000", 5000, `{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}`, Selected, MaxTrace + 1, 5000 - MaxTrace - 1, 4999},
		{"none of 5000", 5000, `{}`, NoCompatibleInterface, MaxTrace, 5000 - MaxTrace, -1},
		{"selected first of 5000", 1, `{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}`, Selected, 1, 0, 0},
		{"under the bound", 50, `{}`, NoCompatibleInterface, 50, 0, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := SelectSource([]byte(build(tc.n, tc.last)), MustParseProfile("JSONRPC@1.0"))
			if r.Outcome != tc.outcome || r.Index != tc.selectIdx {
				t.Fatalf("outcome %s index %d, want %s %d", r.Outcome, r.Index, tc.outcome, tc.selectIdx)
			}
			if len(r.Trace) != tc.steps || r.TraceOmitted != tc.omitted {
				t.Errorf("%d steps, %d omitted; want %d and %d", len(r.Trace), r.TraceOmitted, tc.steps, tc.omitted)
			}
			if r.Outcome == Selected && r.Trace[len(r.Trace)-1].Decision != DecisionSelected {
				t.Errorf("the selected step is not kept")
			}
			for _, st := range r.Trace {
				if st.Reason == "" {
					t.Errorf("step %d has no reason", st.Index)
				}
			}
		})
	}
}
