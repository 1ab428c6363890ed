package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/testcards"
)

// sameInterfaces reports the first difference between the list the page
// receives and the engine's own, field by field (Node is not sent).
func sameInterfaces(t *testing.T, got []card.Interface, want []card.Interface) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d entries, engine has %d", len(got), len(want))
	}
	// What the page receives is the JSON (the parse tree's nodes stay in Go).
	for i := range want {
		g, _ := json.Marshal(got[i])
		w, _ := json.Marshal(want[i])
		if string(g) != string(w) {
			t.Errorf("entry %d = %s, engine has %s", i, g, w)
		}
	}
}

// For every sample card, the list the preview shows (in the lint result,
// and from agentcard.interfaces) is card.Interfaces of the same text.
func TestInterfacesMatchEngine(t *testing.T) {
	for _, path := range testcards.Cards(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := card.Interfaces(jsonpos.Parse(src, jsonpos.Options{}).Root)
			lr := Lint(src).Interfaces
			sameInterfaces(t, lr.Entries, want)
			ir := Interfaces(src)
			sameInterfaces(t, ir.Entries, want)
			if lr.Omitted != 0 || ir.Omitted != 0 {
				t.Errorf("omitted = %d/%d for a sample card", lr.Omitted, ir.Omitted)
			}
		})
	}
}

// The legacy cases where the old JavaScript derivation differed from the
// engine: the version is cut to Major.Minor, a missing preferredTransport
// means JSONRPC, and supportedInterfaces wins over the legacy members.
func TestInterfacesLegacy(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []card.Interface
	}{
		{"legacy sample", string(testcards.Card(t, "legacy-0.3.json")), []card.Interface{
			{Index: 0, URL: "https://parcels.example.com/a2a", Binding: "JSONRPC", Version: "0.3", Source: "url + preferredTransport"},
			{Index: 1, URL: "https://parcels.example.com/a2a", Binding: "JSONRPC", Version: "0.3", Source: "additionalInterfaces[0]"},
			{Index: 2, URL: "https://parcels.example.com/a2a/rest", Binding: "HTTP+JSON", Version: "0.3", Source: "additionalInterfaces[1]"},
		}},
		{"mixed sample", string(testcards.Card(t, "mixed-inconsistent.json")), []card.Interface{
			{Index: 0, URL: "https://parcels.example.com/a2a/v1", Binding: "JSONRPC", Version: "1.0", Source: "supportedInterfaces[0]"},
		}},
		{"no preferredTransport", `{"url": "https://a.example/x", "protocolVersion": "0.2.5"}`, []card.Interface{
			{Index: 0, URL: "https://a.example/x", Binding: "JSONRPC", Version: "0.2", Source: "url + preferredTransport"},
		}},
		{"transport is not a 1.0 binding", `{"supportedInterfaces": [{"url": "https://a.example", "transport": "GRPC"}]}`, []card.Interface{
			{Index: 0, URL: "https://a.example", Source: "supportedInterfaces[0]"},
		}},
		{"not an object", `[1, 2]`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sameInterfaces(t, Lint([]byte(c.src)).Interfaces.Entries, c.want)
		})
	}
}

// A card listing 10,000 interfaces (as many as fit the 1 MiB document
// limit, give or take) sends the first MaxInterfaces and a count of the
// rest, not the whole list.
func TestInterfacesBounded(t *testing.T) {
	const n = 10_000
	var b strings.Builder
	b.WriteString(`{"supportedInterfaces": [`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"url":"https://a.example/` + strconv.Itoa(i) + `","protocolBinding":"JSONRPC","protocolVersion":"1.0"}`)
	}
	b.WriteString(`]}`)
	for name, got := range map[string]InterfaceList{"lint": Lint([]byte(b.String())).Interfaces, "interfaces": Interfaces([]byte(b.String()))} {
		if len(got.Entries) != MaxInterfaces || got.Omitted != n-MaxInterfaces {
			t.Fatalf("%s: %d entries, %d omitted; want %d and %d", name, len(got.Entries), got.Omitted, MaxInterfaces, n-MaxInterfaces)
		}
		if last := got.Entries[len(got.Entries)-1]; last.Index != MaxInterfaces-1 || last.URL != "https://a.example/49" {
			t.Errorf("%s: last entry %+v", name, last)
		}
	}
}
