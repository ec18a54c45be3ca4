package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

func mustBin(t *testing.T, op BinOp, x, y Expr) Expr {
	t.Helper()
	e, err := NewBinary(op, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestDisjunctionForms reads the ways a pair of tasks is written.
func TestDisjunctionForms(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, 20)
	y, _ := m.NewVarRange("y", 0, 20)
	z, _ := m.NewVarRange("z", 0, 20)
	X, Y, Z := m.Ref(x), m.Ref(y), m.Ref(z)
	c := NewConst
	plus := func(e Expr, k int64) Expr { return mustBin(t, OpAdd, e, c(k)) }
	minus := func(e Expr, k int64) Expr { return mustBin(t, OpSub, e, c(k)) }
	le := func(a, b Expr) Expr { return mustBin(t, OpLe, a, b) }
	or := func(a, b Expr) Expr { return mustBin(t, OpOr, a, b) }
	any2, _ := NewNary(OpAny, []Expr{le(plus(X, 3), Y), mustBin(t, OpGe, X, plus(Y, 5))})
	tests := []struct {
		name   string
		e      Expr
		ok     bool
		dx, dy int64
	}{
		{"x+3 <= y or y+5 <= x", or(le(plus(X, 3), Y), le(plus(Y, 5), X)), true, 3, 5},
		{"x+3 < y or y > x... flipped", or(mustBin(t, OpLt, plus(X, 3), Y), mustBin(t, OpGt, X, plus(Y, 4))), true, 4, 5},
		{"constants on both sides", or(le(plus(X, 7), plus(Y, 2)), le(Y, minus(X, 3))), true, 5, 3},
		{"any of two", any2, true, 3, 5},
		{"not the same pair", or(le(plus(X, 3), Y), le(plus(Z, 5), X)), false, 0, 0},
		{"same direction twice", or(le(plus(X, 3), Y), le(plus(X, 5), Y)), false, 0, 0},
		{"and", mustBin(t, OpAnd, le(plus(X, 3), Y), le(plus(Y, 5), X)), false, 0, 0},
		{"a coefficient", or(le(mustBin(t, OpMul, c(2), X), Y), le(plus(Y, 5), X)), false, 0, 0},
		{"equality", or(mustBin(t, OpEq, plus(X, 3), Y), le(plus(Y, 5), X)), false, 0, 0},
	}
	for _, tc := range tests {
		p, ok := disjunctionOf(tc.e)
		if ok != tc.ok || ok && (p.x != int32(x) || p.y != int32(y) || p.dx != tc.dx || p.dy != tc.dy) {
			t.Errorf("%s: got %+v, %v; want dx %d dy %d, %v", tc.name, p, ok, tc.dx, tc.dy, tc.ok)
		}
	}
	_ = Z
}

// TestTaskCliques covers a 2 x 3 open shop's pairs (jobs and machines)
// and checks that a pair of tasks outside any triangle gets no clique, and
// that a task's duration is its least over the clique's pairs.
func TestTaskCliques(t *testing.T) {
	// tasks 0 1 2 on one machine, 3 4 5 on another; 0-3, 1-4, 2-5 jobs
	// (pairs only); 6-7 a lone pair. Task 0's duration against 2 is 1.
	pairs := []disjPair{
		{0, 1, 4, 2, 0}, {0, 2, 1, 3, 1}, {1, 2, 2, 3, 2},
		{3, 4, 5, 5, 3}, {3, 5, 5, 5, 4}, {4, 5, 5, 5, 5},
		{0, 3, 4, 5, 6}, {1, 4, 2, 5, 7}, {2, 5, 3, 5, 8},
		{6, 7, 1, 1, 9},
	}
	got := taskCliques(pairs)
	want := []taskClique{
		{tasks: []int32{0, 1, 2}, dur: []int64{1, 2, 3}, cons: 0},
		{tasks: []int32{3, 4, 5}, dur: []int64{5, 5, 5}, cons: 3},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("cliques %v, want %v", got, want)
	}
}

// randomDisjunctiveModel draws tasks on a short horizon, pairwise
// disjunctions over random groups (with setup times that depend on the
// pair, some written with < or >=), and a few precedences.
func randomDisjunctiveModel(rng *rand.Rand) *Model {
	m := NewModel()
	n := 3 + rng.Intn(3)
	h := int64(4 + rng.Intn(5))
	xs := make([]Expr, n)
	for i := range n {
		v, _ := m.NewVarRange(fmt.Sprintf("s%d", i), 0, h)
		xs[i] = m.Ref(v)
	}
	d := make([]int64, n)
	for i := range d {
		d[i] = int64(1 + rng.Intn(3))
	}
	pair := func(i, j int) {
		setup := func() int64 { return int64(rng.Intn(2)) }
		a, _ := NewBinary(OpAdd, xs[i], NewConst(d[i]+setup()))
		b, _ := NewBinary(OpAdd, xs[j], NewConst(d[j]+setup()))
		l, _ := NewBinary(OpLe, a, xs[j])
		r, _ := NewBinary(OpLe, b, xs[i])
		if rng.Intn(3) == 0 {
			r, _ = NewBinary(OpGe, xs[i], b)
		}
		e, _ := NewBinary(OpOr, l, r)
		m.Require(e)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if rng.Intn(5) > 0 {
				pair(i, j)
			}
		}
	}
	if rng.Intn(2) == 0 {
		i, j := rng.Intn(n), rng.Intn(n)
		if i != j {
			a, _ := NewBinary(OpAdd, xs[i], NewConst(1))
			e, _ := NewBinary(OpLe, a, xs[j])
			m.Require(e)
		}
	}
	if rng.Intn(2) == 0 {
		mk, _ := NewNary(OpMax, xs)
		m.SetObjective(Minimize, mk)
	}
	return m
}

