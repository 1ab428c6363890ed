// Package i18n holds the words the product shows people, in every
// language it speaks (English and Simplified Chinese), and the one
// function that turns a message id and its arguments into a sentence.
//
// Findings and fixes are data: a message id plus typed arguments (a field
// name, a value already quoted for display, a number, a Phrase). Wording
// lives in one catalogue per language, keyed by id, under catalog/<lang>/
// as flat JSON objects. English is always compiled in (it is the fallback);
// other languages are loaded by the programs that need them (the CLI and
// the Worker embed them, the playground fetches only the reader's).
//
// Ids are dotted: "msg.<name>" for findings, "fix.<name>" for fix titles,
// "related.<name>" for labels of related places, "phrase.<name>" for words
// used inside other messages, "ui.<page>.<name>" for interface text,
// "cli.<name>" for the command line, "rule.<code>.<part>" and
// "field.<Object>.<name>" for the rule and field catalogues (whose English
// lives beside the Go data in core/lint and core/card).
//
// Formats are fmt verbs; a translation may reorder its arguments with
// explicit indexes (%[2]s). A key ending in ".one" is the English singular
// of the key without it, used when the first integer argument is 1;
// Chinese has no plural forms and needs none.
package i18n

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/agentcard/agentcard/core/i18n/catalog/en"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Lang is a language tag the product speaks.
type Lang string

// The languages the product speaks, English first (the fallback).
const (
	English Lang = "en"
	Chinese Lang = "zh-CN"
)

// Langs lists every language, in the order a language menu shows them.
func Langs() []Lang { return []Lang{English, Chinese} }

// Name is the language's name written in itself, for language menus.
func (l Lang) Name() string {
	if l == Chinese {
		return "简体中文"
	}
	return "English"
}

// Prefix is where the language's pages live on the site: "" for English
// (the site's root), "/zh" for Chinese. Every link to a localized page
// is built from it.
func (l Lang) Prefix() string {
	if l == Chinese {
		return "/zh"
	}
	return ""
}

// ParseLang reads a language as people and systems write it: "en",
// "en-US", "zh", "zh-CN", "zh_CN.UTF-8", "zh-Hans-CN", "ZH-cn". Chinese
// written in traditional characters (zh-TW, zh-Hant) is not Simplified
// Chinese; it is reported as unsupported rather than guessed.
func ParseLang(s string) (Lang, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".@"); i >= 0 { // zh_CN.UTF-8, de_DE@euro
		s = s[:i]
	}
	s = strings.ToLower(strings.ReplaceAll(s, "_", "-"))
	switch {
	case s == "en" || strings.HasPrefix(s, "en-"):
		return English, true
	case s == "zh" || s == "zh-cn" || s == "zh-sg" || s == "zh-hans" || strings.HasPrefix(s, "zh-hans-"):
		return Chinese, true
	case s == "c" || s == "posix":
		return English, true
	}
	return "", false
}

// FromEnv picks the language of a command line from the POSIX locale
// variables, in their order of precedence (LC_ALL, LC_MESSAGES, LANG).
// The first one that is set decides; a locale we do not speak gives
// English.
func FromEnv(getenv func(string) string) Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if l, ok := ParseLang(v); ok {
				return l
			}
			return English
		}
	}
	return English
}

// Text is a message id with its arguments: what a finding, a fix title or
// a related place carries instead of a sentence, so that any program can
// show it in its reader's language. It is declared in core/jsonpos, the
// lowest package that speaks in messages, so that the parser reports
// problems as data without importing this package.
type Text = jsonpos.Text

// T builds a Text.
func T(id string, args ...any) Text { return Text{ID: id, Args: args} }

// Phrase is an argument that is itself a message id without arguments (a
// JSON type name, a word such as "error"): it is rendered in the reader's
// language before being put into the sentence. A Text argument is rendered
// the same way, with its own arguments (a label such as `security scheme
// "oauth"`). Declared in core/jsonpos, like Text.
type Phrase = jsonpos.Phrase

// AsText is an argument that is data of its own kind (a position in a
// document) and says itself as a Text when a message is rendered as it
// is; a program that knows better (the column unit its reader counts in)
// replaces it before rendering.
type AsText interface{ AsText() Text }

