package discovery

import "github.com/agentcard/agentcard/core/lint"

// Codes of the HTTP-level rules this package checks and reports. Their
// catalogue entries (title, explanation, examples) are in core/lint/http.go,
// so that every program sees them whether or not it links this package.
const (
	CodeStatus          = lint.CodeHTTPStatus
	CodeContentType     = lint.CodeHTTPContentType
	CodeCacheMaxAge     = lint.CodeHTTPCacheMaxAge
	CodeETag            = lint.CodeHTTPETag
	CodeLastModified    = lint.CodeHTTPLastModified
	CodeRedirects       = lint.CodeHTTPRedirects
	CodeInsecure        = lint.CodeHTTPInsecure
	CodeCORS            = lint.CodeHTTPCORS
	CodeLegacyPath      = lint.CodeHTTPLegacyPath
	CodeTooLarge        = lint.CodeHTTPTooLarge
	CodeNotJSON         = lint.CodeHTTPNotJSON
	CodeVariesByVersion = lint.CodeHTTPVariesByVersion
	CodeUnreachable     = lint.CodeHTTPUnreachable
)
