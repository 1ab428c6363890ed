//go:build !js

// End-to-end cases of issue 7 under wrangler dev; TestE2EWorker runs them
// on its one wrangler instance (AGENTCARD_E2E=1).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/internal/hostile"
)

// countingFixture counts every request it gets: a card, a card behind one
// redirect, an endless redirect chain, and a redirect back to the checker.
func countingFixture(t *testing.T, base string) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	card := sharedCard(t, "minimal-1.0.json")
	fx := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch {
		case strings.HasPrefix(r.URL.Path, "/endless/"):
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
		case r.URL.Path == "/to-self":
			http.Redirect(w, r, base+"/api/card?url="+url.QueryEscape("http://"+r.Host+"/card.json"), http.StatusFound)
		case r.URL.Path == "/hop":
			http.Redirect(w, r, "/card.json", http.StatusFound)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.Write(card)
		}
	}))
	t.Cleanup(fx.Close)
	return fx, &hits
}

func jsonError(t *testing.T, a answer) map[string]any {
	t.Helper()
	var j struct {
		Error map[string]any `json:"error"`
	}
	if err := json.Unmarshal(a.body, &j); err != nil || j.Error == nil {
		t.Fatalf("not a JSON error (%d): %s", a.status, a.body)
	}
	return j.Error
}

func checkNoAmplification(t *testing.T, base string) {
	fx, hits := countingFixture(t, base)
	port := strings.TrimPrefix(base, "http://127.0.0.1:")
	for _, self := range []string{base, "http://localhost:" + port, "http://[::1]:" + port} {
		hits.Store(0)
		u := nested(base, nested(self, fx.URL+"/card.json", 8), 1)
		a := fetchURL(t, http.MethodGet, u, nil)
		if a.status != 422 || jsonError(t, a)["kind"] != "refused-target" || hits.Load() != 0 {
			t.Errorf("nested /api/card chain through %s, 8 deep: %d, %d requests reached the target\n%s", self, a.status, hits.Load(), a.body)
		}
	}
	// A redirect back to the checker is refused at that hop.
	hits.Store(0)
	if a := fetchURL(t, http.MethodGet, base+"/api/check?refresh=1&url="+url.QueryEscape(fx.URL+"/to-self"), nil); a.status != 422 || hits.Load() > 2 {
		t.Errorf("redirect to the checker: %d after %d requests\n%s", a.status, hits.Load(), a.body)
	}
	// One inbound request: at most the cap, endless redirects or not.
	hits.Store(0)
	if a := fetchURL(t, http.MethodGet, base+"/api/check?refresh=1&url="+url.QueryEscape(fx.URL+"/endless/"), nil); a.status != 502 || hits.Load() > discovery.DefaultMaxRequests {
		t.Errorf("endless redirects: %d after %d requests (cap %d)", a.status, hits.Load(), discovery.DefaultMaxRequests)
	}
	// A refresh=1 loop from one client: the limit stops it, and what got
	// through cost at most the cap each.
	hits.Store(0)
	ok, limited := 0, 0
	for i := 0; i < check.DefaultLimits().Burst+10; i++ {
		a := fetchAs(t, http.MethodGet, base+"/api/check?refresh=1&url="+url.QueryEscape(fx.URL+"/hop"), nil, "203.0.113.9")
		switch a.status {
		case 200:
			ok++
		case 429:
			limited++
			if a.header.Get("Retry-After") == "" || jsonError(t, a)["kind"] != "refresh-limited" {
				t.Errorf("429 without Retry-After or kind: %v %s", a.header, a.body)
			}
		default:
			t.Errorf("refresh loop: %d %s", a.status, a.body)
		}
	}
	if limited == 0 || int(hits.Load()) > ok*discovery.DefaultMaxRequests {
		t.Errorf("refresh loop: %d answered, %d limited, %d requests reached the target", ok, limited, hits.Load())
	}
	t.Logf("refresh loop of %d: %d answered, %d limited (429), %d requests reached the target", check.DefaultLimits().Burst+10, ok, limited, hits.Load())
}

// closingServer answers like a minimal HTTP/1.0 server: one request per
// connection, closed after the answer without a Connection header. The
// paths /c/0../c/2 redirect to the next, /c/3 is the card. With such
// servers workerd put the connection of a redirect's answer back in its
// pool, and the next hop failed on it ("Network connection lost") in
// about half of the fresh checks.
func closingServer(t *testing.T, card []byte) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				c.SetDeadline(time.Now().Add(5 * time.Second))
				br := bufio.NewReader(c)
				line, err := br.ReadString('\n')
				if err != nil {
					return
				}
				for {
					h, err := br.ReadString('\n')
					if err != nil || h == "\r\n" || h == "\n" {
						break
					}
				}
				f := strings.Fields(line)
				if len(f) < 2 {
					return
				}
				n, _ := strconv.Atoi(strings.TrimPrefix(f[1], "/c/"))
				if n < 3 {
					fmt.Fprintf(c, "HTTP/1.0 302 Found\r\nLocation: /c/%d\r\nContent-Length: 0\r\n\r\n", n+1)
					return
				}
				fmt.Fprintf(c, "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(card))
				c.Write(card)
			}(c)
		}
	}()
	return "http://" + l.Addr().String()
}

