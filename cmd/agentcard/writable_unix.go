//go:build unix

package main

import (
	"errors"

	"golang.org/x/sys/unix"
)

// mayWrite asks the kernel whether this process may write path: the
// permission bits say only what its owner may do, and a file of another
// user (root's 0644 card in a directory anyone can write) has them set
// while the rename would still replace it (issue 36, B26). Effective ids
// are asked (AT_EACCESS), as an open would use them. Only a refusal is
// false; another failure (the system cannot say) is left to the write.
func mayWrite(path string, mode uint32) bool {
	err := unix.Faccessat(unix.AT_FDCWD, path, mode, unix.AT_EACCESS)
	return !errors.Is(err, unix.EACCES) && !errors.Is(err, unix.EPERM) && !errors.Is(err, unix.EROFS)
}

const (
	accessWrite     = unix.W_OK
	accessWriteDirs = unix.W_OK | unix.X_OK
)
