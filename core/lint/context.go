package lint

import (
	"sync"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
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

	examples bool // Options.Examples
	rule     *Rule
	diags    []Diagnostic
	urls     map[string]int32 // classifyURL results for this run: index in urlVals

	ifaces              [][]ifaceEntry // interface lists, read once per run
	ifacesDone          bool
	v10, legacy         []ifaceEntry // v10Entries and legacyEntries, once per run
	v10Done, legacyDone bool
	mixed               *mixedIndex
	norm                map[string]string // normURL results
	hosts               map[string]hostInfo
	skills              []*jsonpos.Node // skillObjects
	skillsDone          bool
	// once per run, read by several rules each
	schemes     []secScheme // securitySchemes
	schemesDone bool
	reqs        []secRequirement // securityRequirements
	reqsDone    bool
	modes       []modeList // modeLists
	modesDone   bool
	idURLs      []identityURL // identityURLs
	idURLsDone  bool
	urlVals     []urlInfo // the values of urls (urlInfo is too big for a map value)

	// caps (see MaxPerGroup and MaxFindings)
	groups map[groupKey]*groupCount
	// lastKey and lastGroup remember the group of the previous admit.
	lastKey   groupKey
	lastGroup *groupCount
	stopped   bool
	stopAt    Diagnostic
	scratch   Diagnostic

	// secrets are the source bytes excerpts mask (walkCredentials);
	// secretsScanned says the walk ran.
	secrets        []findings.Span
	secretsScanned bool
	// secretTexts are the secrets themselves, for maskSecretsInFindings
	// to keep out of every finding's words.
	secretTexts []string
}

// contexts keeps the per-run maps of finished runs (URL and host
// classifications, normalized URLs, finding groups), cleared, for the next
// run: an editor lints on every keystroke, and making them anew was a good
// part of what a run allocates. Nothing a result holds points into them.
var contexts = sync.Pool{New: func() any { return new(Context) }}

func newContext(doc *jsonpos.Doc) *Context {
	c := contexts.Get().(*Context)
	urls, norm, hosts, groups, vals := c.urls, c.norm, c.hosts, c.groups, c.urlVals
	clear(urls)
	clear(norm)
	clear(hosts)
	clear(groups)
	clear(vals)
	*c = Context{Doc: doc, Root: doc.Root, urls: urls, norm: norm, hosts: hosts, groups: groups, urlVals: vals[:0]}
	return c
}

// release gives the run's maps back; the Context must not be used after.
// Maps grown by a hostile document are not kept.
func (c *Context) release() {
	if len(c.urls) > 256 || len(c.norm) > 256 || len(c.hosts) > 256 || len(c.groups) > 256 {
		return
	}
	clear(c.urlVals)
	*c = Context{urls: c.urls, norm: c.norm, hosts: c.hosts, groups: c.groups, urlVals: c.urlVals[:0]}
	contexts.Put(c)
}

// Is10 reports whether the card has a 1.0 half (1.0 or mixed).
func (c *Context) Is10() bool { return c.Era == card.Era10 || c.Era == card.EraMixed }

// IsLegacy reports whether the card is a pure 0.2/0.3 card.
func (c *Context) IsLegacy() bool { return c.Era == card.Era03 || c.Era == card.Era02 }

// Bounds on one run's findings (docs/PERFORMANCE.md, worst case: every input's work and output
// are bounded). A hostile card can hold 200,000 empty skills; without them
// it would get a million findings and half a gigabyte of JSON.
const (
	// MaxPerGroup is how many findings of one code are kept under one
	// group: the outermost array holding the reported value (skills,
	// supportedInterfaces, …), or else its parent object. Further ones are
	// counted and summarized by one findings-capped finding.
	MaxPerGroup = 20
	// MaxFindings is the total: once reached, one too-many-findings finding
	// is added and no further rule runs.
	MaxFindings = 1000
	// MaxMessage bounds a finding's message in bytes (diag.MaxMessage).
	MaxMessage = diag.MaxMessage
	// maxFixTitle bounds a fix's title in bytes.
	maxFixTitle = findings.MaxFixTitle
)

