package lint

import (
	"fmt"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Context is what a rule's Check sees: the parsed document, the detected
// era and a way to report.
type Context struct {
	Doc  *jsonpos.Doc
	Root *jsonpos.Node
	// Era is the detected shape even when the JSON had syntax problems
	// (the result then says "unknown", but rules still run on the
	// recovered tree so the user sees more than the first problem).
	Era          card.Era
	Detection    card.Detection
	SyntaxBroken bool

	rule  *Rule
	diags []Diagnostic
	urls  map[string]urlInfo // classifyURL results for this run

	ifaces     [][]ifaceEntry // interface lists, read once per run
	ifacesDone bool
}

// Is10 reports whether the card has a 1.0 half (1.0 or mixed).
func (c *Context) Is10() bool { return c.Era == card.Era10 || c.Era == card.EraMixed }

// IsLegacy reports whether the card is a pure 0.2/0.3 card.
func (c *Context) IsLegacy() bool { return c.Era == card.Era03 || c.Era == card.Era02 }

func (c *Context) add(code string, sev Severity, pointer string, r jsonpos.Range, msg string) *Diagnostic {
	c.diags = append(c.diags, Diagnostic{Code: code, Severity: sev, Message: msg, Pointer: pointer, Range: r})
	return &c.diags[len(c.diags)-1]
}

func (c *Context) current() *Rule {
	if c.rule == nil {
		panic("lint: Report called outside a rule's Check")
	}
	return c.rule
}

// Report adds a finding of the running rule on a node's value.
func (c *Context) Report(n *jsonpos.Node, format string, args ...any) *Diagnostic {
	r := c.current()
	return c.add(r.Code, r.Severity, n.Pointer(), c.Doc.Range(n), fmt.Sprintf(format, args...))
}

// ReportKey adds a finding on a member's name (the value's range for
// array elements).
func (c *Context) ReportKey(n *jsonpos.Node, format string, args ...any) *Diagnostic {
	r := c.current()
	return c.add(r.Code, r.Severity, n.Pointer(), c.Doc.KeyRange(n), fmt.Sprintf(format, args...))
}

// ReportMember adds a finding spanning a member's name and value.
func (c *Context) ReportMember(n *jsonpos.Node, format string, args ...any) *Diagnostic {
	r := c.current()
	start := n.Start
	if n.IsMember() {
		start = n.KeyStart
	}
	return c.add(r.Code, r.Severity, n.Pointer(), c.Doc.Span(start, n.End), fmt.Sprintf(format, args...))
}

// ReportMissing adds a finding for a member absent from an object: the
// pointer names the missing member, the range is the object's own key (or
// its opening brace for the root and array elements), which is where an
// editor can show it.
func (c *Context) ReportMissing(obj *jsonpos.Node, key string, format string, args ...any) *Diagnostic {
	r := c.current()
	var rng jsonpos.Range
	if obj.IsMember() {
		rng = c.Doc.Span(obj.KeyStart, obj.KeyEnd)
	} else {
		rng = c.Doc.Span(obj.Start, obj.Start+1)
	}
	return c.add(r.Code, r.Severity, obj.ChildPointer(key), rng, fmt.Sprintf(format, args...))
}

// ReportAs reports under another rule's code (for checks that share one
// walk, such as the catalogue-driven structure checks).
func (c *Context) ReportAs(code string, n *jsonpos.Node, rng jsonpos.Range, format string, args ...any) *Diagnostic {
	r := ruleByCode[code]
	if r == nil {
		panic("lint: unknown rule code " + code)
	}
	ptr := ""
	if n != nil {
		ptr = n.Pointer()
	}
	return c.add(code, r.Severity, ptr, rng, fmt.Sprintf(format, args...))
}

// WithSeverity overrides the rule's default severity for this finding
// (for example, stronger when a problem is in the preferred interface).
func (d *Diagnostic) WithSeverity(s Severity) *Diagnostic { d.Severity = s; return d }

// WithFix attaches a machine-applicable fix.
func (d *Diagnostic) WithFix(title string, edits ...Edit) *Diagnostic {
	d.Fixes = append(d.Fixes, Fix{Title: title, Edits: edits})
	return d
}

// Replace is an edit replacing a node's whole value with text (already
// JSON-encoded).
func (c *Context) Replace(n *jsonpos.Node, text string) Edit { return c.Doc.Edit(n.Start, n.End, text) }

// RenameKey is an edit renaming a member (name given unquoted).
func (c *Context) RenameKey(n *jsonpos.Node, name string) Edit {
	return c.Doc.Edit(n.KeyStart, n.KeyEnd, quote(name))
}

// Interfaces returns the card's interface list as clients see it (see
// card.Interfaces).
func (c *Context) Interfaces() []card.Interface { return card.Interfaces(c.Root) }
