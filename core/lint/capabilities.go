package lint

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Capability rules. Non-boolean flags and a capabilities array are
// wrong-type findings; a missing extension uri is a required-field finding.
const (
	codeExtendedCardNoSecurity = "extended-card-without-security"
	codeExtensionURIInvalid    = "extension-uri-invalid"
	codeExtensionDuplicate     = "extension-duplicate"
	codeExtensionRequired      = "extension-required"
	codeExtensionUnversioned   = "extension-uri-unversioned"
)

func capabilityRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeExtendedCardNoSecurity, Severity: Error, Topic: "capabilities", Title: "Extended card offered without any security scheme",
			Explanation: "The specification requires the extended card to be fetched with authentication, using one of the schemes the public card declares (§3.1.11, §13.3; 0.2/0.3: §7.10). With no securitySchemes that requirement cannot be met: nobody can know how to authenticate, and a server that hands the card out anyway exposes what was meant to be private.",
			HowToFix:    "Declare, in securitySchemes (and securityRequirements), the scheme used to fetch the extended card, or set the flag to false.",
			Basis:       Basis{Kind: BasisMust, Note: "The extended card MUST be fetched with authentication using a scheme the public card declares (§3.1.11, §13.3); with none declared that cannot happen."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.11", Title: "Get Extended Agent Card", URL: "https://a2a-protocol.org/v1.0.0/specification/#3111-get-extended-agent-card"},
				{Doc: "A2A", Version: "1.0", Section: "13.3", Title: "Extended Agent Card Access Control", URL: "https://a2a-protocol.org/v1.0.0/specification/#133-extended-agent-card-access-control"},
				{Doc: "A2A", Version: "0.3.0", Section: "7.10", Title: "agent/getAuthenticatedExtendedCard", URL: "https://a2a-protocol.org/v0.3.0/specification/#710-agentgetauthenticatedextendedcard"},
			},
			Messages: []diag.Message{
				{ID: "msg.extended-card-without-security", Text: "%s is true, but the card declares no securitySchemes: clients cannot tell how to authenticate to fetch the extended card"},
			},
			Bad:  `"capabilities": {"extendedAgentCard": true}`,
			Good: `"capabilities": {"extendedAgentCard": true}, "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`}, Check: checkExtendedCardNoSecurity},
		&Rule{Rule: diag.Rule{Code: codeExtensionURIInvalid, Severity: Warning, Topic: "capabilities", Title: "Extension uri is not an absolute URI",
			Explanation: "An extension is identified by its uri (§4.4.4), and a client activates one by sending that uri back (the A2A-Extensions header, §14.2.2). A bare name or a relative path is not a global identifier, so two unrelated extensions could collide and nobody can match it reliably.",
			HowToFix:    "Use an absolute URI you control, usually the URL of the extension's specification, such as https://example.com/a2a/ext/cost-estimate/v1.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "The proto calls uri the unique URI of the extension, without a MUST; it is compared as a string, so a non-URI identity is easily confused."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.4", Title: "AgentExtension", URL: "https://a2a-protocol.org/v1.0.0/specification/#444-agentextension"},
				{Doc: "A2A", Version: "1.0", Section: "4.6.3", Title: "Extension Versioning and Compatibility", URL: "https://a2a-protocol.org/v1.0.0/specification/#463-extension-versioning-and-compatibility"},
				{Doc: "A2A", Version: "1.0", Section: "14.2.2", Title: "A2A-Extensions Header", URL: "https://a2a-protocol.org/v1.0.0/specification/#1422-a2a-extensions-header"},
			},
			Messages: []diag.Message{
				{ID: "msg.extension-uri-invalid", Text: "%s %s is not an absolute URI; extensions are identified by a URI such as https://example.com/ext/name/v1"},
				{ID: "msg.extension-uri-invalid.placeholder", Text: "%s %s contains the unfilled placeholder %s; an extension needs its real, stable URI"},
			},
			Bad:  `"capabilities": {"extensions": [{"uri": "cost-estimate"}]}`,
			Good: `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/a2a/ext/cost-estimate/v1"}]}`}, Check: checkExtensionURIInvalid},
		&Rule{Rule: diag.Rule{Code: codeExtensionDuplicate, Severity: Warning, Topic: "capabilities", Title: "Extension declared twice",
			Explanation: "Two entries of capabilities.extensions have the same uri. Nothing in the specification says which entry's description, required flag and params hold, so two readers of the card may settle it differently.",
			HowToFix:    "Merge the two entries into one.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "Two declarations of one extension leave every reader to guess which settings hold; the specification has no rule for it."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.4", Title: "AgentExtension", URL: "https://a2a-protocol.org/v1.0.0/specification/#444-agentextension"},
				{Doc: "A2A", Version: "1.0", Section: "4.6.1", Title: "Extension Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#461-extension-declaration"},
			},
			Messages: []diag.Message{
				{ID: "msg.extension-duplicate", Text: "%s %s is already declared by capabilities.extensions[%d]; which entry's settings hold is left to each client"},
			},
			Bad:  `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1"}, {"uri": "https://invoices.example.com/ext/audit/v1", "required": true}]}`,
			Good: `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1", "required": true}]}`}, Check: checkExtensionDuplicate},
		&Rule{Rule: diag.Rule{Code: codeExtensionUnversioned, Severity: Warning, Topic: "capabilities", Title: "Extension uri carries no version",
			Explanation: "Extension URIs should include version information, and a breaking change must get a new URI (§4.6.3). A URI without any version gives the extension's author no way to change it without breaking everything that uses it. This is a warning on 1.0 cards and a note on 0.2/0.3 cards, whose specification text does not say it. Only URIs with no digit at all after the host are reported, so a version in any form (v1, 1.0, 2025-06-01) passes.",
			HowToFix:    "Put the version in the URI, usually as the last path segment: https://example.com/ext/geolocation/v1.",
			Basis:       Basis{Kind: BasisShould, Note: "§4.6.3: extensions SHOULD include version information in their URI, and breaking changes MUST get a new URI."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.6.3", Title: "Extension Versioning and Compatibility", URL: "https://a2a-protocol.org/v1.0.0/specification/#463-extension-versioning-and-compatibility"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.4", Title: "AgentExtension", URL: "https://a2a-protocol.org/v1.0.0/specification/#444-agentextension"},
			},
			Messages: []diag.Message{
				{ID: "msg.extension-uri-unversioned", Text: "%s %s has no version; extension URIs should carry one (for example a /v1 segment), so that a breaking change can get a new URI"},
			},
			Bad:  `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/geolocation"}]}`,
			Good: `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/geolocation/v1"}]}`}, Check: checkExtensionUnversioned},
		&Rule{Rule: diag.Rule{Code: codeExtensionRequired, Severity: Info, Topic: "capabilities", Title: "Extension is required",
			Explanation: "A required extension must be understood by whoever calls: under §3.3.4 the agent refuses requests that do not activate it (ExtensionSupportRequiredError), so a client that does not implement this extension cannot use the agent at all.",
			HowToFix:    "Keep required: true only if the agent truly cannot work without the extension; otherwise make it optional.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.4", Title: "AgentExtension", URL: "https://a2a-protocol.org/v1.0.0/specification/#444-agentextension"},
				{Doc: "A2A", Version: "1.0", Section: "3.3.4", Title: "Capability Validation", URL: "https://a2a-protocol.org/v1.0.0/specification/#334-capability-validation"},
			},
			Messages: []diag.Message{
				{ID: "msg.extension-required", Text: "extension %s is required: clients that do not implement it cannot use this agent at all"},
			},
			Bad:  `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1", "required": true}]}`,
			Good: `"capabilities": {"extensions": [{"uri": "https://invoices.example.com/ext/audit/v1", "required": false}]}`}, Check: checkExtensionRequired},
	}
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
		c.ReportMember(f.n, "msg.extended-card-without-security", f.label)
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
			c.Report(u, "msg.extension-uri-invalid.placeholder", extLabel(e), quote(u.Str), quote(p))
			continue
		}
		if !isAbsoluteURI(u.Str) {
			c.Report(u, "msg.extension-uri-invalid", extLabel(e), quote(u.Str))
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
			c.Report(u, "msg.extension-duplicate", extLabel(e), quote(u.Str), prev.Index)
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
		c.ReportMember(r, "msg.extension-required", quote(uri))
	}
}

// checkExtensionUnversioned reports absolute extension URIs with no digit
// after the authority: whatever a version looks like (v1, 1.0, a date), it
// has a digit, so this never flags a versioned URI.
func checkExtensionUnversioned(c *Context) {
	for _, e := range extensions(c.Root) {
		u := e.Get("uri")
		if u == nil || u.Kind != jsonpos.String || !isAbsoluteURI(u.Str) || findPlaceholder(u.Str) != "" {
			continue // not a URI: extension-uri-invalid speaks
		}
		if strings.ContainsAny(uriAfterAuthority(u.Str), "0123456789") {
			continue
		}
		d := c.Report(u, "msg.extension-uri-unversioned", extLabel(e), quote(u.Str))
		if c.IsLegacy() {
			d.WithSeverity(Info)
		}
	}
}

// uriAfterAuthority is the part of a URI after "scheme://host[:port]", or
// after "scheme:" for URIs without an authority (urn:...).
func uriAfterAuthority(s string) string {
	i := strings.Index(s, ":")
	if i < 0 {
		return s
	}
	rest := s[i+1:]
	if !strings.HasPrefix(rest, "//") {
		return rest
	}
	rest = rest[2:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		return rest[j:]
	}
	return ""
}
