package engine

// Incremental bounds for long linear comparisons. A sum over dozens of
// variables (MiniZinc's counts: Σ bool2int(...) = n) is woken by each of
// its variables in turn, and summing every term's bounds at each run made
// it the most expensive propagator of such models. linearIncr keeps the
// two sums and each term's range in reversible cells, so that a run reads
// only the terms its events name, and narrows only terms that are wider
// than the slack (linear_bounds.go). It is quiet: it brings its own
// narrowings into the sums as it makes them, so that the cells always
// match the domains when a run ends, whatever a failure elsewhere throws
// away.

// incrMinTerms is the least number of terms summed incrementally: below
// it, one pass over the bounds is about as cheap as the bookkeeping.
const incrMinTerms = 10

// cell64 is a reversible int64 held in two consecutive cells.
type cell64 int32

func newCell64(t *store) cell64 {
	c := t.newCell(0)
	t.newCell(0)
	return cell64(c)
}

func (c cell64) get(t *store) int64 {
	return int64(uint32(t.cell[c])) | int64(t.cell[c+1])<<32
}

func (c cell64) put(t *store, v int64) {
	if lo := int32(uint32(v)); t.cell[c] != lo {
		t.set(int32(c), lo)
	}
	if hi := int32(v >> 32); t.cell[c+1] != hi {
		t.set(int32(c)+1, hi)
	}
}

type linearIncr struct {
	p      *linearProp
	ev     events
	synced int32    // cell: 1 once the cells below match the domains
	lo, hi cell64   // Σ of the terms' least and greatest values, + k
	terms  []cell64 // per term: its least value, then (+2) its greatest
}

// newLinearIncr returns the incremental propagator of p, or nil where the
// plain one is the better choice.
func newLinearIncr(p *linearProp, t *store) *linearIncr {
	if len(p.xs) < incrMinTerms || p.dcTwo || p.rel == linNE || p.bySpan == nil {
		return nil
	}
	l := &linearIncr{p: p, synced: t.newCell(0), lo: newCell64(t), hi: newCell64(t)}
	l.terms = make([]cell64, len(p.xs))
	for i := range l.terms {
		l.terms[i] = newCell64(t)
		newCell64(t)
	}
	l.ev.quiet = true
	l.ev.pending = make([]int32, 0, len(p.xs))
	return l
}

func (l *linearIncr) propagate(s *Solver) bool {
	t := &s.st
	lo, hi := l.sums(t)
	ok := lo <= 0
	switch {
	case l.p.rel == linEQ:
		lo, hi, ok = l.eq(t, lo, hi)
	case ok:
		// Narrowing the greatest values leaves lo as it is: one pass.
		lo, hi, ok = l.p.narrowLE(t, lo, hi, l)
	}
	if ok {
		l.lo.put(t, lo)
		l.hi.put(t, hi)
	}
	return ok
}

// sums brings the cells up to date with the events and returns the sums.
func (l *linearIncr) sums(t *store) (lo, hi int64) {
	lo, hi = l.lo.get(t), l.hi.get(t)
	if t.cell[l.synced] == 0 {
		lo, hi = l.p.k, l.p.k
		for i := range l.p.xs {
			tl, th := termRange(t, l.p.xs[i], l.p.coef[i])
			l.terms[i].put(t, tl)
			(l.terms[i] + 2).put(t, th)
			lo, hi = lo+tl, hi+th
		}
		t.set(l.synced, 1)
	} else {
		for _, i := range l.ev.pending {
			lo, hi = l.update(t, int(i), lo, hi)
		}
	}
	l.ev.pending = l.ev.pending[:0]
	l.lo.put(t, lo)
	l.hi.put(t, hi)
	return lo, hi
}

// update reads term i's range again and moves the sums by its change.
func (l *linearIncr) update(t *store, i int, lo, hi int64) (int64, int64) {
	tl, th := termRange(t, l.p.xs[i], l.p.coef[i])
	c := l.terms[i]
	if old := c.get(t); old != tl {
		c.put(t, tl)
		lo += tl - old
	}
	if old := (c + 2).get(t); old != th {
		(c + 2).put(t, th)
		hi += th - old
	}
	return lo, hi
}

// eq narrows Σ coef·x + k = 0 round after round, as linearProp.bounds.
func (l *linearIncr) eq(t *store, lo, hi int64) (int64, int64, bool) {
	p := l.p
	for range creepLimit {
		if lo > 0 || hi < 0 {
			return lo, hi, false
		}
		if p.spans[0] <= uint64(-lo) && p.spans[0] <= uint64(hi) {
			break
		}
		c := t.changes
		if t.tick(int32(len(p.xs))) {
			return lo, hi, false
		}
		var ok bool
		if lo, hi, ok = p.narrowEQ(t, lo, hi, l); !ok {
			return lo, hi, false
		}
		if t.changes == c {
			break
		}
	}
	return lo, hi, true
}
