package engine

import "math"

// minMax is z = min(xs) (or max, read with every value negated: max(xs) =
// -min(-xs)). For min:
//
//   - z lies between the least lower bound and the least upper bound of
//     the xs;
//   - every x is at least min z;
//   - the xs whose lower bound is at most max z are the candidates for
//     the minimum; with none it fails, and with one, that x is z: it is
//     at most max z, and when both are small each keeps only the other's
//     values;
//   - when z has at most smallDomain values (and the xs, squared, times
//     them at most 2^16), the values without support go: a value of z
//     needs an x that holds it while the others can be that or more; a
//     value w of x_i needs w in z with the others at w or more, or a
//     value of z below w supported without x_i.
//
// That is bounds consistency, and domain consistency when z is small, as
// Gecode's min and max offer.
type minMax struct {
	xs     []int32
	z      int32
	isMax  bool
	bounds bool // bounds consistency only: no domain step (minmax_bounds.go)
	// live holds, with bounds, the positions in xs of the xs that can
	// still be the minimum: one whose lower bound passed z's upper bound
	// never can again below this node, nor constrain z or be narrowed, so
	// that a run reads only the others (Gecode drops them too).
	live revSet
}

func newMinMax(xs []int32, z int32, isMax bool) *minMax {
	return &minMax{xs: append([]int32(nil), xs...), z: z, isMax: isMax}
}

// lo, hi and the narrowing helpers read a variable as -x for max.
func (p *minMax) lo(t *store, x int32) int64 {
	if p.isMax {
		return -t.maxOf(x)
	}
	return t.minOf(x)
}

func (p *minMax) hi(t *store, x int32) int64 {
	if p.isMax {
		return -t.minOf(x)
	}
	return t.maxOf(x)
}

func (p *minMax) atLeast(t *store, x int32, v int64) bool {
	if p.isMax {
		return t.removeAbove(x, -v)
	}
	return t.removeBelow(x, v)
}

func (p *minMax) atMost(t *store, x int32, v int64) bool {
	if p.isMax {
		return t.removeBelow(x, -v)
	}
	return t.removeAbove(x, v)
}

func (p *minMax) propagate(t *store, _ propMode) bool {
	if p.bounds {
		return p.propagateBounds(t)
	}
	fixpoint := false
	for range maxRounds {
		c := t.changes
		if !p.round(t) {
			return false
		}
		if t.changes == c {
			fixpoint = true
			break
		}
	}
	n := int64(len(p.xs))
	if t.size(p.z) > smallDomain || n*n*int64(t.size(p.z)) > 1<<16 {
		return true
	}
	if fixpoint && p.intervals(t) {
		// Over intervals, round's fixpoint is domain consistent already:
		// a value of z is held by the x of least lower bound, a value of
		// x_i at most max z is in z, and one above has the least value
		// of another candidate beneath it (with x_i the only candidate,
		// round made x_i's domain z's).
		return true
	}
	return p.domains(t)
}

// intervals reports whether z and every x are intervals, without holes.
func (p *minMax) intervals(t *store) bool {
	if t.size(p.z) != t.maxOf(p.z)-t.minOf(p.z)+1 {
		return false
	}
	for _, x := range p.xs {
		if t.size(x) != t.maxOf(x)-t.minOf(x)+1 {
			return false
		}
	}
	return true
}

// has reports whether x holds v, read as min's value (negated for max).
func (p *minMax) has(t *store, x int32, v int64) bool {
	if p.isMax {
		return t.contains(x, -v)
	}
	return t.contains(x, v)
}

// domains makes z and the xs domain consistent (read as min): a value v
// of z stays iff some x holds it and every other x can be v or more; a
// value w of x_i stays iff either w is in z and every other x can be w
// or more, or some value of z below w has such a support without x_i.
func (p *minMax) domains(t *store) bool {
	var low lowest
	low.find(p, t)
	var sup supports
	sup.find(p, t, &low)
	for i, xi := range p.xs {
		best, found := sup.without(i) // the least z value supported without x_i
		if !sup.ok {
			best, found = int64(0), false
			p.eachValue(t, p.z, func(v int64) bool {
				for j, xj := range p.xs {
					if j != i && p.has(t, xj, v) && v <= low.without(i, j) {
						best, found = v, true
						return false
					}
				}
				return true
			})
		}
		var bad []int64
		reach := low.without(i, -1)
		p.eachValue(t, xi, func(w int64) bool {
			if found && w > best {
				return false // x_i above a supported minimum: any value will do
			}
			if !(p.has(t, p.z, w) && w <= reach) {
				bad = append(bad, w)
			}
			return true
		})
		for _, w := range bad {
			if !p.remove(t, xi, w) {
				return false
			}
		}
		if len(bad) > 0 {
			low.find(p, t) // x_i's upper bound may have moved
			sup.find(p, t, &low)
		}
	}
	var bad []int64
	p.eachValue(t, p.z, func(v int64) bool {
		held := false
		for j, xj := range p.xs {
			if p.has(t, xj, v) && v <= low.without(j, -1) {
				held = true
				break
			}
		}
		if !held {
			bad = append(bad, v)
		}
		return true
	})
	for _, v := range bad {
		if !p.remove(t, p.z, v) {
			return false
		}
	}
	return true
}

