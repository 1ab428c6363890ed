//go:build unix

package localfile

import (
	"os"
	"syscall"
)

// Open opens name for reading, as os.Open does but without offering the
// descriptor to the runtime's poller (see the package comment). Errors
// are *os.PathError, as os.Open's are.
func Open(name string) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue // as os.Open retries
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}
