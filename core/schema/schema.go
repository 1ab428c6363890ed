// Package schema derives JSON Schemas (draft 2020-12) for Agent Cards from
// the field catalogue in core/card, so that editors can complete and
// document cards through "$schema" or their schema settings. The schemas
// are generated, never written by hand: a field added to the catalogue
// appears in them, with the same types, required members and words as the
// linter uses.
//
// What the schemas check, and why no more:
//
//   - Types, the members each era requires, closed value sets (enum) and,
//     in 1.0, that required strings and lists are not empty (§5.7: required
//     means present and set; the linter reports required-field-empty as an
//     error there, while 0.2/0.3 only require the member). An empty skills
//     list is the exception: the linter warns about it, so it is allowed.
//   - A 1.0 SecurityScheme and a 1.0 OAuthFlows hold exactly one of their
//     kinds (oneOf over "required"), as the proto one-of says.
//   - Objects stay open: additionalProperties is never false. Cards may
//     carry members of other versions (a mixed card's legacy half) and
//     extensions, and a closed schema would reject a card the protocol
//     accepts (§5.7 tells receivers to ignore unknown members). Unknown and
//     misspelt members are the linter's business: it explains them with a
//     did-you-mean, which a schema validator cannot.
//   - Well-known but open value sets (bindings, media types, protocol
//     versions, HTTP auth schemes) are "examples", which editors offer as
//     completions without rejecting other values; custom bindings and
//     media types are allowed by the specification.
//   - "format": "uri" is an annotation in draft 2020-12; validators assert
//     it only when asked to.
//
// Everything else (https, placeholders, reachable hosts, consistency
// between members) needs the linter.
package schema

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Draft is the JSON Schema dialect of the generated schemas.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Versions are the card versions Generate knows, newest first.
var Versions = []string{"1.0", "0.3"}

// ID is the stable URL a version's schema is published at by the site.
func ID(version string) string {
	return "https://agentcard.dev/schema/agent-card-" + version + ".json"
}

// Path is ID relative to the site's root, for the site builder.
func Path(version string) string { return "/schema/agent-card-" + version + ".json" }

// VersionError is Generate's answer to a version it has no schema for.
type VersionError struct{ Version string }

func (e *VersionError) Error() string { return i18n.EnglishCatalogue().Render(e.Text()) }

// Text is the error as a catalogue message, for programs that show it in
// their reader's language.
func (e *VersionError) Text() i18n.Text {
	return i18n.T("cli.schema.unknown-version", jsonpos.QuoteClipped(e.Version), strings.Join(Versions, ", "))
}

// closedValues are the catalogue value sets that are closed: a value
// outside them is an error of the card (the linter's
// security-apikey-location and security-scheme-type), so the schema
// enumerates them. Every other Values list is well-known rather than
// closed and becomes "examples".
var closedValues = map[string]bool{
	"APIKeySecurityScheme.location": true,
	"LegacySecurityScheme.type":     true,
	"LegacySecurityScheme.in":       true,
}

// oneOfKinds are the 1.0 objects that must hold exactly one of the listed
// members (proto one-of; the linter's security-scheme-one-of and
// security-oauth-flows-one-of). 0.2/0.3 OAuthFlows may list several flows.
var oneOfKinds = map[string][]string{
	"SecurityScheme": card.SecuritySchemeKinds,
	"OAuthFlows":     card.OAuthFlowKinds,
}

// era is what Generate needs to know about a version.
type era struct {
	version string
	set     card.Eras
	// cat is the language of the descriptions (nil: English).
	cat *i18n.Catalogue
}

func eraOf(version string) (era, bool) {
	switch version {
	case "1.0":
		return era{version: version, set: card.V10}, true
	case "0.3":
		return era{version: version, set: card.V03}, true
	}
	return era{}, false
}

// Generate returns the JSON Schema of cards of version ("1.0" or "0.3"),
// indented, with a final newline. The output depends only on the field
// catalogue: objects appear in card.Objects order and members in
// catalogue order, so the published file changes only when the catalogue
// does.
func Generate(version string) ([]byte, error) { return GenerateIn(version, nil) }

