package engine

import (
	"errors"
	"slices"
)

// Member is b <-> x in set (b a 0/1 variable), or b <-> x not in set
// with Neg, or only b -> ... with Imp, as a global with a propagator of
// its own. Posted as the expression instead, it gets the generic binary
// propagator, which looks for a support of every value of x at every
// change of x; FlatZinc's int_eq_reif(x, c, b), int_ne_reif and their
// _imp forms come by the thousand over the same few variables (nmseq:
// 1,600 over 40 variables of 40 values), where that search is most of
// the solving time. Domain consistent on small domains, bounds
// consistent on wide ones, as member is.
type Member struct {
	X, B     Expr
	Set      []int64 // sorted, without repeats
	Neg, Imp bool
}

// NewMember returns b <-> x in set.
func NewMember(x Expr, set []int64, b Expr) (*Member, error) {
	if lo, hi := b.Bounds(); lo < 0 || hi > 1 {
		return nil, errors.New("member: the reifying variable must be 0/1")
	}
	s := slices.Clone(set)
	slices.Sort(s)
	return &Member{X: x, B: b, Set: slices.Compact(s)}, nil
}

// Name implements Global.
func (g *Member) Name() string { return "member" }

// Args implements Global: x, b.
func (g *Member) Args() []Expr { return []Expr{g.X, g.B} }

// Holds implements Global.
func (g *Member) Holds(vals []int64) bool {
	_, in := slices.BinarySearch(g.Set, vals[0])
	rel := in != g.Neg
	if g.Imp {
		return vals[1] == 0 || rel
	}
	return vals[1] == b2i(rel)
}

// Decompose implements Global.
func (g *Member) Decompose() (Expr, error) {
	op := OpIff
	if g.Imp {
		op = OpImplies
	}
	return NewBinary(op, g.B, NewInSet(g.X, g.Set, g.Neg))
}

func (g *Member) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	vars, err := b.constVars(g, argX)
	if err != nil {
		return nil, globalOpts{}, err
	}
	return &memberReif{x: vars[0], set: g.Set, b: vars[1], neg: g.Neg, imp: g.Imp}, globalOpts{exact: true}, nil
}

// memberReif propagates Member: while b is open, b = 0 once x can no
// longer satisfy the relation, and (unless imp) b = 1 once x can no
// longer break it; once b is fixed, x keeps the values that satisfy the
// relation (or, b = 0 without imp, break it).
type memberReif struct {
	x        int32
	set      []int64
	b        int32
	neg, imp bool
}

// can reports whether x can take a member and a value outside the set;
// a set of one value (x = v, FlatZinc's int_eq_reif) is the common case.
func (p *memberReif) can(t *store) (in, out bool) {
	if len(p.set) == 1 {
		in = t.contains(p.x, p.set[0])
		return in, !in || !t.fixed(p.x)
	}
	return holdsMember(t, p.x, p.set), !allMembers(t, p.x, p.set)
}

func (p *memberReif) propagate(t *store, _ propMode) bool {
	if !t.fixed(p.b) {
		canIn, canOut := p.can(t)
		canHold, canBreak := canIn, canOut
		if p.neg {
			canHold, canBreak = canOut, canIn
		}
		switch {
		case !canHold:
			return t.fixTo(p.b, 0)
		case !canBreak && !p.imp:
			return t.fixTo(p.b, 1)
		}
		return true
	}
	holds := t.minOf(p.b) == 1
	if !holds && p.imp {
		return true
	}
	if holds != p.neg {
		return filterIn(t, p.x, p.set)
	}
	for _, v := range p.set {
		if !t.remove(p.x, v) {
			return false
		}
	}
	return true
}
