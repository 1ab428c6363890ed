//go:build !js

package discovery

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRequestCap is the amplification the issue measured: the well-known
// path redirects 5 times to a 404 and the legacy path redirects 5 times to
// a card. The card chain, the header-less comparison, the legacy path and
// its comparison made 24 requests for one check; one Budget for the whole
// check lets through at most DefaultMaxRequests. The verdict does not
// depend on how fast either chain is answered (pacedComparison): with one
// pool, a header-less comparison answered slowly left the legacy path
// enough requests to reach the card, one run in many.
func TestRequestCap(t *testing.T) {
	for _, c := range []struct {
		name string
		slow func(*http.Request) bool // answered 20 ms late
	}{
		{"as fast as each other", func(*http.Request) bool { return false }},
		{"comparison slow", func(r *http.Request) bool { return r.Header.Get("A2A-Version") == "" }},
		{"card chain slow", func(r *http.Request) bool { return r.Header.Get("A2A-Version") != "" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, hits := pacedComparison(c.slow)
			defer srv.Close()
			p := DefaultPolicy()
			p.AllowLoopback = true
			p.Timeout = 3 * time.Second
			d := NewHTTPDoer(p)

			_, err := FetchRaw(context.Background(), d, srv.URL+"/", p)
			if n := hits.Load(); n > DefaultMaxRequests {
				t.Errorf("one check made %d requests, want at most %d", n, DefaultMaxRequests)
			}
			var e *Error
			if !errors.As(err, &e) || e.Kind != KindRequestCap || e.HTTPStatus() != 502 {
				t.Fatalf("want a request-cap error, got %v", err)
			}
			// The words name the check's cap, not the share that ran out.
			if got := e.Text.Args; len(got) != 1 || got[0] != DefaultMaxRequests {
				t.Errorf("the refusal names %v, want the check's cap %d", got, DefaultMaxRequests)
			}

			// A Budget shared by the caller counts across checks too.
			hits.Store(0)
			b := NewBudget(d, 3)
			FetchRaw(context.Background(), b, srv.URL+"/", p)
			if n := hits.Load(); n != 3 || b.Used() != 3 {
				t.Errorf("a budget of 3 let %d requests through (Used %d)", n, b.Used())
			}
		})
	}
}

// pacedComparison serves TestRequestCap's site: the well-known path
// redirects 5 times to a 404, the legacy path 5 times to a card; requests
// slow(r) picks are answered 20 ms late. hits counts every request.
func pacedComparison(slow func(*http.Request) bool) (*httptest.Server, *atomic.Int32) {
	hits := new(atomic.Int32)
	mux := http.NewServeMux()
	pace := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			if slow(r) {
				time.Sleep(20 * time.Millisecond)
			}
			h(w, r)
		}
	}
	hop := func(prefix, end string) http.HandlerFunc {
		return pace(func(w http.ResponseWriter, r *http.Request) {
			n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, prefix))
			if n < 5 {
				http.Redirect(w, r, prefix+strconv.Itoa(n+1), http.StatusFound)
				return
			}
			if end == "" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(end))
		})
	}
	mux.HandleFunc("/.well-known/agent-card.json", pace(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/w/1", http.StatusFound)
	}))
	mux.HandleFunc("/.well-known/agent.json", pace(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/l/1", http.StatusFound)
	}))
	mux.HandleFunc("/w/", hop("/w/", ""))
	mux.HandleFunc("/l/", hop("/l/", validCard))
	return httptest.NewServer(mux), hits
}

