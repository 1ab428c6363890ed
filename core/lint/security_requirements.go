package lint

import (
	"slices"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Security requirement rules: the requirements (1.0 securityRequirements
// and 0.3 security, on the card and on skills) refer to schemes by name and
// ask for scopes; these rules check that the names and scopes exist and
// that 1.0 requirements have the 1.0 shape. The schemes themselves are
// checked in security_schemes.go.
const (
	codeRequirementUndefined = "security-requirement-undefined"
	codeRequirementLegacy    = "security-requirement-legacy-shape"
	codeScopeUndeclared      = "security-scope-undeclared"
)

func securityRequirementRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeRequirementUndefined, Severity: Error, Topic: "security", Title: "Security requirement names an undefined scheme",
			Explanation: "A requirement refers to a scheme by its name in securitySchemes. When no scheme has that name, the requirement cannot be met: a2a-go's auth interceptor skips the name and sends no credential for it, and a typo here locks callers out.",
			HowToFix:    "Use the exact name of a scheme in securitySchemes (names are case-sensitive), or add the missing scheme.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's auth interceptor skips names absent from securitySchemes and sends no credential for them, so the requirement can never be met; 0.2/0.3 cards adopt OpenAPI's rule that each name MUST match a declared scheme."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.5", Title: "AgentCard Object Structure", URL: "https://a2a-protocol.org/v0.3.0/specification/#55-agentcard-object-structure"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/auth.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/auth.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-requirement-undefined", Text: "the requirement names the scheme %s, which securitySchemes does not define (it defines %s)"},
				{ID: "msg.security-requirement-undefined.suggest", Text: "the requirement names the scheme %s, which securitySchemes does not define. Did you mean %s?"},
				{ID: "msg.security-requirement-undefined.no-schemes", Text: "the requirement names the scheme %s, but the card declares no securitySchemes"},
			},
			Bad:  `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"oauth": {"list": []}}}]`,
			Good: `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`}, Check: checkRequirementUndefined},
		&Rule{Rule: diag.Rule{Code: codeRequirementLegacy, Severity: Error, Topic: "security", Title: "Security requirement in the 0.3 shape",
			Explanation: "In 1.0 a requirement is {\"schemes\": {NAME: {\"list\": [scopes]}}}. The 0.3 shape {NAME: [scopes]} put inside securityRequirements has no schemes member: a2a-go and a2a-js read it as a requirement naming no scheme at all, so nothing tells them to authenticate.",
			HowToFix:    "Wrap the entry: {\"schemes\": {NAME: {\"list\": [scopes]}}}.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go reads a 0.3-shaped entry inside securityRequirements as a requirement naming no scheme."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2a/auth.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2a/auth.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-requirement-legacy-shape", Text: "requirement %s is in the 0.3 shape {NAME: [scopes]}; in securityRequirements 1.0 clients read only \"schemes\", so they see no scheme here and assume none is needed"},
			},
			Bad:  `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"bearer": []}]`,
			Good: `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`}, Check: checkRequirementLegacyShape},
		&Rule{Rule: diag.Rule{Code: codeScopeUndeclared, Severity: Warning, Topic: "security", Title: "Required scope is not declared by the scheme",
			Explanation: "A requirement on an OAuth 2.0 scheme lists the scopes a token needs. The flow's `scopes` are the scopes the agent documents; a scope that appears only in the requirement is one the card does not describe, which usually means a spelling mistake in one of the two places, and tokens issued for the documented scope are then refused.",
			HowToFix:    "Add the scope, with a short description, to the `scopes` of the scheme's flow, or correct its spelling in the requirement.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.5.8", Title: "AuthorizationCodeOAuthFlow", URL: "https://a2a-protocol.org/v1.0.0/specification/#458-authorizationcodeoauthflow"},
			},
			Messages: []diag.Message{
				{ID: "msg.security-scope-undeclared", Text: "scope %s is required from %s, whose flows do not declare it (they declare %s)"},
				{ID: "msg.security-scope-undeclared.suggest", Text: "scope %s is required from %s, whose flows do not declare it. Did you mean %s?"},
				{ID: "msg.security-scope-undeclared.no-scopes", Text: "scope %s is required from %s, whose flows declare no scopes"},
			},
			Bad:  `"securitySchemes": {"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {"invoices:read": "Read invoices"}}}}}}, "securityRequirements": [{"schemes": {"staff": {"list": ["invoices:write"]}}}]`,
			Good: `"securitySchemes": {"staff": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://login.example.com/token", "scopes": {"invoices:read": "Read invoices"}}}}}}, "securityRequirements": [{"schemes": {"staff": {"list": ["invoices:read"]}}}]`}, Check: checkScopeUndeclared},
	}
}

// secRequirement is one scheme reference: the member whose key names the
// scheme, and the scope strings it asks for.
type secRequirement struct {
	Ref    *jsonpos.Node
	Scopes []*jsonpos.Node
}

// securityRequirements collects every reference to a scheme: 1.0
// securityRequirements (card and skills) and 0.3 security (card and
// skills).
//
// It is read once per run; callers must not modify what it returns.
func securityRequirements(c *Context) []secRequirement {
	if !c.reqsDone {
		c.reqs, c.reqsDone = readSecurityRequirements(c), true
	}
	return c.reqs
}

