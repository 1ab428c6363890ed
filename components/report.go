package components

import (
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/share"
	"github.com/agentcard/agentcard/core/signature"
)

// Link is a piece of card text that may be shown as a link. Href is set
// only for absolute http(s) URLs; anything else (javascript:, data:,
// relative paths) is shown as plain text.
type Link struct {
	Text string
	Href templ.SafeURL
}

// NewLink makes a Link from untrusted text.
func NewLink(s string) Link {
	l := Link{Text: clip(s, maxText)}
	if u, err := url.Parse(strings.TrimSpace(s)); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !strings.ContainsAny(s, "\x00\t\r\n") {
		l.Href = templ.SafeURL(u.String())
	}
	return l
}

// Identity is who the card says the agent is.
type Identity struct {
	Name, Description, Version string
	Organization               string
	ProviderURL                Link
	Documentation              Link
	Icon                       Link
}

// InterfaceRow is one entry of the card's interface list.
type InterfaceRow struct {
	Index                    int
	URL                      Link
	Binding, Version, Tenant string
	HasTenant                bool
	Source                   string
}

// TraceLine is one step of a selection trace.
type TraceLine struct {
	Index            int
	Decision, Reason string
}

// ClientView is what one kind of client would do with the card.
type ClientView struct {
	Profile string // e.g. "JSONRPC@1.0"
	Outcome string // selected, no-compatible-interface, invalid-card
	Index   int    // the chosen entry when selected
	URL     string
	Tenant  string
	Message string // the outcome in one sentence
	Trace   []TraceLine
	More    int // trace steps not listed (over MaxRows)
}

// HTTPFacts is how the card was served.
type HTTPFacts struct {
	RequestURL, FinalURL            string
	Status                          string
	ContentType, CacheControl, ETag string
	LastModified, AllowOrigin       string
	Size                            string
	Duration                        string
	Redirects                       []discovery.Hop
	Tried                           []discovery.Hop
	LegacyPath, Truncated           bool
}

// VariantView is the card a client without the A2A-Version header got.
type VariantView struct {
	Status                  int
	Era                     string
	Errors, Warnings, Infos int
	Findings                Findings
}

// ReportView is everything the report page shows.
type ReportView struct {
	Lang i18n.Lang // the page's language; empty is English
	// LangParam keeps the language in the page's own links (check again,
	// the form) when the reader chose it with ?lang=; a language that came
	// from Accept-Language is left to negotiation, and the shareable link
	// never carries one, so whoever opens it reads it in their language.
	LangParam               bool
	Input                   string // as the user typed it
	URL                     string // the normalized card URL
	ReportLink              string // absolute link to this report (the shareable link)
	EditorLink              templ.SafeURL
	RefreshLink             templ.SafeURL
	Era                     string
	Errors, Warnings, Infos int
	Identity                Identity
	Findings                Findings
	Interfaces              []InterfaceRow
	MoreInterfaces          int // entries not listed (over MaxRows)
	Clients                 []ClientView
	HTTP                    HTTPFacts
	Headerless              *VariantView
	HeaderlessNote          string
	Cached                  bool
	Origin                  string // the checker's origin, for the hreflang links
	// The live checks (nil or empty when not run): the probes section
	// (its button before the reader asks), the signatures of a signed
	// card, and the SDKs' choices beside the specification's.
	Probes     *ProbeView
	Signatures *SignaturesView
	SDKs       []SDKView
	// SDKMatrix is the compatibility matrix (nil when not computed).
	SDKMatrix *SDKMatrixView
}

// Verdict is the one-line answer at the top of the report.
func (v ReportView) Verdict() string {
	switch {
	case v.Era == "not-a-card":
		return tr(v.Lang, "ui.report.verdict.notACard")
	case v.Errors > 0:
		return tr(v.Lang, "ui.report.verdict.errors")
	case v.Warnings > 0:
		return tr(v.Lang, "ui.report.verdict.warnings")
	}
	return tr(v.Lang, "ui.report.verdict.valid")
}

