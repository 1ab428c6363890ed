package components

// View models of the learn pages, filled by scripts/buildsite from the
// rule and field catalogues (core/lint, core/card): the pages show the same
// data the linter runs on.

import (
	"strings"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// RuleDoc is one rule on the learn site.
type RuleDoc struct {
	Code, Severity, Topic, Title string
	TopicID                      string // the topic's code ("interfaces"): the anchor of its group on /rules/
	Explanation, HowToFix, Spec  string
	// Basis is what the rule rests on: BasisKind is its code ("must",
	// "should", "sdk", "likely-failure", "advice", "tool-limit"),
	// BasisLabel its name, BasisNote the requirement or behaviour in one
	// sentence; Refs link to where it is written.
	BasisKind, BasisLabel, BasisNote string
	Refs                             []RefDoc
	Bad, Good                        string // examples as written in the catalogue
	Fragment                         bool   // examples are members added to a valid base card
	External                         bool   // examples describe an HTTP response, not card text
	BadFindings                      []string
	BadLink, GoodLink                string // the examples opened in the playground
	// BadDiff and Fixed are Bad and Good cut into stretches against each
	// other: what the fix removes is marked in BadDiff, what it adds (and
	// where it removed something) in Fixed. Empty when there is no Good.
	BadDiff, Fixed []DiffPiece
	// Terms are the glossary entries the rule's topic is about, linked
	// from the page.
	Terms []Term
	// Sections are the texts above with each section reference ("§7.1")
	// linked, keyed by the text; a text without one is printed as is.
	Sections map[string][]TextPiece
}

// TextPiece is a stretch of prose: text, or (Href set) a link.
type TextPiece struct{ Text, Href string }

// linked is s cut into pieces at its section references, when the view
// model has them.
func (r RuleDoc) linked(s string) []TextPiece {
	if p, ok := r.Sections[s]; ok {
		return p
	}
	return []TextPiece{{Text: s}}
}

// DiffPiece is a stretch of an example: unchanged (Op ""), added by the
// fix ("ins") or removed by it ("del").
type DiffPiece struct{ Text, Op string }

// Term is a glossary entry: its id (the anchor on /learn/glossary/) and
// its name in the page's language.
type Term struct{ ID, Title string }

// RuleTopic is a group of rules.
type RuleTopic struct {
	ID, Title string
	Rules     []RuleDoc
}

// FieldDoc is one field of one object type.
type FieldDoc struct {
	Object, Name, Type string
	// TypeWords is Type said as JSON people write it ("array of
	// AgentInterface objects"), from TypeWords.
	TypeWords             []TypePiece
	Required              string // "required", "required in 1.0; optional in 0.3", in the page's language
	Eras                  string // "1.0, 0.3"
	Since, Removed        string
	Replacement, Doc      string
	Spec, Format, TypeRef string // TypeRef: anchor of the value's object type, if any
	FormatWords           string // Format in words of the page's language
	Values                []string
	Refs                  []RefDoc
	Term                  *Term // the glossary entry about this field, on its first mention on the page
}

// RefDoc is one reference: its text ("A2A v1.0 §4.4.6 AgentInterface") and
// the address of the published text.
type RefDoc struct{ Text, URL string }

// FieldObject is one object type with its fields, a short example of it
// and the sections that define it.
type FieldObject struct {
	Name    string
	Legacy  bool   // only 0.2/0.3 cards have it
	Example string // a short JSON example built from the fields
	Refs    []RefDoc
	Fields  []FieldDoc
}

// RuleHref is the stable URL of a rule's page in language l; the report
// page, the playground and the CLI's docs link there.
func RuleHref(l i18n.Lang, code string) string { return lint.RulePathIn(langOf(l), code) }

// GlossaryHref is the glossary entry id in language l
// (/learn/glossary/#era, /zh/learn/glossary/#era): every page that prints
// a glossary term links its first mention there.
func GlossaryHref(l i18n.Lang, id string) string {
	return langOf(l).Prefix() + "/learn/glossary/#" + id
}

// FieldAnchor is a field's id on the fields page.
func FieldAnchor(object, name string) string { return object + "." + name }

// learnPage is a learn page in l at path (without the language prefix),
// linked to its twins in the other languages.
func learnPage(l i18n.Lang, title, desc, path string, css []string) Page {
	return Page{Lang: l, Title: title, Description: desc, Path: path, CSS: css, Alternates: SiteAlternates(path)}
}

// TypePiece is a stretch of a type said in words: text, or (Object set)
// the name of a catalogue object type, which the page links to its
// section.
type TypePiece struct{ Text, Object string }

// typeMark brackets an object type's name inside the words while they are
// put together; no catalogue text contains it.
const typeMark = "\x00"

// TypeWords says a field catalogue type expression ("string", "boolean",
// "object", an object type's name, "[]T", "map[T]") the way people describe
// JSON: "array of strings", "array of AgentInterface objects", "object
// whose values are SecurityScheme objects", "free-form object". The words
// come from the catalogue of l (ui.ref.type.*), so Chinese builds its own
// phrase; names of object types come out as separate pieces to be linked.
// An expression it cannot read comes back as one piece of text, as written.
func TypeWords(l i18n.Lang, expr string) []TypePiece {
	s, ok := typePhrase(l, expr, false)
	if !ok {
		return []TypePiece{{Text: expr}}
	}
	if langOf(l) == i18n.Chinese {
		s = spaceLatin(s)
	}
	var out []TypePiece
	for i, part := range strings.Split(s, typeMark) {
		switch {
		case i%2 == 1:
			out = append(out, TypePiece{Text: part, Object: part})
		case part != "":
			out = append(out, TypePiece{Text: part})
		}
	}
	return out
}

// TypeText is TypeWords as plain text.
func TypeText(l i18n.Lang, expr string) string {
	var b strings.Builder
	for _, p := range TypeWords(l, expr) {
		b.WriteString(p.Text)
	}
	return b.String()
}

// typePhrase is expr as a noun phrase, plural when many (the items of an
// array, the values of an object).
func typePhrase(l i18n.Lang, expr string, many bool) (string, bool) {
	id := func(kind string) string {
		if many {
			return "ui.ref.type." + kind + ".many"
		}
		return "ui.ref.type." + kind
	}
	switch {
	case expr == "string" || expr == "boolean" || expr == "object":
		return tr(l, id(expr)), true
	case strings.HasPrefix(expr, "[]"):
		inner, ok := typePhrase(l, expr[2:], true)
		return tr(l, id("array"), inner), ok
	case strings.HasPrefix(expr, "map[") && strings.HasSuffix(expr, "]"):
		inner, ok := typePhrase(l, expr[4:len(expr)-1], true)
		return tr(l, id("map"), inner), ok
	case isTypeName(expr):
		return tr(l, id("named"), typeMark+expr+typeMark), true
	}
	return "", false
}

func isTypeName(s string) bool {
	if s == "" || !unicode.IsUpper(rune(s[0])) {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// spaceLatin puts a space between Chinese and an adjoining Latin word or
// type name, as the site's Chinese is written ("值为 SecurityScheme 对象的对象"):
// the phrases nest, so the catalogue cannot know which side of %s needs one.
func spaceLatin(s string) string {
	latin := func(r rune) bool {
		return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || string(r) == typeMark
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			p := rs[i-1]
			if unicode.Is(unicode.Han, p) && latin(r) && (string(r) != typeMark || !inMark(rs, i)) ||
				latin(p) && unicode.Is(unicode.Han, r) && (string(p) != typeMark || inMark(rs, i-1)) {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// inMark says whether the mark at rs[i] closes a type name (an odd count
// of marks up to and including it would open one).
func inMark(rs []rune, i int) bool {
	n := 0
	for _, r := range rs[:i+1] {
		if string(r) == typeMark {
			n++
		}
	}
	return n%2 == 0
}

// rulesIndexPage is /rules/ in l, with its filter script.
func rulesIndexPage(l i18n.Lang, css []string, script string) Page {
	p := learnPage(l, tr(l, "ui.rules.title"), tr(l, "ui.rules.description"), "/rules/", css)
	if script != "" {
		p.Scripts = []string{script}
	}
	return p
}

func ruleCount(topics []RuleTopic) int {
	n := 0
	for _, t := range topics {
		n += len(t.Rules)
	}
	return n
}

// ruleSearchText is what the search box matches a rule against: its code
// and its title in the page's language, lower-cased (the script lowers
// the query the same way).
func ruleSearchText(r RuleDoc) string {
	return strings.ToLower(r.Code + " " + r.Title)
}

// aside is a short remark after a word, in l's brackets: " (an absolute
// URL)", "（绝对 URL）". Punctuation, not words: not a catalogue entry.
func aside(l i18n.Lang, s string) string {
	if langOf(l) == i18n.Chinese {
		return "（" + s + "）"
	}
	return " (" + s + ")"
}
