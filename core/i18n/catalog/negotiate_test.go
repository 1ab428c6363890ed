package catalog

import (
	"strings"
	"testing"

	"golang.org/x/text/language"

	"github.com/agentcard/agentcard/core/i18n"
)

// negotiateCases are headers and the language each gives: the Worker's
// language tests (wasm/worker/lang_test.go), what browsers send, q-value
// edge cases, and the headers x/text's matcher (which Negotiate
// replaced) could not read.
var negotiateCases = []struct {
	header string
	want   i18n.Lang
}{
	// the Worker's tests
	{"", i18n.English},
	{"zh-CN,zh;q=0.9,en;q=0.8", i18n.Chinese},
	{"zh-Hans", i18n.Chinese},
	{"en-GB,zh-CN;q=0.5", i18n.English},
	{"en-US", i18n.English},
	{"zh-CN", i18n.Chinese},
	// browsers
	{"en-US,en;q=0.9", i18n.English},
	{"zh-CN,zh;q=0.9", i18n.Chinese},
	{"zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", i18n.Chinese},
	{"de-DE,de;q=0.9,en;q=0.8,zh;q=0.7", i18n.English},
	{"ja,zh;q=0.1", i18n.Chinese},
	{"fr", i18n.English},
	{"fr, zh", i18n.Chinese},
	// q values order the list; equal ones keep the header's order; q=0 is out
	{"en;q=0.5, zh;q=0.5", i18n.English},
	{"zh;q=0.5, en;q=0.5", i18n.Chinese},
	{"zh-CN;q=0.5, en-GB;q=0.6", i18n.English},
	{"en;q=0.0001, zh;q=0.00001", i18n.English},
	{"zh;q=0, en", i18n.English},
	{"en;q=0, zh", i18n.Chinese},
	{"zh;q=0", i18n.English},
	{"zh ; q = 0.8", i18n.Chinese},
	{",,zh,,", i18n.Chinese},
	{" zh-CN ", i18n.Chinese},
	{"zh;q=1.5", i18n.Chinese},
	// spellings of our two languages
	{"ZH-cn", i18n.Chinese},
	{"zh_CN", i18n.Chinese},
	{"cmn", i18n.Chinese},
	{"cmn-Hans", i18n.Chinese},
	{"zh-cmn-Hans", i18n.Chinese},
	{"zh-guoyu", i18n.Chinese},
	{"zho", i18n.Chinese},
	{"zh-SG", i18n.Chinese},
	{"zh-Hans-HK", i18n.Chinese},
	{"zh-Hans-TW", i18n.Chinese},
	{"zh-u-co-pinyin", i18n.Chinese},
	{"zh-CN-x-private", i18n.Chinese},
	{"english", i18n.English},
	{"en-Latn-US", i18n.English},
	{"en-US-x-twain", i18n.English},
	{"en-GB-oed", i18n.English},
	{"eng-US", i18n.English},
	// Traditional Chinese: ours only when nothing matches well
	{"zh-TW", i18n.Chinese},
	{"zh-HK", i18n.Chinese},
	{"zh-Hant", i18n.Chinese},
	{"ko, ja, zh-TW", i18n.Chinese},
	{"zh-TW, en;q=0.5", i18n.English},
	{"zh-HK, zh-Hant, en", i18n.English},
	{"zh-TW, zh-SG", i18n.Chinese},
	{"zh-Hant, en-Shaw", i18n.Chinese},
	// an entry that matches well comes first, even a less exact one
	{"en-GB, zh", i18n.English},
	{"en-Cyrl, zh", i18n.Chinese},
	{"zh-SG, en", i18n.Chinese},
	// languages and scripts we do not speak
	{"yue", i18n.English},
	{"zh-yue", i18n.English},
	{"wuu", i18n.English},
	{"zh-min-nan", i18n.English},
	{"zh-hakka", i18n.English},
	{"zh-Latn", i18n.English},
	{"zh-Bopo", i18n.English},
	{"*", i18n.English},
	{"*, zh;q=0.1", i18n.Chinese},
	{"und", i18n.English},
	{"x-foo, zh", i18n.Chinese},
	{"i-klingon, zh", i18n.Chinese},
	{"art-lojban, zh", i18n.Chinese},
	{"es-419, zh", i18n.Chinese},
	// unreadable headers are English
	{"zh;q=abc", i18n.English},
	{"zh;level=1", i18n.English},
	{"zh;q=0.8;foo=bar", i18n.English},
	{"a, zh", i18n.English},
	{"aaaaaaaaa, zh", i18n.English},
	{"123, zh", i18n.English},
	{"en-, zh", i18n.English},
	{"-en, zh", i18n.English},
	{"zh--CN", i18n.English},
	{"en-a-b, zh", i18n.English},
	{"zh-Hans-x", i18n.English},
	{"<script>, zh", i18n.English},
	{"中文", i18n.English},
	{strings.Repeat("fr,", 300) + "zh", i18n.English},
}

