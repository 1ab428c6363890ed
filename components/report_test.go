package components

import (
	"bytes"
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/share"
	"github.com/agentcard/agentcard/core/signature"
)

const reportCard = `{
  "name": "Parcel Tracker",
  "description": "Tracks parcels across carriers and tells you when they will arrive.",
  "version": "2.0.0",
  "provider": {"organization": "Example Logistics", "url": "https://logistics.example.com"},
  "documentationUrl": "javascript:alert(1)",
  "supportedInterfaces": [
    {"url": "https://parcels.example.com/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"},
    {"url": "https://parcels.example.com/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "eu"}
  ],
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "track", "name": "Track a parcel", "description": "Finds where a parcel is and when it arrives.", "tags": ["parcels"]}]
}`

func fetched(body string) *discovery.Fetched {
	u, _ := url.Parse("https://parcels.example.com/.well-known/agent-card.json")
	return &discovery.Fetched{Input: "parcels.example.com", URL: u, Body: []byte(body), Facts: discovery.Facts{
		RequestURL: "https://parcels.example.com/.well-known/agent-card.json", FinalURL: "https://parcels.example.com/.well-known/agent-card.json",
		Status: 200, StatusText: "OK", ContentType: "text/plain", Size: len(body), DurationMS: 12,
		Redirects: []discovery.Hop{{URL: "https://www.parcels.example.com/", Status: 301, Location: "https://parcels.example.com/.well-known/agent-card.json"}}}}
}

