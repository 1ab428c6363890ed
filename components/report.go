package components

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/share"
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
}

// Verdict is the one-line answer at the top of the report.
func (v ReportView) Verdict() string {
	switch {
	case v.Era == "not-a-card":
		return "This is not an Agent Card"
	case v.Errors > 0:
		return "Clients will have problems with this card"
	case v.Warnings > 0:
		return "Valid, with warnings"
	}
	return "Valid card"
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

// NewReportView builds the page's model from a checked card. origin is
// the site's own origin (scheme://host), for the shareable link.
func NewReportView(rep *discovery.Report, origin string) ReportView {
	res := rep.Result
	v := ReportView{
		Input: rep.Input, URL: rep.URL.String(),
		ReportLink:  origin + CheckLink(rep.Input),
		RefreshLink: templ.SafeURL(CheckLink(rep.Input) + "&refresh=1"),
		Era:         string(res.Era),
		Errors:      res.Errors, Warnings: res.Warnings, Infos: res.Infos,
		HeaderlessNote: rep.HeaderlessNote,
	}
	if len(rep.Body) <= maxEditorLinkBody && utf8.Valid(rep.Body) {
		v.EditorLink = templ.SafeURL("/#c=" + share.Encode(rep.Body))
	}
	v.Findings = NewFindings(res)
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
	v.HTTP = httpFacts(rep.Facts)
	if rep.Headerless != nil && rep.HeaderlessResult != nil {
		h := rep.HeaderlessResult
		v.Headerless = &VariantView{Status: rep.Headerless.Status, Era: string(h.Era),
			Errors: h.Errors, Warnings: h.Warnings, Infos: h.Infos, Findings: newFindings(h, MaxListed/4, MaxExcerpts/5)}
	}
	return v
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

func httpFacts(f discovery.Facts) HTTPFacts {
	status := strconv.Itoa(f.Status)
	if f.StatusText != "" {
		status += " " + f.StatusText
	}
	return HTTPFacts{
		RequestURL: f.RequestURL, FinalURL: f.FinalURL, Status: status,
		ContentType: f.ContentType, CacheControl: f.CacheControl, ETag: f.ETag,
		LastModified: f.LastModified, AllowOrigin: f.AllowOrigin,
		Size: sizeText(f.Size), Duration: strconv.FormatInt(f.DurationMS, 10) + " ms",
		Redirects: f.Redirects, Tried: f.Tried, LegacyPath: f.LegacyPath, Truncated: f.Truncated,
	}
}

func sizeText(n int) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB (" + strconv.Itoa(n) + " bytes)"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB (" + strconv.Itoa(n) + " bytes)"
	}
	return strconv.Itoa(n) + " bytes"
}

// ErrorView is an error page: what happened and what to try.
type ErrorView struct {
	Status  int
	Kind    string
	Title   string
	Message string
	Hint    string
	Input   string
	URL     string
	Facts   *HTTPFacts
	Retry   templ.SafeURL // a fresh check of the same input, for failures that may pass on a second try
}

// NewErrorView describes a discovery failure: a title in a person's words,
// what happened (the discovery message, unless it is a runtime's internal
// text), what to try (the discovery hint, or one for the kind), and what the
// server answered if it answered.
func NewErrorView(input string, e *discovery.Error) ErrorView {
	v := ErrorView{Status: e.HTTPStatus(), Kind: string(e.Kind), Title: errorTitles[e.Kind],
		Message: clip(humanMessage(e), maxMessage), Hint: clip(e.Hint, maxMessage), Input: clip(input, maxText), URL: clip(e.URL, maxText)}
	if v.Title == "" {
		v.Title = "The card could not be checked"
	}
	if v.Hint == "" {
		v.Hint = errorHints[e.Kind]
	}
	switch e.Kind {
	case discovery.KindTimeout, discovery.KindUnreachable, discovery.KindRemoteStatus:
		v.Retry = templ.SafeURL(CheckLink(input) + "&refresh=1")
	}
	if e.Facts != nil && e.Facts.Status != 0 {
		f := httpFacts(*e.Facts)
		v.Facts = &f
	}
	return v
}

// internalMarkers are pieces of text that only a runtime or a library
// writes (workerd's "internal error; reference = …", Go's wrapped errors);
// a person cannot act on them.
var internalMarkers = []string{"internal error", "reference =", "goroutine ", "panic:", "runtime error", "*errors.", "%!"}

// humanMessage is e's message, or a plain sentence for its kind when the
// message carries a runtime's internals.
func humanMessage(e *discovery.Error) string {
	low := strings.ToLower(e.Message)
	for _, m := range internalMarkers {
		if strings.Contains(low, m) {
			if s := errorFallbacks[e.Kind]; s != "" {
				return s
			}
			return "The check failed before the server's answer could be read."
		}
	}
	return e.Message
}

var errorTitles = map[discovery.Kind]string{
	discovery.KindBadInput:         "That is not a URL we can read",
	discovery.KindRefused:          "We do not fetch that address",
	discovery.KindNotFound:         "No card found",
	discovery.KindRemoteStatus:     "The server did not return the card",
	discovery.KindTimeout:          "The server took too long",
	discovery.KindUnreachable:      "Could not reach the server",
	discovery.KindNotJSON:          "That is not JSON",
	discovery.KindTooLarge:         "The answer is too large",
	discovery.KindRedirectLoop:     "The redirects go round in a loop",
	discovery.KindTooManyRedirects: "Too many redirects",
	discovery.KindBadRedirect:      "A broken redirect",
	discovery.KindRequestCap:       "The check needed too many requests",
	discovery.Kind("not-a-card"):   "That is not an Agent Card",
}

// errorHints say what to try when the failure came without a hint.
var errorHints = map[discovery.Kind]string{
	discovery.KindBadInput:         "Type a domain such as agent.example.com, or the full https:// address of the card.",
	discovery.KindRefused:          "Give the public https:// address of the card, the one other agents would use.",
	discovery.KindNotFound:         "Publish the card at /.well-known/agent-card.json, or give the full address of the card if it lives elsewhere.",
	discovery.KindRemoteStatus:     "Open the address in a browser to see what the server says, fix it there, then check again.",
	discovery.KindTimeout:          "Check that the server is up, then try again.",
	discovery.KindUnreachable:      "Check the address for typing mistakes and that the server is up, then try again.",
	discovery.KindNotJSON:          "Make the address answer with the card's JSON itself, not a web page about it.",
	discovery.KindTooLarge:         "An Agent Card is a few kilobytes; check that the address serves the card and nothing else.",
	discovery.KindRedirectLoop:     "Fix the server's redirects so that they end at the card, or give the card's final address.",
	discovery.KindTooManyRedirects: "Give the card's final address, or shorten the chain of redirects on the server.",
	discovery.KindBadRedirect:      "Fix the redirect on the server so that it names where the card is, or give the card's final address.",
	discovery.KindRequestCap:       "Give the card's final address so that it can be fetched in one request.",
	discovery.Kind("not-a-card"):   "Check that the address serves the Agent Card and not another JSON document.",
}

// errorFallbacks say what happened, for the kinds whose message can carry a
// runtime's internals.
var errorFallbacks = map[discovery.Kind]string{
	discovery.KindUnreachable:  "The connection to the server failed before it answered.",
	discovery.KindTimeout:      "The server did not answer completely within the time limit.",
	discovery.KindRemoteStatus: "The server answered with an error instead of the card.",
}

// NewClientView describes what a client with the named profile would do.
func NewClientView(profile string, r selection.Result) ClientView {
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
