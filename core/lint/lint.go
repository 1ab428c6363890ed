// Package lint checks Agent Cards against the rule catalogue. Every rule
// is plain data (code, severity, explanation, fix, spec section, examples)
// plus a check function; Lint runs all of them and returns every finding,
// never only the first.
package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Severity of a finding. Only errors make a card invalid (and the CLI exit
// with 1); warnings are likely problems; infos are things worth knowing.
type Severity uint8

const (
	Error Severity = iota + 1
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "unknown"
}

// MarshalText writes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "info":
		*s = Info
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Position, Range, Edit and Fix are the parser's; re-exported so callers
// need only this package.
type (
	Position = jsonpos.Position
	Range    = jsonpos.Range
	Edit     = jsonpos.Edit
	Fix      = jsonpos.Fix
)

// Diagnostic is one finding (docs/ARCHITECTURE.md, The engine).
type Diagnostic struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// MessageID and Args are Message as data: the catalogue id and its
	// arguments (core/i18n). Message is their English rendering until a
	// program localizes the result (Result.Localize).
	MessageID string `json:"messageId,omitempty"`
	Args      []any  `json:"args,omitempty"`
	Pointer   string `json:"pointer"`
	Range     Range  `json:"range"`
	Fixes     []Fix  `json:"fixes,omitempty"`
	// Related are other places the finding involves, e.g. the first
	// occurrence of a duplicate key.
	Related []Related `json:"related,omitempty"`
	// URL is the rule's documentation page, always RuleURL(Code).
	URL string `json:"url,omitempty"`
	// Omitted and OmittedCode are set on the summary codes: a
	// findings-capped finding says how many findings of OmittedCode were
	// left out under its group (or, for syntax, in the document).
	Omitted     int    `json:"omitted,omitempty"`
	OmittedCode string `json:"omittedCode,omitempty"`
}

// Related is a second place a finding points at, with a short label of
// what is there (docs/ARCHITECTURE.md, Contracts: {"message", "range"}).
type Related struct {
	Message string `json:"message"`
	Range   Range  `json:"range"`
	// Text is Message as data.
	Text i18n.Text `json:"-"`
}

// SiteURL is the public site whose /rules/<code>/ pages document each rule.
const SiteURL = "https://agentcard.dev"

// RulePath is a rule's page on the site, relative to its root. Every
// surface that links a rule (CLI, SARIF, reports, playground) builds the
// link from here, so the layout of the site is known in one place.
func RulePath(code string) string { return "/rules/" + url.PathEscape(code) + "/" }

// RuleURL is the absolute address of a rule's page.
func RuleURL(code string) string { return SiteURL + RulePath(code) }

// RulePathIn is RulePath for the pages of one language.
func RulePathIn(l i18n.Lang, code string) string { return l.Prefix() + RulePath(code) }

// RuleURLIn is RuleURL for the pages of one language.
func RuleURLIn(l i18n.Lang, code string) string { return SiteURL + RulePathIn(l, code) }

// Options tune a run. Zero values are the defaults.
type Options struct {
	// MaxBytes and MaxDepth bound the parser (1 MiB and 64 by default).
	MaxBytes int
	MaxDepth int
}

// Result is the outcome of linting one input; its JSON form is the CLI's
// result object (docs/ARCHITECTURE.md, Contracts).
type Result struct {
	Input       string       `json:"input"`
	Era         card.Era     `json:"era"`
	Errors      int          `json:"errors"`
	Warnings    int          `json:"warnings"`
	Infos       int          `json:"infos"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Doc is the parsed document, for callers that show source excerpts
	// or convert positions.
	Doc *jsonpos.Doc `json:"-"`
	// Detection carries what era detection saw (the not-a-card guess).
	Detection card.Detection `json:"-"`
	// secrets are the bytes of Doc.Src that ExcerptSource masks.
	secrets []span
}

// span is a byte range [start, end) of a source.
type span struct{ start, end int }

// ExcerptSource is Doc.Src as every source excerpt shows it, the CLI's
// text output and the report's alike, so that what an excerpt may show
// is decided here once:
//
//   - nil, no excerpt at all, for an input that is not a card: not a JSON
//     object (the first line of a .env named by mistake, or by a --from
//     list, is no card's and may hold a secret: issue 36, B22), or an
//     object detected as something else than a card;
//   - else the source with every secret credential-in-card found masked,
//     its bytes after the characters the finding's message shows turned
//     into '*' (B23: the message masked it, the excerpt under it and the
//     excerpts of other findings on its line did not). The length stays,
//     so every offset, line and column of the findings still applies.
//
// The masked copy is made only when there is a secret.
func (r *Result) ExcerptSource() []byte {
	if r == nil || r.Doc == nil || r.Doc.Root == nil || r.Doc.Root.Kind != jsonpos.Object || r.Detection.Era == card.EraNotCard {
		return nil
	}
	src := r.Doc.Src
	if len(r.secrets) == 0 {
		return src
	}
	out := bytes.Clone(src)
	for _, s := range r.secrets {
		for i := max(s.start, 0); i < min(s.end, len(out)); i++ {
			out[i] = '*'
		}
	}
	return out
}

// Valid reports whether the result has no error-severity finding.
func (r *Result) Valid() bool { return r.Errors == 0 }

// MarshalJSON keeps "diagnostics" an array even when empty.
func (r *Result) MarshalJSON() ([]byte, error) {
	type plain Result
	c := *r
	if c.Diagnostics == nil {
		c.Diagnostics = []Diagnostic{}
	}
	return json.Marshal((*plain)(&c))
}

// recoverable problems leave a document every JSON reader can still read
// the same way; any other syntax problem makes the era unknowable.
var recoverable = map[string]bool{jsonpos.CodeDuplicateKey: true, jsonpos.CodeInvalidUTF8: true}

// Lint parses src and runs every rule.
func Lint(src []byte, opts Options) *Result {
	doc := jsonpos.Parse(src, jsonpos.Options{MaxBytes: opts.MaxBytes, MaxDepth: opts.MaxDepth})
	return LintDoc(doc)
}

// LintDoc runs every rule on an already parsed document.
func LintDoc(doc *jsonpos.Doc) *Result {
	loadRules()
	res := &Result{Doc: doc}
	ctx := newContext(doc)
	defer ctx.release()
	syntaxBroken := false
	for _, p := range doc.Problems {
		r := ruleByCode[p.Code]
		sev := Error
		if r != nil {
			sev = r.Severity
		}
		d := Diagnostic{Code: p.Code, Severity: sev, Message: p.Message, MessageID: p.Text.ID, Args: p.Text.Args,
			Pointer: pointerAt(doc, p.Start), Range: doc.Span(p.Start, p.End), Fixes: p.Fixes,
			Omitted: p.Omitted, OmittedCode: p.OmittedCode}
		for _, rel := range p.Related {
			d.Related = append(d.Related, Related{Message: rel.Label, Text: rel.Text, Range: doc.Span(rel.Start, rel.End)})
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
	res.secrets = ctx.secrets
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
