package signature

import (
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// codeOf is the rule a verification result is a finding of. A refused
// alg and the malformed shapes repeat what lint's shape rules report from
// the card alone (signature-alg-none, signature-unverifiable for an HMAC
// or unknown alg and any crit, signature-protected-invalid,
// signature-encoding, signature-header-incomplete), so they add none:
// lint reports them offline too (issue 36, N12), and once.
func codeOf(r Result) string {
	switch r.Outcome {
	case Verified:
		return diag.CodeSignatureVerified
	case SelfPublished:
		return diag.CodeSignatureSelfPublished
	case Invalid:
		return diag.CodeSignatureInvalid
	case KeyUnavailable:
		return diag.CodeSignatureKeyUnavailable
	case NotChecked:
		return diag.CodeSignatureUnchecked
	}
	return ""
}

// Diagnostics turns the verification of each signature into a finding
// placed on that signature (signatures[i]), with the verifier's message
// as data; and, on the signatures member, a finding when signatures went
// unchecked and when the operator supplied keys and none of them
// verifies any signature (signature-untrusted).
func Diagnostics(doc *jsonpos.Doc, rep *Report) []diag.Diagnostic {
	if rep == nil {
		return nil
	}
	var sigs *jsonpos.Node
	if doc != nil && doc.Root != nil && doc.Root.Kind == jsonpos.Object {
		sigs = doc.Root.Get("signatures")
	}
	var out []diag.Diagnostic
	verified := false
	for _, r := range rep.Results {
		verified = verified || r.Outcome == Verified
		var at *jsonpos.Node
		if sigs != nil && sigs.Kind == jsonpos.Array && r.Index < len(sigs.Children) {
			at = sigs.Children[r.Index]
		}
		if d, ok := finding(doc, at, codeOf(r), r.Text); ok {
			out = append(out, d)
		}
	}
	if rep.Unchecked > 0 {
		if d, ok := finding(doc, sigs, diag.CodeSignatureUnchecked, i18n.T("msg.signature-not-checked.count", rep.Unchecked, MaxSignatures)); ok {
			out = append(out, d)
		}
	}
	if rep.Supplied > 0 && len(rep.Results) > 0 && !verified {
		if d, ok := finding(doc, sigs, diag.CodeSignatureUntrusted, i18n.T("msg.signature-untrusted", len(rep.Results), rep.Supplied)); ok {
			out = append(out, d)
		}
	}
	return out
}

// finding is a finding of code placed on n (the document's start when n
// is nil).
func finding(doc *jsonpos.Doc, n *jsonpos.Node, code string, t i18n.Text) (diag.Diagnostic, bool) {
	_, sev, ok := diag.CheckedElsewhere(code)
	if code == "" || !ok {
		return diag.Diagnostic{}, false
	}
	d := diag.Diagnostic{Code: code, Severity: sev, MessageID: t.ID, Args: t.Args,
		Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(t), diag.MaxMessage), URL: diag.RuleURL(code),
		Range: diag.Range{Start: diag.Position{Line: 1, Column: 1}, End: diag.Position{Line: 1, Column: 1}}}
	if n != nil && doc != nil {
		d.Pointer, d.Range = n.BoundedPointer(), doc.Range(n)
	}
	return d, true
}
