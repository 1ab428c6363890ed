// Package en holds the English catalogue files, compiled into every
// program as the fallback language.
//
// Every program but the playground's engine embeds all of them
// (embed_all.go). The engine (a js/wasm build that is not the Worker's,
// embed_editor.go) embeds the files whose ids it can produce: the
// findings, fixes, selection and SDK texts, not the command line's,
// the LSP's, the live check's or the site's pages. Its wasm is smaller
// and its first findings come sooner (the catalogue is parsed before
// them); wasm/editor's TestEditorCatalogueHasEveryID fails when an id
// the engine can produce is in a file it does not embed.
package en
