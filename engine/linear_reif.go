package engine

import (
	"errors"
	"fmt"
)

// LinearReif is b <-> Σ coefs·x rel rhs (b a 0/1 variable), or only
// b -> Σ coefs·x rel rhs with Imp, as a global with a propagator of its
// own: FlatZinc's int_lin_*_reif and int_lin_*_imp, and the reified
// comparisons of a variable with a constant by bounds (int_le_imp(2, x,
// b)). Posted as expressions (big-M linears for the bounds, an
// expression for the != side) they got two or three propagators each,
// one of them the generic one, which enumerates pairs at every change
// (fillomino: 27 of them, a quarter of the solving time).
//
// The propagation is Gecode's for these (bounds reasoning) and a little
// more: while b is open, b is fixed once the bounds of the sum entail the
// comparison (b = 1, unless Imp) or its negation (b = 0), and for = and
// != once every variable but one is fixed and the value that one needs
// is not in its domain; once b is fixed, the comparison (or, b = 0
// without Imp, its negation) is enforced by the linear propagator
// (linearProp.bounds): bounds consistency for <= and = (domain
// consistency for = over two small domains), the value removed once one
// variable is left for !=.
type LinearReif struct {
	Coefs []int64
	X     []Expr
	Rel   BinOp // OpLe, OpEq or OpNe: NewLinearReif rewrites the others
	RHS   int64
	B     Expr
	Imp   bool
}

// NewLinearReif returns b <-> Σ coefs·xs op rhs for any comparison op.
// It refuses a sum whose magnitudes (Σ |coef|·max|x| + |rhs|, over the
// bounds of xs) do not fit in 64 bits with a little room, so that the
// propagator's partial sums and its negated form cannot overflow.
func NewLinearReif(coefs []int64, xs []Expr, op BinOp, rhs int64, b Expr) (*LinearReif, error) {
	if len(coefs) != len(xs) {
		return nil, fmt.Errorf("linear_reif: %d coefficients for %d terms", len(coefs), len(xs))
	}
	if lo, hi := b.Bounds(); lo < 0 || hi > 1 {
		return nil, errors.New("linear_reif: the reifying variable must be 0/1")
	}
	cs := append([]int64(nil), coefs...)
	ok := true
	switch op {
	case OpLe, OpEq, OpNe:
	case OpLt: // s < r  <=>  s <= r-1
		rhs, ok = SubInt(rhs, 1)
		op = OpLe
	case OpGe, OpGt: // s >= r  <=>  -s <= -r;  s > r  <=>  -s <= -r-1
		for i, c := range cs {
			var fine bool
			cs[i], fine = NegInt(c)
			ok = ok && fine
		}
		var fine bool
		rhs, fine = NegInt(rhs)
		ok = ok && fine
		if op == OpGt {
			rhs, fine = SubInt(rhs, 1)
			ok = ok && fine
		}
		op = OpLe
	default:
		return nil, fmt.Errorf("linear_reif: %v is not a comparison", op)
	}
	if !ok || !linReifFits(cs, xs, rhs) {
		return nil, errors.New("linear_reif: the sum's magnitudes overflow 64 bits")
	}
	return &LinearReif{Coefs: cs, X: append([]Expr(nil), xs...), Rel: op, RHS: rhs, B: b}, nil
}

// linReifMargin is the room kept below MaxInt64 by the magnitude check:
// the negation of <= adds one, and sums are compared with their bounds.
const linReifMargin = 4

// linReifFits reports whether Σ |coef|·max|x| + |rhs| + linReifMargin
// fits in 64 bits over the bounds of xs.
func linReifFits(coefs []int64, xs []Expr, rhs int64) bool {
	total, ok := AbsInt(rhs)
	if !ok {
		return false
	}
	if total, ok = AddInt(total, linReifMargin); !ok {
		return false
	}
	for i, x := range xs {
		lo, hi := x.Bounds()
		m, fine := termMagnitude(coefs[i], lo, hi)
		if !fine {
			return false
		}
		if total, ok = AddInt(total, m); !ok {
			return false
		}
	}
	return true
}

// Name implements Global.
func (g *LinearReif) Name() string { return "linear_reif" }

// Args implements Global: the terms, then b.
func (g *LinearReif) Args() []Expr { return append(append([]Expr(nil), g.X...), g.B) }

// Holds implements Global. The values are within the bounds the
// constructor checked, so the sum does not overflow.
func (g *LinearReif) Holds(vals []int64) bool {
	s := -g.RHS
	for i, a := range g.Coefs {
		s += a * vals[i]
	}
	rel := linRelOf(g.Rel).holds(s)
	if b := vals[len(g.Coefs)]; g.Imp {
		return b == 0 || rel
	}
	return vals[len(g.Coefs)] == b2i(rel)
}

// linRelOf maps the comparisons LinearReif keeps to the linear
// propagator's relations.
func linRelOf(op BinOp) linRel {
	switch op {
	case OpEq:
		return linEQ
	case OpNe:
		return linNE
	}
	return linLE
}

// Decompose implements Global.
func (g *LinearReif) Decompose() (Expr, error) {
	terms := make([]Expr, len(g.X))
	for i, x := range g.X {
		t, err := NewBinary(OpMul, NewConst(g.Coefs[i]), x)
		if err != nil {
			return nil, err
		}
		terms[i] = t
	}
	sum, err := NewNary(OpSum, terms)
	if err != nil {
		return nil, err
	}
	rel, err := NewBinary(g.Rel, sum, NewConst(g.RHS))
	if err != nil {
		return nil, err
	}
	op := OpIff
	if g.Imp {
		op = OpImplies
	}
	return NewBinary(op, g.B, rel)
}

