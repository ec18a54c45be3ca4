package engine

import "math"

// newBoundsMinMax returns z = min(xs) (max if isMax), bounds consistent
// only, as Gecode's default: the propagator of FlatZinc's
// array_int_minimum and int_min, which come by the hundred (fast-food
// has 26 minima of 17 absolute values each).
func newBoundsMinMax(t *store, xs []int32, z int32, isMax bool) *minMax {
	p := newMinMax(xs, z, isMax)
	p.bounds = true
	p.live = newRevSet(t, int32(len(xs)))
	return p
}

// propagateBounds makes z = min(xs) bounds consistent (read as min):
//
//   - z lies between the least lower bound and the least upper bound of
//     the live xs;
//   - every live x is at least min z; an x whose lower bound is above
//     max z leaves the live set;
//   - with one live x left, x = z on their bounds.
//
// It loops to its own fixpoint (holes can move a bound past the value
// asked for), so it runs as idempotent: no run is woken by its own
// changes. Each loop removes a value or stops, so it ends.
func (p *minMax) propagateBounds(t *store) bool {
	for {
		live := p.live.items[:t.cell[p.live.size]]
		lo, hi := int64(math.MaxInt64), int64(math.MaxInt64)
		for _, i := range live {
			x := p.xs[i]
			lo, hi = min(lo, p.lo(t, x)), min(hi, p.hi(t, x))
		}
		if len(live) == 0 || !p.atLeast(t, p.z, lo) || !p.atMost(t, p.z, hi) {
			return false
		}
		zl, zh := p.lo(t, p.z), p.hi(t, p.z)
		least, only, candidates := int64(math.MaxInt64), int32(-1), 0
		// Backwards: remove swaps the last live entry, already read,
		// into the place of the one it takes out.
		for k := len(live) - 1; k >= 0; k-- {
			i := live[k]
			x := p.xs[i]
			l := p.lo(t, x)
			if l < zl {
				if !p.atLeast(t, x, zl) {
					return false
				}
				l = p.lo(t, x)
			}
			if l > zh {
				p.live.remove(t, i)
				continue
			}
			least = min(least, l)
			only = x
			candidates++
		}
		switch candidates {
		case 0:
			return false
		case 1:
			return equalBounds(t, only, p.z)
		}
		if least == zl {
			// z's lower bound is held; the xs' upper bounds did not move,
			// so neither did z's.
			return true
		}
	}
}

// equalBounds makes x = y bounds consistent: each lies within the
// other's bounds, looping until holes stop moving them.
func equalBounds(t *store, x, y int32) bool {
	for {
		lo, hi := max(t.minOf(x), t.minOf(y)), min(t.maxOf(x), t.maxOf(y))
		if !narrowTo(t, x, lo, hi) || !narrowTo(t, y, lo, hi) {
			return false
		}
		if t.minOf(x) == t.minOf(y) && t.maxOf(x) == t.maxOf(y) {
			return true
		}
	}
}

// reset puts live back in its initial order, for Solver.Reset: the order
// of a run's narrowings is the order of propagation after it.
func (p *minMax) reset() {
	if p.bounds {
		p.live.identity()
	}
}
