package engine

import "math"

// elementProp propagates result = items[index...] (element.go).
//
// One run enumerates the cells that the current index domains allow (the
// product of their sizes: the index values of a list, the pairs of a
// matrix) and calls a cell supported when its item can equal the result:
// their domains meet. Then
//
//   - an index value is kept iff some supported cell has it: domain
//     consistency on the indices;
//   - a result value is kept iff the item of some supported cell can take
//     it: domain consistency on the result;
//   - once every index is fixed, the one item left and the result keep
//     the values they share, which is domain consistency on every
//     argument when the variables of the indices, the items and the
//     result are distinct (while an index has two values, an item can
//     take anything: another cell may be the chosen one).
//
// Where a variable plays two parts (a[i] = i, a list holding its own
// index) each rule is still sound, but the run may not reach its own
// fixpoint, and the fixpoint may not be domain consistent.
//
// A run costs the number of cells allowed, times the size of the smaller
// of an item's and the result's domains for variable items, and is
// stateless: nothing needs undoing on backtrack (the residues kept per
// cell are hints, checked before use). Under forward checking
// (modeFC) the same full run is made after each assignment; it is cheap
// for the lists people index. Under AC the propagator hears which
// variables changed and skips a run when only items outside the allowed
// cells did.
type elementProp struct {
	dims   []Interval
	stride []int   // per dimension: cells per step of its index
	idx    []int32 // per dimension: model variable, or -1 for a constant
	idxC   []int64 // constant index values
	items  []int32 // per cell: model variable, or -1 for a constant
	itemC  []int64
	res    int32 // the result's variable, or -1 for a constant
	resC   int64
	ev     *events

	// Per local variable (its position in xs): whether it is an index or
	// the result, and the cells it is the item of.
	core     []bool
	cellsOf  [][]int32
	resid    []int64 // per cell, a value the item and the result shared last
	residOK  []bool
	cur      []int64  // scratch: the index values of the current cell
	ok       [][]bool // scratch, per dimension and index offset: supported
	mark     []uint64 // scratch: result values supported, by offset
	marked   int32    // number of bits set in mark
	allMarks bool     // every result value is supported: stop marking

	// A result whose initial span is wider than markSpan has no marks:
	// its supported values are taken as their hull, so the result is
	// bounds consistent only, and items and result share values by
	// intervals, not value by value.
	wide           bool
	hullLo, hullHi int64 // the hull of the supported result values (lo > hi: none)
}

// markSpan is the widest result whose supported values are marked one by
// one (one bit per value of its initial span).
const markSpan = 1 << 16

func (g *ElementConstraint) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	nd, n := len(g.dims), len(g.items())
	if g.Bounds && nd == 1 {
		p, opts := newElementBounds(b, g, argX, xs)
		return p, opts, nil
	}
	p := &elementProp{
		dims: g.dims, idx: argX[:nd], items: argX[nd : nd+n], res: argX[nd+n],
		idxC: make([]int64, nd), itemC: make([]int64, n),
		stride: make([]int, nd), cur: make([]int64, nd), ok: make([][]bool, nd),
		resid: make([]int64, n), residOK: make([]bool, n), ev: &events{},
	}
	args := g.Args()
	stride := 1
	for d := nd - 1; d >= 0; d-- {
		p.stride[d] = stride
		size := int(g.dims[d].Hi - g.dims[d].Lo + 1)
		stride *= size
		p.ok[d] = make([]bool, size)
		if p.idx[d] < 0 {
			p.idxC[d] = args[d].(*Const).V
		}
	}
	for k, x := range p.items {
		if x < 0 {
			p.itemC[k] = args[nd+k].(*Const).V
		}
	}
	if p.res < 0 {
		p.resC = args[nd+n].(*Const).V
	} else if w := b.s.st.vi[p.res].width; w <= markSpan {
		p.mark = make([]uint64, (w+63)/64)
	} else {
		p.wide = true
	}
	var distinct bool
	p.core, p.cellsOf, distinct = itemCells(localNumbers(xs), len(xs), append(append([]int32(nil), p.idx...), p.res), p.items)
	return p, globalOpts{idem: distinct, ev: p.ev}, nil
}

// localNumbers maps each of xs to its position.
func localNumbers(xs []int32) map[int32]int {
	local := make(map[int32]int, len(xs))
	for l, x := range xs {
		local[x] = l
	}
	return local
}

// itemCells returns, per local variable of an element, whether it is an
// index or the result (core), and the positions of the items it is; and
// whether no variable is two of these, so that the propagator is
// idempotent. Negative entries are constants.
func itemCells(local map[int32]int, n int, cores, items []int32) (core []bool, cellsOf [][]int32, distinct bool) {
	core, cellsOf, distinct = make([]bool, n), make([][]int32, n), true
	for _, x := range cores {
		if x >= 0 {
			distinct = distinct && !core[local[x]]
			core[local[x]] = true
		}
	}
	for k, x := range items {
		if x >= 0 {
			l := local[x]
			distinct = distinct && !core[l]
			cellsOf[l] = append(cellsOf[l], int32(k))
		}
	}
	return core, cellsOf, distinct
}