// groupKey identifies the findings of one code under one group.
type groupKey struct {
	code  string
	group *jsonpos.Node
}

// groupCount is what a group has seen: findings kept and left out, and
// where the first left out one was.
type groupCount struct {
	kept, omitted int
	first         Diagnostic // code, pointer and range of the first left out
}

// groupOf is the group of a value whose parent is p: the outermost array
// among p and its ancestors, else p itself.
func groupOf(p *jsonpos.Node) *jsonpos.Node {
	g := p
	for a := p; a != nil; a = a.Parent {
		if a.Kind == jsonpos.Array {
			g = a
		}
	}
	return g
}

// place says where a finding is, without computing it: the pointer and
// range are built only for kept findings (and a group's first left out
// one), so a capped finding costs no allocation.
type place struct {
	n     *jsonpos.Node
	child string // a missing member of n: the pointer names it
	kind  placeKind
	rng   jsonpos.Range // for placeGiven
}

type placeKind uint8

const (
	placeValue   placeKind = iota // n's value
	placeKey                      // n's member name (the value for elements)
	placeMember                   // n's name and value
	placeMissing                  // n's own key, or its opening brace
	placeGiven                    // rng
)

func (c *Context) locate(w place) (string, jsonpos.Range) {
	ptr := ""
	switch {
	case w.n == nil:
	case w.child != "":
		ptr = w.n.ChildBoundedPointer(w.child)
	default:
		ptr = w.n.BoundedPointer()
	}
	n := w.n
	switch w.kind {
	case placeValue:
		return ptr, c.Doc.Range(n)
	case placeKey:
		return ptr, c.Doc.KeyRange(n)
	case placeMember:
		start := n.Start
		if n.IsMember() {
			start = n.KeyStart
		}
		return ptr, c.Doc.Span(start, n.End)
	case placeMissing:
		if n.IsMember() {
			return ptr, c.Doc.Span(n.KeyStart, n.KeyEnd)
		}
		return ptr, c.Doc.Span(n.Start, n.Start+1)
	}
	return ptr, w.rng
}

// full reports whether findings of code under parent's group are already
// capped (or the run stopped), so a rule can skip costly work (such as
// finding the closest field name) for a finding that would only be
// counted.
func (c *Context) full(code string, parent *jsonpos.Node) bool {
	if c.stopped {
		return true
	}
	g := c.groups[groupKey{code, groupOf(parent)}]
	return g != nil && g.kept >= MaxPerGroup
}

// admit decides whether a finding of code under group is kept. It returns
// false, after counting it, when the group's or the run's cap is reached;
// the caller then skips formatting the message.
func (c *Context) admit(code string, group *jsonpos.Node, w place) bool {
	if c.stopped {
		return false
	}
	if c.groups == nil {
		c.groups = map[groupKey]*groupCount{}
	}
	k := groupKey{code, group}
	// Findings come in runs (one rule walking one array), so the previous
	// group answers most look-ups without hashing: on 200,000 elements
	// that is most of the cost of a capped finding.
	g := c.lastGroup
	if g == nil || c.lastKey != k {
		g = c.groups[k]
		if g == nil {
			g = &groupCount{}
			c.groups[k] = g
		}
		c.lastKey, c.lastGroup = k, g
	}
	if g.kept >= MaxPerGroup {
		if g.omitted == 0 {
			ptr, rng := c.locate(w)
			g.first = Diagnostic{Code: code, Pointer: ptr, Range: rng}
		}
		g.omitted++
		return false
	}
	if len(c.diags) >= MaxFindings {
		c.stopped = true
		ptr, rng := c.locate(w)
		c.stopAt = Diagnostic{Pointer: ptr, Range: rng}
		return false
	}
	g.kept++
	return true
}

func (c *Context) add(code string, sev Severity, pointer string, r jsonpos.Range, t i18n.Text) *Diagnostic {
	c.diags = append(c.diags, Diagnostic{Code: code, Severity: sev, Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(t), MaxMessage),
		MessageID: t.ID, Args: t.Args, Pointer: jsonpos.Clip(pointer, jsonpos.MaxPointer), Range: r})
	return &c.diags[len(c.diags)-1]
}

