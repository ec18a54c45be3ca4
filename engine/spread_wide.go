package engine

import (
	"math"
	mbits "math/bits"
	"unsafe"
)

// queensLayout is what spreadQueensFlat needs to find a variable's words
// and cells without reading its varInfo: the variables of the group are
// consecutive model variables x0, x0+1, ... that one addVars interleaved
// (word i of the m-th at woff + m + i*stride) with the same initial
// domain, and their diagonal positions are distinct, so that v, v+d and
// v-d are three different values for every other variable.
type queensLayout struct {
	x0     int32
	woff   int
	stride int
	lo     int64
	pos    []int64
	// hasAny[m]: some propagator wakes on any change of the m-th variable,
	// so that each removal must be reported (store.touch). Built at the
	// first run, once the watches exist.
	hasAny []bool
	pd     []int64 // per member: pos<<1 (below 2^61: see diagonalProp.small), plus 1 if hasAny
	// The members not yet spread, as a bit set in liveWords cells from
	// liveAt (member m at bit m&31 of cell liveAt+m>>5), and their count
	// in cell liveN: the pass visits them in order without reading the
	// assigned ones, which are half of them on average.
	liveAt, liveWords, liveN int32
}

// flatQueens enables spreadQueensFlat; tests turn it off to compare.
var flatQueens = true

// newQueensLayout returns the layout of a queens group over wide domains,
// or nil if its variables are not laid out as spreadQueensFlat needs.
func newQueensLayout(t *store, xs []int32, pos []int64) *queensLayout {
	if len(xs) < 2 {
		return nil
	}
	x0 := xs[0]
	v0 := &t.vi[x0]
	if v0.width <= 64 || int(v0.stride) < len(xs) {
		return nil
	}
	for m, x := range xs {
		vi := &t.vi[x]
		if x != x0+int32(m) || vi.lo != v0.lo || vi.width != v0.width ||
			vi.stride != v0.stride || vi.woff != v0.woff+m {
			return nil
		}
	}
	seen := make(map[int64]bool, len(pos))
	for _, p := range pos {
		if seen[p] {
			return nil
		}
		seen[p] = true
	}
	q := &queensLayout{x0: x0, woff: v0.woff, stride: int(v0.stride), lo: v0.lo, pos: pos}
	q.liveWords = int32(len(xs)+31) / 32
	for i := range q.liveWords {
		b := ^uint32(0)
		if r := len(xs) - 32*int(i); r < 32 {
			b = 1<<r - 1
		}
		at := t.newCell(int32(b))
		if i == 0 {
			q.liveAt = at
		}
	}
	q.liveN = t.newCell(int32(len(xs)))
	return q
}

// unlive takes member l out of the bit set of members not yet spread, as
// live, the propagator's set of them, has just done. The bit set is kept
// only here; should live have lost members some other way, the counts
// differ (the bit set has all of live's members, both being undone
// together), and the bit set is rebuilt from live.
func (q *queensLayout) unlive(t *store, l int32, live *revSet) {
	at := q.liveAt + l>>5
	if b := t.cell[at]; b>>(l&31)&1 != 0 {
		t.set(at, b&^(1<<(l&31)))
		t.set(q.liveN, t.cell[q.liveN]-1)
	}
	n := t.cell[live.size]
	if t.cell[q.liveN] == n {
		return
	}
	for i := range q.liveWords {
		t.set(q.liveAt+i, 0)
	}
	for _, m := range live.items[:n] {
		at := q.liveAt + m>>5
		t.set(at, t.cell[at]|1<<(m&31))
	}
	t.set(q.liveN, n)
}