// Catalogue is the wording of one language: message id to format.
type Catalogue struct {
	lang Lang
	m    map[string]string
	// tab holds the members instead of m when they are compiled in as
	// constant data (en.Editor in the playground engine, en.All natively).
	tab *en.Table
	// fallback answers ids this catalogue lacks (English for others).
	fallback *Catalogue
}

var (
	englishOnce sync.Once
	english     *Catalogue
	englishErr  error
)

// EnglishCatalogue is the English catalogue, compiled into every program.
func EnglishCatalogue() *Catalogue {
	englishOnce.Do(func() {
		for _, tab := range []*en.Table{&en.Editor, &en.All} {
			if tab.Len() > 0 {
				english = &Catalogue{lang: English, tab: tab}
				return
			}
		}
		english, englishErr = load(English, en.FS, nil)
	})
	if englishErr != nil {
		// The English catalogue is part of the source tree and checked by
		// tests; a broken one is a build mistake, not an input problem.
		panic("i18n: English catalogue: " + englishErr.Error())
	}
	return english
}

// Load reads the catalogue of lang from every *.json file at the root of
// fsys (flat objects of id to format). Ids missing from it fall back to
// English.
func Load(lang Lang, fsys fs.FS) (*Catalogue, error) {
	if lang == English {
		return EnglishCatalogue(), nil
	}
	return load(lang, fsys, EnglishCatalogue())
}

// Parse reads a catalogue from one JSON object (the playground receives
// its language as one file).
func Parse(lang Lang, data []byte) (*Catalogue, error) {
	m, err := parseFlat(data)
	if err != nil {
		return nil, fmt.Errorf("catalogue %s: %w", lang, err)
	}
	return &Catalogue{lang: lang, m: m, fallback: EnglishCatalogue()}, nil
}

func load(lang Lang, fsys fs.FS, fallback *Catalogue) (*Catalogue, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	// Every file is read first, so the catalogue's map is made at its
	// size once instead of growing (and rehashing) file by file: loading
	// the English catalogue is on every CLI run's path (docs/PERFORMANCE.md).
	// The members go straight into that map, as slices of the file
	// read (no second copy, no map per file); an id in two files, or
	// anything the fast scan does not expect, takes the path below, which
	// says what is wrong.
	datas := make([][]byte, len(names))
	n := 0
	for i, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		datas[i] = data
		n += flatCount(data)
	}
	if c, ok := loadFast(lang, datas, n, fallback); ok {
		return c, nil
	}
	files := make([]map[string]string, len(names))
	n = 0
	for i, name := range names {
		m, err := parseFlat(datas[i])
		if err != nil {
			return nil, fmt.Errorf("catalogue %s/%s: %w", lang, path.Base(name), err)
		}
		files[i] = m
		n += len(m)
	}
	c := &Catalogue{lang: lang, m: make(map[string]string, n), fallback: fallback}
	for i, name := range names {
		for k, v := range files[i] {
			if _, dup := c.m[k]; dup {
				return nil, fmt.Errorf("catalogue %s: %q is in two files (the second is %s)", lang, k, name)
			}
			c.m[k] = v
		}
	}
	return c, nil
}

// loadFast builds the catalogue from files with n members in all, when
// every file is what scanFlat expects and no id is in two files (or
// twice in one, which the slow path allows: the last wins). Each file
// is copied into one string once, and the ids and words are cut from
// that copy.
func loadFast(lang Lang, datas [][]byte, n int, fallback *Catalogue) (*Catalogue, bool) {
	m := make(map[string]string, n)
	twice := false
	put := func(k, v string) {
		before := len(m)
		m[k] = v
		twice = twice || len(m) == before
	}
	for _, data := range datas {
		if len(data) == 0 {
			return nil, false
		}
		if ok, _ := scanFlat(data, string(data), put); !ok || twice {
			return nil, false
		}
	}
	return &Catalogue{lang: lang, m: m, fallback: fallback}, true
}

// Lang is the catalogue's language.
func (c *Catalogue) Lang() Lang { return c.lang }

