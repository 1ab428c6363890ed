package lint

import (
	"slices"
	"strings"
	"unicode"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Structure rules are driven by the field catalogue: one walk over the
// tree checks types, required members, nulls, unknown members and members
// that belong to another protocol version. No field is hand-coded here.
const (
	codeNotObject      = "not-an-object"
	codeNotACard       = "not-a-card"
	codeRequired       = "required-field"
	codeRequiredEmpty  = "required-field-empty"
	codeWrongType      = "wrong-type"
	codeNull           = "null-value"
	codeUnknown        = "unknown-field"
	codeLegacyField    = "legacy-field"
	codeTransportKey   = "interface-transport-key"
	codeNewerField     = "field-newer-than-card"
	codeProtoDuplicate = "field-proto-name-duplicate"
	codeURLSpace       = "url-whitespace"
	codeSchemeLegacy10 = "security-scheme-legacy-shape"
)

func structureRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeNotObject, Severity: Error, Topic: "structure", Title: "The card is not a JSON object", Explanation: "An Agent Card is one JSON object whose members describe the agent. An array, a string or a number at the top level cannot be read as a card.",
			HowToFix: "Make the top level an object: `{ \"name\": …, \"supportedInterfaces\": […], … }`. If you publish several agents, give each its own card URL.",
			Basis:    Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
			},
			Messages: []diag.Message{
				{ID: "msg.not-an-object", Text: "the document is a JSON %s; an Agent Card must be a JSON object"},
			},
			Bad: `[{"name": "Agent one"}]`, Good: `{}`}, Always: true, Check: checkNotObject},
		&Rule{Rule: diag.Rule{Code: codeNotACard, Severity: Error, Topic: "structure", Title: "This document is not an A2A Agent Card", Explanation: "The document is clearly another kind of file: an MCP server description, an ERC-8004 registration, an OpenAPI description, or a card wrapped inside another object. Reporting every missing card field would only hide that, so this is the one finding.",
			HowToFix: "Publish a real Agent Card at /.well-known/agent-card.json. If the card is nested under a wrapper member, publish the inner object itself.",
			Basis:    Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "1.0", Section: "8.2", Title: "Discovery Mechanisms", URL: "https://a2a-protocol.org/v1.0.0/specification/#82-discovery-mechanisms"},
			},
			Messages: []diag.Message{
				{ID: "msg.not-a-card", Text: "this is not an A2A Agent Card. An Agent Card has name, description, version, supportedInterfaces, capabilities, defaultInputModes, defaultOutputModes and skills at its top level."},
				{ID: "msg.not-a-card.mcp-server-json", Text: "this looks like an MCP server description (server.json), not an A2A Agent Card. MCP and A2A are different protocols: an A2A Agent Card lists supportedInterfaces, capabilities and skills. Publish the MCP description at its own location and write a separate Agent Card if the service also speaks A2A."},
				{ID: "msg.not-a-card.mcp", Text: "this looks like an MCP server description, not an A2A Agent Card. MCP and A2A are different protocols: an A2A Agent Card lists supportedInterfaces, capabilities and skills."},
				{ID: "msg.not-a-card.erc-8004", Text: "this looks like an ERC-8004 agent registration file, not an A2A Agent Card. An ERC-8004 registration points at agent endpoints; its A2A endpoint entry should link to the real Agent Card at /.well-known/agent-card.json, which is the document to check."},
				{ID: "msg.not-a-card.openapi", Text: "this looks like an OpenAPI description, not an A2A Agent Card. An OpenAPI document describes an HTTP API; an A2A Agent Card describes an agent and how to reach it over A2A."},
				{ID: "msg.not-a-card.openai-plugin", Text: "this looks like an OpenAI plugin manifest (ai-plugin.json), not an A2A Agent Card. Plugin manifests are a different format; an A2A Agent Card is published at /.well-known/agent-card.json."},
				{ID: "msg.not-a-card.nested", Text: "this looks like an Agent Card nested under the member %s, not an A2A Agent Card. Clients read the card from the top level of the document. Publish the inner object itself, without the wrapper."},
				{ID: "msg.not-a-card.no-fields", Text: "this looks like a JSON object with none of the Agent Card's fields, not an A2A Agent Card. An Agent Card has name, description, version, supportedInterfaces, capabilities, defaultInputModes, defaultOutputModes and skills at its top level."},
			},
			Bad: `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json", "name": "io.example/tool", "remotes": []}`, Good: ""}, Always: true, Check: checkNotACard},
		&Rule{Rule: diag.Rule{Code: codeRequired, Severity: Error, Topic: "structure", Title: "Required field missing",
			Explanation: "The specification marks some fields REQUIRED: a card without them cannot be used (no name to show, no interface to call, no skills to choose from). Which fields are required depends on the card's version; explicit null counts as missing.",
			HowToFix:    "Add the field with a real value. The field reference lists every required field and its type.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.5", Title: "AgentCard Object Structure", URL: "https://a2a-protocol.org/v0.3.0/specification/#55-agentcard-object-structure"},
			},
			Messages: []diag.Message{
				{ID: "msg.required-field", Text: "%s is missing. %s"},
				{ID: "msg.required-field.null", Text: "%s is required and must not be null"},
				{ID: "msg.required-field.misspelt", Text: "%s is missing: it is written %s, which clients do not recognize"},
				{ID: "msg.required-field.proto-name", Text: "%s is missing: it is written %s, which only ProtoJSON readers accept; plain JSON readers miss it"},
				{ID: "msg.required-field.scheme-type", Text: "%s has type %s but no %s"},
			},
			Bad: `"skills": null`, Good: ``}, Check: checkStructure},
		&Rule{Rule: diag.Rule{Code: codeRequiredEmpty, Severity: Error, Topic: "structure", Title: "Required field is empty",
			Explanation: "In 1.0 a required field must be set, not only present: a required string cannot be empty and a required list needs at least one element (§5.7). An empty defaultOutputModes or tags list says nothing about what the agent returns or how to find the skill. 0.2/0.3 have no such rule (their schemas only require the member), so on those cards the finding is a warning. An empty skills list is a warning in every version: the specification's own signed example (§8.4) has one, and A2A issue #2122 about it is open; an absent skills stays an error (required-field).",
			HowToFix:    "Fill in the value, for example [\"text/plain\"] for modes or one keyword for tags.",
			Basis:       Basis{Kind: BasisMust, Note: "1.0 §5.7: a REQUIRED array MUST hold at least one element and a REQUIRED string must be set. 0.2/0.3 have no such rule, so there the finding is a warning (likely failure). An empty skills list is a warning too: the specification's own signed example (§8.4) has \"skills\": [], and A2A issue #2122 about it is open."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
				{Doc: "A2A", Version: "1.0", Section: "8.4", Title: "Agent Card Signing", URL: "https://a2a-protocol.org/v1.0.0/specification/#84-agent-card-signing"},
				{Doc: "A2A issue #2122", Version: "", Section: "", Title: "", URL: "https://github.com/a2aproject/A2A/issues/2122"},
			},
			Messages: []diag.Message{
				{ID: "msg.required-field-empty", Text: "%s is required and must not be empty"},
				{ID: "msg.required-field-empty.list", Text: "%s is required and must have at least one element"},
				{ID: "msg.required-field-empty.skills", Text: "skills is empty: list at least one skill, so that clients can tell what the agent does. §5.7 asks every required list for an element, but the specification's own signed example (§8.4) has \"skills\": [] and A2A issue #2122 about it is open, so this is a warning"},
			},
			Bad: `"defaultOutputModes": []`, Good: ``}},
		&Rule{Rule: diag.Rule{Code: codeWrongType, Severity: Error, Topic: "structure", Title: "Wrong JSON type",
			Explanation: "Each field has one JSON type. A list where an object belongs (\"capabilities\": [\"streaming\"]), a string where a boolean belongs (\"streaming\": \"true\") or a number for a version makes the typed card readers of the official SDKs fail the whole card: a2a-go refuses such a card, and so does a2a-python's ParseDict for most of them (measured with protobuf 3.21.12). ParseDict is lenient in one way: where an object belongs it takes whatever stands there as a list of member names, so a string, or a list of strings that name no member, reads as an empty object. One value a2a-go accepts is a bare list of scopes in securityRequirements; a2a-python and a2a-js read it without an error but lose the scopes.",
			HowToFix:    "Write the value with the type the field reference gives.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go decodes cards with encoding/json into typed structs and refuses the whole card on a value of the wrong JSON type; a2a-python's ParseDict refuses a number or a boolean where an object belongs and a value of the wrong type in a scalar field, and reads a string where an object belongs as an empty object (protobuf 3.21.12's json_format, run by core/sdk's TestPythonAgreesWithModel)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "5.5", Title: "JSON Field Naming Convention", URL: "https://a2a-protocol.org/v1.0.0/specification/#55-json-field-naming-convention"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2a/agent.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2a/agent.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.wrong-type", Text: "%s must be %s, found %s"},
				{ID: "msg.wrong-type.value", Text: "%s must be %s, found %s %s"},
			},
			Bad: `"capabilities": ["streaming"]`, Good: `"capabilities": {"streaming": true}`}},
		&Rule{Rule: diag.Rule{Code: codeNull, Severity: Warning, Topic: "structure", Title: "Explicit null",
			Explanation: "§5.7 describes a field that is not set as absent. A 1.0 card is ProtoJSON (§5.5), which reads null as \"not set\", so 1.0 readers treat the member as absent. The 0.2 and 0.3 JSON Schemas give no field a null type, so their validators refuse it, and a reader written against them has to guess whether it means \"not set\" or a mistake. Leaving the member out says \"not set\" to both.",
			HowToFix:    "Remove the member instead of setting it to null.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
			},
			Messages: []diag.Message{
				{ID: "msg.null-value", Text: "%s is null; leave the member out instead"},
				{ID: "msg.null-value.element", Text: "element %d of %s is null"},
				{ID: "msg.null-value.entry", Text: "%s in %s is null"},
			},
			Bad: `"iconUrl": null`, Good: ``}},
		&Rule{Rule: diag.Rule{Code: codeUnknown, Severity: Warning, Topic: "structure", Title: "Unknown field",
			Explanation: "Receivers are told to ignore members they do not recognise (§5.7), so a misspelt field silently has no effect: the card looks complete but the value is never read. A snake_case proto name (documentation_url) is worse than it looks: JSON names must be camelCase (§5.5), and the SDKs disagree on it. a2a-python's ParseDict reads it as the field (read from its source), while a2a-go ignores it, so the two read different cards.",
			HowToFix:    "Rename the field to its specified camelCase name (the finding suggests the closest one), or remove it. Put custom data in an extension's params.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "§5.5 requires camelCase names (ProtoJSON readers such as a2a-python still read the snake_case proto name, plain JSON readers such as a2a-go do not); §5.7 tells receivers to ignore members they do not know, so a misspelt member is silently lost."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.5", Title: "JSON Field Naming Convention", URL: "https://a2a-protocol.org/v1.0.0/specification/#55-json-field-naming-convention"},
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
			},
			Messages: []diag.Message{
				{ID: "msg.unknown-field", Text: "unknown field %s in %s; clients ignore it"},
				{ID: "msg.unknown-field.copy", Text: "unknown field %s in %s; clients ignore it (the specified %s is also present: this copy is never read)"},
				{ID: "msg.unknown-field.suggest", Text: "unknown field %s in %s; clients ignore it. Did you mean %s?"},
				{ID: "msg.unknown-field.draft-extended-card", Text: "supportsExtendedAgentCard is a pre-1.0 draft name; 0.2/0.3 cards call this flag supportsAuthenticatedExtendedCard, and clients ignore the draft name"},
				{ID: "msg.unknown-field.beside-wrapper", Text: "unknown member %s next to the wrapper %s of %s; clients ignore it"},
				{ID: "msg.unknown-field.beside-wrapper-description", Text: "unknown member %[1]s next to the wrapper %[2]s of %[3]s; clients ignore it; move it inside %[2]s"},
				{ID: "msg.unknown-field.erc-8004", Text: "%s belongs to ERC-8004 registration files, not to Agent Cards: card readers ignore it (§5.7), and the rest of the document is checked as an Agent Card"},
				{ID: "msg.unknown-field.mcp", Text: "%s belongs to MCP server descriptions, not to Agent Cards: card readers ignore it (§5.7), and the rest of the document is checked as an Agent Card"},
			},
			Bad: `"documentation_url": "https://invoices.example.com/docs"`, Good: `"documentationUrl": "https://invoices.example.com/docs"`}},
		&Rule{Rule: diag.Rule{Code: codeProtoDuplicate, Severity: Error, Topic: "structure", Title: "Field given under both its JSON and its proto name",
			Explanation: "§5.5 requires camelCase JSON names. a2a-python parses cards with protobuf's ParseDict, which accepts a field under its camelCase JSON name and under its snake_case proto name. Given both (defaultInputModes and default_input_modes), it reads both in turn and keeps the one later in the document, without an error; only a member of a one-of group (a security scheme's wrapper, an OAuth flow, or an optional field such as iconUrl) makes it refuse the card. a2a-go reads only the camelCase name and ignores the other one, so the two SDKs may read different values from the same card.",
			HowToFix:    "Keep the camelCase member and delete the snake_case copy.",
			Basis:       Basis{Kind: BasisMust, Note: "a2a-python's ParseDict (card_resolver.py parse_agent_card) reads a member given under both its JSON and its proto name in document order, the later one winning, and refuses the card only for a one-of member (protobuf 3.21.12's json_format, run by core/sdk's TestPythonAgreesWithModel; protobuf's testDuplicateFieldAlternateNames pins the same in 33.x); §5.5 requires camelCase names."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.5", Title: "JSON Field Naming Convention", URL: "https://a2a-protocol.org/v1.0.0/specification/#55-json-field-naming-convention"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/card_resolver.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/card_resolver.py"},
			},
			Messages: []diag.Message{
				{ID: "msg.field-proto-name-duplicate", Text: "%s is the proto name of %s, which is also present: ProtoJSON readers (such as the official Python SDK) read both into one field, and the one later in the card wins without a word (a one-of member makes them reject the card)"},
			},
			Bad: `"default_input_modes": ["text/plain"]`, Good: `"defaultInputModes": ["text/plain"]`}},
		&Rule{Rule: diag.Rule{Code: codeURLSpace, Severity: Error, Topic: "structure", Title: "Spaces around a URL",
			Explanation: "A leading or trailing space (often pasted along with the URL) is part of the string, and RFC 3986 has no place for spaces in a URI. a2a-go cannot send a request to an interface URL that starts with a space, because Go's URL parser refuses it, so on interface entries this is an error. On other links of the card (documentation, icon, provider, OAuth) it is a warning: the link is broken for whoever follows it.",
			HowToFix:    "Delete the spaces inside the quotes.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's client cannot send a request to an interface URL that starts with a space: Go's url.Parse refuses it. Other links of the card are only warned about."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "RFC 3986", Version: "", Section: "2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc3986#section-2"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/factory.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/factory.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.url-whitespace", Text: "%s %s has spaces around it; clients parse the URL as written and fail (or request another address)"},
			},
			Bad: `"documentationUrl": "https://invoices.example.com/docs "`, Good: `"documentationUrl": "https://invoices.example.com/docs"`}},
		&Rule{Rule: diag.Rule{Code: codeLegacyField, Severity: Warning, Topic: "legacy", Title: "Legacy field in a 1.0 card",
			Explanation: "The field comes from the 0.2/0.3 card format, and the 1.0 proto has no such member. §A.2.2 asks clients to fall back to the old extended-card flag during the transition (naming it supportsExtendedAgentCard, which 0.3 never had; it says nothing about security), and the SDKs differ: a2a-python reads supportsAuthenticatedExtendedCard and security when the 1.0 members are absent (read from its source), while a2a-go and a2a-js read only the 1.0 members. So the field either repeats its replacement or is the only copy, seen by some SDKs and not by others. (A deliberately mixed card, with a legacy url, keeps its legacy half for 0.3 callers and is checked by the mixed-card rules instead.)",
			HowToFix:    "Move the value to the 1.0 field the finding names, then delete the legacy one.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "A.2", Title: "Migration Guidance", URL: "https://a2a-protocol.org/v1.0.0/specification/#a2-migration-guidance"},
				{Doc: "A2A", Version: "1.0", Section: "A.2.2", Title: "Breaking Change: Extended Agent Card Field Relocated", URL: "https://a2a-protocol.org/v1.0.0/specification/#a22-breaking-change-extended-agent-card-field-relocated"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.5", Title: "AgentCard Object Structure", URL: "https://a2a-protocol.org/v0.3.0/specification/#55-agentcard-object-structure"},
			},
			Messages: []diag.Message{
				{ID: "msg.legacy-field", Text: "%s is a 0.2/0.3 field that 1.0 clients ignore; use %s"},
				{ID: "msg.legacy-field.draft-extended-card", Text: "supportsExtendedAgentCard is the pre-1.0 name of capabilities.extendedAgentCard; 1.0 clients ignore it, so they think the extended card is unavailable"},
			},
			Bad: `"protocolVersion": "0.3.0"`, Good: ``}},
		&Rule{Rule: diag.Rule{Code: codeTransportKey, Severity: Error, Topic: "interfaces", Title: "`transport` inside supportedInterfaces",
			Explanation: "In 1.0 an interface names its binding with protocolBinding. transport is the 0.3 name used in additionalInterfaces, and AgentInterface in the 1.0 proto has no such member, so the entry has no protocolBinding and §8.3.2 has nothing to match it on.",
			HowToFix:    "Rename transport to protocolBinding.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
			},
			Messages: []diag.Message{
				{ID: "msg.interface-transport-key", Text: "transport is the 0.3 name; in supportedInterfaces the binding goes in protocolBinding"},
			},
			Bad: `"supportedInterfaces": [{"url": "https://agent.example.com/a2a", "transport": "JSONRPC", "protocolVersion": "1.0"}]`, Good: ``}},
		&Rule{Rule: diag.Rule{Code: codeNewerField, Severity: Warning, Topic: "legacy", Title: "1.0 field in a legacy card",
			Explanation: "The card is a 0.2/0.3 card, but this field only exists in 1.0. The 0.3 JSON Schema has no such member, so a reader that takes the card as 0.3 leaves it unread (receivers ignore members they do not know, 1.0 §5.7).",
			HowToFix:    "Either migrate the whole card to 1.0 (supportedInterfaces with per-entry protocolVersion) or use the field's 0.3 equivalent.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "0.3.0", Section: "5.5", Title: "AgentCard Object Structure", URL: "https://a2a-protocol.org/v0.3.0/specification/#55-agentcard-object-structure"},
				{Doc: "A2A", Version: "1.0", Section: "A.2", Title: "Migration Guidance", URL: "https://a2a-protocol.org/v1.0.0/specification/#a2-migration-guidance"},
			},
			Messages: []diag.Message{
				{ID: "msg.field-newer-than-card", Text: "%s only exists in A2A 1.0; clients reading this %s card ignore it"},
			},
			Bad: `"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "capabilities": {"extendedAgentCard": true}`, Good: `"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a", "supportsAuthenticatedExtendedCard": true, "securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}`}},
	}
}

