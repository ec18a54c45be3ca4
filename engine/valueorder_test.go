package engine

import (
	"slices"
	"testing"
)

// TestValueOrders checks the directions ValuesAuto reads off objectives.
func TestValueOrders(t *testing.T) {
	must := func(e Expr, err error) Expr {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	m := NewModel()
	var v [6]Var
	for i := range v {
		v[i], _ = m.NewVarRange(string(rune('a'+i)), 0, 9)
	}
	r := func(i int) Expr { return m.Ref(v[i]) }
	if valueOrders(m) != nil {
		t.Fatal("a satisfaction model has value orders")
	}
	// a + 3b - 2c + max(d, abs(e)); f = a + d defines nothing in the
	// objective (f is not in it).
	obj := must(NewBinary(OpAdd, r(0), must(NewBinary(OpMul, NewConst(3), r(1)))))
	obj = must(NewBinary(OpSub, obj, must(NewBinary(OpMul, r(2), NewConst(2)))))
	obj = must(NewBinary(OpAdd, obj, must(NewNary(OpMax, []Expr{r(3), must(NewUnary(OpAbs, r(4)))}))))
	m.Require(must(NewBinary(OpEq, r(5), must(NewBinary(OpAdd, r(0), r(3))))))
	m.SetObjective(Minimize, obj)
	want := []ValueOrder{ValuesMin, ValuesMin, ValuesMax, ValuesMin, ValuesMid, ValuesMid}
	if got := valueOrders(m); !slices.Equal(got, want) {
		t.Errorf("minimize: %v, want %v", got, want)
	}
	m.SetObjective(Maximize, obj)
	want = []ValueOrder{ValuesMax, ValuesMax, ValuesMin, ValuesMax, ValuesMid, ValuesMid}
	if got := valueOrders(m); !slices.Equal(got, want) {
		t.Errorf("maximize: %v, want %v", got, want)
	}
	// minimize f, with f = a + d and c = f - b: the definition of f
	// passes its direction on (a, d small); c = f - b is not a definition
	// of f, and c is not in the objective.
	m.Require(must(NewBinary(OpEq, r(2), must(NewBinary(OpSub, r(5), r(1))))))
	m.SetObjective(Minimize, r(5))
	want = []ValueOrder{ValuesMin, ValuesMid, ValuesMid, ValuesMin, ValuesMid, ValuesMin}
	if got := valueOrders(m); !slices.Equal(got, want) {
		t.Errorf("definitions: %v, want %v", got, want)
	}
	// a both added and subtracted has no direction.
	m.SetObjective(Minimize, must(NewBinary(OpSub, must(NewBinary(OpMul, r(0), NewConst(2))), r(0))))
	if got := valueOrders(m); got[0] != ValuesMid {
		t.Errorf("a in both directions: %v", got[0])
	}
}

// TestValuesAutoFirstSolution: with ValuesAuto, the first solution of
// minimize max(colour) on a triangle with a pendant node uses 3 colours,
// the optimum, under every order and propagation level; and the optimum
// and the number of solutions of a satisfaction model are those of
// ValuesMid.
func TestValuesAutoFirstSolution(t *testing.T) {
	m := NewModel()
	var c [4]Var
	for i := range c {
		c[i], _ = m.NewVarRange("c", 1, 4)
	}
	for _, e := range [][2]int{{0, 1}, {1, 2}, {0, 2}, {2, 3}} {
		ne, _ := NewBinary(OpNe, m.Ref(c[e[0]]), m.Ref(c[e[1]]))
		m.Require(ne)
	}
	args := make([]Expr, len(c))
	for i := range c {
		args[i] = m.Ref(c[i])
	}
	mx, _ := NewNary(OpMax, args)
	m.SetObjective(Minimize, mx)
	for _, order := range []VarOrder{OrderMRV, OrderInput, OrderDomWdeg} {
		for _, prop := range []PropLevel{PropFC, PropNone, PropAC} {
			s, err := NewSolver(m, Options{Order: order, Values: ValuesAuto, Prop: prop})
			if err != nil {
				t.Fatal(err)
			}
			if st := s.Next(); st != Solution || s.Objective() != 3 {
				t.Errorf("%v/%v: first solution %v, objective %d", order, prop, st, s.Objective())
			}
			if st := s.Next(); st != Exhausted {
				t.Errorf("%v/%v: %v after the optimum", order, prop, st)
			}
		}
	}
	m.SetObjective(Satisfy, nil)
	for _, prop := range []PropLevel{PropFC, PropAC} {
		counts := [2]int{}
		for i, vo := range []ValueOrder{ValuesMid, ValuesAuto} {
			s, _ := NewSolver(m, Options{Order: OrderMRV, Values: vo, Prop: prop})
			for s.Next() == Solution {
				counts[i]++
			}
		}
		if counts[0] != counts[1] || counts[0] != 4*3*2*3 {
			t.Errorf("%v: %d solutions with mid, %d with auto", prop, counts[0], counts[1])
		}
	}
}
