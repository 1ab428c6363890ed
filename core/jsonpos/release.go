package jsonpos

import "sync"

// The node slabs and Children arenas of released documents, cleared,
// waiting for the next Parse. A tree is most of what a lint allocates
// (420 KB of the 510 KB of a 100 KB card's); in WebAssembly, where the
// collector shares the one thread with the lint, collections and write
// barriers were a quarter of the editor's lint on each keystroke.
var (
	slabPool  sync.Pool // *[]Node
	arenaPool sync.Pool // *[]*Node
)

// keptSlabs bounds what one document gives back: a card's tree fits in
// its first slab and a few more; a hostile document's hundreds of slabs
// go to the collector, as the lint's pooled maps do when a document grew
// them (lint.Context.release).
const keptSlabs = 8

// newSlab is a slab of at least n zero nodes, a released one if there is
// one that large.
func newSlab(n int) []Node {
	if s, ok := slabPool.Get().(*[]Node); ok && len(*s) >= n {
		return *s
	}
	return make([]Node, n)
}

// newArena is newSlab for the pointers Children slices are cut from.
func newArena(n int) []*Node {
	if a, ok := arenaPool.Get().(*[]*Node); ok && len(*a) >= n {
		return *a
	}
	return make([]*Node, n)
}

// Release hands the memory of d's tree to later Parse calls, and drops
// the tree: d.Root is nil afterwards, and no Node reached from d before
// may be used again (a later document's nodes will be written there).
// Src and Problems stay. For callers that keep nothing of the tree, the
// editor's lint on each keystroke above all (lint.Result.Release); the
// others leave it to the garbage collector, as before. Strings taken
// from nodes stay valid: they are the source's bytes or their own.
func (d *Doc) Release() {
	if len(d.slabs) > keptSlabs || len(d.arenas) > keptSlabs {
		d.Root, d.slab, d.slabs, d.arenas = nil, nil, nil, nil
		return
	}
	for _, s := range d.slabs {
		clear(s)
		slabPool.Put(&s)
	}
	for _, a := range d.arenas {
		clear(a)
		arenaPool.Put(&a)
	}
	d.Root, d.slab, d.slabs, d.arenas = nil, nil, nil, nil
}
