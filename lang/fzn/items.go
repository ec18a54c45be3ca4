package fzn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Decl declares a parameter (with its value) or a variable (with an
// optional value: a constant, or another variable it is the same as).
type Decl struct {
	Type  *Type
	Name  *Name
	Anns  Anns
	Value *Expr
}

// Parse reads Type ":" Name [Anns] ["=" Expr], or returns NextMatch
// without moving.
func (d *Decl) Parse(lex *lexer.PeekingLexer) error {
	d.Type = &Type{}
	if err := d.Type.Parse(lex); err != nil {
		return err
	}
	if err := expectPunct(lex, ":"); err != nil {
		return err
	}
	d.Name = &Name{}
	if err := d.Name.Parse(lex); err == participle.NextMatch {
		return unexpected(lex.Peek(), "Name")
	} else if err != nil {
		return err
	}
	if err := d.Anns.Parse(lex); err != nil && err != participle.NextMatch {
		return err
	}
	if !isPunct(lex.Peek(), "=") {
		return nil
	}
	lex.Next()
	d.Value = &Expr{}
	if err := d.Value.Parse(lex); err != participle.NextMatch {
		return err
	}
	return unexpected(lex.Peek(), "Expr")
}

// Constraint is a constraint item: a predicate applied to arguments.
type Constraint struct {
	Name *Name
	Args Args
	Anns Anns
}

// Parse reads "constraint" Name Args [Anns], or returns NextMatch without
// moving.
func (c *Constraint) Parse(lex *lexer.PeekingLexer) error {
	if !isKeyword(lex.Peek(), "constraint") {
		return participle.NextMatch
	}
	lex.Next()
	c.Name = &Name{}
	if err := c.Name.Parse(lex); err == participle.NextMatch {
		return unexpected(lex.Peek(), "Name")
	} else if err != nil {
		return err
	}
	if err := c.Args.Parse(lex); err != nil {
		return err
	}
	if err := c.Anns.Parse(lex); err != participle.NextMatch {
		return err
	}
	return nil
}
