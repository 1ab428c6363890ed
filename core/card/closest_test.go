package card

import (
	"strings"
	"testing"
)

// TestClosest pins the one did-you-mean's thresholds: 1 edit for names of
// up to 4 characters, 2 up to 11, 3 from 12; case-only variants win; a
// tie or a distance as long as the name suggests nothing. Characters, not
// bytes, are counted, so CJK and emoji names get the same allowance.
func TestClosest(t *testing.T) {
	for _, tc := range []struct {
		name, in   string
		candidates []string
		want       string
	}{
		{"case only", "BEARER", []string{"basic", "bearer"}, "bearer"},
		{"one edit short name", "heder", []string{"header", "query", "cookie"}, "header"},
		{"two edits short name", "qry", []string{"header", "query", "cookie"}, ""},
		{"two edits medium name", "dscrption", []string{"description", "name"}, "description"},
		{"one edit tie", "skils", []string{"skill", "skills"}, ""},
		{"three edits long name", "supportedInterfcs", []string{"supportedInterfaces", "securitySchemes"}, "supportedInterfaces"},
		{"three edits medium name", "nm", []string{"name"}, ""},
		{"tie", "rea", []string{"read", "real"}, ""},
		{"distance as long as name", "ab", []string{"xy"}, ""},
		{"empty name", "", []string{"a"}, ""},
		{"no candidates", "name", nil, ""},
		{"CJK one edit", "写入文件", []string{"读入文件", "写出日志"}, "读入文件"},
		{"CJK case fold is exact", "读取", []string{"读取"}, "读取"},
		{"CJK too far", "读取", []string{"写入"}, ""},
		{"emoji is one character", "🚀🚀", []string{"🚀"}, "🚀"},
		{"emoji in a name", "🚀launch", []string{"🚀lunch", "🛸launch"}, ""},
		{"emoji one edit", "launch🚀", []string{"lunch🚀", "write"}, "lunch🚀"},
		{"huge name", strings.Repeat("a", 1<<20), []string{"a", "aa"}, ""},
		{"long names past the stack buffers", strings.Repeat("文", 100) + "x", []string{strings.Repeat("文", 100) + "y", "x"}, strings.Repeat("文", 100) + "y"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Closest(tc.in, tc.candidates); got != tc.want {
				t.Errorf("Closest(%.40q, %q) = %q, want %q", tc.in, tc.candidates, got, tc.want)
			}
		})
	}
}
