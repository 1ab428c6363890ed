package signature

import (
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// signatureCodes: the rule each verification outcome is a finding of.
// alg-refused and malformed repeat what the shape rules report
// (signature-alg-none, signature-protected-invalid, signature-encoding),
// so they add no finding.
var signatureCodes = map[Outcome]string{
	Verified:       lint.CodeSignatureVerified,
	Invalid:        lint.CodeSignatureInvalid,
	KeyUnavailable: lint.CodeSignatureKeyUnavailable,
}

// Diagnostics turns the verification of each signature into a
// finding placed on that signature (signatures[i]), with the verifier's
// message as data.
func Diagnostics(doc *jsonpos.Doc, rep *Report) []lint.Diagnostic {
	var sigs *jsonpos.Node
	if doc != nil && doc.Root != nil {
		sigs = doc.Root.Get("signatures")
	}
	var out []lint.Diagnostic
	for _, r := range rep.Results {
		code, ok := signatureCodes[r.Outcome]
		rule := lint.RuleFor(code)
		if !ok || rule == nil {
			continue
		}
		d := lint.Diagnostic{Code: code, Severity: rule.Severity, MessageID: r.Text.ID, Args: r.Text.Args,
			Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(r.Text), lint.MaxMessage), URL: lint.RuleURL(code),
			Range: lint.Range{Start: lint.Position{Line: 1, Column: 1}, End: lint.Position{Line: 1, Column: 1}}}
		if sigs != nil && sigs.Kind == jsonpos.Array && r.Index < len(sigs.Children) {
			n := sigs.Children[r.Index]
			d.Pointer, d.Range = n.BoundedPointer(), doc.Range(n)
		}
		out = append(out, d)
	}
	return out
}
