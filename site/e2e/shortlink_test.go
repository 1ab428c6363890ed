package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agentcard/agentcard/internal/devport"
	"github.com/chromedp/chromedp"
)

// Short links open in the playground only with the Worker behind the
// site (POST /api/share stores the card in Workers KV): these tests run
// the site and both Workers in wrangler dev, as `make dev` does, from the
// bundles make build-worker made (build/, build/verifier/), with local
// bindings (Miniflare's KV, D1 and Queues: no account).

// wranglerDev serves dist/site and the Workers on a free loopback port
// until the test ends, and answers its base URL. AGENTCARD_E2E_BASE (a
// running make dev) is used as it is.
func wranglerDev(t *testing.T) string {
	if base := os.Getenv("AGENTCARD_E2E_BASE"); base != "" {
		return strings.TrimSuffix(base, "/")
	}
	site(t) // built, and AGENTCARD_E2E=1
	root := repoRoot(t)
	for _, f := range []string{"build/worker.mjs", "build/app.wasm", "build/verifier/worker.mjs", "node_modules/.bin/wrangler"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Fatalf("%s is missing (make build-worker, npm ci)", f)
		}
	}
	// The checker's config as wrangler.toml has it, without [build] (the
	// bundles are built) and with the bindings' local ids of this test.
	checker := filepath.Join(root, "build", "wrangler.site-e2e.toml")
	verifier := filepath.Join(root, "build", "verifier", "wrangler.site-e2e.toml")
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(verifier, "name = \"agentcard-site-e2e-verifier\"\nmain = \"worker.mjs\"\ncompatibility_date = \"2026-04-20\"\n")
	write(checker, `name = "agentcard-site-e2e"
main = "worker.mjs"
compatibility_date = "2026-04-20"
[[services]]
binding = "VERIFIER"
service = "agentcard-site-e2e-verifier"
[[kv_namespaces]]
binding = "SHARES"
id = "agentcard-site-e2e-shares"
[[d1_databases]]
binding = "DB"
database_name = "agentcard-site-e2e"
database_id = "agentcard-site-e2e"
[[queues.producers]]
binding = "BATCH_QUEUE"
queue = "agentcard-site-e2e-batch"
[[queues.consumers]]
queue = "agentcard-site-e2e-batch"
[assets]
directory = "../dist/site"
binding = "ASSETS"
not_found_handling = "none"
run_worker_first = ["/check", "/check/*", "/api/*", "/healthz", "/_worker/*", "/badge", "/s/*", "/batch/*"]
`)
	// A port taken between its choice and wrangler's bind: a fresh pair
	// and a new start (devport.Start).
	var base, log string
	err := devport.Start(2, func(ports []int) bool {
		var inUse bool
		base, log, inUse = startWranglerDev(t, root, checker, verifier, ports[0], ports[1])
		if inUse {
			t.Logf("wrangler dev: port %d or %d taken", ports[0], ports[1])
		}
		return !inUse
	})
	if err != nil {
		t.Fatalf("wrangler dev: %v:\n%s", err, log)
	}
	return base
}

