package main

// The configurations of lesson 13 ("Serve your card", site/learn/*/13-serving.md)
// are claims: each is served here by the real server it configures —
// nginx, Caddy, Cloudflare's workerd (wrangler dev) with the Worker and
// with _headers, Express, FastAPI under uvicorn, and this folder's Go
// program — with the lesson's card, and the answer goes through the
// checker's own HTTP checks (core/discovery: the ones the Worker's report
// and `agentcard lint URL` run), then through a revalidation (304) and a
// CORS preflight. The lesson embeds these very files (scripts/buildsite
// renders each ```lang file=serving/NAME block from the file), and
// TestLessonShowsTheseFiles checks that it shows no other.
//
// A stack that is not installed is skipped with what to install, unless
// AGENTCARD_SERVING=1 (set by .ci/run, which installs them), which makes
// it a failure.

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"mime"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/devport"
	"github.com/agentcard/agentcard/internal/toolchain"
)

const wellKnown = "/.well-known/agent-card.json"

// stack is one way the lesson serves the card.
type stack struct {
	name  string
	files []string // the files of this folder the lesson shows for it
	// plainHTTP: the test talks to it over loopback http (an app server
	// behind the TLS proxy the lesson tells readers to put in front, or
	// wrangler dev), so http-insecure-url is expected and nothing else
	// about TLS is checked.
	plainHTTP bool
	// lastModified: it sends Last-Modified and answers If-Modified-Since.
	lastModified bool
	// preflight: it answers the CORS preflight for A2A-Version.
	preflight bool
	// hashETag: its ETag is the first 8 bytes of the card's SHA-256 in
	// hex, the value the caching figure of lessons 9 and 13 shows
	// (scripts/buildsite CardETag).
	hashETag bool
	start    func(t *testing.T, e *env) string // the base URL
}

var stacks = []stack{
	{name: "nginx", files: []string{"nginx.conf"}, lastModified: true, preflight: true, start: startNginx},
	{name: "caddy", files: []string{"Caddyfile"}, lastModified: true, preflight: true, start: startCaddy},
	{name: "cloudflare-worker", files: []string{"worker.js", "wrangler.toml"}, plainHTTP: true, preflight: true, hashETag: true, start: startWorker},
	{name: "cloudflare-headers", files: []string{"_headers"}, plainHTTP: true, start: startHeaders},
	{name: "express", files: []string{"server.mjs"}, plainHTTP: true, lastModified: true, preflight: true, start: startExpress},
	{name: "fastapi", files: []string{"main.py"}, plainHTTP: true, preflight: true, hashETag: true, start: startFastAPI},
	{name: "go", files: []string{"main.go"}, plainHTTP: true, lastModified: true, preflight: true, hashETag: true, start: startGo},
}

// missing skips a stack that is not installed, or fails under
// AGENTCARD_SERVING=1 or AGENTCARD_REQUIRE_ALL=1 (internal/toolchain).
func missing(t *testing.T, format string, args ...any) {
	t.Helper()
	toolchain.Missing(t, fmt.Sprintf(format, args...), "AGENTCARD_SERVING")
}

// env is what a stack's start function works with.
type env struct {
	dir      string // this folder (site/learn/serving)
	root     string // the repository
	tmp      string
	certFile string
	keyFile  string
	card     []byte
}

// docRoot makes a web root holding the card at the well-known path.
func (e *env) docRoot(t *testing.T) string {
	t.Helper()
	root := filepath.Join(e.tmp, "www")
	if err := os.MkdirAll(filepath.Join(root, ".well-known"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, wellKnown), e.card, 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func (e *env) read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(e.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// rewrite replaces the one occurrence of old in text: the values a reader
// changes for their own machine (address, certificate, web root), never
// anything the lesson teaches. A file that no longer holds old exactly
// once fails, so the rewrite cannot silently stop applying.
func rewrite(t *testing.T, file, text, old, new string) string {
	t.Helper()
	if n := strings.Count(text, old); n != 1 {
		t.Fatalf("%s: %q occurs %d times, want once", file, old, n)
	}
	return strings.Replace(text, old, new, 1)
}

// freePort is a port for a server this test starts (devport: outside the
// range the kernel hands out, so nothing running alongside takes it).
func freePort(t *testing.T) int {
	t.Helper()
	ports, err := devport.Free(1)
	if err != nil {
		t.Fatal(err)
	}
	return ports[0]
}

// run starts a server process in its own process group, ended (the group:
// wrangler starts workerd) when the test ends. Its output is shown when
// the test fails.
func run(t *testing.T, dir string, extraEnv []string, name string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), extraEnv...)
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		if t.Failed() {
			t.Logf("%s output:\n%s", name, out.String())
		}
	})
	return cmd
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitReady waits until the server answers the card's URL at all.
func waitReady(t *testing.T, client *http.Client, cmd *exec.Cmd, url string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if cmd.ProcessState != nil {
			t.Fatalf("the server exited: %v", cmd.ProcessState)
		}
		res, err := client.Get(url)
		if err == nil {
			res.Body.Close()
			return
		}
		time.Sleep(150 * time.Millisecond)
	}
	t.Fatalf("%s did not answer within 90 s", url)
}

