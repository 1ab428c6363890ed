package main

// The playground's tools beside the live findings: Fix all (core/fix),
// Migrate (core/migrate), the publish/local profile (core/config), what
// each official SDK would pick (core/selection.Compare); signature
// verification is in verify.go. Like the
// rest of the adapter, every answer is a plain value whose words are
// already in the language set by SetLanguage, and every failure is a
// specific message in it, never a panic.

import (
	"errors"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/config/profile"
	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/migrate"
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/selection"
)

// render says t in the engine's language.
func render(t i18n.Text) string {
	if cat := catalogue(); cat != nil {
		return cat.Render(t)
	}
	return i18n.EnglishCatalogue().Render(t)
}

func renderAll(ts []i18n.Text) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, render(t))
	}
	return out
}

// LintOptions are agentcard.lint's second argument.
type LintOptions struct {
	// Profile is "publish" (the default) or "local": core/config's local
	// profile turns findings about loopback, private and tunnel hosts and
	// plain http into infos, as `agentcard lint --profile local` does.
	Profile string `json:"profile"`
	// Examples marks the text as a lesson's example card (lint.Options):
	// the course writes its cards on example.com, as RFC 2606 asks of
	// documentation, so example-placeholder stays silent there.
	Examples bool `json:"examples"`
}

// ProfileOf reads a profile name; anything but "local" is publish, so a
// page with a stale or odd stored value checks as for publishing, the
// stricter reading.
func ProfileOf(s string) profile.Profile {
	if profile.Profile(s) == profile.Local {
		return profile.Local
	}
	return profile.Publish
}

// applyProfile changes res's findings and counts for the profile.
// It is core/config/profile's, not core/config's: the editor has no
// configuration file, and core/config's parser (YAML, globs, the file
// system) would add to its wasm and its start.
func applyProfile(res *lint.Result, p profile.Profile) { profile.Apply(p, res) }

// AppliedFix is one fix Fix all carried out.
type AppliedFix struct {
	Code  string `json:"code"`
	Title string `json:"title"`
}

// FixAllResult is agentcard.fixAll's answer. Text is the whole new text
// (equal to the input when nothing changed, or when Refused); the page
// replaces the editor's text with it as one undoable change.
type FixAllResult struct {
	Text    string       `json:"text"`
	Changed bool         `json:"changed"`
	Applied []AppliedFix `json:"applied"`
	// Summary says in one sentence what was done and what is left.
	Summary string `json:"summary"`
	// Remaining counts the findings of Text; Fixable those still offering
	// a fix (0 when Stable).
	Remaining int  `json:"remaining"`
	Stable    bool `json:"stable"`
	// UnsafeLeft counts the findings of Text that offer only unsafe
	// fixes, which Fix all leaves for the reader.
	UnsafeLeft int `json:"unsafeLeft"`
	// Refused is set for a document core/fix does not touch (a syntax
	// problem no fix repairs, not an object, not a card); Error says why
	// and Code names the finding behind it.
	Refused bool   `json:"refused,omitempty"`
	Error   string `json:"error,omitempty"`
	Code    string `json:"code,omitempty"`
}

// FixAll applies the safe fixes (core/fix.Apply without Unsafe), as
// lint --fix does: an unsafe fix changes what the card means (a transport
// renamed, a credential removed), so it needs a person's decision, and
// the page offers it on its finding, marked unsafe, one at a time.
// UnsafeLeft counts the findings left with only such a fix.
func FixAll(src []byte) FixAllResult {
	r, err := fix.Apply(src, lint.Lint, fix.Options{})
	if err != nil {
		out := FixAllResult{Text: string(src), Refused: true, Applied: []AppliedFix{}, Remaining: len(r.Remaining)}
		var ref *fix.Refusal
		if errors.As(err, &ref) {
			out.Error, out.Code = render(ref.Reason), ref.Code
		} else {
			out.Error = err.Error()
		}
		return out
	}
	out := FixAllResult{Text: string(r.Output), Changed: r.Changed, Applied: make([]AppliedFix, 0, len(r.Applied)),
		Summary: render(r.Summary()), Remaining: len(r.Remaining), Stable: r.Stable, UnsafeLeft: r.UnsafeLeft}
	for _, a := range r.Applied {
		out.Applied = append(out.Applied, AppliedFix{Code: a.Code, Title: render(a.Title)})
	}
	return out
}

// MigrateOptions are agentcard.migrate's third argument.
type MigrateOptions struct {
	// KeepVersions keeps the card's legacy protocol version on the
	// converted entries (the CLI's --keep-versions); by default they are
	// declared at 1.0, for a card migrated together with its server.
	KeepVersions bool `json:"keepVersions"`
}

