package engine

import (
	"errors"
	"fmt"
)

// ElementConstraint is the element constraint as a global:
//
//	result = items[index]
//
// with one index per dimension of a matrix whose cells, in row-major
// order, are items. An index outside its dimension's index set makes the
// lookup undefined, and the constraint false, as the v1 form
// result = Element(...) is (expr.go). The propagator (element_prop.go) is
// domain consistent on the indices and the result, and, once the indices
// are fixed, makes the chosen item and the result equal domain by domain;
// with Bounds over one dimension, another (element_bounds.go) is bounds
// consistent on the result, as Gecode's default.
type ElementConstraint struct {
	dims []Interval // the index set of each dimension
	args []Expr     // the indices, the items (row-major), the result
	// Bounds asks, over one dimension, for the result bounds consistent
	// only, as Gecode's default (element_bounds.go): each index value is
	// still checked, against the result's bounds, and a run costs the
	// items the index allows instead of their values.
	Bounds bool
}

// NewElementConstraint builds result = items[index...], where index[d]
// ranges over dims[d] and items has one cell per combination of indices,
// in row-major order.
func NewElementConstraint(index []Expr, dims []Interval, items []Expr, result Expr) (*ElementConstraint, error) {
	if len(index) == 0 || len(index) != len(dims) {
		return nil, fmt.Errorf("element: %d indices for %d dimensions", len(index), len(dims))
	}
	cells := int64(1)
	for _, d := range dims {
		size, ok := SubInt(d.Hi, d.Lo)
		if !ok || d.Hi < d.Lo || size >= int64(len(items)) {
			return nil, fmt.Errorf("element: the index set %d..%d does not fit %d items", d.Lo, d.Hi, len(items))
		}
		if cells, ok = MulInt(cells, size+1); !ok || cells > int64(len(items)) {
			return nil, fmt.Errorf("element: the dimensions have more cells than the %d items", len(items))
		}
	}
	if cells != int64(len(items)) {
		return nil, fmt.Errorf("element: the dimensions have %d cells, but there are %d items", cells, len(items))
	}
	args := make([]Expr, 0, len(index)+len(items)+1)
	args = append(append(append(args, index...), items...), result)
	for _, a := range args {
		if a == nil {
			return nil, errors.New("element: nil argument")
		}
	}
	return &ElementConstraint{dims: append([]Interval(nil), dims...), args: args}, nil
}

// Name implements Global.
func (g *ElementConstraint) Name() string { return "element" }

// Args implements Global: the indices, the items, the result.
func (g *ElementConstraint) Args() []Expr { return g.args }

// Dims returns the index set of each dimension.
func (g *ElementConstraint) Dims() []Interval { return g.dims }

func (g *ElementConstraint) index() []Expr { return g.args[:len(g.dims)] }
func (g *ElementConstraint) items() []Expr { return g.args[len(g.dims) : len(g.args)-1] }
func (g *ElementConstraint) result() Expr  { return g.args[len(g.args)-1] }

// Holds implements Global.
func (g *ElementConstraint) Holds(vals []int64) bool {
	nd := len(g.dims)
	pos, ok := cellOf(g.dims, vals[:nd])
	return ok && vals[len(vals)-1] == vals[nd+pos]
}

// cellOf returns the row-major position of the indices in dims, or false
// when one is outside its dimension.
func cellOf(dims []Interval, idx []int64) (int, bool) {
	pos := 0
	for d, v := range idx {
		if v < dims[d].Lo || v > dims[d].Hi {
			return 0, false
		}
		pos = pos*int(dims[d].Hi-dims[d].Lo+1) + int(v-dims[d].Lo)
	}
	return pos, true
}

// Decompose implements Global: result = Element(position, items), the
// v1 form, where the position of a matrix cell is computed from indices
// clamped into their dimensions (so that no bound can overflow) and is -1,
// out of the items, when an index is outside its dimension.
func (g *ElementConstraint) Decompose() (Expr, error) {
	lookup, err := g.lookup()
	if errors.Is(err, ErrUndefinedAlways) {
		return NewConst(0), nil // no index value falls among the items
	}
	if err != nil {
		return nil, err
	}
	return NewBinary(OpEq, g.result(), lookup)
}

func (g *ElementConstraint) lookup() (Expr, error) {
	index := g.index()
	if len(index) == 1 {
		return NewElement(index[0], g.dims[0].Lo, g.items())
	}
	var pos Expr = NewConst(0)
	var inRange []Expr
	for d, x := range index {
		lo, hi := g.dims[d].Lo, g.dims[d].Hi
		clamped, err := NewNary(OpMin, []Expr{x, NewConst(hi)})
		if err != nil {
			return nil, err
		}
		if clamped, err = NewNary(OpMax, []Expr{clamped, NewConst(lo)}); err != nil {
			return nil, err
		}
		off, err := NewBinary(OpSub, clamped, NewConst(lo))
		if err != nil {
			return nil, err
		}
		if pos, err = NewBinary(OpMul, pos, NewConst(hi-lo+1)); err != nil {
			return nil, err
		}
		if pos, err = NewBinary(OpAdd, pos, off); err != nil {
			return nil, err
		}
		ge, _ := NewBinary(OpGe, x, NewConst(lo)) // comparisons cannot overflow
		le, _ := NewBinary(OpLe, x, NewConst(hi))
		inRange = append(inRange, ge, le)
	}
	all, err := NewNary(OpAll, inRange)
	if err != nil {
		return nil, err
	}
	return NewElement(NewIf(all, pos, NewConst(-1)), 0, g.items())
}
