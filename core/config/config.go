// Package config reads a project's agentcard configuration: which rules
// are off or have another severity, which input files to skip, and the
// profile (publish or local) a card is checked for.
//
// A configuration file is named .agentcard.yaml, .agentcard.yml or
// .agentcard.json and is found like other linters find theirs: from the
// input's directory upward, stopping after the directory that holds .git
// (the project's root) or at the filesystem root. A CLI may also name one
// explicitly (Load).
//
//	rules:
//	  skill-no-examples: off
//	  name-generic: error
//	ignore:
//	  - "drafts/**"
//	  - pointer: /skills/3/examples
//	    rule: skill-no-examples
//	include:
//	  - "cards/*.json"
//	profile: local
//
// An ignore entry is a glob of input files (a directory's name ignores
// everything below it), or a finding to ignore: a JSON Pointer (the
// finding's place or a place inside it), a rule code, or both, optionally
// only in the files a glob names (file:). include: globs name files that
// `agentcard lint DIR` checks beside the card names (Discover).
//
// Files are validated strictly, because a typo in a linter's configuration
// silently turns a check off or leaves it on: an unknown key, rule code,
// severity or profile is an error naming the file, line and column, with
// the closest rule code when one is close. Errors are catalogue messages
// (cli.config.*), so the CLI shows them in its reader's language.
//
// The package reads files and transforms findings; it does not lint.
// Apply is what a front end calls on a lint result.
package config

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/config/profile"
	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
)

// Names are the configuration file names Find looks for. Two of them in
// one directory are an error rather than an order of preference: which
// one applies would be a guess, and the other would be silently ignored.
var Names = []string{".agentcard.yaml", ".agentcard.yml", ".agentcard.json"}

// Level is a rule's setting: off, or the severity its findings get.
type Level string

const (
	LevelOff     Level = "off"
	LevelError   Level = "error"
	LevelWarning Level = "warning"
	LevelInfo    Level = "info"
)

// Levels lists the settings in the order messages name them.
var Levels = []Level{LevelOff, LevelError, LevelWarning, LevelInfo}

// Severity is the severity a level gives; ok is false for LevelOff.
func (l Level) Severity() (s diag.Severity, ok bool) {
	switch l {
	case LevelError:
		return diag.Error, true
	case LevelWarning:
		return diag.Warning, true
	case LevelInfo:
		return diag.Info, true
	}
	return 0, false
}

// Profile is what the card is checked for (core/config/profile).
type Profile = profile.Profile

const (
	// Publish (the default) checks a card that is about to be public.
	Publish = profile.Publish
	// Local checks a card used on a developer's machine or a private
	// network: the findings of LocalCodes become infos.
	Local = profile.Local
)

// Profiles lists the profiles in the order messages name them.
var Profiles = profile.Profiles

// Config is one project's configuration. The zero value (and nil) is the
// default: every rule at its own severity, nothing ignored, Publish.
type Config struct {
	// File is the file it was read from ("" when it was built in code or
	// from flags); Dir is where ignore patterns are relative to (File's
	// directory, or the working directory).
	File string
	Dir  string
	// Rules maps rule codes to their setting.
	Rules map[string]Level
	// Ignore are doublestar glob patterns of input files, relative to Dir
	// and written with forward slashes ("drafts/**", "**/*.tmpl.json").
	Ignore []string
	// IgnoreFindings are the findings to drop (ignore entries written as
	// mappings).
	IgnoreFindings []FindingIgnore
	// Include are glob patterns, relative to Dir, of files that a
	// directory walk checks besides the card names (Discover).
	Include []string
	// Profile is "" or one of Profiles; "" means Publish.
	Profile Profile
}

// EffectiveProfile is the profile in force: Publish unless set.
func (c *Config) EffectiveProfile() Profile {
	if c == nil || c.Profile == "" {
		return Publish
	}
	return c.Profile
}

