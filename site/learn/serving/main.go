// Command agent-card serves a card at the well-known path with the
// headers of lesson 13 (site/learn/en/13-serving.md, which shows this
// file):
//
//	go run . -addr :8080 -card agent-card.json
//
// Run it behind the HTTPS proxy or platform that holds your certificate,
// or call http.ListenAndServeTLS instead.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"log"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", ":8080", "address to listen on")
	file := flag.String("card", "agent-card.json", "the card to serve")
	flag.Parse()
	body, err := os.ReadFile(*file)
	if err != nil {
		log.Fatal(err)
	}
	info, err := os.Stat(*file)
	if err != nil {
		log.Fatal(err)
	}
	// A strong ETag from the card's bytes: it changes whenever the card does.
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`

	cors := func(h http.Header) {
		h.Set("Cache-Control", "public, max-age=300")
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Allow-Headers", "A2A-Version")
	}
	http.HandleFunc("GET /.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		cors(w.Header())
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("ETag", etag)
		// ServeContent answers If-None-Match and If-Modified-Since with 304.
		http.ServeContent(w, r, "agent-card.json", info.ModTime(), bytes.NewReader(body))
	})
	// The preflight a browser sends before a GET with A2A-Version.
	http.HandleFunc("OPTIONS /.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		cors(w.Header())
		w.WriteHeader(http.StatusNoContent)
	})
	log.Fatal(http.ListenAndServe(*addr, nil))
}
