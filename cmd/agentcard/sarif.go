package main

import (
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
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
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
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
	Locations []sarifLocation `json:"locations"`
	// RelatedLocations are the finding's other places (the first
	// occurrence of a duplicate key), each with its label as message.
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix      `json:"fixes,omitempty"`
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
	Region           sarifRegion   `json:"region"`
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

// artifactURI is the SARIF uri of an INPUT: a relative or absolute file
// path as a URI reference, the URL itself for remote cards.
func artifactURI(name string) string {
	if name == "-" {
		return "stdin"
	}
	if isURL(name) {
		return name
	}
	p := filepath.ToSlash(name)
	if filepath.IsAbs(name) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

func isURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://")
}

// sarifRegionOf converts a byte range to 1-based UTF-16 columns, with the
// offsets already converted by jsonpos.UTF16Offsets (see utf16Of).
func sarifRegionOf(u16 map[int]int, r lint.Range) sarifRegion {
	fix := func(p jsonpos.Position) (int, int) {
		line, col := p.Line, p.Column
		if line < 1 {
			line = 1
		}
		if col < 1 {
			return line, 1
		}
		return line, u16[p.Offset] - u16[p.LineStart()] + 1
	}
	sl, sc := fix(r.Start)
	el, ec := fix(r.End)
	if el < sl || (el == sl && ec < sc) {
		el, ec = sl, sc
	}
	return sarifRegion{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec}
}

// utf16Of converts every position a result's regions need in one pass.
func utf16Of(src []byte, res *lint.Result) map[int]int {
	var offs []int
	add := func(r lint.Range) {
		for _, p := range []jsonpos.Position{r.Start, r.End} {
			offs = append(offs, p.Offset, p.LineStart())
		}
	}
	for _, d := range res.Diagnostics {
		add(d.Range)
		for _, rel := range d.Related {
			add(rel.Range)
		}
		for _, f := range d.Fixes {
			for _, ed := range f.Edits {
				add(ed.Range)
			}
		}
	}
	return jsonpos.UTF16Offsets(src, offs)
}

// writeSARIF writes the runs as one SARIF log. The results are already
// localized (their messages, fix titles and related labels); the rules'
// descriptions and every helpUri are given in lang here.
func writeSARIF(w io.Writer, runs []lintRun, lang i18n.Lang, cat *i18n.Catalogue) error {
	rules, index := sarifRules(lang, cat)
	run := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: "agentcard", Version: toolVersion, InformationURI: siteURL + lang.Prefix() + "/", Rules: rules}},
		ColumnKind: "utf16CodeUnits",
		Results:    []sarifResult{},
	}
	for _, lr := range runs {
		var src []byte
		if lr.res.Doc != nil {
			src = lr.res.Doc.Src
		}
		u16 := utf16Of(src, lr.res)
		art := sarifArtifact{URI: artifactURI(lr.in.name)}
		if lr.in.uri != "" {
			art.URI = lr.in.uri
		}
		for _, d := range lr.res.Diagnostics {
			i, ok := index[d.Code]
			if !ok {
				i = -1
			}
			res := sarifResult{RuleID: d.Code, RuleIndex: i, Level: sarifLevel(d.Severity), Message: sarifText{d.Message},
				Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: art, Region: sarifRegionOf(u16, d.Range)}}}}
			for k, rel := range d.Related {
				id := k
				res.RelatedLocations = append(res.RelatedLocations, sarifLocation{ID: &id, Message: &sarifText{rel.Message},
					PhysicalLocation: sarifPhysical{ArtifactLocation: art, Region: sarifRegionOf(u16, rel.Range)}})
			}
			for _, f := range d.Fixes {
				ch := sarifArtifactChange{ArtifactLocation: art}
				for _, ed := range f.Edits {
					ch.Replacements = append(ch.Replacements, sarifReplacement{DeletedRegion: sarifRegionOf(u16, ed.Range), InsertedContent: sarifText{ed.NewText}})
				}
				res.Fixes = append(res.Fixes, sarifFix{Description: sarifText{f.Title}, ArtifactChanges: []sarifArtifactChange{ch}})
			}
			run.Results = append(run.Results, res)
		}
	}
	enc := newJSONEncoder(w)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}
