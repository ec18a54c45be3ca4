package engine

import (
	"slices"
)

// Linear parts of flattened expressions: a sum of terms, with constant
// coefficients, over variables (model, hidden, or the hidden variable of
// a non-linear part), kept as one linear form rather than a chain of
// additions, so that one propagator sees all of it.

// flin accumulates Σ coef·x + k, and the definedness variables of the
// parts it was read from.
type flin struct {
	terms []linTerm
	k     int64
	defs  []int32
}

// addLin adds scale·e to f. A linear node (+, -, negation, a product by
// a constant, sum) is read through, unless it is shared with another
// place (flatten_share.go), reads two variables or more, and is not top
// (the node num materialises): such a one is a hidden variable of its
// own, so that what one place learns of it the others see. Anything else
// is an atom: its flattened number.
func (fl *flattener) addLin(f *flin, e Expr, scale int64, top bool) {
	if !fl.ok {
		return
	}
	if top || !fl.share.shared(e) || linearAtoms(e, 2) < 2 {
		switch e := e.(type) {
		case *Const:
			fl.addK(f, scale, e.V)
			return
		case *VarExpr:
			f.terms = append(f.terms, linTerm{int32(e.V), scale})
			return
		case *Unary:
			if e.Op == OpNeg {
				fl.addLin(f, e.X, fl.mul(scale, -1), false)
				return
			}
		case *Binary:
			if fl.addLinBinary(f, e, scale) {
				return
			}
		case *Nary:
			if e.Op == OpSum {
				for _, a := range e.Args {
					fl.addLin(f, a, scale, false)
				}
				return
			}
		}
	}
	if isTruth(e) {
		fl.addLit(f, fl.truth(e), scale)
		return
	}
	n := fl.num(e)
	if n.d >= 0 {
		f.defs = append(f.defs, n.d)
	}
	if n.x < 0 {
		fl.addK(f, scale, n.k)
		return
	}
	f.terms = append(f.terms, linTerm{n.x, scale})
}

// linearAtoms counts, up to limit, the variables and non-linear parts
// that a linear node reads: a shared x + c is x shifted, read through
// rather than given a variable of its own.
func linearAtoms(e Expr, limit int) int {
	n := 0
	var walk func(e Expr)
	walk = func(e Expr) {
		if n >= limit {
			return
		}
		switch e := e.(type) {
		case *Const:
			return
		case *Unary:
			if e.Op == OpNeg {
				walk(e.X)
				return
			}
		case *Binary:
			switch e.Op {
			case OpAdd, OpSub:
				walk(e.X)
				walk(e.Y)
				return
			case OpMul:
				if _, ok := constValue(e.X); ok {
					walk(e.Y)
					return
				}
				if _, ok := constValue(e.Y); ok {
					walk(e.X)
					return
				}
			}
		case *Nary:
			if e.Op == OpSum {
				for _, a := range e.Args {
					walk(a)
				}
				return
			}
		}
		n++
	}
	walk(e)
	return n
}

// addLinBinary reads a linear binary node; false if e is not one.
func (fl *flattener) addLinBinary(f *flin, e *Binary, scale int64) bool {
	switch e.Op {
	case OpAdd:
		fl.addLin(f, e.X, scale, false)
		fl.addLin(f, e.Y, scale, false)
		return true
	case OpSub:
		fl.addLin(f, e.X, scale, false)
		fl.addLin(f, e.Y, fl.mul(scale, -1), false)
		return true
	case OpMul:
		x, y := e.X, e.Y
		c, ok := constValue(x)
		if !ok {
			x, y = y, x
			if c, ok = constValue(x); !ok {
				return false
			}
		}
		if c == 0 {
			// 0·y is 0 where y is defined (engine.Strict).
			if MayBeUndefined(y) {
				if n := fl.num(y); n.d >= 0 {
					f.defs = append(f.defs, n.d)
				}
			}
			return true
		}
		fl.addLin(f, y, fl.mul(scale, c), false)
		return true
	}
	return false
}

// addLit adds scale·l (1 where l holds, else 0) to f.
func (fl *flattener) addLit(f *flin, l lit, scale int64) {
	switch {
	case l.isConst():
		if !l.neg {
			fl.addK(f, scale, 1)
		}
	case l.neg:
		fl.addK(f, scale, 1)
		f.terms = append(f.terms, linTerm{l.x, fl.mul(scale, -1)})
	default:
		f.terms = append(f.terms, linTerm{l.x, scale})
	}
}

func (fl *flattener) addK(f *flin, scale, v int64) {
	p, ok1 := MulInt(scale, v)
	k, ok2 := AddInt(f.k, p)
	if !ok1 || !ok2 {
		fl.fail()
	}
	f.k = k
}

func (fl *flattener) mul(a, b int64) int64 {
	p, ok := MulInt(a, b)
	if !ok {
		fl.fail()
	}
	return p
}

// isTruth reports whether e is a truth test: its value is 0 or 1 and it
// is always defined.
func isTruth(e Expr) bool {
	switch e := e.(type) {
	case *Binary:
		return e.Op.IsRelation() || e.Op.IsLogical()
	case *Nary:
		return e.Op == OpAll || e.Op == OpAny
	case *Unary:
		return e.Op == OpNot
	case *InSet, *absDiffNe:
		return true
	}
	return false
}

// mergeTerms sorts terms by variable, adds up the coefficients of each
// and drops the zeros.
func (fl *flattener) mergeTerms(ts []linTerm) []linTerm {
	slices.SortFunc(ts, func(a, b linTerm) int { return int(a.x) - int(b.x) })
	out := ts[:0]
	for i := 0; i < len(ts); {
		x, a := ts[i].x, int64(0)
		for ; i < len(ts) && ts[i].x == x; i++ {
			var ok bool
			if a, ok = AddInt(a, ts[i].a); !ok {
				fl.fail()
			}
		}
		if a != 0 {
			out = append(out, linTerm{x, a})
		}
	}
	return out
}

