package engine

import "testing"

// linearModel builds vars over lo..hi and the given linear equalities or
// comparisons: each row's coefficients, its operator and its constant.
func linearModel(t *testing.T, n int, lo, hi int64, rows [][]int64, ops []BinOp) *Model {
	t.Helper()
	m := NewModel()
	var refs []Expr
	for i := range n {
		x, err := m.NewVarRange(string(rune('a'+i)), lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, m.Ref(x))
	}
	for i, r := range rows {
		if _, err := m.RequireLinear(r[:n], refs, ops[i], r[n]); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// Equalities that creep during the search (x + y = S with S beyond the
// domains, x - y = 2: each x = v fails, x != v removes one value) are
// solved at the root by elimination, odd ones refuted there, and a gcd
// that does not divide the constant refutes an equality at once.
func TestPresolveEqualities(t *testing.T) {
	const hi = 2_000_000
	cases := []struct {
		name string
		rows [][]int64
		ops  []BinOp
		sol  []int64 // nil: no solution
	}{
		{"x + y = S, x - y = 2", [][]int64{{1, 1, 2_345_670}, {1, -1, 2}}, []BinOp{OpEq, OpEq}, []int64{1_172_836, 1_172_834}},
		{"x + y = odd, x - y = 2", [][]int64{{1, 1, 2_345_671}, {1, -1, 2}}, []BinOp{OpEq, OpEq}, nil},
		{"2x - 2y = 1", [][]int64{{2, -2, 1}}, []BinOp{OpEq}, nil},
		{"3 equations", [][]int64{{1, 1, 1, 3_000_000}, {1, -1, 0, 1000}, {0, 1, -1, 7}}, []BinOp{OpEq, OpEq, OpEq}, []int64{1_000_669, 999_669, 999_662}},
	}
	for _, c := range cases {
		n := len(c.rows[0]) - 1
		m := linearModel(t, n, 0, hi, c.rows, c.ops)
		s, err := NewSolver(m, Default())
		if err != nil {
			t.Fatal(err)
		}
		st := s.Next()
		switch {
		case c.sol == nil && st != Exhausted:
			t.Fatalf("%s: %v, want no solution", c.name, st)
		case c.sol != nil && st != Solution:
			t.Fatalf("%s: %v, want a solution", c.name, st)
		case c.sol != nil:
			for i, v := range c.sol {
				if got := s.Value(Var(i)); got != v {
					t.Fatalf("%s: var %d = %d, want %d", c.name, i, got, v)
				}
			}
		}
		if nodes := s.Stats().Nodes; nodes != 0 {
			t.Errorf("%s: %d nodes, want the root to decide", c.name, nodes)
		}
		if p := s.Stats().Propagations; p > 100 {
			t.Errorf("%s: %d propagations", c.name, p)
		}
	}
	// Without presolve (flattening off turns it off), the same equalities
	// creep: the test above fails before it.
	defer func(f bool) { flattening = f }(flattening)
	flattening = false
	m := linearModel(t, 2, 0, 100_000, [][]int64{{2, -2, 1}}, []BinOp{OpEq})
	s, _ := NewSolver(m, Default())
	if !s.Propagate() {
		t.Errorf("without presolve the root refutes 2x - 2y = 1: the comparison above means nothing")
	}
}

// A cycle of comparisons that moves bounds by one a run stops waking its
// propagators after creepLimit changes of a variable in one fixpoint.
func TestCreepCapped(t *testing.T) {
	m := linearModel(t, 2, 0, 10_000_000, [][]int64{{1, -1, 0}, {-1, 1, 1}}, []BinOp{OpLt, OpLt})
	s, err := NewSolver(m, Default())
	if err != nil {
		t.Fatal(err)
	}
	if !s.Propagate() {
		t.Fatal("the root failed: it cannot creep that far")
	}
	if p := s.Stats().Propagations; p > 4*creepLimit+10 {
		t.Errorf("root propagation ran %d propagators", p)
	}
	if lo := s.st.minOf(0); lo < 100 {
		t.Errorf("x >= %d after the root: it did not creep at all", lo)
	}
}
