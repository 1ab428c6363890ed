package fix

import (
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

func edit(s, e int, text string) lint.Edit {
	return lint.Edit{Range: lint.Range{Start: lint.Position{Offset: s}, End: lint.Position{Offset: e}}, NewText: text}
}

func TestOverlap(t *testing.T) {
	cases := []struct {
		name string
		a, b lint.Edit
		want bool
	}{
		{"disjoint", edit(0, 2, ""), edit(5, 7, ""), false},
		{"touching", edit(0, 2, ""), edit(2, 4, ""), false},
		{"sharing a byte", edit(0, 3, ""), edit(2, 4, ""), true},
		{"nested", edit(0, 10, ""), edit(2, 4, ""), true},
		{"same range", edit(3, 5, "a"), edit(3, 5, "b"), true},
		{"insert inside", edit(0, 4, ""), edit(2, 2, "x"), true},
		{"insert at start", edit(2, 4, ""), edit(2, 2, "x"), false},
		{"insert at end", edit(2, 4, ""), edit(4, 4, "x"), false},
		{"two inserts same place", edit(3, 3, "a"), edit(3, 3, "b"), true},
		{"two inserts apart", edit(3, 3, "a"), edit(4, 4, "b"), false},
	}
	for _, c := range cases {
		if got := overlap(c.a, c.b); got != c.want {
			t.Errorf("%s: overlap = %v, want %v", c.name, got, c.want)
		}
		if got := overlap(c.b, c.a); got != c.want {
			t.Errorf("%s (swapped): overlap = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestChoose: fixes are taken in finding order; a fix with any edit
// overlapping an earlier choice is skipped whole (not partly applied); a
// fix whose own edits overlap is skipped; findings without edits are
// ignored; only the first fix of a finding counts.
func TestChoose(t *testing.T) {
	fix := func(id string, edits ...lint.Edit) lint.Fix { return lint.Fix{Text: i18n.T(id), Edits: edits} }
	diags := []lint.Diagnostic{
		{Code: "a", Fixes: []lint.Fix{fix("fix.a", edit(0, 3, "A"))}},
		{Code: "b", Fixes: []lint.Fix{fix("fix.b", edit(10, 11, ""), edit(2, 4, "B"))}}, // second edit overlaps a
		{Code: "c", Fixes: []lint.Fix{fix("fix.c", edit(10, 11, "C"))}},                 // free again: b was dropped whole
		{Code: "d"}, // no fix
		{Code: "e", Fixes: []lint.Fix{fix("fix.e")}},                                     // a fix without edits
		{Code: "f", Fixes: []lint.Fix{fix("fix.f", edit(20, 22, ""), edit(21, 23, ""))}}, // overlaps itself
		{Code: "g", Fixes: []lint.Fix{fix("fix.g", edit(3, 3, "G")), fix("fix.g2", edit(30, 30, "x"))}},
		{Code: "h", Fixes: []lint.Fix{fix("fix.h", edit(3, 3, "H"))}}, // same insertion point as g
	}
	edits, applied := choose(diags, Options{Unsafe: true})
	var codes string
	for _, a := range applied {
		codes += a.Code
	}
	if codes != "acg" {
		t.Fatalf("applied %q, want acg", codes)
	}
	if len(edits) != 3 || applied[2].Title.ID != "fix.g" {
		t.Fatalf("edits %v, titles %v", edits, applied)
	}
	out := applyEdits([]byte("0123456789ABCDEF"), edits)
	if string(out) != "AG3456789CBCDEF" {
		t.Errorf("applyEdits = %q", out)
	}
}