// TestImpliedNoOverlapAgainstBruteForce: the implied nooverlaps must not
// change the solutions, under every setting (they are posted under PropAC
// only, and the other levels are the reference).
func TestImpliedNoOverlapAgainstBruteForce(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	posted := 0
	for seed := range n {
		m := randomDisjunctiveModel(rand.New(rand.NewSource(int64(seed))))
		if len(taskCliques(disjunctivePairs(m))) > 0 {
			posted++
		}
		sense, _ := m.Objective()
		if sense != Satisfy {
			var best []int64
			for _, prop := range []PropLevel{PropNone, PropFC, PropAC} {
				for _, order := range []VarOrder{OrderInput, OrderMRV, OrderDomWdeg, OrderSmallest} {
					o := Options{Order: order, Values: ValuesAuto, Prop: prop}
					v, ok := optimum(t, m, o)
					if best == nil {
						best = []int64{v}
						if !ok {
							best = []int64{-1}
						}
					}
					if !ok {
						v = -1
					}
					if v != best[0] {
						t.Fatalf("seed %d %v: optimum %d, want %d", seed, o, v, best[0])
					}
				}
			}
			continue
		}
		want := solutionKeys(bruteSolutions(m))
		for _, prop := range []PropLevel{PropNone, PropFC, PropAC} {
			for _, order := range []VarOrder{OrderInput, OrderMRV, OrderDomWdeg, OrderSmallest} {
				for _, workers := range []int{1, 2} {
					o := Options{Order: order, Values: ValuesMin, Prop: prop}
					name := fmt.Sprintf("seed %d %v workers %d", seed, o, workers)
					got := solutionKeys(solveAll(t, name, m, o, workers))
					if !slices.Equal(got, want) {
						t.Fatalf("%s: %d solutions, want %d", name, len(got), len(want))
					}
				}
			}
		}
	}
	if posted < n/4 {
		t.Errorf("only %d of %d models had a clique: the test does not test", posted, n)
	}
}

// optimum solves m to its proven optimum under o; false if it has none.
func optimum(t *testing.T, m *Model, o Options) (int64, bool) {
	t.Helper()
	s, err := NewSolver(m, o)
	if err != nil {
		t.Fatal(err)
	}
	_, obj := m.Objective()
	var best int64
	found := false
	for {
		st := s.Next()
		if st != Solution {
			if st != Exhausted {
				t.Fatalf("status %v", st)
			}
			return best, found
		}
		v, ok := Eval(obj, func(x Var) int64 { return s.Value(x) })
		if !ok {
			t.Fatal("objective undefined at a solution")
		}
		best, found = v, true
	}
}

// TestImpliedNoOverlapOpenShop: the open shop of bench/general is proven
// in a few dozen nodes once its machines and jobs are nooverlaps (more
// than a million without).
func TestImpliedNoOverlapOpenShop(t *testing.T) {
	d := [4][4]int64{{190, 243, 74, 298}, {187, 86, 140, 117}, {250, 300, 186, 254}, {112, 187, 66, 170}}
	m := NewModel()
	var s [4][4]Expr
	for j := range 4 {
		for k := range 4 {
			v, _ := m.NewVarRange(fmt.Sprintf("s%d%d", j, k), 0, 2860)
			s[j][k] = m.Ref(v)
		}
	}
	span, _ := m.NewVarRange("makespan", 0, 2860)
	disj := func(a, b Expr, da, db int64) {
		l := mustBin(t, OpLe, mustBin(t, OpAdd, a, NewConst(da)), b)
		r := mustBin(t, OpLe, mustBin(t, OpAdd, b, NewConst(db)), a)
		m.Require(mustBin(t, OpOr, l, r))
	}
	for j := range 4 {
		for a := range 4 {
			for b := a + 1; b < 4; b++ {
				disj(s[j][a], s[j][b], d[j][a], d[j][b])
				disj(s[a][j], s[b][j], d[a][j], d[b][j])
			}
			m.Require(mustBin(t, OpLe, mustBin(t, OpAdd, s[j][a], NewConst(d[j][a])), m.Ref(span)))
		}
	}
	m.SetObjective(Minimize, m.Ref(span))
	if got := len(taskCliques(disjunctivePairs(m))); got != 8 {
		t.Fatalf("%d cliques, want 8 (4 jobs, 4 machines)", got)
	}
	o := Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropAC}
	best, ok := optimum(t, m, o)
	if !ok || best != 990 {
		t.Fatalf("optimum %d (%v), want 990", best, ok)
	}
}
