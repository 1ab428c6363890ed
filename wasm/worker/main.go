//go:build !js

package main

import (
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
)

// main serves the Worker's handler natively: PORT (default 8788) on
// 127.0.0.1 unless HOST says otherwise, ALLOW_LOOPBACK=1 to allow loopback
// targets, and dist/site (or SITE_DIR) for the static pages when present.
func main() {
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
	cfg := Config{Doer: discovery.NewHTTPDoer(p), AllowLoopback: allow, Cache: newMemoryCache(256)}
	dir := os.Getenv("SITE_DIR")
	if dir == "" {
		dir = "dist/site"
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		cfg.Static = http.FileServer(http.Dir(dir))
	}
	addr := net.JoinHostPort(host, port)
	srv := &http.Server{Addr: addr, Handler: newHandler(cfg), ReadHeaderTimeout: 10 * time.Second}
	log.Printf("worker: serving on http://%s (ALLOW_LOOPBACK=%v)", addr, allow)
	log.Fatal(srv.ListenAndServe())
}
