package selection

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// pep440Re is the expression parsePEP440 reads by hand.
var pep440Re = regexp.MustCompile(`(?i)^\s*v?(?:(?:(?P<epoch>[0-9]+)!)?(?P<release>[0-9]+(?:\.[0-9]+)*)` +
	`(?P<pre>[-_.]?(?:alpha|a|beta|b|preview|pre|c|rc)[-_.]?[0-9]*)?` +
	`(?P<post>-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?[0-9]*)?` +
	`(?P<dev>[-_.]?dev[-_.]?[0-9]*)?)` +
	`(?:\+(?P<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$`)

func pep440ByRegexp(s string) (pep440, bool) {
	m := pep440Re.FindStringSubmatch(s)
	if m == nil {
		return pep440{}, false
	}
	g := func(name string) string { return m[pep440Re.SubexpIndex(name)] }
	return pep440{epoch: g("epoch"), release: strings.Split(g("release"), "."),
		pre: g("pre") != "", post: g("post") != "", dev: g("dev") != "", local: g("local") != ""}, true
}

func TestPEP440MatchesRegexp(t *testing.T) {
	cases := []string{"1.0", "0.3.0", " v1.0 ", "1!2.0", "1.0a1", "1.0rc", "1.0c", "1.0.post1", "1.0-1", "1.0-r1", "1.0a-1", "1.0.dev0", "1.0+local.1",
		"1.0preview", "1.0previe", "1.0a.dev", "1.0.post-dev", "1.0+", "1.0+a-", "V1.0RC1", "1.0poſt1", "1.0+\u212a", "", "v", "1.", ".1", "1.0\n", "1!", "1.0_rc_2.post_3-dev4+ab.cd"}
	pieces := []string{"0", "1", "23", ".", "-", "_", "!", "+", " ", "\t", "v", "V", "a", "alpha", "b", "beta", "c", "rc", "pre", "preview", "post", "poſt", "rev", "r",
		"dev", "DEV", "x", "\u212a", "ſ", "é", "\n"}
	r := rand.New(rand.NewPCG(21, 22))
	for range 100000 {
		var sb strings.Builder
		for range r.IntN(9) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, sb.String())
	}
	for _, s := range cases {
		got, ok := parsePEP440(s)
		want, wok := pep440ByRegexp(s)
		if ok != wok || ok && (got.epoch != want.epoch || strings.Join(got.release, ".") != strings.Join(want.release, ".") ||
			got.pre != want.pre || got.post != want.post || got.dev != want.dev || got.local != want.local) {
			t.Fatalf("parsePEP440(%q) = %+v, %v; the regexp says %+v, %v", s, got, ok, want, wok)
		}
	}
}