func (p *elementProp) propagate(t *store, mode propMode) bool {
	if mode == modeAC && !p.relevant(t) {
		return true
	}
	for d, x := range p.idx {
		if x < 0 {
			if p.idxC[d] < p.dims[d].Lo || p.idxC[d] > p.dims[d].Hi {
				return false
			}
		} else if !t.removeBelow(x, p.dims[d].Lo) || !t.removeAbove(x, p.dims[d].Hi) {
			return false
		}
	}
	if !p.supports(t) || !p.pruneIndices(t) || !p.pruneResult(t) {
		return false
	}
	return p.fixedCell(t)
}

// relevant consumes the events and reports whether a run can narrow
// anything: an index or the result changed, or an item that an allowed
// cell holds. (No event at all should not happen; it runs then.)
func (p *elementProp) relevant(t *store) bool {
	run := len(p.ev.pending) == 0
	for _, l := range p.ev.pending {
		if run {
			break
		}
		if p.core[l] {
			run = true
		}
		for _, k := range p.cellsOf[l] {
			if !run && p.allowed(t, int(k)) {
				run = true
			}
		}
	}
	p.ev.pending = p.ev.pending[:0]
	return run
}

// allowed reports whether the index domains allow cell k.
func (p *elementProp) allowed(t *store, k int) bool {
	for d, x := range p.idx {
		v := p.dims[d].Lo + int64(k/p.stride[d])
		k %= p.stride[d]
		if x < 0 && v != p.idxC[d] || x >= 0 && !t.contains(x, v) {
			return false
		}
	}
	return true
}

// supports walks the allowed cells, recording in ok the index values of
// the supported ones and in mark the result values their items can take.
// It reports false if no cell is supported.
func (p *elementProp) supports(t *store) bool {
	for _, ok := range p.ok {
		clear(ok)
	}
	p.clearMarks(t)
	found := false
	for d := range p.cur {
		p.cur[d] = p.first(t, d)
	}
	for {
		k := 0
		for d, v := range p.cur {
			k += int(v-p.dims[d].Lo) * p.stride[d]
		}
		if p.support(t, k) {
			found = true
			for d, v := range p.cur {
				p.ok[d][v-p.dims[d].Lo] = true
			}
		}
		if !p.nextCell(t) || t.tick(1) {
			return found // halted: the answer no longer matters (poll.go)
		}
	}
}

func (p *elementProp) first(t *store, d int) int64 {
	if p.idx[d] < 0 {
		return p.idxC[d]
	}
	return t.minOf(p.idx[d])
}

// nextCell advances cur to the next allowed cell in row-major order, or
// reports false after the last.
func (p *elementProp) nextCell(t *store) bool {
	for d := len(p.cur) - 1; d >= 0; d-- {
		if x := p.idx[d]; x >= 0 {
			if v, ok := t.nextValue(x, p.cur[d]); ok {
				p.cur[d] = v
				return true
			}
		}
		p.cur[d] = p.first(t, d)
	}
	return false
}

// support reports whether the item of cell k and the result share a
// value, marking the values they share until every result value is.
func (p *elementProp) support(t *store, k int) bool {
	y, r := p.items[k], p.res
	switch {
	case y < 0 && r < 0:
		return p.itemC[k] == p.resC
	case r < 0:
		return t.contains(y, p.resC)
	case y < 0:
		c := p.itemC[k]
		if !t.contains(r, c) {
			return false
		}
		p.setMark(t, c)
		return true
	case p.wide:
		return p.hullShared(t, k)
	case p.allMarks:
		return p.meets(t, k)
	}
	return p.markShared(t, k)
}

// hullShared widens the hull of the supported result values by those
// variable item k shares with the wide result, and reports whether there
// is one.
func (p *elementProp) hullShared(t *store, k int) bool {
	y, r := p.items[k], p.res
	lo, ok := t.firstShared(y, r, max(t.minOf(y), t.minOf(r)))
	if !ok {
		return false
	}
	hi, _ := t.lastShared(y, r, min(t.maxOf(y), t.maxOf(r)))
	p.hullLo, p.hullHi = min(p.hullLo, lo), max(p.hullHi, hi)
	return true
}

