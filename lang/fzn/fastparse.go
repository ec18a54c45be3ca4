package fzn

import "github.com/alecthomas/participle/v2/lexer"

// A hand-written parser for the items of grammar.go, which builds the same
// structures as participle. MiniZinc writes FlatZinc files of hundreds of
// thousands of items, where participle's reflection spends about 100 µs
// an item (2.2 s on a 2 MB file, nmseq); this reads them in a tenth of
// that. On anything it does not expect it declines, and participle parses
// the item again to report the error in the grammar's terms: the grammar
// stays the definition, this only its fast path.

// fastParse can be turned off by tests, to compare with participle.
var fastParse = true

type fparser struct {
	toks []lexer.Token
	i    int
	ok   bool
}

// fastItem parses one item, its tokens ending with ";" (or EOF), or
// reports false.
func fastItem(toks []lexer.Token) (*Item, bool) {
	p := &fparser{toks: toks, ok: true}
	it := p.item()
	if !p.ok || p.i < len(toks) && !p.peek().EOF() {
		return nil, false
	}
	return it, true
}

// eofToken stands for every token past the end of an item.
var eofToken = lexer.Token{Type: lexer.EOF}

func (p *fparser) peek() *lexer.Token {
	if p.i >= len(p.toks) {
		return &eofToken
	}
	return &p.toks[p.i]
}

func (p *fparser) fail() { p.ok = false }

// is reports whether the next token is the punctuation or keyword v.
func (p *fparser) is(v string) bool {
	t := p.peek()
	return (t.Type == tokPunct || t.Type == tokKeyword) && t.Value == v
}

func (p *fparser) accept(v string) bool {
	if p.ok && p.is(v) {
		p.i++
		return true
	}
	return false
}

func (p *fparser) expect(v string) {
	if !p.accept(v) {
		p.fail()
	}
}

func (p *fparser) next() *lexer.Token {
	t := p.peek()
	if p.i < len(p.toks) {
		p.i++
	}
	return t
}

func (p *fparser) item() *Item {
	it := &Item{Pos: p.peek().Pos}
	switch {
	case p.is("predicate"):
		it.Predicate = p.predicate()
	case p.is("constraint"):
		it.Constraint = p.constraint()
	case p.is("solve"):
		it.Solve = p.solve()
	default:
		it.Decl = p.decl()
	}
	p.expect(";")
	return it
}

func (p *fparser) name() *Name {
	t := p.next()
	if t.Type != tokIdent {
		p.fail()
		return nil
	}
	return &Name{Pos: t.Pos, Text: t.Value}
}

