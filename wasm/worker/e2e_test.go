//go:build !js

// The end-to-end test runs the Worker in the real runtime: it builds the
// bundle, starts `wrangler dev` (workerd) on 127.0.0.1 with ALLOW_LOOPBACK=1
// and a fixture server on 127.0.0.1, and checks every case of issue 3. It
// also runs the natively served handler with ALLOW_LOOPBACK off to check
// that loopback targets are refused. No request leaves the machine:
// targets are loopback, or refused by the policy before anything is sent.
//
//	AGENTCARD_E2E=1 go test -count=1 -run E2E ./wasm/worker/
//
// Without AGENTCARD_E2E=1 these tests are skipped. AGENTCARD_E2E_NOBUILD=1
// reuses build/ as it is; AGENTCARD_LOAD=1 adds a load run with wrk
// (TestE2ELoad).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/agentcard/agentcard/internal/devport"
	"github.com/agentcard/agentcard/internal/toolchain"
)

func repoRoot(t testing.TB) string {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("repository root not found")
		}
		dir = parent
	}
}

// freePort is a port for a server this test starts (devport: outside the
// range the kernel hands out, so nothing running alongside takes it).
func freePort(t testing.TB) int {
	t.Helper()
	return freePorts(t, 1)[0]
}

func freePorts(t testing.TB, n int) []int {
	t.Helper()
	ports, err := devport.Free(n)
	if err != nil {
		t.Fatal(err)
	}
	return ports
}

// logBuffer keeps a process's output for failure messages.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// start runs a command in its own process group and stops the whole group
// (wrangler starts workerd as a child) when the test ends.
func start(t testing.TB, dir string, env []string, name string, args ...string) *logBuffer {
	t.Helper()
	out, _ := startStoppable(t, dir, env, name, args...)
	return out
}

// startStoppable is start, with a function that stops the process before
// the test ends (a server that could not bind, started again).
func startStoppable(t testing.TB, dir string, env []string, name string, args ...string) (*logBuffer, func()) {
	t.Helper()
	out := &logBuffer{}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	pgid := cmd.Process.Pid
	var once sync.Once
	stop := func() {
		once.Do(func() {
			syscall.Kill(-pgid, syscall.SIGTERM)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				syscall.Kill(-pgid, syscall.SIGKILL)
				<-done
			}
		})
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			t.Logf("%s output:\n%s", name, out)
		}
	})
	return out, stop
}

func waitHealthy(t testing.TB, base string, log *logBuffer, within time.Duration) {
	t.Helper()
	if !healthyOrInUse(t, base, log, within) {
		t.Fatalf("%s could not bind its port:\n%s", base, log)
	}
}

// healthyOrInUse waits for base to answer /healthz, and says false as soon
// as the server's output says its port was taken (devport.InUse).
func healthyOrInUse(t testing.TB, base string, log *logBuffer, within time.Duration) bool {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == 200 && string(body) == "ok" {
				return true
			}
		}
		if devport.InUse(log.String()) {
			return false
		}
		time.Sleep(300 * time.Millisecond)
	}
	t.Fatalf("%s did not become healthy in %v:\n%s", base, within, log)
	return false
}

// startWrangler builds the bundle and serves it with wrangler dev.
func startWrangler(t testing.TB) string {
	t.Helper()
	base, _ := startWranglerLog(t)
	return base
}

// startWranglerLog is startWrangler, with what wrangler and workerd print
// (the runtime's log).
func startWranglerLog(t testing.TB) (string, *logBuffer) {
	t.Helper()
	return startWranglerMain(t, "worker.mjs")
}

