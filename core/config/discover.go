package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// CardNames are the file names that are Agent Cards wherever they are:
// the well-known name of 1.0 and 0.3 (agent-card.json) and of 0.2
// (agent.json), compared without regard to case. They are what `agentcard
// lint DIR`, the pre-commit hook (CardPattern) and the language server
// check without being asked.
var CardNames = []string{"agent-card.json", "agent.json"}

// CardPattern is the regular expression of a path whose file name is one
// of CardNames, in the syntax Go's regexp and Python's re both read alike:
// the pre-commit hook's files: pattern (.pre-commit-hooks.yaml), which
// its test compares with this.
const CardPattern = `(^|/)(agent-card|agent)\.json$`

// cardPattern is compiled on first use, not at package init: a CLI run
// that names its files never needs it (docs/PERFORMANCE.md).
var cardPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(CardPattern) })

// IsCardName reports whether a file is named like a card (CardNames).
func IsCardName(path string) bool {
	return cardPattern().MatchString(strings.ToLower(filepath.ToSlash(path)))
}

// SkippedDirs are directories a walk never enters: version control
// metadata and other people's code (dependencies installed by npm, Go
// and PHP's vendor folders), where a card is a copy that is not this
// project's to fix.
var SkippedDirs = []string{".git", ".hg", ".svn", "node_modules", "vendor", "bower_components"}

// MaxDiscovered bounds the files one walk returns (a directory holding
// more cards than this is not a project's, and each is read).
const MaxDiscovered = 100_000

// Discovered is what a walk found.
type Discovered struct {
	// Files are the card files found, in lexical order of their paths,
	// each path dir joined with its path inside dir.
	Files []string
	// Ignored counts card files left out by an ignore pattern.
	Ignored int
	// Truncated is set when MaxDiscovered stopped the walk.
	Truncated bool
}

// Discover walks dir for the files `agentcard lint DIR` checks: every file
// named like a card (CardNames), in any directory including dot
// directories such as .well-known, and every file an include pattern of
// its configuration names; never inside SkippedDirs, and never a file or
// directory its configuration's ignore patterns match. Each file's
// configuration is the one Find gives for its directory (through l, which
// caches them), so a nested project's .agentcard.yaml rules its own
// files. Symbolic links to directories are not followed (a link loop
// cannot make the walk endless); a link to a file is returned like a
// file. A configuration that does not load is the walk's error.
func (l *Loader) Discover(dir string) (Discovered, error) {
	var out Discovered
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			if path == dir {
				return err
			}
			return nil // an unreadable subdirectory: skipped, like git does
		}
		if e.IsDir() {
			if path != dir && skippedDir(e.Name()) {
				return filepath.SkipDir
			}
			if path != dir {
				cfg, err := l.ForDir(path)
				if err != nil {
					return err
				}
				if cfg.Ignored(path) {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		if e.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
				return nil
			}
		}
		cfg, err := l.ForDir(filepath.Dir(path))
		if err != nil {
			return err
		}
		if !IsCardName(e.Name()) && !cfg.Included(path) {
			return nil
		}
		if cfg.Ignored(path) {
			out.Ignored++
			return nil
		}
		if len(out.Files) == MaxDiscovered {
			out.Truncated = true
			return filepath.SkipAll
		}
		out.Files = append(out.Files, path)
		return nil
	})
	sort.Strings(out.Files)
	return out, err
}

func skippedDir(name string) bool {
	for _, s := range SkippedDirs {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}
