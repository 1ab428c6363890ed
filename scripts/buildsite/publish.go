package main

import (
	"errors"
	"io/fs"
	"os"
)

// publish puts the complete build in stage at out in one step and leaves
// the previous build (if any) in stage for the caller to remove. Where the
// system can exchange two paths atomically (Linux renameat2), a server
// reading out sees either the old site or the new one, never a missing or
// partial one; elsewhere the gap is two renames long.
func publish(stage, out string) error {
	err := exchange(stage, out)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return os.Rename(stage, out) // first build: nothing to replace
	}
	if !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	old := stage + ".old"
	err = os.Rename(out, old)
	if errors.Is(err, fs.ErrNotExist) {
		return os.Rename(stage, out)
	}
	if err != nil {
		return err
	}
	if err := os.Rename(stage, out); err != nil {
		return err
	}
	return os.Rename(old, stage)
}
