package lang

import "github.com/csp-lang/csp/engine"

// requireExpr posts a constraint that must hold.
func (l *lowerer) requireExpr(n Node, e engine.Expr) {
	l.record(n, l.m.Require(e))
}

// objectiveExpr is the expression an objective is lowered to.
func (l *lowerer) objectiveExpr(o *Objective, e engine.Expr) engine.Expr { return e }
