package engine

import (
	"math"
	"slices"
	"testing"
)

// model helps build small models in tests.
type model struct {
	*exprKit
	vars []Var
}

func newModel(t *testing.T, doms ...[]int64) *model {
	m := &model{exprKit: &exprKit{t: t, m: NewModel()}}
	for i, d := range doms {
		v, err := m.m.NewVar(string(rune('a'+i)), d)
		if err != nil {
			t.Fatal(err)
		}
		m.vars = append(m.vars, v)
	}
	return m
}

func (m *model) ref(i int) Expr { return m.m.Ref(m.vars[i]) }

func span(lo, hi int64) []int64 {
	var out []int64
	for v := lo; ; v++ {
		out = append(out, v)
		if v == hi {
			return out
		}
	}
}

func (m *model) domains(s *Solver) [][]int64 {
	var out [][]int64
	for _, v := range m.vars {
		out = append(out, s.Domain(v))
	}
	return out
}

func TestUnaryConstraintsFilterTheRoot(t *testing.T) {
	m := newModel(t, span(-5, 5), span(-5, 5), span(0, 1<<20))
	m.m.Require(m.bin(OpLe, m.bin(OpMul, c(3), m.ref(0)), c(7)))                  // a <= 2
	m.m.Require(m.bin(OpEq, m.bin(OpMod, m.ref(1), c(2)), c(0)))                  // b even
	m.m.Require(m.bin(OpGt, m.bin(OpSub, c(10), m.ref(2)), c(0)))                 // c < 10: linear, wide
	m.m.Require(m.bin(OpNe, m.bin(OpAdd, m.ref(0), m.ref(1)), m.ref(1)))          // a != 0 after merging
	m.m.Require(m.bin(OpLt, m.bin(OpSub, m.ref(2), m.ref(2)), m.un(OpAbs, c(1)))) // always true
	s := newSolver(t, m.m, Options{})
	want := [][]int64{{-5, -4, -3, -2, -1, 1, 2}, {-4, -2, 0, 2, 4}, span(0, 9)}
	if got := m.domains(s); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("domains %v, want %v", got, want)
	}
	if len(s.props) != 0 {
		t.Errorf("%d propagators for unary constraints", len(s.props))
	}
}

func TestUnsatisfiableAtTheRoot(t *testing.T) {
	cases := map[string]func(m *model){
		"false constant":    func(m *model) { m.m.Require(m.bin(OpLt, c(2), c(1))) },
		"empty unary":       func(m *model) { m.m.Require(m.bin(OpGt, m.ref(0), c(3))) },
		"alldiff constants": func(m *model) { m.m.AllDifferent([]Expr{m.ref(0), c(2), m.ref(1), c(2)}) },
		"alldiff x x":       func(m *model) { m.m.AllDifferent([]Expr{m.ref(0), m.ref(1), m.ref(0)}) },
		"alldiff x+1 x+1": func(m *model) {
			m.m.AllDifferent([]Expr{m.bin(OpAdd, m.ref(0), c(1)), m.bin(OpSub, m.ref(0), c(-1))})
		},
		"diagonal x x same position": func(m *model) { m.m.Diagonal([]Expr{m.ref(0), m.ref(0)}, []int64{4, 4}) },
	}
	for name, post := range cases {
		m := newModel(t, span(1, 3), span(1, 3))
		post(m)
		s := newSolver(t, m.m, Options{})
		if s.Propagate() {
			t.Errorf("%s: Propagate succeeded", name)
		}
		if st := s.Next(); st != Exhausted || s.Stats().Nodes != 0 {
			t.Errorf("%s: %v after %d nodes", name, st, s.Stats().Nodes)
		}
	}
}

func TestAllDiffOffsetsAndConstants(t *testing.T) {
	m := newModel(t, span(0, 4), span(0, 4), span(0, 4))
	// a+1, b-1, 3, c, a+2: the constant is removed at the root (a+1 != 3,
	// a+2 != 3, b-1 != 3, c != 3); a twice with different offsets is fine.
	m.m.AllDifferent([]Expr{m.bin(OpAdd, m.ref(0), c(1)), m.bin(OpSub, m.ref(1), c(1)), c(3), m.ref(2),
		m.bin(OpAdd, c(2), m.ref(0))})
	s := newSolver(t, m.m, Options{Order: OrderInput})
	want := [][]int64{{0, 3, 4}, {0, 1, 2, 3}, {0, 1, 2, 4}}
	if got := m.domains(s); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("root domains %v, want %v", got, want)
	}
	p := s.props[0].(*allDiffProp)
	if p.zeroOff || len(p.xs) != 3 {
		t.Fatalf("propagator %+v", p)
	}
	// a = 0: a+1 = 1 and a+2 = 2 exclude b-1 in {1, 2} and c in {1, 2}.
	s.st.push()
	s.st.fixTo(int32(m.vars[0]), 0)
	if !p.forward(&s.st, 0) {
		t.Fatal("forward failed")
	}
	want = [][]int64{{0}, {0, 1}, {0, 4}}
	if got := m.domains(s); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("after a = 0: %v, want %v", got, want)
	}
}

