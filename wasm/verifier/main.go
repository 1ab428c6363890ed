//go:build !js

// Command verifier is the signature verifier Worker: it verifies card
// signatures and reads operator keys for the checker Worker
// (wasm/worker), which it answers through a service binding
// (wrangler.verifier.toml; the checker's wrangler.toml binds it as
// VERIFIER). The checker's bundle has no cryptography (-tags
// remoteverify): signature verification and its curves, RSA and big
// numbers were a fifth of it, under the free plan's 3 MiB. Everything it
// does is core/check.ServeVerifier, tested natively; main_js.go is the
// runtime's adapter.
//
// Natively, `go run ./wasm/verifier` serves the same calls on
// 127.0.0.1:$PORT (default 8789), for trying the protocol by hand.
package main

import (
	"io"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/agentcard/agentcard/core/check"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8789"
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, check.MaxVerifyRequest+1))
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		status, answer := check.ServeVerifier(r.Context(), check.LocalVerifier{}, r.URL.Path, body)
		w.Header().Set("Content-Type", "application/octet-stream")
		w.WriteHeader(status)
		w.Write(answer)
	})
	srv := &http.Server{Addr: "127.0.0.1:" + port, Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 15 * time.Second}
	log.Printf("verifier: serving on http://%s", srv.Addr)
	log.Fatal(srv.ListenAndServe())
}