func checkNotObject(c *Context) {
	if c.Root == nil || c.Root.Kind == jsonpos.Object || c.Root.Kind == jsonpos.Invalid {
		return
	}
	d := c.Report(c.Root, "msg.not-an-object", kindName(c.Root.Kind))
	if c.Root.Kind == jsonpos.Array && len(c.Root.Children) == 1 && c.Root.Children[0].Kind == jsonpos.Object {
		inner := c.Root.Children[0]
		d.WithFix("fix.unwrap-array", c.Replace(c.Root, string(c.Doc.Src[inner.Start:inner.End])))
	}
}

func checkNotACard(c *Context) {
	det := c.Detection
	if det.Era != card.EraNotCard {
		return
	}
	n := det.Node
	if n == nil {
		n = c.Root
	}
	var d *Diagnostic
	switch det.Kind {
	case "nested":
		d = c.ReportKey(n, "msg.not-a-card.nested", quote(det.Wrapper))
	case "mcp-server-json", "mcp", "erc-8004", "openapi", "openai-plugin", "no-fields":
		d = c.ReportKey(n, "msg.not-a-card."+det.Kind)
	default: // a detection this rule does not know yet: still one finding
		d = c.ReportKey(n, "msg.not-a-card")
	}
	if det.Kind == "nested" && n.Kind == jsonpos.Object {
		d.WithFix("fix.publish-inner-card", c.Replace(c.Root, string(c.Doc.Src[n.Start:n.End])))
	}
}