// MigrateResult is agentcard.migrate's answer: the migrated card, what
// was done (Changes) and what needs a person (Notes), or why not.
type MigrateResult struct {
	Text    string   `json:"text,omitempty"`
	From    string   `json:"from,omitempty"`
	To      string   `json:"to,omitempty"`
	Changes []string `json:"changes"`
	Notes   []string `json:"notes"`
	Dropped []string `json:"dropped,omitempty"`
	Error   string   `json:"error,omitempty"`
	// Code is "bad-target" for a target other than 1.0 or mixed,
	// "already-1.0" for a 1.0 card (nothing to migrate), else the
	// finding behind a refusal (a json-* code, "not-a-card") or "".
	Code string `json:"code,omitempty"`
}

// Migrate converts a 0.2/0.3 (or mixed) card to target ("1.0", the
// default, or "mixed").
func Migrate(src []byte, target string, opts MigrateOptions) MigrateResult {
	if target == "" {
		target = string(migrate.To10Only)
	}
	to, ok := migrate.ParseTarget(target)
	if !ok {
		return MigrateResult{Changes: []string{}, Notes: []string{}, Code: "bad-target",
			Error: render(i18n.T("ui.playground.migrate.badTarget", jsonpos.QuoteClipped(target), "1.0, mixed"))}
	}
	mo := migrate.Options{Version: "1.0"}
	if opts.KeepVersions {
		mo.Version = ""
	}
	r, err := migrate.MigrateWith(src, to, mo)
	if err != nil {
		out := MigrateResult{Changes: []string{}, Notes: []string{}, Error: err.Error()}
		var ref *migrate.Refusal
		if errors.As(err, &ref) {
			out.Error, out.Code = render(ref.Reason), ref.Code
		}
		return out
	}
	if r.From == card.Era10 {
		// core/migrate leaves a 1.0 card as it is (to either target: it
		// does not invent legacy members); saying "migrated from 1.0 to
		// 1.0" over a reformatted text would only mislead.
		return MigrateResult{From: string(r.From), To: string(r.To), Changes: []string{}, Notes: []string{},
			Code: "already-1.0", Error: render(i18n.T("ui.playground.migrate.already"))}
	}
	return MigrateResult{Text: string(r.Output), From: string(r.From), To: string(r.To),
		Changes: renderAll(r.Changes), Notes: renderAll(r.Notes), Dropped: r.Dropped}
}

// SDKRow is one row of agentcard.sdks: the specification's choice (SDK
// "spec") or one library's, the entry it calls and, where a library
// differs from the specification, why in one sentence.
type SDKRow struct {
	SDK     string `json:"sdk"`
	Name    string `json:"name"`
	Profile string `json:"profile"`
	Outcome string `json:"outcome"`
	Index   int    `json:"index"`
	URL     string `json:"url,omitempty"`
	Binding string `json:"protocolBinding,omitempty"`
	Version string `json:"protocolVersion,omitempty"`
	// Speaks is the protocol version the library's transport speaks there.
	Speaks      string `json:"speaks,omitempty"`
	SpecIndex   int    `json:"specIndex"`
	SpecOutcome string `json:"specOutcome"`
	Differs     bool   `json:"differs"`
	Reason      string `json:"reason,omitempty"`
	Message     string `json:"message"`
	// From and To locate the chosen entry in UTF-16 units (0, 0: none).
	From int `json:"from"`
	To   int `json:"to"`
}

// SDKs compares the specification's choice with a2a-go's, a2a-python's
// and a2a-js's for the card (core/sdk.Compare, the comparison every
// front end shows).
func SDKs(src []byte) []SDKRow {
	cat := catalogue()
	rows := sdk.Compare(jsonpos.Parse(src, jsonpos.Options{}), sdk.Options{}).Choices
	var offs []int
	for _, c := range rows {
		offs = append(offs, c.Result.Start, c.Result.End)
	}
	u16 := jsonpos.UTF16Offsets(src, offs)
	out := make([]SDKRow, 0, len(rows))
	for _, c := range rows {
		c.Localize(cat)
		r := c.Result
		row := SDKRow{SDK: string(c.SDK), Name: c.Name, Profile: c.Profile, Outcome: r.Outcome, Index: r.Index,
			SpecIndex: c.SpecIndex, SpecOutcome: c.SpecOutcome, Differs: c.Differs, Reason: c.Reason, Message: r.Message}
		if r.Outcome == selection.Selected {
			row.URL, row.Binding, row.Version, row.Speaks = r.URL, r.ProtocolBinding, r.ProtocolVersion, r.Speaks
			row.From, row.To = u16[r.Start], u16[r.End]
		}
		out = append(out, row)
	}
	return out
}
