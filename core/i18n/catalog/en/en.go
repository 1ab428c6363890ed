// Package en holds the English catalogue files, compiled into every
// program as the fallback language.
package en

import "embed"

// FS holds the catalogue's *.json files.
//
//go:embed *.json
var FS embed.FS
