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
// characters. Closest only calls it on strings of similar length; names
// are short, so the runes and rows live in stack buffers (append moves
// them to the heap only for names of more than 64 characters).
func editDistance(a, b string) int {
	var bufA, bufB [64]rune
	var bufPrev, bufCur [65]int
	ra, rb := bufA[:0], bufB[:0]
	for _, r := range a {
		ra = append(ra, r)
	}
	for _, r := range b {
		rb = append(rb, r)
	}
	prev, cur := bufPrev[:0], bufCur[:0]
	for j := 0; j <= len(rb); j++ {
		prev, cur = append(prev, j), append(cur, 0)
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
