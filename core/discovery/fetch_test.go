//go:build !js

package discovery

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/lint"
)

// fixture serves the failure modes on 127.0.0.1 only.
func fixture(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	card := func(w http.ResponseWriter, body string) {
		w.Header().Set("Content-Type", "application/a2a+json")
		w.Header().Set("Cache-Control", "max-age=60")
		w.Header().Set("ETag", `"x"`)
		w.Write([]byte(body))
	}
	mux.HandleFunc("/valid/.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) { card(w, validCard) })
	mux.HandleFunc("/.well-known/agent.json", func(w http.ResponseWriter, r *http.Request) { card(w, validCard) })
	mux.HandleFunc("/hop/", func(w http.ResponseWriter, r *http.Request) {
		n := strings.Count(r.URL.Path, "x")
		if n < 3 {
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
			return
		}
		card(w, validCard)
	})
	mux.HandleFunc("/many/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path+"x", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/to-private", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/no-location", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusFound) })
	mux.HandleFunc("/huge.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"x":"`))
		chunk := []byte(strings.Repeat("a", 64<<10))
		for i := 0; i < 80; i++ { // 5 MiB
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/hang.json", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>Welcome</title><p>Sign in"))
	})
	mux.HandleFunc("/boom.json", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "boom", 500) })
	mux.HandleFunc("/varies.json", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("A2A-Version") == "1.0" {
			card(w, validCard)
			return
		}
		card(w, legacyCard)
	})
	mux.HandleFunc("/ua.json", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.Header.Get("User-Agent") != UserAgent || r.Header.Get("Cookie") != "" || r.Header.Get("Authorization") != "" {
			http.Error(w, "unexpected request", 400)
			return
		}
		card(w, validCard)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestFetch(t *testing.T) {
	srv := fixture(t)
	p := DefaultPolicy()
	p.AllowLoopback = true
	p.Timeout = 2 * time.Second
	d := NewHTTPDoer(p)
	tests := []struct {
		name, path string
		kind       Kind     // failure expected
		codes      []string // findings expected on success
		check      func(t *testing.T, r *Report)
	}{
		{name: "valid card", path: "/valid/.well-known/agent-card.json", codes: []string{CodeInsecure, CodeCORS, CodeLastModified},
			check: func(t *testing.T, r *Report) {
				if r.Result.Errors != 0 || r.Facts.Status != 200 || r.Facts.Size != len(validCard) {
					t.Errorf("errors=%d facts=%+v", r.Result.Errors, r.Facts)
				}
			}},
		{name: "redirect chain", path: "/hop/", codes: []string{CodeRedirects},
			check: func(t *testing.T, r *Report) {
				if len(r.Facts.Redirects) != 3 || !strings.HasSuffix(r.Facts.FinalURL, "/hop/xxx") {
					t.Errorf("facts = %+v", r.Facts)
				}
			}},
		{name: "legacy path after 404", path: "/", codes: []string{CodeLegacyPath},
			check: func(t *testing.T, r *Report) {
				if !r.Facts.LegacyPath || len(r.Facts.Tried) != 1 || r.Facts.Tried[0].Status != 404 {
					t.Errorf("facts = %+v", r.Facts)
				}
			}},
		{name: "varies by version header", path: "/varies.json", codes: []string{CodeVariesByVersion},
			check: func(t *testing.T, r *Report) {
				if r.Headerless == nil || r.Headerless.Era != "0.3" || r.Result.Era != "1.0" || r.HeaderlessResult == nil {
					t.Errorf("headerless = %+v, era %s", r.Headerless, r.Result.Era)
				}
			}},
		{name: "GET with one user agent and no credentials", path: "/ua.json"},
		{name: "not found anywhere", path: "/nothing/.well-known/agent-card.json", kind: KindNotFound},
		{name: "server error", path: "/boom.json", kind: KindRemoteStatus},
		{name: "too many redirects", path: "/many/", kind: KindTooManyRedirects},
		{name: "redirect loop", path: "/loop", kind: KindRedirectLoop},
		{name: "redirect to a private address", path: "/to-private", kind: KindRefused},
		{name: "redirect without location", path: "/no-location", kind: KindBadRedirect},
		{name: "5 MiB body", path: "/huge.json", kind: KindTooLarge},
		{name: "HTML page", path: "/page.html", kind: KindNotJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Fetch(context.Background(), d, srv.URL+tt.path, p, lint.Lint)
			if tt.kind != "" {
				var e *Error
				if !errors.As(err, &e) || e.Kind != tt.kind {
					t.Fatalf("want %s, got %v (%+v)", tt.kind, err, rep)
				}
				if e.Message == "" || e.Hint == "" || e.Facts == nil && tt.kind != KindRefused {
					t.Errorf("incomplete error %+v", e)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, d := range rep.Result.Diagnostics {
				got[d.Code] = true
			}
			for _, c := range tt.codes {
				if !got[c] {
					t.Errorf("missing %s in %v", c, got)
				}
			}
			if tt.check != nil {
				tt.check(t, rep)
			}
		})
	}
}

func TestFetchTimeout(t *testing.T) {
	srv := fixture(t)
	p := DefaultPolicy()
	p.AllowLoopback = true
	p.Timeout = 200 * time.Millisecond
	start := time.Now()
	_, err := Fetch(context.Background(), NewHTTPDoer(p), srv.URL+"/hang.json", p, lint.Lint)
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindTimeout || e.HTTPStatus() != 504 {
		t.Fatalf("want timeout, got %v", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("took %v", time.Since(start))
	}
}

func TestFetchRefusesLoopbackByDefault(t *testing.T) {
	srv := fixture(t)
	var sent bool
	d := DoerFunc(func(context.Context, *Request) (*Response, error) {
		sent = true
		return nil, errors.New("must not be called")
	})
	_, err := Fetch(context.Background(), d, srv.URL+"/valid/.well-known/agent-card.json", DefaultPolicy(), lint.Lint)
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindRefused || sent {
		t.Fatalf("want refusal without a request, got %v (sent=%v)", err, sent)
	}
}

func TestHTTPDoerChecksDialedAddress(t *testing.T) {
	// A public-looking name that resolves to loopback is refused at dial
	// time. "localhost" resolves locally; the strict policy refuses it
	// before any packet.
	p := DefaultPolicy()
	d := NewHTTPDoer(p)
	_, err := d.Do(context.Background(), &Request{URL: "http://localhost:1/", MaxBody: 10})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindRefused {
		t.Fatalf("want refusal at dial, got %v", err)
	}
}

func TestCacheControlNoStoreDirectives(t *testing.T) {
	for cc, want := range map[string]bool{
		"": false, "max-age=300": false, "public, max-age=60": false,
		"no-store": true, "private, max-age=600": true, "max-age=0": true, "public, s-maxage=0": true, `max-age="0"`: true, "No-Store": true,
	} {
		if got := uncacheable(cc); got != want {
			t.Errorf("Cache-Control %q: not cacheable = %v, want %v", cc, got, want)
		}
	}
}