func readSecurityRequirements(c *Context) []secRequirement {
	var out []secRequirement
	collect := func(owner *jsonpos.Node) {
		if sr := owner.Get("securityRequirements"); sr != nil && sr.Kind == jsonpos.Array {
			for _, e := range sr.Children {
				schemes := e.Get("schemes")
				if schemes == nil || schemes.Kind != jsonpos.Object {
					continue
				}
				for _, m := range schemes.Children {
					out = append(out, secRequirement{Ref: m, Scopes: stringElems(m.Get("list"))})
				}
			}
		}
		if sec := owner.Get("security"); sec != nil && sec.Kind == jsonpos.Array {
			for _, e := range sec.Children {
				if e.Kind != jsonpos.Object {
					continue
				}
				for _, m := range e.Children {
					out = append(out, secRequirement{Ref: m, Scopes: stringElems(m)})
				}
			}
		}
	}
	collect(c.Root)
	for _, sk := range skillObjects(c) {
		collect(sk)
	}
	return out
}

func stringElems(n *jsonpos.Node) []*jsonpos.Node {
	if n == nil || n.Kind != jsonpos.Array {
		return nil
	}
	var out []*jsonpos.Node
	for _, e := range n.Children {
		if e.Kind == jsonpos.String {
			out = append(out, e)
		}
	}
	return out
}

// checkRequirementLegacyShape finds 0.3-style entries ({NAME: [scopes]})
// inside 1.0 securityRequirements, on the card and on skills.
func checkRequirementLegacyShape(c *Context) {
	owners := append([]*jsonpos.Node{c.Root}, skillObjects(c)...)
	for _, owner := range owners {
		sr := owner.Get("securityRequirements")
		if sr == nil || sr.Kind != jsonpos.Array {
			continue
		}
		for _, e := range sr.Children {
			if e.Kind != jsonpos.Object || e.Has("schemes") || len(e.Children) == 0 {
				continue
			}
			var parts []string
			convertible := true
			for _, m := range e.Children {
				if m.Kind != jsonpos.Array {
					convertible = false
					break
				}
				parts = append(parts, jsonpos.Quote(m.Key)+`: {"list": `+string(c.Doc.Src[m.Start:m.End])+`}`)
			}
			if !convertible {
				continue
			}
			for i, m := range e.Children {
				d := c.ReportKey(m, "msg.security-requirement-legacy-shape", quote(m.Key))
				if i == 0 {
					d.WithFix("fix.wrap-requirement", c.Replace(e, `{"schemes": {`+strings.Join(parts, ", ")+`}}`))
				}
			}
		}
	}
}

func checkRequirementUndefined(c *Context) {
	reqs := securityRequirements(c)
	if len(reqs) == 0 {
		return
	}
	defined := map[string]bool{}
	var names []string
	if ss := c.Root.Get("securitySchemes"); ss != nil && ss.Kind == jsonpos.Object {
		for _, m := range ss.Children {
			if !defined[m.Key] {
				defined[m.Key] = true
				names = append(names, m.Key)
			}
		}
	}
	for _, r := range reqs {
		name := r.Ref.Key
		if defined[name] {
			continue
		}
		if len(names) == 0 {
			c.ReportKey(r.Ref, "msg.security-requirement-undefined.no-schemes", quote(name))
			continue
		}
		if sug := card.Closest(name, names); sug != "" {
			c.ReportKey(r.Ref, "msg.security-requirement-undefined.suggest", quote(name), quote(sug)).
				WithFixText(i18n.T("fix.rename", sug), c.RenameKey(r.Ref, sug))
			continue
		}
		c.ReportKey(r.Ref, "msg.security-requirement-undefined", quote(name), quotedList(names, 5))
	}
}

// quotedList quotes at most max names, then counts the rest (listMore).
func quotedList(names []string, max int) any {
	q := make([]string, 0, min(len(names), max))
	for _, n := range names[:min(len(names), max)] {
		q = append(q, quote(n))
	}
	if len(names) > max {
		return i18n.T("phrase.list.more", strings.Join(q, ", "), len(names)-max)
	}
	return strings.Join(q, ", ")
}

func checkScopeUndeclared(c *Context) {
	reqs := securityRequirements(c)
	if len(reqs) == 0 {
		return
	}
	declared := map[string][]string{} // scheme name → scopes, for oauth2 schemes with scopes
	for _, s := range securitySchemes(c) {
		if _, done := declared[s.Name]; done {
			continue
		}
		var scopes []string
		hasScopes := false
		for _, v := range s.views() {
			if v.Kind != "oauth2" {
				continue
			}
			flows := v.Inner.Get("flows")
			if flows == nil || flows.Kind != jsonpos.Object {
				continue
			}
			for _, f := range flows.Children {
				if sc := f.Get("scopes"); sc != nil && sc.Kind == jsonpos.Object {
					hasScopes = true
					for _, m := range sc.Children {
						scopes = append(scopes, m.Key)
					}
				}
			}
		}
		if hasScopes {
			declared[s.Name] = scopes
		}
	}
	for _, r := range reqs {
		scopes, ok := declared[r.Ref.Key]
		if !ok {
			continue
		}
		for _, sc := range r.Scopes {
			if slices.Contains(scopes, sc.Str) {
				continue
			}
			if len(scopes) == 0 {
				c.Report(sc, "msg.security-scope-undeclared.no-scopes", quote(sc.Str), schemeLabel(r.Ref.Key))
				continue
			}
			if sug := card.Closest(sc.Str, scopes); sug != "" {
				c.Report(sc, "msg.security-scope-undeclared.suggest", quote(sc.Str), schemeLabel(r.Ref.Key), quote(sug)).
					WithFixText(i18n.T("fix.use", quote(sug)), c.Replace(sc, jsonpos.Quote(sug)))
				continue
			}
			c.Report(sc, "msg.security-scope-undeclared", quote(sc.Str), schemeLabel(r.Ref.Key), quotedList(scopes, 6))
		}
	}
}
