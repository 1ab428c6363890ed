package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
)

// Baseline is a file of findings a project already knows about (lint
// --baseline FILE): they are left out of the output and the exit status,
// so a linter can be turned on for an existing card set and fail only on
// what is new, as other linters' baselines do. A finding is known by its
// file, rule and JSON Pointer, not by its line, so that edits elsewhere
// in the card do not bring it back; Count says how many findings of that
// key are known (a second one at the same place is new).
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`

	// dir is where file names are relative to (the baseline's directory);
	// left is what Filter may still take, per key.
	dir  string
	left map[baselineKey]int
}

// BaselineEntry is one known finding (or several of one key).
type BaselineEntry struct {
	// File is the input's path relative to the baseline file's
	// directory, with forward slashes; a URL or standard input's name as
	// given.
	File    string `json:"file"`
	Rule    string `json:"rule"`
	Pointer string `json:"pointer"`
	Count   int    `json:"count"`
}

type baselineKey struct{ file, rule, pointer string }

// BaselineVersion is the format written; a file of another version is
// refused rather than misread.
const BaselineVersion = 1

// maxBaseline bounds a baseline file (a few hundred bytes per finding).
const maxBaseline = 16 << 20

// NewBaseline is an empty baseline to be written at path.
func NewBaseline(path string) *Baseline {
	return &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}, dir: filepath.Dir(path)}
}

// LoadBaseline reads a baseline file. Errors are *Error naming the file.
func LoadBaseline(path string) (*Baseline, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{File: path, Text: i18n.T("cli.baseline.read", reason(err))}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBaseline+1))
	if err != nil {
		return nil, &Error{File: path, Text: i18n.T("cli.baseline.read", reason(err))}
	}
	if len(data) > maxBaseline {
		return nil, &Error{File: path, Text: i18n.T("cli.baseline.too-large", maxBaseline>>20)}
	}
	b := &Baseline{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(b); err != nil {
		return nil, &Error{File: path, Text: i18n.T("cli.baseline.invalid", err.Error())}
	}
	if b.Version != BaselineVersion {
		return nil, &Error{File: path, Text: i18n.T("cli.baseline.version", b.Version, BaselineVersion)}
	}
	b.dir = filepath.Dir(path)
	for _, e := range b.Findings {
		if e.Rule == "" || e.Count < 1 {
			return nil, &Error{File: path, Text: i18n.T("cli.baseline.invalid", "an entry without a rule or with a count below 1")}
		}
	}
	return b, nil
}

// Key is how the baseline names an input: a file relative to the
// baseline's directory, anything else (a URL, "-") as given.
func (b *Baseline) Key(name string, file bool) string {
	if !file {
		return name
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return filepath.ToSlash(name)
	}
	base, err := filepath.Abs(b.dir)
	if err != nil {
		return filepath.ToSlash(name)
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// Filter removes the known findings of one input (named by Key) from a
// result, recounting it, and returns how many it removed.
func (b *Baseline) Filter(key string, r *findings.Result) int {
	if b == nil || r == nil {
		return 0
	}
	if b.left == nil {
		b.left = map[baselineKey]int{}
		for _, e := range b.Findings {
			b.left[baselineKey{e.File, e.Rule, e.Pointer}] += e.Count
		}
	}
	kept := r.Diagnostics[:0:0]
	n := 0
	for _, d := range r.Diagnostics {
		k := baselineKey{key, d.Code, d.Pointer}
		if b.left[k] > 0 {
			b.left[k]--
			n++
			continue
		}
		kept = append(kept, d)
	}
	r.Diagnostics = kept
	Recount(r)
	return n
}

// Add records an input's findings (named by Key).
func (b *Baseline) Add(key string, ds []diag.Diagnostic) {
	at := map[baselineKey]int{}
	for i, e := range b.Findings {
		at[baselineKey{e.File, e.Rule, e.Pointer}] = i
	}
	for _, d := range ds {
		k := baselineKey{key, d.Code, d.Pointer}
		if i, ok := at[k]; ok {
			b.Findings[i].Count++
			continue
		}
		at[k] = len(b.Findings)
		b.Findings = append(b.Findings, BaselineEntry{File: key, Rule: d.Code, Pointer: d.Pointer, Count: 1})
	}
}

// Write saves the baseline at path, sorted so that its diffs are small,
// through a temporary file renamed over the old one (an interrupted write
// leaves the old baseline).
func (b *Baseline) Write(path string) error {
	sort.Slice(b.Findings, func(i, j int) bool {
		x, y := b.Findings[i], b.Findings[j]
		if x.File != y.File {
			return x.File < y.File
		}
		if x.Pointer != y.Pointer {
			return x.Pointer < y.Pointer
		}
		return x.Rule < y.Rule
	})
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return &Error{File: path, Text: i18n.T("cli.baseline.write", reason(err))}
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return &Error{File: path, Text: i18n.T("cli.baseline.write", reason(err))}
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return &Error{File: path, Text: i18n.T("cli.baseline.write", reason(err))}
	}
	return nil
}

// IsNotExist reports whether a LoadBaseline error is a missing file
// (which --update-baseline creates).
func IsNotExist(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, os.ErrNotExist)
}

// Total counts the findings the baseline knows.
func (b *Baseline) Total() int {
	n := 0
	for _, e := range b.Findings {
		n += e.Count
	}
	return n
}