// supports holds the least value of z that an x holds, v1, one x that
// holds it, and the least value held by another x, v2: the least value
// of z supported without x_i is v1, or v2 for that one x. It holds (ok)
// when every value of z is at most every x's upper bound, so that the
// other xs can always be at least the value; else domains looks for
// each x_i's support itself.
type supports struct {
	ok     bool
	v1, v2 int64
	h1     int
	has1   bool // v1 was found
	has2   bool // v2 was found
}

func (s *supports) find(p *minMax, t *store, low *lowest) {
	*s = supports{h1: -1}
	zhi := p.hi(t, p.z)
	if zhi > low.without(-1, -1) {
		return
	}
	s.ok = true
	p.eachValue(t, p.z, func(v int64) bool {
		for j, xj := range p.xs {
			if !p.has(t, xj, v) {
				continue
			}
			if !s.has1 {
				s.v1, s.h1, s.has1 = v, j, true
			} else if j != s.h1 {
				s.v2, s.has2 = v, true
				return false
			}
		}
		return true
	})
}

// without returns the least value of z held by an x other than the i-th.
func (s *supports) without(i int) (int64, bool) {
	if i != s.h1 {
		return s.v1, s.has1
	}
	return s.v2, s.has2
}

// lowest holds the three least upper bounds of the xs (read as min) and
// whose they are, so that the least upper bound of every x but one or
// two is read in constant time: every x but those can be v or more iff v
// is at most that bound.
type lowest struct {
	hi  [3]int64
	idx [3]int
}

func (l *lowest) find(p *minMax, t *store) {
	l.hi = [3]int64{math.MaxInt64, math.MaxInt64, math.MaxInt64}
	l.idx = [3]int{-1, -1, -1}
	for k, x := range p.xs {
		h := p.hi(t, x)
		switch {
		case h < l.hi[0]:
			l.hi[2], l.idx[2], l.hi[1], l.idx[1] = l.hi[1], l.idx[1], l.hi[0], l.idx[0]
			l.hi[0], l.idx[0] = h, k
		case h < l.hi[1]:
			l.hi[2], l.idx[2] = l.hi[1], l.idx[1]
			l.hi[1], l.idx[1] = h, k
		case h < l.hi[2]:
			l.hi[2], l.idx[2] = h, k
		}
	}
}

// without is the least upper bound of the xs but the i-th and j-th.
func (l *lowest) without(i, j int) int64 {
	for s := range 3 {
		if l.idx[s] != i && l.idx[s] != j {
			return l.hi[s]
		}
	}
	return math.MaxInt64
}

// eachValue calls f with the values of x read as min's, ascending, until
// f returns false.
func (p *minMax) eachValue(t *store, x int32, f func(v int64) bool) {
	if p.isMax {
		for v, ok := t.maxOf(x), true; ok && f(-v); v, ok = t.prevValue(x, v) {
		}
		return
	}
	for v, ok := t.minOf(x), true; ok && f(v); v, ok = t.nextValue(x, v) {
	}
}

func (p *minMax) remove(t *store, x int32, v int64) bool {
	if p.isMax {
		return t.remove(x, -v)
	}
	return t.remove(x, v)
}

func (p *minMax) round(t *store) bool {
	lo, hi := p.lo(t, p.xs[0]), p.hi(t, p.xs[0])
	for _, x := range p.xs[1:] {
		lo, hi = min(lo, p.lo(t, x)), min(hi, p.hi(t, x))
	}
	if !p.atLeast(t, p.z, lo) || !p.atMost(t, p.z, hi) {
		return false
	}
	zl, zh := p.lo(t, p.z), p.hi(t, p.z)
	only := int32(-1)
	candidates := 0
	for _, x := range p.xs {
		if !p.atLeast(t, x, zl) {
			return false
		}
		if p.lo(t, x) <= zh {
			candidates++
			only = x
		}
	}
	switch candidates {
	case 0:
		return false
	case 1:
		return p.atMost(t, only, zh) && equalDomains(t, only, p.z)
	}
	return true
}
