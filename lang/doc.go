// Package lang reads models written in csp's modelling language (the
// .csp files that csp solve takes; the language is described in
// docs/language.md) and compiles them into an engine.Model, which package
// engine searches.
//
// # Compiling
//
// Compile takes an Input: the model's text as a Source (a name for error
// messages, and the bytes), data files, and params as csp solve -p gives
// them ("n=8"). It parses and checks the model, evaluates the params and
// lowers every statement into variables and constraints of a Program:
//
//	text, err := os.ReadFile("queens.csp")
//	...
//	prog, err := lang.Compile(lang.Input{
//		Model:  lang.Source{Name: "queens.csp", Text: text},
//		Params: []string{"n=12"},
//	})
//	if err != nil {
//		lang.PrintErrors(os.Stderr, err, prog.Sources)
//		...
//	}
//
// A model's mistakes come back together as an ErrorList: each *Error has
// a position (file, line, column), and PrintErrors writes them as csp
// does, each with its source line and a caret under the place. Compile
// returns a Program even with an error, for its Sources.
//
// # Solving and reading solutions
//
// Program.Model is an ordinary engine.Model: search it with
// engine.NewSolver (engine.Default() gives the settings of csp solve) or
// engine.SolveParallel. A Solution is any function from an engine
// variable to its value, such as the method value s.Value of a Solver.
// The results are read in the model's own terms:
//
//   - Program.Var finds a declared variable or array by name, and its
//     VarInfo gives the values (Values, Value).
//   - Program.Format writes a solution as csp solve prints it, following
//     the model's show statements; WriteSolution writes it to a stream,
//     and JSON writes it as one JSON object.
//   - Program.Origin and Program.ConstraintText tell which statement an
//     engine constraint came from.
//
// # More
//
//   - A Batch solves many instances of one model that differ in one
//     matrix param, one line each (a file of sudoku grids), compiling the
//     model once.
//   - Explain finds a minimal set of statements that has no solution, for
//     a model that has none.
//   - For an interactive session (csp repl), Incomplete tells whether
//     typed text needs another line, Program.IsQuery whether a statement
//     asks for a value, and Program.Query evaluates it.
//   - ParseFile and ParseExpr give the syntax tree (File, Stmt, Expr and
//     the node types) without checking or lowering anything.
package lang
