package config

import (
	"slices"

	"github.com/agentcard/agentcard/core/lint"
)

// LocalFinding names findings that the local profile turns into infos:
// a rule code and, when only some of its messages are about a local
// setup, those message ids (empty: every finding of the code).
type LocalFinding struct {
	Code       string
	MessageIDs []string
}

// LocalCodes is the one list of what the local profile relaxes: findings
// about endpoints on loopback, private or tunnel hosts, plain http URLs,
// and missing caching headers. On a developer's machine these are the
// setup, not mistakes; a card about to be published gets them at full
// severity. Placeholders, malformed URLs and everything else keep their
// severity in both profiles (security-url-not-https and
// signature-jku-insecure are listed by message id for that reason).
var LocalCodes = []LocalFinding{
	// endpoints on loopback, private and tunnel hosts
	{Code: "interface-url-internal"},
	{Code: "identity-url-internal"},
	// plain http in the card
	{Code: "interface-url-not-https"},
	{Code: "identity-url-not-https"},
	{Code: "security-url-not-https", MessageIDs: []string{"msg.security-url-not-https.http", "msg.security-url-not-https.loopback"}},
	{Code: "signature-jku-insecure", MessageIDs: []string{"msg.signature-jku-insecure.http", "msg.signature-jku-insecure.internal"}},
	// how the card is served (checked when a card is fetched)
	{Code: lint.CodeHTTPInsecure},
	{Code: lint.CodeHTTPCacheMaxAge},
	{Code: lint.CodeHTTPETag},
	{Code: lint.CodeHTTPLastModified},
}

// RelaxedByLocal reports whether the local profile makes every finding of
// code an info (a code relaxed for some of its messages only is not).
func RelaxedByLocal(code string) bool {
	for _, lf := range LocalCodes {
		if lf.Code == code {
			return len(lf.MessageIDs) == 0
		}
	}
	return false
}

// localRelaxed reports whether the local profile relaxes d.
func localRelaxed(d *lint.Diagnostic) bool {
	for _, lf := range LocalCodes {
		if lf.Code == d.Code {
			return len(lf.MessageIDs) == 0 || slices.Contains(lf.MessageIDs, d.MessageID)
		}
	}
	return false
}

// Apply returns the findings as the configuration wants them: the
// profile's changes first, then the rules' settings, which the user wrote
// for one code and so win over the profile (a team on the local profile
// can still keep interface-url-not-https an error). Findings of rules
// that are off are dropped, with the findings-capped summaries that count
// them, and so are the findings an ignore entry names (without a file:
// glob; ApplyFor knows the file). diags is not modified. A nil
// configuration changes nothing.
func Apply(cfg *Config, diags []lint.Diagnostic) []lint.Diagnostic {
	return ApplyFor(cfg, "", diags)
}

// ApplyFor is Apply for the findings of the input file at path ("" for
// standard input or a URL), which ignore entries with a file: glob are
// matched against.
func ApplyFor(cfg *Config, path string, diags []lint.Diagnostic) []lint.Diagnostic {
	if cfg == nil || (len(cfg.Rules) == 0 && cfg.EffectiveProfile() == Publish && len(cfg.IgnoreFindings) == 0) {
		return diags
	}
	rel := ""
	if path != "" {
		rel, _ = cfg.rel(path)
	}
	out := make([]lint.Diagnostic, 0, len(diags))
	for _, d := range diags {
		if cfg.ignoresFinding(&d, rel) {
			continue
		}
		if cfg.EffectiveProfile() == Local && localRelaxed(&d) {
			d.Severity = lint.Info
		}
		if d.OmittedCode != "" && cfg.Rules[d.OmittedCode] == LevelOff {
			continue
		}
		if l, ok := cfg.Rules[d.Code]; ok {
			s, on := l.Severity()
			if !on {
				continue
			}
			d.Severity = s
		}
		out = append(out, d)
	}
	return out
}

func (c *Config) ignoresFinding(d *lint.Diagnostic, rel string) bool {
	for _, f := range c.IgnoreFindings {
		if f.matches(d, rel) {
			return true
		}
	}
	return false
}

// ApplyResult applies the configuration to a lint result in place and
// recounts its errors, warnings and infos, so that the CLI's summary and
// exit status follow the configuration.
func ApplyResult(cfg *Config, r *lint.Result) { ApplyResultFor(cfg, "", r) }

// ApplyResultFor is ApplyResult for the input file at path (ApplyFor).
func ApplyResultFor(cfg *Config, path string, r *lint.Result) {
	if r == nil {
		return
	}
	r.Diagnostics = ApplyFor(cfg, path, r.Diagnostics)
	Recount(r)
}

// Recount sets a result's errors, warnings and infos from its findings.
func Recount(r *lint.Result) {
	r.Errors, r.Warnings, r.Infos = 0, 0, 0
	for _, d := range r.Diagnostics {
		switch d.Severity {
		case lint.Error:
			r.Errors++
		case lint.Warning:
			r.Warnings++
		case lint.Info:
			r.Infos++
		}
	}
}
