package main

import (
	"context"
	"strings"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/format"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"
)

// learnPages renders /rules/, /rules/<code>/ and /fields/ from the
// catalogues, in every language: English at the site's root, the others
// under their prefix (/zh/rules/…), from the same templates.
func (b *builder) learnPages(ctx context.Context, a assets) error {
	for _, l := range i18n.Langs() {
		if err := b.learnPagesIn(ctx, l, a); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) learnPagesIn(ctx context.Context, l i18n.Lang, a assets) error {
	css := []string{a.CSS}
	dir := strings.TrimPrefix(l.Prefix()+"/", "/") // "" or "zh/"
	cat := catalog.Of(l)
	byTopic := map[string]*components.RuleTopic{}
	var topics []*components.RuleTopic
	for _, r := range lint.Rules() {
		doc := ruleDoc(l, cat, r)
		t := byTopic[r.Topic]
		if t == nil {
			t = &components.RuleTopic{ID: r.Topic, Title: components.TopicTitle(l, r.Topic)}
			byTopic[r.Topic] = t
			topics = append(topics, t)
		}
		t.Rules = append(t.Rules, doc)
		if err := b.render(ctx, dir+"rules/"+r.Code+"/index.html", components.RulePage(l, doc, css)); err != nil {
			return err
		}
	}
	var list []components.RuleTopic
	for _, t := range topics {
		list = append(list, *t)
	}
	if err := b.render(ctx, dir+"rules/index.html", components.RulesIndex(l, list, css)); err != nil {
		return err
	}
	return b.render(ctx, dir+"fields/index.html", components.FieldsPage(l, fieldObjects(cat), css))
}

// ruleDoc is a rule's page in language l (cat is l's catalogue): its words
// from rule.Localized, the bad example's findings rendered in l.
func ruleDoc(l i18n.Lang, cat *i18n.Catalogue, rule *lint.Rule) components.RuleDoc {
	r := rule.Localized(cat)
	d := components.RuleDoc{
		Code: r.Code, Severity: r.Severity.String(), Topic: components.TopicTitle(l, r.Topic), Title: r.Title,
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
		res := lint.Lint([]byte(bad), lint.Options{})
		res.Localize(cat)
		for _, f := range res.Diagnostics {
			if f.Code == r.Code {
				d.BadFindings = append(d.BadFindings, cat.Sprintf("ui.rule.badFinding", f.Range.Start.Line, f.Message))
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

// fieldObjects is the field catalogue in cat's language.
func fieldObjects(cat *i18n.Catalogue) []components.FieldObject {
	objects := map[string]bool{}
	for _, o := range card.Objects {
		objects[o] = true
	}
	var out []components.FieldObject
	idx := map[string]int{}
	for _, field := range card.Fields() {
		f := field.Localized(cat)
		i, ok := idx[f.Object]
		if !ok {
			i = len(out)
			idx[f.Object] = i
			out = append(out, components.FieldObject{Name: f.Object})
		}
		fd := components.FieldDoc{
			Object: f.Object, Name: f.Name, Type: f.Type, Eras: strings.Join(f.In.EraNames(), ", "),
			Since: f.Since, Removed: f.Removed, Replacement: f.Replacement, Doc: f.Doc, Spec: f.Spec, Refs: refDocs(f.Refs),
			Format: f.Format, Values: f.Values, Required: presence(cat, f),
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

// presence says whether a field must be there, in cat's language.
func presence(cat *i18n.Catalogue, f card.Field) string {
	switch {
	case f.Required == 0:
		if f.Optional {
			return cat.S("ui.fields.presence.optionalExplicit")
		}
		return cat.S("ui.fields.presence.optional")
	case f.Required == f.In:
		return cat.S("ui.fields.presence.required")
	default:
		return cat.Sprintf("ui.fields.presence.requiredIn", strings.Join(f.Required.EraNames(), ", "))
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
