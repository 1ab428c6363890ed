package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/format"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/share"
)

// learnPages renders /rules/, /rules/<code>/ and /fields/ from the
// catalogues, in every language: English at the site's root, the others
// under their prefix (/zh/rules/…), from the same templates. The rules
// index's search box and severity filter are one external script
// (site/reference/rules.js, bundled and content-hashed like the editor's):
// the site's CSP allows no inline script.
func (b *builder) learnPages(ctx context.Context, a assets) error {
	js, err := b.bundle("site/reference/rules.js")
	if err != nil {
		return err
	}
	script, err := b.writeHashed("assets/rules.js", js)
	if err != nil {
		return err
	}
	for _, l := range i18n.Langs() {
		if err := b.learnPagesIn(ctx, l, a, script); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) learnPagesIn(ctx context.Context, l i18n.Lang, a assets, script string) error {
	css := []string{a.CSS}
	dir := strings.TrimPrefix(l.Prefix()+"/", "/") // "" or "zh/"
	cat := catalog.Of(l)
	terms := glossaryTerms(b.root, l)
	byTopic := map[string]*components.RuleTopic{}
	var topics []*components.RuleTopic
	for _, r := range lint.Rules() {
		doc := ruleDoc(l, cat, r)
		doc.Terms = topicTerms(terms, r.Topic)
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
	if err := b.render(ctx, dir+"rules/index.html", components.RulesIndex(l, list, css, script)); err != nil {
		return err
	}
	return b.render(ctx, dir+"fields/index.html", components.FieldsPage(l, fieldObjects(l, cat, terms), css))
}

// ruleDoc is a rule's page in language l (cat is l's catalogue): its words
// from rule.Localized, the bad example's findings rendered in l.
func ruleDoc(l i18n.Lang, cat *i18n.Catalogue, rule *lint.Rule) components.RuleDoc {
	d := ruleExamples(l, cat, rule)
	d.Sections = sectionLinks(rule.Refs, d.Explanation, d.HowToFix, d.BasisNote, d.BadFindings)
	return d
}

// ruleExamples is the rule's words in l and its examples: the bad one's
// findings, both opened in the playground, and the diff between them.
func ruleExamples(l i18n.Lang, cat *i18n.Catalogue, rule *lint.Rule) components.RuleDoc {
	r := rule.Localized(cat)
	d := components.RuleDoc{
		Code: r.Code, Severity: r.Severity.String(), Topic: components.TopicTitle(l, r.Topic), TopicID: r.Topic, Title: r.Title,
		Explanation: r.Explanation, HowToFix: r.HowToFix, Spec: r.Spec,
		BasisKind: string(r.Basis.Kind), BasisLabel: r.Basis.Label, BasisNote: r.Basis.Note, Refs: refDocs(r.Refs),
		Bad: strings.TrimSpace(r.Bad), Good: strings.TrimSpace(r.Good),
		External: r.External,
	}
	if d.Topic == "" {
		d.Topic = r.Topic
	}
	if r.External {
		if d.Bad != "" && d.Good != "" {
			d.BadDiff, d.Fixed = exampleDiff(d.Bad, d.Good)
		}
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
	switch {
	case d.Good != "":
		d.BadDiff, d.Fixed = exampleDiff(d.Bad, d.Good)
	case d.Fragment:
		// The base card passes: the fix is the bad members put back as
		// the base card has them (or gone, when it has none of them).
		if fixed, ok := baseMembers(r.Bad); ok {
			d.BadDiff, d.Fixed = exampleDiff(d.Bad, pretty(fixed))
		}
	}
	return d
}

// sectionRef finds section references in prose: "§7.1", "§ 8.4.3",
// "RFC 8615 §3".
var sectionRef = regexp.MustCompile(`(?:RFC (\d+) )?§ ?([0-9A-Z]+(?:\.[0-9]+)*)`)

// sectionLinks cuts each text that cites a section ("§7.1") into pieces
// with the citation linked to the published section: the rule's own
// reference to it when it has one, else the section in the versions the
// rule cites (then 1.0, 0.3.0, 0.2.6), for an RFC its section. A citation
// that resolves to nothing known stays text.
func sectionLinks(refs []card.Ref, texts ...any) map[string][]components.TextPiece {
	versions := []string{}
	for _, r := range refs {
		if r.Doc == "A2A" {
			versions = append(versions, r.Version)
		}
	}
	versions = append(versions, card.Spec10, card.Spec030, card.Spec026)
	resolve := func(rfc, section string) string {
		if rfc != "" {
			n, _ := strconv.Atoi(rfc)
			return card.RFCRef(n, section).URL
		}
		for _, r := range refs {
			if r.Doc == "A2A" && r.Section == section {
				return r.URL
			}
		}
		for _, v := range versions {
			if _, _, ok := card.SpecSectionKnown(v, section); ok {
				return card.SpecRef(v, section).URL
			}
		}
		return ""
	}
	out := map[string][]components.TextPiece{}
	add := func(s string) {
		ms := sectionRef.FindAllStringSubmatchIndex(s, -1)
		if len(ms) == 0 {
			return
		}
		var pieces []components.TextPiece
		last := 0
		for _, m := range ms {
			rfc := ""
			if m[2] >= 0 {
				rfc = s[m[2]:m[3]]
			}
			href := resolve(rfc, strings.TrimRight(s[m[4]:m[5]], "."))
			if href == "" {
				continue
			}
			if m[0] > last {
				pieces = append(pieces, components.TextPiece{Text: s[last:m[0]]})
			}
			pieces = append(pieces, components.TextPiece{Text: s[m[0]:m[1]], Href: href})
			last = m[1]
		}
		if len(pieces) == 0 {
			return
		}
		if last < len(s) {
			pieces = append(pieces, components.TextPiece{Text: s[last:]})
		}
		out[s] = pieces
	}
	for _, t := range texts {
		switch t := t.(type) {
		case string:
			add(t)
		case []string:
			for _, s := range t {
				add(s)
			}
		}
	}
	return out
}

// baseMembers is a fragment example's members as the base card the
// example extends has them: the same keys with the base card's values,
// leaving out keys the base card does not have.
func baseMembers(example string) (string, bool) {
	frag := jsonpos.Parse([]byte("{"+example+"}"), jsonpos.Options{})
	if frag.Root == nil || len(frag.Problems) > 0 {
		return "", false
	}
	src := lint.BaseCard
	if frag.Root.Has("url") && !frag.Root.Has("supportedInterfaces") {
		src = lint.BaseLegacyCard
	}
	base := jsonpos.Parse([]byte(src), jsonpos.Options{})
	var members []string
	for _, m := range frag.Root.Children {
		if v := base.Root.Get(m.Key); v != nil {
			members = append(members, strconv.Quote(m.Key)+": "+string(base.Src[v.Start:v.End]))
		}
	}
	return strings.Join(members, ",\n"), true
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

// fieldObjects is the field catalogue in l (cat is l's catalogue), one
// entry per object type: its fields with their types in words, whether
// each version requires them, a short example built from the fields, and
// the sections that define it. terms are l's glossary entries; each is
// linked from the first field it is about.
func fieldObjects(l i18n.Lang, cat *i18n.Catalogue, terms map[string]string) []components.FieldObject {
	var out []components.FieldObject
	idx := map[string]int{}
	linked := map[string]bool{}
	for _, field := range card.Fields() {
		f := field.Localized(cat)
		i, ok := idx[f.Object]
		if !ok {
			i = len(out)
			idx[f.Object] = i
			out = append(out, components.FieldObject{Name: f.Object, Legacy: objectEras(f.Object)&card.V10 == 0,
				Example: objectExample(f.Object), Refs: objectRefDocs(f.Object)})
		}
		// The object's own sections are shown once, above its fields;
		// a field lists only the sections that say more about it.
		var refs []card.Ref
		for _, r := range f.Refs {
			if !hasRefDoc(out[i].Refs, r) {
				refs = append(refs, r)
			}
		}
		fd := components.FieldDoc{
			Object: f.Object, Name: f.Name, Type: f.Type, TypeWords: components.TypeWords(l, f.Type),
			Eras: eraList(l, f.In), Since: f.Since, Removed: f.Removed, Doc: f.Doc, Spec: f.Spec,
			// "supportedInterfaces[].protocolVersion": every entry's, written
			// as JSONPath writes it, so no Go-looking "[]" reaches the page.
			Replacement: replacementWords(cat, f),
			Refs:        refDocs(refs), Format: f.Format, Values: f.Values, Required: presence(l, cat, f),
		}
		if f.Format != "" && cat.Has("ui.ref.format."+f.Format) {
			fd.FormatWords = cat.S("ui.ref.format." + f.Format)
		}
		for _, p := range fd.TypeWords {
			if p.Object != "" {
				fd.TypeRef = p.Object
			}
		}
		if id := fieldTerms[card.FieldKey(f.Object, f.Name)]; id != "" && !linked[id] && terms[id] != "" {
			linked[id] = true
			fd.Term = &components.Term{ID: id, Title: terms[id]}
		}
		out[i].Fields = append(out[i].Fields, fd)
	}
	return out
}

// eraOrder is the card format's versions, newest first, as the pages
// list them.
var eraOrder = []struct {
	set  card.Eras
	name string
}{{card.V10, "1.0"}, {card.V03, "0.3"}, {card.V02, "0.2"}}

// eraList is a set of versions, newest first, joined the way l lists
// short items ("1.0, 0.3"; "1.0、0.3").
func eraList(l i18n.Lang, e card.Eras) string {
	var names []string
	for _, x := range eraOrder {
		if e&x.set != 0 {
			names = append(names, x.name)
		}
	}
	sep := ", "
	if l == i18n.Chinese {
		sep = "、"
	}
	return strings.Join(names, sep)
}

// presence says, in l, whether a field must be there in each version that
// has it: "required", "optional", or per version when they differ
// ("required in 0.3, 0.2; optional in 1.0").
func presence(l i18n.Lang, cat *i18n.Catalogue, f card.Field) string {
	req, opt := f.In&f.Required, f.In&^f.Required
	switch {
	case opt == 0:
		return cat.S("ui.fields.presence.required")
	case req == 0 && f.Optional:
		return cat.S("ui.fields.presence.optionalExplicit")
	case req == 0:
		return cat.S("ui.fields.presence.optional")
	}
	r := cat.Sprintf("ui.fields.presence.requiredIn", eraList(l, req))
	o := cat.Sprintf("ui.ref.presence.optionalIn", eraList(l, opt))
	if req&card.V10 == 0 { // the current version first
		r, o = o, r
	}
	// Punctuation between the two, not words: not a catalogue entry.
	if l == i18n.Chinese {
		return r + "；" + o
	}
	return r + "; " + o
}

// objectEras is the versions that have any field of object.
func objectEras(object string) card.Eras {
	var e card.Eras
	for _, f := range card.ObjectFields(object) {
		e |= f.In
	}
	return e
}

// objectRefDocs are the sections that define object in each version: the
// references its fields share, once each.
func objectRefDocs(object string) []components.RefDoc {
	var out []components.RefDoc
	seen := map[string]bool{}
	fields := card.ObjectFields(object)
	for _, f := range fields {
		for _, r := range f.Refs {
			if seen[r.URL] {
				continue
			}
			shared := true
			for _, g := range fields {
				if g.In&f.In != 0 && !hasRef(g.Refs, r) && g.In&eraOfRef(r) != 0 {
					shared = false
					break
				}
			}
			if shared {
				seen[r.URL] = true
				out = append(out, components.RefDoc{Text: r.String(), URL: r.URL})
			}
		}
	}
	return out
}

func hasRefDoc(refs []components.RefDoc, r card.Ref) bool {
	for _, x := range refs {
		if x.URL == r.URL {
			return true
		}
	}
	return false
}

func hasRef(refs []card.Ref, r card.Ref) bool {
	for _, x := range refs {
		if x.URL == r.URL {
			return true
		}
	}
	return false
}

// eraOfRef is the card version a reference's specification defines.
func eraOfRef(r card.Ref) card.Eras {
	switch {
	case r.Doc != "A2A":
		return 0
	case strings.HasPrefix(r.Version, "1."):
		return card.V10
	case strings.HasPrefix(r.Version, "0.3"):
		return card.V03
	case strings.HasPrefix(r.Version, "0.2"):
		return card.V02
	}
	return 0
}

// fieldTerms names the glossary entry each field is the home of; the
// fields page links the entry from the first of them.
var fieldTerms = map[string]string{
	"field.AgentCard.supportedInterfaces":       "interface",
	"field.AgentCard.provider":                  "provider",
	"field.AgentCard.capabilities":              "capability",
	"field.AgentCard.securitySchemes":           "security-scheme",
	"field.AgentCard.securityRequirements":      "security-requirement",
	"field.AgentCard.defaultInputModes":         "media-type",
	"field.AgentCard.skills":                    "skill",
	"field.AgentCard.signatures":                "signature",
	"field.AgentInterface.url":                  "endpoint",
	"field.AgentInterface.protocolBinding":      "binding",
	"field.AgentInterface.protocolVersion":      "protocol-version",
	"field.AgentInterface.tenant":               "tenant",
	"field.AgentCapabilities.extensions":        "extension",
	"field.AgentCapabilities.extendedAgentCard": "extended-card",
	"field.AgentCardSignature.protected":        "jws",
}

// topicTermIDs are the glossary entries each rule topic is about; every
// rule page of the topic links them.
var topicTermIDs = map[string][]string{
	"structure":    {"field", "required", "era"},
	"identity":     {"agent-card", "provider"},
	"interfaces":   {"interface", "binding", "protocol-version", "tenant", "preference-order"},
	"legacy":       {"era", "legacy-card", "mixed-card", "migration"},
	"capabilities": {"capability", "extension", "extended-card"},
	"modes":        {"media-type"},
	"skills":       {"skill"},
	"security":     {"security-scheme", "security-requirement", "credential"},
	"signatures":   {"signature", "jws", "canonicalization"},
	"http":         {"discovery", "well-known-uri", "caching-headers", "a2a-version-header"},
}

func topicTerms(terms map[string]string, topic string) []components.Term {
	var out []components.Term
	for _, id := range topicTermIDs[topic] {
		if terms[id] != "" {
			out = append(out, components.Term{ID: id, Title: terms[id]})
		}
	}
	return out
}

// glossaryNameLine is a glossary entry's heading: "## Tenant {#tenant}".
var glossaryNameLine = regexp.MustCompile(`(?m)^##\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$`)

// glossaryTerms reads the names of l's glossary entries (id -> name) from
// site/learn/<en|zh>/glossary.md, the page the course builds at
// /learn/glossary/. A name's bracketed aside ("Service URL (endpoint)",
// "租户（tenant）") is left out of link text. No file: no entries, so no
// links to a page that would not exist.
func glossaryTerms(root string, l i18n.Lang) map[string]string {
	dir := "en"
	if l == i18n.Chinese {
		dir = "zh"
	}
	data, err := os.ReadFile(filepath.Join(root, "site", "learn", dir, "glossary.md"))
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, m := range glossaryNameLine.FindAllStringSubmatch(string(data), -1) {
		name := m[1]
		for _, open := range []string{"（", " ("} {
			if i := strings.Index(name, open); i > 0 {
				name = name[:i]
			}
		}
		out[m[2]] = strings.TrimSpace(name)
	}
	return out
}

// sampleStrings are the values the object examples use for string
// fields, by field key; fields not listed use their first known value or
// a value of their format.
var sampleStrings = map[string]string{
	"AgentCard.name":                               "Recipe Finder",
	"AgentCard.description":                        "Finds recipes for the ingredients you have and returns them with a shopping list.",
	"AgentCard.version":                            "2.1.0",
	"AgentCard.protocolVersion":                    "0.3.0",
	"AgentCard.url":                                "https://recipes.example.com/a2a",
	"AgentCard.defaultOutputModes":                 "application/json",
	"AgentInterface.url":                           "https://recipes.example.com/a2a",
	"AgentProvider.organization":                   "Example Foods Ltd",
	"AgentProvider.url":                            "https://foods.example.com",
	"AgentExtension.uri":                           "https://foods.example.com/extensions/timing/v1",
	"AgentSkill.id":                                "find-recipes",
	"AgentSkill.name":                              "Find recipes",
	"AgentSkill.description":                       "Finds recipes that use the given ingredients and fit the given diet.",
	"AgentSkill.tags":                              "recipes",
	"AgentCardSignature.protected":                 "eyJhbGciOiJFUzI1NiIsImtpZCI6ImtleS0xIn0",
	"AgentCardSignature.signature":                 "MEUCIQDx3xU4m2rY",
	"APIKeySecurityScheme.name":                    "X-API-Key",
	"AuthorizationCodeOAuthFlow.authorizationUrl":  "https://auth.example.com/authorize",
	"ImplicitOAuthFlow.authorizationUrl":           "https://auth.example.com/authorize",
	"DeviceCodeOAuthFlow.deviceAuthorizationUrl":   "https://auth.example.com/device",
	"OpenIdConnectSecurityScheme.openIdConnectUrl": "https://auth.example.com/.well-known/openid-configuration",
	"MutualTlsSecurityScheme.description":          "Client certificates issued by our partner CA.",
	"LegacySecurityScheme.type":                    "http",
	"StringList.list":                              "recipes:read",
}

// sampleKeys are the member names the examples give map-valued fields.
var sampleKeys = map[string]string{
	"AgentCard.securitySchemes":   "oauth",
	"SecurityRequirement.schemes": "oauth",
}

// objectExample is a short JSON example of object built from the field
// catalogue: the fields its newest version requires (its first field
// when it requires none), with sample values, nested objects built the
// same way.
func objectExample(object string) string {
	raw := exampleValue(object, "", "", 0)
	out, err := format.Format([]byte(raw))
	if err != nil {
		return raw
	}
	return strings.TrimSpace(string(out))
}

// exampleValue is a JSON value of type typ for the field key (Object.name).
func exampleValue(typ, key, fmtName string, depth int) string {
	switch {
	case typ == "string":
		return strconv.Quote(sampleString(key, fmtName))
	case typ == "boolean":
		return "true"
	case typ == "object":
		return "{}"
	case strings.HasPrefix(typ, "[]"):
		return "[" + exampleValue(typ[2:], key, fmtName, depth) + "]"
	case strings.HasPrefix(typ, "map["):
		k := sampleKeys[key]
		if k == "" {
			k = "recipes:read"
		}
		inner := typ[4 : len(typ)-1]
		v := exampleValue(inner, key, fmtName, depth)
		if inner == "string" {
			v = strconv.Quote("Read recipes")
		}
		return "{" + strconv.Quote(k) + ": " + v + "}"
	}
	if depth > 3 {
		return "{}"
	}
	era := card.V10
	if objectEras(typ)&card.V10 == 0 {
		era = card.V03
	}
	var members []string
	fields := card.ObjectFields(typ)
	for _, f := range fields {
		if f.In&era != 0 && f.Required&era != 0 {
			members = append(members, strconv.Quote(f.Name)+": "+exampleValue(f.Type, typ+"."+f.Name, f.Format, depth+1))
		}
	}
	if len(members) == 0 {
		for _, f := range fields {
			if f.In&era != 0 {
				members = append(members, strconv.Quote(f.Name)+": "+exampleValue(f.Type, typ+"."+f.Name, f.Format, depth+1))
				break
			}
		}
	}
	return "{" + strings.Join(members, ", ") + "}"
}

func sampleString(key, fmtName string) string {
	if s, ok := sampleStrings[key]; ok {
		return s
	}
	object, name, _ := strings.Cut(key, ".")
	if f := card.LookupAny(object, name); f != nil && len(f.Values) > 0 {
		return f.Values[0]
	}
	switch fmtName {
	case "url":
		return "https://auth.example.com/token"
	case "uri":
		return "https://foods.example.com/spec"
	}
	return "…"
}

// exampleDiff cuts a rule's bad and good examples into pieces against each
// other (a diff over tokens: words and single punctuation; white space
// never counts as a change, since the examples are laid out differently
// when one of them is not JSON), so the page can show what the fix removes
// from the bad one and what it adds in the good one. The good one's
// pieces keep its text whole, plus the removed text, marked, where
// something was only removed.
func exampleDiff(bad, good string) (badPieces, goodPieces []components.DiffPiece) {
	a, b := tokens(bad), tokens(good)
	// Layout is white space outside strings; inside a string it is text
	// ("https://x.example/docs " has a space the fix removes).
	words := func(ts []string) (idx []int, ws []string) {
		inString := false
		for i, t := range ts {
			if t == `"` && (i == 0 || ts[i-1] != `\`) {
				inString = !inString
			}
			if inString || strings.TrimSpace(t) != "" {
				idx = append(idx, i)
				ws = append(ws, t)
			}
		}
		return idx, ws
	}
	ai, aw := words(a)
	bi, bw := words(b)
	removed := make([]bool, len(a))
	added := make([]bool, len(b))
	before := map[int]string{} // removed text shown before good token i (len(b): at the end)
	// Removed text that starts with a separator (", \"tenant\": …") is
	// shown right after the good token it followed, so that the comma
	// stays at the end of its line instead of on a line of its own.
	after := map[int]string{}
	for _, op := range difflib.NewMatcherWithJunk(aw, bw, false, nil).GetOpCodes() {
		for k := op.I1; k < op.I2 && op.Tag != 'e'; k++ {
			removed[ai[k]] = true
		}
		for k := op.J1; k < op.J2 && op.Tag != 'e'; k++ {
			added[bi[k]] = true
		}
		if op.Tag == 'd' {
			text := strings.Join(a[ai[op.I1]:ai[op.I2-1]+1], "")
			if op.J1 > 0 && (aw[op.I1] == "," || aw[op.I1] == ":") {
				after[bi[op.J1-1]] += text
				continue
			}
			at := len(b)
			if op.J1 < len(bi) {
				at = bi[op.J1]
			}
			before[at] += text
		}
	}
	// White space between two changed tokens is part of the change.
	spread := func(ts []string, marks []bool) {
		for i := 1; i+1 < len(ts); i++ {
			if strings.TrimSpace(ts[i]) == "" && marks[i-1] && marks[i+1] {
				marks[i] = true
			}
		}
	}
	spread(a, removed)
	spread(b, added)
	add := func(pieces *[]components.DiffPiece, text, op string) {
		if text == "" {
			return
		}
		if op != "" { // a removed BOM would be an empty mark
			text = strings.ReplaceAll(text, "\uFEFF", "<BOM>")
		}
		if n := len(*pieces); n > 0 && (*pieces)[n-1].Op == op {
			(*pieces)[n-1].Text += text
			return
		}
		*pieces = append(*pieces, components.DiffPiece{Text: text, Op: op})
	}
	for i, t := range a {
		op := ""
		if removed[i] {
			op = "del"
		}
		add(&badPieces, t, op)
	}
	for i := 0; i <= len(b); i++ {
		add(&goodPieces, before[i], "del")
		if i == len(b) {
			break
		}
		op := ""
		if added[i] {
			op = "ins"
		}
		add(&goodPieces, b[i], op)
		add(&goodPieces, after[i], "del")
	}
	return badPieces, goodPieces
}

// tokens cuts text into words (letters, digits, _), runs of white space
// and single other characters.
func tokens(s string) []string {
	var out []string
	kind := func(r rune) int {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			return 1
		case unicode.IsSpace(r):
			return 2
		}
		return 0
	}
	start := 0
	rs := []rune(s)
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || kind(rs[i]) == 0 || kind(rs[i]) != kind(rs[i-1]) {
			out = append(out, string(rs[start:i]))
			start = i
		}
	}
	return out
}

// refDocs turns catalogue references into the links the learn pages show.
func refDocs(refs []card.Ref) []components.RefDoc {
	out := make([]components.RefDoc, 0, len(refs))
	for _, r := range refs {
		out = append(out, components.RefDoc{Text: r.String(), URL: r.URL})
	}
	return out
}

// replacementWords is what replaces a legacy field in the page's language:
// a path written as JSONPath writes it ("supportedInterfaces[*].url"), so
// no Go-looking "[]" reaches the page, or the replacement's own words.
func replacementWords(cat *i18n.Catalogue, f card.Field) string {
	switch r := f.ReplacementText().(type) {
	case i18n.Phrase:
		return cat.S(string(r))
	case string:
		return strings.ReplaceAll(r, "[]", "[*]")
	}
	return ""
}
