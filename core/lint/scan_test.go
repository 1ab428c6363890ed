package lint

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The regular expressions the scanners of scan.go (and hostPortMatch)
// replaced; the tests below keep both agreeing.
var (
	majorMinorRe   = regexp.MustCompile(`^[0-9]+\.[0-9]+$`)
	patchRe        = regexp.MustCompile(`^([0-9]+\.[0-9]+)\.[0-9]+$`)
	looseVersionRe = regexp.MustCompile(`^[vV]?([0-9]+)(?:\.([0-9]+))?(?:\.[0-9]+)?(?:-[0-9A-Za-z.\-]+)?$`)
	hostPortRe     = func() *regexp.Regexp {
		return regexp.MustCompile(`^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.\-]*[A-Za-z0-9])?):([0-9]{1,5})$`)
	}
	bareHostRe   = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)+(?::[0-9]{1,5})?(?:[/?#].*)?$`)
	outsideDocRe = regexp.MustCompile(`[A-Z][A-Z-]*\.md|\bTCK\b|CARD-[A-Z]+-\d+`)
)

// randomTexts are fixed cases plus random strings built from pieces.
func randomTexts(seed uint64, fixed, pieces []string, n int) []string {
	r := rand.New(rand.NewPCG(seed, seed+1))
	out := append([]string(nil), fixed...)
	for range n {
		var sb strings.Builder
		for range r.IntN(8) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		out = append(out, sb.String())
	}
	return out
}

func TestVersionScannersMatchRegexps(t *testing.T) {
	for _, s := range randomTexts(7, []string{"1.0", "0.3", "1.0.0", "v1", "V1.2", "1", "1.", ".1", "1..2", "v1.2.3-rc.1", "1-", "1.2.3.4", "01.002", "1.0\n", "1.0-x\n", "v", "-1"},
		[]string{"0", "1", "12", ".", "-", "v", "V", "a", "Z", "rc", " ", "\n", "é", "_"}, 60000) {
		if got, want := isMajorMinor(s), majorMinorRe.MatchString(s); got != want {
			t.Fatalf("isMajorMinor(%q) = %v, the regexp says %v", s, got, want)
		}
		want := ""
		if m := patchRe.FindStringSubmatch(s); m != nil {
			want = m[1]
		}
		if got := patchMajorMinor(s); got != want {
			t.Fatalf("patchMajorMinor(%q) = %q, the regexp says %q", s, got, want)
		}
		m := looseVersionRe.FindStringSubmatch(s)
		major, minor, ok := looseVersion(s)
		if ok != (m != nil) || ok && (major != m[1] || minor != m[2]) {
			t.Fatalf("looseVersion(%q) = %q, %q, %v; the regexp says %q", s, major, minor, ok, m)
		}
	}
}

func TestBareHostMatchesRegexp(t *testing.T) {
	for _, s := range randomTexts(9, []string{"example.com", "a.b", "a", "a-.b", "-a.b", "a..b", "a.b:80", "a.b:123456", "a.b:/x", "a.b/x\ny", "a.b?q", "a.b#f", "a.b:8080/p", ".a.b", "a.b.", "x.y:1x"},
		[]string{"a", "Z", "0", "9", "-", ".", ":", "80", "123456", "/", "?", "#", "\n", " ", "é", "_", "@", "[", "]"}, 60000) {
		if got, want := isBareHost(s), bareHostRe.MatchString(s); got != want {
			t.Fatalf("isBareHost(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}

func TestOutsideDocNameMatchesRegexp(t *testing.T) {
	for _, s := range randomTexts(11, []string{"see NOTES.md", "RULES-zh.md", "the TCK", "TCKs", "CARD-SEC-12", "CARD--1", "CARD-A-", "xTCK", "TCK_", "A.md", "a.md", "-A.md"},
		[]string{"A", "Z", "CARD", "TCK", "-", ".md", ".", "m", "d", "1", "23", " ", "_", "x", "é"}, 60000) {
		if got, want := outsideDocName(s), outsideDocRe.FindString(s); got != want {
			t.Fatalf("outsideDocName(%q) = %q, the regexp says %q", s, got, want)
		}
	}
}
