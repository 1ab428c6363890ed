//go:build js && wasm && !worker

package en

import "embed"

// FS is empty in the playground's engine: it carries its English as
// constant data (Editor, editor_table.go) instead of files to read and
// parse before its first findings.
var FS embed.FS
