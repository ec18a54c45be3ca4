package lang

import (
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The expression parser: gExpr and gBlock of grammar.go parse themselves
// here, by recursive descent, and build the AST of ast.go directly. Binary
// operators are climbed by precedence (expr_ops.go), primaries and
// quantifiers read in expr_primary.go and expr_quant.go, and mistakes
// answered as expr_fail.go tells.
//
// A statement that starts as an expression does (most of a model, and
// every line of a data file) is parsed here from first token to last,
// reading the scanner's tokens in place; participle is not asked at all.
// A declaration is participle's, which calls on gExpr for each of its
// expressions with its own lexer; and a declaration inside a block is
// handed back to participle.

// parser reads the tokens of one statement, which end in an EOF.
type parser struct {
	toks []lexer.Token       // the tokens, read in place, or
	lex  *lexer.PeekingLexer // participle's, inside one of its productions
	pos  int                 // the next token

	err    perr // the failure being reported up
	deep   perr // the deepest failure so far,
	deepAt int  // and its depth
	fatal  bool // err is the statement's error

	// stuck is an operator whose right side failed and was taken back:
	// the expression it follows ends there (expr_ops.go).
	stuck int

	// lexStart is where participle's lexer stood when it called on the
	// parser. nested is participle's lexer over toks, for a declaration
	// in a block, made on first use; nestedAt is where it stands.
	lexStart lexer.Checkpoint
	nested   *lexer.PeekingLexer
	nestedAt lexer.Checkpoint
	bridge   *bridge // see expr_bridge.go

	// askStop, if set, is asked every readCheckEvery list elements: a data
	// param's value is read without participle (parse_param.go), and a
	// limit or a signal is seen there. Once it says stop, lists fail.
	askStop func() bool
	elems   int
}

// stopped counts a list element and reports whether reading must stop.
func (p *parser) stopped() bool {
	if p.askStop == nil {
		return false
	}
	p.elems++
	return p.elems%readCheckEvery == 0 && p.askStop()
}

// at is token i.
func (p *parser) at(i int) *lexer.Token {
	if p.lex == nil {
		return &p.toks[i]
	}
	return &p.lex.Range(lexer.RawCursor(i), lexer.RawCursor(i+1))[0]
}

func (p *parser) tok() *lexer.Token { return p.at(p.pos) }

// next is the token after the current one, which must not be the EOF.
func (p *parser) next() *lexer.Token { return p.at(p.pos + 1) }

func (p *parser) isPunct(v string) bool {
	t := p.tok()
	return t.Type == tokPunct && t.Value == v
}

func (p *parser) isKeyword(v string) bool {
	t := p.tok()
	return t.Type == tokKeyword && t.Value == v
}

// span is tokSpan of the tokens from a to b.
func (p *parser) span(a, b int) Span {
	return Span{Pos: toPos(p.at(a).Pos), End: p.end(b)}
}

// end is the position just after token b.
func (p *parser) end(b int) Pos {
	last := p.at(b)
	end := toPos(last.Pos)
	end.Offset += len(last.Value)
	end.Col += utf8.RuneCountInString(last.Value)
	return end
}

func isPunct(t *lexer.Token, v string) bool { return t.Type == tokPunct && t.Value == v }

// startsExpr reports whether an expression may start with t.
func startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case tokInt, tokIdent, tokString:
		return true
	case tokPunct:
		switch t.Value {
		case "(", "[", "{", "-":
			return true
		}
	case tokKeyword:
		switch t.Value {
		case "if", "not", "forall", "exists":
			return true
		}
	}
	return false
}

// Parse implements participle.Parseable.
func (g *gExpr) Parse(lex *lexer.PeekingLexer) error {
	if !startsExpr(lex.Peek()) {
		return participle.NextMatch
	}
	p := lexParser(lex)
	e, st := p.expr()
	g.e = e
	return p.handBack(lex, st)
}

// lexParser is a parser of the tokens of participle's lexer, from where it
// stands.
func lexParser(lex *lexer.PeekingLexer) *parser {
	p := &parser{lex: lex, pos: int(lex.RawCursor()), stuck: -1, lexStart: lex.MakeCheckpoint()}
	p.crossIn()
	return p
}

// handBack leaves participle's lexer where the parse stands, and tells
// participle how it went: there, a failure is the lexer's position and
// the error.
func (p *parser) handBack(lex *lexer.PeekingLexer, st status) error {
	p.moveLexer(lex, p.lexStart, p.pos)
	p.crossOut()
	switch st {
	case ok:
		return nil
	case none:
		return participle.NextMatch
	}
	return &syntaxError{p.err}
}

// moveLexer moves lex, which stood at from, to token i at or after it.
func (p *parser) moveLexer(lex *lexer.PeekingLexer, from lexer.Checkpoint, i int) {
	lex.LoadCheckpoint(from)
	if i > int(lex.RawCursor()) {
		lex.FastForward(lexer.RawCursor(i - 1))
	}
}
