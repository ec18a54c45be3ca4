package engine

import (
	"cmp"
	"slices"
	"sync"
)

// exprProp is the generic propagator: it serves any constraint the
// dedicated ones do not, by evaluating the compiled expression. Forward
// checking is nFC0: when exactly one variable is unfixed, every value of
// that variable is tried with the fixed values of the others and removed
// if the constraint does not hold; with none unfixed it is a check; with
// two or more it does nothing.
//
// The same propagator with a non-nil obj enforces branch and bound: the
// program is then the objective, which must be defined and better than the
// incumbent.
type exprProp struct {
	p   *program
	obj *objBound
	e   Expr // the constraint, which PropAC may flatten (flatten.go)
}

// objBound is the incumbent of an optimisation.
type objBound struct {
	sense Sense
	set   bool  // a solution has been found
	best  int64 // its objective value
}

func (o *objBound) accepts(v int64) bool {
	switch {
	case !o.set:
		return true
	case o.sense == Minimize:
		return v < o.best
	}
	return v > o.best
}

func (e *exprProp) vars() []int32 { return e.p.vars }

func (e *exprProp) holds() bool {
	if e.obj == nil {
		return e.p.holds(0)
	}
	v, ok := e.p.eval(0)
	return ok && e.obj.accepts(v)
}

func (e *exprProp) forward(t *store, _ int32) bool { return e.filter(t) }

func (e *exprProp) filter(t *store) bool {
	u := -1
	for l, x := range e.p.vars {
		if t.fixed(x) {
			e.p.vals[l] = t.minOf(x)
			continue
		}
		if u >= 0 {
			return true
		}
		u = l
	}
	if u < 0 {
		return e.holds()
	}
	x := e.p.vars[u]
	if t.size(x) > enumLimit {
		return e.shave(t, u)
	}
	if !t.bitset(x) {
		return e.filterWide(t, u)
	}
	// Removing the value just tried leaves the ones after it in place.
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) {
			return false
		}
		e.p.vals[u] = v
		if !e.holds() && !t.remove(x, v) {
			return false
		}
	}
	return true
}

// filterWide is filter's loop for a wide variable, local u: the values
// kept are gathered into intervals and set at once (wideKeep).
func (e *exprProp) filterWide(t *store, u int) bool {
	x := e.p.vars[u]
	var keep []Interval
	changed := false
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) {
			return false
		}
		e.p.vals[u] = v
		switch {
		case !e.holds():
			changed = true
		case len(keep) > 0 && keep[len(keep)-1].Hi == v-1:
			keep[len(keep)-1].Hi = v
		default:
			keep = append(keep, Interval{v, v})
		}
	}
	return !changed || t.wideKeep(x, keep)
}

// filterCheapFirst runs the root filters of constraints over one wide
// variable each, the cheapest to evaluate first: each filter tries only
// the values the ones before it left. The digits of n in 100000..999999
// (n % 97 = 0, two digits equal, the digits' sum 27) evaluated the sum of
// six quotients and remainders 900,000 times, written first; n % 97 = 0
// first leaves it 9,000 values. A filter that memo holds for the same
// domain is not run again: the solvers of a model (the workers, LNS) are
// built one after another, and each tried the same values. False if a
// domain empties.
func filterCheapFirst(t *store, ps []*exprProp, memo *filterMemo) bool {
	slices.SortStableFunc(ps, func(a, b *exprProp) int { return cmp.Compare(len(a.p.nodes), len(b.p.nodes)) })
	for _, p := range ps {
		x := p.p.vars[0]
		var before []Interval
		if memo != nil && p.e != nil && !t.bitset(x) {
			before = t.intervals(nil, x)
			if after, ok := memo.get(p.e, before); ok {
				if !slices.Equal(after, before) && !t.wideKeep(x, after) {
					return false
				}
				continue
			}
		}
		if !p.filter(t) {
			return false
		}
		if before != nil && !t.halted {
			memo.put(p.e, before, t.intervals(nil, x))
		}
	}
	return true
}

// filterMemo holds, per constraint over one wide variable, the domain its
// root filter left and the domain it was given.
type filterMemo struct {
	mu   sync.Mutex
	done map[Expr]filtered
}

type filtered struct{ before, after []Interval }

// memoIntervals is the most intervals a filtered domain kept in memory
// may have.
const memoIntervals = 1 << 16

func (m *filterMemo) get(e Expr, before []Interval) ([]Interval, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.done[e]
	if !ok || !slices.Equal(f.before, before) {
		return nil, false
	}
	return f.after, true
}

func (m *filterMemo) put(e Expr, before, after []Interval) {
	if len(before) > memoIntervals || len(after) > memoIntervals {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done == nil {
		m.done = map[Expr]filtered{}
	}
	m.done[e] = filtered{before, after}
}

// enumLimit is the most values of a variable that a generic constraint
// tries one by one (exprProp's filter, acExpr), wide domains included:
// 2^24, the widest domain before domains could be wide, so that a
// constraint such as y % 1000 = x keeps filtering 1..10^6 to its 1000
// values. A wider domain (0..10^9) is narrowed at its bounds only
// (shave), and the constraint is checked once every variable is fixed.
const enumLimit = 1 << 24

// shaveLimit is how many values shave tries at each end.
const shaveLimit = 64

// shave is filter for a single unfixed variable, local u, with too many
// values to try: it removes the values at each end of its domain for
// which the constraint fails, up to shaveLimit at each end, and stops at
// the first that satisfies it.
func (e *exprProp) shave(t *store, u int) bool {
	x := e.p.vars[u]
	for _, low := range [2]bool{true, false} {
		for range shaveLimit {
			v := t.maxOf(x)
			if low {
				v = t.minOf(x)
			}
			if e.p.vals[u] = v; e.holds() {
				break
			}
			if !t.remove(x, v) {
				return false
			}
		}
	}
	return true
}

func (e *exprProp) check(t *store, _ int32) bool {
	for l, x := range e.p.vars {
		if !t.fixed(x) {
			return true
		}
		e.p.vals[l] = t.minOf(x)
	}
	return e.holds()
}
