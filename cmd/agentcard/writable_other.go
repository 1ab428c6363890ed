//go:build !unix

package main

// mayWrite: off unix there is no access(2) to ask, and the mode bits
// checked before it are all there is; the write itself reports a refusal.
func mayWrite(string, uint32) bool { return true }

const (
	accessWrite     = 2
	accessWriteDirs = 3
)
