package fzn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Expr is a FlatZinc expression: a literal, a name (with an index, or,
// in an annotation, arguments), a set or an array. Exactly one of the
// groups is set.
type Expr struct {
	Pos   lexer.Position
	Bool  string // "true" or "false"
	Num   string // an Int or Float token
	Upper string // the upper bound of a range Num..Upper
	Set   *SetLit
	Array *ArrayLit
	Str   string // a String token, quotes included
	Name  *Name
	Index string // name[Index]
	Call  *Args  // name(Call), in an annotation
}

// Args are the arguments of a constraint or of an annotation, such as
// int_search(x, input_order, indomain_min) in seq_search([...]).
type Args struct {
	List []*Expr
}

// Parse reads "(" [Expr {"," Expr}] ")". Args are never optional where
// they are parsed: a missing "(" is an error, not NextMatch.
func (as *Args) Parse(lex *lexer.PeekingLexer) error {
	if err := expectPunct(lex, "("); err != nil {
		return err
	}
	var err error
	as.List, err = parseExprs(lex, ")")
	return err
}

// SetLit is {v1, v2, ...}.
type SetLit struct {
	Pos    lexer.Position
	Values []string
}

// ArrayLit is [e1, e2, ...].
type ArrayLit struct {
	Pos   lexer.Position
	Elems []*Expr
}

// Parse reads an Expr, or returns NextMatch without moving when the next
// token cannot start one.
func (e *Expr) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	e.Pos = t.Pos
	switch {
	case t.Type == tokKeyword && (t.Value == "true" || t.Value == "false"):
		e.Bool = lex.Next().Value
	case isNumber(t):
		e.Num = lex.Next().Value
		if isPunct(lex.Peek(), "..") {
			lex.Next()
			hi, err := expectNumber(lex)
			e.Upper = hi
			return err
		}
	case t.Type == tokString:
		e.Str = lex.Next().Value
	case t.Type == tokIdent:
		return e.parseName(lex)
	case isPunct(t, "{"):
		e.Set = &SetLit{}
		return e.Set.Parse(lex)
	case isPunct(t, "["):
		lex.Next()
		e.Array = &ArrayLit{Pos: t.Pos}
		var err error
		e.Array.Elems, err = parseExprs(lex, "]")
		return err
	default:
		return participle.NextMatch
	}
	return nil
}

// parseName reads Name ["[" Int "]" | CallArgs].
func (e *Expr) parseName(lex *lexer.PeekingLexer) error {
	e.Name = &Name{}
	e.Name.take(lex.Next())
	switch next := lex.Peek(); {
	case isPunct(next, "["):
		lex.Next()
		idx := lex.Peek()
		if idx.Type != tokInt {
			return unexpected(idx, "<int>")
		}
		e.Index = lex.Next().Value
		return expectPunct(lex, "]")
	case isPunct(next, "("):
		e.Call = &Args{}
		return e.Call.Parse(lex)
	}
	return nil
}

// parseExprs reads [Expr {"," Expr}] close, the opening bracket read.
func parseExprs(lex *lexer.PeekingLexer, close string) ([]*Expr, error) {
	var es []*Expr
	if isPunct(lex.Peek(), close) {
		lex.Next()
		return es, nil
	}
	for {
		e := &Expr{}
		if err := e.Parse(lex); err == participle.NextMatch {
			return es, unexpected(lex.Peek(), "Expr")
		} else if err != nil {
			return es, err
		}
		es = append(es, e)
		if !isPunct(lex.Peek(), ",") {
			return es, expectPunct(lex, close)
		}
		lex.Next()
	}
}

// Parse reads a SetLit, or returns NextMatch without moving.
func (s *SetLit) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if !isPunct(t, "{") {
		return participle.NextMatch
	}
	lex.Next()
	s.Pos = t.Pos
	if isPunct(lex.Peek(), "}") {
		lex.Next()
		return nil
	}
	for {
		v, err := expectNumber(lex)
		if err != nil {
			return err
		}
		s.Values = append(s.Values, v)
		if !isPunct(lex.Peek(), ",") {
			return expectPunct(lex, "}")
		}
		lex.Next()
	}
}