// VerdictClass is ok, warning or error.
func (v ReportView) VerdictClass() string {
	switch {
	case v.Errors > 0 || v.Era == "not-a-card":
		return "error"
	case v.Warnings > 0:
		return "warning"
	}
	return "ok"
}

// CheckLink is the site-relative link of the report for a URL.
func CheckLink(target string) string { return "/check?url=" + url.QueryEscape(target) }

// CheckLinkIn is the report for target in language l, chosen explicitly.
func CheckLinkIn(target string, l i18n.Lang) string {
	return CheckLink(target) + "&lang=" + url.QueryEscape(string(langOf(l)))
}

// checkHref is a link to a page of the checker that keeps the reader's
// explicit language choice (keep) and adds extra query text.
func checkHref(target string, l i18n.Lang, keep bool, extra string) templ.SafeURL {
	s := CheckLink(target)
	if keep {
		s = CheckLinkIn(target, l)
	}
	return templ.SafeURL(s + extra)
}

// checkAlternates are a report in every language.
func checkAlternates(target string) []Alternate {
	var out []Alternate
	for _, l := range i18n.Langs() {
		out = append(out, Alternate{Lang: l, Href: CheckLinkIn(target, l)})
	}
	return out
}

// NewReportView builds the page's model from a checked card, in language
// l. origin is the site's own origin (scheme://host), for the shareable
// link. Findings are put into words here, in l, for the listed ones only.
func NewReportView(rep *discovery.Report, origin string, l i18n.Lang) ReportView {
	res := rep.Result
	v := ReportView{
		Lang:  langOf(l),
		Input: rep.Input, URL: rep.URL.String(),
		ReportLink:  origin + CheckLink(rep.Input),
		RefreshLink: checkHref(rep.Input, l, false, "&refresh=1"),
		Era:         string(res.Era),
		Errors:      res.Errors, Warnings: res.Warnings, Infos: res.Infos,
		HeaderlessNote: rep.HeaderlessNote,
		Origin:         origin,
	}
	if len(rep.Body) <= maxEditorLinkBody && utf8.Valid(rep.Body) {
		v.EditorLink = templ.SafeURL("/#c=" + storedShare(rep.Body))
	}
	v.Findings = NewFindings(res, v.Lang)
	if res.Doc != nil && res.Doc.Root != nil {
		v.Identity = identity(res.Doc.Root)
		ins := card.Interfaces(res.Doc.Root)
		if len(ins) > MaxRows {
			v.MoreInterfaces = len(ins) - MaxRows
			ins = ins[:MaxRows]
		}
		for _, in := range ins {
			v.Interfaces = append(v.Interfaces, InterfaceRow{Index: in.Index, URL: NewLink(in.URL), Binding: clip(in.Binding, maxText),
				Version: clip(in.Version, maxText), Tenant: clip(in.Tenant, maxText), HasTenant: in.HasTenant, Source: in.Source})
		}
	}
	v.HTTP = httpFacts(v.Lang, rep.Facts)
	if rep.Headerless != nil && rep.HeaderlessResult != nil {
		h := rep.HeaderlessResult
		v.Headerless = &VariantView{Status: rep.Headerless.Status, Era: string(h.Era),
			Errors: h.Errors, Warnings: h.Warnings, Infos: h.Infos, Findings: newFindings(h, v.Lang, MaxListed/4, MaxExcerpts/5)}
	}
	return v
}

// KeepLang makes the page's links carry its language (the reader chose
// it with ?lang=).
func (v *ReportView) KeepLang() {
	v.LangParam = true
	v.RefreshLink = checkHref(v.Input, v.Lang, true, "&refresh=1")
}

func identity(root *jsonpos.Node) Identity {
	id := Identity{
		Name:          clip(root.Get("name").Text(), maxText),
		Description:   clip(root.Get("description").Text(), maxMessage*4),
		Version:       clip(root.Get("version").Text(), maxText),
		Organization:  clip(root.Get("provider").Get("organization").Text(), maxText),
		ProviderURL:   NewLink(root.Get("provider").Get("url").Text()),
		Documentation: NewLink(root.Get("documentationUrl").Text()),
		Icon:          NewLink(root.Get("iconUrl").Text()),
	}
	return id
}

