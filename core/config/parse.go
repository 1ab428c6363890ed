package config

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Error is one problem of a configuration: where it is (Line and Column
// are 1-based; 0 when unknown) and what, as a catalogue message.
type Error struct {
	File         string
	Line, Column int
	Text         i18n.Text
}

// Error renders the problem in English as file:line:column: message.
func (e *Error) Error() string { return e.Message(i18n.EnglishCatalogue()) }

// Message renders the problem in cat's language, prefixed with its place.
func (e *Error) Message(cat *i18n.Catalogue) string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
			if e.Column > 0 {
				b.WriteString(":" + strconv.Itoa(e.Column))
			}
		}
		b.WriteString(": ")
	}
	b.WriteString(cat.Render(e.Text))
	return b.String()
}

// Errors are every problem found in one configuration, in file order.
type Errors []*Error

// Error renders every problem in English, one per line.
func (es Errors) Error() string { return es.Message(i18n.EnglishCatalogue()) }

// Message renders every problem in cat's language, one per line.
func (es Errors) Message(cat *i18n.Catalogue) string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Message(cat)
	}
	return strings.Join(lines, "\n")
}

// maxErrors bounds the problems reported for one file: a pasted card or a
// file of thousands of rules gets a readable answer.
const maxErrors = 20

func (es *Errors) add(p pos, id string, args ...any) {
	if len(*es) < maxErrors {
		*es = append(*es, &Error{Line: p.line, Column: p.col, Text: i18n.T(id, args...)})
	}
}

type pos struct{ line, col int }

type kind uint8

const (
	kMap kind = iota + 1
	kList
	kString
	kScalar // a number, boolean or null: never a valid setting here
)

// value is a configuration document read from YAML or JSON, with the
// position of every key and value, so that one validator serves both.
type value struct {
	kind kind
	pos
	str   string   // scalar text
	keys  []*value // map keys, with their positions
	vals  []*value // map values, parallel to keys
	items []*value // list elements
}

// yamlLine reads the line out of the YAML library's syntax errors
// ("yaml: line 3: did not find expected key").
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })

// yamlProblemLine finds the line a YAML syntax error is on. The library
// names the line before the block that holds the problem (for a mapping
// broken on line 8 that starts on line 5, "line 4"), which sends the
// reader to the wrong place. The problem is on the last line of the
// shortest run of leading lines that fails with the same error (msg,
// without its line) as the whole document. Only small documents are
// searched, each prefix parsed once (a real configuration is a few dozen
// lines); for others the library's line stands.
func yamlProblemLine(data []byte, msg string) (int, bool) {
	const maxLines, maxSize = 256, 32 << 10
	if len(data) > maxSize {
		return 0, false
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) > maxLines {
		return 0, false
	}
	end := 0
	for k, l := range lines {
		end += len(l)
		var n yaml.Node
		err := yaml.Unmarshal(data[:end], &n)
		if err == nil {
			continue
		}
		m := strings.TrimPrefix(err.Error(), "yaml: ")
		if sm := yamlLine().FindStringSubmatch(err.Error()); sm != nil {
			m = sm[2]
		}
		if m == msg {
			return k + 1, true
		}
	}
	return 0, false
}

func parseYAML(data []byte) (*value, Errors) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		var errs Errors
		msg := err.Error()
		line := 0
		if m := yamlLine().FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		} else {
			msg = strings.TrimPrefix(msg, "yaml: ")
		}
		if l, ok := yamlProblemLine(data, msg); ok {
			line = l
		}
		errs.add(pos{line, 0}, "cli.config.yaml", msg)
		return nil, errs
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return &value{kind: kMap, pos: pos{1, 1}}, nil // an empty file
	}
	if top := doc.Content[0]; top.Kind == yaml.ScalarNode && top.ShortTag() == "!!null" {
		return &value{kind: kMap, pos: pos{top.Line, top.Column}}, nil // only comments, or ~
	}
	var errs Errors
	budget := maxNodes
	v := fromYAML(doc.Content[0], &errs, &budget, 0)
	if budget < 0 {
		errs = Errors{{Line: 1, Column: 1, Text: i18n.T("cli.config.too-complex", maxNodes)}}
	}
	return v, errs
}

