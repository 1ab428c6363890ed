package selection

import (
	"fmt"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Outcomes of a selection (docs/ARCHITECTURE.md §3).
const (
	Selected              = "selected"
	NoCompatibleInterface = "no-compatible-interface"
	InvalidCard           = "invalid-card"
)

// Decisions of a trace step.
const (
	DecisionSelected   = "selected"
	DecisionSkipped    = "skipped"
	DecisionNotReached = "not-reached"
)

// Lists a selection can read.
const (
	ListSupported = "supportedInterfaces"
	ListLegacy    = "legacy"
)

// Step is one line of the trace: what happened to one entry of the card's
// list, and why.
type Step struct {
	Index    int    `json:"index"`
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	// Source says where the entry is in the card ("supportedInterfaces[1]",
	// "url + preferredTransport", "additionalInterfaces[0]").
	Source string `json:"source"`
	// The entry as read (empty when absent or not a string).
	URL             string `json:"url,omitempty"`
	ProtocolBinding string `json:"protocolBinding,omitempty"`
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	// Start and End are the entry's byte range in the source, for editors.
	Start int `json:"start"`
	End   int `json:"end"`
}

// Result is the outcome of Select. Its JSON form is the CLI's and the
// editor's select result: outcome, index, url, protocolBinding,
// protocolVersion, tenant and trace are the contract (docs/ARCHITECTURE.md §4); the
// other members are extras for people and editors.
type Result struct {
	Outcome         string `json:"outcome"`
	Index           int    `json:"index"` // -1 when nothing was selected
	URL             string `json:"url"`
	ProtocolBinding string `json:"protocolBinding"`
	ProtocolVersion string `json:"protocolVersion"`
	Tenant          string `json:"tenant"`
	Trace           []Step `json:"trace"`
	// TraceOmitted counts the entries left out of Trace: it holds at most
	// MaxTrace steps (plus the selected one), so a card listing 100,000
	// interfaces costs every surface a bounded answer.
	TraceOmitted int `json:"traceOmitted,omitempty"`

	// HasTenant tells an unset tenant (send none) from an empty one.
	HasTenant bool `json:"hasTenant"`
	// Source, Start and End locate the selected entry.
	Source string `json:"source,omitempty"`
	Start  int    `json:"start,omitempty"`
	End    int    `json:"end,omitempty"`
	// List is the list that was read: supportedInterfaces, or the legacy
	// list derived from url, preferredTransport and additionalInterfaces.
	List string `json:"list,omitempty"`
	// Client is the profile, normalized; Message says the outcome in one
	// sentence.
	Client  string `json:"client"`
	Message string `json:"message"`
	// ProfileNotes say what in the client profile was read differently
	// from how it was written (a lower-case core binding): the profile's
	// mistake, explained, never advice to change a correct card.
	ProfileNotes []string `json:"profileNotes,omitempty"`
}

// MaxTrace bounds the steps of a Result's Trace. Every entry is still
// judged (the selected one may come late), but only the first MaxTrace
// steps and the selected step are kept; the walk stops at the selection.
const MaxTrace = 100

// Select chooses the interface a client with profile p would use for the
// parsed card. A document that a strict JSON reader would refuse, that is
// not an object, that is clearly not a card, or that lists no interface at
// all gives the outcome invalid-card.
func Select(doc *jsonpos.Doc, p Profile) Result { return selectDoc(doc, nil, p) }

// SelectDetected is Select for a document whose era is already known: pass
// the Detection of the lint result of the same document (lint.Result has
// it), so a report that lints once and simulates several clients detects
// the era once, not once per client.
func SelectDetected(doc *jsonpos.Doc, det card.Detection, p Profile) Result {
	return selectDoc(doc, &det, p)
}

func selectDoc(doc *jsonpos.Doc, det *card.Detection, p Profile) Result {
	if doc == nil || doc.Root == nil {
		return invalid(p, "the document could not be read as JSON, so a client cannot read the card")
	}
	for _, pr := range doc.Problems {
		if pr.Code == jsonpos.CodeDuplicateKey || pr.Code == jsonpos.CodeInvalidUTF8 {
			continue
		}
		pos := doc.Pos(pr.Start)
		return invalid(p, fmt.Sprintf("the card is not valid JSON (line %d, column %d: %s), so a client cannot read it", pos.Line, pos.Column, pr.Message))
	}
	return selectRoot(doc.Root, det, p)
}

// SelectSource parses src with the default limits and selects.
func SelectSource(src []byte, p Profile) Result {
	return Select(jsonpos.Parse(src, jsonpos.Options{}), p)
}

// SelectRoot selects from an already parsed card's root value, without
// looking at syntax problems.
func SelectRoot(root *jsonpos.Node, p Profile) Result { return selectRoot(root, nil, p) }

func selectRoot(root *jsonpos.Node, det *card.Detection, p Profile) Result {
	if root == nil || root.Kind == jsonpos.Invalid {
		return invalid(p, "the document could not be read as JSON, so a client cannot read the card")
	}
	if root.Kind != jsonpos.Object {
		return invalid(p, fmt.Sprintf("the document is a JSON %s, not an object, so it is not an Agent Card", root.Kind))
	}
	if det == nil || det.Node == nil && det.Era == "" {
		d := card.Detect(root)
		det = &d
	}
	if det.Era == card.EraNotCard {
		return invalid(p, "this looks like "+det.LooksLike+", not an A2A Agent Card")
	}
	list := ListLegacy
	if si := root.Get("supportedInterfaces"); si != nil {
		list = ListSupported
		if si.Kind != jsonpos.Array {
			return invalid(p, fmt.Sprintf("supportedInterfaces is a JSON %s, not an array, so a client finds no interface to use", si.Kind))
		}
		if len(si.Children) == 0 {
			return invalid(p, "supportedInterfaces is empty, so a client finds no interface to use")
		}
	} else if root.Get("url") == nil {
		return invalid(p, "the card lists no interface: it has neither supportedInterfaces (1.0) nor url (0.3), so a client has nowhere to connect")
	}
	entries := card.Interfaces(root)
	res := Result{Outcome: NoCompatibleInterface, Index: -1, List: list, Client: p.String(), Trace: make([]Step, 0, min(len(entries), MaxTrace+1)), ProfileNotes: p.Notes()}
	for k, it := range entries {
		if res.Outcome == Selected {
			if len(res.Trace) >= MaxTrace {
				res.TraceOmitted += len(entries) - k
				break
			}
			st := Step{Index: it.Index, Source: it.Source, Decision: DecisionNotReached}
			st.Start, st.End = span(it.Node)
			st.Reason = fmt.Sprintf("not considered: entry %d was already chosen, and the card's order is its preference", res.Index)
			fill(&st, it)
			res.Trace = append(res.Trace, st)
			continue
		}
		// Past the kept steps, an entry is judged without wording the
		// reason: nobody reads it, and a long list would pay for each one.
		reason, ok := judge(root, it, p, list, len(res.Trace) < MaxTrace)
		if !ok && len(res.Trace) >= MaxTrace {
			res.TraceOmitted++
			continue
		}
		st := Step{Index: it.Index, Source: it.Source, Decision: DecisionSkipped, Reason: reason}
		st.Start, st.End = span(it.Node)
		fill(&st, it)
		if ok {
			st.Decision = DecisionSelected
			res.Outcome = Selected
			res.Index = it.Index
			res.URL = strings.TrimSpace(it.URL)
			res.ProtocolBinding = it.Binding
			res.ProtocolVersion, _ = card.ParseMajorMinor(it.Version)
			res.Tenant, res.HasTenant = it.Tenant, it.HasTenant
			res.Source, res.Start, res.End = it.Source, st.Start, st.End
		}
		res.Trace = append(res.Trace, st)
	}
	if res.Outcome == Selected {
		res.Message = fmt.Sprintf("a client speaking %s uses entry %d (%s): %s %s at %s", res.Client, res.Index, res.Source, res.ProtocolBinding, res.ProtocolVersion, res.URL)
		switch {
		case res.HasTenant && res.Tenant != "":
			res.Message += fmt.Sprintf(", sending tenant %q with every request", res.Tenant)
		case res.HasTenant:
			res.Message += ", with an empty tenant (sending no tenant)"
		}
	} else {
		res.Message = fmt.Sprintf("no entry of the card matches a client speaking %s: the client must stop and report \"no compatible interface\" rather than guess another endpoint", res.Client)
	}
	return res
}

func invalid(p Profile, msg string) Result {
	return Result{Outcome: InvalidCard, Index: -1, Client: p.String(), Trace: []Step{}, Message: msg, ProfileNotes: p.Notes()}
}

func fill(st *Step, it card.Interface) {
	st.URL, st.ProtocolBinding, st.ProtocolVersion = it.URL, it.Binding, it.Version
}

func span(n *jsonpos.Node) (int, int) {
	if n == nil {
		return 0, 0
	}
	if n.IsMember() && n.Key == "url" && n.Kind != jsonpos.Object {
		// the derived first entry of a legacy card is its url member
		return n.KeyStart, n.End
	}
	return n.Start, n.End
}

// judge decides one entry: the reason, and whether the client takes it.
func judge(root *jsonpos.Node, it card.Interface, p Profile, list string, explain bool) (string, bool) {
	n := it.Node
	var urlNode, bindingNode, versionNode *jsonpos.Node
	urlName, bindingName, versionName := "url", "protocolBinding", "protocolVersion"
	bindingDefault := false
	switch {
	case list == ListSupported:
		if n == nil || n.Kind != jsonpos.Object {
			if !explain {
				return "", false
			}
			kind := "missing value"
			if n != nil {
				kind = "JSON " + n.Kind.String()
			}
			return fmt.Sprintf("the entry is a %s, not an object with url, protocolBinding and protocolVersion", kind), false
		}
		urlNode, bindingNode, versionNode = n.Get("url"), n.Get("protocolBinding"), n.Get("protocolVersion")
	case it.Index == 0:
		urlNode, bindingNode, versionNode = root.Get("url"), root.Get("preferredTransport"), root.Get("protocolVersion")
		bindingName, versionName = "preferredTransport", "card-level protocolVersion"
		bindingDefault = bindingNode == nil
	default:
		if n == nil || n.Kind != jsonpos.Object {
			return "the additionalInterfaces entry is not an object with url and transport", false
		}
		urlNode, bindingNode, versionNode = n.Get("url"), n.Get("transport"), root.Get("protocolVersion")
		bindingName, versionName = "transport", "card-level protocolVersion"
	}

	if !explain && (!hasText(urlNode) || !bindingDefault && !hasText(bindingNode) || !hasText(versionNode)) {
		return "", false
	}
	var missing []string
	if why := stringProblem(urlNode, urlName); why != "" {
		missing = append(missing, why)
	}
	if !bindingDefault {
		if why := stringProblem(bindingNode, bindingName); why != "" {
			if bindingNode == nil && list == ListSupported && n.Has("transport") {
				why += " (it has \"transport\", the 0.3 name, which 1.0 clients do not read)"
			}
			missing = append(missing, why)
		}
	}
	if why := stringProblem(versionNode, versionName); why != "" {
		missing = append(missing, why)
	}
	if len(missing) > 0 {
		return strings.Join(missing, "; ") + ": a client cannot use an incomplete entry", false
	}

	binding := it.Binding
	// A card's version must be written Major.Minor (a patch number is
	// tolerated and ignored, §3.6); "1" or "v1.0" are not versions a client
	// can match, even though a client profile may be written that loosely.
	version, ok := card.ParseMajorMinor(strings.TrimSpace(it.Version))
	if dots := strings.Count(strings.TrimSpace(it.Version), "."); !ok || dots < 1 || !isDigit(strings.TrimSpace(it.Version)[0]) {
		ok = false
	}
	if !ok {
		return fmt.Sprintf("%s %q is not a Major.Minor version, so no client can match it", versionName, it.Version), false
	}
	sup := p.find(binding)
	if sup == nil {
		if want := p.foldMatch(binding); want != "" {
			if coreBinding(binding) == binding {
				// the card has the specified name; the profile does not
				return fmt.Sprintf("the client profile says %s, but the binding's specified name is %s, as this entry writes it: a client that sends %s matches nothing (fix the profile, not the card)", want, binding, want), false
			}
			return fmt.Sprintf("binding %q is not %s: bindings are compared exactly, so a client that speaks %s skips this entry (the card should say %q)", binding, want, want, want), false
		}
		return fmt.Sprintf("binding %s is not supported by this client (supports %s)", binding, p), false
	}
	if !contains(sup.Versions, version) {
		return fmt.Sprintf("this client speaks %s only at %s, not at %s", binding, strings.Join(sup.Versions, " and "), version), false
	}

	var b strings.Builder
	fmt.Fprintf(&b, "first entry this client can use: %s %s", binding, version)
	if strings.TrimSpace(it.Version) != version {
		fmt.Fprintf(&b, " (%q compared as %s: patch numbers never count)", it.Version, version)
	}
	if bindingDefault {
		b.WriteString(" (no preferredTransport, so JSONRPC, the 0.3 default)")
	}
	fmt.Fprintf(&b, " at %s", strings.TrimSpace(it.URL))
	switch {
	case it.HasTenant && it.Tenant != "":
		fmt.Fprintf(&b, "; send tenant %q with every request", it.Tenant)
	case it.HasTenant:
		b.WriteString("; its tenant is empty, so send none")
	default:
		b.WriteString("; no tenant to send")
	}
	return b.String(), true
}

// hasText is stringProblem's verdict without its wording.
func hasText(n *jsonpos.Node) bool {
	return n != nil && n.Kind == jsonpos.String && strings.TrimSpace(n.Str) != ""
}

// stringProblem says why a member that should hold a non-empty string
// does not, or returns "".
func stringProblem(n *jsonpos.Node, name string) string {
	switch {
	case n == nil:
		return "no " + name
	case n.Kind != jsonpos.String:
		return fmt.Sprintf("%s is a JSON %s, not a string", name, n.Kind)
	case strings.TrimSpace(n.Str) == "":
		return name + " is empty"
	}
	return ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
