package engine

// Domain consistency for a linear equality with two unfixed variables
// (linearProp.dcTwo): a·x + b·y + k' = 0, k' the constant plus the fixed
// terms, is binaryEq's case. Flattening marks its definitions so: golomb's
// d = m[j] - m[i] then passes a value the alldiff removes from d on to
// m[j] once m[i] is fixed, as the pairwise decomposition did.

// twoOpen returns the positions of the two unfixed variables of p and the
// constant with the fixed terms added, when there are exactly two and
// both have at most dcLimit values.
func (p *linearProp) twoOpen(t *store) (int, int, int64, bool) {
	i, j := -1, -1
	k := p.k
	for l, x := range p.xs {
		switch {
		case t.fixed(x):
			k += p.coef[l] * t.minOf(x) // bounded by the magnitude check
		case i < 0:
			i = l
		case j < 0:
			j = l
		default:
			return 0, 0, 0, false
		}
	}
	if j < 0 || t.size(p.xs[i]) > dcLimit || t.size(p.xs[j]) > dcLimit {
		return 0, 0, 0, false
	}
	return i, j, k, true
}

// pairEq makes coef[i]·xs[i] + coef[j]·xs[j] + k = 0 domain consistent.
func (p *linearProp) pairEq(t *store, i, j int, k int64) bool {
	if ok, done := shiftedPair(t, p.xs[i], p.xs[j], p.coef[i], p.coef[j], k); done {
		return ok
	}
	for range 2 {
		x, y := p.xs[i], p.xs[j]
		a, b := p.coef[i], p.coef[j]
		for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
			r := -k - a*v // b·y = r
			if (r%b != 0 || !t.contains(y, r/b)) && !t.remove(x, v) {
				return false
			}
		}
		i, j = j, i
	}
	return true
}
