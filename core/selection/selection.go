package selection

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Outcomes of a selection (docs/ARCHITECTURE.md, The engine).
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
	// ReasonText is Reason as data (a catalogue id and its arguments);
	// Reason is its English rendering until Result.Localize.
	ReasonText i18n.Text `json:"-"`
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
// protocolVersion, tenant and trace are the contract (docs/ARCHITECTURE.md, Contracts); the
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
	// MessageText is Message as data.
	MessageText i18n.Text `json:"-"`
	// ProfileNotes say what in the client profile was read differently
	// from how it was written (a lower-case core binding): the profile's
	// mistake, explained, never advice to change a correct card.
	// ProfileNoteTexts are the same as data.
	ProfileNotes     []string    `json:"profileNotes,omitempty"`
	ProfileNoteTexts []i18n.Text `json:"-"`

	// SDK is set on the results of SelectSDK: the library modelled
	// (Client is then its name). Speaks is the protocol version its
	// transport speaks to the selected entry, which need not be the
	// version the entry declares.
	SDK    string `json:"sdk,omitempty"`
	Speaks string `json:"speaks,omitempty"`
}

// Localize renders the result's words (the outcome's message, every
// trace step's reason, the profile notes) in cat's language. Programs
// call it once, at their edge, before showing or encoding the result.
func (r *Result) Localize(cat *i18n.Catalogue) {
	if r == nil || cat == nil {
		return
	}
	if !r.MessageText.IsZero() {
		r.Message = cat.Render(r.MessageText)
	}
	for i := range r.Trace {
		if st := &r.Trace[i]; !st.ReasonText.IsZero() {
			st.Reason = cat.Render(st.ReasonText)
		}
	}
	for i, t := range r.ProfileNoteTexts {
		if i < len(r.ProfileNotes) {
			r.ProfileNotes[i] = cat.Render(t)
		}
	}
}

// english renders t in English, the words a Result carries until it is
// localized.
func english(t i18n.Text) string { return i18n.EnglishCatalogue().Render(t) }

// kindName is a JSON type's name as a phrase ("array"), shared with the
// linter's messages.
func kindName(k jsonpos.Kind) i18n.Phrase { return i18n.Phrase("phrase.kind." + k.String()) }

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
	return selectDocWith(doc, det, p, false)
}

func selectDocWith(doc *jsonpos.Doc, det *card.Detection, p Profile, legacyOnly bool) Result {
	if doc == nil || doc.Root == nil {
		return invalid(p, i18n.T("msg.select.unreadable"))
	}
	for _, pr := range doc.Problems {
		if pr.Code == jsonpos.CodeDuplicateKey || pr.Code == jsonpos.CodeInvalidUTF8 {
			continue
		}
		pos := doc.Pos(pr.Start)
		return invalid(p, i18n.T("msg.select.syntax", pos, pr.Text))
	}
	return selectRootWith(doc.Root, det, p, legacyOnly)
}

// SelectLegacyClient is Select for a 0.2/0.3 client, which knows nothing
// of supportedInterfaces: it reads url with preferredTransport, then
// additionalInterfaces (0.3 §5.6), whatever else the card holds, so a
// mixed card gives it its legacy half and a 1.0-only card no url at all.
// Select with a profile at 0.3 is instead a current client that also
// speaks 0.3, which reads supportedInterfaces when there is one.
func SelectLegacyClient(doc *jsonpos.Doc, p Profile) Result {
	return selectDocWith(doc, nil, p, true)
}

// SelectSource parses src with the default limits and selects.
func SelectSource(src []byte, p Profile) Result {
	return Select(jsonpos.Parse(src, jsonpos.Options{}), p)
}

// SelectRoot selects from an already parsed card's root value, without
// looking at syntax problems.
func SelectRoot(root *jsonpos.Node, p Profile) Result { return selectRoot(root, nil, p) }

func selectRoot(root *jsonpos.Node, det *card.Detection, p Profile) Result {
	return selectRootWith(root, det, p, false)
}

