// Package web is the HTTP vocabulary the Worker's handler is written in:
// net/http's own types in every build but the Worker's (the tests, the
// native server `go run ./wasm/worker`), and lookalikes of the few parts
// the handler uses in the Worker's build (-tags worker, web_worker.go).
//
// The Worker receives a JavaScript Request and answers a JavaScript
// Response (bridge_js.go); it never runs an HTTP server or client of
// Go's. Importing net/http only for its types linked crypto/tls and the
// initialisers of every curve, cipher and certificate type it knows:
// 220 KB of the bundle's gzip size (docs/PERFORMANCE.md).
package web

// Methods and statuses the handler answers with; the same numbers and
// words as net/http's (web_test.go).
const (
	MethodGet     = "GET"
	MethodHead    = "HEAD"
	MethodPost    = "POST"
	MethodOptions = "OPTIONS"

	StatusOK                    = 200
	StatusCreated               = 201
	StatusAccepted              = 202
	StatusNoContent             = 204
	StatusResetContent          = 205
	StatusMovedPermanently      = 301
	StatusFound                 = 302
	StatusSeeOther              = 303
	StatusNotModified           = 304
	StatusBadRequest            = 400
	StatusForbidden             = 403
	StatusNotFound              = 404
	StatusMethodNotAllowed      = 405
	StatusRequestEntityTooLarge = 413
	StatusMisdirectedRequest    = 421
	StatusUnprocessableEntity   = 422
	StatusTooManyRequests       = 429
	StatusInternalServerError   = 500
	StatusBadGateway            = 502
	StatusServiceUnavailable    = 503
	StatusGatewayTimeout        = 504
)
