//go:build !unix

package config

import (
	"io/fs"

	"github.com/agentcard/agentcard/core/i18n"
)

// safeToRead: other systems (Windows, js/wasm) have no owner and mode to
// judge by here; their permissions are the file system's own.
func safeToRead(fs.FileInfo) i18n.Text { return i18n.Text{} }