// SetRule sets one rule from text, as a --rule CODE=LEVEL flag gives it,
// checking the code against rules (lint.Catalogue()); the error is an
// *Error without a file.
func (c *Config) SetRule(code, level string, rules *diag.Registry) error {
	if rules == nil {
		panic("config.SetRule: no rule catalogue (pass lint.Catalogue())")
	}
	var errs Errors
	l, ok := checkRule(&errs, rules, pos{}, code, level)
	if !ok {
		return errs
	}
	if c.Rules == nil {
		c.Rules = map[string]Level{}
	}
	c.Rules[code] = l
	return nil
}

// ParseRuleFlag reads "CODE=LEVEL" (the CLI's --rule) into c.
func (c *Config) ParseRuleFlag(s string, rules *diag.Registry) error {
	code, level, ok := strings.Cut(s, "=")
	if !ok {
		return Errors{{Text: i18n.T("cli.config.rule-flag", quote(s))}}
	}
	return c.SetRule(strings.TrimSpace(code), strings.TrimSpace(level), rules)
}

// SetProfile sets the profile from text (the CLI's --profile).
func (c *Config) SetProfile(s string) error {
	var errs Errors
	p, ok := checkProfile(&errs, pos{}, s)
	if !ok {
		return errs
	}
	c.Profile = p
	return nil
}

// FindingIgnore is one ignored finding: at Pointer (or inside it), of
// Rule, in the files File matches; an empty field matches everything.
type FindingIgnore struct {
	Pointer string `json:"pointer,omitempty"`
	Rule    string `json:"rule,omitempty"`
	File    string `json:"file,omitempty"`
	// Line is where the entry is written, for --print-config.
	Line int `json:"line,omitempty"`
}

// matches reports whether the entry ignores d in the file at rel (the
// file's path relative to the configuration's directory; "" for an input
// that is not a file there, which only entries without File match).
func (f FindingIgnore) matches(d *diag.Diagnostic, rel string) bool {
	if f.Rule != "" && f.Rule != d.Code && f.Rule != d.OmittedCode {
		return false
	}
	if f.Pointer != "" && d.Pointer != f.Pointer && !strings.HasPrefix(d.Pointer, f.Pointer+"/") {
		return false
	}
	if f.File != "" {
		if rel == "" {
			return false
		}
		if ok, _ := doublestar.Match(f.File, rel); !ok {
			return false
		}
	}
	return true
}

// Ignored reports whether an input file is matched by an ignore pattern.
// path is the input as given (relative to the working directory, or
// absolute); patterns match its path relative to Dir, or one of the
// directories it is in ("drafts" ignores drafts/a/agent-card.json).
func (c *Config) Ignored(path string) bool {
	if c == nil || len(c.Ignore) == 0 {
		return false
	}
	rel, ok := c.rel(path)
	if !ok {
		return false
	}
	for _, p := range c.Ignore {
		for q := rel; q != "." && q != ""; q = pathDir(q) {
			if ok, _ := doublestar.Match(p, q); ok {
				return true
			}
		}
	}
	return false
}

// Included reports whether a file is named by an include pattern.
func (c *Config) Included(path string) bool {
	if c == nil || len(c.Include) == 0 {
		return false
	}
	rel, ok := c.rel(path)
	if !ok {
		return false
	}
	for _, p := range c.Include {
		if ok, _ := doublestar.Match(p, rel); ok {
			return true
		}
	}
	return false
}

// pathDir is the parent of a slash-separated relative path ("." at the
// top).
func pathDir(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "."
	}
	return p[:i]
}

// rel is path relative to Dir, with forward slashes; false when it is not
// below Dir.
func (c *Config) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	dir := c.Dir
	if dir == "" {
		dir = "."
	}
	base, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Find returns the configuration file that applies to inputs in dir: the