func httpFacts(l i18n.Lang, f discovery.Facts) HTTPFacts {
	status := strconv.Itoa(f.Status)
	if f.StatusText != "" {
		status += " " + f.StatusText
	}
	return HTTPFacts{
		RequestURL: f.RequestURL, FinalURL: f.FinalURL, Status: status,
		ContentType: f.ContentType, CacheControl: f.CacheControl, ETag: f.ETag,
		LastModified: f.LastModified, AllowOrigin: f.AllowOrigin,
		Size: sizeText(l, f.Size), Duration: tr(l, "ui.report.http.ms", f.DurationMS),
		Redirects: f.Redirects, Tried: f.Tried, LegacyPath: f.LegacyPath, Truncated: f.Truncated,
	}
}

func sizeText(l i18n.Lang, n int) string {
	switch {
	case n >= 1<<20:
		return tr(l, "ui.report.http.sizeMiB", strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64), n)
	case n >= 1<<10:
		return tr(l, "ui.report.http.sizeKiB", strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64), n)
	}
	return tr(l, "ui.report.http.bytes", n)
}

// ErrorView is an error page: what happened and what to try.
type ErrorView struct {
	Lang      i18n.Lang
	LangParam bool // keep the language in the page's links (see ReportView)
	Status    int
	Kind      string
	Title     string
	Message   string
	Hint      string
	Input     string
	URL       string
	Facts     *HTTPFacts
	Retry     templ.SafeURL // a fresh check of the same input, for failures that may pass on a second try
	// Alternates are the page in every language (the checker's error pages
	// are reached by a URL that can carry ?lang=); empty for none.
	Alternates []Alternate
	Origin     string
}

// NewErrorView describes a discovery failure in language l: a title in a
// person's words, what happened (the discovery message, unless it is a
// runtime's internal text), what to try (the discovery hint, or one for
// the kind), and what the server answered if it answered.
func NewErrorView(l i18n.Lang, input string, e *discovery.Error) ErrorView {
	l = langOf(l)
	said := *e // the caller's error keeps its English
	said.Localize(Catalogue(l))
	v := ErrorView{Lang: l, Status: e.HTTPStatus(), Kind: string(e.Kind), Title: ErrorTitle(l, string(e.Kind)),
		Message: clip(humanMessage(l, &said), maxMessage), Hint: clip(said.Hint, maxMessage), Input: clip(input, maxText), URL: clip(e.URL, maxText)}
	if v.Hint == "" {
		v.Hint = errorText(l, string(e.Kind), "hint")
	}
	switch e.Kind {
	case discovery.KindTimeout, discovery.KindUnreachable, discovery.KindRemoteStatus:
		v.Retry = checkHref(input, l, false, "&refresh=1")
	}
	if e.Facts != nil && e.Facts.Status != 0 {
		f := httpFacts(l, *e.Facts)
		v.Facts = &f
	}
	if input != "" {
		v.Alternates = checkAlternates(input)
	}
	return v
}

// KeepLang makes the page's links carry its language.
func (v *ErrorView) KeepLang() {
	v.LangParam = true
	if v.Retry != "" {
		v.Retry = checkHref(v.Input, v.Lang, true, "&refresh=1")
	}
}

// ErrorTitle is the heading of the error page of a kind (discovery's kinds
// and the handler's own: method-not-allowed, no-such-page, …).
func ErrorTitle(l i18n.Lang, kind string) string {
	if s := errorText(l, kind, "title"); s != "" {
		return s
	}
	return tr(l, "ui.error.generic.title")
}

// errorText is the part ("title", "hint", "fallback", "message") of a
// kind's error wording in l, or "" when the kind has none: ids are
// ui.error.<kind>.<part>.
func errorText(l i18n.Lang, kind, part string, args ...any) string {
	id := "ui.error." + kind + "." + part
	if !Catalogue(l).Has(id) {
		return ""
	}
	return tr(l, id, args...)
}

