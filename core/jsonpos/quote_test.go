package jsonpos

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestQuote checks the one JSON quoter against encoding/json (HTML
// escaping off), which fixes were written with before: the same bytes,
// and the literal reads back as the same text (or U+FFFD for bad UTF-8);
// and AppendQuoteHTML against json.Marshal (HTML escaping on).
func TestQuote(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"empty", ""},
		{"ascii", "text/plain"},
		{"html stays readable", "a<b>&c"},
		{"html next to escapes", "<\"&\n>\u2028<"},
		{"quote and backslash", `say "hi" \o/`},
		{"controls", "a\nb\tc\rd\be\ff\x00g\x1fh\x7f"},
		{"CJK", "文本检索代理"},
		{"emoji", "🚀 launch 👩‍💻"},
		{"line separators", "a\u2028b\u2029c"},
		{"invalid UTF-8", "ab\xffc\xe6\x96"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(tc.in); err != nil {
				t.Fatal(err)
			}
			want := strings.TrimSuffix(b.String(), "\n")
			if got := Quote(tc.in); got != want {
				t.Errorf("Quote(%q) = %s, want %s", tc.in, got, want)
			}
			// AppendQuoteHTML is json.Marshal's quoting, after a prefix
			html, err := json.Marshal(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := AppendQuoteHTML([]byte("x:"), tc.in); string(got) != "x:"+string(html) {
				t.Errorf("AppendQuoteHTML(%q) = %s, want x:%s", tc.in, got, html)
			}
		})
	}
}

// TestClip checks that clipping never splits a character and never
// exceeds its bound, at every bound, for CJK, emoji and mixed text; and
// that QuoteClipped (the message quoter) keeps a long value's literal
// valid UTF-8 and bounded.
func TestClip(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		max      int
		want     string
	}{
		{"fits", "文本", 6, "文本"},
		{"CJK cut back to a boundary", "文本文本", 7, "文…"},
		{"emoji cut back to nothing", "😀😀", 6, "…"},
		{"emoji kept whole", "😀😀😀", 7, "😀…"},
		{"ascii", "abcdefgh", 6, "abc…"},
		{"bound below the ellipsis", "abcdef", 1, "…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Clip(tc.in, tc.max); got != tc.want {
				t.Errorf("Clip(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
			}
		})
	}
	for _, in := range []string{"文本检索代理", "🚀👩‍💻🛸", "a文😀b本", strings.Repeat("é", 10)} {
		for max := len("…"); max <= len(in)+1; max++ {
			got := Clip(in, max)
			if !utf8.ValidString(got) || len(got) > max {
				t.Errorf("Clip(%q, %d) = %q: split a character or too long", in, max, got)
			}
		}
	}
	long := "a" + strings.Repeat("文", 100) // the clip falls inside a character
	q := QuoteClipped(long)
	if !utf8.ValidString(q) || len(q) > MaxQuoted+2 || strings.Contains(q, `\ufffd`) {
		t.Errorf("QuoteClipped(300 bytes of CJK) = %s: invalid, too long or mangled", q)
	}
}
