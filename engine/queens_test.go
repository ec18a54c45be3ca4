package engine

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// queens builds the n-queens model of the language spec: q[c] is the row
// of the queen in column c, with alldiff(q) and diagonal(q).
func queens(t testing.TB, n int) (*Model, []Var) {
	t.Helper()
	m := NewModel()
	q := make([]Var, n)
	args := make([]Expr, n)
	pos := make([]int64, n)
	for i := range q {
		v, err := m.NewVarRange(fmt.Sprintf("q%d", i+1), 1, int64(n))
		if err != nil {
			t.Fatal(err)
		}
		q[i], args[i], pos[i] = v, m.Ref(v), int64(i+1)
	}
	m.AllDifferent(args)
	if _, err := m.Diagonal(args, pos); err != nil {
		t.Fatal(err)
	}
	return m, q
}

func newSolver(t testing.TB, m *Model, o Options) *Solver {
	t.Helper()
	s, err := NewSolver(m, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// allOptions lists every combination of order, values and propagation.
func allOptions() []Options {
	var out []Options
	for _, order := range []VarOrder{OrderMRV, OrderInput, OrderDomWdeg} {
		for _, values := range []ValueOrder{ValuesMin, ValuesMax, ValuesMid} {
			for _, prop := range []PropLevel{PropFC, PropNone, PropAC} {
				out = append(out, Options{Order: order, Values: values, Prop: prop})
			}
		}
	}
	return out
}

func countSolutions(s *Solver) int {
	n := 0
	for s.Next() == Solution {
		n++
	}
	return n
}

func TestQueensCounts(t *testing.T) {
	want := []int{1, 0, 0, 2, 10, 4, 40, 92, 352, 724}
	for _, o := range allOptions() {
		for n := 1; n <= len(want); n++ {
			m, _ := queens(t, n)
			s := newSolver(t, m, o)
			if got := countSolutions(s); got != want[n-1] {
				t.Errorf("%+v: %d-queens has %d solutions, want %d", o, n, got, want[n-1])
			}
			if st := s.Next(); st != Exhausted {
				t.Errorf("%+v: Next after exhaustion = %v", o, st)
			}
		}
	}
}

func TestQueensFirstSolution(t *testing.T) {
	want := map[int][]int64{
		4:  {2, 4, 1, 3},
		5:  {1, 3, 5, 2, 4},
		6:  {2, 4, 6, 1, 3, 5},
		7:  {1, 3, 5, 7, 2, 4, 6},
		8:  {1, 5, 8, 6, 3, 7, 2, 4},
		9:  {1, 3, 6, 8, 2, 4, 9, 7, 5},
		10: {1, 3, 6, 8, 10, 5, 9, 2, 4, 7},
	}
	for _, prop := range []PropLevel{PropFC, PropNone} {
		for n, w := range want {
			m, q := queens(t, n)
			s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: prop})
			if st := s.Next(); st != Solution {
				t.Fatalf("%d-queens: %v", n, st)
			}
			got := make([]int64, n)
			for i, v := range q {
				got[i] = s.Value(v)
			}
			if !slices.Equal(got, w) {
				t.Errorf("prop %d: %d-queens first solution %v, want %v", prop, n, got, w)
			}
		}
	}
}

// The course's worked example of forward checking.
func TestQueens4ForwardCheckingNodes(t *testing.T) {
	m, _ := queens(t, 4)
	s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: PropFC})
	var got []string
	s.trace = func(depth int, x Var, v int64, _, ok bool) {
		n := fmt.Sprintf("q%d=%d", x+1, v)
		if !ok {
			n += " fail"
		}
		got = append(got, n)
	}
	if s.Next() != Solution {
		t.Fatal("no solution")
	}
	want := []string{"q1=1", "q2=3 fail", "q2=4", "q3=2 fail", "q1=2", "q2=4", "q3=1", "q4=3"}
	if !slices.Equal(got, want) {
		t.Errorf("nodes %v, want %v", got, want)
	}
	if st := s.Stats(); st.Nodes != 8 || st.Failures != 2 || st.MaxDepth != 4 || st.Solutions != 1 {
		t.Errorf("stats %+v", st)
	}
}

func TestQueensLarge(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, c := range []struct {
		o Options
		n int
	}{{Options{}, 100}, {Options{}, 1000}, {Default(), 1000}, {Default(), 3000}} {
		m, q := queens(t, c.n)
		start := time.Now()
		s := newSolver(t, m, c.o)
		if st := s.Next(); st != Solution {
			t.Fatalf("%d-queens: %v", c.n, st)
		}
		checkQueens(t, s, q)
		t.Logf("%d-queens %v/%v/%v: first solution in %v, %+v", c.n, c.o.Order, c.o.Values, c.o.Prop, time.Since(start), s.Stats())
	}
}

func checkQueens(t testing.TB, s *Solver, q []Var) {
	t.Helper()
	for i := range q {
		for j := i + 1; j < len(q); j++ {
			a, b := s.Value(q[i]), s.Value(q[j])
			if a == b || absDiff(a, b) == uint64(j-i) {
				t.Fatalf("queens %d and %d attack each other", i+1, j+1)
			}
		}
	}
}

// ValuesMid tries the values from the middle of the domain outward, the
// lower first on a tie, as the doc says.
func TestValuesMidOrder(t *testing.T) {
	for _, prop := range []PropLevel{PropFC, PropNone, PropAC} {
		m := NewModel()
		x, _ := m.NewVarRange("x", 4, 9)
		s := newSolver(t, m, Options{Values: ValuesMid, Prop: prop, Order: OrderInput})
		var got []int64
		for s.Next() == Solution {
			got = append(got, s.Value(x))
		}
		if !slices.Equal(got, []int64{6, 7, 5, 8, 4, 9}) {
			t.Errorf("%v: %v", prop, got)
		}
	}
}

// dom/wdeg learns: the weight of a constraint grows with each failure it
// causes, and a variable of a heavily failing constraint comes first.
func TestDomWdegWeights(t *testing.T) {
	for _, prop := range []PropLevel{PropFC, PropAC} {
		m := newModel(t, span(1, 3), span(1, 3), span(1, 3), span(1, 3))
		// a, b, c pairwise different among 1..2 fails only deep down; d free.
		m.m.AllDifferent([]Expr{m.ref(0), m.ref(1), m.ref(2)})
		m.m.Require(m.bin(OpLe, m.ref(0), c(2)))
		m.m.Require(m.bin(OpLe, m.ref(1), c(2)))
		m.m.Require(m.bin(OpLe, m.ref(2), c(2)))
		m.m.Require(m.bin(OpNe, m.ref(3), m.ref(0)))
		s := newSolver(t, m.m, Options{Order: OrderDomWdeg, Prop: prop})
		if s.Next() != Exhausted {
			t.Fatalf("%v: a solution", prop)
		}
		if s.weight[0] <= 1 && prop == PropFC {
			t.Errorf("%v: weights %v", prop, s.weight)
		}
	}
}
