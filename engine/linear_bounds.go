package engine

import (
	"math"
	"sort"
)

// Bounds consistency of linear comparisons (acLinear). A run reads each
// variable's bounds once, and stops there when no term's span exceeds the
// slack: the usual case deep in a search, where most runs narrow nothing,
// so that a sum over many variables costs one pass, not the four or more
// that narrowing in each direction until nothing moves would take.

// dcLimit is the largest domain size for which a binary linear equality
// is made domain consistent rather than bounds consistent.
const dcLimit = 1024

// bounds enforces the constraint to bounds consistency (see acLinear).
func (p *linearProp) bounds(t *store) bool {
	switch p.rel {
	case linNE:
		return p.filter(t)
	case linLE:
		return p.le(t)
	}
	if len(p.xs) == 2 && t.size(p.xs[0]) <= dcLimit && t.size(p.xs[1]) <= dcLimit && !p.intervalPair(t) {
		return p.binaryEq(t)
	}
	if p.dcTwo {
		if i, j, k, ok := p.twoOpen(t); ok {
			return p.pairEq(t, i, j, k)
		}
	}
	for range creepLimit { // bounds that creep stop here: see creep.go
		c := t.changes
		// Bounds can shave one value a round (2x = 2y + 1 over 0..10^7
		// takes ten million): each round counts.
		if t.tick(int32(len(p.xs))) || !p.eq(t) {
			return false
		}
		if t.changes == c {
			break
		}
	}
	return true
}

// intervalPair reports whether the equality is x ± y = c over two
// intervals, where bounds consistency is domain consistency: binaryEq's
// pass over every value would find nothing more.
func (p *linearProp) intervalPair(t *store) bool {
	for i, x := range p.xs {
		if a := p.coef[i]; a != 1 && a != -1 {
			return false
		}
		if uint64(t.maxOf(x)-t.minOf(x)) != uint64(t.size(x)-1) {
			return false
		}
	}
	return true
}

// termRange returns the least and greatest values of a·x.
func termRange(t *store, x int32, a int64) (lo, hi int64) {
	if a > 0 {
		return a * t.minOf(x), a * t.maxOf(x)
	}
	return a * t.maxOf(x), a * t.minOf(x)
}

// sums returns the least and greatest values of Σ coef·x + k and the
// widest span of one term. The builder's magnitude check bounds every
// partial sum; a span may need 64 bits unsigned.
func (p *linearProp) sums(t *store) (lo, hi int64, span uint64) {
	lo, hi = p.k, p.k
	for i, x := range p.xs {
		l, h := termRange(t, x, p.coef[i])
		lo += l
		hi += h
		span = max(span, uint64(h-l))
	}
	return lo, hi, span
}

// le enforces Σ coef·x + k <= 0 to bounds consistency. Narrowing a
// variable moves the bound its least term does not use, so one pass
// reaches the fixpoint.
func (p *linearProp) le(t *store) bool {
	lo, hi, span := p.sums(t)
	if lo > 0 {
		return false
	}
	if span <= uint64(-lo) {
		return true
	}
	_, _, ok := p.narrowLE(t, lo, hi, nil)
	return ok
}

// eq makes one round of narrowing for Σ coef·x + k = 0.
func (p *linearProp) eq(t *store) bool {
	lo, hi, span := p.sums(t)
	if lo > 0 || hi < 0 {
		return false
	}
	if span <= uint64(-lo) && span <= uint64(hi) {
		return true
	}
	_, _, ok := p.narrowEQ(t, lo, hi, nil)
	return ok
}

// narrowLE narrows each term a·x of Σ coef·x + k <= 0 to at most l - lo,
// l its least value and lo the sum's, the widest terms first, until the
// rest are too narrow to move. It returns the sums brought up to date;
// inc, if not nil, keeps its cells with them (linear_incr.go).
func (p *linearProp) narrowLE(t *store, lo, hi int64, inc *linearIncr) (int64, int64, bool) {
	for n := range p.xs {
		i, span := p.term(n)
		if span <= uint64(-lo) {
			break // no narrower term can move
		}
		x, a := p.xs[i], p.coef[i]
		if t.fixed(x) {
			continue // 0 wide: in the sums already
		}
		l, h := termRange(t, x, a)
		if !narrowTerm(t, x, a, l-lo) {
			return lo, hi, false
		}
		lo, hi = p.moved(t, i, l, h, lo, hi, inc)
	}
	return lo, hi, true
}

// narrowEQ is narrowLE for Σ coef·x + k = 0: each term a·x within
// h - hi .. l - lo, what the other terms leave it. Later terms see the
// earlier ones' new bounds.
func (p *linearProp) narrowEQ(t *store, lo, hi int64, inc *linearIncr) (int64, int64, bool) {
	for n := range p.xs {
		i, span := p.term(n)
		if span <= uint64(-lo) && span <= uint64(hi) {
			break
		}
		x, a := p.xs[i], p.coef[i]
		if t.fixed(x) {
			continue
		}
		l, h := termRange(t, x, a)
		if !narrowTerm(t, x, a, l-lo) || !narrowTerm(t, x, -a, hi-h) {
			return lo, hi, false
		}
		if lo, hi = p.moved(t, i, l, h, lo, hi, inc); lo > 0 || hi < 0 {
			return lo, hi, false
		}
	}
	return lo, hi, true
}

// moved returns the sums lo, hi after term i, whose range was l..h, was
// narrowed.
func (p *linearProp) moved(t *store, i int, l, h, lo, hi int64, inc *linearIncr) (int64, int64) {
	if inc != nil {
		return inc.update(t, i, lo, hi)
	}
	nl, nh := termRange(t, p.xs[i], p.coef[i])
	return lo + nl - l, hi + nh - h
}

// narrowTerm enforces a·x <= r on the bounds of x.
func narrowTerm(t *store, x int32, a, r int64) bool {
	if a > 0 {
		return t.removeAbove(x, floorDiv(r, a))
	}
	return t.removeBelow(x, ceilDiv(r, a))
}

// term returns the term narrowing visits n-th and a bound of its span
// (the largest, when no order was made).
func (p *linearProp) term(n int) (int, uint64) {
	if p.bySpan != nil {
		return int(p.bySpan[n]), p.spans[n]
	}
	return n, math.MaxUint64
}

// orderBySpan sorts the terms widest first by their spans in t, which
// bound their spans in every later state of the search.
func (p *linearProp) orderBySpan(t *store) {
	p.bySpan = make([]int32, len(p.xs))
	p.spans = make([]uint64, len(p.xs))
	for i := range p.bySpan {
		p.bySpan[i] = int32(i)
	}
	span := func(i int32) uint64 {
		l, h := termRange(t, p.xs[i], p.coef[i])
		return uint64(h - l)
	}
	sort.SliceStable(p.bySpan, func(i, j int) bool { return span(p.bySpan[i]) > span(p.bySpan[j]) })
	for n, i := range p.bySpan {
		p.spans[n] = span(i)
	}
}