// discarded is what reporting returns for a finding left out by a cap:
// callers may still chain WithFix or set Pointer on it, to no effect.
func (c *Context) discarded() *Diagnostic {
	c.scratch = Diagnostic{}
	return &c.scratch
}

// Stopped reports whether the run reached MaxFindings; rules looping over
// large lists may return early.
func (c *Context) Stopped() bool { return c.stopped }

func (c *Context) current() *Rule {
	if c.rule == nil {
		panic("lint: Report called outside a rule's Check")
	}
	return c.rule
}

// Report adds a finding of the running rule on a node's value. id is a
// catalogue message id ("msg.<code>…", core/i18n) and args its arguments;
// the words are the catalogues', so any program can show them in its
// reader's language.
func (c *Context) Report(n *jsonpos.Node, id string, args ...any) *Diagnostic {
	r := c.current()
	return c.report(r.Code, r.Severity, n.Parent, place{n: n, kind: placeValue}, id, args)
}

// ReportKey adds a finding on a member's name (the value's range for
// array elements).
func (c *Context) ReportKey(n *jsonpos.Node, id string, args ...any) *Diagnostic {
	r := c.current()
	return c.report(r.Code, r.Severity, n.Parent, place{n: n, kind: placeKey}, id, args)
}

// ReportMember adds a finding spanning a member's name and value.
func (c *Context) ReportMember(n *jsonpos.Node, id string, args ...any) *Diagnostic {
	r := c.current()
	return c.report(r.Code, r.Severity, n.Parent, place{n: n, kind: placeMember}, id, args)
}

// ReportMissing adds a finding for a member absent from an object: the
// pointer names the missing member, the range is the object's own key (or
// its opening brace for the root and array elements), which is where an
// editor can show it.
func (c *Context) ReportMissing(obj *jsonpos.Node, key string, id string, args ...any) *Diagnostic {
	r := c.current()
	return c.report(r.Code, r.Severity, obj, place{n: obj, child: key, kind: placeMissing}, id, args)
}

// ReportAs reports under another rule's code (for checks that share one
// walk, such as the catalogue-driven structure checks).
func (c *Context) ReportAs(code string, n *jsonpos.Node, rng jsonpos.Range, id string, args ...any) *Diagnostic {
	r := RuleFor(code)
	if r == nil {
		panic("lint: unknown rule code " + code)
	}
	var parent *jsonpos.Node
	if n != nil {
		parent = n.Parent
	}
	return c.report(code, r.Severity, parent, place{n: n, kind: placeGiven, rng: rng}, id, args)
}

// ReportMissingAs is ReportAs for a member key absent from obj: the
// pointer names the missing member (computed only when the finding is kept).
func (c *Context) ReportMissingAs(code string, obj *jsonpos.Node, key string, rng jsonpos.Range, id string, args ...any) *Diagnostic {
	r := RuleFor(code)
	if r == nil {
		panic("lint: unknown rule code " + code)
	}
	return c.report(code, r.Severity, obj.Parent, place{n: obj, child: key, kind: placeGiven, rng: rng}, id, args)
}

// report is the one way findings are added: the caps are checked before
// the pointer and message are built, so a capped finding costs a map
// lookup.
func (c *Context) report(code string, sev Severity, parent *jsonpos.Node, w place, id string, args []any) *Diagnostic {
	if !c.admit(code, groupOf(parent), w) {
		return c.discarded()
	}
	ptr, rng := c.locate(w)
	return c.add(code, sev, ptr, rng, i18n.T(id, args...))
}

// Replace is an edit replacing a node's whole value with text (already
// JSON-encoded).
func (c *Context) Replace(n *jsonpos.Node, text string) Edit { return c.Doc.Edit(n.Start, n.End, text) }

// RenameKey is an edit renaming a member (name given unquoted).
func (c *Context) RenameKey(n *jsonpos.Node, name string) Edit {
	return c.Doc.Edit(n.KeyStart, n.KeyEnd, jsonpos.Quote(name))
}

// Interfaces returns the card's interface list as clients see it (see
// card.Interfaces).
func (c *Context) Interfaces() []card.Interface { return card.Interfaces(c.Root) }
