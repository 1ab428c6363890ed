package config

import (
	"github.com/agentcard/agentcard/core/config/profile"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
)

// LocalFinding names findings that the local profile turns into infos
// (profile.LocalFinding).
type LocalFinding = profile.LocalFinding

// LocalCodes is the one list of what the local profile relaxes; it lives
// in core/config/profile, which the playground's engine links without
// the rest of this package.
var LocalCodes = profile.LocalCodes

// RelaxedByLocal reports whether the local profile makes every finding of
// code an info (a code relaxed for some of its messages only is not).
func RelaxedByLocal(code string) bool { return profile.RelaxedByLocal(code) }

// AcceptedByLocal reports whether the local profile drops every finding
// of code (profile.AcceptedByLocal).
func AcceptedByLocal(code string) bool { return profile.AcceptedByLocal(code) }

// Apply returns the findings as the configuration wants them: the
// profile's changes first, then the rules' settings, which the user wrote
// for one code and so win over the profile (a team on the local profile
// can still keep interface-url-not-https an error). Findings of rules
// that are off are dropped, with the findings-capped summaries that count
// them, and so are the findings an ignore entry names (without a file:
// glob; ApplyFor knows the file). diags is not modified. A nil
// configuration changes nothing.
func Apply(cfg *Config, diags []diag.Diagnostic) []diag.Diagnostic {
	return ApplyFor(cfg, "", diags)
}

// ApplyFor is Apply for the findings of the input file at path ("" for
// standard input or a URL), which ignore entries with a file: glob are
// matched against.
func ApplyFor(cfg *Config, path string, diags []diag.Diagnostic) []diag.Diagnostic {
	if cfg == nil || (len(cfg.Rules) == 0 && cfg.EffectiveProfile() == Publish && len(cfg.IgnoreFindings) == 0) {
		return diags
	}
	rel := ""
	if path != "" {
		rel, _ = cfg.rel(path)
	}
	out := make([]diag.Diagnostic, 0, len(diags))
	for _, d := range diags {
		if cfg.ignoresFinding(&d, rel) {
			continue
		}
		if cfg.EffectiveProfile() == Local && profile.Relaxed(&d) {
			if profile.Accepted(&d) {
				continue
			}
			d.Severity = diag.Info
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

func (c *Config) ignoresFinding(d *diag.Diagnostic, rel string) bool {
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
func ApplyResult(cfg *Config, r *findings.Result) { ApplyResultFor(cfg, "", r) }

// ApplyResultFor is ApplyResult for the input file at path (ApplyFor).
func ApplyResultFor(cfg *Config, path string, r *findings.Result) {
	if r == nil {
		return
	}
	r.Diagnostics = ApplyFor(cfg, path, r.Diagnostics)
	Recount(r)
}

// Recount sets a result's errors, warnings and infos from its findings.
func Recount(r *findings.Result) { profile.Recount(r) }
