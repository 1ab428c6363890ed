package lint

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/agentcard/agentcard/core/card"
)

// The field catalogue's Required sets must say what the sources say: for
// 1.0, the proto's field_behavior = REQUIRED annotations (read from the
// official Go SDK's generated descriptors, which carry the v1.0.1 proto's
// options); for 0.3 and 0.2, the `required` arrays of the published JSON
// Schemas in testdata/spec. A field marked required that the source does
// not require (or the reverse) fails here.
func TestFieldRequirednessMatchesSources(t *testing.T) {
	t.Run("1.0 proto", func(t *testing.T) {
		msgs := a2apb.File_a2av1_proto.Messages()
		for _, obj := range card.Objects {
			md := msgs.ByName(protoreflect.Name(obj))
			if md == nil {
				if obj != "LegacySecurityScheme" {
					t.Errorf("%s: no proto message of that name", obj)
				}
				continue
			}
			for _, f := range card.ObjectFields(obj) {
				if f.In&card.V10 == 0 {
					continue
				}
				fd := md.Fields().ByJSONName(f.Name)
				if fd == nil {
					t.Errorf("%s.%s: not a field of the proto message", obj, f.Name)
					continue
				}
				if got, want := f.Required&card.V10 != 0, isRequired(fd); got != want {
					t.Errorf("%s.%s: catalogue required in 1.0 = %v, proto REQUIRED = %v", obj, f.Name, got, want)
				}
			}
		}
	})
	for _, tc := range []struct {
		era    card.Eras
		schema string
	}{{card.V03, "a2a-v0.3.0.json"}, {card.V02, "a2a-v0.2.6.json"}} {
		t.Run(tc.schema, func(t *testing.T) {
			defs := schemaRequired(t, tc.schema)
			for _, obj := range card.Objects {
				for _, f := range card.ObjectFields(obj) {
					if f.In&tc.era == 0 {
						continue
					}
					got := f.Required&tc.era != 0
					if obj == "LegacySecurityScheme" {
						// One catalogue object stands for the schema's
						// per-type definitions: each requires `type`, and
						// the type-specific members are checked by
						// legacySchemeRequired, not by the catalogue.
						if got != (f.Name == "type") {
							t.Errorf("%s.%s: required = %v", obj, f.Name, got)
						}
						continue
					}
					req, ok := defs[obj]
					if !ok {
						if got {
							t.Errorf("%s.%s: required, but the schema has no %s", obj, f.Name, obj)
						}
						continue
					}
					if want := slices.Contains(req, f.Name); got != want {
						t.Errorf("%s.%s: catalogue required = %v, schema required = %v", obj, f.Name, got, want)
					}
				}
			}
		})
	}
}

// The era a type value belongs to: mutualTLS first appears in the 0.3.0
// schema, so the catalogue and the checker must not offer it to 0.2 cards.
func TestLegacySchemeTypesMatchSchemas(t *testing.T) {
	for _, tc := range []struct {
		schema string
		era    card.Era
	}{{"a2a-v0.3.0.json", card.Era03}, {"a2a-v0.2.6.json", card.Era02}} {
		raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spec", tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Definitions map[string]struct {
				Properties map[string]struct {
					Const any `json:"const"`
				} `json:"properties"`
			} `json:"definitions"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		var want []string
		for name, d := range s.Definitions {
			if c, _ := d.Properties["type"].Const.(string); c != "" && slices.Contains([]string{"APIKeySecurityScheme", "HTTPAuthSecurityScheme", "OAuth2SecurityScheme", "OpenIdConnectSecurityScheme", "MutualTLSSecurityScheme"}, name) {
				want = append(want, c)
			}
		}
		slices.Sort(want)
		got := legacySchemeTypeNames(tc.era)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: checker accepts %v, schema defines %v", tc.schema, got, want)
		}
	}
}

func schemaRequired(t *testing.T, name string) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spec", name))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Definitions map[string]struct {
			Required []string `json:"required"`
		} `json:"definitions"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for k, d := range s.Definitions {
		out[k] = d.Required
	}
	return out
}