func render(t *testing.T, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// reportView is the report of rep in l with the Worker's three clients.
func reportView(t *testing.T, rep *discovery.Report, l i18n.Lang) ReportView {
	t.Helper()
	v := NewReportView(rep, "https://checker.example", l)
	for _, p := range []string{"JSONRPC@1.0", "HTTP+JSON@1.0", "GRPC@1.0"} {
		v.Clients = append(v.Clients, NewClientView(l, p, selection.Select(rep.Result.Doc, selection.MustParseProfile(p))))
	}
	return v
}

func TestReportPage(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	d := render(t, ReportPage(reportView(t, rep, i18n.English)))

	verdict := d.Find(`[data-testid=verdict]`)
	if verdict.AttrOr("data-errors", "") != strconv.Itoa(rep.Result.Errors) || verdict.AttrOr("data-era", "") != "1.0" {
		t.Errorf("verdict attrs: %v", verdict.Nodes[0].Attr)
	}
	// a fetched card is always checked as one about to be published, and
	// the report says so (the local profile is the CLI's and playground's)
	if p := d.Find(`[data-testid=profile]`); p.AttrOr("data-profile", "") != "publish" || !strings.Contains(p.Text(), "publishing") ||
		p.Find("a").AttrOr("href", "") != GlossaryHref(i18n.English, "profile") {
		t.Errorf("profile badge %q (%v)", p.Text(), p.Nodes)
	}
	if rep.Result.Errors == 0 || !strings.Contains(d.Find(`[data-testid=count-errors]`).Text(), "error") {
		t.Errorf("errors = %d, badge %q", rep.Result.Errors, d.Find(`[data-testid=count-errors]`).Text())
	}
	if got := d.Find(`[data-testid=report-link]`).AttrOr("value", ""); got != "https://checker.example/check?url=parcels.example.com" {
		t.Errorf("report link = %q", got)
	}
	if got := d.Find(`[data-testid=open-in-editor]`).AttrOr("href", ""); !strings.HasPrefix(got, "/#c=1.") {
		t.Errorf("editor link = %q", got)
	}
	if d.Find(`[data-testid=agent-name]`).Text() != "Parcel Tracker" {
		t.Errorf("name = %q", d.Find(`[data-testid=agent-name]`).Text())
	}
	prov := d.Find(`[data-testid=provider] a`)
	if prov.AttrOr("href", "") != "https://logistics.example.com" || prov.AttrOr("rel", "") != "nofollow noopener noreferrer" {
		t.Errorf("provider link: %v", prov.Nodes)
	}
	if d.Find(`[data-testid=documentation] a`).Length() != 0 || !strings.Contains(d.Find(`[data-testid=documentation]`).Text(), "javascript:alert(1)") {
		t.Error("a javascript: URL became a link or vanished")
	}

	// Every finding is listed with its code, severity and line; card
	// findings carry the source with the range marked.
	items := d.Find(`[data-testid=diagnostic]`)
	if items.Length() != len(rep.Result.Diagnostics) {
		t.Fatalf("%d items for %d findings", items.Length(), len(rep.Result.Diagnostics))
	}
	var sawBinding, sawHTTP bool
	items.Each(func(i int, s *goquery.Selection) {
		code := s.AttrOr("data-code", "")
		if s.Find("a.diag-code").AttrOr("href", "") != "/rules/"+code+"/" {
			t.Errorf("rule link %q", s.Find("a.diag-code").AttrOr("href", ""))
		}
		if code == "interface-binding-variant" {
			sawBinding = true
			ex := s.Find(`[data-testid=excerpt]`)
			if s.AttrOr("data-line", "") != "8" || ex.Find(`.xl[data-n="8"] mark`).Text() != `"jsonrpc"` {
				t.Errorf("excerpt %q, mark %q", ex.Text(), ex.Find("mark").Text())
			}
		}
		if strings.HasPrefix(code, "http-") {
			sawHTTP = true
			if s.Find(`[data-testid=excerpt]`).Length() != 0 {
				t.Error("an HTTP finding shows a source excerpt")
			}
		}
	})
	if !sawBinding || !sawHTTP {
		t.Errorf("binding finding %v, http finding %v", sawBinding, sawHTTP)
	}

	if n := d.Find(`[data-testid=interface]`).Length(); n != 2 {
		t.Errorf("%d interface rows", n)
	}
	clients := d.Find(`[data-testid=client]`)
	if clients.Length() != 3 {
		t.Fatalf("%d clients", clients.Length())
	}
	if c := clients.Eq(1); c.AttrOr("data-outcome", "") != "selected" || c.AttrOr("data-index", "") != "1" || !strings.Contains(c.Text(), "eu") {
		t.Errorf("HTTP+JSON client: %v %q", c.Nodes[0].Attr, c.Text())
	}
	if c := clients.Eq(2); c.AttrOr("data-outcome", "") != "no-compatible-interface" {
		t.Errorf("GRPC client: %v", c.Nodes[0].Attr)
	}
	facts := d.Find(`[data-testid=http-facts]`)
	if facts.Find(`[data-testid=redirect]`).Length() != 1 || !strings.Contains(facts.Find(`[data-testid=status]`).Text(), "200") {
		t.Errorf("facts: %q", facts.Text())
	}
	if d.Find("script:not([src])").Length() != 0 {
		t.Error("inline script")
	}
}

func TestErrorPage(t *testing.T) {
	e := &discovery.Error{Kind: discovery.KindTimeout, Message: "No complete answer from https://slow.example.com/ within the time limit.", Hint: "Check the server."}
	d := render(t, ErrorPage(NewErrorView(i18n.English, "slow.example.com", e)))
	el := d.Find(`[data-testid=error]`)
	if el.AttrOr("data-kind", "") != "timeout" || el.AttrOr("data-status", "") != "504" {
		t.Errorf("attrs %v", el.Nodes[0].Attr)
	}
	if d.Find(`[data-testid=error-title]`).Text() != "The server took too long" || d.Find(`[data-testid=error-hint]`).Text() != "Check the server." {
		t.Errorf("title %q", d.Find(`[data-testid=error-title]`).Text())
	}
	if d.Find(`#check-url`).AttrOr("value", "") != "slow.example.com" {
		t.Error("the form does not keep the input")
	}
	if d.Find(`[data-testid=retry]`).AttrOr("href", "") != "/check?url=slow.example.com&refresh=1" {
		t.Error("no way to try again")
	}
}

// Every failure reads as a person would want: its own title, what
// happened, what to do; never a runtime's internal text.
func TestErrorPagesForEveryKind(t *testing.T) {
	kinds := []discovery.Kind{discovery.KindBadInput, discovery.KindRefused, discovery.KindNotFound, discovery.KindRemoteStatus,
		discovery.KindTimeout, discovery.KindUnreachable, discovery.KindNotJSON, discovery.KindTooLarge, discovery.KindRedirectLoop,
		discovery.KindTooManyRedirects, discovery.KindBadRedirect, discovery.KindRequestCap}
	titles := map[string]discovery.Kind{}
	for _, k := range kinds {
		t.Run(string(k), func(t *testing.T) {
			// No hint given: the page brings its own.
			d := render(t, ErrorPage(NewErrorView(i18n.English, "agent.example.com", &discovery.Error{Kind: k, Message: "What the fetcher saw."})))
			title := d.Find(`[data-testid=error-title]`).Text()
			if title == "" || title == "The card could not be checked" {
				t.Errorf("generic title %q", title)
			}
			if prev, dup := titles[title]; dup {
				t.Errorf("same title as %s: %q", prev, title)
			}
			titles[title] = k
			if d.Find(`[data-testid=error-message]`).Text() != "What the fetcher saw." {
				t.Error("the message is not shown as given")
			}
			if d.Find(`[data-testid=error-hint]`).Text() == "" {
				t.Error("nothing says what to do")
			}
		})
	}
	for _, msg := range []string{"internal error; reference = 3k4j5h6g7f8d9s0a", "Network connection lost: internal error", "fetch: runtime error: index out of range"} {
		d := render(t, ErrorPage(NewErrorView(i18n.English, "agent.example.com", &discovery.Error{Kind: discovery.KindUnreachable, Message: msg})))
		got := d.Find(`[data-testid=error-message]`).Text()
		if strings.Contains(got, "internal") || strings.Contains(got, "reference") || strings.Contains(got, "runtime") || got == "" {
			t.Errorf("internal text reaches the page: %q", got)
		}
	}
}

func TestNewLink(t *testing.T) {
	for in, link := range map[string]bool{"https://a.example/x": true, "http://a.example": true, "javascript:alert(1)": false,
		"data:text/html,x": false, "/relative": false, "https://": false, "JaVaScRiPt:alert(1)": false, " https://a.example/\n": false} {
		if got := NewLink(in).Href != ""; got != link {
			t.Errorf("NewLink(%q) link=%v, want %v", in, got, link)
		}
	}
}

// TestProbesSection: before the reader asks, the section is a form for
// the same report with probe=1 (keeping a chosen language); after, one
// row per result with its outcome in words, the detail escaped, and a
// note for the entries over the cap.
func TestProbesSection(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	v := reportView(t, rep, i18n.Chinese)
	v.KeepLang()
	v.Probes = NewProbeView(i18n.Chinese, false, nil, 2)
	d := render(t, ReportPage(v))
	form := d.Find(`[data-testid=probes] form[data-testid=probe-form]`)
	if form.Find(`input[name=probe]`).AttrOr("value", "") != "1" || form.Find(`input[name=url]`).AttrOr("value", "") != "parcels.example.com" ||
		form.Find(`input[name=lang]`).AttrOr("value", "") != "zh-CN" {
		t.Errorf("probe form: %v", form.Length())
	}
	if d.Find(`[data-testid=probe]`).Length() != 0 {
		t.Error("rows before probing")
	}

	results := []probe.Result{
		{Index: 0, Source: "supportedInterfaces[0]", URL: "https://parcels.example.com/a2a", Binding: "JSONRPC", Version: "1.0",
			Outcome: probe.WrongBinding, Status: 404, Detail: i18n.T("msg.probe.wrong.html", 404, "JSONRPC")},
		{Index: 1, Source: "supportedInterfaces[1]", URL: "https://parcels.example.com/<script>", Binding: "HTTP+JSON", Version: "1.0",
			Outcome: probe.RefusedByPolicy, Detail: i18n.T("msg.probe.refused.other", "<script>alert(1)</script>")},
	}
	v.Probes = NewProbeView(i18n.Chinese, true, results, probe.MaxEntries+3)
	d = render(t, ReportPage(v))
	rows := d.Find(`[data-testid=probe]`)
	if rows.Length() != 2 || rows.Eq(0).AttrOr("data-outcome", "") != "wrong-binding" || rows.Eq(1).AttrOr("data-outcome", "") != "refused-by-policy" {
		t.Fatalf("rows: %d", rows.Length())
	}
	if s := rows.Eq(0).Find(`.badge`).Text(); s != tr(i18n.Chinese, "ui.report.probe.outcome.wrong-binding") {
		t.Errorf("outcome word %q", s)
	}
	if !strings.Contains(rows.Eq(0).Find(`[data-testid=probe-detail]`).Text(), "HTML") || d.Find(`script:not([src])`).Length() != 0 {
		t.Error("detail missing or not escaped")
	}
	if results[0].Message != "" {
		t.Error("NewProbeView rendered into the caller's results")
	}
	if n := d.Find(`[data-testid=unprobed]`).AttrOr("data-count", ""); n != strconv.Itoa(probe.MaxEntries+1) {
		t.Errorf("unprobed count %q", n)
	}
	if d.Find(`[data-testid=probe-form]`).Length() != 0 {
		t.Error("a probed report still offers the button")
	}
}

// TestSignaturesSection: each signature's outcome and sentence, the
// canonical payload in a closed <details>, clipped when long; a card
// without a canonical form says why.
func TestSignaturesSection(t *testing.T) {
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	v := reportView(t, rep, i18n.English)
	payload, err := signature.Canonical([]byte(reportCard))
	if err != nil {
		t.Fatal(err)
	}
	sr := &signature.Report{Payload: payload, Results: []signature.Result{
		{Index: 0, Outcome: signature.Invalid, Alg: "ES256", Kid: "k1", Variant: signature.Python, Text: i18n.T("msg.signature-invalid.python", 0)},
		{Index: 1, Outcome: signature.KeyUnavailable, Kid: "k2", Text: i18n.T("msg.signature-key-unavailable", 1, `"k2"`)},
	}, Unchecked: 2}
	v.Signatures = NewSignaturesView(i18n.English, sr, nil)
	d := render(t, ReportPage(v))
	rows := d.Find(`[data-testid=signatures] [data-testid=signature]`)
	if rows.Length() != 2 || rows.Eq(0).AttrOr("data-variant", "") != "python" || rows.Eq(1).AttrOr("data-outcome", "") != "key-unavailable" {
		t.Fatalf("rows %d", rows.Length())
	}
	if !strings.Contains(rows.Eq(0).Find(`[data-testid=signature-message]`).Text(), "Python SDK") {
		t.Error("no SDK-variant explanation")
	}
	det := d.Find(`details[data-testid=canonical-payload]`)
	if _, open := det.Attr("open"); open || det.Find("pre").Text() != string(payload) {
		t.Errorf("payload: open=%v %q", open, det.Find("pre").Text())
	}
	if d.Find(`[data-testid=signatures-unchecked]`).Length() != 1 {
		t.Error("unchecked signatures not counted")
	}

	sr.Payload = bytes.Repeat([]byte("x"), maxPayloadShown+10)
	v.Signatures = NewSignaturesView(i18n.English, sr, nil)
	d = render(t, ReportPage(v))
	if d.Find(`[data-testid=payload-clipped]`).Length() != 1 || len(d.Find(`details[data-testid=canonical-payload] pre`).Text()) > maxPayloadShown+4 {
		t.Error("a long payload is not clipped")
	}

	_, err = signature.Canonical([]byte(`{"a":1,"a":2}`))
	v.Signatures = NewSignaturesView(i18n.Chinese, nil, err)
	v.Lang = i18n.Chinese
	d = render(t, ReportPage(v))
	if msg := d.Find(`[data-testid=signatures-error]`).Text(); !hasHanText(msg) {
		t.Errorf("canonicalization error not shown in Chinese: %q", msg)
	}
}

// TestSDKChoicesView: the specification's row and each SDK's, the reason only
// where an SDK differs.
func TestSDKChoicesView(t *testing.T) {
	card := `{"name":"x","supportedInterfaces":[{"url":"https://a.example/1","protocolBinding":"JSONRPC","protocolVersion":"1.0"},{"url":"https://a.example/2","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`
	rep := discovery.Analyze(fetched(card), lint.Lint, lint.Options{})
	v := reportView(t, rep, i18n.English)
	rows := selection.CompareDoc(rep.Result.Doc)
	v.SDKs = NewSDKViews(i18n.Chinese, rows)
	if rows[0].Reason != "" && hasHanText(rows[0].Reason) {
		t.Error("NewSDKViews localized the caller's rows")
	}
	d := render(t, ReportPage(v))
	items := d.Find(`[data-testid=interfaces] [data-testid=sdk]`)
	if items.Length() != len(rows) || items.Eq(0).AttrOr("data-sdk", "") != "spec" {
		t.Fatalf("%d items", items.Length())
	}
	for i, r := range rows {
		it := items.Eq(i)
		if it.AttrOr("data-differs", "") != strconv.FormatBool(r.Differs) || (it.Find(`[data-testid=sdk-reason]`).Length() == 1) != r.Differs {
			t.Errorf("%s: differs %v, item %v", r.SDK, r.Differs, it.AttrOr("data-differs", ""))
		}
	}
	if d.Find(`[data-sdk=a2a-js][data-differs=true] [data-testid=sdk-reason]`).Length() != 1 {
		t.Error("a2a-js's difference (a later 1.0 entry replaces the first) is not explained")
	}
}

func hasHanText(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff })
}

