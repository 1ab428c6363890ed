package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// publish moves the complete build in stage into out, file by file, each
// by one rename (atomic: a reader gets the old file or the new one, never
// a missing or partial one), the content-hashed assets before the pages
// that link them; then it deletes what the new build no longer has,
// except the assets of the build it replaces (previous: their paths): a
// page loaded before the build may still ask for them while the server
// reloads.
//
// Why not one rename of the whole directory: wrangler dev watches out's
// directory (inotify follows the inode, not the path) and workerd serves
// it through an open directory handle, so after a directory swap both keep
// the old site, and deleting the old one answers 500 until a reload
// (measured: both happened). Updating in place keeps the directory they
// hold, and the watcher reloads on the renames.
func publish(stage, out string, previous []string) error {
	if _, err := os.Stat(out); errors.Is(err, fs.ErrNotExist) {
		return os.Rename(stage, out) // first build
	}
	var files []string
	err := filepath.WalkDir(stage, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(stage, p)
		files = append(files, rel)
		return err
	})
	if err != nil {
		return err
	}
	// Assets first, then pages and _headers.
	sort.SliceStable(files, func(i, j int) bool { return isAsset(files[i]) && !isAsset(files[j]) })
	keep := map[string]bool{}
	for _, rel := range previous {
		if isAsset(rel) {
			keep[filepath.FromSlash(rel)] = true
		}
	}
	for _, rel := range files {
		dst := filepath.Join(out, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(stage, rel), dst); err != nil {
			return err
		}
		keep[rel] = true
	}
	// What the old build had and the new one has not.
	var dirs []string
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(out, p)
		if err != nil || rel == "." {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, p)
			return nil
		}
		if !keep[rel] {
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- { // deepest first; fails (kept) when not empty
		os.Remove(dirs[i])
	}
	return nil
}

func isAsset(rel string) bool {
	return strings.HasPrefix(filepath.ToSlash(rel), "assets/") || rel == "favicon.ico"
}
