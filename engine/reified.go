package engine

// linReif is a reified linear comparison: b <-> (Σ coef·x + k rel 0), for
// rel <=, = or !=, as flattening posts a comparison inside logic. Once b
// is fixed it is the comparison or its negation, enforced as the linear
// propagator does (bounds consistency for <= and =, forward checking for
// !=). While b is open, b is fixed when the bounds of the sum decide the
// comparison: it holds for every value (b = 1) or for none (b = 0); for
// = and != with one variable, by the value it needs. Once every variable
// is fixed the sum is one value, so b is fixed: it is a function of them.
// For = and != with two unfixed variables of at most dcLimit values, b
// is decided by the pairs themselves: no pair sums to zero, and b is the
// != side. With the linear propagator's own domain consistency over two
// small variables (binaryEq) that makes the reified = and != domain
// consistent there; <= is by its bounds, which over two variables is
// domain consistency too (a value's support is the other's bound).
type linReif struct {
	yes, no linearProp // the comparison and its negation
	b       int32
}

func newLinReif(p *linearProp, b int32) *linReif {
	r := &linReif{yes: *p, no: *p, b: b}
	switch p.rel {
	case linLE: // not (s <= 0)  <=>  -s + 1 <= 0
		r.no.coef = make([]int64, len(p.coef))
		for i, a := range p.coef {
			r.no.coef[i] = -a
		}
		r.no.k = -p.k + 1 // normLinear bounded |k| + Σ|a·x|: no overflow
	case linEQ:
		r.no.rel = linNE
	default:
		r.no.rel = linEQ
	}
	return r
}

func (r *linReif) propagate(t *store, _ propMode) bool {
	if t.fixed(r.b) {
		if t.minOf(r.b) == 1 {
			return r.yes.bounds(t)
		}
		return r.no.bounds(t)
	}
	lo, hi, _ := r.yes.sums(t)
	switch decided, holds := r.decide(t, lo, hi); {
	case !decided:
		return true
	case holds:
		return t.fixTo(r.b, 1) && r.yes.bounds(t)
	default:
		return t.fixTo(r.b, 0) && r.no.bounds(t)
	}
}

// decide tells whether the comparison's value is known from the bounds
// lo..hi of the sum, and which it is.
func (r *linReif) decide(t *store, lo, hi int64) (bool, bool) {
	p := &r.yes
	switch p.rel {
	case linLE:
		if hi <= 0 {
			return true, true
		}
		return lo > 0, false
	}
	eq := p.rel == linEQ
	if lo == hi {
		return true, (lo == 0) == eq
	}
	if lo > 0 || hi < 0 {
		return true, !eq
	}
	if len(p.xs) == 1 { // a·x + k = 0 needs x = -k/a
		a, x := p.coef[0], p.xs[0]
		if p.k%a != 0 || !t.contains(x, -p.k/a) {
			return true, !eq
		}
	}
	if i, j, k, ok := p.twoOpen(t); ok && !p.somePairEq(t, i, j, k) {
		return true, !eq
	}
	return false, false
}

// somePairEq reports whether coef[i]·xs[i] + coef[j]·xs[j] + k = 0 has a
// solution within the domains.
func (p *linearProp) somePairEq(t *store, i, j int, k int64) bool {
	if t.size(p.xs[i]) > t.size(p.xs[j]) {
		i, j = j, i
	}
	x, y := p.xs[i], p.xs[j]
	a, b := p.coef[i], p.coef[j]
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if r := -k - a*v; r%b == 0 && t.contains(y, r/b) {
			return true
		}
	}
	return false
}