// maxNodes bounds the values read from one YAML file. Aliases are
// expanded while reading, so a small hostile file (aliases of aliases of
// lists) could otherwise stand for billions of values; a real
// configuration has a few hundred at most.
const maxNodes = 100_000

func fromYAML(n *yaml.Node, errs *Errors, budget *int, depth int) *value {
	for n.Kind == yaml.AliasNode && n.Alias != nil && depth < 64 {
		n = n.Alias
		depth++
	}
	v := &value{pos: pos{n.Line, n.Column}}
	*budget--
	if depth >= 64 || *budget < 0 {
		v.kind = kScalar
		return v
	}
	switch n.Kind {
	case yaml.MappingNode:
		v.kind = kMap
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := fromYAML(n.Content[i], errs, budget, depth+1)
			if first, dup := seen[k.str]; dup && k.kind == kString {
				errs.add(k.pos, "cli.config.duplicate-key", quote(k.str), first)
				continue
			}
			seen[k.str] = k.line
			v.keys = append(v.keys, k)
			v.vals = append(v.vals, fromYAML(n.Content[i+1], errs, budget, depth+1))
		}
	case yaml.SequenceNode:
		v.kind = kList
		for _, c := range n.Content {
			v.items = append(v.items, fromYAML(c, errs, budget, depth+1))
		}
	case yaml.ScalarNode:
		v.str = n.Value
		v.kind = kScalar
		if n.Tag == "!!str" || n.ShortTag() == "!!str" {
			v.kind = kString
		}
	default:
		v.kind = kScalar
	}
	return v
}

// parseJSON reads a .json configuration with the engine's own parser, so
// syntax errors are the parser's catalogue messages, with their place
// (duplicate keys included).
func parseJSON(data []byte) (*value, Errors) {
	doc := jsonpos.Parse(data, jsonpos.Options{})
	if len(doc.Problems) > 0 || doc.Root == nil {
		var errs Errors
		for _, p := range doc.Problems {
			at := doc.Pos(p.Start)
			errs = append(errs, &Error{Line: at.Line, Column: at.Column, Text: p.Text})
			if len(errs) == maxErrors {
				break
			}
		}
		if len(errs) == 0 {
			errs.add(pos{1, 1}, "cli.config.empty-json")
		}
		return nil, errs
	}
	return fromJSON(doc, doc.Root), nil
}

func fromJSON(doc *jsonpos.Doc, n *jsonpos.Node) *value {
	at := doc.Pos(n.Start)
	v := &value{pos: pos{at.Line, at.Column}}
	switch n.Kind {
	case jsonpos.Object:
		v.kind = kMap
		for _, m := range n.Children {
			k := doc.Pos(m.KeyStart)
			v.keys = append(v.keys, &value{kind: kString, pos: pos{k.Line, k.Column}, str: m.Key})
			v.vals = append(v.vals, fromJSON(doc, m))
		}
	case jsonpos.Array:
		v.kind = kList
		for _, e := range n.Children {
			v.items = append(v.items, fromJSON(doc, e))
		}
	case jsonpos.String:
		v.kind, v.str = kString, n.Str
	default:
		v.kind = kScalar
		v.str = string(doc.Src[n.Start:n.End])
	}
	return v
}

// keys are the top-level keys a configuration may have.
var keys = []string{"rules", "ignore", "include", "profile"}

// isNull reports a null value: YAML's empty value, ~ or null (JSON null).
func isNull(v *value) bool {
	return v.kind == kScalar && (v.str == "" || v.str == "~" || strings.EqualFold(v.str, "null"))
}

// ignoreKeys are the keys of an ignore entry written as a mapping.
var ignoreKeys = []string{"pointer", "rule", "file"}

