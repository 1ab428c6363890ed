// Package localfile opens and reads the local files a CLI run reads (the
// cards it lints, its configuration and baseline) without what os.Open
// adds for files that can be polled.
//
// Why: on Linux, os.Open offers every file it opens to the Go runtime's
// network poller. A regular file cannot be polled, so the offer fails,
// but on a process's first file it has already set the poller up
// (epoll_create1, an eventfd, epoll_ctl) and switched the descriptor to
// non-blocking and back (four fcntl calls). A CLI run that reads one card
// paid that for nothing: opening the file with the system call and
// wrapping it with os.NewFile, which never offers a blocking descriptor
// to the poller, made `agentcard lint --format json` 0.2 ms faster (make
// bench-cli; docs/PERFORMANCE.md). Reads are then plain blocking
// system calls, as they are for a regular file anyway; a named pipe works
// the same way, one blocked thread instead of a parked goroutine.
package localfile

import (
	"io"
	"os"
)

// ReadAll reads f to its end, at most max bytes: like
// io.ReadAll(io.LimitReader(f, max)), with the buffer sized once from
// the file's size when f is a regular file that fits (size < 0: unknown).
func ReadAll(f *os.File, size, max int64) ([]byte, error) {
	var b []byte
	if size >= 0 && size < max {
		b = make([]byte, 0, size+1) // +1: the read that sees the end
	} else {
		b = make([]byte, 0, 512)
	}
	r := io.LimitReader(f, max)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // let append choose the growth
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}
