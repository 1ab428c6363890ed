package main

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps two existing paths atomically.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return errors.ErrUnsupported // e.g. a file system without exchange
	}
	return err
}
