//go:build !(js && wasm) || worker

package en

import "embed"

// FS holds the catalogue's *.json files.
//
//go:embed *.json
var FS embed.FS

// Editor is empty here: programs other than the playground's engine read
// FS (see EditorFiles).
var Editor Table