// checkStructure walks the card with the field catalogue.
func checkStructure(c *Context) {
	w := walker{c: c}
	top := c.Era.Set()
	if c.Era == card.Era03 || c.Era == card.Era02 {
		top = card.Legacy
	}
	w.object(c.Root, "AgentCard", top)
}

type walker struct{ c *Context }

// object checks the members of an object of catalogue type name, in the
// eras that apply at this place of the card.
func (w walker) object(n *jsonpos.Node, name string, eras card.Eras) {
	c := w.c
	if name == "SecurityScheme" {
		w.securityScheme(n, eras)
		return
	}
	for _, m := range n.Children {
		f := card.Lookup(name, m.Key, eras)
		if f == nil {
			w.foreign(n, m, name, eras)
			continue
		}
		if m.Kind == jsonpos.Null {
			if f.Required&eras != 0 {
				c.ReportAs(codeRequired, m, c.Doc.Range(m), "msg.required-field.null", fieldLabel(name, m.Key))
			} else {
				c.ReportAs(codeNull, m, c.Doc.Range(m), "msg.null-value", fieldLabel(name, m.Key)).
					WithSafeFixText(i18n.T("fix.remove-member", jsonpos.Clip(m.Key, jsonpos.MaxQuoted)), removeMember(c, m))
			}
			continue
		}
		w.value(m, f.Type, eras, f, name)
	}
	// required members
	for _, f := range card.ObjectFields(name) {
		if f.Required&eras == 0 || f.In&eras == 0 {
			continue
		}
		// a pure-legacy required field is required only of legacy
		// cards, not of the legacy half of a mixed card.
		if f.In&card.V10 == 0 && eras&card.V10 != 0 {
			continue
		}
		if n.Has(f.Name) {
			continue
		}
		if replacedByLegacy(n, name, f.Name) {
			continue
		}
		if c.full(codeRequired, n.Parent) {
			// capped: count it without building the message (a hostile
			// card has 200,000 empty skills)
			c.ReportMissingAs(codeRequired, n, f.Name, missingRange(c, n), "msg.required-field")
			continue
		}
		if m := misspelt(n, name, f.Name, eras); m != nil {
			id := "msg.required-field.misspelt"
			if toSnake(f.Name) == m.Key {
				id = "msg.required-field.proto-name"
			}
			c.ReportMissingAs(codeRequired, n, f.Name, c.Doc.KeyRange(m), id, fieldLabel(name, f.Name), quote(m.Key)).
				WithFixText(i18n.T("fix.rename", f.Name), c.RenameKey(m, f.Name))
			continue
		}
		c.ReportMissingAs(codeRequired, n, f.Name, missingRange(c, n), "msg.required-field", fieldLabel(name, f.Name), fieldDoc(f))
	}
}

