package main

// The adapter turns engine results into what the page needs: the JSON of
// docs/ARCHITECTURE.md (Browser API) plus UTF-16 offsets (JavaScript string indices, which is
// what CodeMirror counts in) next to every byte range. It is plain Go so it
// is tested natively; main_js.go only moves strings across the boundary.

import (
	"errors"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/format"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"
)

// Version is the engine's version as the page shows it; the site build sets
// it with -ldflags "-X main.Version=...".
var Version = "dev"

// Edit is a fix's text edit with UTF-16 offsets added.
type Edit struct {
	Range   jsonpos.Range `json:"range"`
	NewText string        `json:"newText"`
	From    int           `json:"from"`
	To      int           `json:"to"`
}

type Fix struct {
	Title string `json:"title"`
	Edits []Edit `json:"edits"`
	// Unsafe marks a fix that changes what the card means (lint.Fix.Safe
	// false): Fix all leaves it, as lint --fix does, and the page offers
	// it on its finding, marked, for a person to decide.
	Unsafe bool `json:"unsafe,omitempty"`
}

// Related is lint.Related plus from/to in UTF-16 code units, so the page
// can select the place it names.
type Related struct {
	Message string        `json:"message"`
	Range   jsonpos.Range `json:"range"`
	From    int           `json:"from"`
	To      int           `json:"to"`
}

// Diagnostic is lint.Diagnostic plus from/to in UTF-16 code units. URL is
// the rule page relative to the site (lint.RulePath), since the playground
// is served by the site it links to.
type Diagnostic struct {
	Code     string        `json:"code"`
	Severity string        `json:"severity"`
	Message  string        `json:"message"`
	Pointer  string        `json:"pointer"`
	Range    jsonpos.Range `json:"range"`
	Fixes    []Fix         `json:"fixes,omitempty"`
	Related  []Related     `json:"related,omitempty"`
	URL      string        `json:"url"`
	From     int           `json:"from"`
	To       int           `json:"to"`
	// Topic is the rule's topic ("other" for a code without a rule) and
	// TopicRank its place in lint.Topics: the findings panel groups by
	// them before the rule list (agentcard.rules) has been asked for.
	Topic     string `json:"topic"`
	TopicRank int    `json:"topicRank"`
}

// topicOf is the topic of a finding's rule and its rank.
func topicOf(code string) (string, int) {
	if r := lint.RuleFor(code); r != nil && r.Topic != "" {
		for i, t := range lint.Topics {
			if t == r.Topic {
				return t, i
			}
		}
		return r.Topic, len(lint.Topics)
	}
	return "other", len(lint.Topics)
}

