// Package zhcn holds the Simplified Chinese catalogue files. Only
// programs that offer Chinese import it (the CLI, the Worker); the
// playground fetches the same files as one JSON asset instead.
package zhcn

import "embed"

// FS holds the catalogue's *.json files.
//
//go:embed *.json
var FS embed.FS
