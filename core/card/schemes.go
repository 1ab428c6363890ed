package card

// SchemeKind is one kind of security scheme in both of its shapes: the
// 0.2/0.3 object with a "type" member, and the 1.0 one-of wrapper (§4.5).
// The linter, the migration and the schema generator read this one table.
type SchemeKind struct {
	// Type is the 0.2/0.3 "type" value; Wrapper the 1.0 one-of key.
	Type, Wrapper string
	// Since is the first version with this kind (mutualTLS: 0.3).
	Since string
	// Members maps each legacy member the wrapper takes over to its 1.0
	// name, in the order a migrated card writes them.
	Members [][2]string
}

// SchemeKinds lists the kinds in the order of the 1.0 one-of.
var SchemeKinds = []SchemeKind{
	{Type: "apiKey", Wrapper: "apiKeySecurityScheme", Since: "0.2",
		Members: [][2]string{{"description", "description"}, {"in", "location"}, {"name", "name"}}},
	{Type: "http", Wrapper: "httpAuthSecurityScheme", Since: "0.2",
		Members: [][2]string{{"description", "description"}, {"scheme", "scheme"}, {"bearerFormat", "bearerFormat"}}},
	{Type: "oauth2", Wrapper: "oauth2SecurityScheme", Since: "0.2",
		Members: [][2]string{{"description", "description"}, {"flows", "flows"}, {"oauth2MetadataUrl", "oauth2MetadataUrl"}}},
	{Type: "openIdConnect", Wrapper: "openIdConnectSecurityScheme", Since: "0.2",
		Members: [][2]string{{"description", "description"}, {"openIdConnectUrl", "openIdConnectUrl"}}},
	{Type: "mutualTLS", Wrapper: "mtlsSecurityScheme", Since: "0.3",
		Members: [][2]string{{"description", "description"}}},
}

// SchemeKindByType finds a kind by its 0.2/0.3 "type" value.
func SchemeKindByType(t string) (SchemeKind, bool) {
	for _, k := range SchemeKinds {
		if k.Type == t {
			return k, true
		}
	}
	return SchemeKind{}, false
}

// SchemeKindByWrapper finds a kind by its 1.0 wrapper key.
func SchemeKindByWrapper(w string) (SchemeKind, bool) {
	for _, k := range SchemeKinds {
		if k.Wrapper == w {
			return k, true
		}
	}
	return SchemeKind{}, false
}

// NewName is the 1.0 name of a legacy member of this kind.
func (k SchemeKind) NewName(legacy string) (string, bool) {
	for _, m := range k.Members {
		if m[0] == legacy {
			return m[1], true
		}
	}
	return "", false
}

// APIKeyLocations are where an API key may go (1.0 location, 0.3 in).
var APIKeyLocations = []string{"header", "query", "cookie"}

// SecuritySchemeKinds are the one-of wrapper keys of a 1.0 SecurityScheme.
var SecuritySchemeKinds = func() []string {
	out := make([]string, len(SchemeKinds))
	for i, k := range SchemeKinds {
		out[i] = k.Wrapper
	}
	return out
}()

// legacySchemeTypes are the 0.2/0.3 "type" values, for the catalogue.
var legacySchemeTypes = func() []string {
	out := make([]string, len(SchemeKinds))
	for i, k := range SchemeKinds {
		out[i] = k.Type
	}
	return out
}()

// FlowURLMembers are the URL members of OAuth flows, read from the field
// catalogue (every url-formatted field of a flow object), in catalogue order.
func FlowURLMembers() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range fields {
		if len(f.Object) > len("OAuthFlow") && f.Object[len(f.Object)-len("OAuthFlow"):] == "OAuthFlow" && f.Format == "url" && !seen[f.Name] {
			seen[f.Name] = true
			out = append(out, f.Name)
		}
	}
	return out
}
