package engine

import "math"

// elementBnd propagates result = items[index] over one dimension with
// the result bounds consistent, as Gecode's element is by default (and
// FlatZinc's array_var_int_element here unless annotated ::domain):
//
//   - an index value stays iff its item's bounds meet the result's;
//   - the result lies between the least lower bound and the greatest
//     upper bound of the items the index still allows;
//   - once one item is left, the index is fixed and item = result on
//     their bounds.
//
// The items still allowed are a reversible set (live): an item leaves it
// when the index loses its value or its bounds miss the result's, which
// stays so below the node, and a run reads only the others (Gecode keeps
// such a list too). A run costs O(live) against the general propagator's
// (element_prop.go) cells times the shared values of item and result,
// which on prize-collecting (25 elements over 25 items of 26 values) was
// most of the search.
type elementBnd struct {
	base  int64 // the index value of items[0]
	idx   int32 // the index's variable, or -1 for a constant
	idxC  int64
	items []int32 // per position: model variable, or -1 for a constant
	itemC []int64
	res   int32 // the result's variable, or -1 for a constant
	resC  int64
	live  revSet
	ev    *events
	idxL  int  // the index's local number, -1 for a constant
	moved bool // the index changed since the last run: live may hold items it no longer allows
	// idxWord: the index's domain is one word (initial span at most 64),
	// read once a run instead of value by value.
	idxWord bool
	// lowSup and highSup: the items of the least lower and greatest
	// upper bound at the last full run, hints for itemsMoved.
	lowSup, highSup int32

	// Per local variable: whether it is the index or the result, and the
	// positions it is the item of, to skip runs that only items no longer
	// allowed woke.
	core    []bool
	cellsOf [][]int32
}

func newElementBounds(b *builder, g *ElementConstraint, argX, xs []int32) (globalProp, globalOpts) {
	n := len(g.items())
	args := g.Args()
	p := &elementBnd{
		base: g.dims[0].Lo, idx: argX[0], items: argX[1 : 1+n], res: argX[1+n],
		itemC: make([]int64, n), ev: &events{},
		live: newRevSet(&b.s.st, int32(n)), idxL: -1,
	}
	if p.idx < 0 {
		p.idxC = args[0].(*Const).V
	}
	if p.res < 0 {
		p.resC = args[1+n].(*Const).V
	}
	for k, x := range p.items {
		if x < 0 {
			p.itemC[k] = args[1+k].(*Const).V
		}
	}
	local := localNumbers(xs)
	if p.idx >= 0 {
		p.idxL = local[p.idx]
		t := &b.s.st
		p.idxWord = t.bitset(p.idx) && t.vi[p.idx].width <= 64
	}
	var distinct bool
	p.core, p.cellsOf, distinct = itemCells(local, len(xs), []int32{p.idx, p.res}, p.items)
	return p, globalOpts{idem: distinct, ev: p.ev}
}

func (p *elementBnd) propagate(t *store, mode propMode) bool {
	p.moved = true
	if mode == modeAC {
		run, full := p.relevant(t)
		ok, done := true, !run
		if run && !full {
			ok, done = p.itemsMoved(t)
		}
		p.ev.pending = p.ev.pending[:0]
		if done {
			return ok
		}
	}
	if x := p.idx; x >= 0 {
		last := p.base + int64(len(p.items)) - 1
		if t.minOf(x) < p.base && !t.removeBelow(x, p.base) || t.maxOf(x) > last && !t.removeAbove(x, last) {
			return false
		}
	}
	for {
		rl, rh := p.bounds(t, p.res, p.resC)
		lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
		live := p.live.items[:t.cell[p.live.size]]
		// The index's values as one word: bit o for value vlo+o.
		var word uint64
		var vlo int64
		if p.idxWord {
			word, vlo = t.word(p.idx), t.vi[p.idx].lo
		}
		// Backwards: remove swaps the last live entry, already read,
		// into the place of the one it takes out.
		for k := len(live) - 1; k >= 0; k-- {
			i := live[k]
			v := p.base + int64(i)
			if p.moved {
				in := false
				if p.idxWord {
					o := uint64(v - vlo)
					in = o < 64 && word>>o&1 != 0
				} else {
					in = p.allows(t, v)
				}
				if !in {
					p.live.remove(t, i)
					continue
				}
			}
			il, ih := p.bounds(t, p.items[i], p.itemC[i])
			if ih < rl || il > rh {
				p.live.remove(t, i)
				if p.idx >= 0 && !t.remove(p.idx, v) {
					return false
				}
				continue
			}
			if il < lo {
				lo, p.lowSup = il, i
			}
			if ih > hi {
				hi, p.highSup = ih, i
			}
		}
		// The index holds only values of live items: those outside were
		// cut at the first run, and a value leaves with its item.
		switch t.cell[p.live.size] {
		case 0:
			return false
		case 1:
			return p.chosen(t, p.live.items[0])
		}
		if lo <= rl && hi >= rh {
			return true
		}
		// The result narrows (never a constant here: every live item
		// meets it), and items may no longer meet it.
		if !t.removeBelow(p.res, lo) || !t.removeAbove(p.res, hi) {
			return false
		}
	}
}