// Keys lists the ids the catalogue itself defines, sorted.
func (c *Catalogue) Keys() []string {
	if c.tab != nil {
		keys := make([]string, c.tab.Len())
		for i := range keys {
			keys[i], _ = c.tab.At(i)
		}
		return keys // the table is sorted
	}
	keys := make([]string, 0, len(c.m))
	for k := range c.m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Lookup returns the catalogue's own format for id.
func (c *Catalogue) Lookup(id string) (string, bool) {
	if c.tab != nil {
		return c.tab.Lookup(id)
	}
	f, ok := c.m[id]
	return f, ok
}

// Has reports whether id is known, here or in the fallback.
func (c *Catalogue) Has(id string) bool {
	_, ok := c.format(id)
	return ok
}

func (c *Catalogue) format(id string) (string, bool) {
	for k := c; k != nil; k = k.fallback {
		if f, ok := k.Lookup(id); ok {
			return f, true
		}
	}
	return extraEnglish(id)
}

// extraEnglish asks the sources of englishExtra for id.
func extraEnglish(id string) (string, bool) {
	if fs := englishExtra.Load(); fs != nil {
		for _, f := range *fs {
			if s, ok := f(id); ok {
				return s, true
			}
		}
	}
	return "", false
}

// englishExtra answers ids whose English is not in the catalogue files
// but beside the Go data it describes (the field catalogue's explanations,
// "field.<Object>.<name>", live in core/card; the message formats of
// core/lint's rules, "msg.<code>…", in their entries), so that every
// language renders its own. They are the last fallback of every
// catalogue, asked in the order installed.
var englishExtra atomic.Pointer[[]func(id string) (string, bool)]

// SetEnglishExtra adds a source of English for ids kept beside Go data
// (see englishExtra). core/card installs the field catalogue's, core/lint
// its rules' messages.
func SetEnglishExtra(f func(id string) (string, bool)) {
	for {
		old := englishExtra.Load()
		var next []func(id string) (string, bool)
		if old != nil {
			next = append(next, *old...)
		}
		next = append(next, f)
		if englishExtra.CompareAndSwap(old, &next) {
			return
		}
	}
}

// S is the text of an id without arguments; an unknown id is returned as
// itself, which tests catch and a reader can still report.
func (c *Catalogue) S(id string) string {
	if f, ok := c.format(id); ok {
		return f
	}
	return id
}

// Render is the one function that turns a Text into a sentence.
func (c *Catalogue) Render(t Text) string {
	return c.Sprintf(t.ID, t.Args...)
}

// Sprintf renders id with args: Phrase arguments are rendered first, and
// an English ".one" form is used when the first integer argument is 1.
func (c *Catalogue) Sprintf(id string, args ...any) string {
	f, ok := "", false
	if n, isInt := firstInt(args); isInt && n == 1 {
		f, ok = c.Lookup(id + ".one")
		if !ok && c.lang == English {
			f, ok = extraEnglish(id + ".one")
		}
	}
	if !ok {
		f, ok = c.format(id)
	}
	if !ok {
		if len(args) == 0 {
			return id
		}
		return id + fmt.Sprintf("%v", args)
	}
	if len(args) == 0 {
		return f
	}
	copied := false
	for i, a := range args {
		var s string
		switch v := a.(type) {
		case Phrase:
			s = c.S(string(v))
		case Text:
			s = c.Render(v)
		case AsText:
			s = c.Render(v.AsText())
		default:
			continue
		}
		if !copied { // never write to the caller's slice
			args, copied = append([]any(nil), args...), true
		}
		args[i] = s
	}
	return fmt.Sprintf(f, args...)
}

func firstInt(args []any) (int, bool) {
	for _, a := range args {
		switch v := a.(type) {
		case int:
			return v, true
		case int64:
			return int(v), true
		}
	}
	return 0, false
}

// Verbs returns the argument index and verb of every fmt verb in format,
// as "1:s 2:d" (sorted), so that a translation can be checked to use the
// same arguments the same way as the English, in any order.
func Verbs(format string) string {
	var out []string
	arg := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			continue
		}
		// flags and width
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '[' {
			j := strings.IndexByte(format[i:], ']')
			if j > 0 {
				n := 0
				fmt.Sscanf(format[i+1:i+j], "%d", &n)
				arg = n
				i += j + 1
			}
		}
		if i < len(format) {
			out = append(out, fmt.Sprintf("%d:%c", arg, format[i]))
			arg++
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}
