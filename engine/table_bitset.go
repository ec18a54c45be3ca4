package engine

import "math/bits"

// revBitset is the reversible sparse bit set of compact-table
// (Demeulenaere et al., CP 2016): the rows still valid, as 64-bit words.
// The store's reversible integers are 32 bits, so word w is the pair of
// cells base+2w (low half) and base+2w+1 (high half); a write saves only
// the halves it changes.
//
// The non-zero words are index[:limit], limit a reversible cell. A word
// that becomes zero is swapped just past the limit, so restoring the
// limit on backtrack brings back exactly the words emptied since, with
// their values restored by their own cells; the permutation itself need
// not be undone (the argument of revSet). Operations look at the non-zero
// words only, so a table whose valid rows have shrunk to a few words is
// cheap however large it was. A word past the limit is zero, which lets
// the supports' sparse entries be tested by reading their word directly.
type revBitset struct {
	base  int32
	limit int32
	index []int32
	mask  []uint64 // scratch, meaningful at the non-zero words only
}

// newRevBitset makes a set of n bits, all set.
func newRevBitset(t *store, n int) revBitset {
	words := (n + 63) / 64
	b := revBitset{index: make([]int32, words), mask: make([]uint64, words)}
	for w := range words {
		v := ^uint64(0)
		if w == words-1 && n&63 != 0 {
			v = 1<<(n&63) - 1
		}
		c := t.newCell(int32(uint32(v)))
		t.newCell(int32(uint32(v >> 32)))
		if w == 0 {
			b.base = c
		}
		b.index[w] = int32(w)
	}
	b.limit = t.newCell(int32(words))
	return b
}

// word returns word w.
func (b *revBitset) word(t *store, w int32) uint64 {
	c := b.base + 2*w
	return uint64(uint32(t.cell[c])) | uint64(uint32(t.cell[c+1]))<<32
}

// setWord writes word w, whose value is old.
func (b *revBitset) setWord(t *store, w int32, old, v uint64) {
	c := b.base + 2*w
	if uint32(old) != uint32(v) {
		t.set(c, int32(uint32(v)))
	}
	if old>>32 != v>>32 {
		t.set(c+1, int32(uint32(v>>32)))
	}
}

// empty reports whether no bit is set.
func (b *revBitset) empty(t *store) bool { return t.cell[b.limit] == 0 }

// active returns the indices of the non-zero words.
func (b *revBitset) active(t *store) []int32 { return b.index[:t.cell[b.limit]] }

// clearMask zeroes the scratch mask at the non-zero words.
func (b *revBitset) clearMask(t *store) {
	for _, w := range b.active(t) {
		b.mask[w] = 0
	}
}

// addToMask ors sparse entries into the mask.
func (b *revBitset) addToMask(ew []int32, eb []uint64) {
	for i, w := range ew {
		b.mask[w] |= eb[i]
	}
}

// addDenseToMask ors a dense set into the mask at the non-zero words.
func (b *revBitset) addDenseToMask(t *store, d []uint64) {
	for _, w := range b.active(t) {
		b.mask[w] |= d[w]
	}
}

// intersectWithMask keeps the bits set in the mask (or, with invert, the
// bits not set in it) and reports whether any bit is left.
func (b *revBitset) intersectWithMask(t *store, invert bool) bool {
	n := t.cell[b.limit]
	for i := n - 1; i >= 0; i-- {
		w := b.index[i]
		m := b.mask[w]
		if invert {
			m = ^m
		}
		old := b.word(t, w)
		v := old & m
		if v == old {
			continue
		}
		b.setWord(t, w, old, v)
		if v == 0 {
			n--
			b.index[i], b.index[n] = b.index[n], w
		}
	}
	t.set(b.limit, n)
	return n > 0
}

// intersectsDense reports whether the set meets a dense set.
func (b *revBitset) intersectsDense(t *store, d []uint64) bool {
	for _, w := range b.active(t) {
		if b.word(t, w)&d[w] != 0 {
			return true
		}
	}
	return false
}

// findEntry returns the first of the sparse entries, from start on and
// then from the beginning (a residue first), whose word meets the set,
// or -1.
func (b *revBitset) findEntry(t *store, ew []int32, eb []uint64, start int) int {
	for i := start; i < len(ew); i++ {
		if b.word(t, ew[i])&eb[i] != 0 {
			return i
		}
	}
	for i := 0; i < start; i++ {
		if b.word(t, ew[i])&eb[i] != 0 {
			return i
		}
	}
	return -1
}

// count returns the number of set bits below bit n.
func (b *revBitset) count(t *store, n int) int {
	k := 0
	for _, w := range b.active(t) {
		k += bits.OnesCount64(b.word(t, w) & prefixMask(w, n))
	}
	return k
}

// countEntries returns the number of set bits below bit n in the sparse
// entries.
func (b *revBitset) countEntries(t *store, ew []int32, eb []uint64, n int) int {
	k := 0
	for i, w := range ew {
		if int(w)<<6 >= n {
			break // entries ascend by word
		}
		k += bits.OnesCount64(b.word(t, w) & eb[i] & prefixMask(w, n))
	}
	return k
}

// prefixMask returns the bits of word w that stand for rows below n.
func prefixMask(w int32, n int) uint64 {
	lo := int(w) << 6
	switch {
	case n >= lo+64:
		return ^uint64(0)
	case n <= lo:
		return 0
	}
	return 1<<(n-lo) - 1
}
