package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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

// retire keeps the previous build (left in stage by publish) next to out
// as .<name>.old until the next build, instead of deleting it at once: a
// server that holds the old directory open (workerd serves wrangler dev's
// assets through a directory handle until wrangler notices the change and
// reloads) keeps reading a complete site in between.
func retire(stage, out string) error {
	old := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".old")
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	if _, err := os.Stat(stage); errors.Is(err, fs.ErrNotExist) {
		return nil // first build: nothing to keep
	}
	return os.Rename(stage, old)
}
