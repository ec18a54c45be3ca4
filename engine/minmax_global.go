package engine

import (
	"errors"
	"fmt"
)

// Extremum is z = min(xs), or z = max(xs), as a global: the minMax
// propagator alone, bounds consistent as Gecode's min and max are by
// default, or also domain consistent on small domains with Domain.
// Posted as the expression z == min(xs) instead, the constraint also
// gets the generic propagator, which enumerates the tuples of small
// domains at every change; FlatZinc's array_int_minimum and int_min come
// by the hundred (fast-food), where that enumeration costs ten times the
// propagation itself, and the domain step three times the bounds, for
// the same search tree.
type Extremum struct {
	Z      Expr
	Xs     []Expr
	Max    bool
	Domain bool
}

// NewExtremum returns z = max(xs) if isMax, else z = min(xs).
func NewExtremum(z Expr, xs []Expr, isMax bool) (*Extremum, error) {
	if len(xs) == 0 {
		return nil, errors.New("extremum of no value")
	}
	return &Extremum{Z: z, Xs: xs, Max: isMax}, nil
}

// Name implements Global.
func (g *Extremum) Name() string {
	if g.Max {
		return "maximum"
	}
	return "minimum"
}

// Args implements Global: z, then the xs.
func (g *Extremum) Args() []Expr { return append([]Expr{g.Z}, g.Xs...) }

// Holds implements Global.
func (g *Extremum) Holds(vals []int64) bool {
	m := vals[1]
	for _, v := range vals[2:] {
		if g.Max {
			m = max(m, v)
		} else {
			m = min(m, v)
		}
	}
	return vals[0] == m
}

// Decompose implements Global.
func (g *Extremum) Decompose() (Expr, error) {
	op := OpMin
	if g.Max {
		op = OpMax
	}
	m, err := NewNary(op, g.Xs)
	if err != nil {
		return nil, err
	}
	return NewBinary(OpEq, g.Z, m)
}

func (g *Extremum) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	vars, err := b.constVars(g, argX)
	if err != nil {
		return nil, globalOpts{}, err
	}
	if !g.Domain {
		return newBoundsMinMax(&b.s.st, vars[1:], vars[0], g.Max), globalOpts{idem: true}, nil
	}
	return newMinMax(vars[1:], vars[0], g.Max), globalOpts{}, nil
}

// Abs is z = |x| as a global: the absolute propagator alone, bounds
// consistent, or also domain consistent on small domains with Domain
// (see Extremum for why).
type Abs struct {
	Z, X   Expr
	Domain bool
}

// Name implements Global.
func (g *Abs) Name() string { return "abs" }

// Args implements Global: z, x.
func (g *Abs) Args() []Expr { return []Expr{g.Z, g.X} }

// Holds implements Global.
func (g *Abs) Holds(vals []int64) bool {
	return vals[0] == max(vals[1], -vals[1])
}

// Decompose implements Global.
func (g *Abs) Decompose() (Expr, error) {
	a, err := NewUnary(OpAbs, g.X)
	if err != nil {
		return nil, err
	}
	return NewBinary(OpEq, g.Z, a)
}

func (g *Abs) newProp(b *builder, argX, _ []int32) (globalProp, globalOpts, error) {
	vars, err := b.constVars(g, argX)
	if err != nil {
		return nil, globalOpts{}, err
	}
	return &absolute{x: vars[1], z: vars[0], bounds: !g.Domain}, globalOpts{idem: !g.Domain}, nil
}

// constVars returns the variable of each argument: the propagators read
// variables only, and the caller (lang/fzn) names constants with fixed
// variables.
func (b *builder) constVars(g Global, argX []int32) ([]int32, error) {
	for _, x := range argX {
		if x < 0 {
			return nil, fmt.Errorf("%s: a constant argument (post it as a fixed variable)", g.Name())
		}
	}
	return argX, nil
}
