package lang

import "sort"

// The list and set builders of language v2: set comprehensions
// {e for generators} and the concatenation a ++ b.

// setComp evaluates {e for generators}: a constant set.
func (l *lowerer) setComp(e *SetComp) value {
	if e.Elem == nil {
		l.errorf(e, "a set comprehension has one expression before for: {e for i in ...}")
		return nil
	}
	var ivs []interval
	ok := l.iterate(e.Gens, e, func(cond value) bool {
		if cond != nil {
			l.errorf(e.Gens.Where, "the where of a set comprehension must not depend on a variable")
			return false
		}
		v := l.eval(e.Elem)
		switch v := v.(type) {
		case nil:
			return false
		case intV:
			ivs = append(ivs, interval{int64(v), int64(v)})
		case setV:
			ivs = append(ivs, v...)
		case exprV:
			l.errorf(e.Elem, "a set comprehension is constant, but %s depends on a variable", l.text(e.Elem))
			return false
		default:
			l.errorf(e.Elem, "the elements of a set must be constant numbers, found %s", describe(v))
			return false
		}
		return true
	})
	if !ok {
		return nil
	}
	sort.Slice(ivs, func(i, j int) bool { return ivs[i].lo < ivs[j].lo })
	return normalize(ivs)
}

// concat evaluates a ++ b: the elements of both lists (a matrix in
// row-major order), in a list indexed from 1.
func (l *lowerer) concat(b *Binary) value {
	return l.concatOf(b, l.eval(b.X))
}

// concatOf is concat with the value x of b.X.
func (l *lowerer) concatOf(b *Binary, x value) value {
	y := l.eval(b.Y)
	if x == nil || y == nil {
		return nil
	}
	xa, xok := x.(*arrV)
	ya, yok := y.(*arrV)
	switch {
	case !xok:
		l.errorf(b.X, "++ joins two lists, but %s is %s", l.text(b.X), describe(x))
		return nil
	case !yok:
		l.errorf(b.Y, "++ joins two lists, but %s is %s", l.text(b.Y), describe(y))
		return nil
	}
	n := len(xa.elems) + len(ya.elems)
	if !l.spend(int64(n), b) {
		return nil
	}
	elems := make([]value, 0, n)
	elems = append(append(elems, xa.elems...), ya.elems...)
	return &arrV{dims: []interval{{1, int64(n)}}, elems: elems}
}
