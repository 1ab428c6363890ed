//go:build !unix

package localfile

import "os"

// Open is os.Open where files are not offered to a poller on open.
func Open(name string) (*os.File, error) { return os.Open(name) }
