package lint

import (
	"strings"
	"unicode/utf8"
)

// The secret formats of credentialPatterns, matched by plain scanning.
// Each matcher is the regular expression written next to it, exactly:
// credential_scan_test.go keeps the expressions and checks the matchers
// against them. A matcher returns where a match starting at s[i] ends, or
// -1; findAll strings them together as regexp's FindAllString does
// (leftmost first, non-overlapping).

// findAll returns up to n leftmost, non-overlapping matches of at in s.
func findAll(s string, at func(string, int) int, n int) []string {
	var out []string
	for i := 0; i < len(s) && len(out) < n; {
		if e := at(s, i); e > i {
			out = append(out, s[i:e])
			i = e
			continue
		}
		i++
	}
	return out
}

// wordBoundary is \b at s[i]: a word byte (ASCII letter, digit, '_') on
// exactly one side.
func wordBoundary(s string, i int) bool {
	before := i > 0 && isWordByte(s[i-1])
	after := i < len(s) && isWordByte(s[i])
	return before != after
}

// run is the end of the run of bytes in class starting at s[i].
func run(s string, i int, class func(byte) bool) int {
	for i < len(s) && class(s[i]) {
		i++
	}
	return i
}

// lastBoundary is the largest e in [from, to] with a word boundary, or -1
// (a greedy run followed by \b, backing off as regexp does).
func lastBoundary(s string, from, to int) int {
	for e := to; e >= from; e-- {
		if wordBoundary(s, e) {
			return e
		}
	}
	return -1
}

func isRegexSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' } // \s

// foldRun is a run of an ASCII class holding all letters under (?i):
// ſ (U+017F) and the Kelvin sign (U+212A) fold to s and k, so they
// belong to it too. It returns the end and the number of characters.
func foldRun(s string, i int, class func(byte) bool) (int, int) {
	n := 0
	for i < len(s) {
		if class(s[i]) {
			i++
			n++
			continue
		}
		if r, size := utf8.DecodeRuneInString(s[i:]); r == 'ſ' || r == '\u212a' {
			i += size
			n++
			continue
		}
		break
	}
	return i, n
}

func isBearerByte(c byte) bool { return isAlnum(c) || strings.IndexByte("._~+/-", c) >= 0 }
func isBasicByte(c byte) bool  { return isAlnum(c) || c == '+' || c == '/' }
func isURLSafeByte(c byte) bool {
	return isAlnum(c) || c == '_' || c == '-'
}
func isUpperAlnum(c byte) bool { return isDigit(c) || 'A' <= c && c <= 'Z' }
func isAlnumDash(c byte) bool  { return isAlnum(c) || c == '-' }

// authAt: (?i)\b<scheme>\s+<token of min or more characters>, then up to
// maxPad '=' (maxPad < 0: any number).
func authAt(s string, i int, scheme string, class func(byte) bool, min, maxPad int) int {
	if !wordBoundary(s, i) {
		return -1
	}
	n, ok := foldPrefix(s[i:], scheme)
	if !ok {
		return -1
	}
	j := run(s, i+n, isRegexSpace)
	if j == i+n {
		return -1
	}
	e, count := foldRun(s, j, class)
	if count < min {
		return -1
	}
	for pad := 0; e < len(s) && s[e] == '=' && (maxPad < 0 || pad < maxPad); pad++ {
		e++
	}
	return e
}

// (?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*
func bearerAt(s string, i int) int { return authAt(s, i, "bearer", isBearerByte, 16, -1) }

// (?i)\bbasic\s+[A-Za-z0-9+/]{8,}={0,2}
func basicAt(s string, i int) int { return authAt(s, i, "basic", isBasicByte, 8, 2) }

// \beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*
func jwtAt(s string, i int) int {
	if !strings.HasPrefix(s[i:], "eyJ") || !wordBoundary(s, i) {
		return -1
	}
	a := run(s, i+3, isURLSafeByte)
	if a-(i+3) < 8 || a >= len(s) || s[a] != '.' {
		return -1
	}
	b := run(s, a+1, isURLSafeByte)
	if b-(a+1) < 4 || b >= len(s) || s[b] != '.' {
		return -1
	}
	return run(s, b+1, isURLSafeByte)
}

