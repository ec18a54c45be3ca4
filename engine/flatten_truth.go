package engine

import "slices"

// Flattening truth values: a comparison is a reified linear comparison
// (reified.go), a membership a reified member test (member.go), and the
// connectives Boolean primitives (boolean.go) over literals. Each truth
// test is false where an operand is undefined: its literal is the
// conjunction of the test and of its operands' definedness.

// truth flattens e as a truth value: defined and non-zero.
func (fl *flattener) truth(e Expr) lit {
	if !fl.ok {
		return constLit(true)
	}
	switch e := e.(type) {
	case *Binary:
		switch {
		case e.Op.IsRelation():
			return fl.relLit(e.Op, e.X, e.Y)
		case e.Op.IsLogical():
			a, c := fl.truth(e.X), fl.truth(e.Y)
			switch e.Op {
			case OpAnd:
				return fl.andLit([]lit{a, c})
			case OpOr:
				return fl.andLit([]lit{a.not(), c.not()}).not()
			case OpImplies:
				return fl.andLit([]lit{a, c.not()}).not()
			case OpIff:
				return fl.eqLit(a, c)
			}
			return fl.eqLit(a, c).not() // OpXor
		}
	case *Nary:
		if e.Op == OpAll || e.Op == OpAny {
			ls := make([]lit, len(e.Args))
			for i, a := range e.Args {
				ls[i] = fl.truth(a)
				if e.Op == OpAny {
					ls[i] = ls[i].not()
				}
			}
			l := fl.andLit(ls)
			if e.Op == OpAny {
				l = l.not()
			}
			return l
		}
	case *Unary:
		if e.Op == OpNot {
			return fl.truth(e.X).not()
		}
	case *InSet:
		return fl.inLit(e)
	case *absDiffNe:
		return fl.absDiffLit(e)
	}
	n := fl.num(e)
	var t lit
	switch {
	case n.x < 0:
		t = constLit(n.k != 0)
	case fl.t.minOf(n.x) >= 0 && fl.t.maxOf(n.x) <= 1:
		t = posLit(n.x)
	default:
		f := flin{terms: []linTerm{{n.x, 1}}}
		t = fl.reifyLinear(&f, OpNe)
	}
	return fl.withDef(t, n.d)
}

// withDef returns l and d (d < 0: l).
func (fl *flattener) withDef(l lit, d int32) lit {
	if d < 0 {
		return l
	}
	return fl.andLit([]lit{l, posLit(d)})
}

// relLit flattens the truth of x op y.
func (fl *flattener) relLit(op BinOp, x, y Expr) lit {
	var f flin
	fl.addLin(&f, x, 1, false)
	fl.addLin(&f, y, -1, false)
	l := fl.reifyLinear(&f, op)
	ls := []lit{l}
	for _, d := range f.defs {
		ls = append(ls, posLit(d))
	}
	return fl.andLit(ls)
}

// reifyLinear returns the literal of f op 0, definedness aside.
func (fl *flattener) reifyLinear(f *flin, op BinOp) lit {
	sign, incr, rel := relForm(op)
	p, st := fl.normLinear(f.terms, f.k, sign, incr, rel, true)
	switch st {
	case linAlways:
		return constLit(true)
	case linNever:
		return constLit(false)
	case linOverflow:
		fl.fail()
		return constLit(true)
	}
	if l, ok := boolTest(fl.t, p); ok {
		return l
	}
	fl.keyStart("R")
	fl.keyInt(int64(p.rel))
	for i, x := range p.xs {
		fl.keyInt(int64(x))
		fl.keyInt(p.coef[i])
	}
	fl.keyInt(p.k)
	if l, ok := fl.lits[string(fl.key)]; ok {
		return l
	}
	key := string(fl.key)
	b := fl.hidden(0, 1)
	if !fl.ok {
		return constLit(true)
	}
	fl.b.addPrim(newLinReif(p, b), append([]int32{b}, p.xs...), fl.cons)
	l := posLit(b)
	fl.lits[key] = l
	return l
}

// boolTest returns the literal of a·x + k rel 0 for a 0/1 variable x: x
// itself, its negation, or a constant.
func boolTest(t *store, p *linearProp) (lit, bool) {
	if len(p.xs) != 1 || t.minOf(p.xs[0]) < 0 || t.maxOf(p.xs[0]) > 1 {
		return lit{}, false
	}
	at0, at1 := p.rel.holds(p.k), p.rel.holds(p.coef[0]+p.k)
	switch {
	case at0 == at1:
		return constLit(at0), true
	case at1:
		return posLit(p.xs[0]), true
	}
	return posLit(p.xs[0]).not(), true
}

