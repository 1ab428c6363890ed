package components

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"path"
	"strings"

	sitecss "github.com/agentcard/agentcard/site/css"
)

// Static assets every page links, named by the hash of their source. The
// names are computed here, from the same bytes the site build writes, so
// that pages rendered at request time (the Worker) and pages built ahead
// (dist/site) link the same files, and a changed file gets a new name
// (they are served as immutable).
var (
	// DefaultCSS is the shared style sheet.
	DefaultCSS = HashedName("/assets/site.css", sitecss.Source)
	// Favicon is the site's icon (our own drawing: a card with a check).
	Favicon = HashedName("/assets/favicon.svg", faviconSVG)
)

//go:embed favicon.svg
var faviconSVG []byte

// FaviconSVG is the icon's source.
func FaviconSVG() []byte { return faviconSVG }

// HashedName is name with the first 10 hex digits of data's SHA-256 before
// its extension: /assets/site.css -> /assets/site.0123456789.css.
func HashedName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
}

// SecurityHeaders are the headers every page carries, whether the Worker
// renders it or the static site serves it (_headers): no inline script or
// style, images only from the site or data: URLs, no framing.
var SecurityHeaders = [][2]string{
	{"Content-Security-Policy", CSP},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "strict-origin-when-cross-origin"},
	{"X-Frame-Options", "DENY"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"},
}

// CSP is the Content-Security-Policy of every page. 'wasm-unsafe-eval'
// lets the playground compile its WebAssembly; nothing allows inline code.
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
