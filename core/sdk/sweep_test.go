package sdk

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// sweepCase is one generated card. Every entry has its own URL, so a
// URL names the entry a client chose.
type sweepCase struct {
	Name string          `json:"name"`
	Card json.RawMessage `json:"card"`
}

// base is the card the sweep varies: complete and valid, so that a
// difference between SDKs comes from the member varied.
func base() map[string]any {
	return map[string]any{
		"name": "Sweep Agent", "description": "Answers the sweep's questions about parcels.", "version": "1.0.0",
		"capabilities": map[string]any{}, "defaultInputModes": []any{"text/plain"}, "defaultOutputModes": []any{"text/plain"},
		"skills":              []any{map[string]any{"id": "track", "name": "Track", "description": "Tracks a parcel.", "tags": []any{"parcels"}}},
		"supportedInterfaces": []any{entry("https://a.example.com/default", "JSONRPC", "1.0")},
	}
}

func entry(url, binding, version string) map[string]any {
	return map[string]any{"url": url, "protocolBinding": binding, "protocolVersion": version}
}

// The values the sweep tries.
var (
	sweepBindings = []string{"JSONRPC", "jsonrpc", "JsonRpc", "HTTP+JSON", "http+json", "Http+Json", "GRPC", "grpc", "REST", "JSON-RPC", "https://example.com/bindings/ws/v1"}
	sweepVersions = []string{"1.0", "v1", "latest", "2.0", "1.0.0", "1.1", "0.3", "0.3.0", "1", "", "v1.0", "1.0-rc1"}
	// the shapes of one requirement's value for scheme "bearer"
	sweepScopes = map[string]any{
		"spec":       map[string]any{"list": []any{"read"}},
		"spec-empty": map[string]any{"list": []any{}},
		"bare":       []any{"read"},
		"bare-empty": []any{},
		"null":       nil,
	}
	bearer       = map[string]any{"bearer": map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}}}
	legacyBearer = map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer"}}
)

