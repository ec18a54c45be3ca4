package engine

import "sort"

// linearProp enforces Σ coef[i]·xs[i] + k  rel  0 over distinct variables
// with non-zero coefficients. Forward checking with one unfixed variable x
// of coefficient a narrows a·x rel -S, where S sums the fixed terms and k:
// a bound for <=, a single value for =, one removed value for !=.
//
// The builder accepts a linear form only if Σ |coef[i]|·max|x_i| + |k| fits
// in 64 bits, so no partial sum can overflow.
type linearProp struct {
	xs   []int32
	coef []int64
	k    int64
	rel  linRel
	// dcTwo: an equality made domain consistent on its two unfixed
	// variables once all others are fixed, when both are small (the
	// definitions of flattening's hidden variables, so that a value a
	// hidden variable loses reaches the model's: linear_dc.go).
	dcTwo bool
	// bySpan lists the terms widest first by their span when the
	// propagator was built, spans[i] being the span of term bySpan[i]:
	// bounds narrowing stops at the first term no wider than the slack
	// (linear_bounds.go). Nil: every term is visited.
	bySpan []int32
	spans  []uint64
}

type linRel uint8

const (
	linLE linRel = iota
	linEQ
	linNE
)

func (r linRel) holds(s int64) bool {
	switch r {
	case linLE:
		return s <= 0
	case linEQ:
		return s == 0
	}
	return s != 0
}

func (p *linearProp) vars() []int32 { return p.xs }

func (p *linearProp) forward(t *store, _ int32) bool { return p.filter(t) }

func (p *linearProp) filter(t *store) bool {
	s, u, open := fixedSum(t, p.xs, p.coef, p.k)
	if open > 1 {
		return true
	}
	if u < 0 {
		return p.rel.holds(s)
	}
	return narrow(t, p.xs[u], p.coef[u], -s, p.rel)
}

// fixedSum returns k plus the terms of the fixed variables, the position
// of an open variable (-1 if none) and how many are open, counting up
// to two: forward checking waits for one left.
func fixedSum(t *store, xs []int32, coef []int64, k int64) (s int64, u, open int) {
	s, u = k, -1
	for i, x := range xs {
		if t.fixed(x) {
			s += coef[i] * t.minOf(x)
			continue
		}
		if u >= 0 {
			return s, u, 2
		}
		u, open = i, 1
	}
	return s, u, open
}

func (p *linearProp) check(t *store, _ int32) bool {
	s := p.k
	for i, x := range p.xs {
		if !t.fixed(x) {
			return true
		}
		s += p.coef[i] * t.minOf(x)
	}
	return p.rel.holds(s)
}

// narrow enforces a·x rel r on the domain of x (a != 0).
func narrow(t *store, x int32, a, r int64, rel linRel) bool {
	switch rel {
	case linLE:
		if a > 0 {
			return t.removeAbove(x, floorDiv(r, a))
		}
		return t.removeBelow(x, ceilDiv(r, a))
	case linEQ:
		return r%a == 0 && t.fixTo(x, r/a)
	}
	if r%a == 0 {
		return t.remove(x, r/a)
	}
	return true
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}

// linForm accumulates Σ a·x + k while a linear expression is read.
type linForm struct {
	terms []linTerm
	k     int64
}

type linTerm struct {
	x int32
	a int64
}

// add adds scale·e; false if e is not linear or a coefficient overflows.
func (f *linForm) add(e Expr, scale int64) bool {
	switch e := e.(type) {
	case *Const:
		p, ok1 := MulInt(scale, e.V)
		k, ok2 := AddInt(f.k, p)
		f.k = k
		return ok1 && ok2
	case *VarExpr:
		f.terms = append(f.terms, linTerm{int32(e.V), scale})
		return true
	case *Unary:
		neg, ok := NegInt(scale)
		return e.Op == OpNeg && ok && f.add(e.X, neg)
	case *Binary:
		return f.addBinary(e, scale)
	case *Nary:
		if e.Op != OpSum {
			return false
		}
		for _, a := range e.Args {
			if !f.add(a, scale) {
				return false
			}
		}
		return true
	}
	return false
}

func (f *linForm) addBinary(e *Binary, scale int64) bool {
	switch e.Op {
	case OpAdd:
		return f.add(e.X, scale) && f.add(e.Y, scale)
	case OpSub:
		neg, ok := NegInt(scale)
		return ok && f.add(e.X, scale) && f.add(e.Y, neg)
	case OpMul:
		x, y := e.X, e.Y
		c, ok := constValue(x)
		if !ok {
			x, y = y, x
			if c, ok = constValue(x); !ok {
				return false
			}
		}
		s, ok := MulInt(scale, c)
		return ok && f.add(y, s)
	}
	return false
}

