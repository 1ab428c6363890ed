//go:build !worker

package catalog

import (
	"io/fs"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog/en"
	zhcn "github.com/agentcard/agentcard/core/i18n/catalog/zh-CN"
)

// embedded: every language is compiled in (the CLI, the site builder, the
// native server, the tests).
var embedded = map[i18n.Lang]fs.FS{
	i18n.English: en.FS,
	i18n.Chinese: zhcn.FS,
}
