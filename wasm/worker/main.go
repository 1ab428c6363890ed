//go:build !js

package main

import (
	"context"
	"errors"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path"
	"time"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/shortlink"
)

// main serves the Worker's handler natively: PORT (default 8788) on
// 127.0.0.1 unless HOST says otherwise, ALLOW_LOOPBACK=1 to allow loopback
// targets, SITE_ORIGIN for the checker's own origin, and dist/site (or
// SITE_DIR) for the static pages when present. It is a tool for one's own
// machine: it answers only requests addressed to 127.0.0.1, localhost or
// [::1] (see Config.LocalOnly).
func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8788"
	}
	host := os.Getenv("HOST")
	if host == "" {
		host = "127.0.0.1"
	}
	allow := os.Getenv("ALLOW_LOOPBACK") == "1"
	p := discovery.DefaultPolicy()
	p.AllowLoopback = allow
	cfg := Config{Doer: discovery.NewHTTPDoer(p), AllowLoopback: allow, Cache: newMemoryCache(256),
		LocalOnly: true, SiteOrigin: os.Getenv("SITE_ORIGIN"),
		Shares: shortlink.NewMemoryStore(16 << 20), Batches: batch.NewMemoryStore(64)}
	q := &localQueue{}
	cfg.Queue = q
	dir := os.Getenv("SITE_DIR")
	if dir == "" {
		dir = "dist/site"
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		cfg.Static = staticFiles(os.DirFS(dir))
	}
	addr := net.JoinHostPort(host, port)
	h := newHandler(cfg)
	q.consume = h.(*handler).consume
	srv := newServer(addr, h)
	log.Printf("worker: serving on http://%s (ALLOW_LOOPBACK=%v)", addr, allow)
	return srv.ListenAndServe()
}

// newServer bounds every phase of a connection, so that a slow or idle
// client cannot hold one open: headers within 5 s, a whole request (the
// lint body is at most 1 MiB) within 15 s, the answer written within 30 s
// (a check may wait up to 5 s for the target), idle keep-alive 60 s.
func newServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    32 << 10,
	}
}

// staticFiles serves the built site without directory listings: a
// directory is served only through its index.html, as Workers static
// assets do, and is otherwise not found.
func staticFiles(site fs.FS) http.Handler {
	return http.FileServerFS(noListings{site})
}

type noListings struct{ fs.FS }

func (n noListings) Open(name string) (fs.File, error) {
	f, err := n.FS.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.IsDir() {
		if _, err := fs.Stat(n.FS, path.Join(name, "index.html")); err != nil {
			f.Close()
			return nil, errors.Join(fs.ErrNotExist, err)
		}
	}
	return f, nil
}

// localQueue stands in for Cloudflare Queues in the native server: each
// Send is checked in a goroutine of its own, five jobs per delivery as
// wrangler.toml's consumer takes them, a delivery's failed jobs retried
// up to three times.
type localQueue struct {
	consume func(ctx context.Context, jobs []batch.Job) []int
}

func (q *localQueue) Send(_ context.Context, jobs []batch.Job) error {
	go func() {
		for start := 0; start < len(jobs); start += 5 {
			delivery := jobs[start:min(start+5, len(jobs))]
			for try := 0; try < 4 && len(delivery) > 0; try++ {
				var again []batch.Job
				for _, i := range q.consume(context.Background(), delivery) {
					again = append(again, delivery[i])
				}
				delivery = again
			}
		}
	}()
	return nil
}
