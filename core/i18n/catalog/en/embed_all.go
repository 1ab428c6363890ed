//go:build !(js && wasm) || worker

package en

import "embed"

// FS holds the catalogue's *.json files.
//
//go:embed *.json
var FS embed.FS
