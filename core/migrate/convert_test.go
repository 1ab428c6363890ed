package migrate

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/internal/testcards"
)

func noteIDs(r Result) []string {
	var out []string
	for _, n := range r.Notes {
		out = append(out, n.ID)
	}
	return out
}

func changeIDs(r Result) []string {
	var out []string
	for _, n := range r.Changes {
		out = append(out, n.ID)
	}
	return out
}

// at reads a value of the migrated card by JSON Pointer, as its JSON text.
func at(t *testing.T, out []byte, pointer string) string {
	t.Helper()
	doc := jsonpos.Parse(out, jsonpos.Options{})
	n := doc.Lookup(pointer)
	if n == nil {
		return ""
	}
	var b bytes.Buffer
	if err := json.Compact(&b, out[n.Start:n.End]); err != nil {
		t.Fatalf("%s: %v", pointer, err)
	}
	return b.String()
}

// TestConvert checks each legacy construct's 1.0 form on this package's
// cards, member by member.
func TestConvert(t *testing.T) {
	cases := []struct {
		file, to string
		want     map[string]string // pointer → JSON text ("" = absent)
		changes  []string
		notes    []string
		dropped  []string
	}{
		{"legacy-0.2-preferred.json", "1.0", map[string]string{
			"/supportedInterfaces/0": `{"url": "https://weather.example.com/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.2"}`,
			"/supportedInterfaces/1": `{"url": "https://weather.example.com/a2a/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "0.2"}`,
			"/securitySchemes/key":   `{"apiKeySecurityScheme": {"description": "Ask the desk for a key.", "location": "header", "name": "X-Weather-Key"}}`,
			"/securityRequirements":  `[{"schemes": {"key": {"list": []}}}]`,
			"/capabilities":          `{"streaming": true}`,
			"/url":                   "",
			"/protocolVersion":       "",
			"/security":              "",
		}, []string{"migrate.done.interfaces", "migrate.done.state-history", "migrate.done.scheme", "migrate.done.requirements", "migrate.done.protocol-version"},
			[]string{"migrate.note.version-legacy"},
			[]string{"/url", "/preferredTransport", "/additionalInterfaces", "/capabilities/stateTransitionHistory", "/security", "/protocolVersion"}},
		{"legacy-0.3-security.json", "1.0", map[string]string{
			"/supportedInterfaces/0/url":                                          `"https://claims.example.com/a2a/grpc"`,
			"/supportedInterfaces/3":                                              "", // the repeated GRPC entry is not copied
			"/capabilities/extendedAgentCard":                                     "true",
			"/securitySchemes/partners":                                           `{"mtlsSecurityScheme": {"description": "Certificates issued by the partner CA."}}`,
			"/securitySchemes/sso/openIdConnectSecurityScheme/openIdConnectUrl":   `"https://login.example.com/.well-known/openid-configuration"`,
			"/securitySchemes/bearer":                                             `{"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}`,
			"/securitySchemes/staff/oauth2SecurityScheme/flows/clientCredentials": "",
			"/securityRequirements/1":                                             `{"schemes": {"partners": {"list": []}, "bearer": {"list": []}}}`,
			"/skills/0/securityRequirements":                                      `[{"schemes": {"staff": {"list": ["claims:write"]}}}]`,
			"/skills/0/security":                                                  "",
			"/supportsAuthenticatedExtendedCard":                                  "",
		}, []string{"migrate.done.duplicate-interface", "migrate.done.interfaces", "migrate.done.extended-card", "migrate.done.scheme", "migrate.done.requirements"},
			[]string{"migrate.note.version-legacy", "migrate.note.oauth-flows"}, []string{"/skills/0/security", "/supportsAuthenticatedExtendedCard"}},
		{"legacy-0.3-security.json", "mixed", map[string]string{
			"/url":                         `"https://claims.example.com/a2a/grpc"`,
			"/security/0":                  `{"staff": ["claims:read"]}`,
			"/securityRequirements/0":      `{"schemes": {"staff": {"list": ["claims:read"]}}}`,
			"/securitySchemes/bearer/type": `"http"`,
			"/securitySchemes/bearer/httpAuthSecurityScheme": `{"scheme": "Bearer", "bearerFormat": "JWT"}`,
			"/supportsAuthenticatedExtendedCard":             "true",
			"/protocolVersion":                               `"0.3.0"`,
		}, []string{"migrate.done.interfaces.mixed", "migrate.done.scheme.mixed"},
			[]string{"migrate.note.version-legacy", "migrate.note.oauth-flows"}, nil},
		{"legacy-0.3-no-transport.json", "1.0", map[string]string{
			"/supportedInterfaces/0/protocolBinding": `"JSONRPC"`,
			"/capabilities/extendedAgentCard":        "false",
		}, []string{"migrate.done.interfaces"}, []string{"migrate.note.transport-assumed", "migrate.note.version-legacy"}, nil},
	}
	for _, c := range cases {
		to, _ := ParseTarget(c.to)
		res, err := Migrate(readOwn(t, c.file), to)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		for p, want := range c.want {
			if want != "" {
				var b bytes.Buffer
				if err := json.Compact(&b, []byte(want)); err != nil {
					t.Fatalf("want %s: %v", want, err)
				}
				want = b.String()
			}
			if got := at(t, res.Output, p); got != want {
				t.Errorf("%s → %s: %s = %s, want %s", c.file, c.to, p, got, want)
			}
		}
		for _, id := range c.changes {
			if !slices.Contains(changeIDs(res), id) {
				t.Errorf("%s → %s: no change %s in %v", c.file, c.to, id, changeIDs(res))
			}
		}
		if got := noteIDs(res); !sameSet(got, c.notes) {
			t.Errorf("%s → %s: notes %v, want %v", c.file, c.to, got, c.notes)
		}
		for _, p := range c.dropped {
			if !slices.Contains(res.Dropped, p) {
				t.Errorf("%s → %s: %s not listed as dropped (%v)", c.file, c.to, p, res.Dropped)
			}
		}
		if c.to == "mixed" && len(res.Dropped) > 0 {
			t.Errorf("%s → mixed dropped %v", c.file, res.Dropped)
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func readOwn(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestKeyOrder: the migrated card keeps the original's member order, with
// supportedInterfaces where url was.
func TestKeyOrder(t *testing.T) {
	res, err := To10(testcards.Card(t, "legacy-0.3.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc := jsonpos.Parse(res.Output, jsonpos.Options{})
	var keys []string
	for _, c := range doc.Root.Children {
		keys = append(keys, c.Key)
	}
	want := "name description supportedInterfaces version capabilities securitySchemes securityRequirements defaultInputModes defaultOutputModes skills"
	if strings.Join(keys, " ") != want {
		t.Errorf("keys %v\nwant %s", keys, want)
	}
}

func TestRefusals(t *testing.T) {
	cases := []struct{ name, src, code, id string }{
		{"syntax", `{"url": "https://a.example.com", // note` + "\n}", "json-comment", "migrate.refused.syntax"},
		{"array", `[]`, "", "migrate.refused.not-object"},
		{"mcp", string(testcards.Card(t, "not-a-card-mcp.json")), "not-a-card", "migrate.refused.not-a-card"},
		{"unknown", `{"name": "x"}`, "", "migrate.refused.unknown"},
	}
	for _, c := range cases {
		_, err := To10([]byte(c.src))
		var r *Refusal
		if !errors.As(err, &r) || !errors.Is(err, ErrRefused) {
			t.Errorf("%s: %v is not a refusal", c.name, err)
			continue
		}
		if r.Code != c.code || r.Reason.ID != c.id {
			t.Errorf("%s: %s/%s, want %s/%s", c.name, r.Code, r.Reason.ID, c.code, c.id)
		}
	}
}

// TestNothingToDo: a 1.0 card comes back with the same content and a note.
func TestNothingToDo(t *testing.T) {
	src := testcards.Card(t, "full-1.0.json")
	res, err := To10(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 0 || !slices.Contains(noteIDs(res), "migrate.note.nothing") {
		t.Errorf("changes %v notes %v", changeIDs(res), noteIDs(res))
	}
	if strings.Join(strings.Fields(string(res.Output)), "") != strings.Join(strings.Fields(string(src)), "") {
		t.Errorf("content changed:\n%s", res.Output)
	}
}
