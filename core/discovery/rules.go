package discovery

import "github.com/agentcard/agentcard/core/diag"

// Codes of the HTTP-level rules this package checks and reports, with the
// severities diag.Elsewhere gives them. Their catalogue entries (title,
// explanation, examples) are in core/lint/http.go, so that every program
// sees them whether or not it links this package.
const (
	CodeStatus          = diag.CodeHTTPStatus
	CodeContentType     = diag.CodeHTTPContentType
	CodeCacheMaxAge     = diag.CodeHTTPCacheMaxAge
	CodeETag            = diag.CodeHTTPETag
	CodeLastModified    = diag.CodeHTTPLastModified
	CodeRedirects       = diag.CodeHTTPRedirects
	CodeInsecure        = diag.CodeHTTPInsecure
	CodeCORS            = diag.CodeHTTPCORS
	CodeLegacyPath      = diag.CodeHTTPLegacyPath
	CodeTooLarge        = diag.CodeHTTPTooLarge
	CodeNotJSON         = diag.CodeHTTPNotJSON
	CodeVariesByVersion = diag.CodeHTTPVariesByVersion
	CodeUnreachable     = diag.CodeHTTPUnreachable
)