// sweep generates the cards of the differential tests: interface lists
// (every binding spelling × every version spelling as the first entry,
// before and after a JSONRPC 1.0 fallback), duplicates, tenants, legacy
// and mixed cards, both shapes of securityRequirements (card and skill
// level, with proto-shaped, 0.3-shaped or no security schemes), the
// extended-card flags, and values of the wrong type.
func sweep(t testing.TB) []sweepCase {
	var out []sweepCase
	add := func(name string, c map[string]any) {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sweepCase{Name: name, Card: b})
	}
	raw := func(name, src string) { out = append(out, sweepCase{Name: name, Card: json.RawMessage(src)}) }

	for _, b := range sweepBindings {
		for _, v := range sweepVersions {
			c := base()
			c["supportedInterfaces"] = []any{entry("https://a.example.com/first", b, v), entry("https://a.example.com/fallback", "JSONRPC", "1.0")}
			add(fmt.Sprintf("first %q at %q", b, v), c)
			c = base()
			c["supportedInterfaces"] = []any{entry("https://a.example.com/first", "JSONRPC", "0.3"), entry("https://a.example.com/second", b, v)}
			add(fmt.Sprintf("0.3 then %q at %q", b, v), c)
		}
	}
	// a single entry whose version names only the major (or no version)
	for _, v := range []string{"v1", "1", "v1.0", "latest"} {
		c := base()
		c["supportedInterfaces"] = []any{entry("https://a.example.com/first", "JSONRPC", v)}
		add(fmt.Sprintf("only %q", v), c)
	}
	// duplicates: entries repeated, one URL twice, members repeated
	c := base()
	c["supportedInterfaces"] = []any{entry("https://a.example.com/one", "JSONRPC", "1.0"), entry("https://a.example.com/one", "JSONRPC", "1.0")}
	add("entry repeated", c)
	c = base()
	c["supportedInterfaces"] = []any{entry("https://a.example.com/one", "JSONRPC", "1.0"), entry("https://a.example.com/two", "JSONRPC", "1.0"), entry("https://a.example.com/three", "HTTP+JSON", "1.0")}
	add("two JSONRPC 1.0 entries", c)
	c = base()
	c["supportedInterfaces"] = []any{entry("https://a.example.com/one", "JSONRPC", "0.3"), entry("https://a.example.com/two", "HTTP+JSON", "1.0"), entry("https://a.example.com/three", "JSONRPC", "1.0"), entry("https://a.example.com/four", "JSONRPC", "1.0")}
	add("0.3, HTTP+JSON, JSONRPC twice", c)
	raw("binding member repeated", `{"name":"Sweep Agent","description":"d","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
		"supportedInterfaces":[{"url":"https://a.example.com/first","protocolBinding":"GRPC","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`)
	raw("supportedInterfaces repeated", `{"name":"Sweep Agent","description":"d","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
		"supportedInterfaces":[{"url":"https://a.example.com/first","protocolBinding":"GRPC","protocolVersion":"1.0"}],
		"supportedInterfaces":[{"url":"https://a.example.com/last","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`)
	raw("url repeated in an entry", `{"name":"Sweep Agent","description":"d","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
		"supportedInterfaces":[{"url":"https://a.example.com/first","url":"https://a.example.com/second","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`)
	// tenants
	for i, tenants := range [][2]any{{"acme", nil}, {nil, "acme"}, {"", "acme"}, {"acme", "other"}} {
		c := base()
		e0, e1 := entry("https://a.example.com/first", "HTTP+JSON", "1.0"), entry("https://a.example.com/second", "JSONRPC", "1.0")
		if tenants[0] != nil {
			e0["tenant"] = tenants[0]
		}
		if tenants[1] != nil {
			e1["tenant"] = tenants[1]
		}
		c["supportedInterfaces"] = []any{e0, e1}
		add(fmt.Sprintf("tenants %d", i), c)
	}
	// legacy and mixed cards
	legacy := func() map[string]any {
		c := base()
		delete(c, "supportedInterfaces")
		c["url"], c["preferredTransport"], c["protocolVersion"] = "https://a.example.com/legacy", "JSONRPC", "0.3.0"
		return c
	}
	add("legacy card", legacy())
	c = legacy()
	c["additionalInterfaces"] = []any{map[string]any{"url": "https://a.example.com/legacy-rest", "transport": "HTTP+JSON"}}
	add("legacy card with additionalInterfaces", c)
	c = legacy()
	delete(c, "preferredTransport")
	add("legacy card without preferredTransport", c)
	c = legacy()
	c["supportedInterfaces"] = []any{entry("https://a.example.com/v1", "JSONRPC", "1.0"), entry("https://a.example.com/legacy", "JSONRPC", "0.3")}
	add("mixed card", c)
	c = legacy()
	c["supportedInterfaces"] = []any{entry("https://a.example.com/v1", "HTTP+JSON", "1.0")}
	c["supportsAuthenticatedExtendedCard"] = true
	c["security"] = []any{map[string]any{"bearer": []any{}}}
	c["securitySchemes"] = map[string]any{"bearer": map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}, "type": "http", "scheme": "bearer"}}
	add("mixed card with legacy security and extended card", c)
	c = legacy()
	c["security"] = []any{map[string]any{"bearer": []any{"read"}}}
	c["securitySchemes"] = legacyBearer
	c["supportsAuthenticatedExtendedCard"] = true
	add("legacy card with security", c)

	// security requirements: every shape, at card and skill level, with
	// proto-shaped, 0.3-shaped or no schemes
	names := make([]string, 0, len(sweepScopes))
	for k := range sweepScopes {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, shape := range names {
		for _, schemes := range []string{"proto", "legacy", "none"} {
			for _, level := range []string{"card", "skill"} {
				c := base()
				switch schemes {
				case "proto":
					c["securitySchemes"] = bearer
				case "legacy":
					c["securitySchemes"] = legacyBearer
				}
				req := []any{map[string]any{"schemes": map[string]any{"bearer": sweepScopes[shape]}}}
				if level == "card" {
					c["securityRequirements"] = req
				} else {
					c["skills"].([]any)[0].(map[string]any)["securityRequirements"] = req
				}
				add(fmt.Sprintf("requirement %s, %s schemes, %s level", shape, schemes, level), c)
			}
		}
	}
	c = base()
	c["securitySchemes"] = bearer
	c["securityRequirements"] = []any{map[string]any{"bearer": []any{}}}
	add("requirement in the 0.3 shape inside securityRequirements", c)
	c = base()
	c["securitySchemes"] = bearer
	c["security"] = []any{map[string]any{"bearer": []any{"read"}}}
	add("only the legacy security member", c)
	c = base()
	c["securitySchemes"] = bearer
	c["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": map[string]any{"list": []any{"read"}}, "key": []any{"x"}}}}
	add("requirement mixing both shapes", c)

	// extended card
	for i, flags := range [][2]any{{true, nil}, {nil, true}, {false, true}, {true, false}} {
		c := base()
		if flags[0] != nil {
			c["capabilities"] = map[string]any{"extendedAgentCard": flags[0]}
		}
		if flags[1] != nil {
			c["supportsAuthenticatedExtendedCard"] = flags[1]
		}
		c["securitySchemes"] = bearer
		add(fmt.Sprintf("extended card flags %d", i), c)
	}

	// values of the wrong type, one at a time
	wrong := map[string]func(map[string]any){
		"version is a number":      func(c map[string]any) { c["version"] = 1 },
		"skills is an object":      func(c map[string]any) { c["skills"] = map[string]any{"id": "x"} },
		"capabilities is an array": func(c map[string]any) { c["capabilities"] = []any{"streaming"} },
		"streaming is a string":    func(c map[string]any) { c["capabilities"] = map[string]any{"streaming": "yes"} },
		"an entry is a string": func(c map[string]any) {
			c["supportedInterfaces"] = []any{"https://a.example.com/x", entry("https://a.example.com/fallback", "JSONRPC", "1.0")}
		},
		"a skill is null": func(c map[string]any) {
			c["skills"] = []any{nil}
			c["securitySchemes"] = bearer
		},
		"a scheme with two wrappers": func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"two": map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}, "apiKeySecurityScheme": map[string]any{"location": "header", "name": "X"}}}
		},
		"a scheme with no wrapper": func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"none": map[string]any{"description": "nothing"}}
		},
		"oauth without flows": func(c map[string]any) {
			c["securitySchemes"] = map[string]any{"o": map[string]any{"oauth2SecurityScheme": map[string]any{"flows": map[string]any{}}}}
		},
		"a scheme is null": func(c map[string]any) { c["securitySchemes"] = map[string]any{"bearer": nil, "key": bearer["bearer"]} },
		"a tag is a number": func(c map[string]any) {
			c["skills"] = []any{map[string]any{"id": "t", "name": "T", "description": "d", "tags": []any{7}}}
		},
		"extension params is a list": func(c map[string]any) {
			c["capabilities"] = map[string]any{"extensions": []any{map[string]any{"uri": "https://example.com/ext/v1", "params": []any{1}}}}
		},
		"snake_case entry members": func(c map[string]any) {
			c["supportedInterfaces"] = []any{map[string]any{"url": "https://a.example.com/first", "protocol_binding": "JSONRPC", "protocol_version": "1.0"}, entry("https://a.example.com/fallback", "HTTP+JSON", "1.0")}
		},
		"member names in capitals": func(c map[string]any) {
			c["supportedInterfaces"] = []any{map[string]any{"URL": "https://a.example.com/first", "ProtocolBinding": "HTTP+JSON", "PROTOCOLVERSION": "1.0"}}
		},
	}
	keys := make([]string, 0, len(wrong))
	for k := range wrong {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		c := base()
		wrong[k](c)
		add(k, c)
	}
	return out
}

// TestSweepCovers: the sweep holds what the differential tests promise
// (lowercase bindings, "v1", "latest", "2.0", duplicate entries, tenants,
// mixed cards and both shapes of securityRequirements).
func TestSweepCovers(t *testing.T) {
	cases := sweep(t)
	if len(cases) < 300 {
		t.Errorf("the sweep has %d cards", len(cases))
	}
	all := ""
	for _, c := range cases {
		all += c.Name + "\n"
	}
	for _, want := range []string{`"jsonrpc" at "1.0"`, `"JSONRPC" at "v1"`, `"JSONRPC" at "latest"`, `"JSONRPC" at "2.0"`, "entry repeated", "tenants 1", "mixed card", "requirement spec, proto schemes", "requirement bare, proto schemes"} {
		if !strings.Contains(all, want) {
			t.Errorf("the sweep has no case %q", want)
		}
	}
}
