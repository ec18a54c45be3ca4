package lang

import (
	"strconv"
)

// Conversion of participle's grammar structs into the AST. One function per
// production; binary layers fold their operand lists left to right.

func convStmt(g *gStmt) Stmt {
	switch {
	case g.Param != nil:
		p := g.Param
		return &ParamDecl{Span: tokSpan(p.Tokens), Name: convIdent(p.Name), Shape: convExprs(p.Shape), Value: convOptExpr(p.Value)}
	case g.Var != nil:
		v := &VarDecl{Span: tokSpan(g.Var.Tokens), Domain: convExpr(g.Var.Domain)}
		for _, n := range g.Var.Names {
			v.Names = append(v.Names, &VarName{Name: convIdent(n.Name), Shape: convExprs(n.Shape)})
		}
		return v
	case g.Show != nil:
		return &ShowStmt{Span: tokSpan(g.Show.Tokens), Items: convExprs(g.Show.Items)}
	case g.Obj != nil:
		return &Objective{Span: tokSpan(g.Obj.Tokens), Sense: g.Obj.Sense, Expr: convExpr(g.Obj.Expr)}
	case g.Def != nil:
		return convDef(g.Def)
	case g.Srch != nil:
		return convSearch(g.Srch)
	}
	e := convExpr(g.Expr)
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
		d.Body = convExpr(g.Body)
		return d
	}
	d.Block = []Stmt{}
	for _, s := range g.Block {
		d.Block = append(d.Block, convStmt(s))
	}
	return d
}

func convIdent(g *gIdent) *Ident { return &Ident{Span: tokSpan(g.Tokens), Name: g.Name} }

func convExprs(gs []*gExpr) []Expr {
	var out []Expr
	for _, g := range gs {
		out = append(out, convExpr(g))
	}
	return out
}

func convOptExpr(g *gExpr) Expr {
	if g == nil {
		return nil
	}
	return convExpr(g)
}

func convExpr(g *gExpr) Expr {
	if g.Term != nil {
		return g.Term.e
	}
	if g.Quant != nil {
		return convQuant(g.Quant)
	}
	return convImpl(g.Impl)
}

func convQuant(g *gQuant) Expr {
	q := &Quant{Span: tokSpan(g.Tokens), Kind: g.Kind, Gens: convGens(g.Gens)}
	if g.Body != nil {
		q.Body = convExpr(g.Body)
	} else {
		q.Block = []Stmt{}
		for _, s := range g.Block {
			q.Block = append(q.Block, convStmt(s))
		}
	}
	return q
}

func convGens(g *gGens) *Generators {
	gens := &Generators{Where: convOptExpr(g.Where)}
	for _, gen := range g.List {
		out := &Generator{Span: tokSpan(gen.Tokens), Domain: convSet(gen.Domain)}
		for _, n := range gen.Names {
			out.Names = append(out.Names, convIdent(n))
		}
		gens.List = append(gens.List, out)
	}
	return gens
}

func convImpl(g *gImpl) Expr {
	left := convDisj(g.Left)
	if g.Op == "" {
		return left
	}
	return &Binary{Span: tokSpan(g.Tokens), Op: g.Op, X: left, Y: convExpr(g.Right)}
}

// fold builds a left-associative chain; the span of each partial chain
// runs from the first operand to the end of its last.
func fold(left Expr, op string, right Expr) Expr {
	return &Binary{Span: Span{Pos: left.span().Pos, End: right.span().End}, Op: op, X: left, Y: right}
}

func convDisj(g *gDisj) Expr {
	e := convConj(g.Left)
	for _, r := range g.Rest {
		e = fold(e, r.Op, convConj(r.Right))
	}
	return e
}

func convConj(g *gConj) Expr {
	e := convNeg(g.Left)
	for _, r := range g.Rest {
		e = fold(e, r.Op, convNeg(r.Right))
	}
	return e
}

func convNeg(g *gNeg) Expr {
	if g.Not != nil {
		return &Unary{Span: tokSpan(g.Tokens), Op: "not", X: convNeg(g.Not)}
	}
	return convCmp(g.Cmp)
}

func convCmp(g *gCmp) Expr {
	left := convSet(g.Left)
	if g.Op == "" {
		return left
	}
	op := g.Op
	switch op {
	case "==":
		op = "="
	case "notin":
		op = "not in"
	}
	return &Binary{Span: tokSpan(g.Tokens), Op: op, X: left, Y: convSet(g.Right)}
}

func convSet(g *gSet) Expr {
	e := convRange(g.Left)
	for _, r := range g.Rest {
		e = fold(e, r.Op, convRange(r.Right))
	}
	return e
}

