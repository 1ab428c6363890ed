package lint

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Capability rules. Non-boolean flags and a capabilities array are
// wrong-type findings; a missing extension uri is a required-field finding.
const (
	codeExtendedCardNoSecurity = "extended-card-without-security"
	codeExtensionURIInvalid    = "extension-uri-invalid"
	codeExtensionDuplicate     = "extension-duplicate"
	codeExtensionRequired      = "extension-required"
)

func init() {
	Register(
		&Rule{Code: codeExtendedCardNoSecurity, Severity: Warning, Topic: "capabilities", Title: "Extended card offered without any security scheme",
			Explanation: "The extended card is served only to authenticated clients, and they authenticate with the schemes the public card declares. With no securitySchemes, clients cannot know how to get it, and a server that hands it out without authentication exposes what was meant to be private.",
			HowToFix:    "Declare the scheme clients use to fetch the extended card in securitySchemes (and securityRequirements), or set the flag to false.",
			Spec:        "§5.5; §7.1",
			Bad:         `"capabilities": {"extendedAgentCard": true}`,
			Good:        `"capabilities": {"extendedAgentCard": true}, "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`,
			Check:       checkExtendedCardNoSecurity},
		&Rule{Code: codeExtensionURIInvalid, Severity: Error, Topic: "capabilities", Title: "Extension uri is not an absolute URI",
			Explanation: "An extension is identified by its uri: clients compare it with the extensions they implement and send it back when they activate one. A bare name or a relative path is not a global identifier, so two unrelated extensions could collide and clients cannot match it reliably.",
			HowToFix:    "Use an absolute URI you control, usually the URL of the extension's specification, such as https://example.com/a2a/ext/cost-estimate/v1.",
			Spec:        "§5.5; §9",
			Bad:         `"capabilities": {"extensions": [{"uri": "cost-estimate"}]}`,
			Good:        `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/a2a/ext/cost-estimate/v1"}]}`,
			Check:       checkExtensionURIInvalid},
		&Rule{Code: codeExtensionDuplicate, Severity: Warning, Topic: "capabilities", Title: "Extension declared twice",
			Explanation: "Two entries of capabilities.extensions have the same uri. Clients keep one of them, so the other entry's description, required flag and params are silently lost.",
			HowToFix:    "Merge the two entries into one.",
			Spec:        "§9",
			Bad:         `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1"}, {"uri": "https://invoices.example.com/ext/audit/v1", "required": true}]}`,
			Good:        `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1", "required": true}]}`,
			Check:       checkExtensionDuplicate},
		&Rule{Code: codeExtensionRequired, Severity: Info, Topic: "capabilities", Title: "Extension is required",
			Explanation: "A required extension must be understood by every client: the agent refuses requests that do not activate it (ExtensionSupportRequiredError). Generic clients do not implement custom extensions, so they cannot use this agent at all.",
			HowToFix:    "Keep required: true only if the agent truly cannot work without the extension; otherwise make it optional.",
			Spec:        "§9",
			Bad:         `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1", "required": true}]}`,
			Good:        `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1", "required": false}]}`,
			Check:       checkExtensionRequired},
	)
}

func hasSecuritySchemes(root *jsonpos.Node) bool {
	s := root.Get("securitySchemes")
	return s != nil && s.Kind == jsonpos.Object && len(s.Children) > 0
}

func checkExtendedCardNoSecurity(c *Context) {
	if hasSecuritySchemes(c.Root) {
		return
	}
	for _, f := range []struct {
		n     *jsonpos.Node
		label string
	}{
		{c.Root.Get("capabilities").Get("extendedAgentCard"), "capabilities.extendedAgentCard"},
		{c.Root.Get("supportsAuthenticatedExtendedCard"), "supportsAuthenticatedExtendedCard"},
	} {
		if f.n == nil || f.n.Kind != jsonpos.Bool || !f.n.Bool {
			continue
		}
		c.ReportMember(f.n, "%s is true, but the card declares no securitySchemes: clients cannot tell how to authenticate to fetch the extended card", f.label)
	}
}

// extensions returns the extension objects of the card.
func extensions(root *jsonpos.Node) []*jsonpos.Node {
	ex := root.Get("capabilities").Get("extensions")
	if ex == nil || ex.Kind != jsonpos.Array {
		return nil
	}
	var out []*jsonpos.Node
	for _, e := range ex.Children {
		if e.Kind == jsonpos.Object {
			out = append(out, e)
		}
	}
	return out
}

func extLabel(e *jsonpos.Node) string {
	return "capabilities.extensions[" + strconv.Itoa(e.Index) + "].uri"
}

func checkExtensionURIInvalid(c *Context) {
	for _, e := range extensions(c.Root) {
		u := e.Get("uri")
		if u == nil || u.Kind != jsonpos.String || strings.TrimSpace(u.Str) == "" {
			continue // structure: required-field, wrong-type, required-field-empty
		}
		if p := findPlaceholder(u.Str); p != "" {
			c.Report(u, "%s %s contains the unfilled placeholder %s; an extension needs its real, stable URI", extLabel(e), quote(u.Str), quote(p))
			continue
		}
		if !isAbsoluteURI(u.Str) {
			c.Report(u, "%s %s is not an absolute URI; extensions are identified by a URI such as https://example.com/ext/name/v1", extLabel(e), quote(u.Str))
		}
	}
}

func checkExtensionDuplicate(c *Context) {
	seen := map[string]*jsonpos.Node{}
	for _, e := range extensions(c.Root) {
		u := e.Get("uri")
		if u == nil || u.Kind != jsonpos.String || strings.TrimSpace(u.Str) == "" {
			continue
		}
		if prev, ok := seen[u.Str]; ok {
			c.Report(u, "%s %s is already declared by capabilities.extensions[%d]; clients keep only one of the two entries", extLabel(e), quote(u.Str), prev.Index)
			continue
		}
		seen[u.Str] = e
	}
}

func checkExtensionRequired(c *Context) {
	for _, e := range extensions(c.Root) {
		r := e.Get("required")
		if r == nil || r.Kind != jsonpos.Bool || !r.Bool {
			continue
		}
		uri := e.Get("uri").Text()
		c.ReportMember(r, "extension %s is required: clients that do not implement it cannot use this agent at all", quote(uri))
	}
}