func TestAllDiffNonSimpleIsPairwise(t *testing.T) {
	m := newModel(t, span(1, 3), span(1, 3), span(1, 3))
	m.m.AllDifferent([]Expr{m.ref(0), m.bin(OpMul, c(2), m.ref(1)), m.ref(2), c(2)})
	s := newSolver(t, m.m, Options{})
	// a != 2b, a != c, 2b != c are binary; a, 2b, c != 2 are unary.
	if len(s.props) != 3 {
		t.Errorf("%d propagators, want 3", len(s.props))
	}
	want := [][]int64{{1, 3}, {2, 3}, {1, 3}}
	if got := m.domains(s); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("root domains %v, want %v", got, want)
	}
}

func TestDiagonal(t *testing.T) {
	m := newModel(t, span(1, 8), span(1, 8), span(1, 8))
	if _, err := m.m.Diagonal([]Expr{m.ref(0), m.ref(1), m.ref(2), m.ref(0)}, []int64{1, 3, 6, 9}); err != nil {
		t.Fatal(err)
	}
	s := newSolver(t, m.m, Options{})
	p := s.props[0].(*diagonalProp)
	s.st.push()
	s.st.fixTo(int32(m.vars[0]), 4) // a at positions 1 and 9
	if !p.forward(&s.st, 0) {
		t.Fatal("forward failed")
	}
	// b (position 3): 4±2 and 4±6; c (position 6): 4±5 and 4±3.
	want := [][]int64{{4}, {1, 3, 4, 5, 7, 8}, {2, 3, 4, 5, 6, 8}}
	if got := m.domains(s); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("after a = 4: %v, want %v", got, want)
	}
}

func TestDiagonalExtremeValues(t *testing.T) {
	m := newModel(t, []int64{math.MinInt64, math.MinInt64 + 1}, []int64{math.MaxInt64 - 1, math.MaxInt64})
	m.m.Diagonal([]Expr{m.ref(0), m.ref(1)}, []int64{math.MinInt64, math.MaxInt64})
	m.m.Diagonal([]Expr{m.ref(0), m.bin(OpAdd, m.ref(1), c(-1))}, []int64{0, 1}) // pairwise
	s := newSolver(t, m.m, Options{})
	// The distance of the positions is 2^64-1, which only a = MinInt64,
	// b = MaxInt64 reach.
	for st := s.Next(); st == Solution; st = s.Next() {
		if s.Value(m.vars[0]) == math.MinInt64 && s.Value(m.vars[1]) == math.MaxInt64 {
			t.Error("solution on a diagonal")
		}
	}
	if got := s.Stats().Solutions; got != 3 {
		t.Errorf("%d solutions, want 3", got)
	}
}

