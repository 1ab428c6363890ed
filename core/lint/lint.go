// Package lint checks Agent Cards against the rule catalogue. Every rule
// is plain data (code, severity, explanation, fix, spec section, examples)
// plus a check function; Lint runs all of them and returns every finding,
// never only the first.
package lint

import (
	"sort"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// The finding vocabulary is core/diag's, so that the packages that report
// findings without running the rules need not import this package; these
// names keep the code that says lint.Diagnostic working.
type (
	Severity   = diag.Severity
	Position   = diag.Position
	Range      = diag.Range
	Edit       = diag.Edit
	Fix        = diag.Fix
	Diagnostic = diag.Diagnostic
	Related    = diag.Related
)

const (
	Error   = diag.Error
	Warning = diag.Warning
	Info    = diag.Info
)

// SiteURL is the public site whose /rules/<code>/ pages document each rule.
const SiteURL = diag.SiteURL

// RulePath is a rule's page on the site, relative to its root
// (diag.RulePath).
func RulePath(code string) string { return diag.RulePath(code) }

// RuleURL is the absolute address of a rule's page (diag.RuleURL).
func RuleURL(code string) string { return diag.RuleURL(code) }

// RulePathIn is RulePath for the pages of one language.
func RulePathIn(l i18n.Lang, code string) string { return findings.RulePathIn(l, code) }

// RuleURLIn is RuleURL for the pages of one language.
func RuleURLIn(l i18n.Lang, code string) string { return findings.RuleURLIn(l, code) }

// Options tune a run (findings.Options: the parser's bounds, and Examples
// for cards written as examples), so that a package handed a linter can
// name them without importing this package.
type Options = findings.Options

// Result is the outcome of linting one input (findings.Result): the
// packages that report findings next to lint's, or apply settings to
// them, name it without importing this package.
type Result = findings.Result

// recoverable problems leave a document every JSON reader can still read
// the same way; any other syntax problem makes the era unknowable.
var recoverable = map[string]bool{jsonpos.CodeDuplicateKey: true, jsonpos.CodeInvalidUTF8: true}

// Lint parses src and runs every rule.
func Lint(src []byte, opts Options) *Result {
	doc := jsonpos.Parse(src, opts.Parser())
	return lintDoc(doc, opts)
}

// LintDoc runs every rule on an already parsed document.
func LintDoc(doc *jsonpos.Doc) *Result { return lintDoc(doc, Options{}) }

func lintDoc(doc *jsonpos.Doc, opts Options) *Result {
	loadRules()
	res := &Result{Doc: doc}
	ctx := newContext(doc)
	defer ctx.release()
	ctx.examples = opts.Examples
	syntaxBroken := false
	for _, p := range doc.Problems {
		r := ruleByCode[p.Code]
		sev := Error
		if r != nil {
			sev = r.Severity
		}
		// The parser speaks in codes and message ids; the English a
		// finding carries until a program localizes it is worded here,
		// clipped as the parser's bound says.
		en := i18n.EnglishCatalogue()
		d := Diagnostic{Code: p.Code, Severity: sev, Message: jsonpos.Clip(en.Render(p.Text), jsonpos.MaxMessage),
			MessageID: p.Text.ID, Args: p.Text.Args,
			Pointer: pointerAt(doc, p.Start), Range: doc.Span(p.Start, p.End), Fixes: p.Fixes,
			Omitted: p.Omitted, OmittedCode: p.OmittedCode}
		for _, rel := range p.Related {
			d.Related = append(d.Related, Related{Message: en.S(rel.Text.ID), Text: rel.Text, Range: doc.Span(rel.Start, rel.End)})
		}
		ctx.diags = append(ctx.diags, d)
		if !recoverable[p.Code] && p.Code != jsonpos.CodeCapped {
			syntaxBroken = true
		}
	}
	ctx.SyntaxBroken = syntaxBroken
	det := card.Detect(doc.Root)
	ctx.Detection = det
	ctx.Era = det.Era
	res.Detection = det
	res.Era = det.Era
	if syntaxBroken {
		res.Era = card.EraUnknown
	}
	if doc.Root != nil && doc.Root.Kind == jsonpos.Object && det.Era != card.EraNotCard {
		for _, r := range registry {
			if r.Check == nil {
				continue
			}
			ctx.rule = r
			r.Check(ctx)
			if ctx.stopped {
				break
			}
		}
	} else if det.Era == card.EraNotCard || doc.Root != nil {
		for _, r := range registry {
			if r.Check != nil && r.Always {
				ctx.rule = r
				r.Check(ctx)
				if ctx.stopped {
					break
				}
			}
		}
	}
	if !ctx.secretsScanned && doc.Root != nil && doc.Root.Kind == jsonpos.Object && det.Era != card.EraNotCard {
		// the run stopped before the credential rule (too many findings):
		// its secrets are masked all the same
		walkCredentials(ctx, nil)
	}
	res.Secrets = ctx.secrets
	// other rules may quote a value holding a secret: mask it in their
	// words too, whichever rule ran first
	maskSecretsInFindings(ctx.diags, ctx.secretTexts)
	ctx.summarize()
	ctx.rule = nil
	res.Diagnostics = dropSuperseded(ctx.diags)
	sort.SliceStable(res.Diagnostics, func(i, j int) bool {
		a, b := res.Diagnostics[i], res.Diagnostics[j]
		if a.Range.Start.Offset != b.Range.Start.Offset {
			return a.Range.Start.Offset < b.Range.Start.Offset
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		return a.Code < b.Code
	})
	for i := range res.Diagnostics {
		d := &res.Diagnostics[i]
		d.URL = RuleURL(d.Code)
		titleFixes(d)
		switch d.Severity {
		case Error:
			res.Errors++
		case Warning:
			res.Warnings++
		case Info:
			res.Infos++
		}
	}
	return res
}

// titleFixes words in English the titles of the fixes a check or the
// parser attached as data (diag.Diagnostic.WithFixText, jsonpos),
// bounded by maxFixTitle (the parser's titles are a few words).
func titleFixes(d *Diagnostic) {
	for i := range d.Fixes {
		if f := &d.Fixes[i]; f.Title == "" && !f.Text.IsZero() {
			f.Title = jsonpos.Clip(i18n.EnglishCatalogue().Render(f.Text), maxFixTitle)
		}
	}
}

// summarize adds the findings-capped summary of every group that left
// findings out, and too-many-findings when the run stopped early. Groups are
// visited in the order of their first left out finding, so the output is
// deterministic.
func (c *Context) summarize() {
	var capped []*groupCount
	for _, g := range c.groups {
		if g.omitted > 0 {
			capped = append(capped, g)
		}
	}
	sort.Slice(capped, func(i, j int) bool {
		a, b := capped[i].first, capped[j].first
		if a.Range.Start.Offset != b.Range.Start.Offset {
			return a.Range.Start.Offset < b.Range.Start.Offset
		}
		return a.Code < b.Code
	})
	for _, g := range capped {
		d := c.add(codeCapped, Info, g.first.Pointer, g.first.Range, i18n.T("msg.findings-capped", g.omitted, g.first.Code, MaxPerGroup))
		d.Omitted, d.OmittedCode = g.omitted, g.first.Code
	}
	if c.stopped {
		c.add(codeTooMany, Info, c.stopAt.Pointer, c.stopAt.Range, i18n.T("msg.too-many-findings", MaxFindings))
	}
}

// pointerAt finds the pointer of the innermost node containing off.
func pointerAt(doc *jsonpos.Doc, off int) string {
	n := doc.Root
	if n == nil {
		return ""
	}
	for {
		var next *jsonpos.Node
		for _, c := range n.Children {
			if (off >= c.Start && off < c.End) || (c.IsMember() && off >= c.KeyStart && off < c.End) {
				next = c
				break
			}
		}
		if next == nil {
			return n.BoundedPointer()
		}
		n = next
	}
}

// supersedes lists, per rule code, the findings that a more specific finding
// on the same value makes redundant, so that one mistake gives one finding:
// a credential in an unknown member is reported as a credential, NaN as a
// syntax error rather than also as a wrong type.
var supersedes = map[string][]string{
	codeCredential:             {codeUnknown},
	jsonpos.CodeNonFinite:      {codeWrongType},
	jsonpos.CodeInvalidLiteral: {codeWrongType},
	jsonpos.CodeInvalidNumber:  {codeWrongType},
	jsonpos.CodeInvalidString:  {codeWrongType},
	codeSigEncoding:            {codeSigProtected},
}

func dropSuperseded(diags []Diagnostic) []Diagnostic {
	var drop map[string]bool // pointer + "\x00" + code
	for _, d := range diags {
		for _, code := range supersedes[d.Code] {
			if drop == nil {
				drop = map[string]bool{}
			}
			drop[d.Pointer+"\x00"+code] = true
		}
	}
	if drop == nil {
		return diags
	}
	out := diags[:0]
	for _, d := range diags {
		if !drop[d.Pointer+"\x00"+d.Code] {
			out = append(out, d)
		}
	}
	return out
}
