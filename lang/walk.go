package lang

// Walking the AST: every expression of a definition's body, for the
// resolver's search for recursion (defs.go).

// walkDef calls f on every expression node of a definition's body.
func walkDef(d *DefStmt, f func(Expr)) {
	if d.Body != nil {
		walkExpr(d.Body, f)
	}
	for _, s := range d.Block {
		walkStmt(s, f)
	}
}

func walkStmt(s Stmt, f func(Expr)) {
	switch s := s.(type) {
	case *ConstraintStmt:
		walkExpr(s.Expr, f)
	case *ParamDecl:
		walkExpr(s.Value, f)
		walkExprs(s.Shape, f)
	case *VarDecl:
		walkExpr(s.Domain, f)
		for _, n := range s.Names {
			walkExprs(n.Shape, f)
		}
	case *ShowStmt:
		walkExprs(s.Items, f)
	case *Objective:
		walkExpr(s.Expr, f)
	case *SearchStmt:
		walkExprs(s.Items, f)
	case *DefStmt:
		walkDef(s, f)
	}
}

func walkExprs(es []Expr, f func(Expr)) {
	for _, e := range es {
		walkExpr(e, f)
	}
}

func walkGens(g *Generators, f func(Expr)) {
	if g == nil {
		return
	}
	for _, gen := range g.List {
		walkExpr(gen.Domain, f)
	}
	walkExpr(g.Where, f)
}

// walkExpr calls f on e and every expression inside it, parents first.
func walkExpr(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	if b, ok := e.(*Binary); ok && isChain(b) {
		// The spine of a chain top down, then its operands left to
		// right: the order of the recursion, in a loop (chain.go).
		leaf, spine := leftSpine(b, nil)
		for i := len(spine) - 1; i >= 0; i-- {
			f(spine[i])
		}
		walkExpr(leaf, f)
		for _, s := range spine {
			walkExpr(s.Y, f)
		}
		return
	}
	f(e)
	switch e := e.(type) {
	case *Unary:
		walkExpr(e.X, f)
	case *Binary:
		walkExpr(e.X, f)
		walkExpr(e.Y, f)
	case *Index:
		walkExpr(e.X, f)
		walkExprs(e.Indices, f)
	case *Call:
		walkExprs(e.Args, f)
		walkGens(e.Gens, f)
	case *If:
		walkExpr(e.Cond, f)
		walkExpr(e.Then, f)
		walkExpr(e.Else, f)
	case *Matrix:
		for _, row := range e.Rows {
			walkExprs(row, f)
		}
	case *Comprehension:
		walkExpr(e.Elem, f)
		walkGens(e.Gens, f)
	case *SetComp:
		walkExpr(e.Elem, f)
		walkGens(e.Gens, f)
	case *SetLit:
		walkExprs(e.Elems, f)
	case *Quant:
		walkGens(e.Gens, f)
		walkExpr(e.Body, f)
		for _, s := range e.Block {
			walkStmt(s, f)
		}
	}
}
