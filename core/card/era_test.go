package card

import (
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      Era
		looksLike string
	}{
		{"1.0", `{"name":"a","supportedInterfaces":[]}`, Era10, ""},
		{"1.0 with stray legacy member", `{"supportedInterfaces":[],"protocolVersion":"0.3.0"}`, Era10, ""},
		{"mixed", `{"supportedInterfaces":[],"url":"https://a.example.com","protocolVersion":"0.3.0"}`, EraMixed, ""},
		{"0.3", `{"url":"https://a.example.com","protocolVersion":"0.3.0"}`, Era03, ""},
		{"0.2", `{"url":"https://a.example.com","protocolVersion":"0.2.6"}`, Era02, ""},
		{"card without interfaces", `{"name":"a","description":"b","skills":[]}`, Era10, ""},
		{"object without card fields", `{"hello":"world"}`, EraNotCard, "a JSON object with none of the Agent Card's fields"},
		{"snake_case card is still a card", `{"supported_interfaces":[]}`, EraUnknown, ""},
		{"empty object", `{}`, EraUnknown, ""},
		{"array", `[1]`, EraUnknown, ""},
		{"mcp server.json", `{"$schema":"https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json","name":"x"}`, EraNotCard, "an MCP server description (server.json)"},
		{"mcp client config", `{"mcpServers":{"x":{}}}`, EraNotCard, "an MCP server description"},
		{"erc-8004", `{"type":"https://eips.ethereum.org/EIPS/eip-8004#registration-v1","name":"x","endpoints":[]}`, EraNotCard, "an ERC-8004 agent registration file"},
		{"openapi", `{"openapi":"3.1.0","info":{}}`, EraNotCard, "an OpenAPI description"},
		{"wrapped card", `{"agentCard":{"name":"a","description":"b","skills":[]}}`, EraNotCard, `an Agent Card nested under the member "agentCard"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Detect(jsonpos.Parse([]byte(tc.src), jsonpos.Options{}).Root)
			if d.Era != tc.want || d.LooksLike != tc.looksLike {
				t.Errorf("Detect = %q (%q), want %q (%q)", d.Era, d.LooksLike, tc.want, tc.looksLike)
			}
		})
	}
}

func TestMajorMinor(t *testing.T) {
	for in, want := range map[string]string{"1.0": "1.0", "1.0.1": "1.0", "0.3.0": "0.3", "1": "1.0", "v1.0": "1.0", "01.00": "1.0", "latest": "latest", "": ""} {
		if got := MajorMinor(in); got != want {
			t.Errorf("MajorMinor(%q) = %q, want %q", in, got, want)
		}
	}
	if _, ok := ParseMajorMinor("1.0.0.0"); ok {
		t.Error("four parts must not parse")
	}
}

// The catalogue is data that several programs read: every type it names
// must exist and every entry must be documented.
func TestFieldCatalogue(t *testing.T) {
	known := map[string]bool{"string": true, "boolean": true, "object": true}
	for _, o := range Objects {
		known[o] = true
		if len(ObjectFields(o)) == 0 {
			t.Errorf("object %s has no fields", o)
		}
	}
	seen := map[string]bool{}
	for _, f := range Fields() {
		key := f.Object + "." + f.Name
		if seen[key] && f.In&V10 != 0 {
			t.Errorf("duplicate 1.0 field %s", key)
		}
		seen[key] = true
		if f.Doc == "" || f.Spec == "" || f.Since == "" || f.In == 0 {
			t.Errorf("%s is missing catalogue data", key)
		}
		if f.Required&^f.In != 0 {
			t.Errorf("%s is required in an era that does not define it", key)
		}
		if f.Removed != "" && f.Replacement == "" && f.In&V10 == 0 {
			t.Errorf("%s was removed but names no replacement", key)
		}
		typ := f.Type
		for {
			switch {
			case len(typ) > 2 && typ[:2] == "[]":
				typ = typ[2:]
				continue
			case len(typ) > 4 && typ[:4] == "map[":
				typ = typ[4 : len(typ)-1]
				continue
			}
			break
		}
		if !known[typ] {
			t.Errorf("%s has unknown type %q", key, f.Type)
		}
	}
}

func TestLegacyInterfaces(t *testing.T) {
	src := `{"url":"https://a.example.com/rpc","protocolVersion":"0.3.0","additionalInterfaces":[{"url":"https://a.example.com/rest","transport":"HTTP+JSON"}]}`
	got := Interfaces(jsonpos.Parse([]byte(src), jsonpos.Options{}).Root)
	if len(got) != 2 || got[0].Binding != "JSONRPC" || got[0].Version != "0.3" || got[1].Binding != "HTTP+JSON" || got[1].Source != "additionalInterfaces[0]" {
		t.Fatalf("Interfaces = %+v", got)
	}
}

// TestERC8004Hybrid: a complete Agent Card that also carries ERC-8004's
// type is a card (Foreign names the other format); a registration file
// with a few card-like members is still not a card.
func TestERC8004Hybrid(t *testing.T) {
	hybrid := `{"type": "https://eips.ethereum.org/EIPS/eip-8004#registration-v1", "name": "Parcel Tracker", "description": "Tracks parcels.", "version": "2.1.0",
	  "supportedInterfaces": [{"url": "https://parcels.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
	  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": []}`
	d := Detect(jsonpos.Parse([]byte(hybrid), jsonpos.Options{}).Root)
	if d.Era != Era10 || d.Foreign != "erc-8004" {
		t.Errorf("hybrid: era %s, foreign %q", d.Era, d.Foreign)
	}
	registration := `{"type": "https://eips.ethereum.org/EIPS/eip-8004#registration-v1", "name": "x", "description": "d", "endpoints": [{"name": "A2A", "endpoint": "https://x.example.com/.well-known/agent-card.json"}]}`
	if d := Detect(jsonpos.Parse([]byte(registration), jsonpos.Options{}).Root); d.Era != EraNotCard || d.Kind != "erc-8004" {
		t.Errorf("registration: era %s, kind %q", d.Era, d.Kind)
	}
}

// TestMCPHybrid: a complete Agent Card that also lists MCP servers
// (mcpServers) is a card, so its own defects are reported; an MCP client
// configuration with a name or two is still not a card.
func TestMCPHybrid(t *testing.T) {
	hybrid := `{"name": "Room Booker", "description": "Books rooms.", "version": "1.0.0",
	  "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
	  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [],
	  "mcpServers": {"rooms": {"url": "https://rooms.northwind.dev/mcp"}}}`
	d := Detect(jsonpos.Parse([]byte(hybrid), jsonpos.Options{}).Root)
	if d.Era != Era10 || d.Foreign != "mcp" {
		t.Errorf("hybrid: era %s, foreign %q", d.Era, d.Foreign)
	}
	config := `{"name": "my tools", "mcpServers": {"rooms": {"command": "rooms-mcp"}}}`
	if d := Detect(jsonpos.Parse([]byte(config), jsonpos.Options{}).Root); d.Era != EraNotCard || d.Kind != "mcp" {
		t.Errorf("MCP configuration: era %s, kind %q", d.Era, d.Kind)
	}
}