func convRange(g *gRange) Expr {
	lo := convAdd(g.Lo)
	if g.Hi == nil {
		return lo
	}
	return &Binary{Span: tokSpan(g.Tokens), Op: "..", X: lo, Y: convAdd(g.Hi)}
}

func convAdd(g *gAdd) Expr {
	if g.Operand != nil {
		return g.Operand.e
	}
	e := convMul(g.Left)
	for _, r := range g.Rest {
		e = fold(e, r.Op, convMul(r.Right))
	}
	return e
}

func convMul(g *gMul) Expr {
	e := convUnary(g.Left)
	for _, r := range g.Rest {
		e = fold(e, r.Op, convUnary(r.Right))
	}
	return e
}

func convUnary(g *gUnary) Expr {
	if g.Neg != nil {
		return &Unary{Span: tokSpan(g.Tokens), Op: "-", X: convUnary(g.Neg)}
	}
	p := g.Pow
	base := convPostfix(p.Base)
	if p.Exp == nil {
		return base
	}
	return &Binary{Span: tokSpan(p.Tokens), Op: "^", X: base, Y: convUnary(p.Exp)}
}

func convPostfix(g *gPostfix) Expr {
	e := convPrimary(g.Prim)
	for _, s := range g.Index {
		idx := &Index{Span: Span{Pos: e.span().Pos, End: tokSpan(s.Tokens).End}, X: e}
		for _, it := range s.Items {
			if it.All {
				idx.Indices = append(idx.Indices, &FullRange{Span: tokSpan(it.Tokens)})
			} else {
				idx.Indices = append(idx.Indices, convExpr(it.Expr))
			}
		}
		e = idx
	}
	return e
}

func convPrimary(g *gPrimary) Expr {
	sp := tokSpan(g.Tokens)
	switch {
	case g.Int != nil:
		return &IntLit{Span: sp, Text: *g.Int}
	case g.Str != nil:
		v, err := strconv.Unquote(*g.Str)
		if err != nil {
			v = (*g.Str)[1 : len(*g.Str)-1]
		}
		return &StrLit{Span: sp, Value: v, Raw: *g.Str}
	case g.If != nil:
		return &If{Span: sp, Cond: convExpr(g.If.Cond), Then: convExpr(g.If.Then), Else: convExpr(g.If.Else)}
	case g.Call != nil:
		return convCall(g.Call)
	case g.Ident != nil:
		return &Ident{Span: sp, Name: *g.Ident}
	case g.Paren != nil:
		e := convExpr(g.Paren)
		if w, ok := e.(interface{ widen(Span) }); ok {
			w.widen(sp)
		}
		return e
	case g.Data != nil:
		return g.Data.m
	case g.List != nil:
		return convList(g.List)
	}
	if g.Set.Gens != nil {
		c := &SetComp{Span: sp, Gens: convGens(g.Set.Gens)}
		if len(g.Set.Elems) == 1 {
			c.Elem = convExpr(g.Set.Elems[0])
		}
		return c
	}
	return &SetLit{Span: sp, Elems: convExprs(g.Set.Elems)}
}

func convCall(g *gCall) Expr {
	c := &Call{Span: tokSpan(g.Tokens), Fun: convIdent(g.Name), Args: convExprs(g.Args)}
	if g.Gens != nil {
		c.Gens = convGens(g.Gens)
	}
	c.Args = append(c.Args, convExprs(g.More)...)
	return c
}

// convList makes a Matrix, or a Comprehension when the single row ends
// with "for". A "for" after a longer row is left for the checker to reject
// as a Comprehension over a Matrix element.
func convList(g *gList) Expr {
	sp := tokSpan(g.Tokens)
	if len(g.Rows) == 1 && g.Rows[0].Gens != nil {
		row := g.Rows[0]
		var elem Expr
		if len(row.Elems) == 1 {
			elem = convElem(row.Elems[0])
		} else {
			var es []Expr
			for _, e := range row.Elems {
				es = append(es, convElem(e))
			}
			elem = &Matrix{Span: sp, Rows: [][]Expr{es}}
		}
		return &Comprehension{Span: sp, Elem: elem, Gens: convGens(row.Gens)}
	}
	m := &Matrix{Span: sp, Rows: [][]Expr{}}
	for _, r := range g.Rows {
		var row []Expr
		for _, e := range r.Elems {
			row = append(row, convElem(e))
		}
		if r.Gens != nil {
			row = append(row, &Comprehension{Span: sp, Gens: convGens(r.Gens)})
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

func convElem(g *gElem) Expr {
	if g.Blank != "" {
		return &Blank{Span: tokSpan(g.Tokens)}
	}
	return convExpr(g.Expr)
}
