package lint

import (
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/selection"
)

// The sdks topic: what an official SDK does with a card that the
// specification allows. Its findings never block a publishing check: the
// card is right; they say which clients cannot use it yet, and what the
// people who run those clients can do.
const codeSDKUnreadable = "sdk-card-unreadable"

func sdkRules() []*Rule {
	return []*Rule{{Rule: diag.Rule{Code: codeSDKUnreadable, Severity: Warning, Topic: "sdks", Title: "An official SDK cannot read this card",
		Explanation: "The card follows the specification here, and yet a2a-go v2.4.0's card reader refuses the whole card, so a client built on it cannot use the agent: it expects each scheme's scopes in securityRequirements as a bare list ({\"bearer\": [\"read\"]}) where the specification writes {\"bearer\": {\"list\": [\"read\"]}} (a2a-go issue #430). A bare list is no way out: it is not the specification's shape, and a2a-python v1.1.0 and a2a-js v1.3.0 read it without an error but lose the scopes, seeing the scheme with none (a2a-python's ParseDict measured with protobuf 3.21.12).",
		HowToFix:    "Keep the specification's shape. Callers that use a2a-go can read the card with their own parser until the SDK is fixed: a resolver whose CardParser decodes with protojson into a2apb/v1's AgentCard and converts it with pbconv.FromProtoAgentCard reads it. agentcard select --sdk all shows the compatibility matrix.",
		Basis:       Basis{Kind: BasisSDK, Note: "a2a-go v2.4.0's default card parser (agentcard.DefaultCardParser: encoding/json into a2a.AgentCard) reads a requirement's scopes into a2a.SecuritySchemeScopes, a []string, and fails on the specification's StringList object."},
		Refs: []diag.Ref{
			{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
			{Doc: "A2A", Version: "1.0", Section: "4.5.1", Title: "SecurityScheme", URL: "https://a2a-protocol.org/v1.0.0/specification/#451-securityscheme"},
			{Doc: "a2a-go", Version: "v2.4.0", Section: "a2a/auth.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2a/auth.go"},
			{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/agentcard/resolver.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/agentcard/resolver.go"},
		},
		Messages: []diag.Message{
			{ID: "msg.sdk-card-unreadable", Text: "%s %s cannot read this card: %s (upstream: %s). The card is right per the specification here; %d places of it have this shape"},
			{ID: "msg.sdk-card-unreadable.one", Text: "%s %s cannot read this card: %s (upstream: %s). The card is right per the specification here; %d place of it has this shape"},
		},
		Bad:  `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`,
		Good: `"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}`}, Check: checkSDKUnreadable}}
}

// checkSDKUnreadable reports each SDK whose reader refuses a part of the
// card that is right per the specification (selection.SpecShapedRefusals),
// once per SDK, on the first such place.
func checkSDKUnreadable(c *Context) {
	if !c.Is10() {
		return
	}
	for _, r := range selection.SpecShapedRefusals(c.Root) {
		var issue any = i18n.Phrase("phrase.sdk-card-unreadable.no-issue")
		if r.Issue != "" {
			issue = r.Issue
		}
		c.Report(r.Node, "msg.sdk-card-unreadable", string(r.SDK), r.SDK.Release(), r.Text, issue, r.Places)
	}
}