// LintResult mirrors the CLI's result object.
type LintResult struct {
	Input       string       `json:"input"`
	Era         string       `json:"era"`
	Errors      int          `json:"errors"`
	Warnings    int          `json:"warnings"`
	Infos       int          `json:"infos"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Interfaces is the engine's interface list of the same parse, for the
	// preview: it rides along with the findings so the page needs no second
	// call and derives nothing itself.
	Interfaces InterfaceList `json:"interfaces"`
	// Profile is the profile the findings were judged for: "publish" or
	// "local" (LintOptions.Profile).
	Profile string `json:"profile"`
	// Signatures counts the entries of the card's signatures array, so the
	// page offers verification only for a signed card.
	Signatures int `json:"signatures"`
}

// Lint runs the linter and adds UTF-16 offsets. Messages, fix titles and
// labels of related places are in the language set by SetLanguage.
func Lint(src []byte) LintResult { return LintWith(src, LintOptions{}) }

// LintWith is Lint for a profile (agentcard.lint(text, {profile})).
func LintWith(src []byte, opts LintOptions) LintResult {
	res := lint.Lint(src, lint.Options{Examples: opts.Examples})
	profile := ProfileOf(opts.Profile)
	applyProfile(res, profile)
	cat := catalogue()
	if cat != nil {
		// positions quoted in messages count UTF-16 units, as the
		// findings' columns the page shows do (CodeMirror's unit)
		res.LocalizeIn(cat, jsonpos.UTF16)
	}
	lang := currentLang()
	out := LintResult{
		Input:       "editor",
		Era:         string(res.Era),
		Errors:      res.Errors,
		Warnings:    res.Warnings,
		Infos:       res.Infos,
		Diagnostics: make([]Diagnostic, 0, len(res.Diagnostics)),
		Profile:     string(profile),
	}
	var root *jsonpos.Node
	if res.Doc != nil {
		root = res.Doc.Root
	}
	out.Interfaces = interfacesOf(root)
	if root != nil && root.Kind == jsonpos.Object {
		if s := root.Get("signatures"); s != nil && s.Kind == jsonpos.Array {
			out.Signatures = len(s.Children)
		}
	}
	var offs []int
	for _, d := range res.Diagnostics {
		offs = append(offs, d.Range.Start.Offset, d.Range.End.Offset)
		for _, r := range d.Related {
			offs = append(offs, r.Range.Start.Offset, r.Range.End.Offset)
		}
		for _, f := range d.Fixes {
			for _, e := range f.Edits {
				offs = append(offs, e.Range.Start.Offset, e.Range.End.Offset)
			}
		}
	}
	u16 := jsonpos.UTF16Offsets(src, offs)
	for _, d := range res.Diagnostics {
		nd := Diagnostic{
			Code:     d.Code,
			Severity: d.Severity.String(),
			Message:  d.Message,
			Pointer:  d.Pointer,
			Range:    d.Range,
			URL:      lint.RulePathIn(lang, d.Code),
			From:     u16[d.Range.Start.Offset],
			To:       u16[d.Range.End.Offset],
		}
		nd.Topic, nd.TopicRank = topicOf(d.Code)
		for _, r := range d.Related {
			nd.Related = append(nd.Related, Related{Message: r.Message, Range: r.Range,
				From: u16[r.Range.Start.Offset], To: u16[r.Range.End.Offset]})
		}
		for _, f := range d.Fixes {
			nf := Fix{Title: f.Title, Edits: make([]Edit, 0, len(f.Edits)), Unsafe: !f.Safe}
			for _, e := range f.Edits {
				nf.Edits = append(nf.Edits, Edit{Range: e.Range, NewText: e.NewText,
					From: u16[e.Range.Start.Offset], To: u16[e.Range.End.Offset]})
			}
			nd.Fixes = append(nd.Fixes, nf)
		}
		out.Diagnostics = append(out.Diagnostics, nd)
	}
	return out
}

// FormatResult is agentcard.format's answer: the new text, or why not.
// When the text is not valid JSON, Code is "syntax", Finding the code of
// the syntax finding there, and Line/Column/From say where the JSON first
// breaks (From in UTF-16 units, for the editor's cursor); Error is in the
// language set by SetLanguage.
type FormatResult struct {
	Text    string `json:"text,omitempty"`
	Error   string `json:"error,omitempty"`
	Code    string `json:"code,omitempty"`
	Finding string `json:"finding,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	From    int    `json:"from,omitempty"`
}

func Format(src []byte) FormatResult {
	out, err := format.Format(src)
	if err != nil {
		r := FormatResult{Error: err.Error(), Code: "syntax"}
		var se *format.SyntaxError
		if errors.As(err, &se) {
			if cat := catalogue(); cat != nil {
				r.Error = se.Localized(cat)
			}
			r.Finding, r.Line, r.Column = se.Code, se.Line, se.Column
			r.From = jsonpos.UTF16Offsets(src, []int{se.Offset})[se.Offset]
		}
		return r
	}
	return FormatResult{Text: string(out)}
}

// ShareResult is the answer of encodeShare/decodeShare.
type ShareResult struct {
	Fragment string `json:"fragment,omitempty"` // encodeShare: the value after "#c="
	Text     string `json:"text"`               // decodeShare: the restored text
	Long     bool   `json:"long,omitempty"`     // fragment longer than share.LongFragment
	Error    string `json:"error,omitempty"`
	Code     string `json:"code,omitempty"` // decodeShare: share.Code of the error ("too-large", "damaged", …)
}