// fixedAt: \b<prefix, one of prefixes><exactly n of class>\b
func fixedAt(s string, i int, prefixes []string, class func(byte) bool, n int) int {
	if !wordBoundary(s, i) {
		return -1
	}
	for _, p := range prefixes {
		if !strings.HasPrefix(s[i:], p) {
			continue
		}
		j := i + len(p)
		if j+n > len(s) || run(s[:j+n], j, class) != j+n || !wordBoundary(s, j+n) {
			return -1
		}
		return j + n
	}
	return -1
}

// \b(?:AKIA|ASIA)[0-9A-Z]{16}\b
func awsAt(s string, i int) int { return fixedAt(s, i, []string{"AKIA", "ASIA"}, isUpperAlnum, 16) }

// \bAIza[0-9A-Za-z_-]{35}\b
func googleAt(s string, i int) int { return fixedAt(s, i, []string{"AIza"}, isURLSafeByte, 35) }

// prefixRunAt: \b<prefix><min or more of class>\b, the run backing off to
// the last boundary.
func prefixRunAt(s string, i int, prefix string, class func(byte) bool, min int) int {
	if !strings.HasPrefix(s[i:], prefix) || !wordBoundary(s, i) {
		return -1
	}
	p := i + len(prefix)
	return lastBoundary(s, p+min, run(s, p, class))
}

// \b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})\b
func githubAt(s string, i int) int {
	if i+4 <= len(s) && s[i] == 'g' && s[i+1] == 'h' && strings.IndexByte("pousr", s[i+2]) >= 0 && s[i+3] == '_' {
		return prefixRunAt(s, i, s[i:i+4], isAlnum, 30)
	}
	return prefixRunAt(s, i, "github_pat_", isWordByte, 40)
}

// \bglpat-[A-Za-z0-9_-]{20,}\b
func gitlabAt(s string, i int) int { return prefixRunAt(s, i, "glpat-", isURLSafeByte, 20) }

// \bxox[abposr]-[A-Za-z0-9-]{10,}\b
func slackAt(s string, i int) int {
	if i+5 > len(s) || !strings.HasPrefix(s[i:], "xox") || strings.IndexByte("abposr", s[i+3]) < 0 || s[i+4] != '-' {
		return -1
	}
	return prefixRunAt(s, i, s[i:i+5], isAlnumDash, 10)
}

// \b(?:sk|rk)_<mode>_[A-Za-z0-9]{16,}\b
func stripeAt(s string, i int, mode string) int {
	if i+2 > len(s) || (s[i] != 's' && s[i] != 'r') || s[i+1] != 'k' {
		return -1
	}
	return prefixRunAt(s, i, s[i:i+2]+mode, isAlnum, 16)
}

// \b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b
func stripeLiveAt(s string, i int) int { return stripeAt(s, i, "_live_") }

// \b(?:sk|rk)_test_[A-Za-z0-9]{16,}\b
func stripeTestAt(s string, i int) int { return stripeAt(s, i, "_test_") }

// \bsk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_-]{20,}\b: the dashed segments are in
// the final run's class too, so the match ends where a run of at least 20
// after "sk-" can end.
func skAt(s string, i int) int { return prefixRunAt(s, i, "sk-", isURLSafeByte, 20) }

// pemLabelEnd reads (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?----- at s[p:]
// and returns its end, or -1: the most words first, as the greedy star.
func pemLabelEnd(s string, p int) int {
	starts := []int{p}
	for {
		j := run(s, p, isUpperAlnum)
		if j == p || j >= len(s) || s[j] != ' ' {
			break
		}
		p = j + 1
		starts = append(starts, p)
	}
	for k := len(starts) - 1; k >= 0; k-- {
		rest := s[starts[k]:]
		if strings.HasPrefix(rest, "PRIVATE KEY BLOCK-----") {
			return starts[k] + len("PRIVATE KEY BLOCK-----")
		}
		if strings.HasPrefix(rest, "PRIVATE KEY-----") {
			return starts[k] + len("PRIVATE KEY-----")
		}
	}
	return -1
}

// -----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)
// a block runs to its first END line, or to the end of the text.
func pemAt(s string, i int) int {
	if !strings.HasPrefix(s[i:], "-----BEGIN ") {
		return -1
	}
	body := pemLabelEnd(s, i+len("-----BEGIN "))
	if body < 0 {
		return -1
	}
	for q := body; q < len(s); {
		k := strings.Index(s[q:], "-----END ")
		if k < 0 {
			break
		}
		q += k
		if e := pemLabelEnd(s, q+len("-----END ")); e >= 0 {
			return e
		}
		q++
	}
	return len(s)
}
