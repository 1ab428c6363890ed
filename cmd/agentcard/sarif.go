package main

import (
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/buildinfo"
)

// SARIF 2.1.0 (OASIS), the subset code scanning tools read. Columns are
// UTF-16 code units, the SARIF default, stated explicitly in columnKind.
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// SemanticVersion is Version without its "v" when it is one (a
	// release or go install of a tag), as SARIF §3.19.13 asks.
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	Help                 sarifText       `json:"help"`
	HelpURI              string          `json:"helpUri"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
	Properties           map[string]any  `json:"properties,omitempty"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
	// RelatedLocations are the finding's other places (the first
	// occurrence of a duplicate key), each with its label as message.
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix      `json:"fixes,omitempty"`
	// Properties name the card of a result that has no file to point at:
	// url for a card read from the web (a code scanning tool cannot place
	// a location outside the repository), input for standard input.
	Properties map[string]any `json:"properties,omitempty"`
}

type sarifLocation struct {
	// ID numbers related locations within their result (SARIF §3.28.2);
	// unset on the primary location.
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	// Region is omitted for a finding about the file as a whole (how it
	// was served).
	Region *sarifRegion `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	// Properties say whether the fix is safe (lint --fix applies it) or
	// needs --unsafe-fixes: {"safe": true|false}.
	Properties map[string]any `json:"properties,omitempty"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "note"
}

// sarifRules builds the driver's rule list from the catalogue, in lang,
// plus an index by code.
func sarifRules(lang i18n.Lang, cat *i18n.Catalogue) ([]sarifRule, map[string]int) {
	rules := lint.Rules()
	out := make([]sarifRule, 0, len(rules))
	index := make(map[string]int, len(rules))
	for _, rule := range rules {
		r := rule.Localized(cat)
		index[r.Code] = len(out)
		out = append(out, sarifRule{
			ID:                   r.Code,
			Name:                 pascal(r.Code),
			ShortDescription:     sarifText{r.Title},
			FullDescription:      sarifText{r.Explanation},
			Help:                 sarifText{r.HowToFix},
			HelpURI:              lint.RuleURLIn(lang, r.Code),
			DefaultConfiguration: sarifRuleConfig{sarifLevel(r.Severity)},
			Properties:           map[string]any{"tags": []string{r.Topic}, "spec": r.Spec},
		})
	}
	return out, index
}

// pascal turns a kebab-case code into the PascalCase SARIF rule name.
func pascal(code string) string {
	var b strings.Builder
	for _, part := range strings.Split(code, "-") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]))
		b.WriteString(part[1:])
	}
	return b.String()
}

