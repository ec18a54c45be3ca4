package fzn

import "github.com/csp-lang/csp/engine"

// Reified linear comparisons, r <-> sum(a·x) op c, are posted as linear
// constraints with a big coefficient ("big-M"): r -> sum <= c is
//
//	sum + M·r <= c + M,   M = max(sum) - c,
//
// which says nothing when r is 0 and sum <= c when r is 1; and whose
// bounds consistency, the engine's for linear constraints, is exactly that
// of the implication: r = 1 narrows the sum's terms, and a sum whose least
// value exceeds c fixes r to 0. The reverse direction (not r -> sum >= c+1)
// is the same with the sum negated. Equality is two of them; disequality,
// which bounds cannot express, an expression.

// reifyLinear posts r <-> (sum(coefs·ts) op rhs), only r -> ... when imp.
func (p *poster) reifyLinear(r term, coefs []int64, ts []term, op engine.BinOp, rhs int64, imp bool) {
	if len(coefs) != len(ts) {
		p.fail("%d coefficients for %d variables", len(coefs), len(ts))
		return
	}
	neg, ok := negated(coefs)
	if !ok || rhs < -1<<62 || rhs > 1<<62 {
		p.fail("the coefficients or the constant overflow 64 bits once negated")
		return
	}
	if (op == engine.OpEq || op == engine.OpNe) && !r.isConst() && p.reifyOneVar(r, coefs, ts, op, rhs, imp) {
		return
	}
	pos, not := lit{r, true}, lit{r, false}
	switch op {
	case engine.OpLt:
		p.reifyLinear(r, coefs, ts, engine.OpLe, rhs-1, imp)
	case engine.OpGt:
		p.reifyLinear(r, neg, ts, engine.OpLe, -rhs-1, imp)
	case engine.OpGe:
		p.reifyLinear(r, neg, ts, engine.OpLe, -rhs, imp)
	case engine.OpLe:
		p.implyLe(pos, coefs, ts, rhs)
		if !imp {
			p.implyLe(not, neg, ts, -rhs-1)
		}
	case engine.OpEq:
		p.implyLe(pos, coefs, ts, rhs)
		p.implyLe(pos, neg, ts, -rhs)
		if !imp {
			p.require(p.bin(engine.OpOr, p.ref(r), p.linExpr(coefs, ts, engine.OpNe, rhs)))
		}
	case engine.OpNe:
		p.require(p.bin(engine.OpOr, p.not(p.ref(r)), p.linExpr(coefs, ts, engine.OpNe, rhs)))
		if !imp {
			p.implyLe(not, coefs, ts, rhs)
			p.implyLe(not, neg, ts, -rhs)
		}
	}
}

// reifyOneVar posts r <-> a·x = c (or !=) when the sum has one variable
// once its constants are folded (MiniZinc writes int_lin_ne_reif([1,-1],
// [1,x],0,r) for r <-> x != 1): membership of x in {c/a}, the member
// global. It reports false, posting nothing, for another sum.
func (p *poster) reifyOneVar(r term, coefs []int64, ts []term, op engine.BinOp, rhs int64, imp bool) bool {
	var x term
	var a int64
	n := 0
	for i, t := range ts {
		switch {
		case coefs[i] == 0:
		case t.isConst():
			prod, ok1 := engine.MulInt(coefs[i], t.k)
			d, ok2 := engine.SubInt(rhs, prod)
			if !ok1 || !ok2 {
				return false
			}
			rhs = d
		case n == 0 || t.v == x.v:
			s, ok := engine.AddInt(a, coefs[i])
			if !ok {
				return false
			}
			x, a, n = t, s, 1
		default:
			return false
		}
	}
	if n == 0 || a == 0 {
		return false
	}
	neg := op == engine.OpNe
	if rhs%a != 0 {
		// a·x = c has no solution: the relation is false for eq, true for ne
		p.reify(r, engine.NewConst(b2i(neg)), imp)
		return true
	}
	p.member(x, []int64{rhs / a}, r, neg, imp)
	return true
}

func negated(cs []int64) ([]int64, bool) {
	out := make([]int64, len(cs))
	for i, c := range cs {
		var ok bool
		if out[i], ok = engine.NegInt(c); !ok {
			return nil, false
		}
	}
	return out, true
}

// implyLe posts l -> sum(coefs·ts) <= rhs.
func (p *poster) implyLe(l lit, coefs []int64, ts []term, rhs int64) {
	lo, hi, ok := linBounds(coefs, ts)
	m, fits := engine.SubInt(hi, rhs)
	switch {
	case !ok || !fits:
		e := p.linExpr(coefs, ts, engine.OpLe, rhs)
		if l.pos {
			p.require(p.bin(engine.OpImplies, p.ref(l.t), e))
		} else {
			p.require(p.bin(engine.OpOr, p.ref(l.t), e))
		}
		return
	case hi <= rhs: // always true
		return
	case lo > rhs: // never true: l is false
		p.clause([]lit{{l.t, !l.pos}})
		return
	}
	cs := append(append([]int64(nil), coefs...), m)
	xs := append(append([]term(nil), ts...), l.t)
	if l.pos {
		p.linear(cs, xs, engine.OpLe, rhs+m) // = hi
	} else { // sum + m·(1-r) <= rhs + m
		cs[len(cs)-1] = -m
		p.linear(cs, xs, engine.OpLe, rhs)
	}
}

// linBounds returns the least and greatest value of sum(coefs·ts), or
// false if they overflow.
func linBounds(coefs []int64, ts []term) (lo, hi int64, ok bool) {
	for i, t := range ts {
		a, b := t.bounds()
		x, ok1 := engine.MulInt(coefs[i], a)
		y, ok2 := engine.MulInt(coefs[i], b)
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		var ok3, ok4 bool
		lo, ok3 = engine.AddInt(lo, min(x, y))
		hi, ok4 = engine.AddInt(hi, max(x, y))
		if !ok3 || !ok4 {
			return 0, 0, false
		}
	}
	return lo, hi, true
}
