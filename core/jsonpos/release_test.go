package jsonpos

import (
	"reflect"
	"strings"
	"testing"
)

// TestReleaseReuse: a document parsed into the memory of released ones
// has the tree a fresh parse gives, whichever document, larger or
// smaller, held that memory before, and a released Doc drops its tree.
func TestReleaseReuse(t *testing.T) {
	big := `{"skills": [` + strings.Repeat(`{"id": "a", "tags": ["x", "y"], "n": 1.5, "ok": true},`, 300) + `{}]}`
	docs := []string{
		`{"name": "a", "skills": [{"id": "s1"}, {"id": "s2", "tags": []}], "x": null}`,
		big,
		`[1, 2, [3, {"a": {"b": {"c": "\u00e9"}}}]]`,
		`{"a": 1, "a": 2, "b": [` + strings.Repeat(`"k",`, 40) + `"k"]}`,
		`{"broken": [1, 2`,
		big,
		`"just a string"`,
		`{}`,
	}
	for round := 0; round < 3; round++ {
		for i, src := range docs {
			want := Parse([]byte(src), Options{})
			got := Parse([]byte(src), Options{})
			if !reflect.DeepEqual(want.Root, got.Root) || !reflect.DeepEqual(want.Problems, got.Problems) {
				t.Fatalf("round %d, document %d: parsed into released memory, the tree differs", round, i)
			}
			got.Release()
			if got.Root != nil {
				t.Fatalf("document %d: Root kept after Release", i)
			}
			// the other document's memory is reused next, cleared
			other := Parse([]byte(docs[(i+1)%len(docs)]), Options{})
			other.Release()
		}
	}
}

// TestReleaseHostileKeepsNothing: a document of many slabs gives none
// back (keptSlabs), so one hostile card cannot leave megabytes in the
// pool for the next ones; it still drops its tree.
func TestReleaseHostileKeepsNothing(t *testing.T) {
	d := Parse([]byte("["+strings.Repeat("[],", 20000)+"[]]"), Options{})
	if len(d.slabs) <= keptSlabs {
		t.Fatalf("the document made %d slabs, want more than %d for this test", len(d.slabs), keptSlabs)
	}
	for { // empty the pool of what earlier tests gave back
		if slabPool.Get() == nil {
			break
		}
	}
	d.Release()
	if d.Root != nil || slabPool.Get() != nil {
		t.Fatal("a hostile document's slabs went back to the pool, or its tree stayed")
	}
}
