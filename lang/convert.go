package lang

// Conversion of participle's statement productions into the AST; their
// expressions and blocks are AST already (expr.go).

func convStmt(g *gStmt) Stmt {
	switch {
	case g.Param != nil:
		p := g.Param
		return &ParamDecl{Span: tokSpan(p.Tokens), Name: convIdent(p.Name), Shape: convExprs(p.Shape), Value: convOptExpr(p.Value)}
	case g.Var != nil:
		v := &VarDecl{Span: tokSpan(g.Var.Tokens), Domain: g.Var.Domain.e}
		for _, n := range g.Var.Names {
			v.Names = append(v.Names, &VarName{Name: convIdent(n.Name), Shape: convExprs(n.Shape)})
		}
		return v
	case g.Show != nil:
		return &ShowStmt{Span: tokSpan(g.Show.Tokens), Items: convExprs(g.Show.Items)}
	case g.Obj != nil:
		return &Objective{Span: tokSpan(g.Obj.Tokens), Sense: g.Obj.Sense, Expr: g.Obj.Expr.e}
	case g.Def != nil:
		return convDef(g.Def)
	case g.Enum != nil:
		e := &EnumDecl{Span: tokSpan(g.Enum.Tokens), Name: convIdent(g.Enum.Name)}
		for _, v := range g.Enum.Values {
			e.Values = append(e.Values, convIdent(v))
		}
		return e
	case g.Srch != nil:
		return convSearch(g.Srch)
	}
	e := g.Expr.e
	return &ConstraintStmt{Span: e.span(), Expr: e}
}

func convSearch(g *gSearch) *SearchStmt {
	s := &SearchStmt{Span: tokSpan(g.Tokens), Items: convExprs(g.Items)}
	for _, set := range g.Sets {
		at := &s.Order
		if set.Key == "values" {
			at = &s.Values
		}
		if *at != nil {
			s.Twice = append(s.Twice, &Ident{Span: tokSpan(set.Tokens), Name: set.Key})
			continue
		}
		*at = convIdent(set.Name)
	}
	return s
}

func convDef(g *gDef) *DefStmt {
	d := &DefStmt{Span: tokSpan(g.Tokens), Name: convIdent(g.Name)}
	for _, p := range g.Params {
		d.Params = append(d.Params, convIdent(p))
	}
	if g.Body != nil {
		d.Body = g.Body.e
	} else {
		d.Block = g.Block.stmts
	}
	return d
}

func convIdent(g *gIdent) *Ident { return &Ident{Span: tokSpan(g.Tokens), Name: g.Name} }

func convExprs(gs []*gExpr) []Expr {
	var out []Expr
	for _, g := range gs {
		out = append(out, g.e)
	}
	return out
}

func convOptExpr(g *gExpr) Expr {
	if g == nil {
		return nil
	}
	return g.e
}
