package card

import (
	"strings"
	"unicode/utf8"
)

// Closest is the one did-you-mean of the engine: the candidate that name
// most likely misspells, or "" when none is close or two are equally
// close (a guess between two names would mislead). A case-only variant
// wins at once. Otherwise the edit distance, compared in lower case, may
// be at most 1 for names of up to 4 characters (where 2 edits reach
// almost any other short name), 2 up to 11 characters and 3 from 12, and
// must be smaller than the name itself. Candidates whose length differs by
// more than that limit are skipped unread, so a hostile name of megabytes
// costs one pass to count its characters and nothing more.
func Closest(name string, candidates []string) string {
	n := utf8.RuneCountInString(name)
	limit := 2
	switch {
	case n <= 4:
		limit = 1
	case n >= 12:
		limit = 3
	}
	lower := ""
	best, bestDist, ties := "", limit+1, 0
	for _, cand := range candidates {
		if len(cand) == len(name) && strings.EqualFold(cand, name) {
			return cand
		}
		if d := n - utf8.RuneCountInString(cand); d > limit || d < -limit {
			continue
		}
		if lower == "" {
			lower = strings.ToLower(name)
		}
		d := editDistance(lower, strings.ToLower(cand))
		switch {
		case d < bestDist:
			best, bestDist, ties = cand, d, 1
		case d == bestDist:
			ties++
		}
	}
	if bestDist <= limit && ties == 1 && bestDist < n {
		return best
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in
// characters. Closest only calls it on strings of similar length.
func editDistance(a, b string) int {
	if len(b) < 64 && isASCII(a) && isASCII(b) {
		// the common case, without allocating: names are short
		var prev, cur [64]int
		for j := 0; j <= len(b); j++ {
			prev[j] = j
		}
		for i := 1; i <= len(a); i++ {
			cur[0] = i
			for j := 1; j <= len(b); j++ {
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			}
			prev, cur = cur, prev
		}
		return prev[len(b)]
	}
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