// startWranglerMain is startWranglerLog with another entry module in
// build/ (one that wraps worker.mjs, e2e_quota_test.go's).
func startWranglerMain(t testing.TB, main string) (string, *logBuffer) {
	t.Helper()
	root := repoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "node_modules", ".bin", "wrangler")); err != nil {
		t.Fatal("node_modules/.bin/wrangler missing: run `npm ci`")
	}
	if os.Getenv("AGENTCARD_E2E_NOBUILD") != "1" {
		build := exec.Command("go", "run", "./scripts/buildworker")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("buildworker: %v\n%s", err, out)
		} else {
			t.Logf("%s", out)
		}
	}
	// The site may not be built (go test alone); assets need a directory.
	if err := os.MkdirAll(filepath.Join(root, "dist", "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Configs without [build] and file watching: the bundles are built.
	// The checker and the signature verifier it binds (as wrangler.toml
	// and wrangler.verifier.toml do).
	cfg := filepath.Join(root, "build", "wrangler.e2e.toml")
	verifierCfg := filepath.Join(root, "build", "verifier", "wrangler.e2e.toml")
	if err := os.WriteFile(verifierCfg, []byte(`name = "agentcard-e2e-verifier"
main = "worker.mjs"
compatibility_date = "2026-04-20"
`), 0o644); err != nil {
		t.Fatal(err)
	}
	conf := `name = "agentcard-e2e"
main = "` + main + `"
compatibility_date = "2026-04-20"
[vars]
ALLOW_LOOPBACK = "0"
[[services]]
binding = "VERIFIER"
service = "agentcard-e2e-verifier"
[[kv_namespaces]]
binding = "SHARES"
id = "agentcard-e2e-shares"
[[d1_databases]]
binding = "DB"
database_name = "agentcard-e2e"
database_id = "agentcard-e2e"
[[queues.producers]]
binding = "BATCH_QUEUE"
queue = "agentcard-e2e-batch"
[[queues.consumers]]
queue = "agentcard-e2e-batch"
max_batch_size = 5
max_batch_timeout = 1
max_retries = 3
[assets]
directory = "../dist/site"
binding = "ASSETS"
not_found_handling = "none"
run_worker_first = ["/check", "/check/*", "/api/*", "/healthz", "/_worker/*", "/badge", "/s/*", "/batch/*"]
`
	if err := os.WriteFile(cfg, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	// A port taken between its choice and wrangler's bind: a fresh pair
	// and a new start (devport.Start).
	var base string
	var log *logBuffer
	err := devport.Start(2, func(ports []int) bool {
		port, inspector := ports[0], ports[1]
		var stop func()
		log, stop = startStoppable(t, root, []string{"CLOUDFLARE_CF_FETCH_ENABLED=false", "WRANGLER_SEND_METRICS=false", "WRANGLER_HIDE_BANNER=true", "CI=1"},
			filepath.Join(root, "node_modules", ".bin", "wrangler"), "dev", "--config", cfg, "--config", verifierCfg, "--ip", "127.0.0.1",
			"--port", fmt.Sprint(port), "--inspector-port", fmt.Sprint(inspector), "--var", "ALLOW_LOOPBACK:1",
			"--var", "LOCAL_ONLY:1", "--var", fmt.Sprintf("SITE_ORIGIN:http://127.0.0.1:%d", port),
			"--persist-to", filepath.Join(root, ".wrangler", "e2e-state"), "--show-interactive-dev-session=false", "--log-level", "warn")
		base = fmt.Sprintf("http://127.0.0.1:%d", port)
		if healthyOrInUse(t, base, log, 90*time.Second) {
			return true
		}
		t.Logf("wrangler dev: port %d or %d taken", port, inspector)
		stop()
		return false
	})
	if err != nil {
		t.Fatalf("wrangler dev: %v:\n%s", err, log)
	}
	return base, log
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

// clientSeq gives every e2e request its own client address: wrangler dev
// passes CF-Connecting-IP through (Cloudflare sets it in production), and
// the refresh=1 limit is per client, so the many refresh=1 checks of these
// tests would otherwise share one client's limit. TestE2EWorker's "refresh
// limit" case sends one fixed address on purpose.
var clientSeq atomic.Int32

func fetchURL(t *testing.T, method, u string, body io.Reader) answer {
	t.Helper()
	n := clientSeq.Add(1)
	return fetchAs(t, method, u, body, fmt.Sprintf("198.18.%d.%d", n/250, n%250+1))
}

func fetchAs(t *testing.T, method, u string, body io.Reader, from string) answer {
	t.Helper()
	req, _ := http.NewRequest(method, u, body)
	req.Header.Set("CF-Connecting-IP", from)
	client := &http.Client{Timeout: 30 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	a := answer{res.StatusCode, res.Header, b}
	if a.status >= 500 && a.status != 502 && a.status != 504 {
		t.Errorf("%s %s: %d\n%s", method, u, a.status, b)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("%s %s: security headers missing: %v", method, u, res.Header)
	}
	return a
}

func skipUnlessE2E(t *testing.T) {
	if os.Getenv("AGENTCARD_E2E") != "1" {
		t.Skip("set AGENTCARD_E2E=1 to run the end-to-end tests (make test-e2e-worker)")
	}
}

func TestE2EWorker(t *testing.T) {
	skipUnlessE2E(t)
	fx := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), sharedCard(t, "broken-common-mistakes.json"))
	base := startWrangler(t)
	check := func(route, target string) answer {
		return fetchURL(t, http.MethodGet, base+route+"?refresh=1&url="+url.QueryEscape(target), nil)
	}
	cases := []struct {
		name, path string
		status     int
		kind       string
		want       func(t *testing.T, j map[string]any)
	}{
		{"valid card", "/valid/.well-known/agent-card.json", 200, "", func(t *testing.T, j map[string]any) {
			if j["errors"].(float64) != 0 || j["era"] != "1.0" || len(j["selection"].([]any)) != 3 {
				t.Errorf("errors=%v era=%v", j["errors"], j["era"])
			}
		}},
		{"invalid card", "/invalid/.well-known/agent-card.json", 200, "", func(t *testing.T, j map[string]any) {
			if j["errors"].(float64) < 5 {
				t.Errorf("errors=%v", j["errors"])
			}
		}},
		{"redirect chain", "/hop/", 200, "", func(t *testing.T, j map[string]any) {
			if n := len(j["http"].(map[string]any)["redirects"].([]any)); n != 2 {
				t.Errorf("redirects=%d", n)
			}
		}},
		{"404 with a legacy-path card", "", 200, "", func(t *testing.T, j map[string]any) {
			if j["http"].(map[string]any)["legacyPath"] != true {
				t.Errorf("http=%v", j["http"])
			}
		}},
		{"5 MB body", "/huge.json", 502, "too-large", nil},
		{"server that never answers", "/hang.json", 504, "timeout", nil},
		{"HTML page", "/page.html", 502, "not-json", nil},
		{"redirect loop", "/loop", 502, "redirect-loop", nil},
		{"redirect to a metadata address", "/to-metadata", 422, "refused-target", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := check("/api/check", fx.URL+c.path)
			if a.status != c.status {
				t.Fatalf("/api/check = %d, want %d\n%s", a.status, c.status, a.body)
			}
			var j map[string]any
			if err := json.Unmarshal(a.body, &j); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, a.body)
			}
			if c.kind != "" {
				if e, _ := j["error"].(map[string]any); e == nil || e["kind"] != c.kind {
					t.Errorf("error = %v", j["error"])
				}
			} else {
				c.want(t, j)
			}
			h := check("/check", fx.URL+c.path)
			if h.status != c.status || !strings.HasPrefix(h.header.Get("Content-Type"), "text/html") {
				t.Fatalf("/check = %d %s", h.status, h.header.Get("Content-Type"))
			}
			marker := `data-testid="verdict"`
			if c.kind != "" {
				marker = `data-kind="` + c.kind + `"`
			}
			if !bytes.Contains(h.body, []byte(marker)) {
				t.Errorf("/check page lacks %s", marker)
			}
		})
	}
	t.Run("refused targets", func(t *testing.T) {
		for _, target := range []string{"http://10.0.0.1/", "http://169.254.169.254/", "http://[::ffff:10.0.0.1]/", "file:///etc/passwd", "http://192.168.1.1/"} {
			if a := check("/api/check", target); a.status != 422 || !bytes.Contains(a.body, []byte("We ")) {
				t.Errorf("%s = %d %s", target, a.status, a.body)
			}
		}
		if a := check("/api/check", "not a url"); a.status != 400 {
			t.Errorf("bad input = %d", a.status)
		}
	})
	t.Run("xss card is inert", func(t *testing.T) {
		h := check("/check", fx.URL+"/xss.json")
		if h.status != 200 || bytes.Contains(h.body, []byte("<script>alert")) || bytes.Contains(h.body, []byte(`href="javascript:`)) {
			t.Errorf("status %d; markup reached the page", h.status)
		}
	})
	t.Run("card and lint APIs", func(t *testing.T) {
		a := check("/api/card", fx.URL+"/valid/.well-known/agent-card.json")
		if a.status != 200 || !json.Valid(a.body) || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
			t.Errorf("/api/card = %d", a.status)
		}
		if a := check("/api/card", fx.URL+"/page.html"); a.status != 502 || bytes.Contains(a.body, []byte("<script>")) {
			t.Errorf("/api/card on HTML = %d", a.status)
		}
		l := fetchURL(t, http.MethodPost, base+"/api/lint", bytes.NewReader(sharedCard(t, "broken-not-json.json")))
		if l.status != 200 || !bytes.Contains(l.body, []byte(`"errors":`)) {
			t.Errorf("/api/lint = %d %s", l.status, l.body)
		}
	})
	t.Run("cached report", func(t *testing.T) {
		target := url.QueryEscape(fx.URL + "/valid/.well-known/agent-card.json")
		fetchURL(t, http.MethodGet, base+"/check?url="+target, nil)
		h := fetchURL(t, http.MethodGet, base+"/check?url="+target, nil)
		if h.status != 200 || !bytes.Contains(h.body, []byte(`data-testid="cached"`)) {
			t.Errorf("second report not from the cache (status %d)", h.status)
		}
	})
	t.Run("no amplification", func(t *testing.T) { checkNoAmplification(t, base) })
	t.Run("redirect chain under refresh", func(t *testing.T) { checkRedirectChain(t, base) })
	t.Run("honest fetch errors", func(t *testing.T) { checkFetchErrors(t, base) })
	t.Run("card API only for cards", func(t *testing.T) { checkCardAPI(t, base) })
	t.Run("local host names only", func(t *testing.T) { checkLocalHosts(t, base) })
	t.Run("hostile inputs with healthz alongside", func(t *testing.T) { checkHostile(t, base) })
	if a := fetchURL(t, http.MethodGet, base+"/healthz", nil); a.status != 200 {
		t.Fatalf("the Worker stopped answering: %d", a.status)
	}
	t.Run("one instance serves every request", func(t *testing.T) { checkInstanceReuse(t, base, fx.URL) })
}

