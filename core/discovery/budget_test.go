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
// check lets through at most DefaultMaxRequests.
func TestRequestCap(t *testing.T) {
	var hits atomic.Int32
	mux := http.NewServeMux()
	hop := func(prefix, end string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
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
		}
	}
	mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "/w/1", http.StatusFound)
	})
	mux.HandleFunc("/.well-known/agent.json", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "/l/1", http.StatusFound)
	})
	mux.HandleFunc("/w/", hop("/w/", ""))
	mux.HandleFunc("/l/", hop("/l/", validCard))
	srv := httptest.NewServer(mux)
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
		t.Errorf("want a request-cap error, got %v", err)
	}

	// A Budget shared by the caller counts across checks too.
	hits.Store(0)
	b := NewBudget(d, 3)
	FetchRaw(context.Background(), b, srv.URL+"/", p)
	if n := hits.Load(); n != 3 || b.Used() != 3 {
		t.Errorf("a budget of 3 let %d requests through (Used %d)", n, b.Used())
	}
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

	// A 404 keeps the target's own status beside the Worker's 502.
	srv := fixture(t)
	_, err = FetchRaw(context.Background(), d, srv.URL+"/nothing/card.json", p)
	if !errors.As(err, &e) || e.Kind != KindNotFound || e.RemoteStatus != 404 || e.HTTPStatus() != 502 {
		t.Errorf("404: got %#v", err)
	}
}