// spreadQueensFlat is spreadQueensWide for a group with a queensLayout:
// the same removals, failures and charges, in the same order of the
// variables, and a variable reported changed (store.touch) only when some
// propagator wakes on it for that change: a size of two or one, or any
// change if it has such a watch. Reporting each of the Theta(n) changed
// variables at each node to the propagation loop, which then found
// nothing to wake, cost as much as the removals.
//
// It visits the members not yet spread in order through its own bit set
// of them (unlive): skipping the assigned ones, half of all on average,
// cost a tenth of the pass. Most members it visits hold many values, none
// of the three on a bound, and no propagator wakes on their every change:
// for those it removes each value strictly inside the bounds (whose bit
// is meaningful) with a bit test and a clear, and nothing can fail, move
// a bound or need reporting. Every other member (smallColumn) and the
// rare value on a bound (boundColumn) take the general steps: flatPass.run
// does the common members and stops at each other one, which the loop
// here does before resuming it. On 10000-queens this is a third of the
// time of doing every member the general way. The records of a member may
// come in another order than removeBit's; their undo does not depend on
// it.
//
// The pass stays Theta(n) per node, and a search to a first solution
// Theta(n^2): each queen takes its row from every unassigned column, so
// the n/2 columns assigned last have each lost n/2 values, one removal
// each, and dom-based variable orders need every size exact. On large
// boards the words (n^2 bits) outgrow the caches, and the time grows a
// little faster than n^2.
func (p *multiSpread) spreadQueensFlat(s *Solver, l int32) bool {
	t := &s.st
	q := p.flat
	if q.hasAny == nil {
		q.hasAny = make([]bool, len(p.xs))
		q.pd = make([]int64, len(p.xs))
		for m, x := range p.xs {
			q.hasAny[m] = s.ac.anyAt[x+1] > s.ac.anyAt[x]
			q.pd[m] = q.pos[m]<<1 | int64(b2u(q.hasAny[m]))
		}
	}
	q.unlive(t, l, &p.live)
	v := t.minOf(p.xs[l])
	// Room for three records per variable, so that they are written
	// without a check each, and one more, so that run's pointer to the
	// next record stays inside the log.
	if need := len(t.log) + 3*len(p.xs) + 1; need > cap(t.log) {
		for need > cap(t.log) {
			t.growLog()
		}
	}
	log := t.log[:cap(t.log)]
	k0 := len(t.log)
	pl := q.pos[l]
	o0 := uint64(v - q.lo)
	f := flatPass{
		words: unsafe.Pointer(&t.words[q.woff]),
		cells: unsafe.Pointer(&t.cell[3*q.x0]),
		pd:    unsafe.Pointer(unsafe.SliceData(q.pd)),
		live:  t.cell[q.liveAt : q.liveAt+q.liveWords],
		o0:    o0, pl: pl, stride: q.stride, nx0: ^q.x0,
	}
	lbase := unsafe.Pointer(unsafe.SliceData(log))
	k, wi, bits := k0, -1, uint32(0)
	t.fused.ok = false
	f.best = math.MaxInt64
	for {
		m, lp := 0, unsafe.Add(lbase, 8*k)
		m, wi, bits, lp = f.run(lp, wi, bits)
		k = int(uintptr(lp)-uintptr(lbase)) / 8
		if m < 0 {
			break
		}
		d := uint64(q.pd[m]>>1 - pl)
		c := 3*(q.x0+int32(m)) + cSize
		if t.cell[c] > 5 && !q.hasAny[m] {
			k = q.boundColumn(t, log, k, m, o0, d)
		} else {
			var fail bool
			if k, fail = q.smallColumn(t, log, k, m, o0, d); fail {
				t.log = log[:k]
				t.changes += uint64(k - k0)
				return p.wipeQueen(t, q.x0+int32(m), v, int64(d))
			}
		}
		f.best = min(f.best, int64(t.cell[c])<<32|int64(m))
	}
	// Every record written above is one removal.
	t.log = log[:k]
	t.changes += uint64(k - k0)
	t.fused = fusedMin{key: f.best + int64(q.x0), changes: t.changes, magic: t.magic,
		liveN: q.liveN, members: int32(len(p.xs)), ok: f.best != math.MaxInt64}
	return true
}

// flatPass is what flatPass.run reads of a node's spread: the layout's
// words, cells and pd (see queensLayout) as pointers, the cells of the
// live bit set, the value o0 (an offset) and the position pl of the
// queen placed, the words' stride, and ^x0.
type flatPass struct {
	words, cells, pd unsafe.Pointer
	live             []int32
	o0               uint64
	pl               int64
	stride           int
	nx0              int32
	best             int64 // the least size<<32|m of the members done so far
}

