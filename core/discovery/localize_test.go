package discovery

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// failures collects one *Error of every kind discovery makes, each from
// the code path that makes it.
func failures(t *testing.T) map[string]*Error {
	t.Helper()
	out := map[string]*Error{}
	add := func(name string, err error) {
		t.Helper()
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: want an *Error, got %v", name, err)
		}
		out[name] = e
	}
	for _, in := range []string{" ", "agent example.com", "https:agent.example.com", "ftp://a.example.com/", "https://agent.example.com/%zz",
		"https:///card.json", "https://user:pw@agent.example.com/", "https://./x", "agent.example.com/" + strings.Repeat("x", MaxURLLength)} {
		_, err := Normalize(in)
		add("normalize "+in[:min(len(in), 40)], err)
	}
	p := DefaultPolicy()
	p.Self = []string{"checker.example.com"}
	for _, in := range []string{"https://127.0.0.1/", "https://10.0.0.1/", "https://printer.local/", "http://agent.example.com/",
		"https://checker.example.com/api", "https://1.2.3.256/"} {
		add("policy "+in, FetchRawErr(p, in))
	}
	add("nil URL", p.Check(nil))
	add("dialed address", p.CheckAddr(netip.MustParseAddr("169.254.169.254")))

	// transport failures, as a Doer reports them
	for name, derr := range map[string]error{
		"refused": ErrConnRefused, "no such host": ErrNoSuchHost, "tls": ErrTLS, "lost": ErrConnLost,
		"timeout": ErrTimeout, "other": errors.New("boom"),
	} {
		d := DoerFunc(func(context.Context, *Request) (*Response, error) { return nil, derr })
		for _, target := range []string{"https://agent.example.com/", "http://127.0.0.1:9/"} {
			_, err := FetchRaw(context.Background(), d, target, LocalPolicy())
			add("transport "+name+" "+target, err)
		}
	}
	// answers that are not a card
	answer := func(status int, ct, body string, loc string) Doer {
		return DoerFunc(func(_ context.Context, r *Request) (*Response, error) {
			h := http.Header{"Content-Type": {ct}}
			if loc != "" {
				h.Set("Location", loc)
			}
			b := []byte(body)
			res := &Response{Status: status, Header: h, Body: b}
			if int64(len(b)) > r.MaxBody {
				res.Body, res.Truncated = b[:r.MaxBody], true
			}
			return res, nil
		})
	}
	for name, d := range map[string]Doer{
		"404":          answer(404, "text/plain", "", ""),
		"500":          answer(500, "text/plain", "", ""),
		"html":         answer(200, "text/html", "<html>", ""),
		"text":         answer(200, "", "hello", ""),
		"typed text":   answer(200, "text/plain", "hello", ""),
		"huge":         answer(200, "application/json", strings.Repeat(" ", DefaultMaxBody+1), ""),
		"loop":         answer(301, "", "", "/.well-known/agent-card.json"),
		"bad redirect": answer(302, "", "", ""),
		"to private":   answer(302, "", "", "https://10.0.0.1/"),
		"many": DoerFunc(func(_ context.Context, r *Request) (*Response, error) {
			return &Response{Status: 302, Header: http.Header{"Location": {r.URL + "x"}}}, nil
		}),
	} {
		_, err := FetchRaw(context.Background(), d, "https://agent.example.com/", DefaultPolicy())
		add("answer "+name, err)
	}
	small := DefaultPolicy()
	small.MaxBody = 1000
	_, err := FetchRaw(context.Background(), answer(200, "application/json", strings.Repeat(" ", 1001), ""), "https://agent.example.com/", small)
	add("answer 1000 bytes", err)
	b := NewBudget(answer(200, "application/json", "{}", ""), 1)
	b.Do(context.Background(), &Request{URL: "https://a.example.com/"})
	_, err = b.Do(context.Background(), &Request{URL: "https://a.example.com/"})
	add("request cap", err)
	return out
}

// FetchRawErr is the policy's verdict on a URL, after normalizing it.
func FetchRawErr(p Policy, in string) error {
	u, err := Normalize(in)
	if err != nil {
		return err
	}
	if err := p.Check(u); err != nil {
		return err
	}
	return fmt.Errorf("%s was not refused", in)
}

