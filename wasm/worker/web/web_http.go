//go:build !worker

package web

import "net/http"

type (
	Request        = http.Request
	ResponseWriter = http.ResponseWriter
	Handler        = http.Handler
	HandlerFunc    = http.HandlerFunc
	Header         = http.Header
)

// NoBody is an empty request body.
var NoBody = http.NoBody
