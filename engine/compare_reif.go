package engine

import (
	"errors"
	"fmt"
)

// CompareReif is b <-> x rel y + c (b a 0/1 variable), or only
// b -> x rel y + c with Imp, as a global with a propagator of its own:
// FlatZinc's reified comparisons of two variables (int_eq_reif(x, y, b),
// int_le_imp, the bool ones) and the reified linears MiniZinc writes for
// them (int_lin_eq_imp([1,-1], [x,y], 1, b)). LinearReif propagates them
// as well; this one reads its two variables without a loop over
// coefficients, and is domain consistent where that costs little.
//
// While b is open, b is fixed once the bounds of x and y decide the
// comparison, or, for = and !=, once one of them is fixed and the value
// it asks of the other is missing from its domain. Once b is fixed the
// comparison (or, b = 0 without Imp, its negation) is enforced: <= by
// bounds, which is domain consistent; = by intersecting the domains when
// c is 0 and by bounds otherwise; != by removing the value of a fixed
// side from the other.
type CompareReif struct {
	X, Y Expr
	Rel  BinOp // OpLe, OpEq or OpNe: NewCompareReif rewrites the others
	C    int64
	B    Expr
	Imp  bool
}

// NewCompareReif returns b <-> x op y + c for any comparison op. It
// refuses bounds whose magnitudes with c's do not fit in 64 bits with a
// little room, so that the propagator's y + c and x - c - 1 cannot
// overflow.
func NewCompareReif(x Expr, op BinOp, y Expr, c int64, b Expr) (*CompareReif, error) {
	if lo, hi := b.Bounds(); lo < 0 || hi > 1 {
		return nil, errors.New("compare_reif: the reifying variable must be 0/1")
	}
	if !compareFits(x, y, c) {
		return nil, errors.New("compare_reif: the bounds and the constant overflow 64 bits")
	}
	switch op {
	case OpLe, OpEq, OpNe:
	case OpLt: // x < y + c  <=>  x <= y + c-1
		op, c = OpLe, c-1
	case OpGe: // x >= y + c  <=>  y <= x - c
		op, x, y, c = OpLe, y, x, -c
	case OpGt: // x > y + c  <=>  y <= x - c-1
		op, x, y, c = OpLe, y, x, -c-1
	default:
		return nil, fmt.Errorf("compare_reif: %v is not a comparison", op)
	}
	return &CompareReif{X: x, Y: y, Rel: op, C: c, B: b}, nil
}

// compareFits reports whether |x| + |y| + |c| + linReifMargin fits in 64
// bits over the bounds of x and y.
func compareFits(x, y Expr, c int64) bool {
	lox, hix := x.Bounds()
	loy, hiy := y.Bounds()
	return boundsFit(lox, hix, loy, hiy, c)
}

func boundsFit(lox, hix, loy, hiy, c int64) bool {
	mx, ok1 := termMagnitude(1, lox, hix)
	my, ok2 := termMagnitude(1, loy, hiy)
	total, ok3 := AbsInt(c)
	total, ok4 := AddInt(total, linReifMargin)
	total, ok5 := AddInt(total, mx)
	_, ok6 := AddInt(total, my)
	return ok1 && ok2 && ok3 && ok4 && ok5 && ok6
}

// Name implements Global.
func (g *CompareReif) Name() string { return "compare_reif" }

// Args implements Global: x, y, b.
func (g *CompareReif) Args() []Expr { return []Expr{g.X, g.Y, g.B} }

// Holds implements Global. The values are within the bounds the
// constructor checked: y + c does not overflow.
func (g *CompareReif) Holds(vals []int64) bool {
	rel := linRelOf(g.Rel).holds(vals[0] - vals[1] - g.C)
	if g.Imp {
		return vals[2] == 0 || rel
	}
	return vals[2] == b2i(rel)
}

// Decompose implements Global.
func (g *CompareReif) Decompose() (Expr, error) {
	y := g.Y
	if g.C != 0 {
		var err error
		if y, err = NewBinary(OpAdd, g.Y, NewConst(g.C)); err != nil {
			return nil, err
		}
	}
	rel, err := NewBinary(g.Rel, g.X, y)
	if err != nil {
		return nil, err
	}
	op := OpIff
	if g.Imp {
		op = OpImplies
	}
	return NewBinary(op, g.B, rel)
}