// constValue evaluates a variable-free arithmetic expression.
func constValue(e Expr) (int64, bool) {
	switch e := e.(type) {
	case *Const:
		return e.V, true
	case *Unary:
		if v, ok := constValue(e.X); ok && e.Op == OpNeg {
			return NegInt(v)
		}
	case *Binary:
		x, okx := constValue(e.X)
		y, oky := constValue(e.Y)
		if okx && oky {
			switch e.Op {
			case OpAdd:
				return AddInt(x, y)
			case OpSub:
				return SubInt(x, y)
			case OpMul:
				return MulInt(x, y)
			}
		}
	}
	return 0, false
}

// linearOf returns the linear propagator of a comparison between linear
// expressions, or nil if e is not one (or could overflow).
func (b *builder) linearOf(e Expr) *linearProp {
	if p, fits := b.linearAny(e); fits {
		return p
	}
	return nil
}

// linearAny is linearOf that also returns, with fits false, a linear
// comparison whose magnitudes add up past 64 bits (x + y over 0..2^62 and
// -2^62..0), each term fitting: that one is posted as a wideLinear.
func (b *builder) linearAny(e Expr) (p *linearProp, fits bool) {
	r, ok := e.(*Binary)
	if !ok || !r.Op.IsRelation() {
		return nil, false
	}
	f := linForm{terms: b.terms[:0]}
	defer func() { b.terms = f.terms }()
	if !f.add(r.X, 1) || !f.add(r.Y, -1) {
		return nil, false
	}
	sign, incr, rel := int64(1), int64(0), linLE
	switch r.Op {
	case OpEq:
		rel = linEQ
	case OpNe:
		rel = linNE
	case OpLt: // s < 0  <=>  s+1 <= 0
		incr = 1
	case OpGe: // s >= 0  <=>  -s <= 0
		sign = -1
	case OpGt: // s > 0  <=>  -s+1 <= 0
		sign, incr = -1, 1
	}
	return b.normalizeAny(&f, sign, incr, rel)
}

// normalize merges the terms of f and builds sign·f + incr  rel  0, or
// returns nil if its magnitudes add up past 64 bits.
func (b *builder) normalize(f *linForm, sign, incr int64, rel linRel) *linearProp {
	if p, fits := b.normalizeAny(f, sign, incr, rel); fits {
		return p
	}
	return nil
}

// normalizeAny is normalize that also returns, with fits false, the
// propagator whose magnitudes add up past 64 bits, each term's fitting;
// nil if a coefficient or a term overflows.
func (b *builder) normalizeAny(f *linForm, sign, incr int64, rel linRel) (p *linearProp, fits bool) {
	ts := f.terms
	sort.Slice(ts, func(i, j int) bool { return ts[i].x < ts[j].x })
	p = &linearProp{rel: rel}
	var ok bool
	k, ok1 := MulInt(f.k, sign)
	p.k, ok = AddInt(k, incr)
	total, ok2 := AbsInt(p.k)
	if !ok || !ok1 || !ok2 {
		return nil, false
	}
	fits = true
	for i := 0; i < len(ts); {
		x, a := ts[i].x, int64(0)
		for ; i < len(ts) && ts[i].x == x; i++ {
			if a, ok = AddInt(a, ts[i].a); !ok {
				return nil, false
			}
		}
		if a == 0 {
			continue
		}
		a, ok1 = MulInt(a, sign)
		lo, hi := b.s.m.InitialBounds(Var(x))
		m, ok2 := termMagnitude(a, lo, hi)
		if !ok1 || !ok2 {
			return nil, false
		}
		if total, ok = AddInt(total, m); !ok {
			fits = false
		}
		p.xs = append(p.xs, x)
		p.coef = append(p.coef, a)
	}
	return p, fits
}

// termMagnitude returns the largest |a·v| over the values v in lo..hi.
func termMagnitude(a, lo, hi int64) (int64, bool) {
	absA, ok1 := AbsInt(a)
	lo, ok2 := AbsInt(lo)
	hi, ok3 := AbsInt(hi)
	if !ok1 || !ok2 || !ok3 {
		return 0, false
	}
	return MulInt(absA, max(lo, hi))
}