// instanceRequests is the count of requests the answering Go instance has
// served, from the header it adds in dev mode (ALLOW_LOOPBACK=1) only.
func instanceRequests(t *testing.T, a answer) int {
	t.Helper()
	n, err := strconv.Atoi(a.header.Get("X-Agentcard-Instance-Requests"))
	if err != nil {
		t.Fatalf("no X-Agentcard-Instance-Requests header: %v", a.header)
	}
	return n
}

// checkInstanceReuse checks that the Go instance outlives a request (the
// counter grows by one per request, and /healthz still answers exactly
// "ok"), that concurrent requests are all answered, and that a fresh
// instance starts after the program ends (/_worker/dev/exit, dev mode
// only). The time per request is logged for comparison, never asserted.
func checkInstanceReuse(t *testing.T, base, fixture string) {
	first := instanceRequests(t, fetchURL(t, http.MethodGet, base+"/healthz", nil))
	const n = 20
	began := time.Now()
	for i := 1; i <= n; i++ {
		a := fetchURL(t, http.MethodGet, base+"/healthz", nil)
		if string(a.body) != "ok" {
			t.Fatalf("/healthz = %q", a.body)
		}
		if got := instanceRequests(t, a); got != first+i {
			t.Fatalf("request %d was answered by a fresh instance (it has served %d, want %d)", i, got, first+i)
		}
	}
	t.Logf("%d sequential /healthz on one instance: %.1f ms per request (a fresh instance per request took ~26 ms here)",
		n, float64(time.Since(began).Microseconds())/1000/n)

	// Requests overlap on the one instance: one waits for a server that
	// never answers while others fetch and finish. Each must get its own
	// answer, and none may take the instance down (workerd refuses I/O
	// across requests; see fetch_js.go).
	before := instanceRequests(t, fetchURL(t, http.MethodGet, base+"/healthz", nil))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if a := fetchURL(t, http.MethodGet, base+"/api/check?refresh=1&url="+url.QueryEscape(fixture+"/hang.json"), nil); a.status != 504 {
			t.Errorf("concurrent hanging /api/check = %d", a.status)
		}
	}()
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if a := fetchURL(t, http.MethodGet, base+"/check?refresh=1&url="+url.QueryEscape(fixture+"/valid/.well-known/agent-card.json"), nil); a.status != 200 {
				t.Errorf("concurrent /check = %d", a.status)
			}
			if a := fetchURL(t, http.MethodGet, base+"/healthz", nil); a.status != 200 || string(a.body) != "ok" {
				t.Errorf("concurrent /healthz = %d %q", a.status, a.body)
			}
		}()
	}
	wg.Wait()
	if got := instanceRequests(t, fetchURL(t, http.MethodGet, base+"/healthz", nil)); got != before+18 {
		t.Errorf("after concurrent requests the instance has served %d, want %d (it was restarted?)", got, before+18)
	}

	// Oversized request bodies, declared or streamed without a length, on
	// /api/lint and elsewhere: each gets its answer, and the next request
	// is answered at once (an unsettled cancel once stalled it).
	big := bytes.Repeat([]byte("x"), 2<<20)
	for _, c := range []struct {
		path   string
		body   io.Reader
		status int
	}{
		{"/api/lint", bytes.NewReader(big), 413},
		{"/api/lint", io.MultiReader(bytes.NewReader(big)), 413}, // no Content-Length: chunked
		{"/healthz", bytes.NewReader(big), 405},
	} {
		if a := fetchURL(t, http.MethodPost, base+c.path, c.body); a.status != c.status {
			t.Errorf("POST %s with 2 MiB = %d, want %d", c.path, a.status, c.status)
		}
		quick := &http.Client{Timeout: 5 * time.Second}
		res, err := quick.Get(base + "/healthz")
		if err != nil {
			t.Fatalf("after POST %s with 2 MiB, /healthz did not answer: %v", c.path, err)
		}
		res.Body.Close()
	}

	// fetchURL counts a 503 as a failure; this one is expected. The route
	// exists only in dev mode and only for POST with a custom header.
	if res, err := http.Get(base + "/_worker/dev/exit"); err != nil {
		t.Fatal(err)
	} else if res.Body.Close(); res.StatusCode == 503 {
		t.Errorf("GET /_worker/dev/exit ended the program; only POST with X-Agentcard-Dev may")
	}
	exit, _ := http.NewRequest(http.MethodPost, base+"/_worker/dev/exit", nil)
	exit.Header.Set("X-Agentcard-Dev", "exit")
	if res, err := http.DefaultClient.Do(exit); err != nil {
		t.Fatal(err)
	} else {
		res.Body.Close()
		if res.StatusCode != 503 || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("/_worker/dev/exit = %d %v, want 503 with security headers", res.StatusCode, res.Header)
		}
	}
	a := fetchURL(t, http.MethodGet, base+"/healthz", nil)
	if a.status != 200 || string(a.body) != "ok" {
		t.Fatalf("after the program ended: /healthz = %d %q", a.status, a.body)
	}
	if got := instanceRequests(t, a); got != 1 {
		t.Errorf("after the program ended, the instance has served %d requests, want 1 (a fresh one)", got)
	}
}

