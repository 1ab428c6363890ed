package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/format"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"
)

// learnPages renders /rules/, /rules/<code>/ and /fields/ from the
// catalogues.
func (b *builder) learnPages(ctx context.Context, a assets) error {
	css := []string{a.CSS}
	byTopic := map[string]*components.RuleTopic{}
	var topics []*components.RuleTopic
	for _, r := range lint.Rules() {
		doc := ruleDoc(r)
		t := byTopic[r.Topic]
		if t == nil {
			title := components.TopicTitle(r.Topic)
			t = &components.RuleTopic{ID: r.Topic, Title: title}
			byTopic[r.Topic] = t
			topics = append(topics, t)
		}
		t.Rules = append(t.Rules, doc)
		if err := b.render(ctx, "rules/"+r.Code+"/index.html", components.RulePage(doc, css)); err != nil {
			return err
		}
	}
	var list []components.RuleTopic
	for _, t := range topics {
		list = append(list, *t)
	}
	if err := b.render(ctx, "rules/index.html", components.RulesIndex(list, css)); err != nil {
		return err
	}
	return b.render(ctx, "fields/index.html", components.FieldsPage(fieldObjects(), css))
}

func ruleDoc(r *lint.Rule) components.RuleDoc {
	d := components.RuleDoc{
		Code: r.Code, Severity: r.Severity.String(), Topic: components.TopicTitle(r.Topic), Title: r.Title,
		Explanation: r.Explanation, HowToFix: r.HowToFix, Spec: r.Spec,
		BasisKind: string(r.Basis.Kind), BasisLabel: r.Basis.Label, BasisNote: r.Basis.Note, Refs: refDocs(r.Refs),
		Bad: strings.TrimSpace(r.Bad), Good: strings.TrimSpace(r.Good),
		External: r.External,
	}
	if d.Topic == "" {
		d.Topic = r.Topic
	}
	if r.External {
		return d
	}
	d.Fragment = lint.IsFragment(r.Bad) && r.Bad != ""
	d.Bad, d.Good = pretty(r.Bad), pretty(r.Good)
	if r.Bad != "" {
		bad := lint.ExampleDocument(r.Bad)
		for _, f := range lint.Lint([]byte(bad), lint.Options{}).Diagnostics {
			if f.Code == r.Code {
				d.BadFindings = append(d.BadFindings, fmt.Sprintf("line %d: %s", f.Range.Start.Line, f.Message))
			}
		}
		d.BadLink = "/#c=" + share.Encode([]byte(bad))
	}
	d.GoodLink = "/#c=" + share.Encode([]byte(lint.ExampleDocument(r.Good)))
	return d
}

// pretty re-indents an example for reading; a member list ("a": 1, …) is
// indented as the inside of an object. Examples that are not valid JSON
// (syntax rules) are shown as written.
func pretty(example string) string {
	ex := strings.TrimSpace(example)
	if ex == "" {
		return ""
	}
	if !lint.IsFragment(ex) {
		if out, err := format.Format([]byte(ex)); err == nil {
			return strings.TrimSpace(string(out))
		}
		return ex
	}
	out, err := format.Format([]byte("{" + ex + "}"))
	if err != nil {
		return ex
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	lines = lines[1 : len(lines)-1]
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, format.Indent)
	}
	return strings.Join(lines, "\n")
}

func fieldObjects() []components.FieldObject {
	objects := map[string]bool{}
	for _, o := range card.Objects {
		objects[o] = true
	}
	var out []components.FieldObject
	idx := map[string]int{}
	for _, f := range card.Fields() {
		i, ok := idx[f.Object]
		if !ok {
			i = len(out)
			idx[f.Object] = i
			out = append(out, components.FieldObject{Name: f.Object})
		}
		fd := components.FieldDoc{
			Object: f.Object, Name: f.Name, Type: f.Type, Eras: strings.Join(f.In.EraNames(), ", "),
			Since: f.Since, Removed: f.Removed, Replacement: f.Replacement, Doc: f.Doc, Spec: f.Spec, Refs: refDocs(f.Refs),
			Format: f.Format, Values: f.Values, Required: presence(f),
		}
		t := strings.TrimPrefix(f.Type, "[]")
		t = strings.TrimSuffix(strings.TrimPrefix(t, "map["), "]")
		if objects[t] {
			fd.TypeRef = t
		}
		out[i].Fields = append(out[i].Fields, fd)
	}
	return out
}

func presence(f card.Field) string {
	switch {
	case f.Required == 0:
		if f.Optional {
			return "optional (explicit presence)"
		}
		return "optional"
	case f.Required == f.In:
		return "required"
	default:
		return "required in " + strings.Join(f.Required.EraNames(), ", ")
	}
}

// refDocs turns catalogue references into the links the learn pages show.
func refDocs(refs []card.Ref) []components.RefDoc {
	out := make([]components.RefDoc, 0, len(refs))
	for _, r := range refs {
		out = append(out, components.RefDoc{Text: r.String(), URL: r.URL})
	}
	return out
}