// allows reports whether the index can be v.
func (p *elementBnd) allows(t *store, v int64) bool {
	if p.idx < 0 {
		return v == p.idxC
	}
	return t.contains(p.idx, v)
}

// bounds returns the bounds of variable x, or c, c for a constant.
func (p *elementBnd) bounds(t *store, x int32, c int64) (int64, int64) {
	if x < 0 {
		return c, c
	}
	return t.minOf(x), t.maxOf(x)
}

// chosen makes item i, the only one left, and the result equal on their
// bounds, the index fixed to its position.
func (p *elementBnd) chosen(t *store, i int32) bool {
	if p.idx >= 0 && !t.fixTo(p.idx, p.base+int64(i)) {
		return false
	}
	y, r := p.items[i], p.res
	switch {
	case y < 0 && r < 0:
		return p.itemC[i] == p.resC
	case y < 0:
		return t.fixTo(r, p.itemC[i])
	case r < 0:
		return t.fixTo(y, p.resC)
	}
	return equalBounds(t, y, r)
}

// relevant reads the events and reports whether a run can narrow
// anything (the index or the result changed, or a live item), and
// whether it must be a full one (the index or the result changed). No
// event at all should not happen; it runs in full then. It also says
// whether the index moved: when not, live holds only values of the
// index, as every run since the index last changed left it (a state
// restored on backtrack was a fixpoint too), and the run need not test
// them.
func (p *elementBnd) relevant(t *store) (run, full bool) {
	if len(p.ev.pending) == 0 {
		p.moved = true
		return true, true
	}
	p.moved = false
	size := t.cell[p.live.size]
	for _, l := range p.ev.pending {
		if p.core[l] {
			p.moved = p.moved || int(l) == p.idxL
			run, full = true, true
			continue
		}
		for _, k := range p.cellsOf[l] {
			run = run || p.live.pos[k] < size
		}
	}
	return run, full
}

// itemsMoved is a run woken by items alone: those that changed and no
// longer meet the result leave, with their index values, and while the
// items that held the result's bounds at the last full run (lowSup,
// highSup: hints, checked) still do, nothing else can move. It reports
// done when that settles the run.
func (p *elementBnd) itemsMoved(t *store) (ok, done bool) {
	rl, rh := p.bounds(t, p.res, p.resC)
	for _, l := range p.ev.pending {
		for _, k := range p.cellsOf[l] {
			if p.live.pos[k] >= t.cell[p.live.size] {
				continue
			}
			if il, ih := p.bounds(t, p.items[k], p.itemC[k]); ih < rl || il > rh {
				p.live.remove(t, k)
				if p.idx >= 0 && !t.remove(p.idx, p.base+int64(k)) {
					return false, true
				}
			}
		}
	}
	switch size := t.cell[p.live.size]; size {
	case 0:
		return false, true
	case 1:
		return p.chosen(t, p.live.items[0]), true
	default:
		if p.live.pos[p.lowSup] >= size || p.live.pos[p.highSup] >= size {
			return true, false
		}
	}
	l, _ := p.bounds(t, p.items[p.lowSup], p.itemC[p.lowSup])
	_, h := p.bounds(t, p.items[p.highSup], p.itemC[p.highSup])
	return true, l <= rl && h >= rh
}

// reset puts live back in its initial order, for Solver.Reset.
func (p *elementBnd) reset() { p.live.identity() }
