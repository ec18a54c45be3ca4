package lang

// The grammar of the language, and the productions of its statements. The
// parser (this file, expr.go and the files beside it) reads the tokens of
// one statement by recursive descent and builds the AST of ast.go. The
// grammar is deliberately looser than the language (any expression may
// stand where a statement or a block is expected); the checker rejects
// what does not make sense with a message in the user's words.
//
//	Stmt    = Param | Var | Show | Objective | Def | Expr .
//	Param   = "param" <ident> ("[" Exprs "]")? ("=" Expr)? .
//	Var     = "var" VarName ("," VarName)* "in" Expr .
//	VarName = <ident> ("[" Exprs "]")? .
//	Show    = "show" Exprs .
//	Objective = ("minimize" | "maximize") Expr .
//	Def     = "def" <ident> ("(" (<ident> ("," <ident>)*)? ")")? ("=" Expr | Block) .
//	Block   = "{" (Stmt (";" Stmt)*)? "}" .
//	Exprs   = Expr ("," Expr)* .
//
//	Expr    = Quant | Binary .
//	Quant   = ("forall" | "exists") Gens (":" Expr | Block) .
//	Gens    = Gen ("," Gen)* ("where" Expr)? .
//	Gen     = <ident> ("," <ident>)* "in" Binary .  (union and tighter)
//	Binary  = Operand (Op Operand)* .
//	Operand = "not"* "-"* Postfix .  (where the level allows them)
//	Postfix = Primary ("[" Index ("," Index)* "]")* .
//	Index   = ".." | Expr .
//	Primary = <int> | Call | <ident> | "(" Expr ")" | List | Set | <string> | If .
//	Call    = <ident> "(" (Expr ("for" Gens)? ("," Expr)*)? ")" .
//	List    = "[" (Row (";" Row)*)? "]" .
//	Row     = Elem (","? Elem)* ("for" Gens)? .
//	Elem    = "." | "_" | Expr .
//	Set     = "{" (Expr ("," Expr)*)? ("for" Gens)? "}" .
//	If      = "if" Expr "then" Expr "else" Expr "end" .
//
// Binary expressions are climbed by precedence (expr_ops.go), the
// operators, loosest first: -> <-> (right-associative, an Expr on the
// right); or xor; and; not (prefix); = == != < <= > >= in, not in (one at
// most); union diff ++; .. (one at most); + -; * / %; - (prefix); ^
// (right-associative: 2^-1 is 2^(-1), -2^2 is -(2^2)).
//
// A statement is told by its first token: a keyword starts a declaration,
// and anything that can start an expression a constraint. Adding a
// statement is adding its line above, its keyword to lexer.go, its case to
// stmt and its production below.
//
// A mistake is answered as expr_fail.go tells: a part that fails no more
// than 3 tokens in is taken back, and a statement is blamed on its deepest
// failure.

// stmt reads a statement: a declaration, told by its keyword, or else a
// constraint.
func (p *parser) stmt() (Stmt, status) {
	from := p.mark()
	var s Stmt
	st := none
	switch t := p.tok(); {
	case t.Type == tokKeyword && t.Value == "param":
		s, st = p.param()
	case t.Type == tokKeyword && t.Value == "var":
		s, st = p.varDecl()
	case t.Type == tokKeyword && t.Value == "show":
		s, st = p.show()
	case t.Type == tokKeyword && (t.Value == "minimize" || t.Value == "maximize"):
		s, st = p.objective()
	case t.Type == tokKeyword && t.Value == "def":
		s, st = p.def()
	case startsExpr(t):
		var e Expr
		if e, st = p.expr(); st == ok {
			s = &ConstraintStmt{Span: e.span(), Expr: e}
		}
	}
	if st == failed {
		p.noAlternative(from)
	}
	return s, st
}

// param reads param name[shape] = value, shape and value optional.
func (p *parser) param() (Stmt, status) {
	start := p.pos
	p.pos++
	if p.tok().Type != tokIdent {
		return nil, p.failHere(p.expected("a name"))
	}
	d := &ParamDecl{Name: p.ident()}
	var st status
	if d.Shape, st = p.shape(); st == failed {
		return nil, failed
	}
	if p.isPunct("=") {
		from := p.mark()
		p.pos++
		v, st := p.expr()
		if st == none {
			st = p.expected("an expression")
		}
		if st == ok {
			d.Value = v
		} else if p.optionFailed(from) {
			return nil, failed
		}
	}
	d.Span = p.span(start, p.pos-1)
	return d, ok
}

