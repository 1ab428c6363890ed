// Package lint checks Agent Cards against the rule catalogue. Every rule
// is plain data (code, severity, explanation, fix, spec section, examples)
// plus a check function; Lint runs all of them and returns every finding,
// never only the first.
package lint

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"

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

// Diagnostic is one finding (docs/ARCHITECTURE.md §3).
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
// what is there (docs/ARCHITECTURE.md §4: {"message", "range"}).
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
	// Examples marks a card written as an example: a rule's bad and good
	// examples, a test fixture. Such cards are meant to use the names
	// RFC 2606 reserves for documentation, so example-placeholder, which
	// reports those names in cards about to be published, stays silent.
	Examples bool
}

// Result is the outcome of linting one input; its JSON form is the CLI's
// result object (docs/ARCHITECTURE.md §4).
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
}

// Release hands the parsed document's memory to later lints
// (jsonpos.Doc.Release) and drops r.Doc: for a caller that has copied out
// what it needs (the findings keep no node) and lints again soon, as the
// editor does on every keystroke.
func (r *Result) Release() {
	if r.Doc != nil {
		r.Doc.Release()
		r.Doc = nil
	}
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

// AppendJSON appends to b what MarshalJSON writes, byte for byte, by
// hand: for the CLI, where encoding/json built its encoders for these
// types by reflection on the first result, a tenth of a lint's own time
// (docs/ARCHITECTURE.md §6); TestResultJSON compares the two. MarshalJSON
// stays encoding/json's: the Worker marshals results inside larger
// values by reflection anyway, and this code in its wasm cost 10 KB of
// gzip there.
func (r *Result) AppendJSON(b []byte) []byte {
	// the brace itself, not w.Open: what b ends with is not the writer's
	w := &jsonpos.Writer{B: append(b, '{'), EscapeHTML: true}
	w.S("input", r.Input)
	w.S("era", string(r.Era))
	w.I("errors", r.Errors)
	w.I("warnings", r.Warnings)
	w.I("infos", r.Infos)
	w.Key("diagnostics")
	w.OpenList()
	for i := range r.Diagnostics {
		r.Diagnostics[i].appendJSON(w)
	}
	w.CloseList()
	w.Close()
	return w.B
}

func (d *Diagnostic) appendJSON(w *jsonpos.Writer) {
	w.Open()
	w.S("code", d.Code)
	w.S("severity", d.Severity.String())
	w.S("message", d.Message)
	w.SO("messageId", d.MessageID)
	if len(d.Args) > 0 {
		w.Key("args")
		appendArgs(w, d.Args)
	}
	w.S("pointer", d.Pointer)
	w.Range("range", d.Range)
	if len(d.Fixes) > 0 {
		w.Key("fixes")
		w.OpenList()
		for _, f := range d.Fixes {
			w.Open()
			w.S("title", f.Title)
			w.T("safe", f.Safe)
			w.Key("edits")
			if f.Edits == nil {
				w.Null()
			} else {
				w.OpenList()
				for _, e := range f.Edits {
					w.Open()
					w.Range("range", e.Range)
					w.S("newText", e.NewText)
					w.Close()
				}
				w.CloseList()
			}
			w.Close()
		}
		w.CloseList()
	}
	if len(d.Related) > 0 {
		w.Key("related")
		w.OpenList()
		for _, r := range d.Related {
			w.Open()
			w.S("message", r.Message)
			w.Range("range", r.Range)
			w.Close()
		}
		w.CloseList()
	}
	w.SO("url", d.URL)
	w.IO("omitted", d.Omitted)
	w.SO("omittedCode", d.OmittedCode)
	w.Close()
}

// appendArgs writes a message's arguments: the kinds findings carry by
// hand, anything else as encoding/json writes it.
func appendArgs(w *jsonpos.Writer, args []any) {
	w.OpenList()
	for _, a := range args {
		switch v := a.(type) {
		case string:
			w.Str(v)
		case i18n.Phrase:
			w.Str(string(v))
		case int:
			w.Int(v)
		case int64:
			w.Sep()
			w.B = strconv.AppendInt(w.B, v, 10)
		case i18n.Text:
			w.Open()
			w.S("id", v.ID)
			if len(v.Args) > 0 {
				w.Key("args")
				appendArgs(w, v.Args)
			}
			w.Close()
		default:
			b, err := json.Marshal(v)
			if err != nil {
				// what encoding/json would have failed the whole result
				// with; a finding's argument is never such a value
				b = []byte("null")
			}
			w.Raw(b)
		}
	}
	w.CloseList()
}

// recoverable problems leave a document every JSON reader can still read
// the same way; any other syntax problem makes the era unknowable.
var recoverable = map[string]bool{jsonpos.CodeDuplicateKey: true, jsonpos.CodeInvalidUTF8: true}

// Lint parses src and runs every rule.
func Lint(src []byte, opts Options) *Result {
	doc := jsonpos.Parse(src, jsonpos.Options{MaxBytes: opts.MaxBytes, MaxDepth: opts.MaxDepth})
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