func (p *fparser) predicate() *Predicate {
	p.expect("predicate")
	pr := &Predicate{Name: p.name()}
	p.expect("(")
	if p.accept(")") {
		return pr
	}
	for p.ok {
		pp := &PredParam{Type: p.typ()}
		p.expect(":")
		pp.Name = p.name()
		pr.Params = append(pr.Params, pp)
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	return pr
}

func (p *fparser) typ() *Type {
	t := &Type{Pos: p.peek().Pos}
	if p.accept("array") {
		p.expect("[")
		for p.ok {
			t.Index = append(t.Index, p.indexSet())
			if !p.accept(",") {
				break
			}
		}
		p.expect("]")
		p.expect("of")
	}
	t.Var = p.accept("var")
	t.Base = p.baseType()
	return t
}

func (p *fparser) indexSet() *IndexSet {
	s := &IndexSet{Pos: p.peek().Pos}
	if p.accept("int") {
		s.Int = true
		return s
	}
	lo := p.next()
	p.expect("..")
	hi := p.next()
	if lo.Type != tokInt || hi.Type != tokInt {
		p.fail()
	}
	s.Lo, s.Hi = lo.Value, hi.Value
	return s
}

func (p *fparser) baseType() *BaseType {
	b := &BaseType{Pos: p.peek().Pos}
	t := p.peek()
	switch {
	case p.accept("bool"):
		b.Bool = true
	case p.accept("int"):
		b.Int = true
	case p.accept("float"):
		b.Float = true
	case p.accept("string"):
		b.String = true
	case p.accept("set"):
		p.expect("of")
		b.Set = p.baseType()
	case t.Type == tokInt || t.Type == tokFloat:
		p.i++
		p.expect("..")
		hi := p.next()
		if hi.Type != tokInt && hi.Type != tokFloat {
			p.fail()
		}
		b.Lo, b.Hi = t.Value, hi.Value
	case p.is("{"):
		b.Values = p.setLit()
	default:
		p.fail()
	}
	return b
}

func (p *fparser) setLit() *SetLit {
	s := &SetLit{Pos: p.peek().Pos, Open: true}
	p.expect("{")
	if p.accept("}") {
		return s
	}
	for p.ok {
		t := p.next()
		if t.Type != tokInt && t.Type != tokFloat {
			p.fail()
		}
		s.Values = append(s.Values, t.Value)
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
	return s
}

func (p *fparser) decl() *Decl {
	d := &Decl{Type: p.typ()}
	p.expect(":")
	d.Name = p.name()
	d.Anns = p.annotations()
	if p.accept("=") {
		d.Value = p.expr()
	}
	return d
}

func (p *fparser) annotations() []*Annotation {
	var anns []*Annotation
	for p.ok && p.accept("::") {
		a := &Annotation{Name: p.name()}
		if p.accept("(") {
			a.Args = p.exprsUntil(")")
		}
		anns = append(anns, a)
	}
	return anns
}

// exprsUntil parses "e, e, ... close", the opening bracket already read.
func (p *fparser) exprsUntil(close string) []*Expr {
	var es []*Expr
	if p.accept(close) {
		return es
	}
	for p.ok {
		es = append(es, p.expr())
		if !p.accept(",") {
			break
		}
	}
	p.expect(close)
	return es
}

func (p *fparser) constraint() *Constraint {
	p.expect("constraint")
	c := &Constraint{Name: p.name()}
	p.expect("(")
	c.Args = p.exprsUntil(")")
	c.Anns = p.annotations()
	return c
}

func (p *fparser) solve() *Solve {
	s := &Solve{Pos: p.peek().Pos}
	p.expect("solve")
	s.Anns = p.annotations()
	switch {
	case p.accept("satisfy"):
		s.Satisfy = true
	case p.is("minimize") || p.is("maximize"):
		s.Sense = p.next().Value
		s.Objective = p.expr()
	default:
		p.fail()
	}
	return s
}

func (p *fparser) expr() *Expr {
	t := p.peek()
	e := &Expr{Pos: t.Pos}
	switch {
	case !p.ok:
	case t.Type == tokKeyword && (t.Value == "true" || t.Value == "false"):
		p.i++
		e.Bool = t.Value
	case t.Type == tokInt || t.Type == tokFloat:
		p.i++
		e.Num = t.Value
		if p.accept("..") {
			hi := p.next()
			if hi.Type != tokInt && hi.Type != tokFloat {
				p.fail()
			}
			e.Upper = hi.Value
		}
	case t.Type == tokString:
		p.i++
		e.Str = t.Value
	case t.Type == tokIdent:
		e.Name = p.name()
		if p.accept("[") {
			idx := p.next()
			if idx.Type != tokInt {
				p.fail()
			}
			e.Index = idx.Value
			p.expect("]")
		} else if p.accept("(") {
			e.Call = &CallArgs{Args: p.exprsUntil(")")}
		}
	case p.is("{"):
		e.Set = p.setLit()
	case p.is("["):
		e.Array = &ArrayLit{Pos: t.Pos, Open: true}
		p.i++
		e.Array.Elems = p.exprsUntil("]")
	default:
		p.fail()
	}
	return e
}
