package engine

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
	if v0.width <= 64 || v0.stride < len(xs) {
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
	return &queensLayout{x0: x0, woff: v0.woff, stride: v0.stride, lo: v0.lo, pos: pos}
}

// spreadQueensFlat is spreadQueensWide for a group with a queensLayout:
// the same removals, records, failures and charges, in the same order of
// the variables. Whether each of the three values is present is read
// without a branch (a branch on it is mispredicted about one time in
// three on large boards, which cost more than the reads), the three
// removals and their records are written at once, and a variable is
// reported changed (store.touch) only when some propagator wakes on it
// for that change: a size of two or one, or any change if it has such a
// watch. Reporting each of the Theta(n) changed variables at each node to
// the propagation loop, which then found nothing to wake, cost as much as
// the removals.
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
		for m, x := range p.xs {
			q.hasAny[m] = s.ac.anyAt[x+1] > s.ac.anyAt[x]
		}
	}
	v := t.minOf(p.xs[l])
	pos := q.pos
	pl := pos[l]
	live := &p.live
	n := t.cell[live.size]
	// Room for three records per variable, so that they are written
	// without a check each.
	if need := len(t.log) + 3*len(p.xs); need > cap(t.log) {
		for need > cap(t.log) {
			t.growLog()
		}
	}
	log := t.log[:cap(t.log)]
	k := len(t.log)
	words, cell := t.words, t.cell
	o0 := uint64(v - q.lo)
	for m := range p.xs {
		if live.pos[m] >= n {
			continue // assigned, l included
		}
		d := uint64(pos[m] - pl)
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
			t.log = log[:k]
			return p.wipeQueen(t, x, v, int64(d))
		}
		// Clearing a zero bit and a record not kept cost less than a
		// mispredicted branch; the three bits are distinct.
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
		t.changes += hit
		if hit != 0 && (size <= 2 || q.hasAny[m]) {
			t.touch(x)
		}
		// A removed bound moves to the nearest value left, as removeBit
		// moves it one removal at a time.
		if h0&b2u(r0 == mn)|h1&b2u(r1 == mn)|h2&b2u(r2 == mn) != 0 {
			cell[c+cMin] = t.nextSet(x, int32(mn))
		}
		if h0&b2u(r0 == mx)|h1&b2u(r1 == mx)|h2&b2u(r2 == mx) != 0 {
			cell[c+cMax] = t.prevSet(x, int32(mx))
		}
	}
	t.log = log[:k]
	return true
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