func lookPath(t *testing.T, name, install string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, "%s is not installed (%s)", name, install)
	}
	return p
}

func startNginx(t *testing.T, e *env) string {
	nginx := lookPath(t, "nginx", "apt-get install nginx")
	port := freePort(t)
	conf := e.read(t, "nginx.conf")
	conf = rewrite(t, "nginx.conf", conf, "listen 443 ssl;", fmt.Sprintf("listen 127.0.0.1:%d ssl;", port))
	conf = rewrite(t, "nginx.conf", conf, "/etc/letsencrypt/live/agent.example.com/fullchain.pem", e.certFile)
	conf = rewrite(t, "nginx.conf", conf, "/etc/letsencrypt/live/agent.example.com/privkey.pem", e.keyFile)
	conf = rewrite(t, "nginx.conf", conf, "root /var/www/agent;", "root "+e.docRoot(t)+";")
	site := filepath.Join(e.tmp, "agent-card.conf")
	if err := os.WriteFile(site, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	// The main configuration is the test's: one process, everything under
	// tmp, and nothing but the lesson's server block (no mime.types: the
	// block must set the card's type itself).
	main := fmt.Sprintf(`daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log;
events {}
http {
    access_log off;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    include %[2]s;
}
`, e.tmp, site)
	mainFile := filepath.Join(e.tmp, "nginx-main.conf")
	if err := os.WriteFile(mainFile, []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := run(t, e.tmp, nil, nginx, "-p", e.tmp, "-e", filepath.Join(e.tmp, "error.log"), "-c", mainFile)
	base := fmt.Sprintf("https://127.0.0.1:%d", port)
	waitReady(t, e.client(), cmd, base+wellKnown)
	return base
}

func startCaddy(t *testing.T, e *env) string {
	caddy := lookPath(t, "caddy", "apt-get install caddy")
	port := freePort(t)
	conf := e.read(t, "Caddyfile")
	conf = rewrite(t, "Caddyfile", conf, "agent.example.com {", fmt.Sprintf("https://127.0.0.1:%d {\n\ttls %s %s", port, e.certFile, e.keyFile))
	conf = rewrite(t, "Caddyfile", conf, "root * /var/www/agent", "root * "+e.docRoot(t))
	// Global options of the test: no admin endpoint, no certificate
	// management (the test brings its own certificate), state under tmp.
	conf = fmt.Sprintf("{\n\tadmin off\n\tauto_https off\n\tstorage file_system %s\n}\n\n", filepath.Join(e.tmp, "caddy")) + conf
	file := filepath.Join(e.tmp, "Caddyfile")
	if err := os.WriteFile(file, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := run(t, e.tmp, []string{"HOME=" + e.tmp, "XDG_CONFIG_HOME=" + e.tmp, "XDG_DATA_HOME=" + e.tmp},
		caddy, "run", "--config", file, "--adapter", "caddyfile")
	base := fmt.Sprintf("https://127.0.0.1:%d", port)
	waitReady(t, e.client(), cmd, base+wellKnown)
	return base
}

// wrangler starts wrangler dev on config, offline and quiet.
func (e *env) wrangler(t *testing.T, config string) string {
	t.Helper()
	bin := filepath.Join(e.root, "node_modules", ".bin", "wrangler")
	if _, err := os.Stat(bin); err != nil {
		missing(t, "wrangler is not installed (npm ci)")
	}
	ports, err := devport.Free(2)
	if err != nil {
		t.Fatal(err)
	}
	port, inspector := ports[0], ports[1]
	cmd := run(t, filepath.Dir(config),
		[]string{"CLOUDFLARE_CF_FETCH_ENABLED=false", "WRANGLER_SEND_METRICS=false", "WRANGLER_HIDE_BANNER=true", "CI=1"},
		bin, "dev", "-c", config, "--ip", "127.0.0.1", "--port", fmt.Sprint(port), "--inspector-port", fmt.Sprint(inspector))
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitReady(t, e.client(), cmd, base+wellKnown)
	return base
}

func (e *env) copy(t *testing.T, dst string, names ...string) {
	t.Helper()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(e.dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func startWorker(t *testing.T, e *env) string {
	dir := filepath.Join(e.tmp, "worker")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	e.copy(t, dir, "worker.js", "wrangler.toml", "agent-card.json")
	return e.wrangler(t, filepath.Join(dir, "wrangler.toml"))
}

// startHeaders publishes a folder with the card and _headers as Workers
// static assets (the configuration is the test's; Pages reads the same
// _headers file).
func startHeaders(t *testing.T, e *env) string {
	dir := filepath.Join(e.tmp, "site")
	public := filepath.Join(dir, "public")
	if err := os.MkdirAll(filepath.Join(public, ".well-known"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.copy(t, public, "_headers")
	if err := os.WriteFile(filepath.Join(public, wellKnown), e.card, 0o644); err != nil {
		t.Fatal(err)
	}
	conf := "name = \"agent-card-static\"\ncompatibility_date = \"2026-04-20\"\n[assets]\ndirectory = \"./public\"\n"
	if err := os.WriteFile(filepath.Join(dir, "wrangler.toml"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	return e.wrangler(t, filepath.Join(dir, "wrangler.toml"))
}

func startExpress(t *testing.T, e *env) string {
	node := lookPath(t, "node", "Node 20")
	if _, err := os.Stat(filepath.Join(e.root, "node_modules", "express")); err != nil {
		missing(t, "express is not installed (npm ci)")
	}
	port := freePort(t)
	cmd := run(t, e.dir, []string{fmt.Sprintf("PORT=%d", port), "HOST=127.0.0.1"}, node, "server.mjs")
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitReady(t, e.client(), cmd, base+wellKnown)
	return base
}

// python is a Python 3 that has FastAPI and uvicorn: Debian's
// (python3-fastapi, uvicorn), since PyPI is out of reach here.
func python(t *testing.T) string {
	for _, p := range []string{"/usr/bin/python3", "python3"} {
		if path, err := exec.LookPath(p); err == nil && exec.Command(path, "-c", "import fastapi, uvicorn").Run() == nil {
			return path
		}
	}
	missing(t, "no python3 with fastapi and uvicorn (apt-get install python3-fastapi uvicorn; PyPI is not reachable here)")
	return ""
}

func startFastAPI(t *testing.T, e *env) string {
	py := python(t)
	port := freePort(t)
	cmd := run(t, e.dir, []string{"PYTHONDONTWRITEBYTECODE=1"}, py, "-m", "uvicorn", "main:app",
		"--host", "127.0.0.1", "--port", fmt.Sprint(port), "--app-dir", e.dir, "--no-access-log")
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitReady(t, e.client(), cmd, base+wellKnown)
	return base
}

func startGo(t *testing.T, e *env) string {
	goTool := lookPath(t, "go", "Go 1.26")
	bin := filepath.Join(e.tmp, "agent-card")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Dir = e.dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	port := freePort(t)
	cmd := run(t, e.dir, nil, bin, "-addr", fmt.Sprintf("127.0.0.1:%d", port), "-card", "agent-card.json")
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitReady(t, e.client(), cmd, base+wellKnown)
	return base
}

// ---- the checks ----

var (
	certOnce          sync.Once
	certPEM, keyPEM   []byte
	certPool          *x509.CertPool
	certErr           error
	serveCertTemplate = &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
)

// testCert is a self-signed certificate for 127.0.0.1 that only this
// test trusts.
func testCert(t *testing.T) {
	certOnce.Do(func() {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			certErr = err
			return
		}
		der, err := x509.CreateCertificate(rand.Reader, serveCertTemplate, serveCertTemplate, &key.PublicKey, key)
		if err != nil {
			certErr = err
			return
		}
		kder, err := x509.MarshalECPrivateKey(key)
		if err != nil {
			certErr = err
			return
		}
		certPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
		keyPEM = pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder})
		certPool = x509.NewCertPool()
		certPool.AppendCertsFromPEM(certPEM)
	})
	if certErr != nil {
		t.Fatal(certErr)
	}
}

// client trusts the test's certificate, follows no redirect and keeps
// no connection (a server under test is ended between subtests).
func (e *env) client() *http.Client {
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig:   &tls.Config{RootCAs: certPool},
			DisableKeepAlives: true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// doer is discovery's Doer over that client: the checker's own fetch
// (redirects, legacy path, the request without A2A-Version) and checks,
// with the test's certificate trusted.
func (e *env) doer() discovery.Doer {
	c := e.client()
	return discovery.DoerFunc(func(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.URL, nil)
		if err != nil {
			return nil, err
		}
		for k, vs := range r.Header {
			req.Header[k] = vs
		}
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		body, err := io.ReadAll(io.LimitReader(res.Body, discovery.DefaultMaxBody+1))
		if err != nil {
			return nil, err
		}
		out := &discovery.Response{Status: res.StatusCode, Header: res.Header, Body: body}
		if len(res.Status) > 4 {
			out.StatusText = res.Status[4:]
		}
		return out, nil
	})
}

func TestServeTheCard(t *testing.T) {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	card, err := os.ReadFile(filepath.Join(dir, "agent-card.json"))
	if err != nil {
		t.Fatal(err)
	}
	testCert(t)
	for _, s := range stacks {
		t.Run(s.name, func(t *testing.T) {
			e := &env{dir: dir, root: filepath.Join(dir, "..", "..", ".."), tmp: t.TempDir(), card: card}
			e.certFile, e.keyFile = filepath.Join(e.tmp, "cert.pem"), filepath.Join(e.tmp, "key.pem")
			if err := os.WriteFile(e.certFile, certPEM, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(e.keyFile, keyPEM, 0o600); err != nil {
				t.Fatal(err)
			}
			base := s.start(t, e)
			checkServed(t, e, s, base+wellKnown)
			checkScript(t, e, base+wellKnown)
		})
	}
}

// checkServed runs the checker's HTTP checks on the card at url, then a
// revalidation and a preflight.
func checkServed(t *testing.T, e *env, s stack, url string) {
	p := discovery.LocalPolicy()
	f, err := discovery.FetchRaw(context.Background(), e.doer(), url, p)
	if err != nil {
		t.Fatalf("the checker could not fetch the card: %v", err)
	}
	// the lesson's card is an example, on example.com on purpose
	rep := discovery.Analyze(f, lint.Lint, lint.Options{Examples: true})
	if !bytes.Equal(f.Body, e.card) {
		t.Errorf("the card arrived changed (%d bytes, want the file's %d)", len(f.Body), len(e.card))
	}
	var httpCodes, cardCodes []string
	for _, d := range rep.Result.Diagnostics {
		if r := lint.RuleFor(d.Code); r != nil && r.Topic == "http" {
			httpCodes = append(httpCodes, d.Code)
		} else {
			cardCodes = append(cardCodes, d.Code)
		}
	}
	sort.Strings(httpCodes)
	var want []string
	if s.plainHTTP {
		want = append(want, lint.CodeHTTPInsecure)
	}
	if !s.lastModified {
		want = append(want, lint.CodeHTTPLastModified)
	}
	sort.Strings(want)
	if strings.Join(httpCodes, " ") != strings.Join(want, " ") {
		t.Errorf("HTTP findings %v, want %v (facts %+v)", httpCodes, want, f.Facts)
	}
	if len(cardCodes) > 0 {
		t.Errorf("the served card has findings: %v", cardCodes)
	}
	if f.Facts.Status != http.StatusOK {
		t.Errorf("status %d, want 200 (a2a-go's resolver takes nothing else)", f.Facts.Status)
	}
	if mt, _, err := mime.ParseMediaType(f.Facts.ContentType); err != nil || mt != "application/json" {
		t.Errorf("Content-Type %q, want application/json", f.Facts.ContentType)
	}
	if !strings.Contains(f.Facts.CacheControl, "max-age=300") {
		t.Errorf("Cache-Control %q, want the lesson's max-age=300", f.Facts.CacheControl)
	}
	if sum := sha256.Sum256(e.card); s.hashETag && f.Facts.ETag != `"`+hex.EncodeToString(sum[:8])+`"` {
		t.Errorf("ETag %s, want the first 8 bytes of the card's SHA-256", f.Facts.ETag)
	}
	if f.Facts.AllowOrigin != "*" {
		t.Errorf("Access-Control-Allow-Origin %q, want *", f.Facts.AllowOrigin)
	}

	c := e.client()
	get := func(h map[string]string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		res.Body = io.NopCloser(bytes.NewReader(b))
		return res
	}
	body := func(r *http.Response) []byte { b, _ := io.ReadAll(r.Body); return b }

	// One header per response: a header file adding to what the server
	// sends already would give two.
	res := get(map[string]string{"A2A-Version": "1.0"})
	for _, h := range []string{"Content-Type", "Cache-Control", "ETag", "Access-Control-Allow-Origin"} {
		if n := len(res.Header.Values(h)); n != 1 {
			t.Errorf("%d %s headers: %q", n, h, res.Header.Values(h))
		}
	}

	// Revalidation (§8.6.2): the ETag it gave, sent back, gets a 304 with
	// no body, with and without A2A-Version.
	for _, version := range []string{"1.0", ""} {
		h := map[string]string{"If-None-Match": f.Facts.ETag}
		if version != "" {
			h["A2A-Version"] = version
		}
		r := get(h)
		if r.StatusCode != http.StatusNotModified || len(body(r)) != 0 {
			t.Errorf("If-None-Match %s (A2A-Version %q): status %d, want 304 without a body", f.Facts.ETag, version, r.StatusCode)
		}
		if got := r.Header.Get("ETag"); got != f.Facts.ETag {
			t.Errorf("the 304 carries ETag %q, want %q", got, f.Facts.ETag)
		}
	}
	if r := get(map[string]string{"If-None-Match": `"another-card"`}); r.StatusCode != http.StatusOK || !bytes.Equal(body(r), e.card) {
		t.Errorf("an ETag of another card: status %d, want 200 with the card", r.StatusCode)
	}
	if s.lastModified {
		if r := get(map[string]string{"If-Modified-Since": f.Facts.LastModified}); r.StatusCode != http.StatusNotModified {
			t.Errorf("If-Modified-Since %s: status %d, want 304", f.Facts.LastModified, r.StatusCode)
		}
	}

	// The preflight of a browser script that sends A2A-Version.
	req, _ := http.NewRequest(http.MethodOptions, url, nil)
	req.Header.Set("Origin", "https://inspector.example.org")
	req.Header.Set("Access-Control-Request-Method", "GET")
	req.Header.Set("Access-Control-Request-Headers", "a2a-version")
	pre, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pre.Body.Close()
	allowed := pre.StatusCode/100 == 2 && pre.Header.Get("Access-Control-Allow-Origin") == "*" &&
		headerListHas(pre.Header.Get("Access-Control-Allow-Headers"), "a2a-version")
	if allowed != s.preflight {
		t.Errorf("preflight: status %d, Allow-Origin %q, Allow-Headers %q: answered %v, the lesson says %v",
			pre.StatusCode, pre.Header.Get("Access-Control-Allow-Origin"), pre.Header.Get("Access-Control-Allow-Headers"), allowed, s.preflight)
	}
}

// checkScript runs the lesson's check.sh (curl) on url: it must print
// the card's headers and a 304 for the revalidation.
func checkScript(t *testing.T, e *env, url string) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		missing(t, "no sh")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		missing(t, "curl is not installed (apt-get install curl)")
	}
	cmd := exec.Command(sh, filepath.Join(e.dir, "check.sh"), url)
	cmd.Env = append(os.Environ(), "CURL_CA_BUNDLE="+e.certFile)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("check.sh: %v\n%s", err, out)
	}
	text := strings.ToLower(string(out))
	for _, want := range []string{"content-type: application/json", "cache-control: public, max-age=300", "etag: ", "revalidation: 304"} {
		if !strings.Contains(text, want) {
			t.Errorf("check.sh printed no %q:\n%s", want, out)
		}
	}
}

func headerListHas(list, name string) bool {
	for _, v := range strings.Split(list, ",") {
		if strings.EqualFold(strings.TrimSpace(v), name) {
			return true
		}
	}
	return false
}

// TestLessonShowsTheseFiles: the serving lesson, in every language, shows
// every file a stack serves and no configuration this test does not
// serve (a ```lang file=serving/NAME block names the file it embeds).
func TestLessonShowsTheseFiles(t *testing.T) {
	tested := map[string]bool{"agent-card.json": true, "check.sh": true}
	for _, s := range stacks {
		for _, f := range s.files {
			tested[f] = true
		}
	}
	ref := regexp.MustCompile("(?m)^```\\S+ file=serving/(\\S+)\\s*$")
	for _, lang := range []string{"en", "zh"} {
		b, err := os.ReadFile(filepath.Join("..", lang, "13-serving.md"))
		if err != nil {
			t.Fatal(err)
		}
		shown := map[string]bool{}
		for _, m := range ref.FindAllStringSubmatch(string(b), -1) {
			shown[m[1]] = true
			if !tested[m[1]] {
				t.Errorf("%s: the lesson shows %s, which no stack of this test serves", lang, m[1])
			}
		}
		for f := range tested {
			if !shown[f] {
				t.Errorf("%s: the lesson does not show %s", lang, f)
			}
		}
		// Every file of this folder is shown or is this test.
		entries, _ := os.ReadDir(".")
		for _, en := range entries {
			n := en.Name()
			if !en.IsDir() && !tested[n] && n != "serving_test.go" {
				t.Errorf("%s is in site/learn/serving but no stack serves it", n)
			}
		}
	}
}
