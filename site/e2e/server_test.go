package e2e

import (
	"bufio"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/lint"
)

// headerRule is one block of dist/site/_headers (Cloudflare's format): a
// path pattern and the headers it adds.
type headerRule struct {
	pattern string
	headers [][2]string
}

func readHeaders(t *testing.T, site string) []headerRule {
	f, err := os.Open(filepath.Join(site, "_headers"))
	if err != nil {
		t.Fatalf("the site has no _headers: %v", err)
	}
	defer f.Close()
	var rules []headerRule
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
		case !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t"):
			rules = append(rules, headerRule{pattern: strings.TrimSpace(line)})
		case len(rules) > 0:
			k, v, _ := strings.Cut(strings.TrimSpace(line), ":")
			rules[len(rules)-1].headers = append(rules[len(rules)-1].headers, [2]string{k, strings.TrimSpace(v)})
		}
	}
	return rules
}

func (r headerRule) matches(p string) bool {
	if prefix, ok := strings.CutSuffix(r.pattern, "*"); ok {
		return strings.HasPrefix(p, prefix)
	}
	return p == r.pattern
}

// serveSite serves dist/site like the Worker's static assets do, with the
// headers from _headers (so the page runs under the real CSP), plus a
// stand-in for the Worker's /api/card that answers from cards (and, like
// the Worker, refuses documents that are not Agent Cards with 422).
//
// AGENTCARD_E2E_BASE=http://127.0.0.1:8787 runs the tests against a running
// server instead (make dev: the site and the Worker in wrangler dev);
// tests that need the /api/card stand-in then skip.
// scriptDelay holds back the page's scripts (pageScript), as a slow network would, so
// the page is painted before any script runs: the layout test measures how
// much it then moves. Tests run one at a time; only that test sets it.
var scriptDelay time.Duration

// pageScript reports whether path is one of the page's own scripts (the
// head's boot script, the playground's module and its chunks, a lesson's),
// which scriptDelay holds back; the worker's scripts are not the page's.
func pageScript(path string) bool {
	return strings.HasPrefix(path, "/assets/") && strings.HasSuffix(path, ".js") &&
		!strings.HasPrefix(path, "/assets/engine-worker.") && !strings.HasPrefix(path, "/assets/wasm_exec.")
}

// served counts the paths serveSite has answered (not under
// AGENTCARD_E2E_BASE): what a page load asked the server for.
var served struct {
	sync.Mutex
	paths map[string]int
}

// requested is how many requests for a path starting with prefix
// serveSite has answered since the last reset (resetRequested).
func requested(prefix string) int {
	served.Lock()
	defer served.Unlock()
	n := 0
	for p, c := range served.paths {
		if strings.HasPrefix(p, prefix) {
			n += c
		}
	}
	return n
}

func resetRequested() {
	served.Lock()
	served.paths = nil
	served.Unlock()
}

func serveSite(t *testing.T, site string, cards map[string]string) string {
	if base := os.Getenv("AGENTCARD_E2E_BASE"); base != "" {
		if cards != nil {
			t.Skip("needs the /api/card stand-in")
		}
		return strings.TrimSuffix(base, "/")
	}
	rules := readHeaders(t, site)
	files := http.FileServer(http.Dir(site))
	mux := http.NewServeMux()
	mux.HandleFunc("/api/card", func(w http.ResponseWriter, r *http.Request) {
		body, ok := cards[r.URL.Query().Get("url")]
		w.Header().Set("Content-Type", "application/json")
		if !ok {
			w.WriteHeader(http.StatusBadGateway)
			w.Write([]byte(`{"error":{"kind":"not-found","status":502,"message":"The server answered 404 Not Found.","hint":"Check the address."}}`))
			return
		}
		// Like the Worker: only documents the engine recognises as Agent
		// Cards are opened (broken JSON included); anything else is 422.
		switch lint.Lint([]byte(body), lint.Options{}).Detection.Era {
		case card.Era10, card.Era03, card.Era02, card.EraMixed:
		default:
			w.WriteHeader(http.StatusUnprocessableEntity)
			w.Write([]byte(`{"error":{"kind":"not-a-card","status":422,"message":"The document is not an Agent Card, so it is not opened here.","hint":"Open the URL of the agent's card."}}`))
			return
		}
		w.Write([]byte(body))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		served.Lock()
		if served.paths == nil {
			served.paths = map[string]int{}
		}
		served.paths[r.URL.Path]++
		served.Unlock()
		if scriptDelay > 0 && pageScript(r.URL.Path) {
			time.Sleep(scriptDelay)
		}
		for _, rule := range rules {
			if rule.matches(r.URL.Path) {
				for _, h := range rule.headers {
					w.Header().Add(h[0], h[1])
				}
			}
		}
		files.ServeHTTP(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}
