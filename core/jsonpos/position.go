// Package jsonpos parses JSON into a tree whose every key and value knows
// where it came from: a byte range, 1-based line and column, and an RFC 6901
// JSON Pointer. Positions are computed once, from one line table, and are
// converted to UTF-16 only at the edge that needs it (browsers), by
// UTF16Offset.
//
// The parser is strict RFC 8259, but it recovers from the mistakes real Agent
// Cards contain (comments, trailing commas, single quotes, unquoted keys, a
// BOM, leading text, NaN/Infinity, adjacent strings, truncation) so that one
// run reports all of them, each at its exact place.
//
// The files follow the parser's seams: scan.go reads tokens (whitespace
// and comments, strings, numbers, literals, UTF-8), parse.go builds the
// tree and recovers from broken structure, problems.go records problems
// (codes, caps, catalogue messages), doc.go answers position questions
// about a parsed document.
package jsonpos

import (
	"bytes"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Position is a point in the source. Offset is 0-based in bytes; Line and
// Column are 1-based, Column counted in bytes.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

// Range is the half-open byte span [Start, End).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Edit replaces the bytes of Range with NewText.
type Edit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// Fix is a machine-applicable change: a title a person can read and the
// edits that carry it out. Edits never overlap.
type Fix struct {
	Title string `json:"title"`
	// Text is Title as data (catalogue id and arguments); a fix from the
	// parser has only Text, and whoever shows it words Title.
	Text Text `json:"-"`
	// Safe marks a fix that keeps what the card means: removing a
	// trailing comma or a comment with its line, quoting a key, spelling
	// a media type as registered. lint --fix and "fix all" apply safe
	// fixes only. Every other fix changes something a person has to
	// decide (renaming a skill id breaks its callers; REST to HTTP+JSON
	// is right only if the endpoint speaks it) and is applied only when
	// unsafe fixes are asked for (--unsafe-fixes).
	Safe  bool   `json:"safe"`
	Edits []Edit `json:"edits"`
}

// lineTable records the byte offset at which every line starts.
type lineTable []int

func newLineTable(src []byte) lineTable {
	lt := make(lineTable, 1, 1+bytes.Count(src, newline))
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return lt
		}
		i += j + 1
		lt = append(lt, i)
	}
}

func (lt lineTable) pos(off int) Position {
	// binary search for the last line start <= off
	lo, hi := 0, len(lt)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if lt[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return Position{Line: lo + 1, Column: off - lt[lo] + 1, Offset: off}
}

// UTF16Offset converts a byte offset in src to the number of UTF-16 code
// units before it — the unit JavaScript strings (and so CodeMirror) count in.
// Invalid UTF-8 bytes count as one unit each, as TextDecoder's replacement
// character does. This is the one place the project converts positions for
// browsers.
func UTF16Offset(src []byte, byteOffset int) int {
	if byteOffset > len(src) {
		byteOffset = len(src)
	}
	n := 0
	for i := 0; i < byteOffset; {
		c := src[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			n++
		} else if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// UTF16Offsets converts many byte offsets of one text at once, in one pass
// over it: UTF16Offset is applied to the stretches between consecutive
// offsets, so a thousand findings on a one-line minified card cost one scan,
// not a thousand. The answer for every offset is exactly UTF16Offset(src,
// off), also for offsets inside a character.
// offs is sorted in place.
func UTF16Offsets(src []byte, offs []int) map[int]int {
	m := make(map[int]int, len(offs))
	sort.Ints(offs)
	prev, acc := 0, 0
	for _, off := range offs {
		if _, done := m[off]; done {
			continue
		}
		if off < 0 || off > len(src) {
			m[off] = UTF16Offset(src, off)
			continue
		}
		if off < len(src) && !utf8.RuneStart(src[off]) {
			// inside a character: advance to the start of that character
			// (decoding from any character start stays aligned), then
			// count the few bytes left, so the pass stays linear
			rs := off
			for rs > prev && !utf8.RuneStart(src[rs]) {
				rs--
			}
			acc += UTF16Offset(src[prev:], rs-prev)
			prev = rs
			m[off] = acc + UTF16Offset(src[rs:], off-rs)
			continue
		}
		acc += UTF16Offset(src[prev:], off-prev)
		prev = off
		m[off] = acc
	}
	return m
}

// LineStart is the byte offset of the start of p's line.
func (p Position) LineStart() int { return p.Offset - (p.Column - 1) }

// UTF16Column converts a position's byte column to a 1-based UTF-16 column on
// the same line.
func UTF16Column(src []byte, p Position) int {
	lineStart := p.Offset - (p.Column - 1)
	if lineStart < 0 || p.Offset > len(src) {
		return p.Column
	}
	return UTF16Offset(src[lineStart:], p.Offset-lineStart) + 1
}

// String formats a position as line:column.
func (p Position) String() string { return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column) }
