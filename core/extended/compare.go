package extended

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/probe"
)

// Bounds of the comparison's findings: skill ids named in one finding, and
// new-interface findings (a hostile extended card may list thousands).
const (
	maxNamedSkills   = 5
	maxNewInterfaces = 8
)

// found collects the findings about the public card, each placed on
// the member that promised the extended card.
type found struct {
	doc     *jsonpos.Doc
	promise *jsonpos.Node
	label   string
	out     []diag.Diagnostic
}

func (f *found) add(code string, msg i18n.Text) {
	_, sev, ok := diag.CheckedElsewhere(code)
	if !ok {
		return
	}
	start := f.promise.Start
	if f.promise.IsMember() {
		start = f.promise.KeyStart
	}
	f.out = append(f.out, diag.Diagnostic{Code: code, Severity: sev, MessageID: msg.ID, Args: msg.Args,
		Message: jsonpos.Clip(i18n.EnglishCatalogue().Render(msg), diag.MaxMessage), URL: diag.RuleURL(code),
		Pointer: f.promise.BoundedPointer(), Range: f.doc.Span(start, f.promise.End)})
}

// compare checks the extended card against the public one: its own
// errors, the same identity, every public skill kept (by id), and any
// interface the public card lacks named.
func (f *found) compare(public *jsonpos.Node, ext *findings.Result) {
	if ext.Errors > 0 {
		first := ext.Diagnostics[0]
		for _, d := range ext.Diagnostics {
			if d.Severity == diag.Error {
				first = d
				break
			}
		}
		f.add(diag.CodeExtendedInvalid, i18n.T("msg.extended-card-invalid", ext.Errors, first.Code, pointerText(first.Pointer)))
	}
	root := ext.Doc.Root
	if root == nil || root.Kind != jsonpos.Object || public == nil {
		return
	}
	for _, field := range [][]string{{"name"}, {"version"}, {"provider", "organization"}, {"provider", "url"}} {
		pv, pok := valueAt(public, field)
		ev, eok := valueAt(root, field)
		if pok == eok && pv == ev {
			continue
		}
		f.add(diag.CodeExtendedIdentityDiffers, i18n.T("msg.extended-card-identity-differs", strings.Join(field, "."), shown(ev, eok), shown(pv, pok)))
	}
	have := map[string]bool{}
	for _, id := range skillIDs(root) {
		have[id] = true
	}
	var missing []string
	for _, id := range skillIDs(public) {
		if !have[id] {
			missing = append(missing, id)
			have[id] = true // a duplicate public id is named once
		}
	}
	if len(missing) > 0 {
		f.add(diag.CodeExtendedSkillsMissing, i18n.T("msg.extended-card-skills-missing", len(missing), namedList(missing)))
	}
	known := map[[3]string]bool{}
	for _, e := range probe.Entries(public) {
		known[entryKey(e)] = true
	}
	n := 0
	for _, e := range probe.Entries(root) {
		k := entryKey(e)
		if known[k] {
			continue
		}
		known[k] = true
		if n++; n > maxNewInterfaces {
			break
		}
		f.add(diag.CodeExtendedNewInterface, i18n.T("msg.extended-card-new-interface", e.Source, e.Binding, jsonpos.QuoteClipped(e.Version), jsonpos.QuoteClipped(e.URL)))
	}
}

// valueAt is the value at path as comparable text: a string's text, any
// other value's JSON as written; ok is false when it is absent or null.
func valueAt(n *jsonpos.Node, path []string) (string, bool) {
	for _, k := range path {
		if n == nil || n.Kind != jsonpos.Object {
			return "", false
		}
		n = n.Get(k)
	}
	if n == nil || n.Kind == jsonpos.Null {
		return "", false
	}
	if n.Kind == jsonpos.String {
		return n.Str, true
	}
	return "\x00" + n.Kind.String(), true // not a string: differs from any string
}

// shown is a value for the message: quoted, or the phrase for absent.
func shown(v string, ok bool) any {
	switch {
	case !ok:
		return i18n.Phrase("phrase.extended.absent")
	case strings.HasPrefix(v, "\x00"):
		return i18n.T("phrase.extended.not-string", v[1:])
	}
	return jsonpos.QuoteClipped(v)
}

// skillIDs lists the ids of a card's skills that are non-empty strings.
func skillIDs(root *jsonpos.Node) []string {
	s := root.Get("skills")
	if s == nil || s.Kind != jsonpos.Array {
		return nil
	}
	var out []string
	for _, e := range s.Children {
		if id := e.Get("id").Text(); e.Kind == jsonpos.Object && id != "" {
			out = append(out, id)
		}
	}
	return out
}

// namedList quotes the first ids and says how many more there are.
func namedList(ids []string) any {
	shownIDs := ids[:min(len(ids), maxNamedSkills)]
	quoted := make([]string, len(shownIDs))
	for i, id := range shownIDs {
		quoted[i] = jsonpos.QuoteClipped(id)
	}
	list := strings.Join(quoted, ", ")
	if rest := len(ids) - len(shownIDs); rest > 0 {
		return i18n.T("phrase.list.more", list, rest)
	}
	return list
}

// entryKey is an interface as clients tell entries apart: URL, binding
// and Major.Minor version.
func entryKey(e card.Interface) [3]string {
	return [3]string{strings.TrimSpace(e.URL), e.Binding, card.MajorMinor(e.Version)}
}

// pointerText shows a JSON Pointer, the root as "/".
func pointerText(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
