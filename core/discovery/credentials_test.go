package discovery

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// recording is a Doer that notes which URLs got an Authorization header.
type recording struct {
	mu   sync.Mutex
	auth map[string]string
}

func (r *recording) Do(_ context.Context, req *Request) (*Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.auth == nil {
		r.auth = map[string]string{}
	}
	r.auth[req.URL] = req.Header.Get("Authorization")
	return &Response{Status: 200, Header: http.Header{}}, nil
}

var bearer = http.Header{"Authorization": {"Bearer s3cret"}}

// One origin per scheme, canonical host and effective port: default ports
// written or not, host case and IPv4 spellings agree; another port or
// scheme is another origin.
func TestCredentialsOrigins(t *testing.T) {
	c, err := NewCredentials(bearer, mustURL(t, "https://cards.example.com/.well-known/agent-card.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Fetched(&Facts{FinalURL: "https://cards.example.com/.well-known/agent-card.json"})
	c.AllowDeclared([]string{"https://Agent.Example.com:443/a2a", "http://0x7f000001:8080/rest", "grpc.example.com:50051"})
	for raw, want := range map[string]bool{
		"https://agent.example.com/x":      true,
		"https://cards.example.com:443/y":  true,
		"https://CARDS.example.com./y":     true,
		"http://127.0.0.1:8080/z":          true,
		"https://grpc.example.com:50051/":  true,
		"http://agent.example.com/x":       false,
		"https://agent.example.com:8443/x": false,
		"http://127.0.0.1:8081/z":          false,
		"https://evil.example/x":           false,
	} {
		if got := c.For(mustURL(t, raw)) != nil; got != want {
			t.Errorf("%s: headers %v, want %v", raw, got, want)
		}
	}
	if c.Withheld() != nil {
		t.Errorf("withheld: %+v", c.Withheld())
	}
}

// TestB1CrossOriginRedirect: a redirect of the card's fetch to another
// origin drops the caller's headers for the rest of the check, the named
// origin included, and the endpoints that card declares never get them;
// Withheld says why.
func TestB1CrossOriginRedirect(t *testing.T) {
	const a, b, cc = "http://127.0.0.1:8001", "http://127.0.0.1:8002", "http://127.0.0.1:8003"
	creds, err := NewCredentials(bearer, mustURL(t, a+"/.well-known/agent-card.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recording{}
	d := creds.Doer(rec)
	ctx := context.Background()
	creds.StartFetch()
	d.Do(ctx, &Request{URL: a + "/.well-known/agent-card.json"})
	d.Do(ctx, &Request{URL: b + "/card.json"}) // the redirect's hop
	d.Do(ctx, &Request{URL: a + "/back"})      // and back again
	creds.Fetched(&Facts{FinalURL: b + "/card.json", Redirects: []Hop{{URL: a + "/.well-known/agent-card.json", Status: 302, Location: b + "/card.json"}}})
	creds.AllowDeclared([]string{b + "/a2a", cc + "/a2a"})
	d.Do(ctx, &Request{URL: b + "/a2a"})
	d.Do(ctx, &Request{URL: cc + "/a2a"})
	if rec.auth[a+"/.well-known/agent-card.json"] == "" {
		t.Error("the named origin's first request went without the headers")
	}
	for _, u := range []string{b + "/card.json", a + "/back", b + "/a2a", cc + "/a2a"} {
		if got := rec.auth[u]; got != "" {
			t.Errorf("%s got Authorization %q", u, got)
		}
	}
	w := creds.Withheld()
	if w == nil || w.Reason != WithheldRedirect || w.From != a || w.To != b || w.Text.ID != "msg.credentials.withheld.redirect" || w.Message == "" {
		t.Fatalf("withheld = %+v", w)
	}
	// Facts alone say it too (a chain whose hops the scope did not see).
	other, _ := NewCredentials(bearer, mustURL(t, a+"/"), nil)
	other.Fetched(&Facts{FinalURL: a + "/card.json", Redirects: []Hop{{Location: b + "/x"}, {Location: a + "/card.json"}}})
	if other.Withheld() == nil || other.For(mustURL(t, a+"/card.json")) != nil {
		t.Error("a hop through another origin did not withhold the headers")
	}
}

// TestB6FileCardHeaders: a card read from a file has no origin, so
// headers need the origins they may go to, and its declared endpoints
// elsewhere never get them.
func TestB6FileCardHeaders(t *testing.T) {
	if _, err := NewCredentials(bearer, nil, nil); !errors.Is(err, ErrHeaderOriginNeeded) {
		t.Fatalf("headers without origin: %v", err)
	}
	var oe *HeaderOriginError
	if _, err := NewCredentials(bearer, nil, []string{"ftp://agent.example.com"}); !errors.As(err, &oe) {
		t.Fatalf("bad origin: %v", err)
	}
	c, err := NewCredentials(bearer, nil, []string{"https://agent.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	c.AllowDeclared([]string{"https://evil.example/a2a"})
	if c.For(mustURL(t, "https://evil.example/a2a")) != nil {
		t.Error("a file card's declared endpoint got the headers")
	}
	if c.For(mustURL(t, "https://agent.example.com:443/a2a")) == nil {
		t.Error("the named origin did not get the headers")
	}
	if c, err := NewCredentials(nil, nil, nil); err != nil || c.Any() || c.Doer(&recording{}) == nil {
		t.Errorf("no headers: %v", err)
	}
}

// TestB3HeaderValues: visible ASCII, spaces and tabs only; obs-text and
// controls are refused before anything is sent.
func TestB3HeaderValues(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        HeaderProblem
	}{
		{"Authorization", "Bearer abc.DEF-123_~+/=", HeaderOK},
		{"X-Api-Key", "a\tb c", HeaderOK},
		{"Authorization", "Bearer sécret", HeaderBadValue},
		{"Authorization", "Bearer \x80", HeaderBadValue},
		{"Authorization", "Bearer \xff", HeaderBadValue},
		{"Authorization", "a\r\nX-Injected: 1", HeaderBadValue},
		{"Authorization", "a\x00", HeaderBadValue},
		{"Authorization", "a\x7f", HeaderBadValue},
		{"Host", "evil.example", HeaderReserved},
		{"a2a-version", "0.1", HeaderReserved},
		{"Proxy-Authorization", "x", HeaderReserved},
		{"Sec-Fetch-Mode", "x", HeaderReserved},
		{"CF-Connecting-IP", "1.2.3.4", HeaderReserved},
		{"Bad Name", "x", HeaderBadName},
		{"", "x", HeaderBadName},
		{"X-Long", string(make([]byte, MaxHeaderValue+1)), HeaderValueLong},
	} {
		if _, got := CheckHeader(tc.name, tc.value); got != tc.want {
			t.Errorf("%q: %q = %d, want %d", tc.name, tc.value, got, tc.want)
		}
	}
	var he *HeaderError
	if _, err := NewCredentials(http.Header{"Authorization": {"Bearer sécret"}}, mustURL(t, "https://a.example/"), nil); !errors.As(err, &he) || he.Problem != HeaderBadValue || he.Name != "Authorization" {
		t.Errorf("NewCredentials with obs-text: %v", err)
	}
}

// TestB22ListedCardHeaders: a card URL read from a list (lint --from) is
// not one the user named: headers need --header-origin, and reach the
// listed card only when its origin is one of those (issue 36, B22: the
// headers went to every origin a list edited in a pull request named).
func TestB22ListedCardHeaders(t *testing.T) {
	for _, c := range []struct {
		name         string
		headers      http.Header
		origins      []string
		file, listed bool
		want         error
	}{
		{"a file without origins", bearer, nil, true, false, ErrHeaderOriginNeeded},
		{"a list without origins", bearer, nil, false, true, ErrHeaderOriginListed},
		{"both", bearer, nil, true, true, ErrHeaderOriginNeeded},
		{"a list with an origin", bearer, []string{"https://a.example"}, false, true, nil},
		{"a list without headers", nil, nil, false, true, nil},
		{"URLs the user wrote", bearer, nil, false, false, nil},
	} {
		if err := CheckScope(Header(c.headers), c.origins, c.file, c.listed); !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	listed := mustURL(t, "https://registry-entry.example/.well-known/agent-card.json")
	if _, err := NewListedCredentials(bearer, listed, nil); !errors.Is(err, ErrHeaderOriginListed) {
		t.Fatalf("listed without origins: %v", err)
	}
	// an origin the user named: the listed card is the named one's
	c, err := NewListedCredentials(bearer, listed, []string{"https://registry-entry.example"})
	if err != nil {
		t.Fatal(err)
	}
	if c.For(listed) == nil || c.Withheld() != nil {
		t.Errorf("the origin named got no headers (withheld %+v)", c.Withheld())
	}
	// another origin: nothing, anywhere, and the answer says why
	c, err = NewListedCredentials(bearer, listed, []string{"https://agent.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	c.AllowDeclared([]string{"https://agent.example.com/a2a"})
	for _, u := range []string{listed.String(), "https://agent.example.com/a2a", "https://agent.example.com/"} {
		if c.For(mustURL(t, u)) != nil {
			t.Errorf("%s got the headers of a card the list named", u)
		}
	}
	if w := c.Withheld(); w == nil || w.Reason != WithheldListed || !strings.HasPrefix(w.To, "https://registry-entry.example") || w.Text.ID != "msg.credentials.withheld.listed" {
		t.Errorf("withheld %+v", w)
	}
}
