package engine

import (
	"math"
	"math/bits"
)

// Domains are bit sets over the span of each variable's initial domain:
// bit o of variable x stands for the value vi[x].lo+o. Three reversible cells
// per variable (at 3x, 3x+1, 3x+2) hold its size and the offsets of its
// least and greatest values.
//
// The domain of x is the set bits between min and max; bits outside those
// bounds mean nothing. That makes assigning a value or cutting a bound O(1)
// cell writes, with no word touched. Invariants:
//
//   - size is the number of set bits in [min, max], and bits min and max
//     are set (a domain is never left empty: an operation that would empty
//     it changes nothing and reports failure, and the caller backtracks).
//   - A removal clears a bit strictly inside the bounds and is trailed as
//     (x, offset); its undo sets the bit, increments size, and widens
//     min/max to the offset. Words outside the bounds are never written, so
//     when a pop widens the bounds again the bits there are as they were.
//
// Every operation returns false when it would empty the domain.

const (
	cSize = iota
	cMin
	cMax
)

// varInfo is the fixed part of a variable's domain.
type varInfo struct {
	lo     int64  // the value of bit 0: the initial minimum
	width  uint64 // the span of the initial domain
	woff   int    // index of the first word in store.words
	stride int32  // distance in store.words between two words of the variable
	// wide is 1 + the index in store.wide of a variable whose domain is
	// bounds and gaps (domain_wide.go), 0 for a bit set. A wide variable
	// has no words: woff is far out of range, so that a bit-set path
	// taken on it by mistake fails at once rather than read other words.
	wide int32
}

// at returns the index in store.words of word i of the variable.
func (vi *varInfo) at(i int32) int { return vi.woff + int(i)*int(vi.stride) }

// bitset reports whether x's domain is a bit set: the fast paths that
// read words (fcnet, diffNet, the spreads, Régin's windows) are chosen
// for such variables only.
func (t *store) bitset(x int32) bool { return t.vi[x].wide == 0 }

// Word layout. A variable whose domain fits one word has it to itself.
// Wider variables declared one after the other with the same domain (the
// elements of an array) interleave theirs: word i of the k-th of them is
// at base + i*count + k. Forward checking on large n-queens removes, at
// each node, the values v and v ± d from every other variable, whose
// words then lie side by side instead of a whole domain apart: 10000
// variables read 3 x 80 KB in order instead of 3 x 640 KB of cache lines
// one at a time.

// bitsetSpan is the widest initial domain kept as a bit set: 1024 words,
// whose scans (a bound moved far, a count) stay short; wider ones are
// bounds and gaps (domain_wide.go), whose memory follows the gaps and not
// the span. A variable so that tests can make every domain wide.
var bitsetSpan uint64 = 1 << 16

// DomainBytes is at most what a search keeps for a variable whose initial
// domain spans span values (max - min + 1) in the given number of
// intervals: a bit per value of a span up to 2^16, a few words per gap
// beyond (domain_wide.go), twice over on a large model whose root
// propagation changed many domains (its search then keeps a copy of its
// start), and the variable's bounds and bookkeeping. Gaps that the search
// opens come on top, as its trail does.
func DomainBytes(span int64, intervals int) int64 {
	if span > 0 && uint64(span) <= bitsetSpan {
		return 2*8*((span+63)/64) + 64
	}
	return 160 + 2*32*int64(intervals)
}

// addVars appends count variables whose domain is the union of ivs
// (sorted, disjoint, not adjacent), size values in all, as bit sets or
// wide domains by its span, which must be below 2^63 - 1 (Model checks
// it): the values themselves are never listed, so that a domain of
// millions costs its words only.
func (t *store) addVars(ivs []Interval, size int64, count int) {
	lo, hi := ivs[0].Lo, ivs[len(ivs)-1].Hi
	if width := uint64(hi - lo + 1); width > bitsetSpan {
		t.addWide(ivs, count)
		return
	}
	width := hi - lo + 1
	nw := int((width + 63) / 64)
	pattern := make([]uint64, nw)
	for _, iv := range ivs { // whole words at once, each interval's
		setBits(pattern, iv.Lo-lo, iv.Hi-lo)
	}
	base := len(t.words)
	t.words = append(t.words, make([]uint64, nw*count)...)
	t.runs = append(t.runs, wordRun{base: base, count: count, pattern: pattern})
	for k := range count {
		vi := varInfo{lo: lo, width: uint64(width), woff: base + k*nw, stride: 1}
		if nw > 1 {
			vi.woff, vi.stride = base+k, int32(count)
		}
		for i, w := range pattern {
			t.words[vi.at(int32(i))] = w
		}
		t.vi = append(t.vi, vi)
		t.newCell(int32(size))
		t.newCell(0)
		t.newCell(int32(width - 1))
	}
}

