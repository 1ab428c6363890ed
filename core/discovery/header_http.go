//go:build !worker

package discovery

import "net/http"

// Header is the header map of a Request and a Response: net/http's own
// type in every build but the Worker's (see header_worker.go), so that a
// program holding an http.Header passes it as it is.
type Header = http.Header
