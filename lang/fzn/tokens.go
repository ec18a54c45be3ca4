package fzn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Token tests shared by the productions that parse themselves.

func isPunct(t *lexer.Token, v string) bool { return t.Type == tokPunct && t.Value == v }

func isNumber(t *lexer.Token) bool { return t.Type == tokInt || t.Type == tokFloat }

func expectPunct(lex *lexer.PeekingLexer, v string) error {
	if t := lex.Peek(); !isPunct(t, v) {
		return unexpected(t, `"`+v+`"`)
	}
	lex.Next()
	return nil
}

func expectNumber(lex *lexer.PeekingLexer) (string, error) {
	t := lex.Peek()
	if !isNumber(t) {
		return "", unexpected(t, "<int>")
	}
	return lex.Next().Value, nil
}

// unexpected is participle's own error for a token the grammar does not
// allow there, so that convertParseError says it as it says the others.
func unexpected(t *lexer.Token, expect string) error {
	return &participle.UnexpectedTokenError{Unexpected: *t, Expect: expect}
}

func isKeyword(t *lexer.Token, v string) bool { return t.Type == tokKeyword && t.Value == v }
