// Package profile holds the lint profiles (publish, local) and the one
// list of what the local profile relaxes. core/config reads profiles
// from a configuration file and the CLI's --profile; the playground's
// engine (wasm/editor) applies them without the configuration file's
// machinery (YAML, globs, the file system), which it never uses and
// which cost its wasm size and start-up (docs/PERFORMANCE.md).
package profile

import (
	"slices"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
)

// Profile is what the card is checked for.
type Profile string

const (
	// Publish (the default) checks a card that is about to be public.
	Publish Profile = "publish"
	// Local checks a card used on a developer's machine or a private
	// network: the findings of LocalCodes become infos.
	Local Profile = "local"
)

// Profiles lists the profiles in the order messages name them.
var Profiles = []Profile{Publish, Local}

// LocalFinding names findings that the local profile turns into infos:
// a rule code and, when only some of its messages are about a local
// setup, those message ids (empty: every finding of the code).
type LocalFinding struct {
	Code       string
	MessageIDs []string
	// Accepted drops the findings instead of making them infos: what
	// they report is expected on one machine, not a risk worth noting.
	Accepted bool
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
	{Code: diag.CodeHTTPInsecure},
	{Code: diag.CodeHTTPCacheMaxAge},
	{Code: diag.CodeHTTPETag},
	{Code: diag.CodeHTTPLastModified},
	// documentation names (example.com, .test, .localhost) and the
	// starter card's text: fine for a card that stays on one machine
	{Code: "example-placeholder", Accepted: true},
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

// Relaxed reports whether the local profile relaxes d (an info, or
// dropped when Accepted says so).
func Relaxed(d *diag.Diagnostic) bool {
	for _, lf := range LocalCodes {
		if lf.Code == d.Code {
			return len(lf.MessageIDs) == 0 || slices.Contains(lf.MessageIDs, d.MessageID)
		}
	}
	return false
}

// AcceptedByLocal reports whether the local profile drops every finding
// of code.
func AcceptedByLocal(code string) bool {
	for _, lf := range LocalCodes {
		if lf.Code == code {
			return lf.Accepted && len(lf.MessageIDs) == 0
		}
	}
	return false
}

// Accepted reports whether the local profile drops d.
func Accepted(d *diag.Diagnostic) bool { return Relaxed(d) && AcceptedByLocal(d.Code) }

// Apply changes a lint result in place for profile p and recounts it: in
// the local profile the findings Relaxed names become infos (or go, when
// Accepted); Publish
// changes nothing. A configuration file's rule settings and ignores come
// on top of this (core/config.Apply).
func Apply(p Profile, r *findings.Result) {
	if r == nil || p != Local {
		return
	}
	kept := r.Diagnostics[:0]
	for _, d := range r.Diagnostics {
		if Accepted(&d) {
			continue
		}
		if Relaxed(&d) {
			d.Severity = diag.Info
		}
		kept = append(kept, d)
	}
	r.Diagnostics = kept
	Recount(r)
}

// Recount sets a result's errors, warnings and infos from its findings.
func Recount(r *findings.Result) {
	r.Errors, r.Warnings, r.Infos = 0, 0, 0
	for _, d := range r.Diagnostics {
		switch d.Severity {
		case diag.Error:
			r.Errors++
		case diag.Warning:
			r.Warnings++
		case diag.Info:
			r.Infos++
		}
	}
}