// artifactURI is the SARIF uri of a file: a relative path as a URI
// reference (relative to the repository when the path is absolute and
// inside GITHUB_WORKSPACE, as code scanning matches them), else a file URL.
func artifactURI(name string) string {
	name = ghPath(name)
	p := filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

// sarifRegionOf is a range with 1-based UTF-16 columns (cols counts in
// UTF-16 code units).
func sarifRegionOf(cols *jsonpos.Columns, r lint.Range) sarifRegion {
	fix := func(p jsonpos.Position) (int, int) {
		line := p.Line
		if line < 1 {
			line = 1
		}
		if p.Column < 1 {
			return line, 1
		}
		return line, cols.Column(p)
	}
	sl, sc := fix(r.Start)
	el, ec := fix(r.End)
	if el < sl || (el == sl && ec < sc) {
		el, ec = sl, sc
	}
	return sarifRegion{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec}
}

// sarifColumns converts every position a result's regions need in one
// pass.
func sarifColumns(res *lint.Result) *jsonpos.Columns {
	cols := jsonpos.NewColumns(res.Doc, jsonpos.UTF16)
	for _, d := range res.Diagnostics {
		cols.AddRange(d.Range)
		for _, rel := range d.Related {
			cols.AddRange(rel.Range)
		}
		for _, f := range d.Fixes {
			for _, ed := range f.Edits {
				cols.AddRange(ed.Range)
			}
		}
	}
	return cols
}

// semverRe is a semantic version after its "v" (a release's).
// (compiled on first use: nothing is built at start that a command may
// not use, docs/PERFORMANCE.md)
var semverRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$`)
})

// driverVersion is the running build's version (internal/buildinfo):
// the release or module version, or "(devel)" for a build from a clone.
func driverVersion() (version, semantic string) {
	v := buildinfo.Get().Version
	if m := semverRe().FindStringSubmatch(v); m != nil {
		return v, m[1]
	}
	return v, ""
}

// openSARIF starts --format sarif: one SARIF log with one run, whose
// driver lists every rule (descriptions and helpUri in the output's
// language) and whose results grow by each INPUT's findings, already
// localized.
func openSARIF(e *env, w io.Writer, _ lintFlags) formatWriter {
	lang, cat := e.lang, e.catalogue()
	rules, index := sarifRules(lang, cat)
	version, semantic := driverVersion()
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: "agentcard", Version: version, SemanticVersion: semantic,
			InformationURI: siteURL + lang.Prefix() + "/", Rules: rules}},
		ColumnKind: "utf16CodeUnits",
		Results:    []sarifResult{},
	}
	log := sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}
	return &sarifWriter{s: newJSONStream(w, log, "results"), index: index}
}

type sarifWriter struct {
	s     *jsonStream
	index map[string]int // rule code → its place in the driver's rules
}

func (sw *sarifWriter) write(lr lintRun) error {
	for _, res := range sarifResults(lr, sw.index) {
		if err := sw.s.add(res); err != nil {
			return err
		}
	}
	return nil
}

func (sw *sarifWriter) close() error { return sw.s.close() }

// sarifResults are one INPUT's findings as SARIF results.
func sarifResults(lr lintRun, index map[string]int) []sarifResult {
	cols := sarifColumns(lr.res)
	// a location only for a file: a code scanning tool places
	// results on the repository's files, and a URL (or standard input
	// without --stdin-filename) is no file it can cite
	hasFile := lr.src.path != ""
	art := sarifArtifact{URI: artifactURI(lr.src.path)}
	var props map[string]any
	switch {
	case lr.src.kind == srcRemote:
		u := lr.in.uri
		if u == "" {
			u = lr.in.name
		}
		props = map[string]any{"url": u}
	case !hasFile:
		props = map[string]any{"input": lr.in.name}
	}
	out := make([]sarifResult, 0, len(lr.res.Diagnostics))
	for _, d := range lr.res.Diagnostics {
		i, ok := index[d.Code]
		if !ok {
			i = -1
		}
		res := sarifResult{RuleID: d.Code, RuleIndex: i, Level: sarifLevel(d.Severity), Message: sarifText{d.Message}, Properties: props}
		if hasFile {
			sarifPlace(&res, cols, art, d)
		}
		out = append(out, res)
	}
	return out
}

// sarifPlace gives a result its location in the file, its related
// locations and its fixes.
func sarifPlace(res *sarifResult, cols *jsonpos.Columns, art sarifArtifact, d lint.Diagnostic) {
	phys := sarifPhysical{ArtifactLocation: art}
	if !check.Placeless(d) {
		region := sarifRegionOf(cols, d.Range)
		phys.Region = &region
	}
	res.Locations = []sarifLocation{{PhysicalLocation: phys}}
	for k, rel := range d.Related {
		id := k
		region := sarifRegionOf(cols, rel.Range)
		res.RelatedLocations = append(res.RelatedLocations, sarifLocation{ID: &id, Message: &sarifText{rel.Message},
			PhysicalLocation: sarifPhysical{ArtifactLocation: art, Region: &region}})
	}
	for _, f := range d.Fixes {
		ch := sarifArtifactChange{ArtifactLocation: art}
		for _, ed := range f.Edits {
			ch.Replacements = append(ch.Replacements, sarifReplacement{DeletedRegion: sarifRegionOf(cols, ed.Range), InsertedContent: sarifText{ed.NewText}})
		}
		res.Fixes = append(res.Fixes, sarifFix{Description: sarifText{f.Title}, ArtifactChanges: []sarifArtifactChange{ch},
			Properties: map[string]any{"safe": f.Safe}})
	}
}