func checkRedirectChain(t *testing.T, base string) {
	target := closingServer(t, sharedCard(t, "minimal-1.0.json")) + "/c/0"
	failed := 0
	for i := 0; i < 20; i++ {
		a := fetchURL(t, http.MethodGet, base+"/api/check?refresh=1&url="+url.QueryEscape(target), nil)
		var j struct {
			HTTP struct {
				Redirects []any `json:"redirects"`
			} `json:"http"`
		}
		if a.status != 200 || json.Unmarshal(a.body, &j) != nil || len(j.HTTP.Redirects) != 3 {
			failed++
			t.Errorf("fresh check %d of a card behind 3 redirects: %d %s", i+1, a.status, a.body)
		}
	}
	t.Logf("20 fresh checks behind a 3-hop redirect chain: %d failed", failed)
}

func checkFetchErrors(t *testing.T, base string) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	for _, route := range []string{"/api/check", "/check"} {
		a := fetchURL(t, http.MethodGet, base+route+"?refresh=1&url="+url.QueryEscape("http://"+closed+"/card.json"), nil)
		if a.status != 502 {
			t.Errorf("%s on a closed port = %d", route, a.status)
		}
		for _, leak := range []string{"Network connection lost", "internal error", "reference =", "reachable from the internet"} {
			if bytes.Contains(a.body, []byte(leak)) {
				t.Errorf("%s on a closed port says %q:\n%s", route, leak, a.body)
			}
		}
		if route == "/api/check" {
			// workerd says the same for a refused and a lost connection,
			// and the Worker does not ask the port (issue 16, B9).
			if e := jsonError(t, a); e["reason"] != discovery.ReasonConnFailed {
				t.Errorf("closed port: %v", e)
			}
		}
	}
	nf := httptest.NewServer(http.NotFoundHandler())
	defer nf.Close()
	a := fetchURL(t, http.MethodGet, base+"/api/check?refresh=1&url="+url.QueryEscape(nf.URL+"/card.json"), nil)
	if e := jsonError(t, a); a.status != 502 || e["remoteStatus"] != float64(404) || e["kind"] != "not-found" {
		t.Errorf("a 404 target: %d %v", a.status, e)
	}
}

func checkCardAPI(t *testing.T, base string) {
	mux := http.NewServeMux()
	for path, body := range map[string][]byte{"/other.json": []byte(`{"a":1}`), "/mcp.json": sharedCard(t, "not-a-card-mcp.json"),
		"/broken.json": sharedCard(t, "broken-not-json.json")} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(body)
		})
	}
	fx := httptest.NewServer(mux)
	defer fx.Close()
	for path, want := range map[string]int{"/other.json": 422, "/mcp.json": 422, "/broken.json": 200} {
		a := fetchURL(t, http.MethodGet, base+"/api/card?url="+url.QueryEscape(fx.URL+path), nil)
		if a.status != want || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
			t.Errorf("/api/card %s = %d %s", path, a.status, a.header.Get("Content-Type"))
		}
		if want == 422 && jsonError(t, a)["kind"] != "not-a-card" {
			t.Errorf("/api/card %s: %s", path, a.body)
		}
		if want == 200 && !bytes.Equal(a.body, sharedCard(t, "broken-not-json.json")) {
			t.Errorf("/api/card %s: the card's bytes were changed", path)
		}
	}
}

func checkLocalHosts(t *testing.T, base string) {
	for host, want := range map[string]int{"rebind.example": 421, "rebind.example:80": 421, "localhost": 200, "[::1]": 200} {
		req, _ := http.NewRequest(http.MethodGet, base+"/healthz", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %s = %d, want %d", host, res.StatusCode, want)
		}
	}
}

// checkHostile sends every hostile input through POST /api/lint and, served
// by a fixture, through /check, while another goroutine polls /healthz:
// the instance must survive each one and /healthz must keep answering ok.
func checkHostile(t *testing.T, base string) {
	cases := hostile.Cases()
	mux := http.NewServeMux()
	for _, c := range cases {
		mux.HandleFunc("/hostile/"+c.Name, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(c.Data)
		})
	}
	fx := httptest.NewServer(mux)
	defer fx.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var polls, bad atomic.Int32
	wg.Add(1)
	go func() {
		defer wg.Done()
		client := &http.Client{Timeout: 30 * time.Second}
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			res, err := client.Get(base + "/healthz")
			polls.Add(1)
			if err != nil {
				bad.Add(1)
				t.Errorf("/healthz: %v", err)
				continue
			}
			var b bytes.Buffer
			b.ReadFrom(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || b.String() != "ok" {
				bad.Add(1)
				t.Errorf("/healthz during hostile inputs = %d %q", res.StatusCode, b.String())
			}
		}
	}()
	for _, c := range cases {
		began := time.Now()
		l := fetchURL(t, http.MethodPost, base+"/api/lint", bytes.NewReader(c.Data))
		lintTook := time.Since(began)
		began = time.Now()
		h := fetchURL(t, http.MethodGet, base+"/check?url="+url.QueryEscape(fx.URL+"/hostile/"+c.Name), nil)
		t.Logf("%-34s %7d bytes: /api/lint %d (%d bytes, %v), /check %d (%d bytes, %v)", c.Name, len(c.Data),
			l.status, len(l.body), lintTook.Round(time.Millisecond), h.status, len(h.body), time.Since(began).Round(time.Millisecond))
		if l.status != 200 && l.status != 422 {
			t.Errorf("%s: /api/lint = %d", c.Name, l.status)
		}
		if h.status != 200 && h.status != 502 && h.status != 422 {
			t.Errorf("%s: /check = %d", c.Name, h.status)
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("/healthz polled %d times during the hostile inputs, %d bad answers", polls.Load(), bad.Load())
}
