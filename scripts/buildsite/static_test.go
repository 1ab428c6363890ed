package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"golang.org/x/sys/unix"

	"github.com/agentcard/agentcard/components"
)

// The static pages carry the Worker's headers: the same CSP (no https: in
// img-src, no inline style), nosniff, no framing; hashed assets are
// immutable. It used to be a weaker CSP of its own.
func TestHeadersFile(t *testing.T) {
	type rule struct {
		pattern string
		headers []string
	}
	var rules []rule
	for _, line := range strings.Split(headersFile(), "\n") {
		switch {
		case line == "":
		case !strings.HasPrefix(line, " "):
			rules = append(rules, rule{pattern: line})
		default:
			rules[len(rules)-1].headers = append(rules[len(rules)-1].headers, strings.TrimSpace(line))
		}
	}
	// The headers a path gets: every matching rule's, as Cloudflare and
	// the e2e server apply them.
	headers := func(path string) []string {
		var out []string
		for _, r := range rules {
			if p, ok := strings.CutSuffix(r.pattern, "*"); ok && strings.HasPrefix(path, p) || r.pattern == path {
				out = append(out, r.headers...)
			}
		}
		return out
	}
	for _, c := range []struct {
		path, csp string
		immutable bool
	}{
		{"/", components.CSP, false},
		{"/index.html", components.CSP, false},
		{"/rules/", components.CSP, false},
		{"/rules/json-comment/", components.CSP, false},
		{"/fields/", components.CSP, false},
		{components.DefaultCSS, components.CSP, true},
		{components.Favicon, components.CSP, true},
		{"/favicon.ico", components.CSP, false},
	} {
		got := headers(c.path)
		var csps []string
		for _, h := range got {
			if v, ok := strings.CutPrefix(h, "Content-Security-Policy: "); ok {
				csps = append(csps, v)
			}
		}
		if len(csps) != 1 || csps[0] != c.csp {
			t.Errorf("%s: CSP %q, want exactly %q", c.path, csps, c.csp)
		}
		for _, want := range components.SecurityHeaders {
			if want[0] == "Content-Security-Policy" {
				continue
			}
			if !contains(got, want[0]+": "+want[1]) {
				t.Errorf("%s lacks %s", c.path, want[0])
			}
		}
		if contains(got, "Cache-Control: public, max-age=31536000, immutable") != c.immutable {
			t.Errorf("%s: immutable should be %v", c.path, c.immutable)
		}
	}
	for _, bad := range []string{"https:", "unsafe-inline", "'unsafe-eval'"} {
		if strings.Contains(components.CSP, bad) {
			t.Errorf("CSP allows %s", bad)
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// The Worker sets its headers in wasm/worker/handler.go (a main package,
// which cannot be imported): its CSP must be the one the site uses.
func TestWorkerCSPMatches(t *testing.T) {
	b := testBuilder(t)
	src, err := os.ReadFile(filepath.Join(b.root, "wasm/worker/handler.go"))
	if err != nil {
		t.Skip("no Worker source")
	}
	m := regexp.MustCompile(`"Content-Security-Policy", ("[^"]*"|components\.CSP)`).FindSubmatch(src)
	if m == nil {
		t.Fatal("no CSP in the Worker's handler")
	}
	if got := strings.Trim(string(m[1]), `"`); got != "components.CSP" && got != components.CSP {
		t.Errorf("Worker CSP:\n%s\nsite CSP:\n%s", got, components.CSP)
	}
}

// Every page links the hashed style sheet and the icon, and none carries
// inline style or script (the CSP would block them).
func TestPagesUnderCSP(t *testing.T) {
	b := testBuilder(t)
	b.min = minify.New()
	b.min.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	b.min.AddFunc("text/css", css.Minify) // the course's style sheet
	a := assets{CSS: components.DefaultCSS, WasmExec: "/assets/wasm_exec.x.js", Script: "/assets/editor.x.js", Wasm: "/assets/editor.x.wasm", WasmSize: 1}
	if err := b.pages(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^/assets/site\.[0-9a-f]{10}\.css$`).MatchString(components.DefaultCSS) ||
		!regexp.MustCompile(`^/assets/favicon\.[0-9a-f]{10}\.svg$`).MatchString(components.Favicon) {
		t.Fatalf("asset names %q %q", components.DefaultCSS, components.Favicon)
	}
	n := 0
	filepath.WalkDir(b.stage, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		n++
		data, _ := os.ReadFile(p)
		page := string(data)
		rel, _ := filepath.Rel(b.stage, p)
		for _, bad := range []string{" style=", "<style", "<script>", `href="/assets/site.css"`} {
			if strings.Contains(page, bad) {
				t.Errorf("%s contains %q", rel, bad)
			}
		}
		for _, want := range []string{`rel="icon" href="` + components.Favicon + `"`, `href="` + components.DefaultCSS + `"`} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %s", rel, want)
			}
		}
		return nil
	})
	if n < 10 {
		t.Errorf("%d pages", n)
	}
}

func TestFaviconICO(t *testing.T) {
	ico, err := faviconICO()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(ico, []byte{0, 0, 1, 0, 1, 0, 32, 32}) {
		t.Fatalf("ICO header % x", ico[:8])
	}
	img, err := png.Decode(bytes.NewReader(ico[22:]))
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, a := img.At(8, 24).RGBA(); a>>8 != 255 || b <= r || b <= g {
		t.Errorf("the card is not blue: %d %d %d %d", r>>8, g>>8, b>>8, a>>8)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Error("the corner is not transparent")
	}
}

// A build replaces the site while a server reads it (make dev during make
// test): every read sees a complete site, never a missing file, and the
// server's open directory shows the new site (no directory swap, which
// wrangler dev would not notice). Before, the build deleted the directory
// first and every asset answered 500.
func TestPublishIsAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "site")
	var previous []string
	build := func(n int) {
		stage, err := os.MkdirTemp(dir, ".site.new-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(stage)
		for _, f := range []string{"index.html", "assets/site.css", "rules/index.html", fmt.Sprintf("assets/only-in-%d.js", n)} {
			p := filepath.Join(stage, f)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(strings.Repeat("x", 1000+n)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := publish(stage, out, previous); err != nil {
			t.Fatal(err)
		}
		previous = []string{"index.html", "assets/site.css", "rules/index.html", fmt.Sprintf("assets/only-in-%d.js", n)}
	}
	build(0)
	// What wrangler dev holds: the directory itself (workerd reads through
	// a directory handle, the watcher follows the inode).
	held, err := unix.Open(out, unix.O_RDONLY|unix.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(held)
	var stop atomic.Bool
	var missing, reads atomic.Int64
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for !stop.Load() {
				for _, f := range []string{"index.html", "assets/site.css", "rules/index.html"} {
					reads.Add(1)
					if data, err := os.ReadFile(filepath.Join(out, f)); err != nil || len(data) < 1000 {
						missing.Add(1)
					}
				}
			}
		})
	}
	for i := 1; i <= 200; i++ {
		build(i)
	}
	stop.Store(true)
	wg.Wait()
	if missing.Load() > 0 {
		t.Errorf("%d of %d reads found a missing or partial site", missing.Load(), reads.Load())
	}
	if data, _ := os.ReadFile(filepath.Join(out, "index.html")); len(data) != 1200 {
		t.Errorf("the last build is not in place (%d bytes)", len(data))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("leftovers next to the site: %v", entries)
	}
	// The assets of the build before stay (a page loaded earlier may ask
	// for them); older ones go.
	if assets, _ := filepath.Glob(filepath.Join(out, "assets", "only-in-*")); len(assets) != 2 || filepath.Base(assets[0]) != "only-in-199.js" || filepath.Base(assets[1]) != "only-in-200.js" {
		t.Errorf("assets of earlier builds: %v", assets)
	}
	var st unix.Stat_t
	if err := unix.Fstatat(held, "index.html", &st, 0); err != nil || st.Size != 1200 {
		t.Errorf("the directory a server held open does not show the new site (%v, %d bytes)", err, st.Size)
	}
}