// shape reads the [dimensions] of a param or var, if they follow; it
// fails only when the failure is fatal.
func (p *parser) shape() ([]Expr, status) {
	if !p.isPunct("[") {
		return nil, ok
	}
	from := p.mark()
	p.pos++
	es, st := p.exprs()
	switch {
	case st == ok && p.isPunct("]"):
		p.pos++
		return es, ok
	case st == ok:
		p.expected(`"]"`)
	}
	if p.optionFailed(from) {
		return nil, failed
	}
	return nil, ok
}

// exprs reads expressions separated by ",".
func (p *parser) exprs() ([]Expr, status) {
	first, st := p.expr()
	switch st {
	case none:
		return nil, p.expected("an expression")
	case failed:
		return nil, failed
	}
	more, st := p.moreExprs()
	if st == failed {
		return nil, failed
	}
	return append([]Expr{first}, more...), ok
}

// varDecl reads var names in domain.
func (p *parser) varDecl() (Stmt, status) {
	start := p.pos
	p.pos++
	first, st := p.varName()
	if st != ok {
		if st == none {
			p.expected("a name")
		}
		return nil, p.failHere(failed)
	}
	v := &VarDecl{Names: []*VarName{first}}
	for n := 1; p.isPunct(","); n++ {
		from := p.mark()
		p.pos++
		if p.tooMany(n) {
			return nil, failed
		}
		name, st := p.varName()
		if st == ok {
			v.Names = append(v.Names, name)
			continue
		}
		if st == none {
			p.expected("a name")
		}
		if p.optionFailed(from) {
			return nil, failed
		}
		break
	}
	if !p.isKeyword("in") {
		return nil, p.failHere(p.expected(`"in"`))
	}
	p.pos++
	if v.Domain, st = p.expr(); st != ok {
		if st == none {
			p.expected("an expression")
		}
		return nil, p.failHere(failed)
	}
	v.Span = p.span(start, p.pos-1)
	return v, ok
}

// varName reads a name of a var and its shape.
func (p *parser) varName() (*VarName, status) {
	if p.tok().Type != tokIdent {
		return nil, none
	}
	vn := &VarName{Name: p.ident()}
	var st status
	if vn.Shape, st = p.shape(); st == failed {
		return nil, failed
	}
	return vn, ok
}

// show reads show and the items to show.
func (p *parser) show() (Stmt, status) {
	start := p.pos
	p.pos++
	items, st := p.exprs()
	if st != ok {
		return nil, p.failHere(failed)
	}
	return &ShowStmt{Span: p.span(start, p.pos-1), Items: items}, ok
}

// objective reads minimize e or maximize e.
func (p *parser) objective() (Stmt, status) {
	start := p.pos
	o := &Objective{Sense: p.tok().Value}
	p.pos++
	e, st := p.expr()
	if st != ok {
		if st == none {
			p.expected("an expression")
		}
		return nil, p.failHere(failed)
	}
	o.Expr, o.Span = e, p.span(start, p.pos-1)
	return o, ok
}

// def reads def name(params) = expr, or def name(params) { statements },
// the parameters optional.
func (p *parser) def() (Stmt, status) {
	start := p.pos
	p.pos++
	if p.tok().Type != tokIdent {
		return nil, p.failHere(p.expected("a name"))
	}
	d := &DefStmt{Name: p.ident()}
	if p.isPunct("(") {
		from := p.mark()
		p.pos++
		params, st := p.params()
		if st == ok {
			d.Params = params
		} else if p.optionFailed(from) {
			return nil, failed
		}
	}
	from := p.mark()
	var st status
	switch {
	case p.isPunct("="):
		p.pos++
		if d.Body, st = p.expr(); st == none {
			st = p.expected("an expression")
		}
	case p.isPunct("{"):
		d.Block, st = p.block()
	default:
		return nil, p.failHere(p.expected("")) // neither "=" nor "{"
	}
	if st != ok {
		p.noAlternative(from)
		return nil, p.failHere(failed)
	}
	d.Span = p.span(start, p.pos-1)
	return d, ok
}

// params reads the names of a definition's parameters and the ")" after
// them.
func (p *parser) params() ([]*Ident, status) {
	var ps []*Ident
	if p.tok().Type == tokIdent {
		ps = append(ps, p.ident())
		for n := 1; p.isPunct(","); n++ {
			if p.tooMany(n) {
				return nil, failed
			}
			from := p.mark()
			p.pos++
			if p.tok().Type != tokIdent {
				p.expected("a name")
				p.optionFailed(from)
				break
			}
			ps = append(ps, p.ident())
		}
	}
	if !p.isPunct(")") {
		return nil, p.expected(`")"`)
	}
	p.pos++
	return ps, ok
}