// TestStoredShare: the report's editor link (stored DEFLATE blocks, no
// compressor in the Worker) decodes with core/share to the exact bytes,
// across block boundaries and for an empty card.
func TestStoredShare(t *testing.T) {
	for _, n := range []int{0, 1, 3900, 0xffff - 1, 0xffff, 0xffff + 1, 3*0xffff + 7} {
		text := make([]byte, n)
		for i := range text {
			text[i] = byte('a' + i%26)
		}
		got, err := share.Decode(storedShare(text))
		if err != nil || !bytes.Equal(got, text) {
			t.Errorf("%d bytes: %v, %d bytes back", n, err, len(got))
		}
	}
	rep := discovery.Analyze(fetched(reportCard), lint.Lint, lint.Options{})
	link := string(NewReportView(rep, "", i18n.English).EditorLink)
	got, err := share.Decode(strings.TrimPrefix(link, "/#"))
	if err != nil || string(got) != reportCard {
		t.Errorf("editor link %q: %v", link, err)
	}
}

// TestProbesSectionWithoutEntries: a card with no interface gets a
// sentence, not a button that would probe nothing.
func TestProbesSectionWithoutEntries(t *testing.T) {
	rep := discovery.Analyze(fetched(`{"name":"x"}`), lint.Lint, lint.Options{})
	v := reportView(t, rep, i18n.English)
	v.Probes = NewProbeView(i18n.English, false, nil, 0)
	d := render(t, ReportPage(v))
	if d.Find(`[data-testid=probe-form]`).Length() != 0 || d.Find(`[data-testid=probes] [data-testid=no-probes]`).Length() != 1 {
		t.Error("a card without entries offers to probe them")
	}
}