// setBits sets bits a..b of words.
func setBits(words []uint64, a, b int64) {
	for a <= b {
		w, o := a>>6, a&63
		n := min(64-o, b-a+1) // bits of this word
		mask := ^uint64(0)
		if n < 64 {
			mask = (uint64(1)<<n - 1) << o
		}
		words[w] |= mask
		a += n
	}
}

// size returns the number of values of x. Its cell holds it up to
// MaxInt32, which is all a bit set can have; a wide domain with more
// counts them.
func (t *store) size(x int32) int64 {
	if n := t.cell[3*x+cSize]; n != math.MaxInt32 {
		return int64(n)
	}
	return t.wide[t.vi[x].wide-1].size
}

// size32 returns the number of values of x up to MaxInt32, and MaxInt32
// for more: a propagator that keeps it to see whether the domain changed
// (tables) only meets domains it has already narrowed to its values.
func (t *store) size32(x int32) int32 { return t.cell[3*x+cSize] }

func (t *store) minOf(x int32) int64 {
	vi := &t.vi[x]
	if vi.wide != 0 {
		return t.wide[vi.wide-1].min
	}
	return vi.lo + int64(t.cell[3*x+cMin])
}

func (t *store) maxOf(x int32) int64 {
	vi := &t.vi[x]
	if vi.wide != 0 {
		return t.wide[vi.wide-1].max
	}
	return vi.lo + int64(t.cell[3*x+cMax])
}

func (t *store) fixed(x int32) bool { return t.cell[3*x+cSize] == 1 }

// offset returns v's bit offset in x, or false if v lies outside x's
// initial span. The wrapped difference is exact: for v below lo it wraps
// to at least 2^63-lo, which is at least the width since lo+width-1 is an
// int64.
func (t *store) offset(x int32, v int64) (int32, bool) {
	vi := &t.vi[x]
	o := uint64(v - vi.lo)
	return int32(o), o < vi.width
}

func (t *store) bit(x, o int32) bool {
	return t.words[t.vi[x].at(o>>6)]&(1<<(o&63)) != 0
}

// inBounds reports whether offset o lies within x's current bounds, where
// bits are meaningful.
func (t *store) inBounds(x, o int32) bool {
	return o >= t.cell[3*x+cMin] && o <= t.cell[3*x+cMax]
}

func (t *store) contains(x int32, v int64) bool {
	if t.vi[x].wide != 0 {
		return t.wideContains(x, v)
	}
	o, ok := t.offset(x, v)
	return ok && t.bit(x, o) && t.inBounds(x, o)
}

// remove deletes v from the domain of x. It is the hot path of forward
// checking, so it is split: has is small enough to be inlined, and most
// calls stop there.
func (t *store) remove(x int32, v int64) bool {
	if t.vi[x].wide != 0 {
		return t.wideRemove(x, v)
	}
	o, ok := t.has(x, v)
	return !ok || t.removeBit(x, o)
}

// has returns v's offset in x if v's bit is set, which it is for every
// value of the domain (and maybe for values outside its bounds).
func (t *store) has(x int32, v int64) (int32, bool) {
	vi := &t.vi[x]
	o := uint64(v - vi.lo) // see offset
	return int32(o), o < vi.width && t.words[vi.at(int32(o>>6))]&(1<<(o&63)) != 0
}