// GenerateIn is Generate with the descriptions (the field catalogue's
// explanations) in cat's language; nil or English is Generate. The
// schema's $id, names and constraints are the same in every language.
func GenerateIn(version string, cat *i18n.Catalogue) ([]byte, error) {
	e, ok := eraOf(version)
	if !ok {
		return nil, &VersionError{Version: version}
	}
	if cat == nil {
		cat = i18n.EnglishCatalogue()
	}
	e.cat = cat
	root := &node{
		Schema:      Draft,
		ID:          ID(version),
		Title:       "A2A Agent Card " + version,
		Description: cat.Sprintf("cli.schema.description", version),
		Ref:         "#/$defs/AgentCard",
	}
	for _, obj := range reachable(e) {
		root.Defs = append(root.Defs, member{obj, e.object(obj)})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MustGenerate is Generate for the versions in Versions, for programs that
// embed the schemas (the site builder); it panics only on a version
// outside Versions, which is a programming error.
func MustGenerate(version string) []byte {
	b, err := Generate(version)
	if err != nil {
		panic(err)
	}
	return b
}

// defName is the $defs name of a catalogue type in this era: a 0.2/0.3
// securitySchemes entry is the OpenAPI-style LegacySecurityScheme.
func (e era) defName(typ string) string {
	if typ == "SecurityScheme" && e.set&card.V10 == 0 {
		return "LegacySecurityScheme"
	}
	return typ
}

// fields are the members of object defined in this era.
func (e era) fields(object string) []*card.Field {
	var out []*card.Field
	for _, f := range card.ObjectFields(object) {
		if f.In&e.set != 0 {
			out = append(out, f)
		}
	}
	return out
}

// reachable lists the object types a card of this era can contain,
// starting at AgentCard, in card.Objects order.
func reachable(e era) []string {
	seen := map[string]bool{}
	var walk func(typ string)
	walk = func(typ string) {
		name := named(typ)
		if name == "" {
			return
		}
		name = e.defName(name)
		if seen[name] {
			return
		}
		seen[name] = true
		for _, f := range e.fields(name) {
			walk(f.Type)
		}
	}
	walk("AgentCard")
	var out []string
	for _, o := range card.Objects {
		if seen[o] {
			out = append(out, o)
		}
	}
	return out
}

// named is the catalogue object a type expression refers to ("" for
// string, boolean and free-form object), looking through [] and map[].
func named(typ string) string {
	for {
		switch {
		case strings.HasPrefix(typ, "[]"):
			typ = typ[2:]
		case strings.HasPrefix(typ, "map[") && strings.HasSuffix(typ, "]"):
			typ = typ[4 : len(typ)-1]
		case typ == "string" || typ == "boolean" || typ == "object":
			return ""
		default:
			return typ
		}
	}
}

// object is the schema of one catalogue object in this era.
func (e era) object(name string) *node {
	n := &node{Type: "object", Title: name}
	for _, f := range e.fields(name) {
		n.Properties = append(n.Properties, member{f.Name, e.field(f)})
		if f.Required&e.set != 0 {
			n.Required = append(n.Required, f.Name)
		}
	}
	if kinds, ok := oneOfKinds[name]; ok && e.set&card.V10 != 0 {
		for _, k := range kinds {
			if f := card.Lookup(name, k, e.set); f != nil {
				n.OneOf = append(n.OneOf, &node{Required: []string{k}})
			}
		}
	}
	return n
}

// field is the schema of one member: its type, with the catalogue's
// explanation, format and values.
func (e era) field(f *card.Field) *node {
	n := e.typ(f.Type)
	n.Description = f.Localized(e.cat).Doc
	required10 := f.Required&e.set&card.V10 != 0
	target := n // where string constraints go: the member or its elements
	if n.Items != nil {
		target = n.Items
		// an empty skills list is a warning of the linter, not an error
		// (the specification's signed example in §8.4 has one; A2A issue
		// #2122), so the schema does not refuse it
		if required10 && !(f.Object == "AgentCard" && f.Name == "skills") {
			one := 1
			n.MinItems = &one
		}
	}
	if target.Type == "string" {
		switch f.Format {
		case "url", "uri":
			target.Format = "uri"
		case "base64url":
			target.ContentEncoding = "base64url"
		}
		if len(f.Values) > 0 {
			if closedValues[f.Object+"."+f.Name] {
				target.Enum = f.Values
			} else {
				target.Examples = f.Values
			}
		}
		if required10 && target == n {
			one := 1
			n.MinLength = &one
		}
	}
	return n
}

// typ is the schema of a catalogue type expression.
func (e era) typ(typ string) *node {
	switch {
	case typ == "string":
		return &node{Type: "string"}
	case typ == "boolean":
		return &node{Type: "boolean"}
	case typ == "object":
		return &node{Type: "object"}
	case strings.HasPrefix(typ, "[]"):
		return &node{Type: "array", Items: e.typ(typ[2:])}
	case strings.HasPrefix(typ, "map[") && strings.HasSuffix(typ, "]"):
		return &node{Type: "object", AdditionalProperties: e.typ(typ[4 : len(typ)-1])}
	}
	return &node{Ref: "#/$defs/" + e.defName(typ)}
}

// node is one schema object. The field order is the order of the output,
// chosen for people reading the file: identity, then documentation, then
// the constraints.
type node struct {
	Schema               string   `json:"$schema,omitempty"`
	ID                   string   `json:"$id,omitempty"`
	Title                string   `json:"title,omitempty"`
	Description          string   `json:"description,omitempty"`
	Ref                  string   `json:"$ref,omitempty"`
	Type                 string   `json:"type,omitempty"`
	Format               string   `json:"format,omitempty"`
	ContentEncoding      string   `json:"contentEncoding,omitempty"`
	Enum                 []string `json:"enum,omitempty"`
	Examples             []string `json:"examples,omitempty"`
	MinLength            *int     `json:"minLength,omitempty"`
	MinItems             *int     `json:"minItems,omitempty"`
	Items                *node    `json:"items,omitempty"`
	Properties           members  `json:"properties,omitempty"`
	Required             []string `json:"required,omitempty"`
	AdditionalProperties *node    `json:"additionalProperties,omitempty"`
	OneOf                []*node  `json:"oneOf,omitempty"`
	Defs                 members  `json:"$defs,omitempty"`
}

// members is a JSON object whose keys keep their order (encoding/json
// would sort a map's keys; the catalogue's order reads better).
type members []member

type member struct {
	name   string
	schema *node
}

func (ms members) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			buf.WriteByte(',')
		}
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // descriptions keep their <, > and &
		if err := enc.Encode(m.name); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		buf.WriteByte(':')
		if err := enc.Encode(m.schema); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