// linStatus is what normalising a linear comparison found.
type linStatus uint8

const (
	linOK       linStatus = iota // a propagator over one variable or more
	linAlways                    // holds whatever the variables are
	linNever                     // holds for no values
	linOverflow                  // a sum could overflow: not flattened
)

// normLinear builds sign·(Σ terms + k) + incr rel 0 over store
// variables: terms merged, zero coefficients dropped, every coefficient
// and the constant divided by their greatest common divisor (if divide) (an equality
// whose constant it does not divide never holds, a disequality always),
// and every partial sum bounded, as normalize does for model variables,
// by the current domains.
func (fl *flattener) normLinear(terms []linTerm, k, sign, incr int64, rel linRel, divide bool) (*linearProp, linStatus) {
	ts := fl.mergeTerms(slices.Clone(terms))
	k, ok1 := MulInt(k, sign)
	k, ok2 := AddInt(k, incr)
	if !ok1 || !ok2 || !fl.ok {
		return nil, linOverflow
	}
	g := int64(0)
	for i := range ts {
		if ts[i].a, ok1 = MulInt(ts[i].a, sign); !ok1 {
			return nil, linOverflow
		}
		g = gcd(g, ts[i].a)
	}
	if len(ts) == 0 {
		if rel.holds(k) {
			return nil, linAlways
		}
		return nil, linNever
	}
	if g > 1 && divide {
		switch rel {
		case linEQ, linNE:
			if k%g != 0 {
				if rel == linEQ {
					return nil, linNever
				}
				return nil, linAlways
			}
			k /= g
		default:
			k = ceilDiv(k, g)
		}
		for i := range ts {
			ts[i].a /= g
		}
	}
	p := &linearProp{rel: rel, k: k}
	total, ok := AbsInt(k)
	for _, tm := range ts {
		m, ok2 := fl.termMagnitude(tm)
		if total, ok1 = AddInt(total, m); !ok || !ok1 || !ok2 || total > maxLinearMagnitude {
			return nil, linOverflow
		}
		p.xs = append(p.xs, tm.x)
		p.coef = append(p.coef, tm.a)
	}
	return p, linOK
}

// maxLinearMagnitude bounds |k| + Σ|coef·x| of a flattened linear
// comparison, leaving room for its negation and the objective's bound.
const maxLinearMagnitude = 1 << 62

// termMagnitude returns the largest |a·v| over x's current bounds.
func (fl *flattener) termMagnitude(tm linTerm) (int64, bool) {
	absA, ok1 := AbsInt(tm.a)
	lo, ok2 := AbsInt(fl.t.minOf(tm.x))
	hi, ok3 := AbsInt(fl.t.maxOf(tm.x))
	if !ok1 || !ok2 || !ok3 {
		return 0, false
	}
	return MulInt(absA, max(lo, hi))
}

// gcd returns the greatest common divisor of |a| and |b| (gcd(0, b) = |b|).
func gcd(a, b int64) int64 {
	a, b = max(a, -a), max(b, -b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// linearBounds returns the interval of Σ terms + k over the current
// domains, and false if it overflows.
func (fl *flattener) linearBounds(ts []linTerm, k int64) (int64, int64, bool) {
	lo, hi := k, k
	ok := true
	for _, tm := range ts {
		a, b := fl.t.minOf(tm.x), fl.t.maxOf(tm.x)
		p, ok1 := MulInt(tm.a, a)
		q, ok2 := MulInt(tm.a, b)
		if p > q {
			p, q = q, p
		}
		var ok3, ok4 bool
		lo, ok3 = AddInt(lo, p)
		hi, ok4 = AddInt(hi, q)
		ok = ok && ok1 && ok2 && ok3 && ok4
	}
	return lo, hi, ok
}

// materialize returns f as a number: a constant, a variable, or a hidden
// variable h with the linear equality h = f.
func (fl *flattener) materialize(f *flin) flatNum {
	ts := fl.mergeTerms(f.terms)
	d := fl.andDefs(f.defs)
	switch {
	case !fl.ok:
		return flatNum{x: fl.constVar(0), d: -1}
	case len(ts) == 0:
		return flatNum{x: -1, k: f.k, d: d}
	case len(ts) == 1 && ts[0].a == 1 && f.k == 0:
		return flatNum{x: ts[0].x, d: d}
	}
	fl.keyStart("L")
	for _, tm := range ts {
		fl.keyInt(int64(tm.x))
		fl.keyInt(tm.a)
	}
	fl.keyInt(f.k)
	fl.keyInt(int64(d))
	if n, ok := fl.nums[string(fl.key)]; ok {
		return n
	}
	key := string(fl.key)
	lo, hi, ok := fl.linearBounds(ts, f.k)
	if !ok {
		fl.fail()
		return flatNum{x: fl.constVar(0), d: -1}
	}
	h := fl.hidden(lo, hi)
	if !fl.ok {
		return flatNum{x: h, d: -1}
	}
	def := append(slices.Clone(ts), linTerm{h, -1})
	p, st := fl.normLinear(def, f.k, 1, 0, linEQ, true)
	if st != linOK {
		fl.fail()
		return flatNum{x: h, d: -1}
	}
	p.dcTwo = true
	fl.postLinear(p) // a definition: posted at once
	n := flatNum{x: h, d: d}
	fl.nums[key] = n
	return n
}
