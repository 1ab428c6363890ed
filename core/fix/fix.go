// Package fix applies the linter's machine-applicable fixes to a card all
// at once ("lint --fix", the playground's "Fix all").
//
// Only safe fixes are applied unless Options.Unsafe is set (lint
// --unsafe-fixes): a safe fix keeps what the card means (a trailing comma,
// a comment with its line, a media type's spelling), an unsafe one changes
// something a person has to decide (renaming a skill id breaks its callers;
// REST to HTTP+JSON is right only if the endpoint speaks HTTP+JSON). The
// rules mark each fix (jsonpos.Fix.Safe).
//
// A round lints the text, takes the first allowed fix of every finding, drops a fix
// when one of its edits overlaps an edit already chosen in that round, and
// applies the rest as byte-range edits, so every byte outside them stays as
// it was (indentation, key order, escapes, the author's line breaks). Fixing
// one thing can reveal another (a comment removed lets the parser read the
// member behind it), so rounds repeat until the text stops changing or no
// fix is left, for at most Options.MaxRounds rounds.
//
// A document is refused, never half-repaired, when its text is too broken
// for the recovered tree to be trusted: see Refusal.
package fix

import (
	"bytes"
	"errors"
	"sort"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// DefaultMaxRounds is how many lint-and-fix rounds Apply runs at most. The
// sample cards and rule examples settle in two or three; the cap keeps a
// pair of fixes that would undo each other from looping.
const DefaultMaxRounds = 5

// Options tune Apply. Zero values are the defaults.
type Options struct {
	// Lint bounds the parser (1 MiB, depth 64 by default). A round whose
	// output would exceed MaxBytes is not applied.
	Lint findings.Options
	// MaxRounds caps the rounds (DefaultMaxRounds when 0 or less).
	MaxRounds int
	// Skip, when set, leaves the fixes of findings whose code it accepts
	// unapplied (a project that turned a rule off does not want its fixes
	// either); they do not count as fixes still on offer.
	Skip func(code string) bool
	// Unsafe applies unsafe fixes too (lint --unsafe-fixes); without it
	// they are left for a person and counted in Result.UnsafeLeft.
	Unsafe bool
}

// allows reports whether o lets a fix be applied.
func (o Options) allows(f diag.Fix) bool { return f.Safe || o.Unsafe }

// Applied is one fix that was carried out.
type Applied struct {
	// Code is the rule code of the finding the fix belonged to.
	Code string `json:"code"`
	// Title is the fix's title as data; Render it in the reader's language.
	Title i18n.Text `json:"title"`
	// Range is where the finding was, in the text the round started from
	// (the input itself for round 1).
	Range diag.Range `json:"range"`
	// Round is the 1-based round that applied it.
	Round int `json:"round"`
	// Safe is the fix's own mark (jsonpos.Fix.Safe).
	Safe bool `json:"safe"`
}

// Result is the outcome of Apply.
type Result struct {
	// Output is the fixed text (equal to the input when nothing applied).
	Output []byte
	// Changed reports whether Output differs from the input.
	Changed bool
	// Applied lists the fixes in the order they were applied (round by
	// round, by position within a round).
	Applied []Applied
	// Remaining are the findings of Output, positioned in Output; Lint is
	// the whole lint result of Output (era, counts, document).
	Remaining []diag.Diagnostic
	Lint      *findings.Result
	// Rounds counts the rounds that applied at least one fix.
	Rounds int
	// Stable reports that no finding of Output has a fix left: false
	// when the round cap stopped Apply, or when a round was rolled back
	// because it would have broken the document (Rollback).
	Stable bool
	// Rollback is set when a round's fixes would have left the document
	// worse than before (refused by the same test as the input, or over
	// the size limit); that round was dropped and Apply stopped.
	Rollback bool
	// UnsafeLeft counts the findings of Output that offer only unsafe
	// fixes, which Options.Unsafe would have applied.
	UnsafeLeft int
}

// ErrRefused is wrapped by every *Refusal.
var ErrRefused = errors.New("fix: document not changed")

// Refusal is the error of a document Apply does not touch:
//   - the text has a syntax problem that no fix repairs (json-syntax,
//     json-truncated, json-too-large, json-too-deep, …): the tree behind
//     it is a guess, and fixing a guess could change what the author
//     meant;
//   - the top-level value is not an object (nothing to fix in a card);
//   - the document is not an Agent Card at all (not-a-card).
//
// Duplicate keys and invalid UTF-8 do not refuse it: every JSON reader
// still reads such a document one way.
type Refusal struct {
	// Code is the finding behind the refusal (a json-* code or
	// "not-a-card"); empty when the text has no value at all.
	Code string
	// Reason says why, as data (ids fixall.refused.*).
	Reason i18n.Text
	// Range is where the problem is in the input.
	Range diag.Range
}

func (e *Refusal) Error() string {
	return "fix: " + i18n.EnglishCatalogue().Render(e.Reason)
}

func (e *Refusal) Unwrap() error { return ErrRefused }

// Apply fixes src, linting it with lint (lint.Lint) before and after
// every round: the fixes are the findings' own. It returns a *Refusal
// (wrapping ErrRefused) for a document it will not touch; it never
// returns another error.
func Apply(src []byte, lint findings.Linter, opts Options) (Result, error) {
	rounds := opts.MaxRounds
	if rounds <= 0 {
		rounds = DefaultMaxRounds
	}
	maxBytes := opts.Lint.MaxBytes
	if maxBytes <= 0 {
		maxBytes = 1 << 20
	}
	cur := src
	lr := lint(cur, opts.Lint)
	if err := refuse(lr, true); err != nil {
		// An array around the card, or a card nested in another
		// document, has one fix that replaces the whole document with
		// the card: the only fix of a document that is otherwise
		// refused, and an unsafe one (what else the document held is
		// dropped).
		if !rootFixed(lr, opts) {
			var r *Refusal
			if errors.As(err, &r) && rootFixed(lr, Options{Skip: opts.Skip, Unsafe: true}) {
				r.Reason = i18n.T("fixall.refused.unsafe-root", r.Reason)
			}
			return Result{Output: src, Lint: lr, Remaining: lr.Diagnostics, UnsafeLeft: unsafeLeft(lr.Diagnostics, opts)}, err
		}
	}
	res := Result{}
	for round := 1; round <= rounds; round++ {
		chosen, applied := choose(lr.Diagnostics, opts)
		if len(chosen) == 0 {
			break
		}
		next := applyEdits(cur, chosen)
		if bytes.Equal(next, cur) {
			break // only fixes that rewrite text as it is: settled
		}
		nl := lint(next, opts.Lint)
		if len(next) > maxBytes || refuse(nl, false) != nil || worseSyntax(lr, nl) {
			res.Rollback = true
			break
		}
		for i := range applied {
			applied[i].Round = round
		}
		res.Applied = append(res.Applied, applied...)
		res.Rounds = round
		cur, lr = next, nl
	}
	res.Output = cur
	res.Changed = !bytes.Equal(cur, src)
	res.Lint = lr
	res.Remaining = lr.Diagnostics
	res.Stable = !res.Rollback && !hasFix(lr.Diagnostics, opts)
	res.UnsafeLeft = unsafeLeft(lr.Diagnostics, opts)
	return res, nil
}

// rootCodes are the findings whose fix replaces a refused document with
// the card inside it (fix.unwrap-array, fix.publish-inner-card).
var rootCodes = map[string]bool{"not-an-object": true, "not-a-card": true}

// rootFixed reports whether the findings hold a fix, allowed by opts, that
// turns a refused document into a card.
func rootFixed(lr *findings.Result, opts Options) bool {
	if lr.Doc.Root == nil || len(lr.Doc.Problems) > 0 {
		return false
	}
	for _, d := range lr.Diagnostics {
		if rootCodes[d.Code] && pick(d, opts) != nil {
			return true
		}
	}
	return false
}

// refuse says whether a lint result's document is one Apply leaves alone.
// The era is judged on the input only (era detection also reads a broken
// text's tree): a round that repairs the syntax of a document that was
// never a card does not make it one to refuse halfway.
func refuse(lr *findings.Result, era bool) error {
	doc := lr.Doc
	for _, p := range doc.Problems {
		if len(p.Fixes) > 0 || tolerated[p.Code] {
			continue
		}
		pos := doc.Pos(p.Start)
		return &Refusal{Code: p.Code, Range: doc.Span(p.Start, p.End),
			Reason: i18n.T("fixall.refused.syntax", pos, p.Code, p.Text)}
	}
	if doc.Root == nil {
		return &Refusal{Reason: i18n.T("fixall.refused.empty")}
	}
	if doc.Root.Kind != jsonpos.Object {
		return &Refusal{Range: doc.Range(doc.Root), Reason: i18n.T("fixall.refused.not-object", i18n.Phrase("phrase.kind."+doc.Root.Kind.String()))}
	}
	if era && lr.Detection.Era == card.EraNotCard {
		return &Refusal{Code: "not-a-card", Range: doc.Range(doc.Root), Reason: i18n.T("fixall.refused.not-a-card")}
	}
	return nil
}

// tolerated syntax problems leave a document every JSON reader reads one
// way (the last of duplicate keys wins; invalid bytes become U+FFFD), so
// fixing the rest of the card is safe; findings-capped only counts
// problems of a code already reported (and judged) in full.
var tolerated = map[string]bool{
	jsonpos.CodeDuplicateKey: true,
	jsonpos.CodeInvalidUTF8:  true,
	jsonpos.CodeCapped:       true,
}

// worseSyntax reports a round that added syntax problems: a fix is meant
// to remove problems, and one that adds them is a bug Apply must not pass
// on to the author's file.
func worseSyntax(before, after *findings.Result) bool {
	return len(after.Doc.Problems) > len(before.Doc.Problems)
}

// Summary says in one sentence what Apply did, for a command line or a
// status bar: how many fixes, and what is left.
func (r *Result) Summary() i18n.Text { return r.summary(appliedSummary) }

// DrySummary is Summary for a run that writes nothing (lint --diff): it
// says what the fixes would do, not that they were applied.
func (r *Result) DrySummary() i18n.Text { return r.summary(drySummary) }

// summaryIDs are the messages of a summary, in the past (applied) or the
// conditional (dry).
type summaryIDs struct{ left, rollback, unstable, applied, unsafeLeft string }

var (
	appliedSummary = summaryIDs{"phrase.fixall.left", "fixall.summary.rollback", "fixall.summary.unstable", "fixall.summary", "fixall.summary.unsafe-left"}
	drySummary     = summaryIDs{"phrase.fixall.left.dry", "fixall.summary.rollback.dry", "fixall.summary.unstable.dry", "fixall.summary.dry", "fixall.summary.unsafe-left.dry"}
)

func (r *Result) summary(ids summaryIDs) i18n.Text {
	// the count left is its own phrase, so each number gets its own
	// singular or plural
	left := i18n.T(ids.left, len(r.Remaining))
	switch {
	case r.Rollback:
		return i18n.T(ids.rollback, len(r.Applied), left)
	case !r.Stable:
		return i18n.T(ids.unstable, len(r.Applied), r.Rounds, left)
	}
	t := i18n.T(ids.applied, len(r.Applied), left)
	if len(r.Applied) == 0 {
		t = i18n.T("fixall.summary.none", left)
	}
	if r.UnsafeLeft > 0 {
		t = i18n.T(ids.unsafeLeft, t, r.UnsafeLeft)
	}
	return t
}

func hasFix(ds []diag.Diagnostic, opts Options) bool {
	for _, d := range ds {
		if pick(d, opts) != nil {
			return true
		}
	}
	return false
}

// unsafeLeft counts the findings that offer a fix only Options.Unsafe
// would apply.
func unsafeLeft(ds []diag.Diagnostic, opts Options) int {
	if opts.Unsafe {
		return 0
	}
	n := 0
	for _, d := range ds {
		if pick(d, opts) == nil && pick(d, Options{Skip: opts.Skip, Unsafe: true}) != nil {
			n++
		}
	}
	return n
}

// usable reports whether d has a fix with something to apply.
func usable(d diag.Diagnostic) bool { return pick(d, Options{Unsafe: true}) != nil }

// pick is the fix Apply takes from d: its first fix that opts allows and
// that has edits, or nil (also when opts skips d's rule).
func pick(d diag.Diagnostic, opts Options) *diag.Fix {
	if opts.Skip != nil && opts.Skip(d.Code) {
		return nil
	}
	for i := range d.Fixes {
		if f := &d.Fixes[i]; len(f.Edits) > 0 && opts.allows(*f) {
			return f
		}
	}
	return nil
}

// choose takes the first allowed fix of every finding, in the findings'
// order (by position), and keeps a fix only when none of its edits
// overlaps an edit already kept, so that the fixes of one round are
// independent of each other. A skipped fix is not lost: the next round
// lints again and offers it again if it still applies.
func choose(ds []diag.Diagnostic, opts Options) ([]diag.Edit, []Applied) {
	var edits []diag.Edit
	var applied []Applied
	for _, d := range ds {
		fp := pick(d, opts)
		if fp == nil {
			continue
		}
		f := *fp
		if conflicts(f.Edits, edits) {
			continue
		}
		edits = append(edits, f.Edits...)
		title := f.Text
		if title.IsZero() {
			// a prose title (transitional: every title is becoming an id)
			title = i18n.T(f.Title)
		}
		applied = append(applied, Applied{Code: d.Code, Title: title, Range: d.Range, Safe: f.Safe})
	}
	return edits, applied
}

// conflicts reports whether any edit of a fix overlaps any kept edit, or
// another edit of the same fix (a malformed fix is skipped whole).
func conflicts(fix, kept []diag.Edit) bool {
	for i, e := range fix {
		if e.Range.End.Offset < e.Range.Start.Offset {
			return true
		}
		for _, k := range kept {
			if overlap(e, k) {
				return true
			}
		}
		for _, o := range fix[:i] {
			if overlap(e, o) {
				return true
			}
		}
	}
	return false
}

// overlap decides whether two edits cannot both be applied unambiguously.
// Replacements overlap when their byte ranges share a byte. An insertion
// (empty range) overlaps a replacement when it falls strictly inside it,
// and another insertion at the same offset (the order of the two inserted
// texts would be a guess). Edits that only touch (one ends where the other
// starts) are independent.
func overlap(a, b diag.Edit) bool {
	as, ae := a.Range.Start.Offset, a.Range.End.Offset
	bs, be := b.Range.Start.Offset, b.Range.End.Offset
	switch {
	case as == ae && bs == be:
		return as == bs
	case as == ae:
		return bs < as && as < be
	case bs == be:
		return as < bs && bs < ae
	}
	return as < be && bs < ae
}

// applyEdits applies non-overlapping edits to src.
func applyEdits(src []byte, edits []diag.Edit) []byte {
	sorted := append([]diag.Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].Range, sorted[j].Range
		if a.Start.Offset != b.Start.Offset {
			return a.Start.Offset < b.Start.Offset
		}
		// an insertion goes before a replacement starting at the same place
		return a.End.Offset < b.End.Offset
	})
	var out bytes.Buffer
	out.Grow(len(src))
	at := 0
	for _, e := range sorted {
		s, end := e.Range.Start.Offset, e.Range.End.Offset
		if s < at || end > len(src) {
			continue // cannot happen after conflicts(); never corrupt the text
		}
		out.Write(src[at:s])
		out.WriteString(e.NewText)
		at = end
	}
	out.Write(src[at:])
	return out.Bytes()
}