// fieldRequired reports whether field of object is required in these eras.
func fieldRequired(object, field string, eras card.Eras) bool {
	f := card.Lookup(object, field, eras)
	return f != nil && f.Required&eras != 0 && !(f.In&card.V10 == 0 && eras&card.V10 != 0)
}

// misspelt finds a member that certainly means field (snake_case, kebab-case
// or a case variant of it).
func misspelt(obj *jsonpos.Node, object, field string, eras card.Eras) *jsonpos.Node {
	for _, m := range obj.Children {
		if m.Key == field || card.Lookup(object, m.Key, eras) != nil {
			continue
		}
		if s, certain := suggest(object, m.Key, eras); certain && s == field {
			return m
		}
	}
	return nil
}

// replacedByLegacy reports whether a missing required field is present under
// its legacy name, which another finding already explains.
func replacedByLegacy(n *jsonpos.Node, object, field string) bool {
	for _, f := range card.ObjectFields(object) {
		if f.Replacement == field && n.Has(f.Name) {
			return true
		}
	}
	return false
}

func missingRange(c *Context, n *jsonpos.Node) jsonpos.Range {
	if n.IsMember() {
		return c.Doc.Span(n.KeyStart, n.KeyEnd)
	}
	return c.Doc.Span(n.Start, n.Start+1)
}

