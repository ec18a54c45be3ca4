package engine

import "math/bits"

// word returns the domain of x, whose initial span is at most 64 values,
// as one word: bit o for offset o, the bits outside its bounds cleared.
func (t *store) word(x int32) uint64 {
	c := 3 * x
	mn, mx := t.cell[c+cMin], t.cell[c+cMax]
	return t.words[t.vi[x].woff] & (2<<uint(mx) - 1) &^ (1<<uint(mn) - 1)
}

// removeMask deletes from x, a one-word domain, the offsets in m: set
// bits within its bounds, not all of them (the caller has checked that
// the domain keeps a value). One removal record per offset, as removeBit
// would leave, so undoing them restores size and bounds; the size and
// bounds are written directly, as removeBit does.
func (t *store) removeMask(x int32, m uint64) {
	c := 3 * x
	w := &t.words[t.vi[x].woff]
	mn, mx := t.cell[c+cMin], t.cell[c+cMax]
	*w &^= m
	if !t.copying {
		for b := m; b != 0; b &= b - 1 {
			t.log = append(t.log, entry{^x, int32(bits.TrailingZeros64(b))})
		}
	}
	left := *w & (2<<uint(mx) - 1) &^ (1<<uint(mn) - 1)
	t.cell[c+cSize] -= int32(bits.OnesCount64(m))
	t.cell[c+cMin] = int32(bits.TrailingZeros64(left))
	t.cell[c+cMax] = int32(63 - bits.LeadingZeros64(left))
	t.changes++
	if t.track {
		t.touch(x)
	}
}
