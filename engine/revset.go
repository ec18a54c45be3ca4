package engine

// revSet is a reversible sparse set of the integers 0..n-1: the first size
// entries of items, with pos the inverse permutation. Removing an element
// swaps it behind the boundary, so restoring the trailed size on backtrack
// brings back exactly the elements removed since; the permutation itself
// need not be undone. An element is in the set iff its pos is below size.
type revSet struct {
	items []int32
	pos   []int32
	size  int32 // the index of the trailed size cell
}

func newRevSet(t *store, n int32) revSet {
	both := make([]int32, 2*n)
	r := revSet{items: both[:n:n], pos: both[n:], size: t.newCell(n)}
	for i := range n {
		r.items[i], r.pos[i] = i, i
	}
	return r
}

// remove takes x, which must be in the set, out of it and returns the
// elements left.
func (r *revSet) remove(t *store, x int32) []int32 {
	last := t.cell[r.size] - 1
	i, y := r.pos[x], r.items[last]
	r.items[i], r.items[last] = y, x
	r.pos[y], r.pos[x] = i, last
	t.set(r.size, last)
	return r.items[:last]
}

// identity puts the elements back in their initial order. Only the
// order changes: a set that holds all of them at the current level (a
// Reset solver's) stays the same set.
func (r *revSet) identity() {
	for i := range r.items {
		r.items[i], r.pos[i] = int32(i), int32(i)
	}
}