// removeBit deletes offset o, whose bit is set, from x.
func (t *store) removeBit(x, o int32) bool {
	c := 3 * x
	if o < t.cell[c+cMin] || o > t.cell[c+cMax] {
		return true // a stale bit outside the bounds
	}
	if t.cell[c+cSize] == 1 {
		t.wiped = x
		return false
	}
	t.words[t.vi[x].at(o>>6)] &^= 1 << (o & 63)
	if !t.copying {
		t.record(entry{^x, o})
	}
	t.cell[c+cSize]--
	t.changes++
	if t.track {
		t.touch(x)
	}
	// Direct writes: the removal record undoes them (see above).
	if o == t.cell[c+cMin] {
		t.cell[c+cMin] = t.nextSet(x, o+1)
	} else if o == t.cell[c+cMax] {
		t.cell[c+cMax] = t.prevSet(x, o-1)
	}
	return true
}

// live1 returns the domain of x, whose initial span fits one word, as
// that word without the bits outside its bounds.
func (t *store) live1(x int32) uint64 {
	mn, mx := t.cell[3*x+cMin], t.cell[3*x+cMax]
	return t.words[t.vi[x].woff] & (2<<uint(mx) - 1) &^ (1<<uint(mn) - 1)
}

// removeWord deletes from x, whose initial span fits one word, the
// offsets at the set bits of b: all in its domain (live1), and not all of
// it. It is removeBit for several bits at once, with the same records.
func (t *store) removeWord(x int32, b uint64) {
	i := t.vi[x].woff
	w := t.words[i] &^ b
	t.words[i] = w
	if !t.copying {
		for r := b; r != 0; r &= r - 1 {
			t.record(entry{^x, int32(bits.TrailingZeros64(r))})
		}
	}
	c := 3 * x
	n := int32(bits.OnesCount64(b))
	t.cell[c+cSize] -= n
	t.changes += uint64(n)
	if t.track {
		t.touch(x)
	}
	// Bits inside the old bounds are meaningful, and one of them stays.
	if mn := t.cell[c+cMin]; b>>uint(mn)&1 != 0 {
		t.cell[c+cMin] = int32(bits.TrailingZeros64(w &^ (1<<uint(mn) - 1)))
	}
	if mx := t.cell[c+cMax]; b>>uint(mx)&1 != 0 {
		t.cell[c+cMax] = int32(63 - bits.LeadingZeros64(w&(2<<uint(mx)-1)))
	}
}

// unremove undoes a removal of offset o from x.
func (t *store) unremove(x, o int32) {
	t.words[t.vi[x].at(o>>6)] |= 1 << (o & 63)
	c := 3 * x
	t.cell[c+cSize]++
	if o < t.cell[c+cMin] {
		t.cell[c+cMin] = o
	}
	if o > t.cell[c+cMax] {
		t.cell[c+cMax] = o
	}
}

// fixTo reduces the domain of x to {v}.
func (t *store) fixTo(x int32, v int64) bool {
	if t.vi[x].wide != 0 {
		return t.wideFix(x, v)
	}
	o, ok := t.offset(x, v)
	if !ok || !t.bit(x, o) || !t.inBounds(x, o) {
		return false
	}
	c := 3 * x
	if t.cell[c+cSize] == 1 {
		return true
	}
	t.set(c+cSize, 1)
	t.set(c+cMin, o)
	t.set(c+cMax, o)
	t.changes++
	if t.track {
		t.touch(x)
	}
	return true
}

// removeBelow deletes the values of x less than v.
func (t *store) removeBelow(x int32, v int64) bool {
	c := 3 * x
	if v <= t.minOf(x) {
		return true
	}
	if v > t.maxOf(x) {
		t.wiped = x
		return false
	}
	if t.vi[x].wide != 0 {
		return t.wideBounds(x, v, t.maxOf(x))
	}
	o := int32(v - t.vi[x].lo)
	mn := t.cell[c+cMin]
	t.set(c+cSize, t.cell[c+cSize]-t.count(x, mn, o-1))
	t.set(c+cMin, t.nextSet(x, o))
	t.changes++
	if t.track {
		t.touch(x)
	}
	return true
}

