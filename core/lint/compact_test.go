package lint

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// isGenericTextByLowering is isGenericText as first written: compactText
// of the whole text, then the words of the lowered text.
func isGenericTextByLowering(s string) bool {
	if genericPhrases[compactText(s)] {
		return true
	}
	lower := strings.ToLower(s)
	noun, words := false, false
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		words = true
		switch {
		case genericNouns[w]:
			noun = true
		case fillerWords[w]:
		default:
			return false
		}
	}
	return words && noun
}

func TestCompactShortcutsAgree(t *testing.T) {
	pieces := []string{"AI", "ai", "Agent", "ASSISTANT", "a", "The", " ", "。", "一个", "智能助手", "İ", "Σ", "\xff", "-", "helpful", "x", "7", "アシスタント"}
	var cases []string
	for p := range genericPhrases {
		cases = append(cases, p, strings.ToUpper(p)+"!")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var sb strings.Builder
		for range r.IntN(6) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, sb.String())
	}
	for i, a := range cases {
		b := cases[(i*7+1)%len(cases)]
		if got, want := compactEqual(a, b), compactText(a) == compactText(b); got != want {
			t.Fatalf("compactEqual(%q, %q) = %v, compactText says %v", a, b, got, want)
		}
		if !compactEqual(a, strings.ToUpper(a)) && utf8.ValidString(a) && compactText(strings.ToUpper(a)) == compactText(a) {
			t.Fatalf("compactEqual(%q, upper) false", a)
		}
		if got, want := isGenericText(a), isGenericTextByLowering(a); got != want {
			t.Fatalf("isGenericText(%q) = %v, by lowering %v", a, got, want)
		}
	}
}

// TestNormalizedMaxIsPrefix: the bounded normalization is the whole one,
// or a prefix of it longer than the limit, so comparing it with anything
// no longer than the limit gives the same answer.
func TestNormalizedMaxIsPrefix(t *testing.T) {
	for _, s := range []string{"", "  Helps! ", "Does   STUFF.", "路线 12，规划。", "a\u00a0b\u2003c", "…helpful assistant…", "Route plan 7: plans the route"} {
		full := normalizeDescription(s)
		for limit := 0; limit <= len(full)+2; limit++ {
			got := string(appendNormalizedMax(nil, s, limit))
			if got != full && (len(got) <= limit || !strings.HasPrefix(full, got)) {
				t.Errorf("%q limit %d: %q, whole %q", s, limit, got, full)
			}
		}
	}
}
