package selection

import (
	"strings"
	"unicode/utf8"
)

// parsePEP440 reads a version as packaging.version.Version does (PEP 440):
// the expression packaging matches with, read by plain backtracking in the
// same order of preference as a regular expression engine, so that the
// groups found are the ones regexp would report (pep440_test.go keeps the
// expression and checks both agree):
//
//	(?i)^\s*v?(?:(?:(?P<epoch>[0-9]+)!)?(?P<release>[0-9]+(?:\.[0-9]+)*)
//	(?P<pre>[-_.]?(?:alpha|a|beta|b|preview|pre|c|rc)[-_.]?[0-9]*)?
//	(?P<post>-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?[0-9]*)?
//	(?P<dev>[-_.]?dev[-_.]?[0-9]*)?)
//	(?:\+(?P<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$
func parsePEP440(s string) (pep440, bool) {
	p := pepParser{s: s}
	i := 0
	for i < len(s) && isPySpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == 'v' || s[i] == 'V') {
		i++
	}
	// epoch: digits and '!' (without the '!', the digits are the release)
	start := i
	j := pepDigits(s, i)
	var v pep440
	if j > i && j < len(s) && s[j] == '!' {
		v.epoch = s[i:j]
		start = j + 1
	}
	// release: the longest run of dotted numbers (nothing after it can
	// start with a '.' and a digit)
	end := pepDigits(s, start)
	if end == start {
		return pep440{}, false
	}
	for end+1 < len(s) && s[end] == '.' && isPyDigit(s[end+1]) {
		end = pepDigits(s, end+1)
	}
	if !p.pre(end) {
		return pep440{}, false
	}
	v.release = strings.Split(s[start:end], ".")
	v.pre, v.post, v.dev, v.local = p.hasPre, p.hasPost, p.hasDev, p.hasLocal
	return v, true
}

type pepParser struct {
	s                                 string
	hasPre, hasPost, hasDev, hasLocal bool
}

func isPyDigit(c byte) bool { return '0' <= c && c <= '9' }
func isPySpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' } // \s

func pepDigits(s string, i int) int {
	for i < len(s) && isPyDigit(s[i]) {
		i++
	}
	return i
}

func isPepSep(c byte) bool { return c == '-' || c == '_' || c == '.' }

// seps are the starts to try after an optional [-_.]: with it first.
func (p *pepParser) seps(i int) []int {
	if i < len(p.s) && isPepSep(p.s[i]) {
		return []int{i + 1, i}
	}
	return []int{i}
}

// word matches a lower-case ASCII word under (?i) (s also matches ſ, k
// the Kelvin sign), returning its end or -1.
func (p *pepParser) word(i int, w string) int {
	for k := 0; k < len(w); k++ {
		c := w[k]
		if i < len(p.s) && (p.s[i] == c || p.s[i] == c-('a'-'A')) {
			i++
			continue
		}
		if r, size := utf8.DecodeRuneInString(p.s[i:]); (c == 's' && r == 'ſ') || (c == 'k' && r == '\u212a') {
			i += size
			continue
		}
		return -1
	}
	return i
}

// tail is [-_.]?[0-9]* after a pre, post or dev word, each end tried in
// the greedy order, then next.
func (p *pepParser) tail(i int, next func(int) bool) bool {
	for _, j := range p.seps(i) {
		for e := pepDigits(p.s, j); e >= j; e-- {
			if next(e) {
				return true
			}
		}
	}
	return false
}

// tagged is [-_.]?(?:words…)[-_.]?[0-9]* then next, or (when it cannot
// match) false.
func (p *pepParser) tagged(i int, words []string, next func(int) bool) bool {
	for _, j := range p.seps(i) {
		for _, w := range words {
			if e := p.word(j, w); e >= 0 && p.tail(e, next) {
				return true
			}
		}
	}
	return false
}

func (p *pepParser) pre(i int) bool {
	if p.tagged(i, []string{"alpha", "a", "beta", "b", "preview", "pre", "c", "rc"}, p.post) {
		p.hasPre = true
		return true
	}
	p.hasPre = false
	return p.post(i)
}

func (p *pepParser) post(i int) bool {
	// -[0-9]+
	if i+1 < len(p.s) && p.s[i] == '-' && isPyDigit(p.s[i+1]) {
		for e := pepDigits(p.s, i+1); e > i+1; e-- {
			if p.dev(e) {
				p.hasPost = true
				return true
			}
		}
	}
	if p.tagged(i, []string{"post", "rev", "r"}, p.dev) {
		p.hasPost = true
		return true
	}
	p.hasPost = false
	return p.dev(i)
}

func (p *pepParser) dev(i int) bool {
	if p.tagged(i, []string{"dev"}, p.local) {
		p.hasDev = true
		return true
	}
	p.hasDev = false
	return p.local(i)
}

// local is (?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?\s*$: every way it can end
// leaves only white space, so the longest is the one regexp keeps.
func (p *pepParser) local(i int) bool {
	if i < len(p.s) && p.s[i] == '+' {
		if e := p.localEnd(i + 1); e > i+1 && p.end(e) {
			p.hasLocal = true
			return true
		}
	}
	p.hasLocal = false
	return p.end(i)
}

// localEnd is the end of [a-z0-9]+(?:[-_.][a-z0-9]+)* at i under (?i), or
// -1.
func (p *pepParser) localEnd(i int) int {
	e := p.alnums(i)
	if e == i {
		return -1
	}
	for e < len(p.s) && isPepSep(p.s[e]) {
		f := p.alnums(e + 1)
		if f == e+1 {
			break
		}
		e = f
	}
	return e
}

func (p *pepParser) alnums(i int) int {
	for i < len(p.s) {
		c := p.s[i]
		if isPyDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			i++
			continue
		}
		if r, size := utf8.DecodeRuneInString(p.s[i:]); r == 'ſ' || r == '\u212a' {
			i += size
			continue
		}
		break
	}
	return i
}

// end is \s*$.
func (p *pepParser) end(i int) bool {
	for i < len(p.s) && isPySpace(p.s[i]) {
		i++
	}
	return i == len(p.s)
}
