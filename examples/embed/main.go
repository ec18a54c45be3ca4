// Command embed shows how a Go program uses csp as a library: it compiles
// a model held in a string with package lang, searches it with package
// engine, and prints every solution: here the 10 ways to place 5 queens.
//
//	go run ./examples/embed
//
// lang.Compile parses and checks the model (with its params, as csp solve
// -p gives them) and lowers it into an engine.Model. Each call of
// Solver.Next continues the search to the next solution. Program.Format
// prints a solution as csp solve does, following the model's show
// statements; Solver.Value gives the value of one variable. Errors in the
// model come back as positions and messages, which lang.PrintErrors prints
// with the offending line.
package main

import (
	"fmt"
	"os"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

const model = `
param n = 4
var q[1..n] in 1..n
alldiff(q)
diagonal(q)
show board(q)
`

func main() {
	prog, err := lang.Compile(lang.Input{
		Model:  lang.Source{Name: "queens.csp", Text: []byte(model)},
		Params: []string{"n=5"}, // as csp solve -p n=5
	})
	if err != nil {
		lang.PrintErrors(os.Stderr, err, prog.Sources)
		os.Exit(2)
	}
	s, err := engine.NewSolver(prog.Model, engine.Options{}) // the defaults of csp solve
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	q := prog.Decls[0] // the declared variables, in order: here only q
	count := 0
	for s.Next() == engine.Solution {
		count++
		fmt.Printf("solution %d: q =", count)
		for _, v := range q.Vars {
			fmt.Print(" ", s.Value(v))
		}
		fmt.Printf("\n%s\n", prog.Format(s.Value))
	}
	fmt.Println(count, "solutions")
}
