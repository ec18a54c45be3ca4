package lang

import "github.com/csp-lang/csp/engine"

// evalSolution evaluates an expression on a solution, for printing.
// TEMPORARY: to be replaced by the engine's own evaluator.
func evalSolution(e engine.Expr, sol Solution) (int64, bool) {
	switch e := e.(type) {
	case *engine.Const:
		return e.V, true
	case *engine.VarExpr:
		return sol(e.V), true
	}
	return 0, false
}