func (g *LinearReif) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	n := len(g.Coefs)
	if len(g.X) != n || g.Rel != OpLe && g.Rel != OpEq && g.Rel != OpNe {
		return nil, globalOpts{}, errors.New("made without NewLinearReif")
	}
	// The constructor checked the magnitudes over the expressions'
	// bounds; a global made by hand is checked here, over the store's.
	total, ok := AbsInt(g.RHS)
	total, fine := AddInt(total, linReifMargin)
	ok = ok && fine
	for i := range n {
		lo, hi := g.X[i].Bounds()
		if x := argX[i]; x >= 0 {
			lo, hi = b.s.m.InitialBounds(Var(x))
		}
		m, fine1 := termMagnitude(g.Coefs[i], lo, hi)
		var fine2 bool
		total, fine2 = AddInt(total, m)
		ok = ok && fine1 && fine2
	}
	if !ok {
		return nil, globalOpts{}, errors.New("the sum's magnitudes overflow 64 bits")
	}
	bx := argX[n]
	// b may be a term of its own sum too: the propagator reads it as
	// both, which is sound (every deduction holds for each of its values).
	p := &linReifProp{b: bx, rel: linRelOf(g.Rel), imp: g.Imp, k: -g.RHS}
	if bx < 0 {
		p.bv = g.B.(*Const).V
	}
	// Constants folded into k, a repeated variable's coefficients added:
	// partial sums of the terms stay within the checked magnitude.
	for i, a := range g.Coefs {
		x := argX[i]
		if x < 0 {
			p.k += a * g.X[i].(*Const).V
			continue
		}
		j := 0
		for j < len(p.xs) && p.xs[j] != x {
			j++
		}
		if j == len(p.xs) {
			p.xs = append(p.xs, x)
			p.coef = append(p.coef, 0)
		}
		p.coef[j] += a
	}
	keep := 0
	for j, a := range p.coef {
		if a != 0 {
			p.xs[keep], p.coef[keep] = p.xs[j], a
			keep++
		}
	}
	p.xs, p.coef = p.xs[:keep], p.coef[:keep]
	p.yes = &linearProp{xs: p.xs, coef: p.coef, k: p.k, rel: p.rel}
	p.no = &linearProp{xs: p.xs, coef: p.coef, k: p.k, rel: linEQ} // not !=
	switch p.rel {
	case linEQ:
		p.no.rel = linNE
	case linLE: // not (s <= 0)  <=>  -s + 1 <= 0, within linReifMargin
		p.no = &linearProp{xs: p.xs, coef: make([]int64, len(p.coef)), k: 1 - p.k, rel: linLE}
		for i, a := range p.coef {
			p.no.coef[i] = -a
		}
	}
	return p, globalOpts{idem: true}, nil
}

// linReifProp propagates LinearReif over Σ coef·xs + k rel 0, the
// variables distinct, the coefficients non-zero.
type linReifProp struct {
	xs   []int32
	coef []int64
	k    int64
	rel  linRel
	b    int32 // -1: b is the constant bv
	bv   int64
	imp  bool
	// yes and no are the comparison and its negation, enforced as any
	// linear comparison once b is fixed.
	yes, no *linearProp
}

func (p *linReifProp) propagate(t *store, _ propMode) bool {
	if p.b < 0 || t.fixed(p.b) {
		bv := p.bv
		if p.b >= 0 {
			bv = t.minOf(p.b)
		}
		switch {
		case bv == 1:
			return p.yes.bounds(t)
		case p.imp:
			return true
		}
		return p.no.bounds(t)
	}
	return decideB(t, p.b, p.decide(t), p.imp)
}

// decideB fixes b as verdict v asks: 1 where the comparison holds (not
// for a half-reification, whose b may be 0 anyway), 0 where it fails.
func decideB(t *store, b int32, v verdict, imp bool) bool {
	switch {
	case v == decHolds && !imp:
		return t.fixTo(b, 1)
	case v == decFails:
		return t.fixTo(b, 0)
	}
	return true
}

// verdict is what the domains say of a comparison.
type verdict uint8

const (
	decOpen verdict = iota
	decHolds
	decFails
)

// decide tells whether the comparison holds for every value of the
// domains, for none, or neither. Deciding it from the sum's bounds is
// Gecode's reasoning; = and != with one variable left also ask whether
// the value it needs is in its domain.
func (p *linReifProp) decide(t *store) verdict {
	lo, hi := p.k, p.k
	open, free := 0, int32(-1)
	for i, x := range p.xs {
		l, h := termRange(t, x, p.coef[i])
		lo, hi = lo+l, hi+h
		if !t.fixed(x) {
			open, free = open+1, int32(i)
		}
	}
	if p.rel == linLE {
		switch {
		case hi <= 0:
			return decHolds
		case lo > 0:
			return decFails
		}
		return decOpen
	}
	eq := decHolds
	ne := decFails
	if p.rel == linNE {
		eq, ne = ne, eq
	}
	switch {
	case lo > 0 || hi < 0:
		return ne
	case lo == hi: // every variable fixed, and the sum is 0
		return eq
	case open == 1: // a·x + r = 0 needs x = -r/a
		a, x := p.coef[free], p.xs[free]
		r := lo - a*t.minOf(x)
		if a < 0 {
			r = lo - a*t.maxOf(x)
		}
		if r%a != 0 || !t.contains(x, -r/a) {
			return ne
		}
	}
	return decOpen
}
