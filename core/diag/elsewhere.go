package diag

import "github.com/agentcard/agentcard/core/jsonpos"

// Codes of the rules that packages other than core/lint check. Each
// checking package reports them with the severity Elsewhere gives, so
// none of them imports core/lint; core/lint keeps their catalogue entries
// (words, basis, examples), which every program shows whether or not it
// links the checking package.
const (
	CodeHTTPStatus          = "http-status-not-ok"
	CodeHTTPContentType     = "http-content-type"
	CodeHTTPCacheMaxAge     = "http-cache-max-age"
	CodeHTTPETag            = "http-etag-missing"
	CodeHTTPLastModified    = "http-last-modified-missing"
	CodeHTTPRedirects       = "http-redirects"
	CodeHTTPInsecure        = "http-insecure-url"
	CodeHTTPCORS            = "http-cors-missing"
	CodeHTTPLegacyPath      = "http-legacy-path"
	CodeHTTPTooLarge        = "http-body-too-large"
	CodeHTTPNotJSON         = "http-not-json"
	CodeHTTPVariesByVersion = "http-varies-by-version"
	CodeHTTPUnreachable     = "http-unreachable"

	CodeSignatureVerified       = "signature-verified"
	CodeSignatureInvalid        = "signature-invalid"
	CodeSignatureKeyUnavailable = "signature-key-unavailable"
	// Trust is the operator's, never the signer's (issue 16, B5):
	// CodeSignatureSelfPublished is a signature that verifies with the key
	// set the card's own origin publishes (no key was supplied);
	// CodeSignatureUntrusted a card that the keys the operator supplied do
	// not verify; CodeSignatureUnverifiable a signature no verifier may
	// accept (HMAC, an unknown alg, an unknown crit, B7), which core/lint
	// reports itself from the protected header, offline, and the verifier
	// only repeats in its report;
	// CodeSignatureUnchecked signatures the work budget or the count left
	// unchecked (B2).
	CodeSignatureSelfPublished = "signature-self-published"
	CodeSignatureUntrusted     = "signature-untrusted"
	CodeSignatureUnverifiable  = "signature-unverifiable"
	CodeSignatureUnchecked     = "signature-unchecked"

	CodeProbeWrongBinding   = "probe-wrong-binding"
	CodeProbeVersionRefused = "probe-version-refused"
	CodeProbeUnreachable    = "probe-unreachable"
	CodeProbeAuthRequired   = "probe-auth-required"

	// core/probe's claims check (`agentcard conform`, probe=1)
	CodeClaimContradicted    = "claim-contradicted"
	CodeServerIgnoresVersion = "server-ignores-version"
	CodeServerErrorMapping   = "server-error-mapping"

	// core/probe/reply and a conversation's bounds (`agentcard send`,
	// `conform --send`)
	CodeAnswerShape         = "answer-shape"
	CodeAnswerRequiredField = "answer-required-field"
	CodeAnswerEnum          = "answer-enum"
	CodeAnswerOneof         = "answer-oneof"
	CodeAnswerUnknownField  = "answer-unknown-field"
	CodeAnswerCut           = "answer-cut"

	CodeExtendedPublic          = "extended-card-public"
	CodeExtendedUnavailable     = "extended-card-unavailable"
	CodeExtendedIdentityDiffers = "extended-card-identity-differs"
	CodeExtendedSkillsMissing   = "extended-card-skills-missing"
	CodeExtendedNewInterface    = "extended-card-new-interface"
	CodeExtendedInvalid         = "extended-card-invalid"
)

// Who reports a rule that core/lint does not check (Rule.EmittedBy).
const (
	// ByParser: core/jsonpos reports it while reading the text.
	ByParser = "parser"
	// ByDiscovery: core/discovery reports it after fetching the card.
	ByDiscovery = "discovery"
	// BySignature: core/signature's verification, run by a front end
	// that was given keys (or may fetch a signature's jku).
	BySignature = "signature"
	// ByProbe: core/probe reports it after asking the live endpoints.
	ByProbe = "probe"
	// ByClaims: core/probe's claims check reports it (`agentcard conform`).
	ByClaims = "claims"
	// ByAnswer: core/probe/reply (and a conversation's bounds) report it
	// from an agent's answers.
	ByAnswer = "answer"
	// ByExtended: core/extended reports it after asking for the extended
	// card.
	ByExtended = "extended"
)

// Checker is one package that checks rules outside core/lint.
type Checker struct {
	By      string // Rule.EmittedBy of its rules
	Package string // the package that holds the checks
	Rules   []Checked
}

