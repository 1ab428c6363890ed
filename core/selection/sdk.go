package selection

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// SDK names an official A2A client library whose choice of interface is
// modelled here beside the specification's rule (docs/CARD-FORMAT.md §4,
// "The official SDKs each deviate from that rule"). Each model is the
// library's client factory with its default settings, read from its
// source and proved against the real library by the differential tests
// (sdk_differential_test.go).
type SDK string

// The modelled SDKs, and SDKSpec for the specification's own rule in a
// comparison.
const (
	SDKGo     SDK = "a2a-go"
	SDKPython SDK = "a2a-python"
	SDKJS     SDK = "a2a-js"
	SDKSpec   SDK = "spec"
)

// SDKError is the outcome of a model whose library stops with an error
// (a decoding error, a TypeError) before it chooses anything: a failure
// different from finding no compatible interface.
const SDKError = "sdk-error"

// SDKs lists the modelled libraries, in the order reports show them.
func SDKs() []SDK { return []SDK{SDKGo, SDKPython, SDKJS} }

// Name is the library with the release the model follows, for people
// ("a2a-go v2.4.0"). It is a proper name: never translated.
func (s SDK) Name() string {
	switch s {
	case SDKGo, SDKPython, SDKJS:
		return string(s) + " " + s.Release()
	case SDKSpec:
		return "A2A §8.3.2"
	}
	return string(s)
}

// Release is the tag of the release the model follows (core/card's
// A2AGoVersion, A2APythonVersion, A2AJSVersion): the one the differential
// tests run for a2a-go and a2a-js, the one whose sources the a2a-python
// model was read from.
func (s SDK) Release() string {
	switch s {
	case SDKGo:
		return card.A2AGoVersion
	case SDKPython:
		return card.A2APythonVersion
	case SDKJS:
		return card.A2AJSVersion
	}
	return ""
}

// SpecProfile is what a client with the library's default settings
// speaks, written as a client profile: the specification's rule applied
// with it is what the same client would choose if it followed §8.3.2, so
// a difference is the library's own doing, not a difference in what it
// can speak. a2a-go and a2a-js register 1.0 transports for JSONRPC and
// HTTP+JSON; a2a-python's default is JSONRPC only, with its 0.3
// compatibility transport built in.
func (s SDK) SpecProfile() Profile {
	switch s {
	case SDKPython:
		return MustParseProfile("JSONRPC@1.0|0.3")
	case SDKGo, SDKJS:
		return MustParseProfile("JSONRPC@1.0,HTTP+JSON@1.0")
	}
	return MustParseProfile(SpecRowProfile)
}

// SpecRowProfile is the profile of the specification's row of Compare:
// the preset "sdk-1.0", what the three libraries speak between them.
const SpecRowProfile = "JSONRPC@1.0|0.3,HTTP+JSON@1.0|0.3"

// ParseSDK reads an SDK name: "a2a-go", "go", "a2a-python", "python",
// "py", "a2a-js", "js" (any letter case). The error is data, like a
// profile's.
func ParseSDK(s string) (SDK, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "a2a-go", "go":
		return SDKGo, nil
	case "a2a-python", "python", "py":
		return SDKPython, nil
	case "a2a-js", "js":
		return SDKJS, nil
	}
	return "", &ProfileError{Text: i18n.T("msg.sdk.unknown", jsonpos.QuoteClipped(s), "a2a-go, a2a-python, a2a-js")}
}

// SDKOptions tune SelectSDK.
type SDKOptions struct {
	// Detection, when set, is the era detection of the same document (a
	// lint result has it), so that a report comparing several clients
	// detects the era once.
	Detection *card.Detection
}

// SelectSDK is the interface sdk's client, with its default settings,
// would use for the parsed card. Its Result has the shape of Select's:
// Index refers to the same list (card.Interfaces), the trace has one
// step per entry with the library's own reason, Speaks says which
// protocol version its transport speaks there, and the outcome may also
// be SDKError. A document Select calls invalid is invalid here too.
func SelectSDK(doc *jsonpos.Doc, sdk SDK, opts SDKOptions) Result {
	spec := selectDoc(doc, opts.Detection, sdk.SpecProfile())
	if spec.Outcome == InvalidCard {
		return asSDK(spec, sdk)
	}
	return readThenSelect(doc.Root, sdk)
}

// readThenSelect is what the library does: read the card (ReadCard), and
// choose only when its reader accepted it.
func readThenSelect(root *jsonpos.Node, sdk SDK) Result {
	if r := ReadCard(root, sdk); r.Refusal != nil {
		return refusedResult(root, sdk, r.Refusal)
	}
	return modelSDK(root, sdk)
}

// refusedResult is the outcome of a card the library's reader refuses:
// an error before any entry is considered.
func refusedResult(root *jsonpos.Node, sdk SDK, r *Refusal) Result {
	list := ListLegacy
	if root.Has("supportedInterfaces") {
		list = ListSupported
	}
	res := Result{Outcome: SDKError, Index: -1, List: list, Client: sdk.Name(), SDK: string(sdk), Trace: []Step{}}
	res.MessageText = i18n.T("msg.sdk.error", sdk.Name(), i18n.T("phrase.sdk.read.refused", r.Text))
	res.Message = english(res.MessageText)
	return res
}