// run does the live members after the wi-th cell's bits (those left of
// it: bits) that have more than five values, no any-watch and none of the
// three values on a bound: the common case, which takes the values strictly
// inside the bounds (whose bits are meaningful) with a bit test and a
// clear each, and cannot fail, move a bound or need reporting. It writes
// the records from lp on. It stops at the first member it cannot do, and
// returns it (-1 at the end), the cursor after it, and where the next
// record goes.
//
// The members' words, records, cells and pd are reached through pointers
// rather than slices, and the loop calls nothing: with bounds checks at
// eight accesses per member, and calls to the general steps in its body,
// the compiler kept some twenty values live across it and spilled half of
// them at each member: the two changes took a fifth off the pass on
// 10000-queens (0.72 s to 0.63 s in all). The accesses are in
// range by construction: m < len(pd), the live bit set holding members
// only; a value's word is read only if its offset lies strictly inside
// the member's bounds, within the domain's width; and spreadQueensFlat
// makes room for three records per member and one more.
func (f *flatPass) run(lp unsafe.Pointer, wi int, bits uint32) (int, int, uint32, unsafe.Pointer) {
	words, cells, pd, live := f.words, f.cells, f.pd, f.live
	o0, pl, stride, nx0 := f.o0, f.pl, f.stride, f.nx0
	w0 := unsafe.Add(words, 8*int(o0>>6)*stride) // the row of o0's words
	om := o0 - 1
	best := f.best
	for {
		for bits == 0 {
			if wi++; wi >= len(live) {
				f.best = best
				return -1, wi, 0, lp
			}
			bits = uint32(live[wi])
		}
		m := wi<<5 + mbits.TrailingZeros32(bits)
		bits &= bits - 1
		pdm := *(*int64)(unsafe.Add(pd, 8*m))
		cs := (*[3]int32)(unsafe.Add(cells, 12*m))
		size := cs[cSize]
		if size <= 5 || pdm&1 != 0 {
			f.best = best
			return m, wi, bits, lp
		}
		d := uint64(pdm>>1 - pl)
		mn := uint64(cs[cMin])
		span1 := uint64(cs[cMax]) - mn - 1
		// a: the value's offset less mn+1, below span1 strictly inside
		// the bounds, ^0 or span1 on one.
		a0 := om - mn
		a1, a2 := a0+d, a0-d
		if a0 >= span1 && (a0+1 == 0 || a0 == span1) ||
			a1 >= span1 && (a1+1 == 0 || a1 == span1) ||
			a2 >= span1 && (a2+1 == 0 || a2 == span1) {
			f.best = best
			return m, wi, bits, lp
		}
		nx := nx0 - int32(m)
		n := uintptr(0)
		if a0 < span1 {
			wp := (*uint64)(unsafe.Add(w0, 8*m))
			w := *wp
			*wp = w &^ (1 << (o0 & 63))
			*(*entry)(lp) = entry{nx, int32(o0)}
			h := uintptr(b2u(w&(1<<(o0&63)) != 0))
			lp = unsafe.Add(lp, 8*h)
			n += h
		}
		if a1 < span1 {
			o := o0 + d
			wp := (*uint64)(unsafe.Add(words, 8*(m+int(o>>6)*stride)))
			w := *wp
			*wp = w &^ (1 << (o & 63))
			*(*entry)(lp) = entry{nx, int32(o)}
			h := uintptr(b2u(w&(1<<(o&63)) != 0))
			lp = unsafe.Add(lp, 8*h)
			n += h
		}
		if a2 < span1 {
			o := o0 - d
			wp := (*uint64)(unsafe.Add(words, 8*(m+int(o>>6)*stride)))
			w := *wp
			*wp = w &^ (1 << (o & 63))
			*(*entry)(lp) = entry{nx, int32(o)}
			h := uintptr(b2u(w&(1<<(o&63)) != 0))
			lp = unsafe.Add(lp, 8*h)
			n += h
		}
		size -= int32(n)
		cs[cSize] = size
		best = min(best, int64(size)<<32|int64(m))
	}
}

// boundColumn removes from the m-th member, which has more than five
// values and no any-watch, the values o0, o0+d and o0-d (offsets), some
// on a bound, and returns the new record count: those strictly inside
// the bounds as run does, then those on one (onBound).
func (q *queensLayout) boundColumn(t *store, log []entry, k, m int, o0, d uint64) int {
	x := q.x0 + int32(m)
	c := 3 * x
	mn, mx := uint64(t.cell[c+cMin]), uint64(t.cell[c+cMax])
	k1 := k
	for _, o := range [3]uint64{o0, o0 + d, o0 - d} {
		if o-mn-1 < mx-mn-1 {
			i := t.vi[x].at(int32(o >> 6))
			h := t.words[i] >> (o & 63) & 1
			t.words[i] &^= 1 << (o & 63)
			log[k] = entry{^x, int32(o)}
			k += int(h)
		}
	}
	size := t.cell[c+cSize] - int32(k-k1)
	k, size = q.onBound(t, log, k, x, size, [3]uint64{o0, o0 + d, o0 - d})
	t.cell[c+cSize] = size
	return k
}

