package lang

import (
	"github.com/csp-lang/csp/engine"
)

// post lowers the expression of a constraint statement. A top-level forall
// is unrolled, "and" is split, and global constraints get their dedicated
// propagators; whatever remains becomes one generic constraint.
func (l *lowerer) post(e Expr) {
	if l.postDef(e) { // a call of a definition (defs.go)
		return
	}
	switch e := e.(type) {
	case *Quant:
		if e.Kind == "forall" {
			l.postForall(e)
			return
		}
	case *Binary:
		if e.Op == "and" {
			// As l.post(e.X); l.post(e.Y), in a loop (chain.go).
			leaf, spine := leftSpine(e, isAnd)
			l.post(leaf)
			for _, s := range spine {
				l.post(s.Y)
			}
			return
		}
		if (e.Op == "in" || e.Op == "not in") && !l.decomposeAll && l.postTupleIn(e) {
			return
		}
	case *Call:
		if l.decomposeAll && builtins[e.Fun.Name].constraint {
			break // inside an expression, a global is its decomposition
		}
		if l.postGlobal(e) {
			return
		}
		switch e.Fun.Name {
		case "alldiff", "alldifferent", "all_different":
			if xs, _ := l.listArg(e, false); xs != nil {
				l.record(e, l.m.AllDifferent(xs))
			}
			return
		case "diagonal":
			if xs, pos := l.listArg(e, true); xs != nil {
				idx, err := l.m.Diagonal(xs, pos)
				if err != nil {
					l.errorf(e, "%v", err)
					return
				}
				l.record(e, idx)
			}
			return
		}
	}
	l.require(l.eval(e), e)
}

func (l *lowerer) postForall(q *Quant) {
	l.iterate(q.Gens, q, func(cond value) bool {
		if cond != nil {
			// A variable where guards the body: post cond -> body.
			if q.Body == nil {
				l.errorf(q.Gens.Where, "a forall block needs a where that does not depend on a variable")
				return false
			}
			if body := l.eval(q.Body); body != nil {
				l.require(l.guard(q, engine.OpAll, cond, body), q)
			}
			return true
		}
		if q.Body != nil {
			l.post(q.Body)
			return true
		}
		for _, s := range q.Block {
			l.blockStmt(s)
		}
		return true
	})
}

func (l *lowerer) blockStmt(s Stmt) {
	switch s := s.(type) {
	case *ConstraintStmt:
		l.post(s.Expr)
	case *ShowStmt, *Objective, *SearchStmt:
		l.errorf(s, "only constraints can stand in a forall block")
	}
}

// require posts a truth value as a constraint. A conjunction is posted
// part by part, and so is an implication whose consequent is one:
// a -> (b and c) as a -> b and a -> c, constraints over fewer variables
// that propagate as soon as a is decided, where the whole waits for all
// but one of its variables.
func (l *lowerer) require(v value, n Node) {
	switch v := v.(type) {
	case nil:
	case intV:
		if v == 0 && !l.falsePosted {
			l.falsePosted = true // one false constraint says it all
			l.record(n, l.m.Require(engine.NewConst(0)))
		}
	case exprV:
		if parts := conjuncts(v.e); parts != nil {
			for _, part := range parts {
				l.require(exprV{part}, n)
			}
			return
		}
		if imp, ok := v.e.(*engine.Binary); ok && imp.Op == engine.OpImplies {
			if parts := conjuncts(imp.Y); parts != nil {
				for _, part := range parts {
					e, err := engine.NewBinary(engine.OpImplies, imp.X, part)
					if err != nil {
						l.errorf(n, "%v", err)
						return
					}
					l.require(exprV{e}, n)
				}
				return
			}
		}
		l.requireExpr(n, v.e) // element.go
	default:
		l.errorf(n, "a constraint must be true or false, but %s is %s", l.text(n), describe(v))
	}
}

// conjuncts returns the operands of a conjunction, or nil if e is not one.
func conjuncts(e engine.Expr) []engine.Expr {
	switch e := e.(type) {
	case *engine.Nary:
		if e.Op == engine.OpAll {
			return e.Args
		}
	case *engine.Binary:
		if e.Op == engine.OpAnd {
			return []engine.Expr{e.X, e.Y}
		}
	}
	return nil
}

// record remembers where engine constraint idx came from.
func (l *lowerer) record(n Node, idx int) {
	l.prog.origins.record(idx, l.stmt, n.span(), l.gens)
}