// linear is g as LinearReif: x - y rel c.
func (g *CompareReif) linear() *LinearReif {
	return &LinearReif{Coefs: []int64{1, -1}, X: []Expr{g.X, g.Y}, Rel: g.Rel, RHS: g.C, B: g.B, Imp: g.Imp}
}

func (g *CompareReif) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	x, y, bx := argX[0], argX[1], argX[2]
	if g.Rel != OpLe && g.Rel != OpEq && g.Rel != OpNe {
		return nil, globalOpts{}, errors.New("made without NewCompareReif")
	}
	if x < 0 || y < 0 || bx < 0 || x == y || bx == x || bx == y {
		// a constant, or a variable twice: LinearReif folds and merges
		// them (its arguments are in the same order)
		return g.linear().newProp(b, argX, xs)
	}
	lox, hix := b.s.m.InitialBounds(Var(x))
	loy, hiy := b.s.m.InitialBounds(Var(y))
	if !boundsFit(lox, hix, loy, hiy, g.C) {
		return nil, globalOpts{}, errors.New("the bounds and the constant overflow 64 bits")
	}
	return &cmpReifProp{x: x, y: y, b: bx, c: g.C, rel: linRelOf(g.Rel), imp: g.Imp}, globalOpts{idem: true}, nil
}

// cmpReifProp propagates CompareReif over distinct variables x, y, b.
type cmpReifProp struct {
	x, y, b int32
	c       int64
	rel     linRel
	imp     bool
}

func (p *cmpReifProp) propagate(t *store, _ propMode) bool {
	if t.fixed(p.b) {
		switch {
		case t.minOf(p.b) == 1:
			return p.enforce(t, p.rel)
		case p.imp:
			return true
		case p.rel == linLE: // x > y + c  <=>  y <= x - c-1
			return lessEq(t, p.y, p.x, -p.c-1)
		case p.rel == linEQ:
			return p.enforce(t, linNE)
		}
		return p.enforce(t, linEQ)
	}
	return decideB(t, p.b, p.decide(t), p.imp)
}

// decide tells whether x rel y + c holds for every value of the domains,
// for none, or neither.
func (p *cmpReifProp) decide(t *store) verdict {
	x, y, c := p.x, p.y, p.c
	if p.rel == linLE {
		switch {
		case t.maxOf(x) <= t.minOf(y)+c:
			return decHolds
		case t.minOf(x) > t.maxOf(y)+c:
			return decFails
		}
		return decOpen
	}
	eq, ne := decHolds, decFails
	if p.rel == linNE {
		eq, ne = ne, eq
	}
	switch {
	case t.maxOf(x) < t.minOf(y)+c || t.minOf(x) > t.maxOf(y)+c:
		return ne
	case t.fixed(x) && t.fixed(y): // and the bounds meet
		return eq
	case t.fixed(x) && !t.contains(y, t.minOf(x)-c),
		t.fixed(y) && !t.contains(x, t.minOf(y)+c):
		return ne
	}
	return decOpen
}

// enforce enforces x rel y + c.
func (p *cmpReifProp) enforce(t *store, rel linRel) bool {
	x, y, c := p.x, p.y, p.c
	switch rel {
	case linLE:
		return lessEq(t, x, y, c)
	case linNE:
		switch {
		case t.fixed(x):
			return t.remove(y, t.minOf(x)-c)
		case t.fixed(y):
			return t.remove(x, t.minOf(y)+c)
		}
		return true
	}
	if c == 0 {
		return t.keepShared(x, y) && t.keepShared(y, x)
	}
	for range creepLimit { // bounds that creep past holes: see linearProp.bounds
		n := t.changes
		if t.tick(2) ||
			!t.removeBelow(x, t.minOf(y)+c) || !t.removeAbove(x, t.maxOf(y)+c) ||
			!t.removeBelow(y, t.minOf(x)-c) || !t.removeAbove(y, t.maxOf(x)-c) {
			return false
		}
		if t.changes == n {
			break
		}
	}
	return true
}

// lessEq enforces x <= y + c, which bounds make domain consistent: a
// value's support is the other variable's bound.
func lessEq(t *store, x, y int32, c int64) bool {
	return t.removeAbove(x, t.maxOf(y)+c) && t.removeBelow(y, t.minOf(x)-c)
}
