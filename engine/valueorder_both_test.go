package engine

import "testing"

// TestBothWaysIsSplit: a variable the objective grows and shrinks with
// (price·q less a set-up when q > 0) is split when its domain is large,
// and keeps the middle-out order when small; one outside the objective
// keeps it whatever its size.
func TestBothWaysIsSplit(t *testing.T) {
	m := NewModel()
	big, _ := m.NewVarRange("big", 0, 1000)
	small, _ := m.NewVarRange("small", 0, 63) // 64 values
	other, _ := m.NewVarRange("other", 0, 1000)
	term := func(v Var) Expr {
		price := mustBin(t, OpMul, NewConst(30), m.Ref(v))
		setup := NewIf(mustBin(t, OpGt, m.Ref(v), NewConst(0)), NewConst(500), NewConst(0))
		return mustBin(t, OpSub, price, setup)
	}
	m.Require(mustBin(t, OpLe, mustBin(t, OpAdd, m.Ref(big), m.Ref(other)), NewConst(900)))
	m.SetObjective(Maximize, mustBin(t, OpAdd, term(big), term(small)))
	got := valueOrders(m)
	want := map[Var]ValueOrder{big: ValueSplit, small: ValuesMid, other: ValuesMid}
	for v, w := range want {
		if got[v] != w {
			t.Errorf("%s: %v, want %v", m.VarName(v), got[v], w)
		}
	}
}
