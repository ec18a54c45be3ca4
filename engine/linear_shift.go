package engine

import "math/bits"

// Word-wide support tests for x - y = c. The binary linear equalities
// MiniZinc writes most (y = x + 137: a position plus a distance) have
// coefficients 1 and -1, so a value v of x has its support v + d in y,
// and the values of x that keep one are x's bits AND y's shifted by d:
// 64 values a step instead of a test per value.

// keepShifted removes from x the values v whose v + d is not in y, both
// bit sets; false if x is left empty. ok is false when the offsets would
// overflow, and nothing was done.
func (t *store) keepShifted(x, y int32, d int64) (alive, ok bool) {
	vx, vy := &t.vi[x], &t.vi[y]
	s, ok1 := AddInt(vx.lo, d)
	s, ok2 := SubInt(s, vy.lo) // y's offset of x's offset 0
	if !ok1 || !ok2 || s > 1<<62 || s < -(1<<62) {
		return true, false
	}
	mnx, mxx := t.cell[3*x+cMin], t.cell[3*x+cMax]
	mny, mxy := t.cell[3*y+cMin], t.cell[3*y+cMax]
	for wi := mnx >> 6; wi <= mxx>>6; wi++ {
		w := t.words[vx.at(wi)] & spanMask(int64(wi)<<6, int64(mnx), int64(mxx))
		if w == 0 {
			continue
		}
		drop := w &^ t.bitsFrom(y, s+int64(wi)<<6, mny, mxy)
		for ; drop != 0; drop &= drop - 1 {
			if !t.removeBit(x, wi<<6+int32(bits.TrailingZeros64(drop))) {
				return false, true
			}
		}
	}
	return true, true
}

// spanMask returns the bits j of a word starting at offset start for
// which start + j lies in lo..hi.
func spanMask(start, lo, hi int64) uint64 {
	from, to := max(lo-start, 0), min(hi-start, 63)
	if from > to {
		return 0
	}
	return (2<<uint(to) - 1) &^ (1<<uint(from) - 1)
}

// bitsFrom returns 64 bits of y's domain from offset start (bit j for
// offset start + j), those outside mn..mx cleared.
func (t *store) bitsFrom(y int32, start int64, mn, mx int32) uint64 {
	m := spanMask(start, int64(mn), int64(mx))
	if m == 0 {
		return 0
	}
	vy := &t.vi[y]
	q, r := start>>6, uint(start&63) // floor division: start may be negative
	w := t.wordOr0(vy, q) >> r
	if r != 0 {
		w |= t.wordOr0(vy, q+1) << (64 - r)
	}
	return w & m
}

// wordOr0 returns word i of a bit set, 0 outside it.
func (t *store) wordOr0(vi *varInfo, i int64) uint64 {
	if i < 0 || uint64(i) >= (vi.width+63)/64 {
		return 0
	}
	return t.words[vi.at(int32(i))]
}

// shiftedPair makes a·x + b·y + k = 0 with b = -a = ±1 over two dense
// bit sets domain consistent word by word; done is false, with nothing
// done, for other equalities. The builder's magnitude check keeps k·a
// from overflowing.
func shiftedPair(t *store, x, y int32, a, b, k int64) (ok, done bool) {
	if b != -a || a != 1 && a != -1 || !t.dense(x) || !t.dense(y) {
		return false, false
	}
	d := k * a // y = x + d
	if t.tick(int32((t.size(x) + t.size(y)) / 64)) {
		return false, true
	}
	alive, fits := t.keepShifted(x, y, d)
	if !fits {
		return false, false
	}
	if !alive {
		return false, true
	}
	alive, _ = t.keepShifted(y, x, -d)
	return alive, true
}

// dense reports whether x is a bit set with at least as many values as
// words between its bounds: a few values far apart (1,000 over a span of
// millions) are cheaper to test one by one than to shift word by word.
func (t *store) dense(x int32) bool {
	if !t.bitset(x) {
		return false
	}
	words := int64(t.cell[3*x+cMax]>>6) - int64(t.cell[3*x+cMin]>>6) + 1
	return words <= t.size(x)
}
