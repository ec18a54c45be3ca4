package lang

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// A fast path for matrix literals of plain data: integers, negated
// integers and blanks, in rows. They are most of a data file or a puzzle,
// and participle, which goes down the whole precedence chain of gExpr for
// every element, spends hundreds of allocations on each one. gData reads
// such a literal in one pass and builds the Matrix that convList would
// have built from the gList parse of the same tokens, positions included.
// Anything else (an operator, a name, a comprehension, a mistake) makes
// it decline, and the gList production parses the literal as before, so
// errors are participle's, unchanged.

// dataFastPath can be turned off by tests, to compare with the gList parse.
var dataFastPath = true

// gData is tried before gList in gPrimary.
type gData struct {
	m *Matrix
}

// Parse implements participle.Parseable.
func (d *gData) Parse(lex *lexer.PeekingLexer) error {
	if !dataFastPath || !isPunct(lex.Peek(), "[") {
		return participle.NextMatch
	}
	start := lex.MakeCheckpoint()
	if d.m = readData(lex); d.m == nil {
		lex.LoadCheckpoint(start)
		return participle.NextMatch
	}
	return nil
}

// readData reads a data matrix from its "[" to its "]", or returns nil
// where the grammar could read the tokens otherwise. Elements are
// separated by blanks or an optional ",", rows by ";", and no row is
// empty. An integer may not be followed by "-": [1 -2] is a subtraction.
func readData(lex *lexer.PeekingLexer) *Matrix {
	open := lex.Next()
	m := &Matrix{Rows: [][]Expr{}}
	if isPunct(lex.Peek(), "]") {
		m.Span = tokSpan2(open, lex.Next())
		return m
	}
	var row []Expr
	for {
		e := readDatum(lex)
		if e == nil {
			return nil
		}
		row = append(row, e)
		t := lex.Peek()
		switch {
		case isPunct(t, "]"):
			m.Rows = append(m.Rows, row)
			m.Span = tokSpan2(open, lex.Next())
			return m
		case isPunct(t, ";"):
			m.Rows = append(m.Rows, row)
			row = nil
			lex.Next()
		case isPunct(t, ","):
			lex.Next()
		case isPunct(t, "-"):
			if _, blank := e.(*Blank); !blank {
				return nil
			}
		}
	}
}

// readDatum reads one element: an integer, "-" and an integer, or a blank.
func readDatum(lex *lexer.PeekingLexer) Expr {
	t := lex.Next()
	switch {
	case t.Type == tokInt:
		return &IntLit{Span: tokSpan2(t, t), Text: t.Value}
	case isPunct(t, ".") || isPunct(t, "_"):
		return &Blank{Span: tokSpan2(t, t)}
	case isPunct(t, "-") && lex.Peek().Type == tokInt:
		n := lex.Next()
		return &Unary{Span: tokSpan2(t, n), Op: "-", X: &IntLit{Span: tokSpan2(n, n), Text: n.Value}}
	}
	return nil
}

func isPunct(t *lexer.Token, v string) bool { return t.Type == tokPunct && t.Value == v }

// tokSpan2 is tokSpan of the tokens from first to last.
func tokSpan2(first, last *lexer.Token) Span {
	return tokSpan([]lexer.Token{*first, *last})
}

// A fast path for operands that are a lone number. Reaching one through
// the precedence chain costs participle a struct, a branch and a failed
// optional group per layer; so two layers first try to take the number
// alone, where the token after it shows that no layer below could
// continue it: gExpr, before an end (",", ")", "then" and so on), and
// gAdd, before anything but arithmetic. Where they decline, the chain
// parses the operand as before. Names are left to the chain: on its way
// it tries a call, whose failure (expected "(") participle keeps and may
// report for a mistake that follows the name.

// gTerm is tried first in gExpr.
type gTerm struct{ e Expr }

// Parse implements participle.Parseable.
func (l *gTerm) Parse(lex *lexer.PeekingLexer) error {
	return parseLeaf(lex, &l.e, false)
}

// gOperand is tried first in gAdd.
type gOperand struct{ e Expr }

// Parse implements participle.Parseable.
func (l *gOperand) Parse(lex *lexer.PeekingLexer) error {
	return parseLeaf(lex, &l.e, true)
}

// parseLeaf takes a number, where what follows it ends it: an
// operator of any layer continues it, or only arithmetic if arith is set.
func parseLeaf(lex *lexer.PeekingLexer, e *Expr, arith bool) error {
	if !leafFastPath {
		return participle.NextMatch
	}
	t := lex.Peek()
	if t.Type != tokInt {
		return participle.NextMatch
	}
	start := lex.MakeCheckpoint()
	lex.Next()
	if continues(lex.Peek(), arith) {
		lex.LoadCheckpoint(start)
		return participle.NextMatch
	}
	*e = &IntLit{Span: tokSpan2(t, t), Text: t.Value}
	return nil
}

// leafFastPath can be turned off by tests, to compare with the chain.
var leafFastPath = true

// continues reports whether next may continue an operand that is a
// number alone: a suffix, or an operator of the grammar's layers (only the
// arithmetic ones, if arith is set).
func continues(next *lexer.Token, arith bool) bool {
	switch next.Type {
	case tokPunct:
		switch next.Value {
		case "[", "+", "-", "*", "/", "%", "^":
			return true
		case "..", "=", "==", "!=", "<=", ">=", "<", ">", "->", "<->", "++":
			return !arith
		}
	case tokKeyword:
		switch next.Value {
		case "union", "diff", "in", "not", "and", "or", "xor":
			return !arith
		}
	}
	return false
}