// Checked is a rule a Checker reports, with the severity it reports.
type Checked struct {
	Code     string
	Severity Severity
}

// Elsewhere is the one list of the rules checked outside core/lint: by
// checking package, each rule's code and severity. core/lint registers its
// entries for them with this severity and EmittedBy (and fails to load if
// an entry is missing or has a check of its own); the checking packages
// report with SeverityOf.
var Elsewhere = []Checker{
	{By: ByParser, Package: "core/jsonpos", Rules: []Checked{
		{jsonpos.CodeSyntax, Error},
		{jsonpos.CodeComment, Error},
		{jsonpos.CodeTrailingComma, Error},
		{jsonpos.CodeSingleQuote, Error},
		{jsonpos.CodeUnquotedKey, Error},
		{jsonpos.CodeBOM, Error},
		{jsonpos.CodeLeadingText, Error},
		{jsonpos.CodeTrailingText, Error},
		{jsonpos.CodeMissingComma, Error},
		{jsonpos.CodeNonFinite, Error},
		{jsonpos.CodeInvalidNumber, Error},
		{jsonpos.CodeInvalidString, Error},
		{jsonpos.CodeInvalidLiteral, Error},
		{jsonpos.CodeTruncated, Error},
		{jsonpos.CodeDuplicateKey, Warning},
		{jsonpos.CodeInvalidUTF8, Error},
		{jsonpos.CodeTooLarge, Error},
		{jsonpos.CodeTooDeep, Error},
	}},
	{By: ByDiscovery, Package: "core/discovery", Rules: []Checked{
		{CodeHTTPStatus, Error},
		{CodeHTTPContentType, Info},
		{CodeHTTPCacheMaxAge, Warning},
		{CodeHTTPETag, Warning},
		{CodeHTTPLastModified, Info},
		{CodeHTTPRedirects, Warning},
		{CodeHTTPInsecure, Warning},
		{CodeHTTPCORS, Info},
		{CodeHTTPLegacyPath, Warning},
		{CodeHTTPTooLarge, Error},
		{CodeHTTPNotJSON, Error},
		{CodeHTTPVariesByVersion, Warning},
		{CodeHTTPUnreachable, Error},
	}},
	{By: ByProbe, Package: "core/probe", Rules: []Checked{
		{CodeProbeWrongBinding, Error},
		{CodeProbeVersionRefused, Error},
		{CodeProbeUnreachable, Warning},
		{CodeProbeAuthRequired, Info},
	}},
	{By: ByClaims, Package: "core/probe", Rules: []Checked{
		{CodeClaimContradicted, Error},
		{CodeServerErrorMapping, Warning},
		{CodeServerIgnoresVersion, Warning},
	}},
	{By: ByAnswer, Package: "core/probe/reply", Rules: []Checked{
		{CodeAnswerShape, Error},
		{CodeAnswerRequiredField, Error},
		{CodeAnswerEnum, Error},
		{CodeAnswerOneof, Error},
		{CodeAnswerUnknownField, Warning},
		{CodeAnswerCut, Error},
	}},
	{By: BySignature, Package: "core/signature", Rules: []Checked{
		{CodeSignatureVerified, Info},
		{CodeSignatureInvalid, Error},
		{CodeSignatureKeyUnavailable, Warning},
		{CodeSignatureSelfPublished, Info},
		{CodeSignatureUntrusted, Error},
		{CodeSignatureUnchecked, Warning},
	}},
	{By: ByExtended, Package: "core/extended", Rules: []Checked{
		{CodeExtendedPublic, Error},
		{CodeExtendedUnavailable, Warning},
		{CodeExtendedIdentityDiffers, Warning},
		{CodeExtendedSkillsMissing, Warning},
		{CodeExtendedNewInterface, Info},
		{CodeExtendedInvalid, Warning},
	}},
}

// CheckedElsewhere returns the checker of code and the severity it
// reports, or false for a rule core/lint checks (or no rule).
func CheckedElsewhere(code string) (by string, sev Severity, ok bool) {
	for _, c := range Elsewhere {
		for _, r := range c.Rules {
			if r.Code == code {
				return c.By, r.Severity, true
			}
		}
	}
	return "", 0, false
}

// SeverityOf is the severity a checking package reports code with: its
// entry in Elsewhere, or Error for a code not there (a programming error
// a test of the checking package finds).
func SeverityOf(code string) Severity {
	if _, sev, ok := CheckedElsewhere(code); ok {
		return sev
	}
	return Error
}
