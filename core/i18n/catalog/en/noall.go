//go:build js && wasm

package en

// All is empty in wasm builds: the playground's engine carries Editor,
// and the Worker reads FS, since its bundle has no room for the words
// twice (docs/PERFORMANCE.md: the Worker's 2.5 MiB budget).
var All Table