// read validates the document and fills c.
func (c *Config) read(root *value, rules *diag.Registry) Errors {
	var errs Errors
	if root.kind != kMap {
		errs.add(root.pos, "cli.config.not-mapping")
		return errs
	}
	for i, k := range root.keys {
		v := root.vals[i]
		if isNull(v) && (k.str == "rules" || k.str == "ignore" || k.str == "include") {
			// "rules:" with only commented examples under it, as init
			// writes it: the section is empty
			continue
		}
		switch k.str {
		case "rules":
			c.readRules(&errs, v, rules)
		case "ignore":
			c.readIgnore(&errs, v, rules)
		case "include":
			c.Include = readGlobs(&errs, v, "cli.config.include-not-list")
		case "profile":
			if v.kind != kString {
				errs.add(v.pos, "cli.config.profile", quote(v.str), profileList())
				continue
			}
			if p, ok := checkProfile(&errs, v.pos, v.str); ok {
				c.Profile = p
			}
		default:
			if s := card.Closest(k.str, keys); s != "" {
				errs.add(k.pos, "cli.config.unknown-key.suggest", quote(k.str), s)
			} else {
				errs.add(k.pos, "cli.config.unknown-key", quote(k.str), strings.Join(keys, ", "))
			}
		}
	}
	return errs
}

func (c *Config) readRules(errs *Errors, v *value, rules *diag.Registry) {
	if v.kind != kMap {
		errs.add(v.pos, "cli.config.rules-not-mapping", levelList())
		return
	}
	for i, k := range v.keys {
		val := v.vals[i]
		p := val.pos
		if val.kind == kMap || val.kind == kList {
			errs.add(p, "cli.config.level", jsonpos.Clip(k.str, jsonpos.MaxQuoted), quote(""), levelList())
			continue
		}
		if l, ok := checkRule(errs, rules, k.pos, k.str, val.str, p); ok {
			if c.Rules == nil {
				c.Rules = map[string]Level{}
			}
			c.Rules[k.str] = l
		}
	}
}

func (c *Config) readIgnore(errs *Errors, v *value, rules *diag.Registry) {
	if v.kind == kString { // one pattern written without a list
		v = &value{kind: kList, pos: v.pos, items: []*value{v}}
	}
	if v.kind != kList {
		errs.add(v.pos, "cli.config.ignore-not-list")
		return
	}
	for _, it := range v.items {
		if it.kind == kMap {
			if f, ok := readFindingIgnore(errs, it, rules); ok {
				c.IgnoreFindings = append(c.IgnoreFindings, f)
			}
			continue
		}
		if it.kind != kString || it.str == "" {
			errs.add(it.pos, "cli.config.ignore-not-list")
			continue
		}
		if !doublestar.ValidatePattern(it.str) {
			errs.add(it.pos, "cli.config.bad-glob", quote(it.str))
			continue
		}
		c.Ignore = append(c.Ignore, it.str)
	}
}

// readGlobs reads a list of glob patterns (or one pattern).
func readGlobs(errs *Errors, v *value, notList string) []string {
	if v.kind == kString {
		v = &value{kind: kList, pos: v.pos, items: []*value{v}}
	}
	if v.kind != kList {
		errs.add(v.pos, notList)
		return nil
	}
	var out []string
	for _, it := range v.items {
		if it.kind != kString || it.str == "" {
			errs.add(it.pos, notList)
			continue
		}
		if !doublestar.ValidatePattern(it.str) {
			errs.add(it.pos, "cli.config.bad-glob", quote(it.str))
			continue
		}
		out = append(out, it.str)
	}
	return out
}

