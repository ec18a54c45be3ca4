package fzn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Name is an identifier with its position.
type Name struct {
	Pos  lexer.Position
	Text string
}

// Parse reads a Name, or returns NextMatch without moving.
func (n *Name) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Type != tokIdent {
		return participle.NextMatch
	}
	n.take(lex.Next())
	return nil
}

func (n *Name) take(t *lexer.Token) { n.Pos, n.Text = t.Pos, t.Value }

// Anns are the annotations of an item, each after "::".
type Anns struct {
	List []*Annotation
}

// Parse reads {"::" Annotation}, or returns NextMatch without moving when
// there is none.
func (as *Anns) Parse(lex *lexer.PeekingLexer) error {
	if !isPunct(lex.Peek(), "::") {
		return participle.NextMatch
	}
	for isPunct(lex.Peek(), "::") {
		lex.Next()
		a := &Annotation{}
		if err := a.Parse(lex); err == participle.NextMatch {
			return unexpected(lex.Peek(), "Annotation")
		} else if err != nil {
			return err
		}
		as.List = append(as.List, a)
	}
	return nil
}

// Annotation is name or name(args).
type Annotation struct {
	Name *Name
	Args *Args // nil without parentheses
}

// args are the annotation's arguments, nil without parentheses.
func (a *Annotation) args() []*Expr {
	if a.Args == nil {
		return nil
	}
	return a.Args.List
}

// Parse reads an Annotation, or returns NextMatch without moving.
func (a *Annotation) Parse(lex *lexer.PeekingLexer) error {
	a.Name = &Name{}
	if err := a.Name.Parse(lex); err != nil {
		return err
	}
	if !isPunct(lex.Peek(), "(") {
		return nil
	}
	a.Args = &Args{}
	return a.Args.Parse(lex)
}