// first directory from dir upward that holds one of Names. The search
// stops after a directory that holds .git, and at the filesystem root; ""
// means there is none. Two configuration files in one directory are an
// error.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		var found []string
		for _, name := range Names {
			p := filepath.Join(dir, name)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				found = append(found, p)
			}
		}
		switch len(found) {
		case 0:
		case 1:
			return found[0], nil
		default:
			return "", Errors{{File: found[0], Text: i18n.T("cli.config.ambiguous", filepath.Base(found[0]), filepath.Base(found[1]))}}
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and validates one configuration file. A file that cannot be
// read is an *Error naming it; invalid content is Errors, one per problem.
//
// A file another user could have written is refused before it is read
// (safeToRead): a configuration decides which rules run and which inputs
// are ignored, so one planted in a shared directory would decide them for
// whoever runs agentcard below it (issue 16, B13). At most MaxBytes are
// read.
func Load(path string, rules *diag.Registry) (*Config, error) {
	// os.Open, not os.ReadFile: the ownership check reads the opened
	// file's own Stat, and the read is capped.
	f, err := os.Open(path)
	if err != nil {
		return nil, Errors{{File: path, Text: i18n.T("cli.config.read", reason(err))}}
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil {
		if t := safeToRead(fi); !t.IsZero() {
			return nil, Errors{{File: path, Text: t}}
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, Errors{{File: path, Text: i18n.T("cli.config.read", reason(err))}}
	}
	cfg, err := Parse(path, data, rules)
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// MaxBytes bounds a configuration file, YAML or JSON: a real one has a
// few hundred bytes, and the YAML library holds about a hundred times a
// document's size in memory while reading it (47 MB took 1.15 GB: issue
// 16, B12).
const MaxBytes = 1 << 20

// reason is an error's own words without the path, which the message
// names already.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse reads configuration text; name decides the syntax (.json is
// JSON, anything else YAML) and is the File of the result and of errors.
// Rule codes are checked against rules, the catalogue (lint.Catalogue()):
// this package applies settings to findings and runs no rule itself.
func Parse(name string, data []byte, rules *diag.Registry) (*Config, error) {
	if rules == nil {
		panic("config.Parse: no rule catalogue (pass lint.Catalogue())")
	}
	if len(data) > MaxBytes {
		return nil, Errors{{File: name, Line: 0, Text: i18n.T("cli.config.too-large", MaxBytes>>20)}}
	}
	var root *value
	var errs Errors
	if strings.EqualFold(filepath.Ext(name), ".json") {
		root, errs = parseJSON(data)
	} else {
		root, errs = parseYAML(data)
	}
	cfg := &Config{File: name, Dir: filepath.Dir(name)}
	if errs == nil {
		errs = cfg.read(root, rules)
	}
	if len(errs) > 0 {
		for _, e := range errs {
			e.File = name
		}
		return nil, errs
	}
	return cfg, nil
}

// Loader finds and loads the configuration of many inputs, reading each
// file once.
type Loader struct {
	// Rules is the catalogue rule codes are checked against
	// (lint.Catalogue()).
	Rules  *diag.Registry
	byDir  map[string]string
	byFile map[string]*Config
}

// ForDir returns the configuration that applies to inputs in dir, or nil
// when there is none.
func (l *Loader) ForDir(dir string) (*Config, error) {
	if l.byDir == nil {
		l.byDir, l.byFile = map[string]string{}, map[string]*Config{}
	}
	file, seen := l.byDir[dir]
	if !seen {
		var err error
		if file, err = Find(dir); err != nil {
			return nil, err
		}
		l.byDir[dir] = file
	}
	if file == "" {
		return nil, nil
	}
	if cfg, ok := l.byFile[file]; ok {
		return cfg, nil
	}
	cfg, err := Load(file, l.Rules)
	if err != nil {
		return nil, err
	}
	l.byFile[file] = cfg
	return cfg, nil
}

// ForFile returns the configuration that applies to an input file.
func (l *Loader) ForFile(path string) (*Config, error) {
	return l.ForDir(filepath.Dir(path))
}
