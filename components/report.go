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
	"github.com/agentcard/agentcard/core/lint"
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
	l := Link{Text: s}
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

// ExcerptLine is one source line around a finding, split where the
// finding's range starts and ends on that line.
type ExcerptLine struct {
	Number                int
	Before, Marked, After string
	Clipped               bool // the line was shortened around the range
}

// DiagnosticView is one finding as the report shows it.
type DiagnosticView struct {
	Code, Severity, Message, Pointer string
	Line, Column                     int
	RuleHref                         templ.SafeURL
	RuleTitle                        string
	Excerpt                          []ExcerptLine
	HTTP                             bool // about how the card is served, not a place in it
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
	Diagnostics             []DiagnosticView
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
	Diagnostics             []DiagnosticView
	Interfaces              []InterfaceRow
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
	if utf8.Valid(rep.Body) {
		v.EditorLink = templ.SafeURL("/#c=" + share.Encode(rep.Body))
	}
	v.Diagnostics = Diagnostics(res)
	if res.Doc != nil && res.Doc.Root != nil {
		v.Identity = identity(res.Doc.Root)
		for _, in := range card.Interfaces(res.Doc.Root) {
			v.Interfaces = append(v.Interfaces, InterfaceRow{Index: in.Index, URL: NewLink(in.URL), Binding: in.Binding,
				Version: in.Version, Tenant: in.Tenant, HasTenant: in.HasTenant, Source: in.Source})
		}
	}
	v.HTTP = httpFacts(rep.Facts)
	if rep.Headerless != nil && rep.HeaderlessResult != nil {
		h := rep.HeaderlessResult
		v.Headerless = &VariantView{Status: rep.Headerless.Status, Era: string(h.Era),
			Errors: h.Errors, Warnings: h.Warnings, Infos: h.Infos, Diagnostics: Diagnostics(h)}
	}
	return v
}

// Diagnostics turns a lint result's findings into views with excerpts.
func Diagnostics(res *lint.Result) []DiagnosticView {
	out := make([]DiagnosticView, 0, len(res.Diagnostics))
	for _, d := range res.Diagnostics {
		r := lint.RuleFor(d.Code)
		dv := DiagnosticView{Code: d.Code, Severity: d.Severity.String(), Message: d.Message, Pointer: d.Pointer,
			Line: d.Range.Start.Line, Column: d.Range.Start.Column,
			RuleHref: templ.SafeURL("/rules/" + url.PathEscape(d.Code) + "/")}
		if r != nil {
			dv.RuleTitle = r.Title
			dv.HTTP = r.Topic == "http"
		}
		if !dv.HTTP && res.Doc != nil {
			dv.Excerpt = Excerpt(res.Doc, d.Range, 2)
		}
		out = append(out, dv)
	}
	return out
}

// maxExcerpt bounds how much of one line an excerpt shows on each side of
// the range (a minified card is one long line).
const maxExcerpt = 80

// Excerpt returns the lines of the range and context lines around it.
func Excerpt(doc *jsonpos.Doc, r jsonpos.Range, context int) []ExcerptLine {
	if doc == nil || r.Start.Line < 1 {
		return nil
	}
	first := max(1, r.Start.Line-context)
	last := min(doc.LineCount(), max(r.End.Line, r.Start.Line)+context)
	if last-first > 12 { // a long range: its first lines only
		last = first + 12
	}
	var out []ExcerptLine
	for n := first; n <= last; n++ {
		text := doc.Line(n)
		from, to := 0, 0
		if n >= r.Start.Line && n <= r.End.Line {
			from, to = 0, len(text)
			if n == r.Start.Line {
				from = min(max(r.Start.Column-1, 0), len(text))
			}
			if n == r.End.Line {
				to = min(max(r.End.Column-1, from), len(text))
			}
		}
		out = append(out, splitLine(n, text, from, to))
	}
	return out
}

func splitLine(n int, text string, from, to int) ExcerptLine {
	l := ExcerptLine{Number: n}
	lo, hi := 0, len(text)
	if from > maxExcerpt {
		lo = runeStart(text, from-maxExcerpt)
	}
	if to < from+maxExcerpt*2 && hi-to > maxExcerpt {
		hi = runeStart(text, to+maxExcerpt)
	} else if to-from > maxExcerpt*2 {
		to = runeStart(text, from+maxExcerpt*2)
		hi = to
	}
	l.Clipped = lo > 0 || hi < len(text)
	l.Before = clean(text[lo:from])
	l.Marked = clean(text[from:to])
	l.After = clean(text[to:hi])
	return l
}

func runeStart(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

func clean(s string) string {
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\t", "    "), "\uFFFD")
}

func identity(root *jsonpos.Node) Identity {
	id := Identity{
		Name:          root.Get("name").Text(),
		Description:   root.Get("description").Text(),
		Version:       root.Get("version").Text(),
		Organization:  root.Get("provider").Get("organization").Text(),
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
}

// NewErrorView describes a discovery failure.
func NewErrorView(input string, e *discovery.Error) ErrorView {
	v := ErrorView{Status: e.HTTPStatus(), Kind: string(e.Kind), Title: errorTitles[e.Kind], Message: e.Message, Hint: e.Hint, Input: input, URL: e.URL}
	if v.Title == "" {
		v.Title = "The card could not be checked"
	}
	if e.Facts != nil && e.Facts.Status != 0 {
		f := httpFacts(*e.Facts)
		v.Facts = &f
	}
	return v
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
}

// NewClientView describes what a client with the named profile would do.
func NewClientView(profile string, r selection.Result) ClientView {
	c := ClientView{Profile: profile, Outcome: r.Outcome, Index: r.Index, URL: r.URL, Tenant: r.Tenant, Message: r.Message}
	for _, s := range r.Trace {
		c.Trace = append(c.Trace, TraceLine{Index: s.Index, Decision: s.Decision, Reason: s.Reason})
	}
	return c
}
