package engine

import (
	"fmt"
	"math"
	"testing"
)

// Flattening at the limits of 64 bits: operands next to MinInt64 and
// MaxInt64, where a propagator's bound arithmetic could wrap. Each model
// is solved, flattened with its primitives alone and as the defaults
// post it, against plain enumeration; where a part cannot be flattened
// without an overflow it must keep its old propagators and still be
// right.
func TestFlattenAtLimits(t *testing.T) {
	const big, small = math.MaxInt64, math.MinInt64
	type mk func(m *Model, v []Expr) (Expr, error)
	bin := func(op BinOp, a, b Expr) Expr { e, _ := NewBinary(op, a, b); return e }
	rangeOf := func(lo, hi int64) []int64 {
		var out []int64
		for v := lo; ; v++ {
			out = append(out, v)
			if v == hi {
				break
			}
		}
		return out
	}
	x0 := int64(big / 64)
	p := (x0 + 3) * 37
	r := int64(3037000499) // the greatest r with r·r in 64 bits
	cases := []struct {
		name string
		doms [][]int64
		make mk
	}{
		{"x * y near MaxInt64, bounds", [][]int64{rangeOf(x0, x0+40), rangeOf(0, 40), rangeOf(p-5, p+5)},
			func(m *Model, v []Expr) (Expr, error) { return NewBinary(OpEq, bin(OpMul, v[0], v[1]), v[2]) }},
		{"x / y or x % y near MinInt64", [][]int64{{small, small + 1, small + 2}, {0, 2, 3}, rangeOf(small/3-1, small/3+1), {-2, -1, 0}},
			func(m *Model, v []Expr) (Expr, error) {
				return NewBinary(OpOr, bin(OpEq, bin(OpDiv, v[0], v[1]), v[2]), bin(OpEq, bin(OpMod, v[0], v[1]), v[3]))
			}},
		{"max with MinInt64", [][]int64{{small, small + 1}, {small + 5, small + 6}, rangeOf(small, small+10)},
			func(m *Model, v []Expr) (Expr, error) {
				mx, err := NewNary(OpMax, v[:2])
				if err != nil {
					return nil, err
				}
				return NewBinary(OpEq, mx, v[2])
			}},
		{"min near MaxInt64", [][]int64{{big - 1, big}, {big - 5, big}, rangeOf(big-10, big)},
			func(m *Model, v []Expr) (Expr, error) {
				mn, err := NewNary(OpMin, v[:2])
				if err != nil {
					return nil, err
				}
				return NewBinary(OpEq, mn, v[2])
			}},
		{"abs of MinInt64 + 1", [][]int64{{small + 1, small + 2}, {big - 1, big}},
			func(m *Model, v []Expr) (Expr, error) {
				a, err := NewUnary(OpAbs, v[0])
				if err != nil {
					return nil, err
				}
				return NewBinary(OpEq, a, v[1])
			}},
		{"x * x at sqrt(MaxInt64)", [][]int64{rangeOf(r-5, r), rangeOf(r*r-2, r*r)},
			func(m *Model, v []Expr) (Expr, error) { return NewBinary(OpEq, bin(OpMul, v[0], v[0]), v[1]) }},
		{"a lookup based near MaxInt64", [][]int64{{big - 2, big - 1, big}, {1, 2}, {3, 4}, {1, 2, 3}},
			func(m *Model, v []Expr) (Expr, error) {
				el, err := NewElement(v[0], big-1, []Expr{v[1], v[2]})
				if err != nil {
					return nil, err
				}
				return NewBinary(OpEq, el, v[3])
			}},
		{"a sum past 2^62", [][]int64{{0, 1, 2}, {0, 1, 2}, {-1, 1}},
			func(m *Model, v []Expr) (Expr, error) {
				c := NewConst(1<<60 + 1<<59)
				s := bin(OpAdd, bin(OpMul, c, v[0]), bin(OpMul, c, v[1]))
				return NewBinary(OpOr, bin(OpGt, s, NewConst(1<<62)), bin(OpEq, bin(OpMul, v[2], v[2]), v[0]))
			}},
	}
	for _, c := range cases {
		rm := &randModel{m: NewModel()}
		for i, d := range c.doms {
			x, err := rm.m.NewVar(fmt.Sprintf("x%d", i), d)
			if err != nil {
				t.Fatal(err)
			}
			rm.refs = append(rm.refs, rm.m.Ref(x))
		}
		e, err := c.make(rm.m, rm.refs)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		rm.m.Require(e)
		rm.checks = append(rm.checks, func(a []int64) bool { v, ok := refEval(e, a); return ok && v != 0 })
		rm.desc = []string{c.name}
		if len(rm.enumerate()) == 0 {
			t.Fatalf("%s: no solution: the case tests nothing", c.name)
		}
		fuzzCheck(t, c.name, rm, true)
	}
}
