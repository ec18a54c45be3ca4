package engine

import (
	"errors"
	"math"
	"testing"
)

// RequireSum and RequireLinear post what the three-call form posts: the
// same solutions as brute force, for every comparison.
func TestRequireLinearSolutions(t *testing.T) {
	for _, op := range []BinOp{OpEq, OpNe, OpLt, OpLe, OpGt, OpGe} {
		for _, coefs := range [][]int64{nil, {2, -3, 1}} {
			m := NewModel()
			xs := make([]Var, 3)
			for i := range xs {
				xs[i], _ = m.NewVarRange("x", -2, 3)
			}
			if _, err := m.RequireLinear(coefs, m.Refs(xs), op, 2); err != nil {
				t.Fatal(err)
			}
			want := 0
			for a := int64(-2); a <= 3; a++ {
				for b := int64(-2); b <= 3; b++ {
					for c := int64(-2); c <= 3; c++ {
						sum := a + b + c
						if coefs != nil {
							sum = coefs[0]*a + coefs[1]*b + coefs[2]*c
						}
						if relHolds(op, sum, 2) {
							want++
						}
					}
				}
			}
			for _, o := range []Options{{}, Default()} {
				s := newSolver(t, m, o)
				got := 0
				for s.Next() == Solution {
					sum := s.Value(xs[0]) + s.Value(xs[1]) + s.Value(xs[2])
					if coefs != nil {
						sum = coefs[0]*s.Value(xs[0]) + coefs[1]*s.Value(xs[1]) + coefs[2]*s.Value(xs[2])
					}
					if !relHolds(op, sum, 2) {
						t.Fatalf("%v %v: solution with sum %d", coefs, op, sum)
					}
					got++
				}
				if got != want {
					t.Errorf("coefs %v, %v 2, options %v/%v/%v: %d solutions, want %d", coefs, op, o.Order, o.Values, o.Prop, got, want)
				}
			}
		}
	}
}

func TestRequireLinearErrors(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, 5)
	y, _ := m.NewVarRange("y", 0, 5)
	xy := m.Refs([]Var{x, y})
	if _, err := m.RequireSum(xy, OpAdd, 3); err == nil {
		t.Error("a sum with + as its comparison was posted")
	}
	if _, err := m.RequireLinear([]int64{1}, xy, OpEq, 3); err == nil {
		t.Error("one coefficient for two terms was accepted")
	}
	var ov *OverflowError
	if _, err := m.RequireLinear([]int64{math.MaxInt64, 1}, xy, OpEq, 3); !errors.As(err, &ov) {
		t.Errorf("a term overflowing 64 bits: error %v, want an OverflowError", err)
	}
	big, _ := m.NewVarRange("big", math.MaxInt64-3, math.MaxInt64)
	if _, err := m.RequireSum(m.Refs([]Var{big, big}), OpLe, 0); !errors.As(err, &ov) {
		t.Errorf("a sum overflowing 64 bits: error %v, want an OverflowError", err)
	}
	if n := len(m.Constraints()); n != 0 {
		t.Errorf("%d constraints posted by failed calls", n)
	}
	if i, err := m.RequireSum(nil, OpEq, 0); err != nil || i != 0 {
		t.Errorf("the empty sum = 0: constraint %d, error %v", i, err)
	}
}

func TestStatusString(t *testing.T) {
	for st, want := range map[Status]string{Solution: "solution", Exhausted: "exhausted", Stopped: "stopped", 9: "Status(9)"} {
		if got := st.String(); got != want {
			t.Errorf("Status(%d).String() = %q, want %q", uint8(st), got, want)
		}
	}
}
