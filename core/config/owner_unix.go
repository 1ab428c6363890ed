//go:build unix

package config

import (
	"io/fs"
	"os"
	"syscall"

	"github.com/agentcard/agentcard/core/i18n"
)

// safeToRead refuses a configuration file that someone other than the
// user (or root) could have written: owned by another user, or writable
// by everyone. The zero Text means it may be read.
func safeToRead(fi fs.FileInfo) i18n.Text {
	if fi.Mode().Perm()&0o002 != 0 {
		return i18n.T("cli.config.world-writable", fi.Mode().Perm().String())
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		if uid := int(st.Uid); uid != 0 && uid != os.Getuid() {
			return i18n.T("cli.config.not-owned", uid)
		}
	}
	return i18n.Text{}
}