// TestE2ENativeRefusesLoopback runs `go run ./wasm/worker` with
// ALLOW_LOOPBACK unset: loopback targets are refused with 422.
func TestE2ENativeRefusesLoopback(t *testing.T) {
	skipUnlessE2E(t)
	root := repoRoot(t)
	bin := filepath.Join(t.TempDir(), "worker")
	build := exec.Command("go", "build", "-o", bin, "./wasm/worker")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	fx := fixtureServer(t, sharedCard(t, "minimal-1.0.json"), nil)
	port := freePort(t)
	log := start(t, root, []string{fmt.Sprintf("PORT=%d", port), "ALLOW_LOOPBACK=", "SITE_DIR=" + t.TempDir()}, bin)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitHealthy(t, base, log, 20*time.Second)
	for _, target := range []string{fx.URL + "/valid/.well-known/agent-card.json", "http://localhost:" + fmt.Sprint(port) + "/healthz",
		"https://localhost/", "http://0x7f000001/", "http://[::1]:80/"} {
		a := fetchURL(t, http.MethodGet, base+"/api/check?url="+url.QueryEscape(target), nil)
		if a.status != 422 || !bytes.Contains(a.body, []byte("We do not fetch")) {
			t.Errorf("%s = %d %s", target, a.status, a.body)
		}
	}
}

