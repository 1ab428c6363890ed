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
	"github.com/agentcard/agentcard/core/selection"
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
	rep := discovery.Analyze(fetched(reportCard), lint.Options{})
	d := render(t, ReportPage(reportView(t, rep, i18n.English)))

	verdict := d.Find(`[data-testid=verdict]`)
	if verdict.AttrOr("data-errors", "") != strconv.Itoa(rep.Result.Errors) || verdict.AttrOr("data-era", "") != "1.0" {
		t.Errorf("verdict attrs: %v", verdict.Nodes[0].Attr)
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
