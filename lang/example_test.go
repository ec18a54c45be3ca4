package lang_test

import (
	"fmt"
	"os"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Load a .csp file, compile it with a param as csp solve -p does, and
// print its first solution as csp solve would, following its show
// statement. The file is the project's models/queens.csp.
func Example() {
	text, err := os.ReadFile("../models/queens.csp")
	if err != nil {
		panic(err)
	}
	prog, err := lang.Compile(lang.Input{
		Model:  lang.Source{Name: "queens.csp", Text: text},
		Params: []string{"n=5"},
	})
	if err != nil {
		lang.PrintErrors(os.Stdout, err, prog.Sources)
		return
	}
	s, err := engine.NewSolver(prog.Model, engine.Default())
	if err != nil {
		panic(err)
	}
	if s.Next() == engine.Solution {
		fmt.Print(prog.Format(s.Value))
	}
	// Output:
	// . Q . . .
	// . . . Q .
	// Q . . . .
	// . . Q . .
	// . . . . Q
}

const queens = `
param n = 4
var q[1..n] in 1..n
alldiff(q)
diagonal(q)
`

// Read a solution by name: Var finds the array q, and Values gives the
// values of its elements in order, q[1] first.
func ExampleProgram_Var() {
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "queens.csp", Text: []byte(queens)}})
	if err != nil {
		panic(err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Default())
	if err != nil {
		panic(err)
	}
	q := prog.Var("q")
	for s.Next() == engine.Solution {
		fmt.Println("q =", q.Values(s.Value))
	}
	// Unordered output:
	// q = [2 4 1 3]
	// q = [3 1 4 2]
}

// Count the solutions on every core: SolveParallel without a callback
// only counts, and Exhausted says the count is complete.
func ExampleCompile_count() {
	prog, err := lang.Compile(lang.Input{
		Model:  lang.Source{Name: "queens.csp", Text: []byte(queens)},
		Params: []string{"n=8"},
	})
	if err != nil {
		panic(err)
	}
	status, stats, err := engine.SolveParallel(prog.Model, engine.Default(), 2, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(stats.Solutions, "solutions, search", status)
	// Output: 92 solutions, search exhausted
}

// Optimise: each solution is better than the one before; the last, once
// the search is exhausted, is optimal. A single variable's value is read
// with Value.
func ExampleCompile_optimise() {
	const model = `
var x, y in 0..10
x + 2*y <= 14
3*x - y >= 0
x - y <= 2
maximize 3*x + 4*y
`
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "lp.csp", Text: []byte(model)}})
	if err != nil {
		panic(err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Default())
	if err != nil {
		panic(err)
	}
	var x, y, best int64
	status := s.Next()
	for ; status == engine.Solution; status = s.Next() {
		x, y, best = prog.Var("x").Value(s.Value), prog.Var("y").Value(s.Value), s.Objective()
	}
	fmt.Printf("search %v: x = %d, y = %d, 3x + 4y = %d\n", status, x, y, best)
	// Output: search exhausted: x = 6, y = 4, 3x + 4y = 34
}

// Stop at a deadline: counting the solutions of 20 queens cannot finish
// in 50 milliseconds, and Stopped says the count is not complete.
func ExampleCompile_timeout() {
	prog, err := lang.Compile(lang.Input{
		Model:  lang.Source{Name: "queens.csp", Text: []byte(queens)},
		Params: []string{"n=20"},
	})
	if err != nil {
		panic(err)
	}
	opts := engine.Default()
	opts.Deadline = time.Now().Add(50 * time.Millisecond)
	status, _, err := engine.SolveParallel(prog.Model, opts, 2, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("search", status)
	// Output: search stopped
}

// A model's mistakes come back together, each with its place; PrintErrors
// shows them as csp does.
func ExamplePrintErrors() {
	const model = `var q[1..4] in 1..4
alldiff(q)
q[1] < qq[2]
`
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "bad.csp", Text: []byte(model)}})
	if err != nil {
		lang.PrintErrors(os.Stdout, err, prog.Sources)
	}
	// Output:
	// bad.csp:3:8: unknown name "qq" (did you mean "q"?)
	//     q[1] < qq[2]
	//            ^^
}
