package fzn

import "github.com/csp-lang/csp/engine"

// Reified linear comparisons, r <-> sum(a·x) op c (r -> ... for the _imp
// forms), go to the engine's globals for them: the member global when
// the sum has one variable and op is = or != (domain consistent: x = c
// for a c inside x's bounds but not in its domain is false), CompareReif
// for x op y + c, LinearReif otherwise. Each is one propagator with
// bounds reasoning, as Gecode's. They replace linears with a big
// coefficient (sum + M·r <= c + M for r -> sum <= c; two for =) and the
// generic propagator of the != side: two to four propagators a
// constraint, the generic one enumerating pairs at every change
// (fillomino: a quarter of the solving time).
//
// A sum whose magnitudes do not fit the globals' check (Σ |a|·max|x|
// past 64 bits) is posted as an expression, which needs only the sum's
// own bounds to fit: rare, and correct rather than fast.

// reifyLinear posts r <-> (sum(coefs·ts) op rhs), only r -> ... when imp.
func (p *poster) reifyLinear(r term, coefs []int64, ts []term, op engine.BinOp, rhs int64, imp bool) {
	if len(coefs) != len(ts) {
		p.fail("%d coefficients for %d variables", len(coefs), len(ts))
		return
	}
	if (op == engine.OpEq || op == engine.OpNe) && !r.isConst() && p.reifyOneVar(r, coefs, ts, op, rhs, imp) {
		return
	}
	if !p.reifyGlobal(r, coefs, ts, op, rhs, imp) {
		p.reify(r, p.linExpr(coefs, ts, op, rhs), imp)
	}
}

// reifyGlobal posts r <-> (sum(coefs·ts) op rhs) as CompareReif or
// LinearReif, the constants folded into rhs; false, with nothing posted,
// when they refuse its magnitudes.
func (p *poster) reifyGlobal(r term, coefs []int64, ts []term, op engine.BinOp, rhs int64, imp bool) bool {
	var cs []int64
	var xs []engine.Expr
	for i, t := range ts {
		switch {
		case coefs[i] == 0:
		case t.isConst():
			d, ok := moveConst(rhs, coefs[i], t.k)
			if !ok {
				return false
			}
			rhs = d
		default:
			cs, xs = append(cs, coefs[i]), append(xs, p.ref(t))
		}
	}
	if len(xs) == 0 { // r is the comparison's value, or with imp at most it
		if v := compare(0, op, rhs); !v || !imp {
			p.linear([]int64{1}, []term{r}, engine.OpEq, b2i(v))
		}
		return true
	}
	if len(xs) == 2 && cs[0] == -cs[1] && (cs[0] == 1 || cs[0] == -1) {
		x, y := xs[0], xs[1] // x - y op rhs  is  x op y + rhs
		if cs[0] == -1 {
			x, y = y, x
		}
		g, err := engine.NewCompareReif(x, op, y, rhs, p.ref(r))
		if err == nil {
			g.Imp = imp
			p.global(g, nil)
			return true
		}
	}
	g, err := engine.NewLinearReif(cs, xs, op, rhs, p.ref(r))
	if err != nil {
		return false
	}
	g.Imp = imp
	p.global(g, nil)
	return true
}

// moveConst returns rhs - a·k, the constant term a·k moved to the right
// side, or false if it overflows.
func moveConst(rhs, a, k int64) (int64, bool) {
	prod, ok1 := engine.MulInt(a, k)
	d, ok2 := engine.SubInt(rhs, prod)
	return d, ok1 && ok2
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
			d, ok := moveConst(rhs, coefs[i], t.k)
			if !ok {
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
