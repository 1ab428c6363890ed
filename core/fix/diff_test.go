package fix

import (
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	a := []byte("{\n  \"a\": 1, // one\n  \"b\": 2\n}\n")
	b := []byte("{\n  \"a\": 1,\n  \"b\": 2\n}\n")
	got := Diff("card.json", a, b)
	want := "--- card.json\n+++ card.json\n@@ -1,4 +1,4 @@\n {\n-  \"a\": 1, // one\n+  \"a\": 1,\n   \"b\": 2\n }\n"
	if got != want {
		t.Errorf("Diff =\n%s\nwant\n%s", got, want)
	}
	if Diff("x", a, a) != "" {
		t.Error("equal inputs give a diff")
	}
	// a last line without a line break is marked, as patch expects
	got = Diff("x", []byte("{}"), []byte("{}\n"))
	if !strings.Contains(got, "-{}\n\\ No newline at end of file\n+{}\n") {
		t.Errorf("missing newline marker:\n%s", got)
	}
}