// andLit returns the literal of the conjunction of ls.
func (fl *flattener) andLit(ls []lit) lit {
	var keep []lit
	for _, l := range ls {
		switch {
		case l.isConst() && l.neg:
			return constLit(false)
		case l.isConst():
		case slices.Contains(keep, l.not()):
			return constLit(false)
		case !slices.Contains(keep, l):
			keep = append(keep, l)
		}
	}
	switch len(keep) {
	case 0:
		return constLit(true)
	case 1:
		return keep[0]
	}
	slices.SortFunc(keep, func(a, b lit) int {
		if a.x != b.x {
			return int(a.x) - int(b.x)
		}
		return boolCmp(a.neg, b.neg)
	})
	fl.keyStart("&")
	for _, l := range keep {
		fl.keyLit(l)
	}
	if l, ok := fl.lits[string(fl.key)]; ok {
		return l
	}
	key := string(fl.key)
	b := fl.hidden(0, 1)
	if !fl.ok {
		return constLit(true)
	}
	fl.b.addPrim(&boolAnd{b: posLit(b), lits: keep}, append([]int32{b}, litVars(keep)...), fl.cons)
	l := posLit(b)
	fl.lits[key] = l
	return l
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// eqLit returns the literal of a = c.
func (fl *flattener) eqLit(a, c lit) lit {
	switch {
	case a.isConst():
		if a.neg {
			return c.not()
		}
		return c
	case c.isConst():
		return fl.eqLit(c, a)
	case a == c:
		return constLit(true)
	case a == c.not():
		return constLit(false)
	}
	neg := a.neg != c.neg // a = c iff (a.x = c.x) xor neg
	p, q := a.x, c.x
	if q < p {
		p, q = q, p
	}
	fl.keyStart("=")
	fl.keyInt(int64(p))
	fl.keyInt(int64(q))
	l, ok := fl.lits[string(fl.key)]
	if !ok {
		key := string(fl.key)
		b := fl.hidden(0, 1)
		if !fl.ok {
			return constLit(true)
		}
		fl.b.addPrim(&boolEq{b: b, p: p, q: q}, []int32{b, p, q}, fl.cons)
		l = posLit(b)
		fl.lits[key] = l
	}
	if neg {
		return l.not()
	}
	return l
}

// inLit returns the literal of x in S (not in S), false where x is
// undefined either way.
func (fl *flattener) inLit(e *InSet) lit {
	n := fl.num(e.X)
	var l lit
	if n.x < 0 {
		l = constLit(inSorted(e.Set, n.k) != e.Negated)
	} else {
		l = fl.memberLit(n.x, e.Set)
		if e.Negated {
			l = l.not()
		}
	}
	return fl.withDef(l, n.d)
}

// memberLit returns the literal of x in set.
func (fl *flattener) memberLit(x int32, set []int64) lit {
	if len(set) == 0 {
		return constLit(false)
	}
	fl.keyStart("I")
	fl.keyInt(int64(x))
	for _, v := range set {
		fl.keyInt(v)
	}
	if l, ok := fl.lits[string(fl.key)]; ok {
		return l
	}
	key := string(fl.key)
	b := fl.hidden(0, 1)
	if !fl.ok {
		return constLit(true)
	}
	fl.b.addPrim(&member{x: x, set: set, b: b}, []int32{x, b}, fl.cons)
	l := posLit(b)
	fl.lits[key] = l
	return l
}

// absDiffLit returns the literal of |x - y| != D (diagonal's pairs).
func (fl *flattener) absDiffLit(e *absDiffNe) lit {
	if e.D > 1<<62 {
		return fl.withDef(constLit(true), fl.andDefs([]int32{fl.num(e.X).d, fl.num(e.Y).d}))
	}
	var f flin
	fl.addLin(&f, e.X, 1, false)
	fl.addLin(&f, e.Y, -1, false)
	defs := f.defs
	f.defs = nil
	diff := fl.materialize(&f)
	a := fl.absolute(diff, -1)
	g := flin{k: -int64(e.D)}
	if a.x < 0 {
		g.k += a.k
	} else {
		g.terms = append(g.terms, linTerm{a.x, 1})
	}
	ls := []lit{fl.reifyLinear(&g, OpNe)}
	for _, d := range defs {
		ls = append(ls, posLit(d))
	}
	return fl.andLit(ls)
}