// selectRootWith is selectRoot; legacyOnly reads the legacy list even
// when the card has supportedInterfaces (SelectLegacyClient).
func selectRootWith(root *jsonpos.Node, det *card.Detection, p Profile, legacyOnly bool) Result {
	if root == nil || root.Kind == jsonpos.Invalid {
		return invalid(p, i18n.T("msg.select.unreadable"))
	}
	if root.Kind != jsonpos.Object {
		return invalid(p, i18n.T("msg.select.not-object", kindName(root.Kind)))
	}
	if det == nil || det.Node == nil && det.Era == "" {
		d := card.Detect(root)
		det = &d
	}
	if det.Era == card.EraNotCard {
		return invalid(p, i18n.T("msg.select.not-a-card", looksLike(*det)))
	}
	list := ListLegacy
	if legacyOnly && root.Get("url") == nil && root.Has("supportedInterfaces") {
		r := invalid(p, i18n.T("msg.select.legacy-no-url"))
		r.List = ListLegacy
		return r
	}
	if si := root.Get("supportedInterfaces"); si != nil && !legacyOnly {
		list = ListSupported
		if si.Kind != jsonpos.Array {
			return invalid(p, i18n.T("msg.select.supported-not-array", kindName(si.Kind)))
		}
		if len(si.Children) == 0 {
			return invalid(p, i18n.T("msg.select.supported-empty"))
		}
	} else if root.Get("url") == nil {
		return invalid(p, i18n.T("msg.select.no-interface"))
	}
	entries := card.Interfaces(root)
	if legacyOnly {
		entries = card.LegacyInterfaces(root)
	}
	res := Result{Outcome: NoCompatibleInterface, Index: -1, List: list, Client: p.String(), Trace: make([]Step, 0, min(len(entries), MaxTrace+1))}
	res.setNotes(p)
	for k, it := range entries {
		if res.Outcome == Selected {
			if len(res.Trace) >= MaxTrace {
				res.TraceOmitted += len(entries) - k
				break
			}
			st := Step{Index: it.Index, Source: it.Source, Decision: DecisionNotReached}
			st.Start, st.End = span(it.Node)
			st.ReasonText = i18n.T("msg.select.not-reached", res.Index)
			st.Reason = english(st.ReasonText)
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
		st := Step{Index: it.Index, Source: it.Source, Decision: DecisionSkipped, ReasonText: reason, Reason: english(reason)}
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
		args := []any{res.Client, res.Index, res.Source, res.ProtocolBinding, res.ProtocolVersion, res.URL}
		switch {
		case res.HasTenant && res.Tenant != "":
			res.MessageText = i18n.T("msg.select.selected.tenant", append(args, jsonpos.QuoteClipped(res.Tenant))...)
		case res.HasTenant:
			res.MessageText = i18n.T("msg.select.selected.empty-tenant", args...)
		default:
			res.MessageText = i18n.T("msg.select.selected", args...)
		}
	} else {
		res.MessageText = i18n.T("msg.select.none", res.Client)
	}
	res.Message = english(res.MessageText)
	return res
}

func invalid(p Profile, msg i18n.Text) Result {
	r := Result{Outcome: InvalidCard, Index: -1, Client: p.String(), Trace: []Step{}, MessageText: msg, Message: english(msg)}
	r.setNotes(p)
	return r
}

// Invalid is the result of a card that could not be read at all (a
// fetch that failed in a way that is a finding): invalid-card, with why
// as its message.
func Invalid(p Profile, why i18n.Text) Result { return invalid(p, why) }

func (r *Result) setNotes(p Profile) {
	r.ProfileNoteTexts = p.NoteTexts()
	for _, t := range r.ProfileNoteTexts {
		r.ProfileNotes = append(r.ProfileNotes, english(t))
	}
}

// looksLike names the kind of document a not-a-card detection found, as
// a phrase.
func looksLike(det card.Detection) i18n.Text {
	switch det.Kind {
	case "nested":
		return i18n.T("phrase.looks-like.nested", jsonpos.QuoteClipped(det.Wrapper))
	case "mcp-server-json", "mcp", "erc-8004", "openapi", "openai-plugin", "no-fields":
		return i18n.T("phrase.looks-like." + det.Kind)
	}
	return i18n.T("phrase.looks-like.other")
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
// Without explain, an entry that is not taken may come back without a
// reason (nobody reads it).
func judge(root *jsonpos.Node, it card.Interface, p Profile, list string, explain bool) (i18n.Text, bool) {
	n := it.Node
	var urlNode, bindingNode, versionNode *jsonpos.Node
	// names are member names, or a phrase for the card-level version
	var urlName, bindingName, versionName any = "url", "protocolBinding", "protocolVersion"
	bindingDefault := false
	switch {
	case list == ListSupported:
		if n == nil || n.Kind != jsonpos.Object {
			if !explain {
				return i18n.Text{}, false
			}
			kind := i18n.T("phrase.select.missing-value")
			if n != nil {
				kind = i18n.T("phrase.select.json-kind", kindName(n.Kind))
			}
			return i18n.T("msg.select.entry-not-object", kind), false
		}
		urlNode, bindingNode, versionNode = n.Get("url"), n.Get("protocolBinding"), n.Get("protocolVersion")
	case it.Index == 0:
		urlNode, bindingNode, versionNode = root.Get("url"), root.Get("preferredTransport"), root.Get("protocolVersion")
		bindingName, versionName = "preferredTransport", i18n.Phrase("phrase.select.card-level-version")
		bindingDefault = bindingNode == nil
	default:
		if n == nil || n.Kind != jsonpos.Object {
			return i18n.T("msg.select.additional-not-object"), false
		}
		urlNode, bindingNode, versionNode = n.Get("url"), n.Get("transport"), root.Get("protocolVersion")
		bindingName, versionName = "transport", i18n.Phrase("phrase.select.card-level-version")
	}

	if !explain && (!hasText(urlNode) || !bindingDefault && !hasText(bindingNode) || !hasText(versionNode)) {
		return i18n.Text{}, false
	}
	var missing []i18n.Text
	if why, bad := stringProblem(urlNode, urlName); bad {
		missing = append(missing, why)
	}
	if !bindingDefault {
		if why, bad := stringProblem(bindingNode, bindingName); bad {
			if bindingNode == nil && list == ListSupported && n.Has("transport") {
				why = i18n.T("phrase.select.has-transport", why)
			}
			missing = append(missing, why)
		}
	}
	if why, bad := stringProblem(versionNode, versionName); bad {
		missing = append(missing, why)
	}
	if len(missing) > 0 {
		all := missing[0]
		for _, m := range missing[1:] {
			all = i18n.T("phrase.select.also", all, m)
		}
		return i18n.T("msg.select.incomplete", all), false
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
		return i18n.T("msg.select.bad-version", versionName, jsonpos.QuoteClipped(it.Version)), false
	}
	sup := p.find(binding)
	if sup == nil {
		if want := p.foldMatch(binding); want != "" {
			if coreBinding(binding) == binding {
				// the card has the specified name; the profile does not
				return i18n.T("msg.select.profile-misspelt", want, binding, want), false
			}
			return i18n.T("msg.select.binding-case", jsonpos.QuoteClipped(binding), want, want, jsonpos.Quote(want)), false
		}
		return i18n.T("msg.select.binding-unsupported", clipped(binding), p.String()), false
	}
	if !contains(sup.Versions, version) {
		return i18n.T("msg.select.version-unsupported", clipped(binding), andList(sup.Versions), version), false
	}

	var patch, byDefault any = "", ""
	if strings.TrimSpace(it.Version) != version {
		patch = i18n.T("phrase.select.patch-ignored", jsonpos.QuoteClipped(it.Version), version)
	}
	if bindingDefault {
		byDefault = i18n.T("phrase.select.default-binding")
	}
	tenant := i18n.T("phrase.select.no-tenant")
	switch {
	case it.HasTenant && it.Tenant != "":
		tenant = i18n.T("phrase.select.send-tenant", jsonpos.QuoteClipped(it.Tenant))
	case it.HasTenant:
		tenant = i18n.T("phrase.select.empty-tenant")
	}
	return i18n.T("msg.select.first-usable", clipped(binding), version, patch, byDefault, clipped(strings.TrimSpace(it.URL)), tenant), true
}

// clipped bounds a value from the card that a reason shows unquoted (a
// binding, a URL), so that a hostile card cannot make the trace huge.
func clipped(s string) string { return jsonpos.Clip(s, jsonpos.MaxQuoted) }

// andList joins versions as "1.0 and 0.3" in the reader's language.
func andList(items []string) any {
	if len(items) == 0 {
		return ""
	}
	var out any = items[0]
	for _, it := range items[1:] {
		out = i18n.T("phrase.select.and", out, it)
	}
	return out
}

// hasText is stringProblem's verdict without its wording.
func hasText(n *jsonpos.Node) bool {
	return n != nil && n.Kind == jsonpos.String && strings.TrimSpace(n.Str) != ""
}

// stringProblem says why a member that should hold a non-empty string
// does not (bad is false when it does).
func stringProblem(n *jsonpos.Node, name any) (why i18n.Text, bad bool) {
	switch {
	case n == nil:
		return i18n.T("phrase.select.no-member", name), true
	case n.Kind != jsonpos.String:
		return i18n.T("phrase.select.not-string", name, kindName(n.Kind)), true
	case strings.TrimSpace(n.Str) == "":
		return i18n.T("phrase.select.member-empty", name), true
	}
	return i18n.Text{}, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
