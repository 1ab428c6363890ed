package lint

import "strings"

// Plain scanners for the shapes rules recognize (versions, bare host
// names, names of outside documents). Each replaces a regular expression
// it was first written as, which scan_test.go keeps and checks it against:
// the scanners cost no compilation and keep regexp out of the engine.

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlnum(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// digits is the length of the run of ASCII digits at the start of s.
func digits(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}

// isMajorMinor: ^[0-9]+\.[0-9]+$
func isMajorMinor(s string) bool {
	a := digits(s)
	return a > 0 && a < len(s) && s[a] == '.' && digits(s[a+1:]) == len(s)-a-1 && a+1 < len(s)
}

// patchMajorMinor is the Major.Minor of a Major.Minor.Patch version, or
// "" (^([0-9]+\.[0-9]+)\.[0-9]+$).
func patchMajorMinor(s string) string {
	a := digits(s)
	if a == 0 || a >= len(s) || s[a] != '.' {
		return ""
	}
	b := digits(s[a+1:])
	end := a + 1 + b
	if b == 0 || end >= len(s) || s[end] != '.' {
		return ""
	}
	if p := digits(s[end+1:]); p == 0 || end+1+p != len(s) {
		return ""
	}
	return s[:end]
}

// looseVersion reads a version with decoration around a readable
// Major.Minor[.Patch] (^[vV]?([0-9]+)(?:\.([0-9]+))?(?:\.[0-9]+)?(?:-[0-9A-Za-z.\-]+)?$):
// its major and minor ("" when absent), and whether it is one.
func looseVersion(s string) (major, minor string, ok bool) {
	i := 0
	if i < len(s) && (s[i] == 'v' || s[i] == 'V') {
		i++
	}
	n := digits(s[i:])
	if n == 0 {
		return "", "", false
	}
	major = s[i : i+n]
	i += n
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		n = digits(s[i+1:])
		minor = s[i+1 : i+1+n]
		i += 1 + n
		if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
			i += 1 + digits(s[i+1:])
		}
	}
	if i == len(s) {
		return major, minor, true
	}
	if s[i] != '-' || i+1 == len(s) {
		return "", "", false
	}
	for _, c := range []byte(s[i+1:]) {
		if !isAlnum(c) && c != '.' && c != '-' {
			return "", "", false
		}
	}
	return major, minor, true
}

// isBareHost: a host name of two or more labels, an optional port and an
// optional path, query or fragment, without a scheme
// (^[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)+(?::[0-9]{1,5})?(?:[/?#].*)?$).
func isBareHost(s string) bool {
	h := 0
	for h < len(s) && (isAlnum(s[h]) || s[h] == '-' || s[h] == '.') {
		h++
	}
	labels := 0
	for label := range strings.SplitSeq(s[:h], ".") {
		if label == "" || !isAlnum(label[0]) || !isAlnum(label[len(label)-1]) {
			return false
		}
		labels++
	}
	if labels < 2 {
		return false
	}
	rest := s[h:]
	if rest != "" && rest[0] == ':' {
		n := digits(rest[1:])
		if n == 0 || n > 5 {
			return false
		}
		rest = rest[1+n:]
	}
	if rest == "" {
		return true
	}
	// [/?#] and then anything but a line break (.* without the s flag)
	return (rest[0] == '/' || rest[0] == '?' || rest[0] == '#') && strings.IndexByte(rest, '\n') < 0
}

// outsideDocName finds the name of a document outside the repository in
// rule text: a Markdown file (`[A-Z][A-Z-]*\.md`), the test kit
// (`\bTCK\b`) or one of its requirement ids (`CARD-[A-Z]+-\d+`); "" when
// there is none.
func outsideDocName(s string) string {
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	for i := 0; i < len(s); i++ {
		if !isUpper(s[i]) {
			continue
		}
		j := i + 1
		for j < len(s) && (isUpper(s[j]) || s[j] == '-') {
			j++
		}
		if strings.HasPrefix(s[j:], ".md") {
			return s[i : j+3]
		}
		if strings.HasPrefix(s[i:], "TCK") && wordStartsAt(s, i) && wordEndsAt(s, i+3) {
			return s[i : i+3]
		}
		if strings.HasPrefix(s[i:], "CARD-") {
			k := i + 5
			for k < len(s) && isUpper(s[k]) {
				k++
			}
			if k > i+5 && k < len(s) && s[k] == '-' {
				if n := digits(s[k+1:]); n > 0 {
					return s[i : k+1+n]
				}
			}
		}
	}
	return ""
}
