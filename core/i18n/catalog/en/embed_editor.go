//go:build js && wasm && !worker

package en

import "embed"

// FS holds the catalogue files of the ids the playground's engine (and
// its signature verifier, the same package with -tags verifier) can
// produce: findings (lint-*, parser, security hosts in discovery),
// fixes and migration (fix*, cli-toolkit's migration notes), selection
// and the SDK matrix (selection, sdk*, ui-matrix), signatures
// (signature, livecheck's key texts), positions quoted in messages
// (cli-ci's phrase.position) and the editor's own (ui-tools).
//
//go:embed lint-*.json parser.json fix*.json selection.json sdk*.json ui-matrix.json ui-tools.json cli-ci.json cli-toolkit.json discovery.json signature.json livecheck.json
var FS embed.FS