// SelectSDKRoot is SelectSDK for an already parsed card's root value,
// without looking at syntax problems.
func SelectSDKRoot(root *jsonpos.Node, sdk SDK, opts SDKOptions) Result {
	spec := selectRoot(root, opts.Detection, sdk.SpecProfile())
	if spec.Outcome == InvalidCard {
		return asSDK(spec, sdk)
	}
	return readThenSelect(root, sdk)
}

func asSDK(r Result, sdk SDK) Result {
	r.SDK, r.Client = string(sdk), sdk.Name()
	r.ProfileNotes, r.ProfileNoteTexts = nil, nil
	return r
}

// SDKChoice is one row of Compare: a library's choice beside the
// specification's choice for a client that speaks what the library
// speaks, and, when they differ, why in one sentence.
type SDKChoice struct {
	SDK  SDK    `json:"sdk"`
	Name string `json:"name"`
	// Profile is the client profile the specification's rule was applied
	// with (SDK.SpecProfile; SpecRowProfile for the spec's own row).
	Profile string `json:"profile"`
	Result  Result `json:"result"`
	// SpecIndex is the entry the specification's rule takes with Profile
	// (-1: none); SpecOutcome its outcome.
	SpecIndex   int    `json:"specIndex"`
	SpecOutcome string `json:"specOutcome"`
	// Differs is true when the library calls another entry than the
	// specification, or fails where the specification does not.
	Differs bool `json:"differs"`
	// Reason says why, in one sentence ("" when the choices agree).
	Reason     string    `json:"reason,omitempty"`
	ReasonText i18n.Text `json:"-"`
}

// Localize renders the row's words (its reason and its result's) in
// cat's language.
func (c *SDKChoice) Localize(cat *i18n.Catalogue) {
	if c == nil || cat == nil {
		return
	}
	c.Result.Localize(cat)
	if !c.ReasonText.IsZero() {
		c.Reason = cat.Render(c.ReasonText)
	}
}

// Compare lists the specification's choice (a client speaking
// SpecRowProfile) and then each library's, each with the specification's
// choice for what that library speaks and a reason where they differ.
func Compare(root *jsonpos.Node) []SDKChoice {
	det := card.Detection{}
	if root != nil && root.Kind == jsonpos.Object {
		det = card.Detect(root)
	}
	return compare(func(p Profile) Result { return selectRoot(root, &det, p) },
		func(s SDK) Result { return SelectSDKRoot(root, s, SDKOptions{Detection: &det}) })
}

// CompareDoc is Compare for a parsed document: one a strict JSON reader
// refuses is invalid-card in every row.
func CompareDoc(doc *jsonpos.Doc) []SDKChoice {
	if doc == nil {
		return Compare(nil)
	}
	det := card.Detection{}
	if doc.Root != nil && doc.Root.Kind == jsonpos.Object {
		det = card.Detect(doc.Root)
	}
	return compare(func(p Profile) Result { return selectDoc(doc, &det, p) },
		func(s SDK) Result { return SelectSDK(doc, s, SDKOptions{Detection: &det}) })
}

func compare(spec func(Profile) Result, sdk func(SDK) Result) []SDKChoice {
	row := spec(MustParseProfile(SpecRowProfile))
	out := []SDKChoice{{SDK: SDKSpec, Name: SDKSpec.Name(), Profile: row.Client, Result: row, SpecIndex: row.Index, SpecOutcome: row.Outcome}}
	for _, s := range SDKs() {
		sp := spec(s.SpecProfile())
		r := sdk(s)
		c := SDKChoice{SDK: s, Name: s.Name(), Profile: sp.Client, Result: r, SpecIndex: sp.Index, SpecOutcome: sp.Outcome}
		c.ReasonText = differs(s, sp, r)
		if !c.ReasonText.IsZero() {
			c.Differs = true
			c.Reason = english(c.ReasonText)
		}
		out = append(out, c)
	}
	return out
}

// differs explains in one sentence how the library's result r departs
// from the specification's sp, or returns a zero Text when they agree.
// The library's own reason for the deciding entry is the explanation:
// for the entry it calls when it calls another one, for the entry the
// specification takes when it takes none.
func differs(s SDK, sp, r Result) i18n.Text {
	if sp.Outcome == r.Outcome && sp.Index == r.Index {
		return i18n.Text{}
	}
	name := s.Name()
	fail := r.MessageText
	if len(fail.Args) == 2 {
		if t, ok := fail.Args[1].(i18n.Text); ok {
			fail = t
		}
	}
	why := func(index int) i18n.Text {
		for _, st := range r.Trace {
			if st.Index == index {
				return st.ReasonText
			}
		}
		return r.MessageText
	}
	switch {
	case r.Outcome == SDKError && sp.Outcome == Selected:
		return i18n.T("msg.sdk.diff.error", name, sp.Index, fail)
	case r.Outcome == SDKError:
		return i18n.T("msg.sdk.diff.error-none", name, fail)
	case r.Outcome == Selected && sp.Outcome == Selected:
		reason := why(r.Index)
		if st := why(sp.Index); stepDecision(r, sp.Index) == DecisionSkipped {
			reason = st
		}
		return i18n.T("msg.sdk.diff.other", name, r.Index, sp.Index, reason)
	case r.Outcome == Selected:
		return i18n.T("msg.sdk.diff.extra", name, r.Index, why(r.Index))
	default:
		return i18n.T("msg.sdk.diff.none", name, sp.Index, why(sp.Index))
	}
}

func stepDecision(r Result, index int) string {
	for _, st := range r.Trace {
		if st.Index == index {
			return st.Decision
		}
	}
	return ""
}