// ErrorText is errorText for the handler's own failures.
func ErrorText(l i18n.Lang, kind, part string, args ...any) string {
	return errorText(l, kind, part, args...)
}

// internalMarkers are pieces of text that only a runtime or a library
// writes (workerd's "internal error; reference = …", Go's wrapped errors);
// a person cannot act on them.
var internalMarkers = []string{"internal error", "reference =", "goroutine ", "panic:", "runtime error", "*errors.", "%!"}

// humanMessage is e's message, or a plain sentence for its kind when the
// message carries a runtime's internals.
func humanMessage(l i18n.Lang, e *discovery.Error) string {
	low := strings.ToLower(e.Message)
	for _, m := range internalMarkers {
		if strings.Contains(low, m) {
			if s := errorText(l, string(e.Kind), "fallback"); s != "" {
				return s
			}
			return tr(l, "ui.error.generic.fallback")
		}
	}
	return e.Message
}

// NewClientView describes what a client with the named profile would do,
// in language l.
func NewClientView(l i18n.Lang, profile string, r selection.Result) ClientView {
	// Localize rewrites the steps and notes in place; they are the caller's.
	r.Trace = append([]selection.Step(nil), r.Trace...)
	r.ProfileNotes = append([]string(nil), r.ProfileNotes...)
	r.Localize(Catalogue(l))
	c := ClientView{Profile: clip(profile, maxText), Outcome: r.Outcome, Index: r.Index, URL: clip(r.URL, maxText), Tenant: clip(r.Tenant, maxText), Message: clip(r.Message, maxMessage)}
	trace := r.Trace
	if len(trace) > MaxRows {
		c.More = len(trace) - MaxRows
		trace = trace[:MaxRows]
	}
	for _, s := range trace {
		c.Trace = append(c.Trace, TraceLine{Index: s.Index, Decision: s.Decision, Reason: clip(s.Reason, maxMessage)})
	}
	return c
}

// Bounds on card text shown on the page: a card may hold a 1 MiB
// description or 5,000 interfaces; the report shows enough to recognise
// them and says how much was left out.
const (
	// MaxRows is how many interfaces (and selection steps per client)
	// are listed.
	MaxRows    = 50
	maxText    = 300  // a name, URL, pointer or other short value
	maxMessage = 1000 // a finding's message, a description
	// maxEditorLinkBody is the largest card given an "Open in the editor"
	// link: the card travels inside the link, compressed; a card is a few
	// kilobytes, and a page carrying a megabyte-long link (and the time to
	// compress it) helps nobody.
	maxEditorLinkBody = 64 << 10
)

// clip cuts s to at most n bytes at a character boundary, ending in "…"
// when it was cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// The live checks: what the report shows beyond the card and how it is
// served (the probes of the declared interfaces, the signatures, and what
// each official SDK would choose). The Worker runs them; the views only
// put their results into words in the page's language.

// ProbeRow is the probe of one declared interface.
type ProbeRow struct {
	Index            int
	Source, URL      string
	Binding, Version string
	Outcome          string // speaks-declared, wrong-binding, …
	Status           int
	Detail           string
	TimeMS           int64
}

// ProbeView is the "Do the endpoints answer?" section: before the reader
// asks, a button (probing sends requests to the agent, so it never runs
// on a plain page load); after, one row per probed entry.
type ProbeView struct {
	Ran     bool
	Rows    []ProbeRow
	Entries int // entries the card declares (the button says how many would be asked)
	Max     int // at most this many are probed
	// Claims are the card's claims checked on the entries that answered
	// (WithClaims), one row each.
	Claims []ClaimRow
}

// ClaimRow is one claim of one entry, checked against the agent.
type ClaimRow struct {
	Claim, Source, Binding string
	Declared, Observed     string
	Verdict                string // holds, contradicted, unknown
	Detail                 string
}

