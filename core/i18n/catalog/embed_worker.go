//go:build worker

package catalog

import (
	"io/fs"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog/en"
)

// embedded: the Worker's build compiles in English only (the fallback);
// it supplies Chinese at run time (Provide), which keeps the Chinese files
// out of its size-limited bundle.
var embedded = map[i18n.Lang]fs.FS{
	i18n.English: en.FS,
}