// readFindingIgnore reads {pointer: /skills/3/examples, rule: CODE,
// file: GLOB}: at least a pointer or a rule, a pointer as RFC 6901 writes
// one, a rule code that exists.
func readFindingIgnore(errs *Errors, v *value, rules *diag.Registry) (FindingIgnore, bool) {
	f := FindingIgnore{Line: v.line}
	ok := true
	for i, k := range v.keys {
		val := v.vals[i]
		if val.kind != kString {
			errs.add(val.pos, "cli.config.ignore-value", quote(k.str))
			ok = false
			continue
		}
		switch k.str {
		case "pointer":
			if val.str != "" && !strings.HasPrefix(val.str, "/") || strings.Contains(strings.ReplaceAll(strings.ReplaceAll(val.str, "~0", ""), "~1", ""), "~") {
				errs.add(val.pos, "cli.config.ignore-pointer", quote(val.str))
				ok = false
				continue
			}
			f.Pointer = val.str
		case "rule":
			if rules.Rule(val.str) == nil {
				if s := card.Closest(val.str, ruleCodes(rules)); s != "" {
					errs.add(val.pos, "cli.config.unknown-rule.suggest", quote(val.str), s)
				} else {
					errs.add(val.pos, "cli.config.unknown-rule", quote(val.str))
				}
				ok = false
				continue
			}
			f.Rule = val.str
		case "file":
			if !doublestar.ValidatePattern(val.str) {
				errs.add(val.pos, "cli.config.bad-glob", quote(val.str))
				ok = false
				continue
			}
			f.File = val.str
		default:
			if s := card.Closest(k.str, ignoreKeys); s != "" {
				errs.add(k.pos, "cli.config.unknown-key.suggest", quote(k.str), s)
			} else {
				errs.add(k.pos, "cli.config.unknown-key", quote(k.str), strings.Join(ignoreKeys, ", "))
			}
			ok = false
		}
	}
	if ok && f.Pointer == "" && f.Rule == "" {
		errs.add(v.pos, "cli.config.ignore-empty")
		ok = false
	}
	return f, ok
}

// checkRule validates a rule code against the catalogue and its level;
// levelAt is where the level is written (the code's place when omitted).
func checkRule(errs *Errors, rules *diag.Registry, at pos, code, level string, levelAt ...pos) (Level, bool) {
	lp := at
	if len(levelAt) > 0 {
		lp = levelAt[0]
	}
	ok := true
	if rules.Rule(code) == nil {
		ok = false
		if s := card.Closest(code, ruleCodes(rules)); s != "" {
			errs.add(at, "cli.config.unknown-rule.suggest", quote(code), s)
		} else {
			errs.add(at, "cli.config.unknown-rule", quote(code))
		}
	}
	for _, l := range Levels {
		if string(l) == level {
			if ok && l != LevelError && NotJSON(code) {
				errs.add(lp, "cli.config.not-json-rule", code, level)
				return "", false
			}
			return l, ok
		}
	}
	errs.add(lp, "cli.config.level", jsonpos.Clip(code, jsonpos.MaxQuoted), quote(level), levelList())
	return "", false
}

// readable are the parser's findings that leave a document every JSON
// reader still reads (the last duplicate wins, a bad byte becomes U+FFFD)
// or that are the checker's own limits (size, depth): they can be set
// like any rule.
var readable = map[string]bool{
	jsonpos.CodeDuplicateKey: true, jsonpos.CodeInvalidUTF8: true,
	jsonpos.CodeTooLarge: true, jsonpos.CodeTooDeep: true, jsonpos.CodeCapped: true,
}

// NotJSON reports whether a rule's findings mean the text is not JSON at
// all (a comment, a trailing comma, a BOM, …): no JSON reader, and so no
// client, accepts such a document, so a configuration can neither turn
// the rule off nor lower it below error. Otherwise a card no client can
// read would pass the check.
func NotJSON(code string) bool {
	by, _, ok := diag.CheckedElsewhere(code)
	return ok && by == diag.ByParser && !readable[code]
}

func checkProfile(errs *Errors, at pos, s string) (Profile, bool) {
	for _, p := range Profiles {
		if string(p) == s {
			return p, true
		}
	}
	errs.add(at, "cli.config.profile", quote(s), profileList())
	return "", false
}

func ruleCodes(rules *diag.Registry) []string {
	all := rules.Rules()
	codes := make([]string, len(all))
	for i, r := range all {
		codes[i] = r.Code
	}
	return codes
}

func levelList() string {
	s := make([]string, len(Levels))
	for i, l := range Levels {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

func profileList() string {
	s := make([]string, len(Profiles))
	for i, p := range Profiles {
		s[i] = string(p)
	}
	return strings.Join(s, ", ")
}

// quote shows a value from the file as a clipped JSON string literal, the
// way the engine quotes values in every message.
func quote(s string) string { return jsonpos.QuoteClipped(s) }