// TestE2ELoad measures the Worker under wrangler dev with wrk. Opt-in:
// AGENTCARD_LOAD=1.
func TestE2ELoad(t *testing.T) {
	skipUnlessE2E(t)
	if os.Getenv("AGENTCARD_LOAD") != "1" {
		t.Skip("set AGENTCARD_LOAD=1 to run the load test")
	}
	wrk := toolchain.Command(t, "wrk", "Debian: apt-get install wrk", "AGENTCARD_LOAD")
	fx := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), nil)
	base := startWrangler(t)
	report := base + "/api/check?url=" + url.QueryEscape(fx.URL+"/valid/.well-known/agent-card.json")
	fetchURL(t, http.MethodGet, report, nil) // fill the cache
	for _, target := range []struct{ name, url string }{{"healthz", base + "/healthz"}, {"api-check (cached card)", report},
		{"check page (cached card)", strings.Replace(report, "/api/check", "/check", 1)}} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		out, err := exec.CommandContext(ctx, wrk, "-t2", "-c8", "-d10s", "--latency", target.url).CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("wrk: %v\n%s", err, out)
		}
		t.Logf("wrk %s:\n%s", target.name, summarize(out))
	}
}

// summarize keeps the lines of wrk's output worth reporting.
func summarize(out []byte) string {
	var keep []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		for _, p := range []string{"Requests/sec", "50%", "99%", "Latency ", "Non-2xx", "Socket errors", "requests in"} {
			if strings.HasPrefix(l, p) || strings.Contains(l, p) {
				keep = append(keep, l)
				break
			}
		}
	}
	return strings.Join(keep, "\n")
}
