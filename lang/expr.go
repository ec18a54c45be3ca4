package lang

import (
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// The parser: statements are read in grammar.go, expressions here and in
// the files beside it, by recursive descent from the scanner's tokens of
// one statement, read in place; binary operators are climbed by
// precedence (expr_ops.go), primaries read in expr_primary.go and
// expr_list.go, quantifiers and blocks in expr_quant.go, and mistakes
// answered as expr_fail.go tells.

// parser reads the tokens of one statement, which end in an EOF.
type parser struct {
	toks []lexer.Token
	pos  int // the next token

	err    perr // the failure being reported up
	deep   perr // the deepest failure so far,
	deepAt int  // and its depth
	fatal  bool // err is the statement's error

	// stuck is an operator whose right side failed and was taken back:
	// the expression it follows ends there (expr_ops.go).
	stuck int
}

// at is token i.
func (p *parser) at(i int) *lexer.Token { return &p.toks[i] }

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