// fieldLabel names a field in messages: its name, with its object's type
// in parentheses unless it is a top-level member ("id (AgentSkill)"). It is
// code, the same in every language.
func fieldLabel(object, field string) string {
	switch object {
	case "AgentCard":
		return jsonpos.Clip(field, jsonpos.MaxQuoted)
	}
	return jsonpos.Clip(field, jsonpos.MaxQuoted) + " (" + object + ")"
}

// fieldDoc is a field's explanation as a message argument: the reader's
// language shows its own ("field.<Object>.<name>" in each catalogue).
func fieldDoc(f *card.Field) i18n.Text { return i18n.Text{ID: card.FieldKey(f.Object, f.Name)} }

// value checks a value against a catalogue type expression.
func (w walker) value(n *jsonpos.Node, typ string, eras card.Eras, f *card.Field, object string) {
	c := w.c
	want := kindOf(typ)
	if n.Kind == jsonpos.Invalid {
		return // the parser already reported it
	}
	if n.Kind != want {
		var label any = i18n.Phrase("phrase.the-value")
		if n.IsMember() {
			label = fieldLabel(object, n.Key)
		} else if n.Parent != nil {
			label = i18n.T("phrase.element-of", n.Index, jsonpos.Clip(n.Parent.Key, jsonpos.MaxQuoted))
		}
		var d *Diagnostic
		if raw, ok := rawValue(c, n); ok {
			d = c.ReportAs(codeWrongType, n, c.Doc.Range(n), "msg.wrong-type.value", label, typeText(typ), foundKind(n.Kind), raw)
		} else {
			d = c.ReportAs(codeWrongType, n, c.Doc.Range(n), "msg.wrong-type", label, typeText(typ), foundKind(n.Kind))
		}
		if fix, ok := typeFix(c, n, want); ok {
			d.Fixes = append(d.Fixes, fix)
		}
		return
	}
	switch {
	case strings.HasPrefix(typ, "[]"):
		elem := typ[2:]
		if f != nil && f.Required&eras != 0 && len(n.Children) == 0 && object == "AgentCard" && n.Key == "skills" {
			// §5.7 asks a REQUIRED list for one element, yet the
			// specification's own signed example (§8.4) has "skills": []
			// and A2A issue #2122 about it is open: a warning until the
			// text settles, where an absent skills stays an error.
			c.ReportAs(codeRequiredEmpty, n, c.Doc.Range(n), "msg.required-field-empty.skills").WithSeverity(Warning)
		} else if f != nil && f.Required&eras != 0 && len(n.Children) == 0 {
			emptySeverity(c.ReportAs(codeRequiredEmpty, n, c.Doc.Range(n), "msg.required-field-empty.list", fieldLabel(object, n.Key)), f, eras)
		}
		childEras := eras
		if n.Key == "supportedInterfaces" || n.Key == "securityRequirements" {
			childEras = card.V10
		} else if n.Key == "additionalInterfaces" || n.Key == "security" {
			childEras = card.Legacy
		}
		for _, e := range n.Children {
			if e.Kind == jsonpos.Null {
				c.ReportAs(codeNull, e, c.Doc.Range(e), "msg.null-value.element", e.Index, jsonpos.Clip(n.Key, jsonpos.MaxQuoted))
				continue
			}
			w.value(e, elem, childEras, nil, object)
		}
	case strings.HasPrefix(typ, "map["):
		elem := typ[4 : len(typ)-1]
		for _, m := range n.Children {
			if m.Kind == jsonpos.Null {
				c.ReportAs(codeNull, m, c.Doc.Range(m), "msg.null-value.entry", jsonpos.Clip(m.Key, jsonpos.MaxQuoted), jsonpos.Clip(n.Key, jsonpos.MaxQuoted))
				continue
			}
			w.value(m, elem, eras, nil, object)
		}
	case typ == "string":
		if f != nil && f.Required&eras != 0 && strings.TrimSpace(n.Str) == "" {
			emptySeverity(c.ReportAs(codeRequiredEmpty, n, c.Doc.Range(n), "msg.required-field-empty", fieldLabel(object, n.Key)), f, eras)
		} else if f != nil && (f.Format == "url" || f.Format == "uri") && n.Str != strings.TrimSpace(n.Str) {
			d := c.ReportAs(codeURLSpace, n, c.Doc.Range(n), "msg.url-whitespace", fieldLabel(object, n.Key), quote(n.Str)).
				WithSafeFix("fix.remove-spaces", c.Replace(n, jsonpos.Quote(strings.TrimSpace(n.Str))))
			if object != "AgentInterface" {
				// only interface URLs are requested by the SDKs' clients
				d.WithSeverity(Warning)
			}
		}
	case want == jsonpos.Object && typ != "object":
		w.object(n, typ, eras)
	}
}

