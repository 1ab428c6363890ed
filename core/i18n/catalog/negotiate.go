package catalog

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
)

// Negotiate picks the language for an Accept-Language header (RFC 9110
// §12.5.4): of the two we speak, the one the reader ranks first. A header
// we cannot read, or one naming only languages we do not speak, gives
// English.
//
// It reads the header as golang.org/x/text's matcher did (the Worker
// used it until its 75 KB went to features; negotiate_test.go holds the
// two to the same answers): entries in the order of their q values,
// entries with q=0 left out; a malformed language tag, a weight that is
// not a number or a parameter other than q makes the whole header
// unreadable. A tag names English when its language is en (script Latn
// or none), Simplified Chinese when its language is zh (or cmn) written
// in Hans, or with no script and a region other than TW, HK and MO.
// Chinese in Traditional script (Hant, or one of those regions) is a weak
// match: it is chosen only when no entry matches well (a reader who
// asks for zh-TW and then en gets English, one who asks for zh-TW alone
// gets our Simplified Chinese rather than English). Other scripts and the
// other Chinese languages (yue, wuu, nan, hak, …) match nothing.
func Negotiate(acceptLanguage string) i18n.Lang {
	entries, ok := parseAcceptLanguage(acceptLanguage)
	if !ok {
		return i18n.English
	}
	weak := i18n.Lang("")
	for _, e := range entries {
		l, strong := match(e.tag)
		switch {
		case l == "":
		case strong:
			return l
		case weak == "":
			weak = l
		}
	}
	if weak != "" {
		return weak
	}
	return i18n.English
}

// acceptEntry is one language range of the header with its weight.
type acceptEntry struct {
	tag langTag
	q   float64
}

// maxAcceptEntries bounds the work on one header; browsers send a few.
// A header with more is unreadable (x/text's limit was 1,000 subtags).
const maxAcceptEntries = 64

// parseAcceptLanguage reads the header's entries, sorted by q (highest
// first, the header's order among equals), without those of q=0.
func parseAcceptLanguage(h string) ([]acceptEntry, bool) {
	var out []acceptEntry
	for n := 0; h != ""; n++ {
		if n > 4*maxAcceptEntries {
			return nil, false
		}
		var entry string
		entry, h = cut(h, ',')
		if entry == "" {
			continue
		}
		rng, weight := cut(entry, ';')
		t, ok := parseTag(rng)
		if !ok {
			return nil, false
		}
		q := 1.0
		if weight != "" {
			w, ok := parseWeight(weight)
			if !ok {
				return nil, false
			}
			if w <= 0 {
				continue
			}
			q = w
		}
		if len(out) == maxAcceptEntries {
			return nil, false
		}
		out = append(out, acceptEntry{tag: t, q: q})
	}
	// insertion sort: stable, and the list is short
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].q > out[j-1].q; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, len(out) > 0
}

// cut splits s at the first c, trimming spaces around both parts.
func cut(s string, c byte) (head, tail string) {
	if i := strings.IndexByte(s, c); i >= 0 {
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
	}
	return strings.TrimSpace(s), ""
}

// parseWeight reads "q=0.8" (spaces allowed around "=").
func parseWeight(s string) (float64, bool) {
	if s == "" || (s[0] != 'q' && s[0] != 'Q') {
		return 0, false
	}
	s = strings.TrimSpace(s[1:])
	if s == "" || s[0] != '=' {
		return 0, false
	}
	w, err := strconv.ParseFloat(strings.TrimSpace(s[1:]), 32)
	return w, err == nil
}

// langTag is what matching needs of a language tag (RFC 5646): the
// language (lower case, an extended language subtag folded in: zh-cmn is
// cmn), the script (title case) and the region (upper case), each "" when
// absent. A wildcard or a private-use tag has no language.
type langTag struct {
	lang, script, region string
}

// grandfathered are the tags RFC 5646 §2.2.8 keeps whole that a reader
// may send for a language we speak; the other grandfathered tags are
// well formed and match nothing.
var grandfathered = map[string]string{
	"zh-guoyu": "cmn",
	"zh-hakka": "hak",
	"zh-min":   "nan",
	"zh-xiang": "hsn",
}

// irregular are RFC 5646's irregular grandfathered tags (read whole).
var irregular = []string{"en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
	"i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de"}

// parseTag reads one language range: a well-formed tag, "*", or one of
// the English names of languages that some old clients send ("english").
// ok is false for anything else.
func parseTag(s string) (langTag, bool) {
	low := strings.ToLower(strings.ReplaceAll(s, "_", "-"))
	switch low {
	case "*":
		return langTag{}, true
	case "english":
		return langTag{lang: "en"}, true
	case "deutsch", "italian", "french":
		return langTag{lang: low}, true
	}
	for _, t := range irregular {
		if low == t {
			if t == "en-gb-oed" {
				return langTag{lang: "en", region: "GB"}, true
			}
			return langTag{lang: t}, true
		}
	}
	if l, ok := grandfathered[low]; ok {
		return langTag{lang: l}, true
	}
	subs := strings.Split(low, "-")
	for _, p := range subs {
		if len(p) == 0 || len(p) > 8 || !alnum(p) {
			return langTag{}, false
		}
	}
	if subs[0] == "x" { // private use only
		return langTag{}, len(subs) > 1
	}
	var t langTag
	i := 0
	// language: 2-3 letters (then up to three extlangs), 4, or 5-8 letters
	if !alpha(subs[0]) || len(subs[0]) < 2 {
		return langTag{}, false
	}
	t.lang = subs[0]
	i = 1
	if len(subs[0]) <= 3 {
		for n := 0; n < 3 && i < len(subs) && len(subs[i]) == 3 && alpha(subs[i]); n++ {
			if n == 0 {
				t.lang = subs[i] // zh-cmn is cmn, zh-yue is yue
			}
			i++
		}
	}
	if i < len(subs) && len(subs[i]) == 4 && alpha(subs[i]) {
		t.script = strings.ToUpper(subs[i][:1]) + subs[i][1:]
		i++
	}
	if i < len(subs) && ((len(subs[i]) == 2 && alpha(subs[i])) || (len(subs[i]) == 3 && digits(subs[i]))) {
		t.region = strings.ToUpper(subs[i])
		i++
	}
	for i < len(subs) && (len(subs[i]) >= 5 || (len(subs[i]) == 4 && subs[i][0] >= '0' && subs[i][0] <= '9')) {
		i++ // variants
	}
	for i < len(subs) {
		single := subs[i]
		if len(single) != 1 {
			return langTag{}, false
		}
		i++
		if single == "x" { // private use runs to the end, subtags of 1-8
			return t, i < len(subs)
		}
		n := 0
		for i < len(subs) && len(subs[i]) >= 2 {
			i, n = i+1, n+1
		}
		if n == 0 {
			return langTag{}, false
		}
	}
	return t, true
}

// match says which of our languages a tag names, and whether well (see
// Negotiate); "" for none.
func match(t langTag) (l i18n.Lang, strong bool) {
	switch t.lang {
	case "en", "eng":
		if t.script == "" || t.script == "Latn" {
			return i18n.English, true
		}
	case "zh", "zho", "chi", "cmn":
		switch t.script {
		case "Hans":
			return i18n.Chinese, true
		case "Hant":
			return i18n.Chinese, false
		case "":
			switch t.region {
			case "TW", "HK", "MO":
				return i18n.Chinese, false
			}
			return i18n.Chinese, true
		}
	}
	return "", false
}

func alnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func alpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