// onBound removes those of the offsets os that are the bounds of x, whose
// size is size (more than three), and moves the bounds. Its records are
// counted as changes by the caller.
func (q *queensLayout) onBound(t *store, log []entry, k int, x int32, size int32, os [3]uint64) (int, int32) {
	c := 3 * x
	mn, mx := t.cell[c+cMin], t.cell[c+cMax]
	for _, o := range os {
		// In 64 bits: an offset far outside the domain (positions go up
		// to 2^60) may share its low 32 bits with a bound.
		if o32 := int32(o); (o == uint64(mn) || o == uint64(mx)) && t.bit(x, o32) {
			t.words[t.vi[x].at(o32>>6)] &^= 1 << (o32 & 63)
			log[k] = entry{^x, o32}
			k++
			size--
		}
	}
	if !t.bit(x, mn) {
		t.cell[c+cMin] = t.nextSet(x, mn)
	}
	if !t.bit(x, mx) {
		t.cell[c+cMax] = t.prevSet(x, mx)
	}
	return k, size
}

// smallColumn removes from the m-th member, which has five values or
// fewer or an any-watch, the values o0, o0+d and o0-d (offsets), and
// returns the new record count; or reports that they are all its values,
// having changed nothing. Whether each is present
// is read without a branch (a branch on it is mispredicted about one time
// in three on large boards), with an offset outside the bounds reading the
// word of the minimum instead and counting as clear; the three removals
// and their records are written at once.
func (q *queensLayout) smallColumn(t *store, log []entry, k, m int, o0, d uint64) (int, bool) {
	words, cell := t.words, t.cell
	o1, o2 := o0+d, o0-d
	x := q.x0 + int32(m)
	c := 3 * x
	mn, mx := uint64(cell[c+cMin]), uint64(cell[c+cMax])
	span := mx - mn
	// An offset outside the bounds is not in the domain; it reads
	// the word of the minimum instead, and its bit counts as clear.
	in0, in1, in2 := o0-mn <= span, o1-mn <= span, o2-mn <= span
	r0, r1, r2 := mn, mn, mn
	if in0 {
		r0 = o0
	}
	if in1 {
		r1 = o1
	}
	if in2 {
		r2 = o2
	}
	base := q.woff + m
	i0, i1, i2 := base+int(r0>>6)*q.stride, base+int(r1>>6)*q.stride, base+int(r2>>6)*q.stride
	h0 := words[i0] >> (r0 & 63) & b2u(in0)
	h1 := words[i1] >> (r1 & 63) & b2u(in1)
	h2 := words[i2] >> (r2 & 63) & b2u(in2)
	hit := h0 + h1 + h2
	size := cell[c+cSize]
	if int32(hit) >= size && hit != 0 {
		return k, true
	}
	words[i0] &^= h0 << (r0 & 63)
	words[i1] &^= h1 << (r1 & 63)
	words[i2] &^= h2 << (r2 & 63)
	log[k] = entry{^x, int32(r0)}
	k += int(h0)
	log[k] = entry{^x, int32(r1)}
	k += int(h1)
	log[k] = entry{^x, int32(r2)}
	k += int(h2)
	size -= int32(hit)
	cell[c+cSize] = size
	if hit != 0 && (size <= 2 || q.hasAny[m]) {
		t.touch(x)
	}
	if h0&b2u(r0 == mn)|h1&b2u(r1 == mn)|h2&b2u(r2 == mn) != 0 {
		cell[c+cMin] = t.nextSet(x, int32(mn))
	}
	if h0&b2u(r0 == mx)|h1&b2u(r1 == mx)|h2&b2u(r2 == mx) != 0 {
		cell[c+cMax] = t.prevSet(x, int32(mx))
	}
	return k, false
}

// wipeQueen removes from x, as spreadQueensWide does, the values v, v+d
// and v-d until the last one it holds, which it cannot take: it records
// the failure and charges the constraint that forbids that value.
func (p *multiSpread) wipeQueen(t *store, x int32, v, d int64) bool {
	for k, w := range [3]int64{v, v + d, v - d} {
		if o, ok := t.has(x, w); ok && !t.removeBit(x, o) {
			p.failed = p.cons[min(k, 1)]
			return false
		}
	}
	panic("wipeQueen: the domain kept a value")
}