func kindOf(typ string) jsonpos.Kind {
	switch {
	case typ == "string":
		return jsonpos.String
	case typ == "boolean":
		return jsonpos.Bool
	case strings.HasPrefix(typ, "[]"):
		return jsonpos.Array
	}
	return jsonpos.Object
}

// typeText names a catalogue type expression in messages ("an array of
// objects (AgentSkill)").
func typeText(typ string) i18n.Text {
	switch {
	case strings.HasPrefix(typ, "[]"):
		return i18n.T("phrase.type.list", elemText(typ[2:]))
	case typ == "string":
		return i18n.T("phrase.type.string")
	case typ == "boolean":
		return i18n.T("phrase.type.boolean")
	case typ == "object" || strings.HasPrefix(typ, "map["):
		return i18n.T("phrase.type.object")
	}
	return i18n.T("phrase.type.named", typ)
}

// elemText names the elements of a list type ("strings", "AgentSkill
// objects").
func elemText(typ string) i18n.Text {
	switch {
	case strings.HasPrefix(typ, "[]"):
		return i18n.T("phrase.elem.lists")
	case typ == "string":
		return i18n.T("phrase.elem.strings")
	case typ == "boolean":
		return i18n.T("phrase.elem.booleans")
	case typ == "object" || strings.HasPrefix(typ, "map["):
		return i18n.T("phrase.elem.objects")
	}
	return i18n.T("phrase.elem.named", typ)
}

// kindName is a JSON type's name ("array").
func kindName(k jsonpos.Kind) i18n.Phrase { return i18n.Phrase("phrase.kind." + k.String()) }

// foundKind is a JSON type as what was found ("an array").
func foundKind(k jsonpos.Kind) i18n.Phrase { return i18n.Phrase("phrase.found." + k.String()) }

// quoteValue is a scalar's JSON source after a space, clipped, or "" for
// objects and arrays (for English messages built around a value).
func quoteValue(c *Context, n *jsonpos.Node) string {
	if raw, ok := rawValue(c, n); ok {
		return " " + raw
	}
	return ""
}

// rawValue is a scalar's JSON source, clipped for messages; objects and
// arrays have none.
func rawValue(c *Context, n *jsonpos.Node) (string, bool) {
	switch n.Kind {
	case jsonpos.String, jsonpos.Number, jsonpos.Bool:
		return jsonpos.Clip(string(c.Doc.Src[n.Start:n.End]), 40+len("…")), true
	}
	return "", false
}

// newFix is an unsafe fix whose title is a catalogue message; titles may
// quote the card (a URL to point at), edits are never cut.
func newFix(t i18n.Text, edits ...Edit) Fix {
	return Fix{Title: jsonpos.Clip(i18n.EnglishCatalogue().Render(t), maxFixTitle), Text: t, Edits: edits}
}

