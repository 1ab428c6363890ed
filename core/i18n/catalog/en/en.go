// Package en holds the English catalogue files, compiled into every
// program as the fallback language.
//
// Every program but the playground's engine embeds all of them
// (embed_all.go). Native programs (the CLI, the site builder, the tests)
// also carry them all as constant data, All in all_table.go, so that a
// CLI run reads its words without parsing 160 KB of JSON first
// (docs/PERFORMANCE.md: a process starts in milliseconds); the Worker reads
// the files, having no room for the words twice. The engine (a js/wasm build that is not the Worker's)
// carries the files whose ids it can produce (EditorFiles: the findings,
// fixes, selection and SDK texts, not the command line's, the LSP's, the
// live check's or the site's pages) as generated constant data, Editor
// in editor_table.go: its wasm is smaller and its first findings come
// sooner (nothing is read or parsed before them). The JSON files stay
// the source that people edit; `go generate` rewrites the table and
// TestEditorTable fails when it is not what they say.
// wasm/editor's TestEditorCatalogueHasEveryID fails when an id the
// engine can produce is in a file it does not carry.
package en

//go:generate go test -run ^TestEditorTable$ -update
