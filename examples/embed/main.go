// Command embed shows how a Go program uses csp as a library: it compiles
// a model held in a string with package lang, searches it with package
// engine, and prints every solution: here the 10 ways to place 5 queens.
//
//	go run ./examples/embed
//
// lang.Compile parses and checks the model (with its params, as csp solve
// -p gives them) and lowers it into an engine.Model. engine.Default() is
// the search csp solve runs; each call of Solver.Next continues it to the
// next solution, until it returns Exhausted (no more) or Stopped (the
// deadline passed). Program.Var finds a variable by name and reads its
// values; Program.Format prints a solution as csp solve does, following
// the model's show statements. Errors in the model come back as positions
// and messages, which lang.PrintErrors prints with the offending line.
//
// The package docs (go doc github.com/csp-lang/csp/engine, and .../lang)
// and their examples cover counting, optimising and building a model in Go.
package main

import (
	"fmt"
	"io"
	"os"
	"time"

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
	if err := run(os.Stdout, os.Stderr); err != nil {
		os.Exit(2)
	}
}

// run solves the model, printing the solutions to stdout and any error in
// the model to stderr.
func run(stdout, stderr io.Writer) error {
	prog, err := lang.Compile(lang.Input{
		Model:  lang.Source{Name: "queens.csp", Text: []byte(model)},
		Params: []string{"n=5"}, // as csp solve -p n=5
	})
	if err != nil {
		lang.PrintErrors(stderr, err, prog.Sources)
		return err
	}
	opts := engine.Default() // the settings of csp solve
	opts.Deadline = time.Now().Add(10 * time.Second)
	s, err := engine.NewSolver(prog.Model, opts)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return err
	}
	q := prog.Var("q")
	count := 0
	status := s.Next()
	for ; status == engine.Solution; status = s.Next() {
		count++
		fmt.Fprintf(stdout, "solution %d: q = %v\n%s\n", count, q.Values(s.Value), prog.Format(s.Value))
	}
	if status == engine.Stopped {
		fmt.Fprintln(stdout, "stopped by the deadline after", count, "solutions")
		return nil
	}
	fmt.Fprintln(stdout, count, "solutions")
	return nil
}