// removeAbove deletes the values of x greater than v.
func (t *store) removeAbove(x int32, v int64) bool {
	c := 3 * x
	if v >= t.maxOf(x) {
		return true
	}
	if v < t.minOf(x) {
		t.wiped = x
		return false
	}
	if t.vi[x].wide != 0 {
		return t.wideBounds(x, t.minOf(x), v)
	}
	o := int32(v - t.vi[x].lo)
	mx := t.cell[c+cMax]
	t.set(c+cSize, t.cell[c+cSize]-t.count(x, o+1, mx))
	t.set(c+cMax, t.prevSet(x, o))
	t.changes++
	if t.track {
		t.touch(x)
	}
	return true
}

// removeRange deletes the values a..b of x: on a wide domain one gap,
// on a bit set one value at a time (its span is small).
func (t *store) removeRange(x int32, a, b int64) bool {
	mn, mx := t.minOf(x), t.maxOf(x)
	switch {
	case a > b || b < mn || a > mx:
		return true
	case a <= mn && b >= mx:
		t.wiped = x
		return false
	case a <= mn:
		return t.removeBelow(x, b+1) // b < mx: no overflow
	case b >= mx:
		return t.removeAbove(x, a-1)
	case t.vi[x].wide != 0:
		return t.wideRemoveRange(x, a, b)
	}
	for v, ok := t.nextValue(x, a-1); ok && v <= b; v, ok = t.nextValue(x, v) {
		t.remove(x, v) // strictly inside the bounds: cannot empty the domain
	}
	return true
}

// nextSet returns the least set offset >= o of x; the caller knows one
// exists at or below max.
func (t *store) nextSet(x, o int32) int32 {
	vi := &t.vi[x]
	i := o >> 6
	w := t.words[vi.at(i)] &^ (1<<(o&63) - 1)
	for w == 0 {
		i++
		w = t.words[vi.at(i)]
	}
	return i<<6 + int32(bits.TrailingZeros64(w))
}

// prevSet returns the greatest set offset <= o of x; the caller knows one
// exists at or above min.
func (t *store) prevSet(x, o int32) int32 {
	vi := &t.vi[x]
	i := o >> 6
	w := t.words[vi.at(i)] & (2<<(o&63) - 1) // bits 0..o&63; wraps to all ones for 63
	for w == 0 {
		i--
		w = t.words[vi.at(i)]
	}
	return i<<6 + 63 - int32(bits.LeadingZeros64(w))
}

// count returns the number of set bits of x in offsets [a, b].
func (t *store) count(x, a, b int32) int32 {
	if a > b {
		return 0
	}
	vi := &t.vi[x]
	i, j := a>>6, b>>6
	lowMask := ^uint64(0) << (a & 63)
	highMask := uint64(2)<<(b&63) - 1
	if i == j {
		return int32(bits.OnesCount64(t.words[vi.at(i)] & lowMask & highMask))
	}
	n := bits.OnesCount64(t.words[vi.at(i)]&lowMask) + bits.OnesCount64(t.words[vi.at(j)]&highMask)
	for k := i + 1; k < j; k++ {
		n += bits.OnesCount64(t.words[vi.at(k)])
	}
	return int32(n)
}

// nextValue returns the least value of x greater than v.
func (t *store) nextValue(x int32, v int64) (int64, bool) {
	if v >= t.maxOf(x) {
		return 0, false
	}
	if t.vi[x].wide != 0 {
		return t.wideNext(x, max(v+1, t.minOf(x))), true
	}
	o := t.cell[3*x+cMin]
	if v >= t.minOf(x) {
		o = int32(v-t.vi[x].lo) + 1
	}
	return t.vi[x].lo + int64(t.nextSet(x, o)), true
}

// prevValue returns the greatest value of x less than v.
func (t *store) prevValue(x int32, v int64) (int64, bool) {
	if v <= t.minOf(x) {
		return 0, false
	}
	if t.vi[x].wide != 0 {
		return t.widePrev(x, min(v-1, t.maxOf(x))), true
	}
	o := t.cell[3*x+cMax]
	if v <= t.maxOf(x) {
		o = int32(v-t.vi[x].lo) - 1
	}
	return t.vi[x].lo + int64(t.prevSet(x, o)), true
}

// values appends the domain of x to dst in ascending order.
func (t *store) values(dst []int64, x int32) []int64 {
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		dst = append(dst, v)
	}
	return dst
}