// newSafeFix is newFix for a fix that keeps what the card means.
func newSafeFix(t i18n.Text, edits ...Edit) Fix {
	f := newFix(t, edits...)
	f.Safe = true
	return f
}

// typeFix offers certain conversions: "true" → true, a single string → a
// one-element list, a number → its string. Each says the same value in
// the type the field has, so each is safe.
func typeFix(c *Context, n *jsonpos.Node, want jsonpos.Kind) (Fix, bool) {
	switch {
	case want == jsonpos.Bool && n.Kind == jsonpos.String && (n.Str == "true" || n.Str == "false"):
		return newSafeFix(i18n.T("fix.use-boolean", n.Str), c.Replace(n, n.Str)), true
	case want == jsonpos.Array && n.Kind == jsonpos.String:
		raw := string(c.Doc.Src[n.Start:n.End])
		return newSafeFix(i18n.T("fix.wrap-in-list"), c.Replace(n, "["+raw+"]")), true
	case want == jsonpos.String && n.Kind == jsonpos.Number:
		raw := string(c.Doc.Src[n.Start:n.End])
		return newSafeFix(i18n.T("fix.quote-number"), c.Replace(n, jsonpos.Quote(raw))), true
	}
	return Fix{}, false
}

// foreign handles a member the catalogue does not define in these eras.
func (w walker) foreign(obj, m *jsonpos.Node, object string, eras card.Eras) {
	c := w.c
	if obj == c.Root && m.Key == "$schema" && m.Kind == jsonpos.String {
		// the JSON Schema an editor completes and documents the card
		// with (`agentcard schema`, the published schemas): card readers
		// ignore unknown members (§5.7), so it costs clients nothing
		return
	}
	if object == "LegacySecurityScheme" && slices.Contains(card.SecuritySchemeKinds, m.Key) {
		return // a scheme with both shapes: the security rules explain it
	}
	if object == "AgentCard" && m.Key == "supportsExtendedAgentCard" {
		w.draftExtendedCardFlag(obj, m, eras)
		return
	}
	if f := card.LookupAny(object, m.Key); f != nil {
		switch {
		case object == "AgentInterface" && m.Key == "transport":
			d := c.ReportAs(codeTransportKey, m, c.Doc.KeyRange(m), "msg.interface-transport-key")
			if !obj.Has("protocolBinding") {
				d.WithFixText(i18n.T("fix.rename", "protocolBinding"), c.RenameKey(m, "protocolBinding"))
			}
		case f.In&card.V10 == 0 && eras&card.V10 != 0:
			d := c.ReportAs(codeLegacyField, m, c.Doc.KeyRange(m), "msg.legacy-field", fieldLabel(object, m.Key), f.ReplacementText())
			if isPlainName(f.Replacement) && !obj.Has(f.Replacement) {
				d.WithFixText(i18n.T("fix.rename", f.Replacement), c.RenameKey(m, f.Replacement))
			}
		case f.In&card.Legacy == 0 && eras&card.V10 == 0:
			c.ReportAs(codeNewerField, m, c.Doc.KeyRange(m), "msg.field-newer-than-card", fieldLabel(object, m.Key), string(c.Era))
		}
		if m.Kind != jsonpos.Null {
			w.value(m, f.Type, f.In, f, object)
		}
		return
	}
	if c.Detection.Foreign == "erc-8004" && obj == c.Root && erc8004Member(m.Key) {
		// a card that is also an ERC-8004 registration: its members are
		// deliberate, and card readers ignore them (§5.7)
		c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field.erc-8004", quote(m.Key)).WithSeverity(Info)
		return
	}
	if c.Detection.Foreign == "mcp" && obj == c.Root && mcpMember(m.Key) {
		// a card that also lists MCP servers: the same, for MCP's members
		c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field.mcp", quote(m.Key)).WithSeverity(Info)
		return
	}
	if c.full(codeUnknown, obj) {
		// already capped: count it without looking for the closest name
		// (a hostile object has tens of thousands of unknown members)
		c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field")
		return
	}
	if s, certain := suggest(object, m.Key, eras); s != "" {
		if certain && !obj.Has(s) && fieldRequired(object, s, eras) {
			return // the required-field finding names this member and renames it
		}
		if obj.Has(s) {
			if certain && toSnake(s) == m.Key {
				// ProtoJSON readers accept the proto field name as an
				// alias, so they see the same field twice and reject
				// the whole card.
				c.ReportAs(codeProtoDuplicate, m, c.Doc.KeyRange(m), "msg.field-proto-name-duplicate", quote(m.Key), quote(s)).
					WithFixText(i18n.T("fix.remove-member", jsonpos.Clip(m.Key, jsonpos.MaxQuoted)), removeMember(c, m))
				return
			}
			c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field.copy", quote(m.Key), object, quote(s))
			return
		}
		d := c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field.suggest", quote(m.Key), object, quote(s))
		if certain {
			d.WithFixText(i18n.T("fix.rename", s), c.RenameKey(m, s))
		} else {
			d.WithFixText(i18n.T("fix.rename-closest", s), c.RenameKey(m, s))
		}
		return
	}
	c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field", quote(m.Key), object)
}

// erc8004Member reports the top-level members of an ERC-8004 agent
// registration file that an Agent Card does not have.
// mcpMember names the top-level members by which card.Detect recognizes an
// MCP server description.
func mcpMember(k string) bool {
	switch k {
	case "mcpServers", "remotes", "packages", "serverInfo":
		return true
	}
	return false
}

