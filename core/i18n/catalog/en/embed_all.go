//go:build !(js && wasm) || worker

package en

import "embed"

// FS holds the catalogue's *.json files.
//
//go:embed *.json
var FS embed.FS

// Editor is empty here: programs other than the playground's engine read
// All (native builds, all_table.go) or FS (the Worker).
var Editor Table
