package fix

import (
	"bytes"

	"github.com/pmezard/go-difflib/difflib"
)

// DiffContext is how many unchanged lines surround each change in Diff's
// output, as in diff -u and git diff.
const DiffContext = 3

// Diff is the unified diff that turns a into b, with name on both file
// header lines ("--- name", "+++ name"); "" when they are equal. A last
// line without a line break is shown as such ("\ No newline at end of
// file"), so that applying the diff with patch gives b exactly.
func Diff(name string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	out, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: lines(a), B: lines(b), FromFile: name, ToFile: name, Context: DiffContext,
	})
	if err != nil {
		// difflib only fails when writing to its buffer fails, which a
		// bytes.Buffer never does.
		return ""
	}
	return out
}

// lines splits text into lines that keep their "\n"; a last line without
// one gets the marker line patch understands.
func lines(b []byte) []string {
	var out []string
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, string(b)+"\n\\ No newline at end of file\n")
			break
		}
		out = append(out, string(b[:i+1]))
		b = b[i+1:]
	}
	return out
}
