package fzn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Type is a declaration's type: an optional array of, var, and the base.
type Type struct {
	Pos   lexer.Position
	Index []*IndexSet
	Var   bool
	Base  *BaseType
}

// IndexSet is an array's index set: 1..n, or int in a predicate
// declaration.
type IndexSet struct {
	Pos lexer.Position
	Int bool
	Lo  string
	Hi  string
}

// BaseType is bool, int, float, a range, a set of values, or set of one
// of these.
type BaseType struct {
	Pos    lexer.Position
	Bool   bool
	Int    bool
	Float  bool
	String bool
	Set    *BaseType
	Lo     string
	Hi     string
	Values *SetLit
}

// Parse reads a Type, or returns NextMatch without moving.
func (t *Type) Parse(lex *lexer.PeekingLexer) error {
	first := lex.Peek()
	t.Pos = first.Pos
	if isKeyword(first, "array") {
		lex.Next()
		if err := t.parseIndex(lex); err != nil {
			return err
		}
	}
	if isKeyword(lex.Peek(), "var") {
		lex.Next()
		t.Var = true
	}
	t.Base = &BaseType{}
	err := t.Base.Parse(lex)
	if err == participle.NextMatch && lex.Peek() != first {
		return unexpected(lex.Peek(), "BaseType")
	}
	return err
}

// parseIndex reads "[" IndexSet {"," IndexSet} "]" "of".
func (t *Type) parseIndex(lex *lexer.PeekingLexer) error {
	if err := expectPunct(lex, "["); err != nil {
		return err
	}
	for {
		s := &IndexSet{Pos: lex.Peek().Pos}
		if err := s.parse(lex); err != nil {
			return err
		}
		t.Index = append(t.Index, s)
		if !isPunct(lex.Peek(), ",") {
			break
		}
		lex.Next()
	}
	if err := expectPunct(lex, "]"); err != nil {
		return err
	}
	if !isKeyword(lex.Peek(), "of") {
		return unexpected(lex.Peek(), `"of"`)
	}
	lex.Next()
	return nil
}

func (s *IndexSet) parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	switch {
	case isKeyword(t, "int"):
		lex.Next()
		s.Int = true
		return nil
	case t.Type != tokInt:
		return unexpected(t, "IndexSet")
	}
	s.Lo = lex.Next().Value
	if err := expectPunct(lex, ".."); err != nil {
		return err
	}
	if t := lex.Peek(); t.Type != tokInt {
		return unexpected(t, "<int>")
	}
	s.Hi = lex.Next().Value
	return nil
}

// Parse reads a BaseType, or returns NextMatch without moving.
func (b *BaseType) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	b.Pos = t.Pos
	switch {
	case t.Type == tokKeyword:
		return b.parseNamed(lex, t.Value)
	case isNumber(t):
		b.Lo = lex.Next().Value
		if err := expectPunct(lex, ".."); err != nil {
			return err
		}
		var err error
		b.Hi, err = expectNumber(lex)
		return err
	case isPunct(t, "{"):
		b.Values = &SetLit{}
		return b.Values.Parse(lex)
	}
	return participle.NextMatch
}

// parseNamed reads a base type that starts with a keyword.
func (b *BaseType) parseNamed(lex *lexer.PeekingLexer, word string) error {
	switch word {
	case "bool":
		b.Bool = true
	case "int":
		b.Int = true
	case "float":
		b.Float = true
	case "string":
		b.String = true
	case "set":
		lex.Next()
		if !isKeyword(lex.Peek(), "of") {
			return unexpected(lex.Peek(), `"of"`)
		}
		lex.Next()
		b.Set = &BaseType{}
		if err := b.Set.Parse(lex); err != participle.NextMatch {
			return err
		}
		return unexpected(lex.Peek(), "BaseType")
	default:
		return participle.NextMatch
	}
	lex.Next()
	return nil
}