// TestTransportErrors: what the person reads says what happened, in our
// words, with a hint that fits where the target is.
func TestTransportErrors(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close() // nothing listens there any more
	p := LocalPolicy()
	p.Timeout = 2 * time.Second
	d := NewHTTPDoer(p)

	_, err = FetchRaw(context.Background(), d, "http://"+closed+"/card.json", p)
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindUnreachable || e.Reason != ReasonConnRefused {
		t.Fatalf("refused connection: got %#v", err)
	}
	if strings.Contains(e.Hint, "internet") || !strings.Contains(e.Hint, strings.Split(closed, ":")[1]) {
		t.Errorf("a loopback target's hint should name its port, not the internet: %q", e.Hint)
	}

	// No DNS query leaves the machine: the resolver's answer is given.
	dnsFail := DoerFunc(func(context.Context, *Request) (*Response, error) {
		return nil, classify(&net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", Name: "agent.example.com", IsNotFound: true}})
	})
	_, err = FetchRaw(context.Background(), dnsFail, "https://agent.example.com/card.json", DefaultPolicy())
	if !errors.As(err, &e) || e.Kind != KindUnreachable || e.Reason != ReasonNoSuchHost {
		t.Errorf("unknown host: got %#v", err)
	}

	tlsSrv := httptest.NewTLSServer(http.NotFoundHandler()) // a certificate nobody trusts
	defer tlsSrv.Close()
	_, err = FetchRaw(context.Background(), d, tlsSrv.URL+"/card.json", p)
	if !errors.As(err, &e) || e.Kind != KindUnreachable || e.Reason != ReasonTLS {
		t.Errorf("untrusted certificate: got %#v", err)
	}

	// An https request to a port that speaks plain HTTP (a development
	// server on host:port) is said as that, not as a certificate problem
	// (issue 18), and the hint names the http URL.
	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	_, err = FetchRaw(context.Background(), d, "https://"+strings.TrimPrefix(plain.URL, "http://")+"/card.json", p)
	if !errors.As(err, &e) || e.Kind != KindUnreachable || e.Reason != ReasonHTTPAnswer || e.Text.ID != "msg.fetch.http-answer" {
		t.Errorf("plain HTTP on an https URL: got %#v", err)
	} else if !strings.Contains(e.Hint, plain.URL+"/card.json") {
		t.Errorf("plain HTTP hint does not name the http URL: %q", e.Hint)
	}

	// A development server that reads the TLS hello as an HTTP/0.9
	// request answers with its error page alone, no status line
	// (Python's http.server): plain HTTP too, not a certificate problem.
	bare, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	go func() {
		for {
			c, err := bare.Accept()
			if err != nil {
				return
			}
			c.SetDeadline(time.Now().Add(2 * time.Second))
			buf := make([]byte, 512)
			c.Read(buf)
			c.Write([]byte("<!DOCTYPE HTML>\n<html><body><h1>Error response</h1><p>Error code: 400</p></body></html>\n"))
			c.Close()
		}
	}()
	_, err = FetchRaw(context.Background(), d, "https://"+bare.Addr().String()+"/.well-known/agent-card.json", p)
	if !errors.As(err, &e) || e.Reason != ReasonHTTPAnswer || !strings.Contains(e.Hint, "Try http://"+bare.Addr().String()+"/.well-known/agent-card.json") {
		t.Errorf("HTTP/0.9-style answer on an https URL: got %#v", err)
	}

	// A runtime that cannot tell (workerd: the connection is lost either
	// way) still points a loopback https URL at its http twin.
	lost := DoerFunc(func(context.Context, *Request) (*Response, error) { return nil, ErrConnFailed })
	_, err = FetchRaw(context.Background(), lost, "https://127.0.0.1:8765/.well-known/agent-card.json", p)
	if !errors.As(err, &e) || e.HintText.ID != "hint.fetch.local-https" || !strings.Contains(e.Hint, "http://127.0.0.1:8765/.well-known/agent-card.json") {
		t.Errorf("lost connection to a loopback https URL: got %#v", err)
	}

	// A 404 keeps the target's own status beside the Worker's 502.
	srv := fixture(t)
	_, err = FetchRaw(context.Background(), d, srv.URL+"/nothing/card.json", p)
	if !errors.As(err, &e) || e.Kind != KindNotFound || e.RemoteStatus != 404 || e.HTTPStatus() != 502 {
		t.Errorf("404: got %#v", err)
	}
}

// okDoer answers every request 200 without touching the network.
type okDoer struct{}

func (okDoer) Do(ctx context.Context, r *Request) (*Response, error) {
	return &Response{Status: 200}, nil
}

// TestBudgetSplit: the card's chains get two thirds of a check's cap
// whatever the comparison has used (nothing, here: the order the flaky
// run had), the comparison the rest, and every refusal names the check's
// cap.
func TestBudgetSplit(t *testing.T) {
	b := NewBudget(okDoer{}, DefaultMaxRequests)
	card, cmp := b.split()
	do := func(d Doer, n int) (ok int, refusal *Error) {
		for i := 0; i < n; i++ {
			_, err := d.Do(context.Background(), &Request{URL: "https://a.example/"})
			if err == nil {
				ok++
			} else if !errors.As(err, &refusal) {
				t.Fatalf("not an *Error: %v", err)
			}
		}
		return ok, refusal
	}
	if ok, e := do(card, 10); ok != 8 || e == nil || e.Kind != KindRequestCap || e.Text.Args[0] != DefaultMaxRequests {
		t.Errorf("card share: %d let through, refusal %v; want 8 and a request-cap naming %d", ok, e, DefaultMaxRequests)
	}
	if ok, e := do(cmp, 10); ok != 4 || e == nil || e.Text.Args[0] != DefaultMaxRequests {
		t.Errorf("comparison share: %d let through, refusal %v; want 4", ok, e)
	}
	if b.Used() != DefaultMaxRequests {
		t.Errorf("the check's budget counted %d, want %d", b.Used(), DefaultMaxRequests)
	}
	// A share of a share (a caller's Budget split again) still names the
	// outermost cap.
	inner, _ := card.split()
	if _, e := do(inner, 1); e == nil || e.Text.Args[0] != DefaultMaxRequests {
		t.Errorf("a share of a spent share: refusal %v, want one naming %d", e, DefaultMaxRequests)
	}
}