// startWranglerDev runs wrangler dev on port until the test ends and waits
// for /healthz. When wrangler says its port was taken it stops it and
// answers inUse, with what it printed.
func startWranglerDev(t *testing.T, root, checker, verifier string, port, inspector int) (base, output string, inUse bool) {
	t.Helper()
	base = fmt.Sprintf("http://127.0.0.1:%d", port)
	var log bytes.Buffer
	var mu sync.Mutex
	cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "wrangler"), "dev", "--config", checker, "--config", verifier,
		"--ip", "127.0.0.1", "--port", fmt.Sprint(port), "--inspector-port", fmt.Sprint(inspector),
		"--var", "ALLOW_LOOPBACK:1", "--var", "LOCAL_ONLY:1", "--var", "SITE_ORIGIN:"+base,
		"--persist-to", filepath.Join(root, ".wrangler", "site-e2e-state"), "--show-interactive-dev-session=false", "--log-level", "warn")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CLOUDFLARE_CF_FETCH_ENABLED=false", "WRANGLER_SEND_METRICS=false", "WRANGLER_HIDE_BANNER=true", "CI=1")
	out := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return log.Write(p) })
	cmd.Stdout, cmd.Stderr = out, out
	// its own process group: wrangler starts workerd, which must go too
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				<-done
			}
		})
	}
	t.Cleanup(stop)
	printed := func() string { mu.Lock(); defer mu.Unlock(); return log.String() }
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return base, "", false
			}
		}
		if text := printed(); devport.InUse(text) {
			stop()
			return base, text, true
		}
	}
	t.Fatalf("wrangler dev did not answer /healthz:\n%s", printed())
	return "", "", false
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestE2EShortLink: a short link made with the API opens its card in the
// playground (GET /s/ID → the playground, the card in the editor, the
// address bar /#s=ID), byte for byte; one the Share box makes opens the
// same way in a fresh profile; and one that has no card says so.
func TestE2EShortLink(t *testing.T) {
	base := wranglerDev(t)
	src := readCard(t, "broken-duplicate-key-cjk.json") + "\n\t  \n"
	body, _ := json.Marshal(map[string]string{"text": src})
	res, err := http.Post(base+"/api/share", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var made struct{ ID, URL string }
	json.NewDecoder(res.Body).Decode(&made)
	res.Body.Close()
	if res.StatusCode != 201 || made.URL != base+"/s/"+made.ID {
		t.Fatalf("POST /api/share: %d %+v", res.StatusCode, made)
	}

	ctx := browser(t)
	open(t, ctx, made.URL)
	if got := eval[string](t, ctx, `agentcardPlayground.getText()`); got != src {
		t.Fatalf("the short link opened another text:\n got %q\nwant %q", got, src)
	}
	if loc := eval[string](t, ctx, `location.href`); loc != base+"/#s="+made.ID {
		t.Errorf("address bar %q", loc)
	}
	if n := len(panel(t, ctx)); n == 0 {
		t.Error("no findings for the shared card")
	}
	t.Logf("GET /s/%s opened the playground at %s with the card (%d bytes)", made.ID, eval[string](t, ctx, `location.href`), len(src))

	// The Share box offers both: the #c= link (in the browser) and, when
	// asked, a short link (on the server), each said to be so.
	typeCard(t, ctx, `{"name": "Short link test", "description": "made in the box"}`)
	do(t, ctx, chromedp.Click(`[data-testid="share"]`), chromedp.WaitVisible(`[data-testid="share-url"]`))
	// (each said once: the #c= link's note, then the short link's)
	if note := eval[string](t, ctx, `document.querySelector('#share-note').textContent + " | " + document.querySelector('[data-testid="share-short-note"]').textContent`); !strings.Contains(note, "stores the card on this server") ||
		!strings.Contains(note, "travels inside the link") {
		t.Errorf("the share box does not say where each link keeps the card: %q", note)
	}
	if !strings.Contains(eval[string](t, ctx, `document.querySelector('[data-testid="share-url"]').value`), "#c=1.") {
		t.Error("no #c= link in the box")
	}
	do(t, ctx, chromedp.Click(`[data-testid="share-short"]`), chromedp.WaitVisible(`[data-testid="share-short-url"]`))
	short := eval[string](t, ctx, `document.querySelector('[data-testid="share-short-url"]').value`)
	if !strings.HasPrefix(short, base+"/s/") {
		t.Fatalf("short link %q", short)
	}
	fresh, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(fresh); err != nil {
		t.Fatal(err)
	}
	open(t, fresh, short)
	if got := eval[string](t, fresh, `agentcardPlayground.getText()`); got != `{"name": "Short link test", "description": "made in the box"}` {
		t.Errorf("the box's short link opened %q", got)
	}

	open(t, fresh, base+"/#s=aaaaaaaaaaaaaaaa")
	do(t, fresh, chromedp.WaitVisible(`[data-testid="message"][data-code="share-short-missing"]`))
	if msg := eval[string](t, fresh, `document.getElementById("message").textContent`); !strings.Contains(msg, "no card") {
		t.Errorf("a short link without a card says %q", msg)
	}
}