// window returns the domain of x as a bit set in which bit i stands for
// offset a+i; every value of the domain must lie in [a, a+63] (a may be
// negative).
func (t *store) window(x, a int32) uint64 {
	vi := &t.vi[x]
	mn, mx := t.cell[3*x+cMin], t.cell[3*x+cMax]
	w0, w1 := mn>>6, mx>>6
	lo := t.words[vi.at(w0)] &^ (1<<(mn&63) - 1)
	if w0 == w1 {
		lo &= 2<<(mx&63) - 1
	}
	out := shiftBits(lo, w0<<6-a)
	if w1 != w0 {
		out |= shiftBits(t.words[vi.at(w1)]&(2<<(mx&63)-1), w1<<6-a)
	}
	return out
}

// valueWindow returns the domain of x as a bit set in which bit i stands
// for the value base+i; every value of the domain must lie in
// [base, base+63]. It reads any domain, wide ones value by value.
func (t *store) valueWindow(x int32, base int64) uint64 {
	var w uint64
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		w |= 1 << uint64(v-base)
	}
	return w
}

// shiftBits shifts w left by s bits, right by -s if s is negative.
func shiftBits(w uint64, s int32) uint64 {
	if s >= 0 {
		return w << uint(s)
	}
	return w >> uint(-s)
}

// ValuesMid orders the values of x by their distance to the middle of its
// bounds, (min+max)/2, the lower first on a tie. The bounds are those of
// the level the variable is branched at, kept in the frame so that the
// order stays the same while its values are tried. Offsets keep the sums
// small: c below is min+max as offsets, and |2o - c| the distance.

// midCenter returns min+max of x as offsets (as a uint64 for a wide
// domain, whose offsets reach 2^63).
func (t *store) midCenter(x int32) int64 {
	if t.vi[x].wide != 0 {
		lo := t.vi[x].lo
		return int64(uint64(t.minOf(x)-lo) + uint64(t.maxOf(x)-lo))
	}
	return int64(t.cell[3*x+cMin] + t.cell[3*x+cMax])
}

// midFirst returns the first value of x in that order.
func (t *store) midFirst(x int32, c64 int64) int64 {
	if t.vi[x].wide != 0 {
		return t.wideMidFirst(x, uint64(c64))
	}
	c := int32(c64)
	mn, mx := t.cell[3*x+cMin], t.cell[3*x+cMax]
	lo, o := int32(-1), int32(-1)
	if c/2 >= mn {
		lo = t.prevSet(x, min(c/2, mx))
		o = lo
	}
	if h := max(c/2+1, mn); h <= mx {
		if hi := t.nextSet(x, h); lo < 0 || 2*hi-c < c-2*lo {
			o = hi
		}
	}
	return t.vi[x].lo + int64(o)
}

// midNext returns the value after v in that order. The domain may have
// lost values since c was taken, even v itself (replay, see popLevel).
func (t *store) midNext(x int32, v int64, c64 int64) (int64, bool) {
	if t.vi[x].wide != 0 {
		return t.wideMidNext(x, v, uint64(c64))
	}
	c := int32(c64)
	mn, mx := t.cell[3*x+cMin], t.cell[3*x+cMax]
	o := int32(v - t.vi[x].lo)
	lo, hi := int32(-1), int32(-1)
	// Searches start within [mn, mx], where the bits mean something.
	if 2*o <= c { // v is on the low side: its mirror c-o comes next on the high side
		if b := min(o-1, mx); b >= mn {
			lo = t.prevSet(x, b)
		}
		if a := max(c-o, o+1, mn); a <= mx {
			hi = t.nextSet(x, a)
		}
	} else { // on the high side: its mirror was tried before it
		if a := max(o+1, mn); a <= mx {
			hi = t.nextSet(x, a)
		}
		if b := min(c-o-1, mx); b >= mn {
			lo = t.prevSet(x, b)
		}
	}
	switch {
	case lo < 0 && hi < 0:
		return 0, false
	case hi < 0 || lo >= 0 && c-2*lo <= 2*hi-c:
		return t.vi[x].lo + int64(lo), true
	}
	return t.vi[x].lo + int64(hi), true
}