func EncodeShare(text string) ShareResult {
	f := share.Encode([]byte(text))
	return ShareResult{Fragment: f, Long: len(f) > share.LongFragment}
}

func DecodeShare(fragment string) ShareResult {
	b, err := share.Decode(fragment)
	if err != nil {
		return ShareResult{Error: err.Error(), Code: share.Code(err)}
	}
	return ShareResult{Text: string(b)}
}

// FieldView is one catalogue entry as the page reads it: the catalogue's
// JSON plus the eras spelled out and the value type decoded (elem, list,
// map) so the page can walk from a path to the object type there.
type FieldView struct {
	card.Field
	Eras       []string `json:"eras"`
	Required   bool     `json:"required"`
	RequiredIn []string `json:"requiredIn,omitempty"`
	Elem       string   `json:"elem,omitempty"` // catalogue object type of the value or its elements
	List       bool     `json:"list,omitempty"` // "[]T"
	Map        bool     `json:"map,omitempty"`  // "map[T]": member values are T
}

// Fields returns the field catalogue for hover and completion, its
// explanations in the language set by SetLanguage.
func Fields() []FieldView {
	objects := map[string]bool{}
	for _, o := range card.Objects {
		objects[o] = true
	}
	cat := catalogue()
	var out []FieldView
	for _, f := range card.Fields() {
		f = f.Localized(cat)
		v := FieldView{Field: f, Eras: f.In.EraNames(), RequiredIn: f.Required.EraNames()}
		v.Required = f.Required&card.V10 != 0 || (f.Required != 0 && f.In&card.V10 == 0)
		t := f.Type
		if s, ok := strings.CutPrefix(t, "[]"); ok {
			v.List, t = true, s
		} else if s, ok := strings.CutPrefix(t, "map["); ok {
			v.Map, t = true, strings.TrimSuffix(s, "]")
		}
		if objects[t] {
			v.Elem = t
		}
		if len(v.Values) == 0 && f.Format == "media-type" {
			v.Values = card.CommonMediaTypes
		}
		out = append(out, v)
	}
	return out
}

// RuleView is one rule as the page reads it.
type RuleView struct {
	Code        string `json:"code"`
	Severity    string `json:"severity"`
	Topic       string `json:"topic"`
	Title       string `json:"title"`
	Explanation string `json:"explanation"`
	HowToFix    string `json:"howToFix"`
	Spec        string `json:"spec"`
}

// Rules returns the rule catalogue without examples (the learn pages have
// those; the editor needs the words), in the language set by SetLanguage.
func Rules() []RuleView {
	cat := catalogue()
	var out []RuleView
	for _, rule := range lint.Rules() {
		r := rule.Localized(cat)
		out = append(out, RuleView{Code: r.Code, Severity: r.Severity.String(), Topic: r.Topic, Title: r.Title,
			Explanation: r.Explanation, HowToFix: r.HowToFix, Spec: r.Spec})
	}
	return out
}

// FieldsJSON and RulesJSON are computed on first use in each language and
// kept: not at start-up, so starting the engine (in the page and in its
// Web Worker) costs as little main-thread time as possible, and switching
// back to a language costs nothing.
func FieldsJSON() string { return cached(&fieldsJSON, func() []byte { return encodeFields(Fields()) }) }

// RulesJSON is Rules as JSON; see FieldsJSON.
func RulesJSON() string { return cached(&rulesJSON, func() []byte { return encodeRules(Rules()) }) }

var (
	cacheMu    sync.Mutex
	fieldsJSON = map[i18n.Lang]string{}
	rulesJSON  = map[i18n.Lang]string{}
)

func cached(m *map[i18n.Lang]string, build func() []byte) string {
	lang := currentLang()
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if s, ok := (*m)[lang]; ok {
		return s
	}
	s := string(build())
	(*m)[lang] = s
	return s
}