func erc8004Member(k string) bool {
	switch k {
	case "type", "endpoints", "registrations", "supportedTrust", "image", "active", "x402support", "x402Support":
		return true
	}
	return false
}

// draftExtendedCardFlag reports supportsExtendedAgentCard, the name a
// pre-1.0 draft gave the flag that 1.0 moved to
// capabilities.extendedAgentCard (Appendix A.2.2). No released version
// has it: 0.2/0.3 call it supportsAuthenticatedExtendedCard. Neither
// official SDK reads it, so the extended card looks unavailable.
func (w walker) draftExtendedCardFlag(obj, m *jsonpos.Node, eras card.Eras) {
	c := w.c
	if eras&card.V10 == 0 {
		d := c.ReportAs(codeUnknown, m, c.Doc.KeyRange(m), "msg.unknown-field.draft-extended-card")
		if !obj.Has("supportsAuthenticatedExtendedCard") {
			d.WithFixText(i18n.T("fix.rename", "supportsAuthenticatedExtendedCard"), c.RenameKey(m, "supportsAuthenticatedExtendedCard"))
		}
		return
	}
	d := c.ReportAs(codeLegacyField, m, c.Doc.KeyRange(m), "msg.legacy-field.draft-extended-card")
	raw := string(c.Doc.Src[m.Start:m.End])
	caps := obj.Get("capabilities")
	switch {
	case caps == nil:
		d.WithFixText(i18n.T("fix.move-to", "capabilities.extendedAgentCard"), c.Doc.Edit(m.KeyStart, m.End, `"capabilities": {"extendedAgentCard": `+raw+`}`))
	case caps.Kind == jsonpos.Object && !caps.Has("extendedAgentCard"):
		at, text := caps.Start+1, `"extendedAgentCard": `+raw
		if len(caps.Children) > 0 {
			at, text = caps.Children[len(caps.Children)-1].End, ", "+text
		}
		d.WithFixText(i18n.T("fix.move-to", "capabilities.extendedAgentCard"), c.Doc.Edit(at, at, text), removeMember(c, m))
	}
}

func isPlainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// suggest finds the catalogue name a misspelt member most likely meant. A
// snake_case, kebab-case or case-only variant is certain; otherwise it is
// card.Closest's guess among the names of the object in these eras.
func suggest(object, key string, eras card.Eras) (string, bool) {
	camel := toCamel(key)
	var names []string
	for _, f := range card.ObjectFields(object) {
		if f.In&eras == 0 {
			continue
		}
		if len(camel) == len(f.Name) && strings.EqualFold(f.Name, camel) {
			return f.Name, true
		}
		names = append(names, f.Name)
	}
	return card.Closest(key, names), false
}

// toSnake is the proto field name of a camelCase JSON name.
func toSnake(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsUpper(r) {
			b.WriteByte('_')
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func toCamel(s string) string {
	var b strings.Builder
	up := false
	for _, r := range s {
		if r == '_' || r == '-' || r == ' ' {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// securityScheme checks one securitySchemes entry. A 1.0 scheme is a
// wrapper with exactly one member; a 0.2/0.3 scheme is discriminated by
// "type". The security rules report shape problems; here only the members
// are type-checked.
func (w walker) securityScheme(n *jsonpos.Node, eras card.Eras) {
	if n.Has("type") {
		if eras&card.Legacy == 0 {
			return // a legacy shape in a 1.0 card: security rules explain it
		}
		// a mixed card's scheme may carry both shapes: the 0.3 members
		// here, the 1.0 wrapper below.
		w.object(n, "LegacySecurityScheme", card.Legacy)
	}
	for _, m := range n.Children {
		f := card.Lookup("SecurityScheme", m.Key, card.V10)
		if f == nil {
			continue // security rules report unknown wrapper keys
		}
		w.value(m, f.Type, card.V10, f, "SecurityScheme")
	}
}

// quote is the quoter of every lint message and fix title
// (jsonpos.QuoteClipped: a JSON string literal, clipped to
// jsonpos.MaxQuoted bytes at a character boundary).
func quote(s string) string { return jsonpos.QuoteClipped(s) }

// removeMember deletes a member and the comma that separates it.
func removeMember(c *Context, m *jsonpos.Node) Edit {
	src := c.Doc.Src
	start, end := m.KeyStart, m.End
	if !m.IsMember() {
		start = m.Start
	}
	// swallow a following comma and spaces, or else a preceding comma
	j := end
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j < len(src) && src[j] == ',' {
		j++
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
			j++
		}
		return c.Doc.Edit(start, j, "")
	}
	i := start
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	if i > 0 && src[i-1] == ',' {
		return c.Doc.Edit(i-1, end, "")
	}
	return c.Doc.Edit(start, end, "")
}

// RemoveMember is an edit that deletes a member with its separator.
func (c *Context) RemoveMember(m *jsonpos.Node) Edit { return removeMember(c, m) }

// emptySeverity lowers required-field-empty to a warning where the field
// is required only by a 0.2/0.3 schema: those versions require the member
// but say nothing about its being non-empty (no minItems, no minLength);
// the non-empty rule is 1.0 §5.7's.
func emptySeverity(d *Diagnostic, f *card.Field, eras card.Eras) {
	if f.Required&eras&card.V10 == 0 {
		d.WithSeverity(Warning)
	}
}