// TestErrorsAreData: every failure's message and hint are catalogue
// messages whose English rendering is what Message and Hint say, and
// Localize says them in Chinese.
func TestErrorsAreData(t *testing.T) {
	en, zh := i18n.EnglishCatalogue(), catalog.Of(i18n.Chinese)
	for name, e := range failures(t) {
		if e.Text.IsZero() || !en.Has(e.Text.ID) {
			t.Errorf("%s: message is prose: %q", name, e.Message)
			continue
		}
		if got := en.Render(e.Text); got != e.Message {
			t.Errorf("%s: %s renders %q, Message is %q", name, e.Text.ID, got, e.Message)
		}
		if !e.HintText.IsZero() && en.Render(e.HintText) != e.Hint {
			t.Errorf("%s: hint %s renders differently from Hint %q", name, e.HintText.ID, e.Hint)
		}
		if e.HintText.IsZero() && e.Hint != "" {
			t.Errorf("%s: hint is prose: %q", name, e.Hint)
		}
		e.Localize(zh)
		for _, s := range []string{e.Message, e.Hint} {
			if s != "" && (!hasHan(s) || strings.Contains(s, "%!") || strings.Contains(s, "phrase.")) {
				t.Errorf("%s: Chinese rendering %q", name, s)
			}
		}
		for _, d := range e.Diagnostics() {
			if d.MessageID != e.Text.ID {
				t.Errorf("%s: finding %s has message id %q, the error %q", name, d.Code, d.MessageID, e.Text.ID)
			}
		}
	}
}

// TestErrorArguments pins ids and arguments of a few failures.
func TestErrorArguments(t *testing.T) {
	fs := failures(t)
	for name, want := range map[string]i18n.Text{
		"policy https://10.0.0.1/":  i18n.T("msg.fetch.private", i18n.T("phrase.addr.private", "10.0.0.1")),
		"policy https://127.0.0.1/": i18n.T("msg.fetch.loopback", i18n.T("phrase.addr.loopback", "127.0.0.1")),
		"answer 404":                i18n.T("msg.fetch.not-found.tried", "404 Not Found", "https://agent.example.com/.well-known/agent-card.json", "https://agent.example.com/.well-known/agent.json"),
		"answer to private":         i18n.T("msg.fetch.redirect-refused", i18n.T("msg.fetch.private", i18n.T("phrase.addr.private", "10.0.0.1"))),
		"request cap":               i18n.T("msg.fetch.request-cap", 1),
	} {
		e := fs[name]
		if e == nil || fmt.Sprint(e.Text) != fmt.Sprint(want) {
			t.Errorf("%s: %+v, want %+v", name, e, want)
		}
	}
}

// TestHTTPFindingsAreData: the HTTP findings of every HTTP rule's bad
// example carry a message id and arguments, render to their Message in
// English, and LocalizeDiagnostics says them in Chinese with the Chinese
// rule page.
func TestHTTPFindingsAreData(t *testing.T) {
	en, zh := i18n.EnglishCatalogue(), catalog.Of(i18n.Chinese)
	seen := map[string]bool{}
	for _, r := range httpRules() {
		xs := parseTranscript(r.Bad)
		rep, err := Fetch(context.Background(), transcriptDoer(xs), xs[0].url, LocalPolicy(), lint.Lint)
		var ds []lint.Diagnostic
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatal(err)
			}
			ds = e.Diagnostics()
			if d, ok := e.UnreachableDiagnostic(); ok {
				ds = append(ds, d)
			}
		} else {
			for _, d := range rep.Result.Diagnostics {
				if lint.RuleFor(d.Code).Topic == "http" {
					ds = append(ds, d)
				}
			}
		}
		for _, d := range ds {
			seen[d.Code] = true
			if d.MessageID == "" || !en.Has(d.MessageID) {
				t.Errorf("%s: %s is prose: %q", r.Code, d.Code, d.Message)
				continue
			}
			if got := en.Render(i18n.Text{ID: d.MessageID, Args: d.Args}); got != d.Message {
				t.Errorf("%s: renders %q, Message is %q", d.Code, got, d.Message)
			}
		}
		lint.LocalizeDiagnostics(ds, zh)
		for _, d := range ds {
			if !hasHan(d.Message) || !strings.Contains(d.URL, "/zh/") {
				t.Errorf("%s in Chinese: %q (%s)", d.Code, d.Message, d.URL)
			}
		}
	}
	for _, r := range httpRules() {
		if !seen[r.Code] {
			t.Errorf("no finding of %s seen", r.Code)
		}
	}
}
