package engine_test

import (
	"fmt"
	"time"

	"github.com/csp-lang/csp/engine"
)

// Build a model in Go and find a solution: three different digits in
// increasing order that add up to 15, the middle one even. Four triples
// qualify; Default's value order (from the middle out) reaches 2 4 9
// first.
func Example() {
	m := engine.NewModel()
	var xs []engine.Var
	for _, name := range []string{"a", "b", "c"} {
		x, err := m.NewVarRange(name, 1, 9)
		if err != nil {
			panic(err)
		}
		xs = append(xs, x)
	}
	a, b, c := m.Ref(xs[0]), m.Ref(xs[1]), m.Ref(xs[2])
	m.AllDifferent([]engine.Expr{a, b, c})
	if _, err := m.RequireSum([]engine.Expr{a, b, c}, engine.OpEq, 15); err != nil {
		panic(err)
	}
	for _, pair := range [][2]engine.Expr{{a, b}, {b, c}} {
		lt, err := engine.NewBinary(engine.OpLt, pair[0], pair[1])
		if err != nil {
			panic(err)
		}
		m.Require(lt)
	}
	even, err := engine.NewBinary(engine.OpMod, b, engine.NewConst(2))
	if err != nil {
		panic(err)
	}
	isEven, err := engine.NewBinary(engine.OpEq, even, engine.NewConst(0))
	if err != nil {
		panic(err)
	}
	m.Require(isEven)

	s, err := engine.NewSolver(m, engine.Default())
	if err != nil {
		panic(err)
	}
	if s.Next() == engine.Solution {
		fmt.Println(s.Value(xs[0]), s.Value(xs[1]), s.Value(xs[2]))
	}
	// Output: 2 4 9
}

// queens returns the model of n queens on an n×n board, one a column:
// q[i] is the row of the queen in column i+1.
func queens(n int) (*engine.Model, []engine.Var) {
	m := engine.NewModel()
	q := make([]engine.Var, n)
	cols := make([]int64, n)
	for i := range q {
		q[i], _ = m.NewVarRange(fmt.Sprintf("q[%d]", i+1), 1, int64(n))
		cols[i] = int64(i + 1)
	}
	m.AllDifferent(m.Refs(q))
	if _, err := m.Diagonal(m.Refs(q), cols); err != nil {
		panic(err)
	}
	return m, q
}

// Iterate over the solutions: each call of Next goes on from the last one.
func ExampleSolver_Next() {
	m, q := queens(4)
	s, err := engine.NewSolver(m, engine.Default())
	if err != nil {
		panic(err)
	}
	for s.Next() == engine.Solution {
		rows := make([]int64, len(q))
		for i, v := range q {
			rows[i] = s.Value(v)
		}
		fmt.Println(rows)
	}
	// Unordered output:
	// [2 4 1 3]
	// [3 1 4 2]
}

// Count the solutions: Next until the search is exhausted. Only
// Exhausted proves the count complete.
func ExampleSolver_Next_count() {
	m, _ := queens(8)
	s, err := engine.NewSolver(m, engine.Default())
	if err != nil {
		panic(err)
	}
	count := 0
	status := s.Next()
	for ; status == engine.Solution; status = s.Next() {
		count++
	}
	fmt.Println(count, "solutions, search", status)
	// Output: 92 solutions, search exhausted
}

// Count on several goroutines: without a callback, the workers only count.
func ExampleSolveParallel() {
	m, _ := queens(8)
	status, stats, err := engine.SolveParallel(m, engine.Default(), 2, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(stats.Solutions, "solutions, search", status)
	// Output: 92 solutions, search exhausted
}

// Optimise: with an objective, each solution is strictly better than the
// one before, and Exhausted after the last proves it optimal. Here, a
// knapsack of capacity 10: items weigh 5, 4 and 3 and are worth 10, 7
// and 5; take[i] is how many of item i to take.
func ExampleModel_SetObjective() {
	m := engine.NewModel()
	take := make([]engine.Var, 3)
	for i := range take {
		take[i], _ = m.NewVarRange(fmt.Sprintf("take[%d]", i+1), 0, 3)
	}
	if _, err := m.RequireLinear([]int64{5, 4, 3}, m.Refs(take), engine.OpLe, 10); err != nil {
		panic(err)
	}
	value, err := engine.NewNary(engine.OpSum, []engine.Expr{
		mul(10, m.Ref(take[0])), mul(7, m.Ref(take[1])), mul(5, m.Ref(take[2])),
	})
	if err != nil {
		panic(err)
	}
	m.SetObjective(engine.Maximize, value)

	s, err := engine.NewSolver(m, engine.Default())
	if err != nil {
		panic(err)
	}
	best := []int64(nil)
	status := s.Next()
	for ; status == engine.Solution; status = s.Next() {
		best = []int64{s.Value(take[0]), s.Value(take[1]), s.Value(take[2]), s.Objective()}
	}
	if status == engine.Exhausted && best != nil {
		fmt.Printf("optimal: take %v, worth %d\n", best[:3], best[3])
	}
	// Output: optimal: take [2 0 0], worth 20
}

func mul(k int64, e engine.Expr) engine.Expr {
	p, err := engine.NewBinary(engine.OpMul, engine.NewConst(k), e)
	if err != nil {
		panic(err)
	}
	return p
}

// Post a linear constraint in one call: 2x - 3y = 1 over 0..5.
func ExampleModel_RequireLinear() {
	m := engine.NewModel()
	x, _ := m.NewVarRange("x", 0, 5)
	y, _ := m.NewVarRange("y", 0, 5)
	if _, err := m.RequireLinear([]int64{2, -3}, m.Refs([]engine.Var{x, y}), engine.OpEq, 1); err != nil {
		panic(err)
	}
	s, _ := engine.NewSolver(m, engine.Default())
	for s.Next() == engine.Solution {
		fmt.Printf("x = %d, y = %d\n", s.Value(x), s.Value(y))
	}
	// Unordered output:
	// x = 2, y = 1
	// x = 5, y = 3
}

// Stop at a deadline: counting the solutions of 20 queens (about 39
// billion) cannot finish in 50 milliseconds, so the search stops and says
// so. Stopped proves nothing: a count then is only a lower bound.
func ExampleOptions_deadline() {
	m, _ := queens(20)
	opts := engine.Default()
	opts.Deadline = time.Now().Add(50 * time.Millisecond)
	s, err := engine.NewSolver(m, opts)
	if err != nil {
		panic(err)
	}
	status := s.Next()
	for status == engine.Solution {
		status = s.Next()
	}
	fmt.Println("search", status)
	// Output: search stopped
}
