package engine

// Boolean primitives over literals (flatten.go's lit: a 0/1 variable or
// its negation), each domain consistent: a clause (at least one literal
// holds), b <-> the conjunction of literals (a disjunction is its
// negation over negated literals), and b <-> (p = q).

// clause is: at least one of lits holds. With all but one false, that
// one is made true.
type clause struct{ lits []lit }

func (c *clause) propagate(t *store, _ propMode) bool {
	open := -1
	for i, l := range c.lits {
		v, known := l.value(t)
		switch {
		case known && v:
			return true
		case known:
		case open >= 0:
			return true // two open literals: nothing to do
		default:
			open = i
		}
	}
	return open >= 0 && c.lits[open].set(t)
}

// boolAnd is b <-> (l1 and l2 and ...), b a literal (a disjunction is
// not b <-> (not l1 and not l2 ...)).
type boolAnd struct {
	b    lit
	lits []lit
}

func (p *boolAnd) propagate(t *store, _ propMode) bool {
	bv, bKnown := p.b.value(t)
	if bKnown && bv {
		for _, l := range p.lits {
			if !l.set(t) {
				return false
			}
		}
		return true
	}
	open := -1
	for i, l := range p.lits {
		v, known := l.value(t)
		switch {
		case known && !v:
			return p.b.not().set(t)
		case known:
		case open >= 0:
			open = -2 // two open literals
		case open == -1:
			open = i
		}
	}
	switch {
	case open == -1: // every literal holds
		return p.b.set(t)
	case open >= 0 && bKnown: // b false: the one open literal is false
		return p.lits[open].not().set(t)
	}
	return true
}

// boolEq is b <-> (p = q) over 0/1 variables.
type boolEq struct{ b, p, q int32 }

func (e *boolEq) propagate(t *store, _ propMode) bool {
	fb, fp, fq := t.fixed(e.b), t.fixed(e.p), t.fixed(e.q)
	switch {
	case fp && fq:
		return t.fixTo(e.b, b2i(t.minOf(e.p) == t.minOf(e.q)))
	case fb && fp: // q = p if b, else 1 - p
		return t.fixTo(e.q, t.minOf(e.p)^1^t.minOf(e.b))
	case fb && fq:
		return t.fixTo(e.p, t.minOf(e.q)^1^t.minOf(e.b))
	}
	return true
}