// WithClaims adds the claims (probe.Claims, as `agentcard conform`
// reports them) in language l; v is returned.
func (v *ProbeView) WithClaims(l i18n.Lang, cs []probe.Claim) *ProbeView {
	if v == nil || !v.Ran {
		return v
	}
	cs = append([]probe.Claim(nil), cs...) // LocalizeClaims writes in place
	probe.LocalizeClaims(cs, Catalogue(l))
	for _, c := range cs {
		v.Claims = append(v.Claims, ClaimRow{Claim: clip(c.Claim, maxText), Source: clip(c.Source, maxText), Binding: clip(c.Binding, maxText),
			Declared: clip(c.Declared, maxText), Observed: clip(c.Observed, maxText), Verdict: string(c.Verdict), Detail: clip(c.Message, maxMessage)})
	}
	return v
}

// claimClass is the badge style of a verdict.
func claimClass(verdict string) string {
	switch verdict {
	case string(probe.Holds):
		return "ok"
	case string(probe.Contradicted):
		return "error"
	}
	return "info"
}

// claimVerdictWord is a verdict in l.
func claimVerdictWord(l i18n.Lang, verdict string) string {
	id := "ui.report.claims.verdict." + verdict
	if !Catalogue(l).Has(id) {
		return verdict
	}
	return tr(l, id)
}

// NewProbeView describes probe results in language l. ran is whether the
// reader asked for the probes (probe=1); entries how many the card declares.
func NewProbeView(l i18n.Lang, ran bool, rs []probe.Result, entries int) *ProbeView {
	v := &ProbeView{Ran: ran, Entries: entries, Max: probe.MaxEntries}
	if !ran {
		return v
	}
	rs = append([]probe.Result(nil), rs...) // Localize writes in place; the results are the caller's
	probe.Localize(rs, Catalogue(l))
	for _, r := range rs {
		v.Rows = append(v.Rows, ProbeRow{Index: r.Index, Source: clip(r.Source, maxText), URL: clip(r.URL, maxText),
			Binding: clip(r.Binding, maxText), Version: clip(r.Version, maxText), Outcome: string(r.Outcome),
			Status: r.Status, Detail: clip(r.Message, maxMessage), TimeMS: r.TimeMS})
	}
	return v
}

// Unprobed is how many declared entries were left out (over Max).
func (v *ProbeView) Unprobed() int {
	if v == nil || !v.Ran {
		return 0
	}
	return max(0, v.Entries-len(v.Rows))
}

// probeOutcomeWord is an outcome in l.
func probeOutcomeWord(l i18n.Lang, outcome string) string {
	id := "ui.report.probe.outcome." + outcome
	if !Catalogue(l).Has(id) {
		return outcome
	}
	return tr(l, id)
}

// probeClass colours an outcome: fine, a problem, or not known.
func probeClass(outcome string) string {
	switch outcome {
	case string(probe.SpeaksDeclared), string(probe.AuthRequired):
		return "ok"
	case string(probe.WrongBinding), string(probe.VersionRefused), string(probe.Unreachable):
		return "error"
	}
	return "info"
}

// SignatureRow is the check of one signature.
type SignatureRow struct {
	Index         int
	Outcome       string // verified, self-published, invalid, key-unavailable, alg-refused, malformed, not-checked
	Alg, Kid, JKU string
	Variant       string
	Message       string
}

// SignaturesView is the signatures section of a signed card: each
// signature's outcome in a sentence (which says when a signature matches
// an SDK's payload instead of the specification's) and the canonical
// payload clients verify against.
type SignaturesView struct {
	Rows           []SignatureRow
	Unchecked      int
	Payload        string
	PayloadClipped bool
	Error          string // the card has no canonical form
}

// maxPayloadShown bounds the canonical payload on the page; it is as
// long as the card, which may be a megabyte.
const maxPayloadShown = 32 << 10