// meets reports whether variable item k and the result share a value,
// trying first the one they shared last (a hint, right or wrong after a
// backtrack, and checked: no state).
func (p *elementProp) meets(t *store, k int) bool {
	y, r := p.items[k], p.res
	if p.residOK[k] && t.contains(y, p.resid[k]) && t.contains(r, p.resid[k]) {
		return true
	}
	a, b := smallerFirst(t, y, r)
	hi := min(t.maxOf(y), t.maxOf(r))
	for v, ok := firstFrom(t, a, max(t.minOf(y), t.minOf(r))); ok && v <= hi; v, ok = t.nextValue(a, v) {
		if t.tick(1) {
			return true // halted: the answer no longer matters (poll.go)
		}
		if t.contains(b, v) {
			p.resid[k], p.residOK[k] = v, true
			return true
		}
	}
	return false
}

// markShared marks the values variable item k shares with the result and
// reports whether there is one.
func (p *elementProp) markShared(t *store, k int) bool {
	y, r := p.items[k], p.res
	a, b := smallerFirst(t, y, r)
	hi := min(t.maxOf(y), t.maxOf(r))
	found := false
	for v, ok := firstFrom(t, a, max(t.minOf(y), t.minOf(r))); ok && v <= hi; v, ok = t.nextValue(a, v) {
		if t.tick(1) {
			return true // halted: the answer no longer matters (poll.go)
		}
		if t.contains(b, v) {
			found = true
			p.resid[k], p.residOK[k] = v, true
			if p.setMark(t, v) {
				return true
			}
		}
	}
	return found
}

// smallerFirst returns x and y, the one with the smaller domain first.
func smallerFirst(t *store, x, y int32) (int32, int32) {
	if t.size(y) < t.size(x) {
		return y, x
	}
	return x, y
}

// firstFrom returns the least value of x that is at least lo.
func firstFrom(t *store, x int32, lo int64) (int64, bool) {
	if lo <= t.minOf(x) {
		return t.minOf(x), true
	}
	return t.nextValue(x, lo-1)
}

// setMark marks result value v as supported and reports whether every
// result value now is.
func (p *elementProp) setMark(t *store, v int64) bool {
	if p.wide {
		p.hullLo, p.hullHi = min(p.hullLo, v), max(p.hullHi, v)
		return false
	}
	o, _ := t.offset(p.res, v)
	if w, bit := o>>6, uint64(1)<<(o&63); p.mark[w]&bit == 0 {
		p.mark[w] |= bit
		p.marked++
		p.allMarks = int64(p.marked) == t.size(p.res)
	}
	return p.allMarks
}

// clearMarks clears the marks over the result's current bounds.
func (p *elementProp) clearMarks(t *store) {
	p.marked, p.allMarks = 0, p.res < 0
	p.hullLo, p.hullHi = math.MaxInt64, math.MinInt64
	if p.res < 0 || p.wide {
		return
	}
	lo := t.vi[p.res].lo
	clear(p.mark[(t.minOf(p.res)-lo)>>6 : (t.maxOf(p.res)-lo)>>6+1])
}

// pruneIndices removes the index values no supported cell has.
func (p *elementProp) pruneIndices(t *store) bool {
	for d, x := range p.idx {
		if x < 0 {
			continue
		}
		ok, lo := p.ok[d], p.dims[d].Lo
		for v, more := t.minOf(x), true; more; v, more = t.nextValue(x, v) {
			if t.tick(1) || !ok[v-lo] && !t.remove(x, v) {
				return false
			}
		}
	}
	return true
}

// pruneResult removes the result values no supported cell's item takes.
func (p *elementProp) pruneResult(t *store) bool {
	if p.allMarks {
		return true
	}
	r := p.res
	if p.wide {
		return t.removeBelow(r, p.hullLo) && t.removeAbove(r, p.hullHi)
	}
	base := t.vi[r].lo
	for v, more := t.minOf(r), true; more; v, more = t.nextValue(r, v) {
		o := v - base
		if t.tick(1) || p.mark[o>>6]&(1<<(o&63)) == 0 && !t.remove(r, v) {
			return false
		}
	}
	return true
}

// fixedCell makes the chosen item and the result equal once every index
// is fixed. The result already keeps only values of the item (the one
// supported cell); the item keeps the result's.
func (p *elementProp) fixedCell(t *store) bool {
	k := 0
	for d, x := range p.idx {
		v := p.idxC[d]
		if x >= 0 {
			if !t.fixed(x) {
				return true
			}
			v = t.minOf(x)
		}
		k += int(v-p.dims[d].Lo) * p.stride[d]
	}
	y := p.items[k]
	switch {
	case y < 0:
		return p.res < 0 || t.fixTo(p.res, p.itemC[k])
	case p.res < 0:
		return t.fixTo(y, p.resC)
	case p.wide || t.size(y) > markSpan:
		return t.keepShared(y, p.res) && t.keepShared(p.res, y)
	}
	for v, more := t.minOf(y), true; more; v, more = t.nextValue(y, v) {
		if t.tick(1) || !t.contains(p.res, v) && !t.remove(y, v) {
			return false
		}
	}
	return true
}