func TestLinearNarrowing(t *testing.T) {
	tests := []struct {
		name string
		op   BinOp
		coef int64
		rhs  int64
		want []int64
	}{
		{"3x <= 7", OpLe, 3, 7, span(-5, 2)},
		{"3x < 7", OpLt, 3, 7, span(-5, 2)},
		{"3x < 6", OpLt, 3, 6, span(-5, 1)},
		{"-3x <= 7", OpLe, -3, 7, span(-2, 5)},
		{"-3x >= 7", OpGe, -3, 7, span(-5, -3)},
		{"2x > -3", OpGt, 2, -3, span(-1, 5)},
		{"2x = -4", OpEq, 2, -4, []int64{-2}},
		{"2x = 3", OpEq, 2, 3, nil},
		{"2x != 4", OpNe, 2, 4, []int64{-5, -4, -3, -2, -1, 0, 1, 3, 4, 5}},
		{"2x != 3", OpNe, 2, 3, span(-5, 5)},
	}
	for _, tc := range tests {
		m := newModel(t, span(-5, 5), span(0, 3))
		// coef*a + b - b  op  rhs, with b fixed to 2 by search.
		lhs := m.bin(OpSub, m.bin(OpAdd, m.bin(OpMul, c(tc.coef), m.ref(0)), m.ref(1)), m.ref(1))
		m.m.Require(m.bin(tc.op, m.bin(OpAdd, lhs, m.ref(1)), m.bin(OpAdd, c(tc.rhs), m.ref(1))))
		s := newSolver(t, m.m, Options{})
		got := s.Domain(m.vars[0])
		if tc.want == nil {
			if st := s.Next(); st != Exhausted {
				t.Errorf("%s: %v, want no solution", tc.name, st)
			}
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLinearClassification(t *testing.T) {
	m := newModel(t, span(-5, 5), span(-5, 5), span(-5, 5))
	a, b, cc := m.ref(0), m.ref(1), m.ref(2)
	linear := []Expr{
		m.bin(OpEq, m.nary(OpSum, a, m.bin(OpMul, c(2), b), c(3)), cc),
		m.bin(OpLe, m.un(OpNeg, m.bin(OpSub, a, b)), m.bin(OpMul, m.bin(OpAdd, c(1), c(2)), cc)),
		m.bin(OpNe, a, b),
	}
	for _, e := range linear {
		m.m.Require(e)
	}
	m.m.Require(m.bin(OpEq, m.bin(OpMul, a, b), cc)) // not linear
	s := newSolver(t, m.m, Options{})
	for i, p := range s.props {
		if _, ok := p.(*linearProp); ok != (i < len(linear)) {
			t.Errorf("constraint %d: %T", i, p)
		}
	}
	// Forms whose magnitudes add up past 64 bits sum in 128 (wideLinear).
	m2 := newModel(t, span(math.MaxInt64-3, math.MaxInt64), span(math.MaxInt64-3, math.MaxInt64))
	m2.m.Require(m2.bin(OpEq, m2.ref(0), m2.ref(1)))
	s2 := newSolver(t, m2.m, Options{})
	if r, ok := s2.props[0].(*globalRun); !ok || r.g.Name() != "linear" {
		t.Errorf("huge linear form: %T", s2.props[0])
	}
	if got := countSolutions(s2); got != 4 {
		t.Errorf("huge x = y: %d solutions, want 4", got)
	}
}

func TestGenericForwardChecking(t *testing.T) {
	m := newModel(t, span(0, 6), span(-3, 3), span(0, 9))
	// a / b = 2 or c = 1: b = 0 makes the division undefined.
	e := m.bin(OpOr, m.bin(OpEq, m.bin(OpDiv, m.ref(0), m.ref(1)), c(2)), m.bin(OpEq, m.ref(2), c(1)))
	m.m.Require(e)
	s := newSolver(t, m.m, Options{Order: OrderInput})
	p := s.props[0].(*exprProp)
	s.st.push()
	s.st.fixTo(int32(m.vars[0]), 4)
	s.st.fixTo(int32(m.vars[2]), 0)
	if !p.forward(&s.st, 0) {
		t.Fatal("forward failed")
	}
	if got := s.Domain(m.vars[1]); !slices.Equal(got, []int64{2}) {
		t.Errorf("b = %v, want [2]", got)
	}
	s.st.pop()
	s.st.push()
	s.st.fixTo(int32(m.vars[0]), 1)
	s.st.fixTo(int32(m.vars[2]), 0)
	if p.forward(&s.st, 0) {
		t.Errorf("a = 1, c = 0: forward succeeded with b = %v", s.Domain(m.vars[1]))
	}
}

func TestPropagateFixpointAndUndo(t *testing.T) {
	// a = 1 (unary); b = a + 1; c = b + 1; d != c: a chain that only a
	// fixpoint resolves.
	m := newModel(t, span(1, 4), span(1, 4), span(1, 4), span(1, 4))
	m.m.Require(m.bin(OpEq, m.ref(0), c(1)))
	m.m.Require(m.bin(OpEq, m.ref(2), m.bin(OpAdd, m.ref(1), c(1))))
	m.m.Require(m.bin(OpEq, m.ref(1), m.bin(OpAdd, m.ref(0), c(1))))
	m.m.AllDifferent([]Expr{m.ref(3), m.ref(2), m.ref(1), m.ref(0)})
	s := newSolver(t, m.m, Options{Order: OrderInput})
	if !s.Propagate() {
		t.Fatal("Propagate failed")
	}
	want := [][]int64{{1}, {2}, {3}, {4}}
	if got := m.domains(s); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("after Propagate %v, want %v", got, want)
	}
	if !s.Propagate() { // again: idempotent
		t.Fatal("second Propagate failed")
	}
	if st := s.Next(); st != Solution || s.Stats().Nodes != 4 {
		t.Errorf("Next after Propagate: %v, %+v", st, s.Stats())
	}
	if st := s.Next(); st != Exhausted {
		t.Errorf("second Next: %v", st)
	}
	s2 := newSolver(t, m.m, Options{Order: OrderInput})
	countSolutions(s2)
	if s2.Stats().Nodes != s.Stats().Nodes || s2.Stats().Failures != s.Stats().Failures {
		t.Errorf("Propagate changed the search: %+v vs %+v", s.Stats(), s2.Stats())
	}
	// After the search, the domains are the root's again.
	if got := s.Domain(m.vars[3]); !slices.Equal(got, span(1, 4)) {
		t.Errorf("after exhaustion d = %v", got)
	}
}

func TestPropNoneChecksPairsEarly(t *testing.T) {
	// With PropNone, alldiff fails as soon as a clash is assigned (b = a),
	// not once every variable is.
	m := newModel(t, span(1, 2), span(1, 2), span(1, 5), span(1, 5))
	m.m.AllDifferent([]Expr{m.ref(0), m.ref(1), m.ref(2), m.ref(3)})
	s := newSolver(t, m.m, Options{Order: OrderInput, Prop: PropNone})
	var trace []string
	s.trace = func(depth int, x Var, v int64, _, ok bool) {
		if !ok {
			trace = append(trace, m.m.VarName(x))
		}
	}
	s.Next()
	if want := []string{"b", "c", "c", "d", "d", "d"}; !slices.Equal(trace, want) {
		t.Errorf("failures at %v, want %v", trace, want)
	}
}
