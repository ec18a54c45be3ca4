package lang

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Expressions as a whole, quantifiers and their generators, and blocks of
// statements.

// expr reads an expression: a quantifier, or operators and operands.
func (p *parser) expr() (Expr, status) {
	from := p.mark()
	var e Expr
	var st status
	if p.isKeyword("forall") || p.isKeyword("exists") {
		e, st = p.quant()
	} else {
		e, st = p.climb(lvImpl)
	}
	if st == failed {
		p.noAlternative(from)
	}
	return e, st
}

// quant reads forall/exists, generators, and a body that runs to the end
// of the statement (or of the brackets around it), or a block.
func (p *parser) quant() (Expr, status) {
	start := p.pos
	q := &Quant{Kind: p.tok().Value}
	p.pos++
	gens, st := p.gens()
	if st != ok {
		if st == none {
			p.expected("a generator such as i in 1..n")
		}
		return nil, p.failHere(failed)
	}
	q.Gens = gens
	from := p.mark()
	switch {
	case p.isPunct(":"):
		p.pos++
		if q.Body, st = p.expr(); st == none {
			st = p.expected("an expression")
		}
	case p.isPunct("{"):
		q.Block, st = p.block()
	default:
		return nil, p.failHere(p.expected(`":" or "{"`))
	}
	if st != ok {
		p.noAlternative(from)
		return nil, p.failHere(failed)
	}
	q.Span = p.span(start, p.pos-1)
	return q, ok
}

// gens reads generators: i in S, j, k in T where condition.
func (p *parser) gens() (*Generators, status) {
	first, st := p.gen()
	if st != ok {
		if st == failed {
			p.failHere(st)
		}
		return nil, st
	}
	g := &Generators{List: []*Generator{first}}
	for n := 1; p.isPunct(","); n++ {
		from := p.mark()
		p.pos++
		gen, st := p.gen()
		if st == ok {
			if n >= participle.MaxIterations {
				p.failTooMany(from.pos)
				return nil, failed
			}
			g.List = append(g.List, gen)
			continue
		}
		if st == none {
			p.expected("a generator such as i in 1..n")
		}
		if p.optionFailed(from) {
			return nil, failed // "sum(x for i in S, a, b)"
		}
		break // "sum(x for i in S, a)": a is an argument
	}
	if p.isKeyword("where") {
		from := p.mark()
		p.pos++
		e, st := p.expr()
		if st == none {
			st = p.expected("an expression")
		}
		if st == ok {
			g.Where = e
		} else if p.optionFailed(from) {
			return nil, failed
		}
	}
	return g, ok
}

// gen reads a generator: names, "in", and their domain.
func (p *parser) gen() (*Generator, status) {
	if p.tok().Type != tokIdent {
		return nil, none
	}
	start := p.pos
	g := &Generator{Names: []*Ident{p.ident()}}
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
		g.Names = append(g.Names, p.ident())
	}
	if !p.isKeyword("in") {
		return nil, p.failHere(p.expected(`"in"`))
	}
	p.pos++
	d, st := p.climb(lvSet)
	if st != ok {
		if st == none {
			p.expected("an expression")
		}
		return nil, p.failHere(failed)
	}
	g.Domain = d
	g.Span = p.span(start, p.pos-1)
	return g, ok
}

// ident reads the name at the parser's position.
func (p *parser) ident() *Ident {
	p.pos++
	return &Ident{Span: p.span(p.pos-1, p.pos-1), Name: p.at(p.pos - 1).Value}
}

// Parse implements participle.Parseable.
func (b *gBlock) Parse(lex *lexer.PeekingLexer) error {
	if !isPunct(lex.Peek(), "{") {
		return participle.NextMatch
	}
	p := lexParser(lex)
	stmts, st := p.block()
	b.stmts = stmts
	return p.handBack(lex, st)
}

// block reads { statements } from its "{".
func (p *parser) block() ([]Stmt, status) {
	p.pos++
	stmts := []Stmt{}
	from := p.mark()
	s, st := p.stmt()
	switch st {
	case failed:
		if p.optionFailed(from) {
			return nil, failed
		}
	case ok:
		var more bool
		if stmts, more = repeated(p, ";", p.stmt, append(stmts, s)); !more {
			return nil, failed
		}
	}
	if !p.isPunct("}") {
		return nil, p.expected(`"}"`)
	}
	p.pos++
	return stmts, ok
}

// stmt reads a statement of a block: a constraint, or else a declaration,
// which is participle's.
func (p *parser) stmt() (Stmt, status) {
	if !startsExpr(p.tok()) {
		return p.declaration()
	}
	from := p.mark()
	e, st := p.expr()
	if st == ok {
		return &ConstraintStmt{Span: e.span(), Expr: e}, ok
	}
	if st == failed {
		p.noAlternative(from) // no declaration starts as an expression does
	}
	return nil, st
}

// declaration has participle parse the statement at the parser's
// position, and goes on from where it stops.
func (p *parser) declaration() (Stmt, status) {
	lex := p.participleLexer()
	g, err := p.parseNested(lex)
	end := int(lex.RawCursor())
	if err == nil {
		p.pos = end
		return convStmt(g), ok
	}
	if end == p.pos && noMatch(err, p.tok()) {
		return nil, none
	}
	p.pos = end
	p.err = perrOf(err)
	p.record()
	return nil, failed
}

// parseNested has participle parse a statement with lex, which shares
// what the parser remembers of its failures by the bridge of lex.
func (p *parser) parseNested(lex *lexer.PeekingLexer) (*gStmt, error) {
	if p.lex != nil {
		p.crossOut()
		defer p.crossIn()
		return stmtParser().ParseFromLexer(lex, participle.AllowTrailing(true))
	}
	b, closeBridge := openBridge(lex, bridge{p.deep, p.deepAt})
	defer func() {
		p.deep, p.deepAt = b.deep, b.deepAt
		closeBridge()
	}()
	return stmtParser().ParseFromLexer(lex, participle.AllowTrailing(true))
}

// noMatch reports whether participle's err says that no statement starts
// at t.
func noMatch(err error, t *lexer.Token) bool {
	u, ok := err.(*participle.UnexpectedTokenError)
	return ok && u.Unexpected.Pos == t.Pos && !strings.Contains(u.Message(), "(expected")
}

// participleLexer is a participle lexer standing at the parser's position:
// participle's own, or one made over the statement's tokens.
func (p *parser) participleLexer() *lexer.PeekingLexer {
	lex, from := p.lex, p.lexStart
	if lex == nil {
		if p.nested == nil {
			p.nested, _ = lexer.Upgrade(&tokenStream{toks: p.toks})
			p.nestedAt = p.nested.MakeCheckpoint()
		}
		lex, from = p.nested, p.nestedAt
	}
	p.moveLexer(lex, from, p.pos)
	return lex
}