// NewSignaturesView describes a signature check in language l; err is
// Verify's error (the card cannot be canonicalized).
func NewSignaturesView(l i18n.Lang, rep *signature.Report, err error) *SignaturesView {
	v := &SignaturesView{}
	cat := Catalogue(l)
	if err != nil {
		var se *signature.Error
		if errors.As(err, &se) {
			v.Error = clip(cat.Render(se.Text), maxMessage)
		} else {
			v.Error = clip(err.Error(), maxMessage)
		}
		return v
	}
	if rep == nil {
		return v
	}
	v.Unchecked = rep.Unchecked
	v.Payload = string(rep.Payload)
	if len(v.Payload) > maxPayloadShown {
		v.Payload, v.PayloadClipped = clip(v.Payload, maxPayloadShown), true
	}
	for _, r := range rep.Results {
		v.Rows = append(v.Rows, SignatureRow{Index: r.Index, Outcome: string(r.Outcome), Alg: clip(r.Alg, maxText),
			Kid: clip(r.Kid, maxText), JKU: clip(r.JKU, maxText), Variant: string(r.Variant), Message: clip(cat.Render(r.Text), maxMessage)})
	}
	return v
}

// signatureOutcomeWord is an outcome in l.
func signatureOutcomeWord(l i18n.Lang, outcome string) string {
	id := "ui.report.sig.outcome." + outcome
	if !Catalogue(l).Has(id) {
		return outcome
	}
	return tr(l, id)
}

func signatureClass(outcome string) string {
	switch outcome {
	case string(signature.Verified):
		return "ok"
	case string(signature.SelfPublished):
		// verifies, but with the signer's own key: not the operator's trust
		return "info"
	case string(signature.KeyUnavailable), string(signature.NotChecked):
		return "warning"
	}
	return "error"
}

// SDKView is one row of the SDK comparison: the specification's choice,
// or an official SDK's beside the specification's for what that SDK
// speaks, with the reason when they differ.
type SDKView struct {
	SDK, Name, Profile string
	Outcome            string
	Index              int
	URL                string
	Message            string
	Spec               bool // the specification's own row
	Differs            bool
	SpecIndex          int
	Reason             string
}

// NewSDKViews describes selection.Compare's rows in language l.
func NewSDKViews(l i18n.Lang, rows []selection.SDKChoice) []SDKView {
	var out []SDKView
	cat := Catalogue(l)
	for _, c := range rows {
		c.Result.Trace = append([]selection.Step(nil), c.Result.Trace...)
		c.Result.ProfileNotes = append([]string(nil), c.Result.ProfileNotes...)
		c.Localize(cat)
		out = append(out, SDKView{SDK: string(c.SDK), Name: clip(c.Name, maxText), Profile: clip(c.Profile, maxText),
			Outcome: c.Result.Outcome, Index: c.Result.Index, URL: clip(c.Result.URL, maxText), Message: clip(c.Result.Message, maxMessage),
			Spec: c.SDK == selection.SDKSpec, Differs: c.Differs, SpecIndex: c.SpecIndex, Reason: clip(c.Reason, maxMessage)})
	}
	return out
}

// storedShare is the share-link fragment value of text (core/share's
// format: version, then base64url of raw DEFLATE) written with DEFLATE's
// stored blocks, that is without compressing. share.Decode reads it like
// any other link (its bounds already allow for stored blocks). The report
// does not compress because a compressor is linked into the Worker only
// for this link, and it was 21 KB of the bundle's budgeted gzip size; the
// page itself travels compressed, so the longer link costs little.
func storedShare(text []byte) string {
	out := make([]byte, 0, len(text)+5*(len(text)/0xffff+1))
	for first := true; first || len(text) > 0; first = false {
		n := min(len(text), 0xffff)
		final := byte(0)
		if n == len(text) {
			final = 1 // BFINAL; BTYPE 00 (stored); the header's other bits pad to the byte
		}
		out = append(out, final, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		out = append(out, text[:n]...)
		text = text[n:]
	}
	return share.Version + base64.RawURLEncoding.EncodeToString(out)
}