func TestNegotiate(t *testing.T) {
	for _, c := range negotiateCases {
		if got := Negotiate(c.header); got != c.want {
			t.Errorf("Negotiate(%q) = %s, want %s", c.header, got, c.want)
		}
	}
}

// xtextNegotiate is how Negotiate used to answer, with x/text's matcher
// (a test-only dependency now).
func xtextNegotiate(h string) i18n.Lang {
	if h == "" {
		return i18n.English
	}
	tags, _, err := language.ParseAcceptLanguage(h)
	if err != nil || len(tags) == 0 {
		return i18n.English
	}
	m := language.NewMatcher([]language.Tag{language.English, language.SimplifiedChinese})
	_, i, conf := m.Match(tags...)
	if conf == language.No || i != 1 {
		return i18n.English
	}
	return i18n.Chinese
}

// Negotiate answers as x/text's matcher did on every case above and on
// the headers built from pairs of common tags, except where x/text reads
// CLDR data that Negotiate leaves out on purpose (listed in
// knownDifferences, each with what it means for the reader).
func TestNegotiateAsXText(t *testing.T) {
	knownDifferences := map[string]string{
		// x/text's likely-script data says zh-US, zh-MY, … probably write
		// Traditional, a weaker match than en; Negotiate reads only TW, HK
		// and MO so: those readers get Chinese before English.
		"zh-US, en": "zh-US is Chinese",
		"zh-MY, en": "zh-MY is Chinese",
		"zh-AU, en": "zh-AU is Chinese",
		"zh-GB, en": "zh-GB is Chinese",
		"zh-VN, en": "zh-VN is Chinese",
		// x/text refused registered-looking variants it does not know
		"zh-CN-variant1": "read as Chinese",
	}
	tags := []string{"en", "en-US", "en-GB", "en-IN", "en-Latn", "en-Cyrl", "zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN",
		"zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW", "cmn", "yue", "fr", "de-DE", "ja", "ko", "*", "x-a", "zh-US",
		"zh-MY", "zh-AU", "zh-GB", "zh-VN"}
	qs := []string{"", ";q=0.9", ";q=0.5", ";q=0", ";q=1"}
	headers := []string{}
	for _, c := range negotiateCases {
		headers = append(headers, c.header)
	}
	for _, a := range tags {
		for _, b := range tags {
			for _, qa := range qs {
				for _, qb := range qs {
					headers = append(headers, a+qa+", "+b+qb)
				}
			}
		}
	}
	differ := 0
	for _, h := range headers {
		got, was := Negotiate(h), xtextNegotiate(h)
		if got == was {
			continue
		}
		if _, known := knownDifferences[h]; known {
			continue
		}
		if strings.Count(h, ",") >= maxAcceptEntries { // Negotiate reads at most 64 entries; x/text read 1,000 subtags
			continue
		}
		if known := knownRegionDifference(h); known {
			continue
		}
		differ++
		if differ <= 20 {
			t.Errorf("Negotiate(%q) = %s; x/text's matcher said %s", h, got, was)
		}
	}
	if differ > 20 {
		t.Errorf("… %d differences in all", differ)
	}
}

// knownRegionDifference: a header whose difference comes from a region
// x/text reads as probably Traditional (zh-US, …; see knownDifferences).
func knownRegionDifference(h string) bool {
	for _, r := range []string{"zh-US", "zh-MY", "zh-AU", "zh-GB", "zh-VN"} {
		if strings.Contains(h, r) {
			return true
		}
	}
	return false
}

func FuzzNegotiate(f *testing.F) {
	for _, c := range negotiateCases {
		f.Add(c.header)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if l := Negotiate(h); l != i18n.English && l != i18n.Chinese {
			t.Fatalf("Negotiate(%q) = %q", h, l)
		}
	})
}
