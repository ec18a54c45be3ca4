package engine

import (
	"errors"
	"slices"
)

// Member is b <-> x in set, b a 0/1 variable, as a global: the member
// propagator alone. Posted as the expression b <-> x in set instead, it
// gets the generic binary propagator, which looks for a support of every
// value of x at every change of x; FlatZinc's int_eq_reif(x, c, b) comes
// by the thousand over the same few variables (nmseq: 1,600 over 40
// variables of 40 values), where that search is most of the solving time.
type Member struct {
	X, B Expr
	Set  []int64 // sorted, without repeats
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
	return vals[1] == b2i(in)
}

// Decompose implements Global.
func (g *Member) Decompose() (Expr, error) {
	return NewBinary(OpIff, g.B, NewInSet(g.X, g.Set, false))
}

func (g *Member) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	vars, err := b.constVars(g, argX)
	if err != nil {
		return nil, globalOpts{}, err
	}
	return &member{x: vars[0], set: g.Set, b: vars[1]}, globalOpts{}, nil
}
